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

/// Hash maps and sets keyed by cells, addresses and words: foldhash, fixed seed. Keys come
/// from the program, never from an adversary across a trust boundary, so SipHash's
/// flooding resistance buys nothing and costs a fifth of clause compilation.
pub type FastMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::FixedState>;
pub type FastSet<T> = std::collections::HashSet<T, foldhash::fast::FixedState>;
