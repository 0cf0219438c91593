//! Prolog numbers as Rust values: the currency of arithmetic.
//!
//! Integers are unbounded (SWI-Prolog promotes to big integers, and so do we):
//! `Int` holds every value that fits an `i64`, `Big` only values that do not,
//! so each integer has exactly one representation. `Rat` is a rational that is not
//! an integer (SWI-Prolog 9's `1r3`): always in lowest terms with a denominator
//! above 1, boxed so that a `Number` stays as small as before.
//!
//! Tested by: the unit tests below; tests/arith_tests.rs, tests/arith_props.rs.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive};

#[derive(Clone, Debug, PartialEq)]
pub enum Number {
    Int(i64),
    Big(BigInt),
    Float(f64),
    /// A non-integer rational in lowest terms (denominator > 1).
    Rat(Box<BigRational>),
}

impl Number {
    /// Builds an integer from a big integer, demoting it to `Int` when it fits.
    pub fn from_big(b: BigInt) -> Number {
        match b.to_i64() {
            Some(i) => Number::Int(i),
            None => Number::Big(b),
        }
    }

    /// A rational (made normal by `BigRational::new`), an integer when its
    /// denominator is 1.
    pub fn from_rat(r: BigRational) -> Number {
        if r.denom().is_one() {
            Number::from_big(r.to_integer())
        } else {
            Number::Rat(Box::new(r))
        }
    }

    pub fn is_integer(&self) -> bool {
        matches!(self, Number::Int(_) | Number::Big(_))
    }

    /// Integers and rationals: the exact numbers.
    pub fn is_rational(&self) -> bool {
        !matches!(self, Number::Float(_))
    }

    /// The value as an exact rational, None for a float.
    pub fn to_rational(&self) -> Option<BigRational> {
        match self {
            Number::Int(i) => Some(BigRational::from_integer(BigInt::from(*i))),
            Number::Big(b) => Some(BigRational::from_integer(b.clone())),
            Number::Rat(r) => Some((**r).clone()),
            Number::Float(_) => None,
        }
    }

    /// The value as a float (may lose precision or be infinite for huge integers).
    pub fn to_f64(&self) -> f64 {
        match self {
            Number::Int(i) => *i as f64,
            Number::Big(b) => b.to_f64().unwrap_or(f64::NAN),
            Number::Float(f) => *f,
            Number::Rat(r) => r.to_f64().unwrap_or(f64::NAN),
        }
    }

    pub fn to_bigint(&self) -> Option<BigInt> {
        match self {
            Number::Int(i) => Some(BigInt::from(*i)),
            Number::Big(b) => Some(b.clone()),
            Number::Float(_) | Number::Rat(_) => None,
        }
    }
}

/// A rational as SWI-Prolog writes it: `1r3`, `-1r3` (denominator always positive).
pub fn rational_text(r: &BigRational) -> String {
    format!("{}r{}", r.numer(), r.denom())
}

/// Negation, exact for every number: only `-i64::MIN` needs a big integer; NaN stays NaN.
/// The one negation: `-/1` and negative numeric literals use it.
impl std::ops::Neg for Number {
    type Output = Number;
    fn neg(self) -> Number {
        match self {
            Number::Int(i) => match i.checked_neg() {
                Some(v) => Number::Int(v),
                None => Number::Big(-BigInt::from(i)),
            },
            Number::Big(b) => Number::from_big(-b),
            Number::Float(f) => Number::Float(-f),
            Number::Rat(r) => Number::Rat(Box::new(-*r)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negation_is_exact_at_the_edges() {
        assert_eq!(
            -Number::Int(i64::MIN),
            Number::Big(BigInt::from(i64::MAX) + 1)
        );
        assert_eq!(
            -Number::Big(BigInt::from(i64::MAX) + 1),
            Number::Int(i64::MIN)
        );
        assert_eq!(-Number::Int(5), Number::Int(-5));
        assert!(matches!(-Number::Float(f64::NAN), Number::Float(f) if f.is_nan()));
    }

    #[test]
    fn big_values_demote_when_they_fit() {
        assert_eq!(Number::from_big(BigInt::from(7)), Number::Int(7));
        let huge = BigInt::from(i64::MAX) + 1;
        assert!(matches!(Number::from_big(huge), Number::Big(_)));
    }
}
