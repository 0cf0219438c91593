//! Exponentiation: `**` and `^` (identical in SWI-Prolog 9 with `prefer_rationals` =
//! false), and `powm/3`.
//!
//! Integer to non-negative integer powers are exact (big when needed); a negative
//! integer exponent falls back to floats (`2 ** -1` is 0.5) unless the base is -1, 0
//! or 1. Anything to the power 0 is the integer 1, as in SWI-Prolog.
//!
//! Tested by: the unit tests below; tests/arith_tests.rs, tests/prolog/arith.pl.

use num_bigint::{BigInt, Sign};
use num_traits::{Pow, Signed};

use super::error::{must_be_positive, not_less_than_zero, resource, zero_divisor, ArithResult};
use super::float_ops::{float_result, promote};
use super::int_ops::{bit_len, check_bits, require_int};
use super::rat_ops;
use crate::term::number::Number;

/// Sign of a number as -1, 0, 1; NaN counts as 0 (C's `sign_f`).
fn sign_of(n: &Number) -> i32 {
    match n {
        Number::Int(i) => i.signum() as i32,
        Number::Big(b) => match b.sign() {
            Sign::Minus => -1,
            Sign::NoSign => 0,
            Sign::Plus => 1,
        },
        Number::Float(f) if *f < 0.0 => -1,
        Number::Float(f) if *f > 0.0 => 1,
        Number::Float(_) => 0,
        Number::Rat(r) if r.is_negative() => -1,
        Number::Rat(_) => 1,
    }
}

fn is_even(n: &Number) -> bool {
    match n {
        Number::Int(i) => i % 2 == 0,
        Number::Big(b) => !b.bit(0),
        Number::Float(_) | Number::Rat(_) => false,
    }
}

/// `**/2` and `^/2` (`prefer_rationals` = false).
pub fn pow(a: &Number, b: &Number) -> ArithResult {
    pow_in(a, b, false)
}

/// `**/2` and `^/2`; with `prefer_rationals`, an integer to a negative integer power
/// is the exact rational (`2 ** -1` is 1r2) instead of a float.
pub fn pow_in(a: &Number, b: &Number, prefer_rationals: bool) -> ArithResult {
    if let (Number::Int(x), Number::Int(y)) = (a, b) {
        if (0..=62).contains(y) {
            if let Some(r) = x.checked_pow(*y as u32) {
                return Ok(Number::Int(r));
            }
        }
    }
    let is_float = |n: &Number| matches!(n, Number::Float(_));
    if (rat_ops::is_rat(a) || rat_ops::is_rat(b)) && !is_float(a) && !is_float(b) {
        return rat_ops::pow(a, b);
    }
    let exp_nan = matches!(b, Number::Float(f) if f.is_nan());
    let exp_sign = sign_of(b);
    if exp_sign == 0 && !exp_nan {
        return Ok(Number::Int(1));
    }
    if let Number::Int(base @ -1..=1) = a {
        match base {
            1 => return Ok(Number::Int(1)),
            0 if !exp_nan => {
                return if exp_sign > 0 {
                    Ok(Number::Int(0))
                } else {
                    Err(zero_divisor())
                };
            }
            -1 if b.is_integer() => return Ok(Number::Int(if is_even(b) { 1 } else { -1 })),
            _ => {}
        }
    }
    if a.is_integer() && b.is_integer() {
        let exp = match b {
            Number::Int(i) if *i != i64::MIN => i.unsigned_abs(),
            _ => return Err(resource()),
        };
        if exp_sign > 0 {
            return int_pow(a, exp);
        }
        if prefer_rationals {
            return rat_ops::int_pow_negative(a, b);
        }
    }
    let x = promote(a)?;
    let y = promote(b)?;
    if x == 0.0 && exp_sign < 0 {
        return Err(zero_divisor());
    }
    if x == 1.0 {
        return Ok(Number::Float(1.0));
    }
    float_result(x.powf(y))
}

/// Integer power with |base| >= 2 and exp >= 1, refusing absurd result sizes.
fn int_pow(a: &Number, exp: u64) -> ArithResult {
    let bits = bit_len(a).saturating_sub(1).saturating_mul(exp);
    check_bits(bits)?;
    let exp = u32::try_from(exp).map_err(|_| resource())?;
    let base = match a {
        Number::Int(i) => BigInt::from(*i),
        Number::Big(b) => b.clone(),
        Number::Float(_) | Number::Rat(_) => return Err(resource()),
    };
    Ok(Number::from_big(base.pow(exp)))
}

/// `powm(B, E, M)`: B^E mod M for B >= 0, E >= 0, M >= 1.
pub fn powm(b: &Number, e: &Number, m: &Number) -> ArithResult {
    require_int(b)?;
    require_int(e)?;
    require_int(m)?;
    if sign_of(b) < 0 {
        return Err(not_less_than_zero(b));
    }
    if sign_of(e) < 0 {
        return Err(not_less_than_zero(e));
    }
    if sign_of(m) <= 0 {
        return Err(must_be_positive(m));
    }
    let big = super::int_ops::big;
    Ok(Number::from_big(big(b).modpow(&big(e), &big(m))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_exponent_is_integer_one() {
        for base in [
            Number::Float(0.0),
            Number::Float(f64::INFINITY),
            Number::Int(7),
        ] {
            assert_eq!(pow(&base, &Number::Float(0.0)), Ok(Number::Int(1)));
        }
    }

    #[test]
    fn huge_powers_are_refused() {
        let two = Number::Int(2);
        assert_eq!(pow(&two, &Number::Int(1 << 40)), Err(resource()));
        assert_eq!(pow(&two, &Number::Int(i64::MIN)), Err(resource()));
    }
}
