//! Arithmetic: numbers and the evaluable functions of `is/2`.
//!
//! The engine evaluates an expression bottom-up and calls [`eval_fn`] (or, with a
//! functor resolved at compile time, [`eval_op`]) on each node's evaluated arguments;
//! comparison predicates use [`CmpOp::test`]. Everything here is pure Rust over
//! [`Number`], matching SWI-Prolog 9's results and errors.
//!
//! Tested by: the unit tests of its modules; tests/arith_tests.rs, tests/arith_extra.rs,
//! tests/arith_props.rs, tests/prolog/arith.pl.

mod cmath;
pub mod compare;
pub mod error;
pub mod eval;
pub mod float_ops;
pub mod int_ops;
pub mod pow;
pub mod random;
pub mod rat_ops;

pub use crate::term::number::Number;
pub use compare::{num_cmp, num_eq, num_partial_cmp, CmpOp};
pub use error::{ArithError, ArithResult};
pub use eval::{
    eval_fn, eval_fn_in, eval_op, eval_op_in, evaluables, is_evaluable, lookup, Mode, Op,
};
pub use int_ops::{max_integer_bits, set_max_integer_bits};
pub use random::{seed_random, with_rng, Rng};

/// Compares two numbers by value (exactly across integers and floats).
pub fn compare_values(a: &Number, b: &Number) -> std::cmp::Ordering {
    num_cmp(a, b)
}
