//! Number text for `format/2`'s numeric directives: `~Nd` (with an inserted decimal
//! point), `~D` (digit groups), `~r`/`~R` (radix), and `~e ~f ~g` on any number.
//!
//! Tested by: the unit tests below; tests/writer_format_tests.rs (`~d ~D ~r ~R ~e ~f ~g`).

use super::float_fmt::{c_exp, c_fixed, c_general};
use crate::term::number::Number;
use num_bigint::{BigInt, Sign};

/// How `format_integer` shows an integer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntText {
    /// `~Nd` / `~ND`: `point` digits after an inserted decimal point; `group`: commas
    /// between groups of three digits before it.
    Decimal { point: usize, group: bool },
    /// `~Nr` / `~NR`: digits in base `radix` (2..=36), lower or upper case letters.
    Radix { radix: u32, upper: bool },
}

pub fn format_integer(i: &BigInt, how: IntText) -> String {
    let sign = if i.sign() == Sign::Minus { "-" } else { "" };
    let mag = i.magnitude();
    match how {
        IntText::Decimal { point, group } => {
            let mut digits = mag.to_string();
            if point == 0 {
                return format!("{sign}{}", maybe_group(&digits, group));
            }
            if digits.len() <= point {
                digits = "0".repeat(point + 1 - digits.len()) + &digits;
            }
            let (int, frac) = digits.split_at(digits.len() - point);
            format!("{sign}{}.{frac}", maybe_group(int, group))
        }
        IntText::Radix { radix, upper } => {
            let s = mag.to_str_radix(radix);
            let s = if upper { s.to_ascii_uppercase() } else { s };
            format!("{sign}{s}")
        }
    }
}

/// `1234567` as `1,234,567` when `group` is set.
fn maybe_group(digits: &str, group: bool) -> String {
    if !group {
        return digits.to_string();
    }
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `~Ne`, `~Nf`, `~Ng` (and `E`, `G`) on a number, as SWI does: integers that fit
/// 64 bits are converted to floats, while `~f` shows big integers exactly.
pub fn format_float_directive(d: char, prec: usize, n: &Number) -> String {
    match (d, n) {
        ('f', Number::Big(b)) => {
            if prec == 0 {
                b.to_string()
            } else {
                format!("{b}.{}", "0".repeat(prec))
            }
        }
        ('f', Number::Rat(r)) => rational_fixed(r, prec),
        ('e' | 'E', Number::Rat(r)) => rational_exp(r, prec, d == 'E'),
        ('g' | 'G', Number::Rat(r)) => rational_general(r, prec, d == 'G'),
        ('f', _) => c_fixed(n.to_f64(), prec),
        ('e', _) => c_exp(n.to_f64(), prec, false),
        ('E', _) => c_exp(n.to_f64(), prec, true),
        ('G', _) => c_general(n.to_f64(), prec, true),
        _ => c_general(n.to_f64(), prec, false),
    }
}

/// `~Nf` of a rational: its exact decimal expansion to N places, the last one
/// rounded half away from zero (SWI prints `format("~20f", [1r3])` digit by digit).
fn rational_fixed(r: &num_rational::BigRational, prec: usize) -> String {
    use num_traits::{Pow, Signed};
    let scale = num_bigint::BigInt::from(10u32).pow(prec as u32);
    let scaled = (r * num_rational::BigRational::from_integer(scale))
        .round()
        .to_integer();
    let digits = scaled.abs().to_string();
    let sign = if r.is_negative() { "-" } else { "" };
    if prec == 0 {
        return format!("{sign}{digits}");
    }
    let digits = format!("{digits:0>width$}", width = prec + 1);
    let (int, frac) = digits.split_at(digits.len() - prec);
    format!("{sign}{int}.{frac}")
}

/// 10^k as a rational (k may be negative).
fn pow10(k: i64) -> num_rational::BigRational {
    use num_traits::Pow;
    let p = BigInt::from(10u32).pow(k.unsigned_abs());
    if k >= 0 {
        num_rational::BigRational::from_integer(p)
    } else {
        num_rational::BigRational::new(BigInt::from(1), p)
    }
}

/// The `sig` significant digits of a non-zero rational's magnitude (the last
/// rounded half away from zero) and its decimal exponent.
fn rational_digits(r: &num_rational::BigRational, sig: usize) -> (String, i64) {
    use num_traits::Signed;
    let a = r.abs();
    let len = |b: &BigInt| b.to_string().len() as i64;
    // Off by at most one, fixed by the loops.
    let mut e = len(a.numer()) - len(a.denom());
    while pow10(e) > a {
        e -= 1;
    }
    while pow10(e + 1) <= a {
        e += 1;
    }
    let round = |e: i64| {
        (&a * pow10(sig as i64 - 1 - e))
            .round()
            .to_integer()
            .to_string()
    };
    let mut digits = round(e);
    if digits.len() > sig {
        e += 1;
        digits = round(e);
    }
    (digits, e)
}

/// `~Ne` of a rational, exact like `~Nf` (SWI: `format("~3e", [10**400 rdiv 3])`
/// is 3.333e+399, past the float range).
fn rational_exp(r: &num_rational::BigRational, prec: usize, upper: bool) -> String {
    let (digits, e) = rational_digits(r, prec + 1);
    let sign = if num_traits::Signed::is_negative(r) {
        "-"
    } else {
        ""
    };
    let (first, rest) = digits.split_at(1);
    let point = if prec > 0 { "." } else { "" };
    let (mark, esign) = (if upper { 'E' } else { 'e' }, if e < 0 { '-' } else { '+' });
    format!(
        "{sign}{first}{point}{rest}{mark}{esign}{:02}",
        e.unsigned_abs()
    )
}

/// `~Ng` of a rational: C's `%g` choice between the two, without trailing zeros.
fn rational_general(r: &num_rational::BigRational, prec: usize, upper: bool) -> String {
    use super::float_fmt::strip_zeros;
    let p = prec.max(1);
    let (_, x) = rational_digits(r, p);
    if (p as i64) > x && x >= -4 {
        strip_zeros(&rational_fixed(r, (p as i64 - 1 - x) as usize))
    } else {
        let s = rational_exp(r, p - 1, upper);
        let at = s.find(['e', 'E']).unwrap_or(s.len());
        let (mant, exp) = s.split_at(at);
        format!("{}{}", strip_zeros(mant), exp)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dec(i: i64, point: usize, group: bool) -> String {
        format_integer(&BigInt::from(i), IntText::Decimal { point, group })
    }

    #[test]
    fn decimal_points_and_groups() {
        assert_eq!(dec(1234, 2, false), "12.34");
        assert_eq!(dec(-5, 2, false), "-0.05");
        assert_eq!(dec(5, 2, false), "0.05");
        assert_eq!(dec(0, 2, false), "0.00");
        assert_eq!(dec(123, 5, false), "0.00123");
        assert_eq!(dec(-123, 3, false), "-0.123");
        assert_eq!(dec(1234567, 0, true), "1,234,567");
        assert_eq!(dec(-1234567, 0, true), "-1,234,567");
        assert_eq!(dec(1234567, 2, true), "12,345.67");
        assert_eq!(dec(123, 0, true), "123");
        assert_eq!(dec(1234, 1, true), "123.4");
        assert_eq!(dec(1, 3, true), "0.001");
        let big: BigInt = "12345678901234567890123".parse().unwrap();
        let d = IntText::Decimal {
            point: 3,
            group: false,
        };
        assert_eq!(format_integer(&big, d), "12345678901234567890.123");
    }

    #[test]
    fn radixes() {
        let r = |i: i64, radix, upper| {
            format_integer(&BigInt::from(i), IntText::Radix { radix, upper })
        };
        assert_eq!(r(64, 8, false), "100");
        assert_eq!(r(255, 16, false), "ff");
        assert_eq!(r(255, 16, true), "FF");
        assert_eq!(r(-5, 2, false), "-101");
        assert_eq!(r(35, 36, false), "z");
        assert_eq!(r(-255, 8, true), "-377");
    }

    #[test]
    fn float_directives() {
        let big: BigInt = "12345678901234567890123".parse().unwrap();
        assert_eq!(
            format_float_directive('f', 6, &Number::Big(big.clone())),
            "12345678901234567890123.000000"
        );
        assert_eq!(
            format_float_directive('f', 0, &Number::Big(big.clone())),
            "12345678901234567890123"
        );
        assert_eq!(
            format_float_directive('e', 6, &Number::Big(big)),
            "1.234568e+22"
        );
        assert_eq!(
            format_float_directive('f', 6, &Number::Int(123456789012345678)),
            "123456789012345680.000000"
        );
        assert_eq!(format_float_directive('f', 3, &Number::Int(-1)), "-1.000");
        assert_eq!(
            format_float_directive('e', 6, &Number::Int(1)),
            "1.000000e+00"
        );
        assert_eq!(format_float_directive('g', 6, &Number::Float(0.1)), "0.1");
        assert_eq!(
            format_float_directive('G', 6, &Number::Float(1.0e-20)),
            "1E-20"
        );
    }
}
