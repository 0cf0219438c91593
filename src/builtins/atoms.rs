//! Atoms, characters, numbers as text, and SWI strings.

use super::{reg_det, reg_nondet};
use crate::engine::atom::{atoms, Atom};
use crate::engine::cell::*;
use crate::engine::error::{PErr, Res};
use crate::engine::heap::View;
use crate::engine::Machine;

pub fn register(m: &mut Machine) {
    reg_det(m, "atom_codes", 2, |m| {
        text_conv(m, Kind::Atom, Kind::Codes)
    });
    reg_det(m, "atom_chars", 2, |m| {
        text_conv(m, Kind::Atom, Kind::Chars)
    });
    reg_det(m, "char_code", 2, char_code);
    reg_det(m, "atom_length", 2, |m| text_length(m, atoms::ATOM));
    reg_det(m, "string_length", 2, |m| text_length(m, atoms::STRING));
    reg_det(m, "number_codes", 2, |m| number_text(m, Kind::Codes));
    reg_det(m, "number_chars", 2, |m| number_text(m, Kind::Chars));
    reg_det(m, "atom_number", 2, atom_number);
    reg_det(m, "number_string", 2, number_string);
    reg_det(m, "atom_string", 2, |m| text_conv(m, Kind::Atom, Kind::Str));
    reg_det(m, "string_chars", 2, |m| {
        text_conv(m, Kind::Str, Kind::Chars)
    });
    reg_det(m, "string_codes", 2, |m| {
        text_conv(m, Kind::Str, Kind::Codes)
    });
    reg_det(m, "string_to_atom", 2, |m| {
        text_conv(m, Kind::Str, Kind::Atom)
    });
    reg_det(m, "string_code", 3, string_code);
    reg_det(m, "text_to_string", 2, |m| {
        let s = m.get_text(m.regs[0], atoms::STRING)?;
        let c = m.heap.new_string(&s);
        Ok(m.unify(m.regs[1], c))
    });
    reg_det(m, "upcase_atom", 2, |m| case_atom(m, true));
    reg_det(m, "downcase_atom", 2, |m| case_atom(m, false));
    reg_det(m, "string_upper", 2, |m| case_string(m, true));
    reg_det(m, "string_lower", 2, |m| case_string(m, false));
    reg_nondet(m, "atom_concat", 3, |m, s| concat(m, s, Kind::Atom));
    reg_nondet(m, "string_concat", 3, |m, s| concat(m, s, Kind::Str));
    reg_nondet(m, "sub_atom", 5, |m, s| sub_text(m, s, Kind::Atom));
    reg_nondet(m, "sub_string", 5, |m, s| sub_text(m, s, Kind::Str));
    reg_det(m, "atomic_list_concat", 2, |m| list_concat(m, false));
    reg_det(m, "atomic_list_concat", 3, |m| list_concat(m, true));
    reg_det(m, "split_string", 4, split_string);
    reg_det(m, "atom_to_term", 3, |m| {
        super::io::parse_term_builtin(m, true)
    });
    reg_det(m, "term_to_atom", 2, super::io::term_to_atom);
    reg_det(m, "read_term_from_atom", 3, |m| {
        super::io::parse_term_builtin(m, false)
    });
}

#[derive(Copy, Clone, PartialEq)]
pub enum Kind {
    Atom,
    Str,
    Codes,
    Chars,
}

pub fn make_text(m: &mut Machine, s: &str, k: Kind) -> Cell {
    match k {
        Kind::Atom => Cell::atom(Atom::new(s)),
        Kind::Str => m.heap.new_string(s),
        Kind::Codes => m.make_codes(s),
        Kind::Chars => m.make_chars(s),
    }
}

fn type_of(k: Kind) -> Atom {
    match k {
        Kind::Atom => atoms::ATOM,
        Kind::Str => atoms::STRING,
        Kind::Codes | Kind::Chars => atoms::LIST,
    }
}

/// atom_codes/2 and friends: convert whichever side is bound.
fn text_conv(m: &mut Machine, left: Kind, right: Kind) -> Res {
    let a = m.arg(0);
    if a.tag() != REF {
        let s = match (left, m.heap.view(a)) {
            (Kind::Atom, View::Compound { .. }) => return Err(PErr::Type(atoms::ATOM, a)),
            _ => m.get_text(a, type_of(left))?,
        };
        let t = make_text(m, &s, right);
        return Ok(m.unify(m.regs[1], t));
    }
    let b = m.arg(1);
    let s = match m.text_of(b) {
        Some(s) if right != Kind::Atom || b.tag() != STR => s,
        _ => {
            return Err(m
                .get_text(b, type_of(right))
                .err()
                .unwrap_or(PErr::Instantiation))
        }
    };
    let t = make_text(m, &s, left);
    Ok(m.unify(a, t))
}

fn text_length(m: &mut Machine, ty: Atom) -> Res {
    let a = m.arg(0);
    if matches!(a.tag(), STR | LIS) {
        return Err(PErr::Type(ty, a));
    }
    let s = m.get_text(a, ty)?;
    let l = m.arg(1);
    match l.tag() {
        REF => {}
        INT if l.get_int() < 0 => return Err(PErr::Domain(atoms::NOT_LESS_THAN_ZERO, l)),
        INT => {}
        _ => return Err(PErr::Type(atoms::INTEGER, l)),
    }
    Ok(m.unify_int(l, s.chars().count() as i64))
}

fn char_code(m: &mut Machine) -> Res {
    let a = m.arg(0);
    match a.tag() {
        ATM => {
            let n = a.get_atom().name();
            let mut it = n.chars();
            match (it.next(), it.next()) {
                (Some(c), None) => Ok(m.unify_int(m.regs[1], c as i64)),
                _ => Err(PErr::Type(atoms::CHARACTER, a)),
            }
        }
        REF => {
            let c = m.arg(1);
            if c.tag() == REF {
                return Err(PErr::Instantiation);
            }
            let code = m.get_int(c)?;
            match u32::try_from(code).ok().and_then(char::from_u32) {
                Some(ch) => {
                    let t = Cell::atom(Atom::new(ch.encode_utf8(&mut [0; 4])));
                    Ok(m.unify(a, t))
                }
                None => Err(PErr::Representation(Atom::new("character_code"))),
            }
        }
        _ => Err(PErr::Type(atoms::CHARACTER, a)),
    }
}

/// Parses number text; a syntax error as ISO requires.
fn parse_num(m: &mut Machine, s: &str) -> Res<Cell> {
    match crate::syntax::reader::parse_number(s) {
        Some(n) => Ok(m.heap.new_number(&n)),
        None => Err(PErr::Syntax("illegal_number".into())),
    }
}

fn number_text(m: &mut Machine, k: Kind) -> Res {
    let b = m.arg(1);
    if let Some(s) = m.text_of(b).filter(|_| {
        matches!(
            m.heap.view(b),
            View::Compound { .. } | View::Atom(_) | View::Str(_)
        )
    }) {
        let n = parse_num(m, &s)?;
        return Ok(m.unify(m.regs[0], n));
    }
    let a = m.arg(0);
    if a.tag() == REF {
        return Err(m
            .get_text(b, atoms::LIST)
            .err()
            .unwrap_or(PErr::Instantiation));
    }
    if m.heap.number(a).is_none() {
        return Err(PErr::Type(atoms::NUMBER, a));
    }
    let s = m.format_number(a);
    let t = make_text(m, &s, k);
    Ok(m.unify(b, t))
}

fn atom_number(m: &mut Machine) -> Res {
    let a = m.arg(0);
    if a.tag() == REF {
        let n = m.arg(1);
        if n.tag() == REF {
            return Err(PErr::Instantiation);
        }
        if m.heap.number(n).is_none() {
            return Err(PErr::Type(atoms::NUMBER, n));
        }
        let s = m.format_number(n);
        return Ok(m.unify_atom(a, Atom::new(&s)));
    }
    let s = m.get_text(a, atoms::ATOM)?;
    match crate::syntax::reader::parse_number(&s) {
        Some(n) => Ok(m.unify_number(m.regs[1], &n)),
        None => Ok(false),
    }
}

fn number_string(m: &mut Machine) -> Res {
    let s = m.arg(1);
    if s.tag() != REF {
        let text = m.get_text(s, atoms::STRING)?;
        let n = parse_num(m, text.trim())?;
        return Ok(m.unify(m.regs[0], n));
    }
    let n = m.arg(0);
    if m.heap.number(n).is_none() {
        return Err(if n.tag() == REF {
            PErr::Instantiation
        } else {
            PErr::Type(atoms::NUMBER, n)
        });
    }
    let text = m.format_number(n);
    let c = m.heap.new_string(&text);
    Ok(m.unify(s, c))
}

fn string_code(m: &mut Machine) -> Res {
    let i = m.get_int(m.regs[0])?;
    let s = m.get_text(m.regs[1], atoms::STRING)?;
    if i < 1 {
        return Ok(false);
    }
    match s.chars().nth(i as usize - 1) {
        Some(c) => Ok(m.unify_int(m.regs[2], c as i64)),
        None => Ok(false),
    }
}

fn case_atom(m: &mut Machine, up: bool) -> Res {
    let s = m.get_text(m.regs[0], atoms::ATOM)?;
    let t = if up {
        s.to_uppercase()
    } else {
        s.to_lowercase()
    };
    Ok(m.unify_atom(m.regs[1], Atom::new(&t)))
}

fn case_string(m: &mut Machine, up: bool) -> Res {
    let s = m.get_text(m.regs[0], atoms::STRING)?;
    let t = if up {
        s.to_uppercase()
    } else {
        s.to_lowercase()
    };
    let c = m.heap.new_string(&t);
    Ok(m.unify(m.regs[1], c))
}

/// atom_concat/3, string_concat/3: concatenate, or split nondeterministically.
fn concat(m: &mut Machine, state: Option<Cell>, k: Kind) -> Res {
    let (a, b) = (m.arg(0), m.arg(1));
    if a.tag() != REF && b.tag() != REF {
        let x = m.get_text(a, atoms::ATOMIC)?;
        let y = m.get_text(b, atoms::ATOMIC)?;
        let t = make_text(m, &(x + &y), k);
        return Ok(m.unify(m.regs[2], t));
    }
    let whole = m.arg(2);
    if whole.tag() == REF {
        return Err(PErr::Instantiation);
    }
    let s = m.get_text(whole, atoms::ATOMIC)?;
    let chars: Vec<char> = s.chars().collect();
    let i = state.map_or(0, |c| c.get_int() as usize);
    if i > chars.len() {
        return Ok(false);
    }
    if i < chars.len() {
        m.push_redo(Cell::small_int(i as i64 + 1));
    }
    let left: String = chars[..i].iter().collect();
    let right: String = chars[i..].iter().collect();
    let l = make_text(m, &left, k);
    let r = make_text(m, &right, k);
    Ok(m.unify(a, l) && m.unify(b, r))
}

/// sub_atom(+Atom, ?Before, ?Length, ?After, ?Sub) in all modes.
fn sub_text(m: &mut Machine, state: Option<Cell>, k: Kind) -> Res {
    let t = m.arg(0);
    let s = m.get_text(t, type_of(k))?;
    let chars: Vec<char> = s.chars().collect();
    let n = chars.len();
    let mut fixed = [None; 3];
    for (j, slot) in fixed.iter_mut().enumerate() {
        let c = m.arg(j + 1);
        match c.tag() {
            REF => {}
            INT if c.get_int() >= 0 => *slot = Some(c.get_int() as usize),
            INT => return Err(PErr::Domain(atoms::NOT_LESS_THAN_ZERO, c)),
            _ => return Err(PErr::Type(atoms::INTEGER, c)),
        }
    }
    let sub = m.arg(4);
    if sub.tag() != REF {
        let needle: Vec<char> = m.get_text(sub, type_of(k))?.chars().collect();
        fixed[1] = Some(needle.len());
        if state.is_none() {
            if let Some(b) = fixed[0] {
                return Ok(b + needle.len() <= n
                    && chars[b..b + needle.len()] == needle[..]
                    && unify_sub(m, b, needle.len(), n, &chars, k));
            }
        }
    }
    // Enumerate (Before, Length) pairs in order, from the saved position.
    let mut idx = state.map_or(0, |c| c.get_int() as usize);
    loop {
        let (b, l) = (idx / (n + 2), idx % (n + 2));
        if b > n {
            return Ok(false);
        }
        idx += 1;
        if b + l > n {
            idx = (b + 1) * (n + 2);
            continue;
        }
        if fixed[0].is_some_and(|x| x != b)
            || fixed[1].is_some_and(|x| x != l)
            || fixed[2].is_some_and(|x| x != n - b - l)
        {
            continue;
        }
        if sub.tag() != REF {
            let needle = m.text_of(sub).unwrap_or_default();
            let cand: String = chars[b..b + l].iter().collect();
            if cand != needle {
                continue;
            }
        }
        m.push_redo(Cell::small_int(idx as i64));
        return Ok(unify_sub(m, b, l, n, &chars, k));
    }
}

fn unify_sub(m: &mut Machine, b: usize, l: usize, n: usize, chars: &[char], k: Kind) -> bool {
    let text: String = chars[b..b + l].iter().collect();
    let sub = make_text(m, &text, k);
    m.unify_int(m.regs[1], b as i64)
        && m.unify_int(m.regs[2], l as i64)
        && m.unify_int(m.regs[3], (n - b - l) as i64)
        && m.unify(m.regs[4], sub)
}

/// atomic_list_concat/2,3 including split mode (separator given, list unbound).
fn list_concat(m: &mut Machine, with_sep: bool) -> Res {
    let sep = if with_sep {
        m.get_text(m.regs[1], atoms::ATOMIC)?
    } else {
        String::new()
    };
    let out = if with_sep { m.regs[2] } else { m.regs[1] };
    let list = m.arg(0);
    let items = m.heap.list_to_vec(list);
    let all_bound = items
        .as_ref()
        .map(|v| v.iter().all(|&c| !m.is_var(c)))
        .unwrap_or(false);
    if all_bound {
        let mut s = String::new();
        for (i, &c) in items
            .as_ref()
            .map(|v| v.as_slice())
            .unwrap_or(&[])
            .iter()
            .enumerate()
        {
            if i > 0 {
                s.push_str(&sep);
            }
            let d = m.heap.deref(c);
            if !d.is_atomic_tag() {
                return Err(PErr::Type(atoms::ATOMIC, d));
            }
            s.push_str(&m.text_of(d).unwrap_or_default());
        }
        return Ok(m.unify_atom(out, Atom::new(&s)));
    }
    if !with_sep || sep.is_empty() || m.is_var(out) {
        return Err(PErr::Instantiation);
    }
    let whole = m.get_text(out, atoms::ATOMIC)?;
    let parts: Vec<Cell> = whole
        .split(sep.as_str())
        .map(|p| Cell::atom(Atom::new(p)))
        .collect();
    let l = m.make_list(&parts);
    Ok(m.unify(list, l))
}

/// split_string(+String, +SepChars, +PadChars, -SubStrings) as in SWI-Prolog.
fn split_string(m: &mut Machine) -> Res {
    let s = m.get_text(m.regs[0], atoms::STRING)?;
    let seps: Vec<char> = m.get_text(m.regs[1], atoms::STRING)?.chars().collect();
    let pad: Vec<char> = m.get_text(m.regs[2], atoms::STRING)?.chars().collect();
    let mut fields: Vec<&str> = Vec::new();
    if seps.is_empty() {
        fields.push(&s);
    } else {
        fields.extend(s.split(|c| seps.contains(&c)));
    }
    let cells: Vec<Cell> = fields
        .iter()
        .map(|f| f.trim_matches(|c| pad.contains(&c)).to_string())
        .collect::<Vec<_>>()
        .iter()
        .map(|f| m.heap.new_string(f))
        .collect();
    let l = m.make_list(&cells);
    Ok(m.unify(m.regs[3], l))
}
