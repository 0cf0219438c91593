//! The natives under library(base64) (library/base64.pl): Base64 encoding of
//! text (the `base64` crate) and decoding with SWI-Prolog 9's rules, which are
//! looser than RFC 4648's: groups of four are decoded one after another (so
//! `aGk=aGk=` is `hihi`), trailing bits of a padded group are ignored, the
//! `url` character set also accepts `+` and `/`, and a decoder run as a DCG
//! stops at the first group it cannot start, leaving the rest. Valid input
//! takes the crate's fast path; anything the crate refuses is decoded again by
//! `decode_groups`, which gives SWI's answer (the bytes, failure, or the
//! `syntax_error(base64_char(_, C))` of the offending character).
//!
//! Tested by: tests/prolog/lib_base64.pl (under knightlog and SWI-Prolog).

use super::docs::reg_doc;
use super::reg_det;
use super::text_sys::{decode, encoding, text_bytes, Enc};
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use base64::alphabet;
use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
use base64::Engine;

pub fn register(m: &mut Machine) {
    reg_doc(
        m,
        "$base64_encode(+Plain, +Encoding, +Charset, +Padding, -Encoded)",
        "Encoded is the Base64 string of the bytes of text Plain in Encoding (library(base64)).",
    );
    reg_det(m, "$base64_encode", 5, |m| {
        let enc = encoding(m, m.regs[1])?;
        let bytes = text_bytes(m, m.regs[0], enc)?;
        let (url, pad) = charset_padding(m, 2)?;
        let s = engine(url, pad).encode(bytes);
        let st = m.heap.new_string(&s);
        Ok(m.unify(m.regs[4], st))
    });
    reg_doc(
        m,
        "$base64_decode(+Encoded, +Charset, +Padding, +Encoding, -Plain)",
        "Plain is the string whose bytes in Encoding are the Base64 text Encoded; fails if Encoded is not all Base64.",
    );
    reg_det(m, "$base64_decode", 5, |m| {
        let (url, pad) = charset_padding(m, 1)?;
        let enc = encoding(m, m.regs[3])?;
        let codes = text_bytes(m, m.regs[0], Enc::Latin1)?;
        let bytes = match engine(url, pad).decode(&codes) {
            Ok(b) => b,
            Err(_) => {
                let syms: Vec<Sym> = codes.iter().map(|&c| classify(c.into(), url)).collect();
                match decode_groups(&syms, pad) {
                    Ok((b, used)) if used == syms.len() => b,
                    Ok(_) => return Ok(false),
                    Err(i) => return Err(bad_char(m, Cell::small_int(codes[i].into()))),
                }
            }
        };
        let text = decode(&bytes, enc)?;
        let st = m.heap.new_string(&text);
        Ok(m.unify(m.regs[4], st))
    });
    reg_doc(
        m,
        "$base64_decode_codes(+Codes, +Charset, +Padding, -Bytes, -Rest)",
        "Bytes are decoded from the longest run of Base64 groups that starts Codes; Rest is what follows.",
    );
    reg_det(m, "$base64_decode_codes", 5, decode_codes);
}

/// The crate's engine for a character set (`url`) and padding: decoding
/// allows trailing bits and, when padding, wants it as the encoder writes it.
fn engine(url: bool, pad: bool) -> GeneralPurpose {
    let mode = if pad {
        DecodePaddingMode::RequireCanonical
    } else {
        DecodePaddingMode::RequireNone
    };
    let config = GeneralPurposeConfig::new()
        .with_encode_padding(pad)
        .with_decode_allow_trailing_bits(true)
        .with_decode_padding_mode(mode);
    let abc = if url {
        &alphabet::URL_SAFE
    } else {
        &alphabet::STANDARD
    };
    GeneralPurpose::new(abc, config)
}

/// Arguments `i` (charset: `classic` or `url`) and `i + 1` (padding: a Boolean),
/// already checked by the library.
fn charset_padding(m: &Machine, i: usize) -> Res<(bool, bool)> {
    let url = m.get_atom(m.regs[i])?.name() == "url";
    let pad = m.get_atom(m.regs[i + 1])? == atoms::TRUE;
    Ok((url, pad))
}

/// `syntax_error(base64_char(_, C))`, SWI's error for a character that cannot
/// stand where it is.
fn bad_char(m: &mut Machine, c: Cell) -> PErr {
    let v = m.heap.new_var();
    let what = m.heap.new_compound(Atom::new("base64_char"), &[v, c]);
    let formal = m.heap.new_compound(Atom::new("syntax_error"), &[what]);
    let ctx = m.heap.new_var();
    PErr::Throw(m.heap.new_compound(atoms::ERROR, &[formal, ctx]))
}

/// One element of the encoded input.
#[derive(Clone, Copy, PartialEq)]
enum Sym {
    /// A Base64 digit and its value.
    Val(u8),
    /// `=`.
    Pad,
    /// Anything else (a term that is no character code included).
    Bad,
    /// An unbound list element.
    Unbound,
}

fn classify(c: i64, url: bool) -> Sym {
    let Ok(b) = u8::try_from(c) else {
        return Sym::Bad;
    };
    Sym::Val(match b {
        b'A'..=b'Z' => b - b'A',
        b'a'..=b'z' => b - b'a' + 26,
        b'0'..=b'9' => b - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        b'-' if url => 62,
        b'_' if url => 63,
        b'=' => return Sym::Pad,
        _ => return Sym::Bad,
    })
}

/// SWI's decoder over `syms`: the bytes and how many symbols they used, or the
/// index of the symbol that breaks a group. Padded, a group is four symbols
/// (`xy==`, `xyz=` or `xyzw`) and fewer than four left end the input; unpadded,
/// a group is two to four digits and a lone digit at the end is left over.
fn decode_groups(syms: &[Sym], pad: bool) -> Result<(Vec<u8>, usize), usize> {
    let val = |i: usize| match syms[i] {
        Sym::Val(v) => Ok(u32::from(v)),
        _ => Err(i),
    };
    let mut out = Vec::with_capacity(syms.len() / 4 * 3 + 2);
    let mut i = 0;
    loop {
        let left = syms.len() - i;
        if pad {
            if left < 4 {
                return Ok((out, i));
            }
            let n = (val(i)? << 18) | (val(i + 1)? << 12);
            match (syms[i + 2], syms[i + 3]) {
                (Sym::Pad, Sym::Pad) => out.push((n >> 16) as u8),
                (Sym::Pad, _) => return Err(i + 2),
                (Sym::Val(c), Sym::Pad) => {
                    let n = n | u32::from(c) << 6;
                    out.extend_from_slice(&[(n >> 16) as u8, (n >> 8) as u8]);
                }
                (Sym::Val(c), Sym::Val(d)) => {
                    let n = n | u32::from(c) << 6 | u32::from(d);
                    out.extend_from_slice(&[(n >> 16) as u8, (n >> 8) as u8, n as u8]);
                }
                (Sym::Val(_), _) => return Err(i + 3),
                _ => return Err(i + 2),
            }
            i += 4;
        } else {
            if left == 0 || !matches!(syms[i], Sym::Val(_)) || left == 1 {
                return Ok((out, i));
            }
            let mut n = (val(i)? << 18) | (val(i + 1)? << 12);
            if left == 2 {
                out.push((n >> 16) as u8);
                return Ok((out, syms.len()));
            }
            n |= val(i + 2)? << 6;
            if left == 3 {
                out.extend_from_slice(&[(n >> 16) as u8, (n >> 8) as u8]);
                return Ok((out, syms.len()));
            }
            n |= val(i + 3)?;
            out.extend_from_slice(&[(n >> 16) as u8, (n >> 8) as u8, n as u8]);
            i += 4;
        }
    }
}

/// '$base64_decode_codes'/5: the DCG decoder over a list of codes. A partial
/// list is an instantiation error (SWI would extend it); a non-list tail ends
/// the input and is left in the rest.
fn decode_codes(m: &mut Machine) -> Res {
    let (url, pad) = charset_padding(m, 1)?;
    let mut cells = Vec::new();
    let mut syms = Vec::new();
    let mut l = m.arg(0);
    while l.tag() == LIS {
        let e = m.heap.deref(m.heap.get(l.addr()));
        cells.push(l);
        syms.push(match e.tag() {
            INT => classify(e.get_int(), url),
            REF => Sym::Unbound,
            _ => Sym::Bad,
        });
        l = m.heap.deref(m.heap.get(l.addr() + 1));
    }
    if l.tag() == REF {
        return Err(PErr::Instantiation);
    }
    let (bytes, used) = match decode_groups(&syms, pad) {
        Ok(r) => r,
        Err(i) if syms[i] == Sym::Unbound => return Err(PErr::Instantiation),
        Err(i) => {
            let e = m.heap.get(cells[i].addr());
            return Err(bad_char(m, m.heap.deref(e)));
        }
    };
    let rest = cells.get(used).copied().unwrap_or(l);
    let items: Vec<Cell> = bytes.iter().map(|&b| Cell::small_int(b.into())).collect();
    let list = m.make_list(&items);
    Ok(m.unify(m.regs[3], list) && m.unify(m.regs[4], rest))
}

#[cfg(test)]
mod tests {
    use super::{classify, decode_groups, Sym};

    fn run(s: &str, url: bool, pad: bool) -> Result<(Vec<u8>, usize), usize> {
        let syms: Vec<Sym> = s.bytes().map(|b| classify(b.into(), url)).collect();
        decode_groups(&syms, pad)
    }

    #[test]
    fn groups_as_swi() {
        assert_eq!(run("aGk=aGk=", false, true), Ok((b"hihi".to_vec(), 8)));
        assert_eq!(run("aH==", false, true), Ok((b"h".to_vec(), 4)));
        assert_eq!(run("aGVsa)", false, true), Ok((b"hel".to_vec(), 4)));
        assert_eq!(run("aG=k", false, true), Err(2));
        assert_eq!(run("aGk)", false, true), Err(3));
        assert_eq!(run("aGk", true, false), Ok((b"hi".to_vec(), 3)));
        assert_eq!(run("aGVsa", true, false), Ok((b"hel".to_vec(), 4)));
        assert_eq!(run("aG)", true, false), Err(2));
        assert_eq!(run("a+/b", true, false), run("a-_b", true, false));
        assert_eq!(run("a-_b", false, true), Err(1));
    }
}
