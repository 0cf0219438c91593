//! SWI-Prolog's text predicates beyond ISO: name/2, atomic_concat/3,
//! atomics_to_string/2,3, normalize_space/2, collation_key/2 and string_bytes/3,
//! with the errors SWI-Prolog 9 raises (checked against `swipl`).
//!
//! Tested by: the unit tests below; tests/prolog/sys_text.pl.

use super::atoms::{make_text, text_atom, Elem, Kind};
use super::docs::reg_doc;
use super::reg_det;
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;

pub fn register(m: &mut Machine) {
    reg_doc(
        m,
        "name(?AtomOrNumber, ?Codes)",
        "Codes is the text of AtomOrNumber; from Codes, a number if the text reads as one, else an atom.",
    );
    reg_det(m, "name", 2, name);
    reg_doc(
        m,
        "atomic_concat(+A, +B, -Atom)",
        "Atom is the concatenation of the texts of the atomic terms A and B (deprecated).",
    );
    reg_det(m, "atomic_concat", 3, atomic_concat);
    reg_doc(
        m,
        "atomics_to_string(+List, -String)",
        "String is the concatenation of the texts of the atomic terms in List.",
    );
    reg_det(m, "atomics_to_string", 2, |m| atomics_to_string(m, None, 1));
    reg_doc(
        m,
        "atomics_to_string(+List, +Separator, -String)",
        "String is the texts of the atomic terms in List joined by Separator.",
    );
    reg_det(m, "atomics_to_string", 3, |m| {
        let sep = m.regs[1];
        atomics_to_string(m, Some(sep), 2)
    });
    reg_doc(
        m,
        "normalize_space(-Out, +Input)",
        "Out (atom(A), string(S), codes(Cs), codes(Cs, T), chars(Cs), chars(Cs, T) or a stream) is Input with runs of white space made one space, none at the ends.",
    );
    reg_det(m, "normalize_space", 2, normalize_space);
    reg_doc(
        m,
        "collation_key(+Atom, -Key)",
        "Key is a string that sorts as Atom does in the locale's collation order (the C locale: its text).",
    );
    reg_det(m, "collation_key", 2, |m| {
        let a = m.arg(0);
        let s = match m.heap.view(a) {
            View::Atom(x) => x.name().to_string(),
            View::Str(x) => x.to_string(),
            View::Var(_) => return Err(PErr::Instantiation),
            _ => return Err(m.type_error(atoms::ATOM, a)),
        };
        let k = m.heap.new_string(&s);
        Ok(m.unify(m.regs[1], k))
    });
    reg_doc(
        m,
        "string_bytes(?String, ?Bytes, +Encoding)",
        "Bytes is the list of bytes of String in Encoding (utf8, text, octet, iso_latin_1, ascii, utf16be, utf16le, ...).",
    );
    reg_det(m, "string_bytes", 3, string_bytes);
}

fn name(m: &mut Machine) -> Res {
    let a = m.arg(0);
    if a.tag() != REF {
        if matches!(a.tag(), STR | LIS) {
            return Err(m.type_error(atoms::ATOMIC, a));
        }
        let s = m.atomic_text(a).unwrap_or_default();
        let l = m.make_codes(&s);
        return Ok(m.unify(m.regs[1], l));
    }
    let l = m.arg(1);
    let s = match m.heap.view(l) {
        View::Str(x) => x.to_string(),
        _ => m.list_text(l, Elem::Code)?,
    };
    let t = match super::atoms::strict_number(&s) {
        Some(n) => m.heap.new_number(&n),
        None => Cell::atom(Atom::new(&s)),
    };
    Ok(m.unify(a, t))
}

fn atomic_concat(m: &mut Machine) -> Res {
    let a = m.atomic_arg(m.regs[0], atoms::ATOMIC)?;
    let b = m.atomic_arg(m.regs[1], atoms::ATOMIC)?;
    let c = m.arg(2);
    let joined = a + &b;
    if c.tag() == REF || c.tag() == ATM {
        return Ok(m.unify_atom(c, Atom::new(&joined)));
    }
    // SWI compares the text with any other atomic third argument.
    Ok(m.atomic_text(c).is_some_and(|t| t == joined))
}

/// The text of one element of atomics_to_string's list: atomic, else
/// `type_error(text, E)`.
fn atomic_element(m: &Machine, c: Cell) -> Res<String> {
    let d = m.heap.deref(c);
    match d.tag() {
        REF => Err(PErr::Instantiation),
        STR | LIS => Err(m.type_error(text_atom(), d)),
        _ => Ok(m.atomic_text(d).unwrap_or_default()),
    }
}

/// atomics_to_string/2,3; the string goes to argument register `out`.
fn atomics_to_string(m: &mut Machine, sep: Option<Cell>, out: usize) -> Res {
    let items = m.get_list(m.regs[0])?;
    let sep = match sep {
        Some(s) => atomic_element(m, s)?,
        None => String::new(),
    };
    let mut text = String::new();
    for (i, it) in items.into_iter().enumerate() {
        if i > 0 {
            text.push_str(&sep);
        }
        text.push_str(&atomic_element(m, it)?);
    }
    let s = m.heap.new_string(&text);
    Ok(m.unify(m.regs[out], s))
}

/// normalize_space/2's white space: Unicode white space less NEL, which SWI keeps.
fn is_space(c: char) -> bool {
    c.is_whitespace() && c != '\u{85}'
}

fn normalize_space(m: &mut Machine) -> Res {
    let out = m.arg(0);
    let input = m.arg(1);
    let text = match input.tag() {
        REF => return Err(PErr::Instantiation),
        STR | LIS => return Err(m.type_error(atoms::ATOMIC, input)),
        _ => m.atomic_text(input).unwrap_or_default(),
    };
    let norm = text
        .split(is_space)
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let (name, arity, args) = match m.heap.view(out) {
        View::Var(_) => return Err(PErr::Instantiation),
        View::Compound { name, arity, args } if name.name() != "$stream" => {
            (name.name().to_string(), arity, args)
        }
        _ => {
            // Anything else is an output stream, as for format/3.
            let s = m.heap.new_string(&norm);
            let tilde_s = m.heap.new_string("~s");
            let l = m.make_list(&[s]);
            let g = m.heap.new_compound(Atom::new("format"), &[out, tilde_s, l]);
            return m.run_once(g);
        }
    };
    let kind = match (name.as_str(), arity) {
        ("atom", 1) => Kind::Atom,
        ("string", 1) => Kind::Str,
        ("codes", 1 | 2) => Kind::Codes,
        ("chars", 1 | 2) => Kind::Chars,
        _ => return Err(m.type_error(Atom::new("output"), out)),
    };
    let result = if arity == 2 {
        let tail = m.heap.get(args + 1);
        let items: Vec<Cell> = match kind {
            Kind::Codes => norm.chars().map(|c| Cell::small_int(c as i64)).collect(),
            _ => norm
                .chars()
                .map(|c| Cell::atom(Atom::new(c.encode_utf8(&mut [0; 4]))))
                .collect(),
        };
        m.heap.list_from_slice(&items, tail)
    } else {
        make_text(m, &norm, kind)
    };
    Ok(m.unify(m.heap.get(args), result))
}

/// A byte encoding of text, as string_bytes/3 names them.
#[derive(Clone, Copy, PartialEq)]
pub enum Enc {
    Utf8,
    Latin1,
    Ascii,
    Utf16Be,
    Utf16Le,
}

pub fn encoding(m: &Machine, c: Cell) -> Res<Enc> {
    let a = m.get_atom(c)?;
    Ok(match a.name() {
        "utf8" | "UTF-8" | "text" => Enc::Utf8,
        "octet" | "iso_latin_1" => Enc::Latin1,
        "ascii" => Enc::Ascii,
        "utf16be" | "unicode_be" => Enc::Utf16Be,
        "utf16le" | "unicode_le" => Enc::Utf16Le,
        _ => return Err(PErr::Domain(Atom::new("encoding"), m.heap.deref(c))),
    })
}

fn cannot_represent() -> PErr {
    PErr::Representation(Atom::new("encoding"))
}

fn string_bytes(m: &mut Machine) -> Res {
    let enc = encoding(m, m.regs[2])?;
    let s = m.arg(0);
    if s.tag() != REF {
        let bytes = text_bytes(m, s, enc)?;
        let items: Vec<Cell> = bytes
            .into_iter()
            .map(|b| Cell::small_int(b as i64))
            .collect();
        let l = m.make_list(&items);
        return Ok(m.unify(m.regs[1], l));
    }
    let l = m.arg(1);
    let is_nil = l.tag() == ATM && l.get_atom() == atoms::NIL;
    if !(matches!(l.tag(), LIS | REF) || is_nil) {
        return Err(m.type_error(atoms::LIST, l));
    }
    // The list is read as text (SWI accepts characters too), each code a byte.
    let units = m.list_text(l, Elem::Code)?;
    let mut bytes = Vec::with_capacity(units.len());
    for c in units.chars() {
        let b = u8::try_from(c as u32).map_err(|_| cannot_represent())?;
        bytes.push(b);
    }
    let text = decode(&bytes, enc)?;
    let st = m.heap.new_string(&text);
    Ok(m.unify(s, st))
}

/// The bytes of the text `s` (atom, string, code or char list) in `enc`, with
/// string_bytes/3's errors; `s` is bound.
pub fn text_bytes(m: &Machine, s: Cell, enc: Enc) -> Res<Vec<u8>> {
    let s = m.heap.deref(s);
    let text = match m.heap.view(s) {
        View::Var(_) => return Err(PErr::Instantiation),
        // `[]` is the empty list of codes, as in SWI-Prolog 7+.
        View::Atom(a) if a == atoms::NIL => String::new(),
        View::Atom(a) => a.name().to_string(),
        View::Str(x) => x.to_string(),
        View::Compound { .. } => m.list_text(s, Elem::Code).map_err(|e| match e {
            PErr::Type(t, _) if t == atoms::LIST => m.type_error(text_atom(), s),
            e => e,
        })?,
        _ => return Err(m.type_error(text_atom(), s)),
    };
    encode(&text, enc)
}

fn encode(text: &str, enc: Enc) -> Res<Vec<u8>> {
    Ok(match enc {
        Enc::Utf8 => text.as_bytes().to_vec(),
        Enc::Latin1 | Enc::Ascii => {
            let max = if enc == Enc::Ascii { 0x7f } else { 0xff };
            let mut out = Vec::with_capacity(text.len());
            for c in text.chars() {
                if c as u32 > max {
                    return Err(cannot_represent());
                }
                out.push(c as u8);
            }
            out
        }
        Enc::Utf16Be | Enc::Utf16Le => text
            .encode_utf16()
            .flat_map(|u| match enc {
                Enc::Utf16Be => u.to_be_bytes(),
                _ => u.to_le_bytes(),
            })
            .collect(),
    })
}

/// The text that `bytes` encode in `enc` (string_bytes/3's reverse direction).
pub fn decode(bytes: &[u8], enc: Enc) -> Res<String> {
    Ok(match enc {
        // Bytes that are not UTF-8 read as Latin-1 characters, as in SWI.
        Enc::Utf8 => {
            let mut out = String::new();
            let mut rest = bytes;
            while !rest.is_empty() {
                match std::str::from_utf8(rest) {
                    Ok(s) => {
                        out.push_str(s);
                        break;
                    }
                    Err(e) => {
                        let good = e.valid_up_to();
                        out.push_str(std::str::from_utf8(&rest[..good]).unwrap_or_default());
                        out.push(char::from(rest[good]));
                        rest = &rest[good + 1..];
                    }
                }
            }
            out
        }
        Enc::Latin1 => bytes.iter().map(|&b| char::from(b)).collect(),
        Enc::Ascii => {
            if bytes.iter().any(|&b| b > 0x7f) {
                return Err(cannot_represent());
            }
            bytes.iter().map(|&b| char::from(b)).collect()
        }
        Enc::Utf16Be | Enc::Utf16Le => {
            if bytes.len() % 2 == 1 {
                return Err(PErr::Syntax("incomplete_multibyte_sequence".into()));
            }
            let units: Vec<u16> = bytes
                .chunks(2)
                .map(|p| {
                    let pair = [p[0], p.get(1).copied().unwrap_or(0)];
                    match enc {
                        Enc::Utf16Be => u16::from_be_bytes(pair),
                        _ => u16::from_le_bytes(pair),
                    }
                })
                .collect();
            String::from_utf16(&units).map_err(|_| PErr::Representation(Atom::new("code_point")))?
        }
    })
}

#[cfg(test)]
mod tests {
    /// Each goal must succeed (checked against SWI-Prolog 9.0.4); every one that does not is reported.
    #[test]
    fn goals_hold() {
        let failing = crate::builtins::goals_not_holding(&[
            r#"name(X, "42"), X == 42, name(Y, [0'a]), Y == a, name(Z, " 42"), Z == ' 42'"#,
            r#"name(foo, L), L == [0'f, 0'o, 0'o], name(Y, []), Y == ''"#,
            r#"catch(name(_, _), error(instantiation_error, _), true)"#,
            r#"atomic_concat(a, 1, X), X == a1"#,
            r#"atomics_to_string([a, 1, "s"], S), S == "a1s", atomics_to_string([a, b], ', ', T), T == "a, b""#,
            r#"normalize_space(atom(A), "  a   b  "), A == 'a b', normalize_space(codes(C, [0'x]), "a"), C == [0'a, 0'x]"#,
            r#"string_bytes("aé", B, utf8), B == [97, 195, 169], string_bytes(S, B, utf8), S == "aé""#,
            r#"string_bytes("aé", B, iso_latin_1), B == [97, 233]"#,
            r#"catch(string_bytes("a€", _, octet), error(representation_error(encoding), _), true)"#,
        ]);
        assert!(failing.is_empty(), "\n{}", failing.join("\n"));
    }
}
