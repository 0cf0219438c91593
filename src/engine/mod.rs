//! The Prolog machine: cells and heap, atoms, clause store, compiler and run loop.

pub mod arith_fast;
pub mod attvar;
pub mod call;
pub mod choice;
pub mod cleanup;
pub mod code;
pub mod compile;
pub mod db;
pub mod error;
pub mod ext;
pub mod gc;
pub mod instr;
pub mod machine;
pub mod module;
pub mod pred;
pub mod solve;
pub mod throw;
pub mod unify;

pub use error::{PErr, Res};
pub use machine::Machine;
