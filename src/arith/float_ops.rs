//! Floating-point evaluables and the float checks SWI-Prolog applies around them.
//!
//! SWI-Prolog (flags `float_overflow`, `float_zero_div`, `float_undefined` = `error`)
//! checks floats twice: an argument that a function *promotes* to float must be finite
//! (infinity raises `float_overflow`, NaN raises `undefined`), and every float result
//! must be finite too. `+ - *` only promote their integer side; `- abs sign min max`
//! and the rounding functions pass infinities and NaN through untouched.
//!
//! Tested by: the unit tests below; tests/arith_tests.rs, tests/arith_extra.rs.

use num_bigint::BigInt;
use num_traits::{FromPrimitive, Signed, ToPrimitive};

use super::error::{float_overflow, undefined, zero_divisor, ArithError, ArithResult};
use super::int_ops;
use crate::term::number::Number;

/// 2^63 as a float: the first float above `i64::MAX`.
const TWO_POW_63: f64 = 9_223_372_036_854_775_808.0;

/// A float result must be finite (subnormals are fine: `float_underflow` = `ignore`).
#[inline]
pub fn float_result(f: f64) -> ArithResult {
    check(f).map(Number::Float)
}

/// The float-value check: infinity is `float_overflow`, NaN is `undefined`.
#[inline]
pub fn check(f: f64) -> Result<f64, ArithError> {
    if f.is_finite() {
        Ok(f)
    } else {
        Err(nonfinite(f))
    }
}

#[cold]
fn nonfinite(f: f64) -> ArithError {
    if f.is_nan() {
        undefined()
    } else {
        float_overflow()
    }
}

/// Converts a big integer to the nearest float; out of float range is `float_overflow`.
pub fn big_to_f64(b: &BigInt) -> Result<f64, ArithError> {
    match b.to_f64() {
        Some(f) if f.is_finite() => Ok(f),
        _ => Err(float_overflow()),
    }
}

/// SWI's `promoteToFloatNumber`: the argument as a checked, finite float.
#[inline]
pub fn promote(n: &Number) -> Result<f64, ArithError> {
    match n {
        Number::Int(i) => Ok(*i as f64),
        Number::Big(b) => big_to_f64(b),
        Number::Float(f) => check(*f),
        Number::Rat(r) => rat_to_f64(r),
    }
}

/// The nearest float to a rational (correctly rounded); beyond the float range
/// is `float_overflow`, a tiny value underflows to 0.0 (`float_underflow` = `ignore`).
pub fn rat_to_f64(r: &num_rational::BigRational) -> Result<f64, ArithError> {
    match r.to_f64() {
        Some(f) if f.is_finite() => Ok(f),
        _ => Err(float_overflow()),
    }
}

/// Float operand of a mixed `+ - *`: only the integer side is converted (and checked).
#[inline]
pub fn coerce(n: &Number) -> Result<f64, ArithError> {
    match n {
        Number::Int(i) => Ok(*i as f64),
        Number::Big(b) => big_to_f64(b),
        Number::Float(f) => Ok(*f),
        Number::Rat(r) => rat_to_f64(r),
    }
}

/// Applies a float function to a promoted argument and checks the result.
#[inline]
pub fn unary(n: &Number, f: fn(f64) -> f64) -> ArithResult {
    float_result(f(promote(n)?))
}

/// Applies a two-argument float function to promoted arguments and checks the result.
#[inline]
pub fn binary(a: &Number, b: &Number, f: fn(f64, f64) -> f64) -> ArithResult {
    let x = promote(a)?;
    let y = promote(b)?;
    float_result(f(x, y))
}

/// `float/1`.
pub fn to_float(n: &Number) -> ArithResult {
    promote(n).map(Number::Float)
}

/// `/ /2` with SWI's defaults (`iso` = false, `prefer_rationals` = false): an integer
/// when two integers divide exactly, a float otherwise; exact when a rational takes part.
pub fn divide(a: &Number, b: &Number) -> ArithResult {
    match (a, b) {
        (Number::Rat(_), Number::Int(_) | Number::Big(_) | Number::Rat(_))
        | (Number::Int(_) | Number::Big(_), Number::Rat(_)) => super::rat_ops::divide(a, b),
        (Number::Int(x), Number::Int(y)) => {
            if *y == 0 {
                return Err(zero_divisor());
            }
            // i64::MIN / -1 divides exactly but overflows i64 (SWI crashes on it).
            if *y == -1 {
                return Ok(-Number::Int(*x));
            }
            if x % y == 0 {
                return Ok(Number::Int(x / y));
            }
            float_result(*x as f64 / *y as f64)
        }
        (Number::Float(x), Number::Float(y)) if y.is_finite() && *y != 0.0 => {
            float_result(check(*x)? / y)
        }
        (_, Number::Float(y)) if y.is_infinite() => divide_by_infinity(a, *y),
        _ if a.is_integer() && b.is_integer() => divide_integers(a, b),
        _ => {
            let x = promote(a)?;
            let y = promote(b)?;
            if y == 0.0 && sign_f(x) != 0.0 {
                return Err(zero_divisor());
            }
            float_result(x / y)
        }
    }
}

/// `X / ±inf`: an integer X gives 0, a finite float a signed zero.
fn divide_by_infinity(a: &Number, y: f64) -> ArithResult {
    match a {
        Number::Float(x) if x.is_finite() => Ok(Number::Float(0.0 * sign_f(*x) * sign_f(y))),
        Number::Float(_) => Err(undefined()),
        _ => Ok(Number::Int(0)),
    }
}

fn divide_integers(a: &Number, b: &Number) -> ArithResult {
    let (x, y) = (int_ops::big(a), int_ops::big(b));
    if y.sign() == num_bigint::Sign::NoSign {
        return Err(zero_divisor());
    }
    let (q, r) = num_integer::Integer::div_rem(&*x, &*y);
    if r.sign() == num_bigint::Sign::NoSign {
        return Ok(Number::from_big(q));
    }
    float_result(big_to_f64(&x)? / big_to_f64(&y)?)
}

/// C's sign as SWI uses it: -1.0, 0.0 or 1.0, and 0.0 for NaN.
#[inline]
fn sign_f(f: f64) -> f64 {
    if f < 0.0 {
        -1.0
    } else if f > 0.0 {
        1.0
    } else {
        0.0
    }
}

/// `sign/1`: integers give -1, 0, 1; floats -1.0, 0.0 (also for -0.0), 1.0 or NaN.
pub fn sign(n: &Number) -> Number {
    match n {
        Number::Int(i) => Number::Int(i.signum()),
        Number::Big(b) => Number::Int(if b.sign() == num_bigint::Sign::Minus {
            -1
        } else {
            1
        }),
        Number::Rat(r) => Number::Int(if r.is_negative() { -1 } else { 1 }),
        Number::Float(f) if f.is_nan() => Number::Float(*f),
        Number::Float(f) => Number::Float(sign_f(*f)),
    }
}

/// An integral, finite float as an exact integer.
pub fn float_to_int(f: f64) -> Number {
    if (-TWO_POW_63..TWO_POW_63).contains(&f) {
        Number::Int(f as i64)
    } else {
        BigInt::from_f64(f).map_or(Number::Float(f), Number::from_big)
    }
}

/// Shared shape of `integer round truncate floor ceiling`: integers pass through,
/// infinities and NaN are returned unchanged (as SWI does), other floats are rounded.
#[inline]
pub fn round_with(n: &Number, round: fn(f64) -> f64) -> Number {
    match n {
        Number::Float(f) if f.is_finite() => float_to_int(round(*f)),
        other => other.clone(),
    }
}

/// `float_integer_part/1`: integers pass through; floats keep their integer part.
pub fn float_integer_part(n: &Number) -> ArithResult {
    match n {
        Number::Float(f) => float_result(f.trunc()),
        other => Ok(other.clone()),
    }
}

/// `float_fractional_part/1`: 0 for integers; C `modf` semantics for floats.
pub fn float_fractional_part(n: &Number) -> ArithResult {
    match n {
        Number::Float(f) if f.is_infinite() => Ok(Number::Float(0.0f64.copysign(*f))),
        Number::Float(f) => float_result((f - f.trunc()).copysign(*f)),
        _ => Ok(Number::Int(0)),
    }
}

/// Sign bit of a number as SWI's `ar_signbit` sees it (-0.0 is negative).
fn is_negative(n: &Number) -> bool {
    match n {
        Number::Int(i) => *i < 0,
        Number::Big(b) => b.sign() == num_bigint::Sign::Minus,
        Number::Float(f) => f.is_sign_negative(),
        Number::Rat(r) => r.is_negative(),
    }
}

/// `copysign/2`: two floats use C `copysign`; otherwise X is negated when the signs differ,
/// so integers stay integers (`copysign(2, -0.0)` is -2).
pub fn copysign(a: &Number, b: &Number) -> Number {
    match (a, b) {
        (Number::Float(x), Number::Float(_)) if x.is_nan() => Number::Float(*x),
        (Number::Float(x), Number::Float(y)) => Number::Float(x.copysign(*y)),
        _ if is_negative(a) != is_negative(b) => int_ops::neg(a),
        _ => a.clone(),
    }
}

/// `nexttoward/2`: the next float after X in the direction of Y.
pub fn nexttoward(a: &Number, b: &Number) -> ArithResult {
    let x = promote(a)?;
    let y = promote(b)?;
    let r = if x < y {
        x.next_up()
    } else if x > y {
        x.next_down()
    } else {
        y
    };
    float_result(r)
}

/// `log/2`: logarithm of X in base B (a knightlog extension; SWI 9.0 lacks it).
pub fn log_base(base: &Number, x: &Number) -> ArithResult {
    let b = promote(base)?;
    let v = promote(x)?;
    float_result(v.ln() / b.ln())
}

/// `lgamma/1` as SWI defines it: +inf (hence `float_overflow`) for X <= 0.
pub fn lgamma(n: &Number) -> ArithResult {
    let x = promote(n)?;
    if x <= 0.0 {
        return Err(float_overflow());
    }
    float_result(super::cmath::lgamma(x))
}

/// `cot/1` (a knightlog extension).
pub fn cot(x: f64) -> f64 {
    1.0 / x.tan()
}

/// `acot/1` (a knightlog extension).
pub fn acot(x: f64) -> f64 {
    (1.0 / x).atan()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_to_int_is_exact_at_the_i64_edges() {
        assert_eq!(float_to_int(-TWO_POW_63), Number::Int(i64::MIN));
        assert_eq!(
            float_to_int(TWO_POW_63),
            Number::Big(BigInt::from(i64::MAX) + 1)
        );
        assert_eq!(
            float_to_int(1.0e20),
            Number::Big(BigInt::from(10u64.pow(19)) * 10)
        );
    }

    #[test]
    fn fractional_part_keeps_the_sign() {
        let neg_zero = float_fractional_part(&Number::Float(-3.0)).unwrap();
        assert!(matches!(neg_zero, Number::Float(f) if f == 0.0 && f.is_sign_negative()));
        assert_eq!(
            float_fractional_part(&Number::Float(-3.75)),
            Ok(Number::Float(-0.75))
        );
    }

    #[test]
    fn division_by_infinity() {
        let inf = Number::Float(f64::INFINITY);
        assert_eq!(divide(&Number::Int(5), &inf), Ok(Number::Int(0)));
        let r = divide(&Number::Float(-1.5), &inf).unwrap();
        assert!(matches!(r, Number::Float(f) if f == 0.0 && f.is_sign_negative()));
        assert_eq!(divide(&inf, &inf), Err(undefined()));
    }
}
