//! Number text: SWI-Prolog's float syntax for the writer, and C `printf`-style
//! `%e` / `%f` / `%g` conversions for the `~e ~f ~g` directives of `format/2`.
//!
//! Rust's float formatting is exact and rounds ties to even, which is what the C
//! library SWI-Prolog calls does, so the digits agree with SWI's output.
//!
//! Tested by: the unit tests below; tests/writer_tests.rs (float syntax),
//! tests/writer_format_tests.rs (`~e ~f ~g`).

/// Writes a float the way SWI-Prolog 9 does: the shortest digits that read back
/// to the same value, always with a `.` or an exponent (`1.0`, `0.1`,
/// `1.0e10` is `10000000000.0`, `1.0e-5`, `1.0e+15`), `1.0Inf`, `-1.0Inf`, `1.5NaN`.
pub fn format_float(f: f64) -> String {
    if f.is_nan() {
        // SWI shows a NaN as its mantissa (exponent forced to 0) followed by "NaN",
        // so the default quiet NaN prints as 1.5NaN.
        let bits = (f.to_bits() & !(0x7ff << 52)) | (0x3ff << 52);
        return format!("{}NaN", format_float(f64::from_bits(bits)));
    }
    if f.is_infinite() {
        return if f < 0.0 { "-1.0Inf" } else { "1.0Inf" }.to_string();
    }
    let (neg, digits, decpt) = shortest_digits(f);
    let mut o = String::with_capacity(digits.len() + 8);
    if neg {
        o.push('-');
    }
    let len = digits.len() as i32;
    let (first, rest) = digits.split_at(1);
    if decpt <= 0 {
        if decpt <= -4 {
            o.push_str(first);
            o.push('.');
            o.push_str(if rest.is_empty() { "0" } else { rest });
            o.push_str(&format!("e{}", decpt - 1));
        } else {
            o.push_str("0.");
            o.extend(std::iter::repeat_n('0', (-decpt) as usize));
            o.push_str(&digits);
        }
    } else if len > decpt {
        let (int, frac) = digits.split_at(decpt as usize);
        o.push_str(int);
        o.push('.');
        o.push_str(frac);
    } else if decpt > 15 {
        // Beyond double precision: SWI switches to an exponent.
        o.push_str(first);
        o.push('.');
        o.push_str(if rest.is_empty() { "0" } else { rest });
        o.push_str(&format!("e+{}", decpt - 1));
    } else {
        o.push_str(&digits);
        o.extend(std::iter::repeat_n('0', (decpt - len) as usize));
        o.push_str(".0");
    }
    o
}

/// Sign, shortest round-trip decimal digits and the decimal point position
/// (`value = 0.DIGITS * 10^decpt`), like dtoa mode 0.
fn shortest_digits(f: f64) -> (bool, String, i32) {
    let s = format!("{:e}", f.abs());
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
    (f.is_sign_negative(), digits, exp + 1)
}

/// `inf`, `-inf`, `nan` as C's printf writes them (upper case for `%E`/`%G`).
fn c_special(f: f64, upper: bool) -> Option<String> {
    let s = if f.is_nan() {
        if f.is_sign_negative() {
            "-nan"
        } else {
            "nan"
        }
    } else if f.is_infinite() {
        if f < 0.0 {
            "-inf"
        } else {
            "inf"
        }
    } else {
        return None;
    };
    Some(if upper {
        s.to_ascii_uppercase()
    } else {
        s.to_string()
    })
}

/// Digits after the point beyond which every f64's exact decimal expansion has only zeros
/// (the smallest subnormal, 2^-1074, has 1074), and significant digits beyond which its
/// mantissa has only zeros (at most 767). Rust's formatter takes precisions up to 65535 only,
/// so longer ones are formatted at these and padded with zeros.
const FIXED_EXACT: usize = 1100;
const SIGNIFICANT_EXACT: usize = 800;

/// C's `%.{prec}f`.
pub fn c_fixed(f: f64, prec: usize) -> String {
    if let Some(s) = c_special(f, false) {
        return s;
    }
    let p = prec.min(FIXED_EXACT);
    let mut s = format!("{f:.p$}");
    s.extend(std::iter::repeat_n('0', prec - p));
    s
}

/// C's `%.{prec}e` (or `%E`): the exponent has a sign and at least two digits.
pub fn c_exp(f: f64, prec: usize, upper: bool) -> String {
    if let Some(s) = c_special(f, upper) {
        return s;
    }
    let p = prec.min(SIGNIFICANT_EXACT);
    let s = format!("{f:.p$e}");
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let e = if upper { 'E' } else { 'e' };
    let sign = if exp < 0 { '-' } else { '+' };
    let zeros = "0".repeat(prec - p);
    format!("{mant}{zeros}{e}{sign}{:02}", exp.unsigned_abs())
}

/// C's `%.{prec}g` (or `%G`): `%e` or `%f`, whichever C picks, without trailing zeros.
pub fn c_general(f: f64, prec: usize, upper: bool) -> String {
    if let Some(s) = c_special(f, upper) {
        return s;
    }
    // Past SIGNIFICANT_EXACT digits only zeros follow, which %g strips anyway.
    let p = prec.clamp(1, SIGNIFICANT_EXACT);
    // The exponent %e would show after rounding to p significant digits.
    let x: i64 = if f == 0.0 {
        0
    } else {
        let s = format!("{:.*e}", p - 1, f);
        s.split_once('e')
            .and_then(|(_, e)| e.parse().ok())
            .unwrap_or(0)
    };
    if (p as i64) > x && x >= -4 {
        strip_zeros(&c_fixed(f, (p as i64 - 1 - x) as usize))
    } else {
        let s = c_exp(f, p - 1, upper);
        let at = s.find(['e', 'E']).unwrap_or(s.len());
        let (mant, exp) = s.split_at(at);
        format!("{}{}", strip_zeros(mant), exp)
    }
}

/// Drops trailing zeros after a decimal point, and the point itself if nothing is left.
pub(crate) fn strip_zeros(s: &str) -> String {
    if !s.contains('.') {
        return s.to_string();
    }
    let t = s.trim_end_matches('0');
    t.strip_suffix('.').unwrap_or(t).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_as_swi_writes_them() {
        let cases: &[(f64, &str)] = &[
            (1.0, "1.0"),
            (0.1, "0.1"),
            (1.0e10, "10000000000.0"),
            (1.5e-7, "1.5e-7"),
            (1.0e14, "100000000000000.0"),
            (1.0e15, "1.0e+15"),
            (1.234567890123456e15, "1.234567890123456e+15"),
            (123456789012345680000.0, "1.2345678901234568e+20"),
            (1.0e22, "1.0e+22"),
            (-0.0, "-0.0"),
            (0.0, "0.0"),
            (std::f64::consts::PI, "3.141592653589793"),
            (1.0e-5, "1.0e-5"),
            (0.0001, "0.0001"),
            (0.001, "0.001"),
            (5.0e-324, "5.0e-324"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
            (-2.5, "-2.5"),
            (123456789012345.0, "123456789012345.0"),
            (f64::INFINITY, "1.0Inf"),
            (f64::NEG_INFINITY, "-1.0Inf"),
            (f64::NAN, "1.5NaN"),
        ];
        for &(f, want) in cases {
            assert_eq!(format_float(f), want, "{f:e}");
        }
    }

    #[test]
    fn precisions_past_the_formatter_limit_pad_exact_digits() {
        for f in [1.0, 5.0e-324, 0.1, -2.5e300] {
            let long = c_fixed(f, 70_000);
            assert_eq!(long.len(), c_fixed(f, 0).len() + 70_001, "{f:e}");
            assert!(long.starts_with(&c_fixed(f, FIXED_EXACT)), "{f:e}");
            let e = c_exp(f, 70_000, false);
            assert!(e.starts_with(
                c_exp(f, SIGNIFICANT_EXACT, false)
                    .split('e')
                    .next()
                    .unwrap()
            ));
            assert_eq!(c_general(f, 70_000, false), c_general(f, 800, false));
        }
    }

    #[test]
    fn printf_conversions() {
        assert_eq!(c_fixed(1.25, 6), "1.250000");
        assert_eq!(c_fixed(2.5, 0), "2");
        assert_eq!(c_fixed(3.5, 0), "4");
        assert_eq!(c_fixed(0.25, 1), "0.2");
        assert_eq!(c_fixed(0.1, 20), "0.10000000000000000555");
        assert_eq!(c_fixed(-0.0, 6), "-0.000000");
        assert_eq!(c_fixed(f64::NEG_INFINITY, 6), "-inf");
        assert_eq!(c_exp(2.5, 6, false), "2.500000e+00");
        assert_eq!(c_exp(1234.5, 3, false), "1.234e+03");
        assert_eq!(c_exp(-1.5e-10, 4, false), "-1.5000e-10");
        assert_eq!(c_exp(12.5, 6, true), "1.250000E+01");
        assert_eq!(c_exp(1.5, 0, false), "2e+00");
        assert_eq!(c_exp(1e300, 2, false), "1.00e+300");
        assert_eq!(c_general(0.1, 6, false), "0.1");
        assert_eq!(c_general(100000.0, 6, false), "100000");
        assert_eq!(c_general(1000000.0, 6, false), "1e+06");
        assert_eq!(c_general(1.0e-5, 6, false), "1e-05");
        assert_eq!(c_general(123.0, 2, false), "1.2e+02");
        assert_eq!(c_general(1.5, 0, false), "2");
        assert_eq!(c_general(15.0, 1, false), "2e+01");
        assert_eq!(c_general(0.0001234, 3, false), "0.000123");
        assert_eq!(c_general(1234567.0, 6, false), "1.23457e+06");
        assert_eq!(c_general(0.0, 6, false), "0");
        assert_eq!(c_general(-0.0, 6, false), "-0");
        assert_eq!(c_general(1.0e-20, 6, true), "1E-20");
        assert_eq!(c_general(f64::INFINITY, 6, false), "inf");
    }
}
