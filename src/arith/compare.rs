//! Arithmetic comparison (`< =< > >= =:= =\=`) and `min/2`, `max/2`.
//!
//! Integers and floats are compared by their exact mathematical values, so
//! `9007199254740993 > 9007199254740992.0` and `2**2000 < inf` hold. A NaN is
//! unordered: every comparison with it fails except `=\=`.
//!
//! Tested by: the unit tests below; tests/arith_tests.rs, tests/arith_props.rs (exact int/float
//! comparison).

use std::cmp::Ordering;

use num_bigint::BigInt;
use num_traits::FromPrimitive;

use crate::term::atom::{atoms, Atom};
use crate::term::number::Number;

/// 2^63 as a float.
const TWO_POW_63: f64 = 9_223_372_036_854_775_808.0;
/// Integers up to 2^53 in magnitude convert to floats exactly.
const EXACT_IN_F64: u64 = 1 << 53;

/// An arithmetic comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

impl CmpOp {
    /// The operator named by a comparison predicate (`<`, `=<`, `>`, `>=`, `=:=`, `=\=`).
    pub fn from_atom(name: Atom) -> Option<CmpOp> {
        Some(match name {
            atoms::LT => CmpOp::Lt,
            atoms::LEQ => CmpOp::Le,
            atoms::GT => CmpOp::Gt,
            atoms::GEQ => CmpOp::Ge,
            atoms::EVAL_EQ => CmpOp::Eq,
            atoms::EVAL_NE => CmpOp::Ne,
            _ => return None,
        })
    }

    /// Does `a op b` hold? Comparisons involving NaN are false, except `=\=`.
    #[inline]
    pub fn test(self, a: &Number, b: &Number) -> bool {
        let ord = num_partial_cmp(a, b);
        match self {
            CmpOp::Lt => ord == Some(Ordering::Less),
            CmpOp::Le => matches!(ord, Some(Ordering::Less | Ordering::Equal)),
            CmpOp::Gt => ord == Some(Ordering::Greater),
            CmpOp::Ge => matches!(ord, Some(Ordering::Greater | Ordering::Equal)),
            CmpOp::Eq => ord == Some(Ordering::Equal),
            CmpOp::Ne => ord != Some(Ordering::Equal),
        }
    }
}

/// Exact comparison; `None` when either side is NaN.
#[inline]
pub fn num_partial_cmp(a: &Number, b: &Number) -> Option<Ordering> {
    match (a, b) {
        (Number::Int(x), Number::Int(y)) => Some(x.cmp(y)),
        (Number::Float(x), Number::Float(y)) => x.partial_cmp(y),
        (Number::Int(x), Number::Float(y)) => cmp_int_float(*x, *y),
        (Number::Float(x), Number::Int(y)) => cmp_int_float(*y, *x).map(Ordering::reverse),
        (Number::Big(x), Number::Float(y)) => cmp_big_float(x, *y),
        (Number::Float(x), Number::Big(y)) => cmp_big_float(y, *x).map(Ordering::reverse),
        (Number::Big(x), Number::Big(y)) => Some(x.cmp(y)),
        (Number::Big(x), Number::Int(y)) => Some(x.cmp(&BigInt::from(*y))),
        (Number::Int(x), Number::Big(y)) => Some(BigInt::from(*x).cmp(y)),
        (Number::Rat(x), _) => super::rat_ops::cmp(x, b),
        (_, Number::Rat(y)) => super::rat_ops::cmp(y, a).map(Ordering::reverse),
    }
}

/// Arithmetic comparison as a total order: exact for finite values; NaN sorts below
/// every number and equal to itself (SWI-Prolog's standard order for NaN). Use
/// [`CmpOp::test`] for the comparison predicates, where NaN is unordered.
pub fn num_cmp(a: &Number, b: &Number) -> Ordering {
    num_partial_cmp(a, b).unwrap_or_else(|| match (is_nan(a), is_nan(b)) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Less,
        _ => Ordering::Greater,
    })
}

/// `=:=`: numerically equal (`1 =:= 1.0`); NaN equals nothing.
#[inline]
pub fn num_eq(a: &Number, b: &Number) -> bool {
    num_partial_cmp(a, b) == Some(Ordering::Equal)
}

fn is_nan(n: &Number) -> bool {
    matches!(n, Number::Float(f) if f.is_nan())
}

fn cmp_int_float(i: i64, f: f64) -> Option<Ordering> {
    if i.unsigned_abs() <= EXACT_IN_F64 {
        return (i as f64).partial_cmp(&f);
    }
    if f.is_nan() {
        return None;
    }
    if f >= TWO_POW_63 {
        return Some(Ordering::Less);
    }
    if f < -TWO_POW_63 {
        return Some(Ordering::Greater);
    }
    let t = f.trunc();
    // |t| <= 2^63 and t is integral, so the cast is exact.
    Some(
        i.cmp(&(t as i64))
            .then_with(|| t.partial_cmp(&f).unwrap_or(Ordering::Equal)),
    )
}

fn cmp_big_float(b: &BigInt, f: f64) -> Option<Ordering> {
    if f.is_nan() {
        return None;
    }
    if f.is_infinite() {
        return Some(if f > 0.0 {
            Ordering::Less
        } else {
            Ordering::Greater
        });
    }
    let t = f.trunc();
    let ti = BigInt::from_f64(t)?;
    Some(
        b.cmp(&ti)
            .then_with(|| t.partial_cmp(&f).unwrap_or(Ordering::Equal)),
    )
}

fn is_neg_zero(n: &Number) -> bool {
    matches!(n, Number::Float(f) if *f == 0.0 && f.is_sign_negative())
}

/// Of two numerically equal numbers, the value as a float if either is a float.
fn same_type(a: &Number, b: &Number) -> Number {
    match (a, b) {
        (Number::Float(_), _) => a.clone(),
        (_, Number::Float(f)) => Number::Float(*f),
        _ => a.clone(),
    }
}

/// `max/2` as in SWI-Prolog: NaN loses to a number, -0.0 < 0.0, and of two equal
/// numbers of mixed type the float is returned (`max(1, 1.0)` is 1.0).
pub fn max(a: &Number, b: &Number) -> Number {
    match num_partial_cmp(a, b) {
        None if is_nan(a) => b.clone(),
        None => a.clone(),
        Some(Ordering::Equal) if is_neg_zero(a) => b.clone(),
        Some(Ordering::Equal) if is_neg_zero(b) => a.clone(),
        Some(Ordering::Equal) => same_type(a, b),
        Some(Ordering::Greater) => a.clone(),
        Some(Ordering::Less) => b.clone(),
    }
}

/// `min/2`, the mirror of [`max`].
pub fn min(a: &Number, b: &Number) -> Number {
    match num_partial_cmp(a, b) {
        None if is_nan(a) => b.clone(),
        None => a.clone(),
        Some(Ordering::Equal) if is_neg_zero(a) => a.clone(),
        Some(Ordering::Equal) if is_neg_zero(b) => b.clone(),
        Some(Ordering::Equal) => same_type(a, b),
        Some(Ordering::Less) => a.clone(),
        Some(Ordering::Greater) => b.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int_float_comparison_is_exact() {
        let i = Number::Int(9_007_199_254_740_993);
        let f = Number::Float(9_007_199_254_740_992.0);
        assert_eq!(num_cmp(&i, &f), Ordering::Greater);
        assert!(!num_eq(&i, &f));
        assert_eq!(
            num_cmp(&Number::Int(i64::MAX), &Number::Float(TWO_POW_63)),
            Ordering::Less
        );
        assert_eq!(
            num_cmp(&Number::Int(i64::MIN), &Number::Float(-TWO_POW_63)),
            Ordering::Equal
        );
    }

    #[test]
    fn nan_is_unordered_for_predicates() {
        let nan = Number::Float(f64::NAN);
        let one = Number::Int(1);
        for op in [CmpOp::Lt, CmpOp::Le, CmpOp::Gt, CmpOp::Ge, CmpOp::Eq] {
            assert!(!op.test(&nan, &one));
            assert!(!op.test(&nan, &nan));
        }
        assert!(CmpOp::Ne.test(&nan, &nan));
        assert_eq!(
            num_cmp(&nan, &Number::Float(f64::NEG_INFINITY)),
            Ordering::Less
        );
        assert_eq!(num_cmp(&nan, &nan), Ordering::Equal);
    }
}
