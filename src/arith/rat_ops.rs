//! Rational evaluables: SWI-Prolog 9's exact rationals (`1r3`) in arithmetic.
//!
//! A `Number::Rat` is never integral (see term/number.rs), so every result goes back
//! through [`Number::from_rat`], which turns `3r3` into the integer 1. Integers and
//! rationals mix exactly; a float on either side makes the operation a float one
//! (the callers in int_ops.rs and float_ops.rs convert with `promote`/`coerce`).
//! Integer-only functions reject a rational with `type_error(integer, R)` through
//! `int_ops::require_int`.
//!
//! Tested by: the unit tests below; tests/prolog/sys_rational.pl, tests/arith_tests.rs.

use std::borrow::Cow;
use std::cmp::Ordering;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{FromPrimitive, One, Pow, Signed, ToPrimitive, Zero};

use super::error::{resource, type_rational, undefined, zero_divisor, ArithError, ArithResult};
use super::eval::Op;
use super::float_ops::{check, float_result, promote};
use super::int_ops::check_bits;
use crate::term::atom::Atom;
use crate::term::number::Number;

/// Is this a (non-integer) rational?
#[inline]
pub fn is_rat(n: &Number) -> bool {
    matches!(n, Number::Rat(_))
}

/// An exact number as a rational; callers rule floats out first (a float reads as 0).
fn rat(n: &Number) -> Cow<'_, BigRational> {
    match n {
        Number::Rat(r) => Cow::Borrowed(&**r),
        Number::Int(i) => Cow::Owned(BigRational::from_integer(BigInt::from(*i))),
        Number::Big(b) => Cow::Owned(BigRational::from_integer(b.clone())),
        Number::Float(_) => Cow::Owned(BigRational::zero()),
    }
}

/// Bits of a rational's numerator and denominator together (the size check).
fn bits(r: &BigRational) -> u64 {
    r.numer().bits() + r.denom().bits()
}

/// `+ - *` of two exact numbers, at least one a rational.
pub fn add(a: &Number, b: &Number) -> ArithResult {
    check_bits(2 * (bits(&rat(a)) + bits(&rat(b))))?;
    Ok(Number::from_rat(add_q(&rat(a), &rat(b))))
}

pub fn sub(a: &Number, b: &Number) -> ArithResult {
    check_bits(2 * (bits(&rat(a)) + bits(&rat(b))))?;
    Ok(Number::from_rat(add_q(&rat(a), &-&*rat(b))))
}

pub fn mul(a: &Number, b: &Number) -> ArithResult {
    check_bits(bits(&rat(a)) + bits(&rat(b)))?;
    Ok(Number::from_rat(mul_q(&rat(a), &rat(b))))
}

/// Exact division of two exact numbers (`/` with a rational or `prefer_rationals`,
/// and `rdiv`).
pub fn divide(a: &Number, b: &Number) -> ArithResult {
    let y = rat(b);
    if y.is_zero() {
        return Err(zero_divisor());
    }
    check_bits(bits(&rat(a)) + bits(&y))?;
    Ok(Number::from_rat(mul_q(&rat(a), &y.recip())))
}

/// The gcd of two integers, starting with one Euclid division: a big number
/// against a small one then costs one division, where num-integer's binary gcd
/// alone would walk every bit of the big one (`S + 1 rdiv N` in a loop).
fn gcd(a: &BigInt, b: &BigInt) -> BigInt {
    let (a, b) = (a.abs(), b.abs());
    let (big, small) = if a >= b { (a, b) } else { (b, a) };
    if small.is_zero() {
        return big;
    }
    let r = &big % &small;
    num_integer::Integer::gcd(&small, &r)
}

/// x + y in lowest terms with the gcds kept small (Knuth, TAOCP 4.5.1): what
/// `Ratio`'s own `+` does with an lcm and a full gcd of the result.
fn add_q(x: &BigRational, y: &BigRational) -> BigRational {
    let (u, u1) = (x.numer(), x.denom());
    let (v, v1) = (y.numer(), y.denom());
    let d1 = gcd(u1, v1);
    if d1.is_one() {
        return BigRational::new_raw(u * v1 + u1 * v, u1 * v1);
    }
    let t = u * (v1 / &d1) + v * (u1 / &d1);
    if t.is_zero() {
        return BigRational::zero();
    }
    let d2 = gcd(&t, &d1);
    BigRational::new_raw(&t / &d2, (u1 / &d1) * (v1 / &d2))
}

/// x * y in lowest terms, cancelling across before multiplying (Knuth 4.5.1).
fn mul_q(x: &BigRational, y: &BigRational) -> BigRational {
    if x.is_zero() || y.is_zero() {
        return BigRational::zero();
    }
    let (u, u1) = (x.numer(), x.denom());
    let (v, v1) = (y.numer(), y.denom());
    let d1 = gcd(u, v1);
    let d2 = gcd(u1, v);
    BigRational::new_raw((u / &d1) * (v / &d2), (u1 / &d2) * (v1 / &d1))
}

/// `rdiv/2`: both arguments must be rational (integers included).
pub fn rdiv(a: &Number, b: &Number) -> ArithResult {
    for n in [a, b] {
        if let Number::Float(f) = n {
            check(*f)?;
            return Err(type_rational(n));
        }
    }
    divide(a, b)
}

/// Comparison of a rational with any number; None against NaN. Against a float
/// SWI-Prolog 9 compares the rational converted to the nearest float (so
/// `1r3 =:= 0.3333333333333333`, and in the standard order 0.1 comes before 1r10
/// although 0.1 is slightly larger); against an integer or rational it is exact.
pub fn cmp(r: &BigRational, n: &Number) -> Option<Ordering> {
    match n {
        // to_f64 rounds correctly and saturates to an infinity.
        Number::Float(f) => r.to_f64().and_then(|x| x.partial_cmp(f)),
        other => Some(r.cmp(&rat(other))),
    }
}

/// The one-argument evaluables that keep a rational exact; None for the others
/// (float functions promote it, integer functions reject it).
pub fn eval1(op: Op, r: &BigRational) -> Option<ArithResult> {
    let int = |b: BigInt| Ok(Number::from_big(b));
    Some(match op {
        Op::Abs => Ok(Number::from_rat(r.abs())),
        Op::Sign => Ok(Number::Int(if r.is_negative() { -1 } else { 1 })),
        // Half-way cases round away from zero, as C's round() and SWI do.
        Op::Integer | Op::Round => int(r.round().to_integer()),
        Op::Truncate | Op::FloatIntPart => int(r.trunc().to_integer()),
        Op::Floor => int(r.floor().to_integer()),
        Op::Ceil | Op::Ceiling => int(r.ceil().to_integer()),
        Op::FloatFracPart => Ok(Number::from_rat(r.fract())),
        Op::Numerator => int(r.numer().clone()),
        Op::Denominator => int(r.denom().clone()),
        Op::Rational | Op::Rationalize => Ok(Number::Rat(Box::new(r.clone()))),
        _ => return None,
    })
}

/// `rational/1`: the exact value of a float; exact numbers pass through.
pub fn rational(n: &Number) -> ArithResult {
    match n {
        Number::Float(f) => {
            let f = finite_for_rational(*f)?;
            BigRational::from_float(f).map_or_else(|| Err(undefined()), |r| Ok(Number::from_rat(r)))
        }
        other => Ok(other.clone()),
    }
}

/// `rationalize/1`: a rational with a small denominator that converts back to the
/// same float: the first convergent of the float's continued fraction (computed in
/// floats, as SWI does, so `1.0e-20` gives 1r100000000000000000000) that does; the
/// exact value when the expansion runs out of float range.
pub fn rationalize(n: &Number) -> ArithResult {
    let f = match n {
        Number::Float(f) => finite_for_rational(*f)?,
        other => return Ok(other.clone()),
    };
    let (mut p0, mut q0) = (BigInt::zero(), BigInt::one());
    let (mut p1, mut q1) = (BigInt::one(), BigInt::zero());
    let mut x = f;
    // Each step at least doubles the denominator: 1100 steps pass any float's.
    for _ in 0..1100 {
        let a = x.floor();
        let Some(ai) = BigInt::from_f64(a) else { break };
        let p2 = &ai * &p1 + &p0;
        let q2 = &ai * &q1 + &q0;
        let cand = BigRational::new(p2.clone(), q2.clone());
        if cand.to_f64() == Some(f) {
            return Ok(Number::from_rat(cand));
        }
        let rest = x - a;
        if rest == 0.0 || !(1.0 / rest).is_finite() {
            break;
        }
        x = 1.0 / rest;
        (p0, q0, p1, q1) = (p1, q1, p2, q2);
    }
    rational(n)
}

/// SWI: NaN is `undefined`, an infinity cannot be a rational (`rational_overflow`).
fn finite_for_rational(f: f64) -> Result<f64, ArithError> {
    if f.is_nan() {
        Err(undefined())
    } else if f.is_infinite() {
        Err(ArithError::Eval(Atom::new("rational_overflow")))
    } else {
        Ok(f)
    }
}

/// `**` and `^` with a rational base or exponent (neither a float): an integer
/// exponent is exact; a rational exponent p/q is exact when the q-th roots are,
/// a float otherwise (`4r9 ** 1r2` is 2r3, `2 ** 1r2` is 1.414...).
pub fn pow(a: &Number, b: &Number) -> ArithResult {
    let base = rat(a);
    let exp = rat(b);
    if exp.is_zero() {
        return Ok(Number::Int(1));
    }
    if base.is_zero() {
        return if exp.is_negative() {
            Err(zero_divisor())
        } else {
            Ok(Number::Int(0))
        };
    }
    if base.is_one() {
        return Ok(Number::Int(1));
    }
    if let Some(root) = exact_root(&base, exp.denom()) {
        return int_power(&root, exp.numer());
    }
    float_result(promote(a)?.powf(promote(b)?))
}

/// The q-th root of a rational when it is exactly rational.
fn exact_root(r: &BigRational, q: &BigInt) -> Option<BigRational> {
    if q.is_one() {
        return Some(r.clone());
    }
    let q = q.to_u32()?;
    if r.is_negative() && q % 2 == 0 {
        return None;
    }
    let root = |n: &BigInt| {
        let x = n.nth_root(q);
        (Pow::pow(&x, q) == *n).then_some(x)
    };
    Some(BigRational::new(root(r.numer())?, root(r.denom())?))
}

/// A rational to an integer power (negative: the reciprocal's power).
pub fn int_power(r: &BigRational, e: &BigInt) -> ArithResult {
    let Some(n) = e.abs().to_u32() else {
        return Err(resource());
    };
    check_bits(bits(r).saturating_mul(u64::from(n)))?;
    let p = Pow::pow(r, n);
    Ok(Number::from_rat(if e.is_negative() {
        p.recip()
    } else {
        p
    }))
}

/// `**`/`^` of two integers with a negative exponent under `prefer_rationals`:
/// the exact rational (`2 ** -1` is 1r2); the caller has handled 0, 1 and -1.
pub fn int_pow_negative(a: &Number, b: &Number) -> ArithResult {
    int_power(&rat(a), &rat(b).to_integer())
}

#[cfg(test)]
fn q(n: i64, d: i64) -> Number {
    Number::from_rat(BigRational::new(BigInt::from(n), BigInt::from(d)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_is_exact_and_normal() {
        assert_eq!(add(&q(1, 3), &q(1, 6)), Ok(q(1, 2)));
        assert_eq!(mul(&q(1, 3), &Number::Int(3)), Ok(Number::Int(1)));
        assert_eq!(sub(&q(1, 3), &Number::Int(1)), Ok(q(-2, 3)));
        assert_eq!(divide(&q(1, 3), &q(1, 6)), Ok(Number::Int(2)));
        assert_eq!(divide(&q(1, 3), &Number::Int(0)), Err(zero_divisor()));
    }

    #[test]
    fn knuth_operations_agree_with_ratio() {
        let vals: Vec<BigRational> = [(0, 1), (1, 3), (-2, 3), (5, 6), (7, 1), (-9, 4), (12, 35)]
            .iter()
            .map(|&(n, d)| BigRational::new(BigInt::from(n), BigInt::from(d)))
            .chain([BigRational::new(
                BigInt::from(10).pow(30u32) + 1,
                BigInt::from(6).pow(20u32),
            )])
            .collect();
        for x in &vals {
            for y in &vals {
                // new() normalises; equal raw parts mean add_q/mul_q did too.
                let sum = x + y;
                assert_eq!(add_q(x, y), sum, "{x} + {y}");
                assert_eq!(add_q(x, y).denom(), sum.denom());
                let prod = x * y;
                assert_eq!(mul_q(x, y).numer(), prod.numer(), "{x} * {y}");
                assert_eq!(mul_q(x, y).denom(), prod.denom(), "{x} * {y}");
                assert_eq!(add_q(x, y).numer(), sum.numer());
            }
        }
    }

    #[test]
    fn rounding() {
        let r = BigRational::new(BigInt::from(-7), BigInt::from(2));
        let get = |op| eval1(op, &r).unwrap().unwrap();
        assert_eq!(get(Op::Round), Number::Int(-4));
        assert_eq!(get(Op::Truncate), Number::Int(-3));
        assert_eq!(get(Op::Floor), Number::Int(-4));
        assert_eq!(get(Op::Ceiling), Number::Int(-3));
        assert_eq!(get(Op::FloatFracPart), q(-1, 2));
    }

    #[test]
    fn rationalize_finds_the_simplest() {
        assert_eq!(rationalize(&Number::Float(0.1)), Ok(q(1, 10)));
        assert_eq!(rationalize(&Number::Float(1.0 / 3.0)), Ok(q(1, 3)));
        assert_eq!(rationalize(&Number::Float(-2.5)), Ok(q(-5, 2)));
        assert_eq!(rationalize(&Number::Float(0.0)), Ok(Number::Int(0)));
        let Ok(Number::Rat(tiny)) = rationalize(&Number::Float(1.0e-20)) else {
            panic!("1.0e-20 is not integral")
        };
        let text = crate::term::number::rational_text(&tiny);
        assert_eq!(text, "1r100000000000000000000");
        assert_eq!(
            rational(&Number::Float(0.1)),
            Ok(Number::from_rat(BigRational::new(
                BigInt::from(3602879701896397i64),
                BigInt::from(36028797018963968i64)
            )))
        );
    }

    #[test]
    fn powers() {
        assert_eq!(pow(&q(4, 9), &q(1, 2)), Ok(q(2, 3)));
        assert_eq!(pow(&Number::Int(-8), &q(1, 3)), Ok(Number::Int(-2)));
        assert_eq!(pow(&q(2, 3), &Number::Int(-2)), Ok(q(9, 4)));
        assert_eq!(pow(&Number::Int(8), &q(-2, 3)), Ok(q(1, 4)));
        assert_eq!(pow(&Number::Int(-4), &q(1, 2)), Err(undefined()));
    }
}
