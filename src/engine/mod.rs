//! The Prolog machine: cells and heap, atoms, clause store, compiler and run loop.

pub mod arith_fast;
pub mod atom;
pub mod call;
pub mod cell;
pub mod choice;
pub mod cleanup;
pub mod compile;
pub mod db;
pub mod error;
pub mod ext;
pub mod gc;
pub mod heap;
pub mod instr;
pub mod machine;
pub mod module;
pub mod pred;
pub mod solve;
pub mod store;
pub mod throw;
pub mod unify;
pub mod walk;

pub use error::{PErr, Res};
pub use machine::Machine;
