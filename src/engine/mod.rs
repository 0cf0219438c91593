//! The Prolog machine: the clause compiler, the run loop and its control stacks, predicates
//! and modules, unification, the collector. Terms themselves are `crate::term`.
//!
//! Tested by: the unit tests of its modules; tests/engine_tests.rs.

pub mod arith_fast;
pub mod attvar;
pub mod backtrace;
pub mod call;
pub mod choice;
pub mod cleanup;
pub mod code;
pub mod compile;
#[cfg(test)]
mod compile_tests;
pub mod control;
pub mod db;
pub mod error;
pub mod ext;
pub mod frame_goal;
pub mod gate;
pub mod gc;
pub mod instr;
pub mod machine;
pub mod module;
pub mod pred;
pub mod solve;
#[cfg(test)]
pub mod test_terms;
pub mod throw;
pub mod timer;
pub mod trace;
pub mod unify;

pub use error::{PErr, Res};
pub use machine::Machine;
