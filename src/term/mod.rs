//! The term data model, the bottom floor: atoms, cells, the heap, stored (off-heap) terms,
//! numbers, the operator table and the cycle-safe walker. Syntax, arithmetic and the engine
//! build on it; it imports nothing from the floors above.
//!
//! Tested by: the unit tests of its modules.

pub mod atom;
pub mod cell;
pub mod heap;
pub mod number;
pub mod ops;
pub mod store;
pub mod walk;
