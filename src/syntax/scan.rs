//! Character-level scanners shared by the lexer and `parse_number`: quoted text
//! with ISO (and SWI) escapes, and Prolog number syntax.
//!
//! They work on plain `&str` slices and report lengths in bytes, so the logos
//! callbacks can `bump` by exactly what was consumed.
//!
//! Tested by: the unit tests below; tests/reader_tests.rs and tests/reader_errors.rs (quoted
//! text, escapes, numbers).

use crate::term::number::Number;
use num_bigint::BigInt;

/// What went wrong while scanning a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScanError {
    /// `\c` where `c` is not a known escape character.
    BadEscape(char),
    /// An escape naming a code point that is not a character (surrogate, > 0x10FFFF).
    BadCharCode,
    IllegalNumber,
    FloatOverflow,
}

/// A scan error at byte offset `at` of the scanned text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fail {
    pub err: ScanError,
    pub at: usize,
}

/// A scanned quoted item: its decoded text and how many bytes it spans after
/// the opening quote (closing quote included).
#[derive(Debug)]
pub struct Quoted {
    pub text: String,
    pub len: usize,
    /// The closing quote is missing: the item runs to the end of the input.
    pub eof: bool,
    /// The first bad escape, if any. Scanning goes on to the closing quote so
    /// the lexer can resume after the whole item.
    pub error: Option<Fail>,
}

/// Scans the body of a quoted item; `s` starts right after the opening quote `q`.
/// A doubled quote stands for the quote itself; raw newlines are accepted (as
/// SWI-Prolog does).
pub fn scan_quoted(s: &str, q: char) -> Quoted {
    let mut text = String::new();
    let mut error = None;
    let mut i = 0;
    while let Some(c) = s[i..].chars().next() {
        if c == q {
            if s[i + 1..].starts_with(q) {
                text.push(q);
                i += 2;
                continue;
            }
            return Quoted {
                text,
                len: i + 1,
                eof: false,
                error,
            };
        }
        if c == '\\' {
            match escape(&s[i..]) {
                Ok((ch, n)) => {
                    text.extend(ch);
                    i += n;
                }
                Err((err, n)) => {
                    error.get_or_insert(Fail { err, at: i });
                    i += n;
                }
            }
            continue;
        }
        text.push(c);
        i += c.len_utf8();
    }
    Quoted {
        text,
        len: s.len(),
        eof: true,
        error,
    }
}

/// Decodes one escape sequence; `s` starts with the backslash. Returns the
/// character (None for a line continuation or `\c`) and the bytes consumed;
/// on error, the error and how many bytes to skip.
pub fn escape(s: &str) -> Result<(Option<char>, usize), (ScanError, usize)> {
    let rest = &s[1..];
    let Some(e) = rest.chars().next() else {
        // A backslash at the very end: the caller reports the missing quote.
        return Ok((None, 1));
    };
    let simple = match e {
        'n' => '\n',
        't' => '\t',
        'r' => '\r',
        'a' => '\x07',
        'b' => '\x08',
        'f' => '\x0C',
        'v' => '\x0B',
        'e' => '\x1B',
        's' => ' ',
        '\\' | '\'' | '"' | '`' => e,
        // ISO line continuation: the backslash and the newline vanish.
        '\n' => return Ok((None, 2)),
        '\r' if rest[1..].starts_with('\n') => return Ok((None, 3)),
        // SWI's `\c`: skip the layout that follows.
        'c' => {
            let skip = rest[1..]
                .find(|c: char| !c.is_whitespace())
                .unwrap_or(rest.len() - 1);
            return Ok((None, 2 + skip));
        }
        'x' => return numeric_escape(s, 2, 16, usize::MAX),
        'u' => return numeric_escape(s, 2, 16, 4),
        'U' => return numeric_escape(s, 2, 16, 8),
        '0'..='7' => return numeric_escape(s, 1, 8, usize::MAX),
        _ => return Err((ScanError::BadEscape(e), 1 + e.len_utf8())),
    };
    Ok((Some(simple), 2))
}

/// `\xHH..\`, `\NNN\`, `\uXXXX`, `\UXXXXXXXX`: digits start at byte `from`.
/// The closing backslash of `\x` and octal escapes is optional, as in SWI-Prolog.
fn numeric_escape(
    s: &str,
    from: usize,
    radix: u32,
    exact: usize,
) -> Result<(Option<char>, usize), (ScanError, usize)> {
    let b = s.as_bytes();
    let mut i = from;
    let mut value: u32 = 0;
    while i < b.len() && i - from < exact {
        let Some(d) = (b[i] as char).to_digit(radix) else {
            break;
        };
        // Saturate: anything this large is rejected below anyway.
        value = value.saturating_mul(radix).saturating_add(d);
        i += 1;
    }
    let ndigits = i - from;
    if ndigits == 0 || (exact != usize::MAX && ndigits != exact) {
        return Err((ScanError::BadEscape(b[1] as char), i.max(2)));
    }
    if exact == usize::MAX && b.get(i) == Some(&b'\\') {
        i += 1;
    }
    match char::from_u32(value) {
        Some(c) => Ok((Some(c), i)),
        None => Err((ScanError::BadCharCode, i)),
    }
}

/// Scans a number token; `s` starts with a decimal digit. Returns the value and
/// its length in bytes.
pub fn scan_number(s: &str) -> Result<(Number, usize), Fail> {
    let b = s.as_bytes();
    let fail = |err, at| Err(Fail { err, at });
    if b[0] == b'0' && b.len() > 1 {
        let radix = match b[1] {
            b'\'' => return char_code(s),
            b'x' => 16,
            b'o' => 8,
            b'b' => 2,
            _ => 0,
        };
        if radix != 0 {
            let end = digits_end(b, 2, radix);
            if end == 2 {
                return fail(ScanError::IllegalNumber, 0);
            }
            return Ok((based_int(&s[2..end], radix), end));
        }
    }
    let int_end = digits_end(b, 0, 10);
    // SWI's `Radix'Digits` notation, e.g. 16'ff.
    if b.get(int_end) == Some(&b'\'') {
        // Check the range first: `char::is_digit` panics on a radix over 36.
        let radix = s[..int_end]
            .parse::<u32>()
            .ok()
            .filter(|r| (2..=36).contains(r));
        if let Some(radix) = radix {
            let has_digit = b
                .get(int_end + 1)
                .is_some_and(|&c| (c as char).is_digit(radix));
            if has_digit {
                let end = digits_end(b, int_end + 1, radix);
                return Ok((based_int(&s[int_end + 1..end], radix), end));
            }
        }
    }
    // SWI-Prolog 9's rational `NrD` (`1r3`): decimal digits on both sides; a zero
    // denominator is an illegal number. The value is normalised (`2r4` is 1r2, `4r2`
    // the integer 2).
    if b.get(int_end) == Some(&b'r') && b.get(int_end + 1).is_some_and(u8::is_ascii_digit) {
        let end = digits_end(b, int_end + 1, 10);
        let num = based_int(&s[..int_end], 10);
        let den = based_int(&s[int_end + 1..end], 10);
        let (Some(num), Some(den)) = (num.to_bigint(), den.to_bigint()) else {
            return fail(ScanError::IllegalNumber, 0);
        };
        if num_traits::Zero::is_zero(&den) {
            return fail(ScanError::IllegalNumber, 0);
        }
        let r = num_rational::BigRational::new(num, den);
        return Ok((Number::from_rat(r), end));
    }
    let mut end = int_end;
    let mut fraction = false;
    if b.get(end) == Some(&b'.') && b.get(end + 1).is_some_and(u8::is_ascii_digit) {
        end = digits_end(b, end + 1, 10);
        fraction = true;
    }
    let mut exponent = false;
    if matches!(b.get(end), Some(b'e' | b'E')) {
        let mut k = end + 1;
        if matches!(b.get(k), Some(b'+' | b'-')) {
            k += 1;
        }
        // `1e10` is a float in SWI-Prolog (not in ISO); `1e` is 1 followed by `e`.
        if b.get(k).is_some_and(u8::is_ascii_digit) {
            end = digits_end(b, k, 10);
            exponent = true;
        }
    }
    if !fraction && !exponent {
        return Ok((based_int(&s[..int_end], 10), int_end));
    }
    let text: String = s[..end].chars().filter(|&c| c != '_').collect();
    let value: f64 = match text.parse() {
        Ok(v) => v,
        Err(_) => return fail(ScanError::IllegalNumber, 0),
    };
    // SWI writes infinities and NaN as 1.0Inf and 1.5NaN; read them back.
    if fraction && !exponent && s[end..].starts_with("Inf") {
        return Ok((Number::Float(f64::INFINITY), end + 3));
    }
    if fraction && !exponent && s[end..].starts_with("NaN") {
        return Ok((Number::Float(f64::NAN), end + 3));
    }
    if value.is_infinite() {
        return fail(ScanError::FloatOverflow, 0);
    }
    Ok((Number::Float(value), end))
}

/// End of a run of digits in `radix` starting at `from`; a single `_` between
/// two digits is a digit-group separator (SWI-Prolog 7).
fn digits_end(b: &[u8], from: usize, radix: u32) -> usize {
    let is_digit = |i: usize| b.get(i).is_some_and(|&c| (c as char).is_digit(radix));
    let mut i = from;
    while is_digit(i) {
        i += 1;
        if b.get(i) == Some(&b'_') && is_digit(i + 1) {
            i += 1;
        }
    }
    i
}

/// The value of a digit string (underscores allowed), demoted to `Int` when it fits.
fn based_int(digits: &str, radix: u32) -> Number {
    let clean: String;
    let digits = if digits.contains('_') {
        clean = digits.chars().filter(|&c| c != '_').collect();
        &clean
    } else {
        digits
    };
    if let Ok(i) = i64::from_str_radix(digits, radix) {
        return Number::Int(i);
    }
    match BigInt::parse_bytes(digits.as_bytes(), radix) {
        Some(big) => Number::from_big(big),
        // Unreachable for digit strings produced by `digits_end`.
        None => Number::Int(0),
    }
}

/// `0'c`: the code of one character, which may be an escape sequence. Accepts
/// `0'''` (ISO) and `0''` (SWI) for the quote, and `0' ` for the space.
fn char_code(s: &str) -> Result<(Number, usize), Fail> {
    let rest = &s[2..];
    let code = |c: char| Number::Int(c as i64);
    match rest.chars().next() {
        None => Err(Fail {
            err: ScanError::IllegalNumber,
            at: 0,
        }),
        Some('\\') => match escape(rest) {
            Ok((Some(c), n)) => Ok((code(c), 2 + n)),
            Ok((None, _)) => Err(Fail {
                err: ScanError::IllegalNumber,
                at: 0,
            }),
            Err((err, _)) => Err(Fail { err, at: 2 }),
        },
        Some('\'') if rest[1..].starts_with('\'') => Ok((code('\''), 4)),
        Some(c) => Ok((code(c), 2 + c.len_utf8())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(s: &str) -> (Number, usize) {
        scan_number(s).unwrap()
    }

    #[test]
    fn integers_in_all_notations() {
        assert_eq!(num("42 "), (Number::Int(42), 2));
        assert_eq!(num("0x1F"), (Number::Int(31), 4));
        assert_eq!(num("0o17"), (Number::Int(15), 4));
        assert_eq!(num("0b101"), (Number::Int(5), 5));
        assert_eq!(num("16'ff"), (Number::Int(255), 5));
        assert_eq!(num("1_000_000"), (Number::Int(1_000_000), 9));
        assert_eq!(num("1_a"), (Number::Int(1), 1));
        let (big, n) = num("123456789012345678901234567890");
        assert_eq!(n, 30);
        assert_eq!(
            big.to_bigint().unwrap().to_string(),
            "123456789012345678901234567890"
        );
        assert!(scan_number("0xG").is_err());
        assert_eq!(num("99'a"), (Number::Int(99), 2));
        assert_eq!(num("1'a"), (Number::Int(1), 1));
    }

    #[test]
    fn rationals() {
        let q =
            |n: i64, d: i64| Number::from_rat(num_rational::BigRational::new(n.into(), d.into()));
        assert_eq!(num("1r3 "), (q(1, 3), 3));
        assert_eq!(num("2r4"), (q(1, 2), 3));
        assert_eq!(num("4r2"), (Number::Int(2), 3));
        assert_eq!(num("1_000r3"), (q(1000, 3), 7));
        assert_eq!(num("1r03"), (q(1, 3), 4));
        assert_eq!(num("1rx"), (Number::Int(1), 1));
        assert_eq!(num("1r 3"), (Number::Int(1), 1));
        assert!(scan_number("1r0").is_err());
        assert!(scan_number("1r00").is_err());
    }

    #[test]
    fn character_codes() {
        assert_eq!(num("0'a"), (Number::Int(97), 3));
        assert_eq!(num("0'\\n"), (Number::Int(10), 4));
        assert_eq!(num("0''''"), (Number::Int(39), 4));
        assert_eq!(num("0''"), (Number::Int(39), 3));
        assert_eq!(num("0' "), (Number::Int(32), 3));
        assert_eq!(num("0'é"), (Number::Int(233), 4));
        assert_eq!(num("0'\\x41\\"), (Number::Int(65), 7));
        assert!(scan_number("0'").is_err());
    }

    #[test]
    fn floats() {
        assert_eq!(num("1.5e-3"), (Number::Float(1.5e-3), 6));
        assert_eq!(num("1.0e10"), (Number::Float(1.0e10), 6));
        assert_eq!(num("1e10"), (Number::Float(1.0e10), 4));
        assert_eq!(num("1.5E+3"), (Number::Float(1500.0), 6));
        assert_eq!(num("1.e5"), (Number::Int(1), 1));
        assert_eq!(num("1.5e"), (Number::Float(1.5), 3));
        assert_eq!(num("1.0Inf"), (Number::Float(f64::INFINITY), 6));
        assert!(matches!(num("1.5NaN"), (Number::Float(f), 6) if f.is_nan()));
        assert_eq!(
            scan_number("1e400").unwrap_err().err,
            ScanError::FloatOverflow
        );
    }

    #[test]
    fn quoted_text_and_escapes() {
        let q = scan_quoted("it''s' rest", '\'');
        assert_eq!((q.text.as_str(), q.len, q.eof), ("it's", 6, false));
        let q = scan_quoted(r"a\n\t\\\x41\\101\\e\s'", '\'');
        assert_eq!(q.text, "a\n\t\\AA\x1b ");
        let q = scan_quoted("a\\\nb'", '\'');
        assert_eq!(q.text, "ab");
        let q = scan_quoted("\\x41b'", '\'');
        assert_eq!(q.text, "\u{41b}");
        let q = scan_quoted("abc", '\'');
        assert!(q.eof);
        let q = scan_quoted("a\\zb'", '\'');
        assert_eq!(q.error.unwrap().err, ScanError::BadEscape('z'));
        assert_eq!(q.len, 5);
        let q = scan_quoted("\\x110000\\'", '\'');
        assert_eq!(q.error.unwrap().err, ScanError::BadCharCode);
    }
}
