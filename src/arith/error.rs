//! Arithmetic errors: the ISO error kinds `is/2` can raise, as plain Rust values.
//!
//! The engine turns an [`ArithError`] into `error(Formal, Context)` when it throws.
//! Constructors are `#[cold]` so the happy paths of the evaluator stay small.
//!
//! Tested by: tests/arith_tests.rs and tests/prolog/arith.pl (the error each evaluable raises).

use std::sync::OnceLock;

use crate::term::atom::{atoms, Atom};
use crate::term::number::Number;

/// Why evaluating an arithmetic function failed.
#[derive(Clone, Debug, PartialEq)]
pub enum ArithError {
    /// `type_error(evaluable, Name/Arity)`: unknown function.
    NotEvaluable(Atom, usize),
    /// `type_error(Type, Culprit)` where Culprit is a number, e.g.
    /// `type_error(integer, 1.0)` for `1.0 mod 2`.
    Type(Atom, Number),
    /// `domain_error(Domain, Culprit)`, e.g. `domain_error(not_less_than_one, 0)`
    /// for `msb(0)` or `random(0)`.
    Domain(Atom, Number),
    /// `evaluation_error(E)`: zero_divisor, undefined, float_overflow, int_overflow, underflow.
    Eval(Atom),
    /// `resource_error(memory)` for absurd big-int results (e.g. `2**(2**40)`).
    Resource,
}

/// Result of evaluating one arithmetic function.
pub type ArithResult = Result<Number, ArithError>;

/// The atom `not_less_than_one` (not among the predefined atoms).
pub fn not_less_than_one() -> Atom {
    static A: OnceLock<Atom> = OnceLock::new();
    *A.get_or_init(|| Atom::new("not_less_than_one"))
}

/// The atom `rational` (type of `numerator/1` and `denominator/1` arguments).
pub fn rational() -> Atom {
    static A: OnceLock<Atom> = OnceLock::new();
    *A.get_or_init(|| Atom::new("rational"))
}

#[cold]
pub(crate) fn zero_divisor() -> ArithError {
    ArithError::Eval(atoms::ZERO_DIVISOR)
}

#[cold]
pub(crate) fn undefined() -> ArithError {
    ArithError::Eval(atoms::UNDEFINED)
}

#[cold]
pub(crate) fn float_overflow() -> ArithError {
    ArithError::Eval(atoms::FLOAT_OVERFLOW)
}

#[cold]
pub(crate) fn resource() -> ArithError {
    ArithError::Resource
}

#[cold]
pub(crate) fn type_integer(culprit: &Number) -> ArithError {
    ArithError::Type(atoms::INTEGER, culprit.clone())
}

#[cold]
pub(crate) fn type_rational(culprit: &Number) -> ArithError {
    ArithError::Type(rational(), culprit.clone())
}

#[cold]
pub(crate) fn must_be_positive(culprit: &Number) -> ArithError {
    ArithError::Domain(not_less_than_one(), culprit.clone())
}

#[cold]
pub(crate) fn not_less_than_zero(culprit: &Number) -> ArithError {
    ArithError::Domain(atoms::NOT_LESS_THAN_ZERO, culprit.clone())
}
