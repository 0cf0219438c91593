//! Integer evaluables: unbounded arithmetic that never wraps.
//!
//! Every operation on two `Int`s first tries the `i64` fast path (`checked_*` or an
//! `i128` intermediate) and only falls back to `BigInt` on overflow; results are
//! normalised so values that fit an `i64` are always `Int`. Integer-only functions
//! check their arguments the way SWI-Prolog does: a float argument is first checked
//! for infinity/NaN (`evaluation_error`), then rejected with `type_error(integer, F)`.
//!
//! Tested by: the unit tests below; tests/arith_tests.rs, tests/arith_props.rs (agreement with
//! BigInt).

use std::borrow::Cow;
use std::sync::atomic::{AtomicU64, Ordering};

use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_traits::{Signed, Zero};

use super::error::{
    must_be_positive, not_less_than_zero, resource, type_integer, zero_divisor, ArithError,
    ArithResult,
};
use super::float_ops::{check, coerce, float_result};
use super::rat_ops;
use crate::term::number::Number;

/// Default ceiling on the size of a computed integer: 2^32 bits (512 MiB).
pub const DEFAULT_MAX_INTEGER_BITS: u64 = 1 << 32;

static MAX_INTEGER_BITS: AtomicU64 = AtomicU64::new(DEFAULT_MAX_INTEGER_BITS);

/// Sets the largest integer (in bits) arithmetic may build before it raises
/// `resource_error(memory)`; the engine can tie this to its memory limit.
pub fn set_max_integer_bits(bits: u64) {
    MAX_INTEGER_BITS.store(bits, Ordering::Relaxed);
}

/// The current integer size ceiling in bits.
pub fn max_integer_bits() -> u64 {
    MAX_INTEGER_BITS.load(Ordering::Relaxed)
}

/// Refuses to build an integer of (at least) `bits` bits beyond the ceiling.
#[inline]
pub(crate) fn check_bits(bits: u64) -> Result<(), ArithError> {
    if bits > max_integer_bits() {
        Err(resource())
    } else {
        Ok(())
    }
}

/// An integer argument as a `BigInt`, borrowed when it already is one.
/// Callers check `is_integer()` first; a float reads as zero.
pub(crate) fn big(n: &Number) -> Cow<'_, BigInt> {
    match n {
        Number::Int(i) => Cow::Owned(BigInt::from(*i)),
        Number::Big(b) => Cow::Borrowed(b),
        Number::Float(_) | Number::Rat(_) => Cow::Owned(BigInt::zero()),
    }
}

/// Number of bits of |n| (0 for 0).
pub(crate) fn bit_len(n: &Number) -> u64 {
    match n {
        Number::Int(i) => 64 - u64::from(i.unsigned_abs().leading_zeros()),
        Number::Big(b) => b.bits(),
        Number::Float(_) | Number::Rat(_) => 0,
    }
}

/// Normalises an `i128` result: `Int` when it fits, `Big` otherwise.
#[inline]
pub(crate) fn from_i128(v: i128) -> Number {
    match i64::try_from(v) {
        Ok(i) => Number::Int(i),
        Err(_) => Number::Big(BigInt::from(v)),
    }
}

/// SWI's `toIntegerNumber(n, 0)` check: floats are rejected (after the finiteness
/// check), and so are rationals.
#[inline]
pub(crate) fn require_int(n: &Number) -> Result<(), ArithError> {
    match n {
        Number::Float(f) => {
            check(*f)?;
            Err(type_integer(n))
        }
        Number::Rat(_) => Err(type_integer(n)),
        _ => Ok(()),
    }
}

fn is_negative(n: &Number) -> bool {
    match n {
        Number::Int(i) => *i < 0,
        Number::Big(b) => b.sign() == Sign::Minus,
        Number::Float(f) => *f < 0.0,
        Number::Rat(r) => r.is_negative(),
    }
}

fn is_zero(n: &Number) -> bool {
    matches!(n, Number::Int(0))
}

#[inline]
pub fn add_ii(x: i64, y: i64) -> Number {
    match x.checked_add(y) {
        Some(r) => Number::Int(r),
        None => from_i128(i128::from(x) + i128::from(y)),
    }
}

#[inline]
pub fn sub_ii(x: i64, y: i64) -> Number {
    match x.checked_sub(y) {
        Some(r) => Number::Int(r),
        None => from_i128(i128::from(x) - i128::from(y)),
    }
}

#[inline]
pub fn mul_ii(x: i64, y: i64) -> Number {
    match x.checked_mul(y) {
        Some(r) => Number::Int(r),
        None => from_i128(i128::from(x) * i128::from(y)),
    }
}

/// `+/2`.
pub fn add(a: &Number, b: &Number) -> ArithResult {
    match (a, b) {
        (Number::Int(x), Number::Int(y)) => Ok(add_ii(*x, *y)),
        (Number::Float(x), Number::Float(y)) => float_result(x + y),
        (Number::Float(_), _) | (_, Number::Float(_)) => float_result(coerce(a)? + coerce(b)?),
        (Number::Rat(_), _) | (_, Number::Rat(_)) => rat_ops::add(a, b),
        _ => Ok(Number::from_big(&*big(a) + &*big(b))),
    }
}

/// `-/2`.
pub fn sub(a: &Number, b: &Number) -> ArithResult {
    match (a, b) {
        (Number::Int(x), Number::Int(y)) => Ok(sub_ii(*x, *y)),
        (Number::Float(x), Number::Float(y)) => float_result(x - y),
        (Number::Float(_), _) | (_, Number::Float(_)) => float_result(coerce(a)? - coerce(b)?),
        (Number::Rat(_), _) | (_, Number::Rat(_)) => rat_ops::sub(a, b),
        _ => Ok(Number::from_big(&*big(a) - &*big(b))),
    }
}

/// `*/2`.
pub fn mul(a: &Number, b: &Number) -> ArithResult {
    match (a, b) {
        (Number::Int(x), Number::Int(y)) => Ok(mul_ii(*x, *y)),
        (Number::Float(x), Number::Float(y)) => float_result(x * y),
        (Number::Float(_), _) | (_, Number::Float(_)) => float_result(coerce(a)? * coerce(b)?),
        (Number::Rat(_), _) | (_, Number::Rat(_)) => rat_ops::mul(a, b),
        _ => {
            check_bits(bit_len(a) + bit_len(b))?;
            Ok(Number::from_big(&*big(a) * &*big(b)))
        }
    }
}

/// `-/1`: never fails; NaN stays NaN.
pub fn neg(n: &Number) -> Number {
    -n.clone()
}

/// `abs/1`: never fails.
pub fn abs(n: &Number) -> Number {
    match n {
        Number::Int(x) => match x.checked_abs() {
            Some(r) => Number::Int(r),
            None => from_i128(i128::from(*x).abs()),
        },
        Number::Big(b) => Number::from_big(b.abs()),
        Number::Float(f) => Number::Float(f.abs()),
        Number::Rat(r) => Number::Rat(Box::new(r.abs())),
    }
}

/// `//`: integer division truncating toward zero (`integer_rounding_function` = `toward_zero`).
pub fn tdiv(a: &Number, b: &Number) -> ArithResult {
    if let (Number::Int(x), Number::Int(y)) = (a, b) {
        return match (*x, *y) {
            (_, 0) => Err(zero_divisor()),
            (x, -1) => Ok(-Number::Int(x)),
            (x, y) => Ok(Number::Int(x / y)),
        };
    }
    big_division(a, b, |x, y| x / y)
}

/// `div`: integer division rounding toward negative infinity.
pub fn fdiv(a: &Number, b: &Number) -> ArithResult {
    if let (Number::Int(x), Number::Int(y)) = (a, b) {
        return match (*x, *y) {
            (_, 0) => Err(zero_divisor()),
            (x, -1) => Ok(-Number::Int(x)),
            (x, y) => Ok(Number::Int(Integer::div_floor(&x, &y))),
        };
    }
    big_division(a, b, |x, y| x.div_floor(y))
}

/// `mod`: remainder with the sign of the divisor.
pub fn modulo(a: &Number, b: &Number) -> ArithResult {
    if let (Number::Int(x), Number::Int(y)) = (a, b) {
        return match (*x, *y) {
            (_, 0) => Err(zero_divisor()),
            (_, -1) => Ok(Number::Int(0)),
            (x, y) => Ok(Number::Int(Integer::mod_floor(&x, &y))),
        };
    }
    big_division(a, b, |x, y| x.mod_floor(y))
}

/// `rem`: remainder with the sign of the dividend.
pub fn rem(a: &Number, b: &Number) -> ArithResult {
    if let (Number::Int(x), Number::Int(y)) = (a, b) {
        return match (*x, *y) {
            (_, 0) => Err(zero_divisor()),
            (_, -1) => Ok(Number::Int(0)),
            (x, y) => Ok(Number::Int(x % y)),
        };
    }
    big_division(a, b, |x, y| x % y)
}

/// The slow path shared by `// div mod rem`: type checks, zero check, `BigInt` op.
fn big_division(a: &Number, b: &Number, op: fn(&BigInt, &BigInt) -> BigInt) -> ArithResult {
    require_int(a)?;
    require_int(b)?;
    if is_zero(b) {
        return Err(zero_divisor());
    }
    Ok(Number::from_big(op(&big(a), &big(b))))
}

/// `gcd/2`: always non-negative (`gcd(i64::MIN, 0)` is 2^63).
pub fn gcd(a: &Number, b: &Number) -> ArithResult {
    require_int(a)?;
    require_int(b)?;
    if let (Number::Int(x), Number::Int(y)) = (a, b) {
        let g = x.unsigned_abs().gcd(&y.unsigned_abs());
        return Ok(from_i128(i128::from(g)));
    }
    Ok(Number::from_big(big(a).gcd(&big(b))))
}

/// `lcm/2`: always non-negative; 0 when either argument is 0.
pub fn lcm(a: &Number, b: &Number) -> ArithResult {
    require_int(a)?;
    require_int(b)?;
    if let (Number::Int(x), Number::Int(y)) = (a, b) {
        let (x, y) = (x.unsigned_abs(), y.unsigned_abs());
        if x == 0 || y == 0 {
            return Ok(Number::Int(0));
        }
        let l = u128::from(x / x.gcd(&y)) * u128::from(y);
        return Ok(match i64::try_from(l) {
            Ok(i) => Number::Int(i),
            Err(_) => Number::Big(BigInt::from(l)),
        });
    }
    check_bits(bit_len(a) + bit_len(b))?;
    Ok(Number::from_big(big(a).lcm(&big(b)).abs()))
}

/// Shape of `/\ \/ xor`: integer fast path, big-integer (two's complement) fallback.
fn bitwise(
    a: &Number,
    b: &Number,
    small: fn(i64, i64) -> i64,
    large: fn(&BigInt, &BigInt) -> BigInt,
) -> ArithResult {
    if let (Number::Int(x), Number::Int(y)) = (a, b) {
        return Ok(Number::Int(small(*x, *y)));
    }
    require_int(a)?;
    require_int(b)?;
    Ok(Number::from_big(large(&big(a), &big(b))))
}

/// `/\`.
pub fn bit_and(a: &Number, b: &Number) -> ArithResult {
    bitwise(a, b, |x, y| x & y, |x, y| x & y)
}

/// `\/`.
pub fn bit_or(a: &Number, b: &Number) -> ArithResult {
    bitwise(a, b, |x, y| x | y, |x, y| x | y)
}

/// `xor`.
pub fn bit_xor(a: &Number, b: &Number) -> ArithResult {
    bitwise(a, b, |x, y| x ^ y, |x, y| x ^ y)
}

/// `\ /1`: bitwise complement.
pub fn bit_not(a: &Number) -> ArithResult {
    require_int(a)?;
    Ok(match a {
        Number::Int(x) => Number::Int(!x),
        _ => Number::from_big(!&*big(a)),
    })
}

/// `<<` (`left`) and `>>`: a negative amount shifts the other way. As in SWI-Prolog,
/// an amount beyond 64 bits gives 0 when shifting right and a resource error when
/// shifting left.
pub fn shift(a: &Number, b: &Number, left: bool) -> ArithResult {
    require_int(a)?;
    require_int(b)?;
    let amount = match b {
        Number::Int(i) => *i,
        _ => {
            return if left != is_negative(b) {
                Err(resource())
            } else {
                Ok(Number::Int(0))
            }
        }
    };
    let left = left != (amount < 0);
    let n = amount.unsigned_abs();
    if left {
        shift_left(a, n)
    } else {
        Ok(shift_right(a, n))
    }
}

fn shift_left(a: &Number, n: u64) -> ArithResult {
    match a {
        Number::Int(0) => Ok(Number::Int(0)),
        Number::Int(x) if n < 63 => Ok(from_i128(i128::from(*x) << n)),
        _ => {
            check_bits(bit_len(a).saturating_add(n))?;
            let n = usize::try_from(n).map_err(|_| resource())?;
            Ok(Number::from_big(&*big(a) << n))
        }
    }
}

fn shift_right(a: &Number, n: u64) -> Number {
    let fill = Number::Int(if is_negative(a) { -1 } else { 0 });
    match a {
        Number::Int(x) if n < 64 => Number::Int(x >> n),
        _ if n >= bit_len(a) => fill,
        // n < bit_len(a) <= usize::MAX bits of memory, so it fits a usize.
        _ => Number::from_big(&*big(a) >> n as usize),
    }
}

/// `msb/1`: index of the most significant 1 bit of a positive integer.
pub fn msb(a: &Number) -> ArithResult {
    require_int(a)?;
    if is_negative(a) || is_zero(a) {
        return Err(must_be_positive(a));
    }
    Ok(Number::Int(bit_len(a) as i64 - 1))
}

/// `lsb/1`: index of the least significant 1 bit of a positive integer.
pub fn lsb(a: &Number) -> ArithResult {
    require_int(a)?;
    if is_negative(a) || is_zero(a) {
        return Err(must_be_positive(a));
    }
    Ok(Number::Int(match a {
        Number::Int(x) => i64::from(x.trailing_zeros()),
        _ => big(a).trailing_zeros().map_or(0, |z| z as i64),
    }))
}

/// `popcount/1`: number of 1 bits of a non-negative integer.
pub fn popcount(a: &Number) -> ArithResult {
    require_int(a)?;
    if is_negative(a) {
        return Err(not_less_than_zero(a));
    }
    Ok(Number::Int(match a {
        Number::Int(x) => i64::from(x.count_ones()),
        _ => big(a).magnitude().count_ones() as i64,
    }))
}

/// `getbit(I, K)`: bit K of the non-negative integer I.
pub fn getbit(i: &Number, k: &Number) -> ArithResult {
    require_int(i)?;
    require_int(k)?;
    if is_negative(k) {
        return Err(not_less_than_zero(k));
    }
    let Number::Int(k) = k else {
        return Ok(Number::Int(0));
    };
    if is_negative(i) {
        return Err(not_less_than_zero(i));
    }
    let bit = match i {
        Number::Int(x) => *k < 64 && (x >> k) & 1 == 1,
        _ => big(i).bit(*k as u64),
    };
    Ok(Number::Int(i64::from(bit)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big_n(s: &str) -> Number {
        Number::from_big(s.parse().unwrap())
    }

    #[test]
    fn overflow_promotes() {
        assert_eq!(add_ii(i64::MAX, 1), big_n("9223372036854775808"));
        assert_eq!(sub_ii(i64::MIN, 1), big_n("-9223372036854775809"));
        assert_eq!(mul_ii(i64::MIN, -1), big_n("9223372036854775808"));
        assert_eq!(-Number::Int(i64::MIN), big_n("9223372036854775808"));
        assert_eq!(abs(&Number::Int(i64::MIN)), big_n("9223372036854775808"));
    }

    #[test]
    fn big_results_demote() {
        let two63 = big_n("9223372036854775808");
        assert_eq!(neg(&two63), Number::Int(i64::MIN));
        assert_eq!(sub(&two63, &Number::Int(1)), Ok(Number::Int(i64::MAX)));
    }

    #[test]
    fn shifts_never_panic() {
        let one = Number::Int(1);
        for amount in [i64::MIN, -65, -64, -63, -1, 0, 1, 62, 63, 64, 65] {
            let _ = shift(&one, &Number::Int(amount), true);
            let _ = shift(&one, &Number::Int(amount), false);
            let _ = shift(&Number::Int(-1), &Number::Int(amount), false);
        }
        assert_eq!(shift(&one, &Number::Int(i64::MAX), true), Err(resource()));
        assert_eq!(
            shift(&Number::Int(-1), &Number::Int(i64::MAX), false),
            Ok(Number::Int(-1))
        );
    }
}
