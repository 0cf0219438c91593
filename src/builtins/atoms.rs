//! Converting between text types: atom_codes/2, atom_chars/2, char_code/2,
//! number_codes/2, number_chars/2, atom_number/2, number_string/2,
//! atom_string/2, string_chars/2, string_codes/2, string_to_atom/2,
//! text_to_string/2, upcase_atom/2 and friends, with SWI-Prolog's errors.
//! Concatenation and substrings are in `text.rs`.
//!
//! Tested by: the unit tests below; tests/prolog/atoms.pl, tests/prolog/strings.pl,
//! tests/builtins_differential.rs.

use super::docs::reg_doc;
use super::reg_det;
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;
use crate::term::number::Number;

pub fn register(m: &mut Machine) {
    reg_doc(
        m,
        "atom_codes(?Atom, ?Codes)",
        "Codes is the list of character codes of Atom.",
    );
    reg_det(m, "atom_codes", 2, |m| list_conv(m, Kind::Atom, Elem::Code));
    reg_doc(
        m,
        "atom_chars(?Atom, ?Chars)",
        "Chars is the list of one-character atoms of Atom.",
    );
    reg_det(m, "atom_chars", 2, |m| list_conv(m, Kind::Atom, Elem::Char));
    reg_doc(
        m,
        "string_codes(?String, ?Codes)",
        "Codes is the list of character codes of String.",
    );
    reg_det(m, "string_codes", 2, |m| {
        list_conv(m, Kind::Str, Elem::Code)
    });
    reg_doc(
        m,
        "string_chars(?String, ?Chars)",
        "Chars is the list of one-character atoms of String.",
    );
    reg_det(m, "string_chars", 2, |m| {
        list_conv(m, Kind::Str, Elem::Char)
    });
    reg_doc(
        m,
        "char_code(?Char, ?Code)",
        "Code is the character code of the one-character atom Char.",
    );
    reg_det(m, "char_code", 2, char_code);
    reg_doc(
        m,
        "number_codes(?Number, ?CodeList)",
        "CodeList is the character codes of Number written out; or Number is parsed from CodeList.",
    );
    reg_det(m, "number_codes", 2, |m| number_text(m, Elem::Code));
    reg_doc(
        m,
        "number_chars(?Number, ?CharList)",
        "CharList is the characters of Number written out; or Number is parsed from CharList.",
    );
    reg_det(m, "number_chars", 2, |m| number_text(m, Elem::Char));
    reg_doc(
        m,
        "atom_number(?Atom, ?Number)",
        "Atom is the text of Number; fails if Atom does not read as a number.",
    );
    reg_det(m, "atom_number", 2, atom_number);
    reg_doc(m, "number_string(?Number, ?String)", "String is Number written out; or Number is parsed from String, allowing surrounding white space.");
    reg_det(m, "number_string", 2, number_string);
    reg_doc(
        m,
        "atom_string(?Atom, ?String)",
        "String has the same characters as Atom.",
    );
    reg_det(m, "atom_string", 2, |m| {
        pair_conv(m, (atoms::ATOM, Kind::Atom), (atoms::STRING, Kind::Str))
    });
    reg_doc(
        m,
        "string_to_atom(?String, ?Atom)",
        "Convert between a string and an atom with the same text.",
    );
    reg_det(m, "string_to_atom", 2, |m| {
        pair_conv(m, (atoms::STRING, Kind::Str), (atoms::ATOM, Kind::Atom))
    });
    reg_doc(
        m,
        "text_to_string(+Text, -String)",
        "String is the text of Text, an atom, string, or list of codes or characters.",
    );
    reg_det(m, "text_to_string", 2, text_to_string);
    reg_doc(
        m,
        "upcase_atom(+AnyCase, -UpperCase)",
        "UpperCase is the atom of AnyCase's text with all letters made upper case.",
    );
    reg_det(m, "upcase_atom", 2, |m| change_case(m, true, Kind::Atom));
    reg_doc(
        m,
        "downcase_atom(+AnyCase, -LowerCase)",
        "LowerCase is AnyCase with every letter in lower case.",
    );
    reg_det(m, "downcase_atom", 2, |m| change_case(m, false, Kind::Atom));
    reg_doc(
        m,
        "string_upper(+String, -UpperCase)",
        "UpperCase is String with all letters made upper case.",
    );
    reg_det(m, "string_upper", 2, |m| change_case(m, true, Kind::Str));
    reg_doc(
        m,
        "string_lower(+String, -LowerCase)",
        "LowerCase is String with all letters made lower case.",
    );
    reg_det(m, "string_lower", 2, |m| change_case(m, false, Kind::Str));
}

/// The atom `text` (type errors of text arguments).
pub fn text_atom() -> Atom {
    Atom::new("text")
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Kind {
    Atom,
    Str,
    Codes,
    Chars,
}

/// The element type of a code or character list (named in type errors).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Elem {
    Code,
    Char,
}

impl Elem {
    fn type_atom(self) -> Atom {
        match self {
            Elem::Code => Atom::new("character_code"),
            Elem::Char => atoms::CHARACTER,
        }
    }
}

pub fn make_text(m: &mut Machine, s: &str, k: Kind) -> Cell {
    match k {
        Kind::Atom => Cell::atom(Atom::new(s)),
        Kind::Str => m.heap.new_string(s),
        Kind::Codes => m.make_codes(s),
        Kind::Chars => m.make_chars(s),
    }
}

impl Machine {
    /// Text of an atomic argument (atom, string, number): None for anything else.
    pub fn atomic_text(&self, c: Cell) -> Option<String> {
        match self.heap.view(c) {
            View::Atom(a) => Some(a.name().to_string()),
            View::Str(s) => Some(s.to_string()),
            View::Int(_) | View::BigInt(_) | View::Float(_) | View::Rational(_) => {
                Some(self.format_number(c))
            }
            _ => None,
        }
    }

    /// Text of a code or character list with SWI's errors: instantiation error
    /// for a partial list or unbound element, `type_error(list, L)` for a non-list,
    /// `type_error(character_code | character, E)` for a bad element (the list's
    /// first element decides whether it is a code or a character list).
    pub fn list_text(&self, l: Cell, elem: Elem) -> Res<String> {
        let items = match self.list_items(l) {
            Ok(v) => v,
            Err(t) if t.tag() == REF => return Err(PErr::Instantiation),
            Err(_) => return Err(self.type_error(atoms::LIST, l)),
        };
        let first_is_code = items
            .first()
            .is_some_and(|&c| self.heap.deref(c).tag() == INT);
        let mut s = String::with_capacity(items.len());
        for it in items {
            let it = self.heap.deref(it);
            let ch = match it.tag() {
                REF => return Err(PErr::Instantiation),
                INT if first_is_code => u32::try_from(it.get_int()).ok().and_then(char::from_u32),
                ATM if !first_is_code => single_char(it.get_atom()),
                _ => None,
            };
            match ch {
                Some(ch) => s.push(ch),
                None if first_is_code => {
                    return Err(self.type_error(Atom::new("character_code"), it))
                }
                None if elem == Elem::Code && it.tag() != ATM => {
                    return Err(self.type_error(Atom::new("character_code"), it))
                }
                None => return Err(self.type_error(elem.type_atom(), it)),
            }
        }
        Ok(s)
    }

    /// Any text (atomic or a code/char list); `ty` names the type in errors.
    pub fn any_text(&self, c: Cell, ty: Atom) -> Res<String> {
        let d = self.heap.deref(c);
        match d.tag() {
            REF => Err(PErr::Instantiation),
            LIS => self.list_text(d, Elem::Code).map_err(|e| match e {
                PErr::Type(t, _) if t == atoms::LIST => self.type_error(ty, d),
                e => e,
            }),
            STR => Err(self.type_error(ty, d)),
            _ => Ok(self.atomic_text(d).unwrap_or_default()),
        }
    }

    /// An atomic text argument: instantiation error if unbound, `type_error(ty, C)`
    /// for compound terms.
    pub fn atomic_arg(&self, c: Cell, ty: Atom) -> Res<String> {
        let d = self.heap.deref(c);
        match d.tag() {
            REF => Err(PErr::Instantiation),
            STR | LIS => Err(self.type_error(ty, d)),
            _ => Ok(self.atomic_text(d).unwrap_or_default()),
        }
    }
}

fn single_char(a: Atom) -> Option<char> {
    let mut it = a.name().chars();
    match (it.next(), it.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

/// atom_codes/2, atom_chars/2, string_codes/2, string_chars/2.
fn list_conv(m: &mut Machine, kind: Kind, elem: Elem) -> Res {
    let a = m.arg(0);
    if a.tag() != REF {
        let s = if kind == Kind::Atom {
            m.atomic_arg(a, atoms::ATOM)?
        } else {
            m.any_text(a, text_atom())?
        };
        let t = make_text(
            m,
            &s,
            match elem {
                Elem::Code => Kind::Codes,
                Elem::Char => Kind::Chars,
            },
        );
        return Ok(m.unify(m.regs[1], t));
    }
    let l = m.arg(1);
    let s = match m.heap.view(l) {
        View::Str(s) => s.to_string(),
        _ => m.list_text(l, elem)?,
    };
    let t = make_text(m, &s, kind);
    Ok(m.unify(a, t))
}

fn char_code(m: &mut Machine) -> Res {
    let a = m.arg(0);
    let c = m.arg(1);
    if c.tag() != REF && c.tag() != INT {
        return Err(m.type_error(atoms::INTEGER, c));
    }
    match a.tag() {
        ATM => match single_char(a.get_atom()) {
            Some(ch) => Ok(m.unify_int(c, ch as i64)),
            None => Err(m.type_error(atoms::CHARACTER, a)),
        },
        REF => {
            if c.tag() == REF {
                return Err(PErr::Instantiation);
            }
            match u32::try_from(c.get_int()).ok().and_then(char::from_u32) {
                Some(ch) => {
                    let t = Cell::atom(Atom::new(ch.encode_utf8(&mut [0; 4])));
                    Ok(m.unify(a, t))
                }
                None => Err(m.type_error(Atom::new("character_code"), c)),
            }
        }
        _ => Err(m.type_error(atoms::CHARACTER, a)),
    }
}

/// Parses number text as number_codes/2 does: leading layout allowed, nothing after.
fn parse_number_text(m: &mut Machine, s: &str) -> Res<Cell> {
    match crate::syntax::reader::parse_number(s) {
        Some(n) => Ok(m.heap.new_number(&n)),
        None => Err(PErr::Syntax("illegal_number".into())),
    }
}

/// number_codes/2, number_chars/2.
fn number_text(m: &mut Machine, elem: Elem) -> Res {
    let b = m.arg(1);
    if b.tag() != REF {
        let s = match m.heap.view(b) {
            View::Str(s) => s.to_string(),
            _ => m.list_text(b, elem)?,
        };
        let n = parse_number_text(m, &s)?;
        return Ok(m.unify(m.regs[0], n));
    }
    let a = m.arg(0);
    if a.tag() == REF {
        return Err(PErr::Instantiation);
    }
    if m.heap.number(a).is_none() {
        return Err(m.type_error(atoms::NUMBER, a));
    }
    let s = m.format_number(a);
    let kind = match elem {
        Elem::Code => Kind::Codes,
        Elem::Char => Kind::Chars,
    };
    let t = make_text(m, &s, kind);
    Ok(m.unify(b, t))
}

/// Strict number text (atom_number/2, number_string/2): no layout around it.
pub(crate) fn strict_number(s: &str) -> Option<Number> {
    if s.starts_with(char::is_whitespace) {
        return None;
    }
    crate::syntax::reader::parse_number(s)
}

fn atom_number(m: &mut Machine) -> Res {
    let a = m.arg(0);
    if a.tag() == REF {
        let n = m.arg(1);
        if n.tag() == REF {
            return Err(PErr::Instantiation);
        }
        if m.heap.number(n).is_none() {
            return Err(m.type_error(atoms::NUMBER, n));
        }
        let s = m.format_number(n);
        return Ok(m.unify_atom(a, Atom::new(&s)));
    }
    let s = match m.heap.view(a) {
        View::Atom(x) => x.name().to_string(),
        View::Str(x) => x.to_string(),
        _ => return Err(m.type_error(atoms::ATOM, a)),
    };
    match strict_number(&s) {
        Some(n) => Ok(m.unify_number(m.regs[1], &n)),
        None => Ok(false),
    }
}

fn number_string(m: &mut Machine) -> Res {
    let s = m.arg(1);
    if s.tag() != REF {
        let text = match m.heap.view(s) {
            View::Str(x) => x.to_string(),
            View::Compound { .. } => m.list_text(s, Elem::Code)?,
            _ => return Err(m.type_error(atoms::LIST, s)),
        };
        return match strict_number(&text) {
            Some(n) => Ok(m.unify_number(m.regs[0], &n)),
            None => Ok(false),
        };
    }
    let n = m.arg(0);
    if n.tag() == REF {
        return Err(PErr::Instantiation);
    }
    if m.heap.number(n).is_none() {
        return Err(m.type_error(atoms::NUMBER, n));
    }
    let text = m.format_number(n);
    let c = m.heap.new_string(&text);
    Ok(m.unify(s, c))
}

/// atom_string/2, string_to_atom/2: convert whichever side is bound.
fn pair_conv(m: &mut Machine, left: (Atom, Kind), right: (Atom, Kind)) -> Res {
    let a = m.arg(0);
    if a.tag() != REF {
        let s = m.atomic_arg(a, left.0)?;
        let t = make_text(m, &s, right.1);
        return Ok(m.unify(m.regs[1], t));
    }
    let b = m.arg(1);
    let s = m.atomic_arg(b, right.0)?;
    let t = make_text(m, &s, left.1);
    Ok(m.unify(a, t))
}

fn text_to_string(m: &mut Machine) -> Res {
    let a = m.arg(0);
    if a.tag() == REF {
        let b = m.arg(1);
        if b.tag() == REF {
            return Err(PErr::Instantiation);
        }
        let s = m.any_text(b, text_atom())?;
        let c = m.heap.new_string(&s);
        return Ok(m.unify(a, c));
    }
    if m.heap.number(a).is_some() {
        return Err(m.type_error(text_atom(), a));
    }
    let s = m.any_text(a, text_atom())?;
    let c = m.heap.new_string(&s);
    Ok(m.unify(m.regs[1], c))
}

/// upcase_atom/2, downcase_atom/2, string_upper/2, string_lower/2.
fn change_case(m: &mut Machine, up: bool, kind: Kind) -> Res {
    let s = m.atomic_arg(m.regs[0], atoms::ATOMIC)?;
    let t: String = if up {
        s.chars().map(super::chartype::upper).collect()
    } else {
        s.chars().map(super::chartype::lower).collect()
    };
    let out = m.arg(1);
    if out.tag() != REF {
        return Ok(m.atomic_text(out).is_some_and(|o| o == t) && !matches!(out.tag(), STR | LIS));
    }
    let c = make_text(m, &t, kind);
    Ok(m.unify(out, c))
}

#[cfg(test)]
mod tests {
    /// Each goal must succeed (checked against SWI-Prolog 9.0.4); every one that does not is reported.
    #[test]
    fn goals_hold() {
        // conversions between atoms, strings, codes, chars and numbers
        let failing = crate::builtins::goals_not_holding(&[
            r#"atom_codes(abc, L), L == [0'a, 0'b, 0'c]"#,
            r#"atom_chars(X, [a, b]), X == ab"#,
            r#"char_code(C, 0'x), C == x"#,
            r#"number_codes(N, [0'4, 0'2]), N == 42"#,
            r#"atom_number('3.5', N), N == 3.5"#,
            r#"\+ atom_number(foo, _)"#,
            r#"catch(atom_codes(_, _), error(E, _), true), E == instantiation_error"#,
            r#"catch(number_codes(_, [0'a]), error(E, _), true), E = syntax_error(_)"#,
            r#"atom_string(A, "xyz"), A == xyz"#,
            r#"upcase_atom('aBc', U), U == 'ABC'"#,
            r#"string_chars(S, [h, i]), S == "hi""#,
            r#"string_to_atom("ab", A), A == ab"#,
            r#"number_string(N, "12"), N == 12"#,
            r#"catch(char_code(_, -1), error(E, _), true), E == type_error(character_code, -1)"#,
        ]);
        assert!(failing.is_empty(), "\n{}", failing.join("\n"));
    }
}
