//! Operations on text: atom_length/2, string_length/2, atom_concat/3,
//! string_concat/3 (nondeterministic when splitting), sub_atom/5 and
//! sub_string/5 in all modes, atomic_list_concat/2,3 (with split mode),
//! split_string/4 and string_code/3, with SWI-Prolog's errors.
//!
//! Tested by: the unit tests below; tests/prolog/atoms.pl, tests/prolog/strings.pl,
//! tests/builtins_differential.rs.

use super::atoms::{make_text, text_atom, Kind};
use super::docs::reg_doc;
use super::{reg_det, reg_nondet};
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;

pub fn register(m: &mut Machine) {
    reg_doc(
        m,
        "atom_length(+Atom, -Length)",
        "Length is the number of characters of Atom (any atomic text).",
    );
    reg_det(m, "atom_length", 2, text_length);
    reg_doc(
        m,
        "string_length(+String, -Length)",
        "Length is the number of characters in String (any text).",
    );
    reg_det(m, "string_length", 2, text_length);
    reg_doc(
        m,
        "atom_concat(?Atom1, ?Atom2, ?Atom3)",
        "Atom3 is Atom1 followed by Atom2; with only Atom3 given, every way to split it.",
    );
    reg_nondet(m, "atom_concat", 3, |m, s| concat(m, s, Kind::Atom));
    reg_doc(
        m,
        "string_concat(?String1, ?String2, ?String3)",
        "String3 is String1 followed by String2; with String3 given, every way to split it.",
    );
    reg_nondet(m, "string_concat", 3, |m, s| concat(m, s, Kind::Str));
    reg_doc(m, "sub_atom(+Atom, ?Before, ?Length, ?After, ?SubAtom)", "SubAtom is the part of Atom with Before characters before it, Length in it and After after it.");
    reg_nondet(m, "sub_atom", 5, |m, s| sub_text(m, s, Kind::Atom));
    reg_doc(
        m,
        "sub_string(+String, ?Before, ?Length, ?After, ?SubString)",
        "As sub_atom/5, for strings: SubString is a part of String.",
    );
    reg_nondet(m, "sub_string", 5, |m, s| sub_text(m, s, Kind::Str));
    reg_doc(
        m,
        "atomic_list_concat(+List, -Atom)",
        "Atom is the concatenation of the atomic elements of List.",
    );
    reg_det(m, "atomic_list_concat", 2, |m| list_concat(m, false));
    reg_doc(m, "atomic_list_concat(+List, +Separator, -Atom)", "Join List with Separator into Atom; with Atom given and List unbound, split Atom at Separator.");
    reg_det(m, "atomic_list_concat", 3, |m| list_concat(m, true));
    reg_doc(
        m,
        "split_string(+String, +SepChars, +PadChars, -SubStrings)",
        "Split String at any of SepChars and strip PadChars from both ends of each part.",
    );
    reg_det(m, "split_string", 4, split_string);
    reg_doc(
        m,
        "string_code(+Index, +String, -Code)",
        "Code is the character code at 1-based position Index of String; fails out of range.",
    );
    reg_nondet(m, "string_code", 3, string_code);
}

/// Text indexed by character: byte offsets are kept only for non-ASCII text.
struct Text {
    s: String,
    /// Byte offset of each character and of the end (empty for ASCII text).
    offs: Vec<usize>,
}

impl Text {
    fn new(s: String) -> Text {
        let offs = if s.is_ascii() {
            Vec::new()
        } else {
            s.char_indices()
                .map(|(i, _)| i)
                .chain(std::iter::once(s.len()))
                .collect()
        };
        Text { s, offs }
    }

    fn len(&self) -> usize {
        if self.offs.is_empty() {
            self.s.len()
        } else {
            self.offs.len() - 1
        }
    }

    /// The `l` characters from character `b`.
    fn slice(&self, b: usize, l: usize) -> &str {
        if self.offs.is_empty() {
            &self.s[b..b + l]
        } else {
            &self.s[self.offs[b]..self.offs[b + l]]
        }
    }
}

/// An optional non-negative integer argument (B, L, A of sub_atom/5; lengths).
fn opt_count(m: &Machine, c: Cell) -> Res<Option<usize>> {
    let c = m.heap.deref(c);
    match c.tag() {
        REF => Ok(None),
        INT if c.get_int() < 0 => Err(PErr::Domain(atoms::NOT_LESS_THAN_ZERO, c)),
        INT => Ok(Some(c.get_int() as usize)),
        _ if m.heap.number(c).is_some_and(|n| n.is_integer()) => Ok(Some(usize::MAX)),
        _ => Err(m.type_error(atoms::INTEGER, c)),
    }
}

/// atom_length/2 and string_length/2: any text; a negative length fails.
fn text_length(m: &mut Machine) -> Res {
    let s = m.any_text(m.regs[0], text_atom())?;
    let l = m.arg(1);
    match l.tag() {
        REF => {}
        INT if l.get_int() < 0 => return Ok(false),
        INT => {}
        _ => return Err(m.type_error(atoms::INTEGER, l)),
    }
    Ok(m.unify_int(l, s.chars().count() as i64))
}

/// atom_concat/3, string_concat/3: concatenate, or split nondeterministically.
fn concat(m: &mut Machine, state: Option<Cell>, k: Kind) -> Res {
    let (a, b, whole) = (m.arg(0), m.arg(1), m.arg(2));
    if a.tag() != REF && b.tag() != REF {
        let x = m.atomic_arg(a, atoms::ATOMIC)?;
        let y = m.atomic_arg(b, atoms::ATOMIC)?;
        let t = make_text(m, &(x + &y), k);
        return Ok(m.unify(whole, t));
    }
    let s = m.atomic_arg(whole, atoms::ATOMIC)?;
    // One side known: at most one split.
    if a.tag() != REF {
        let x = m.atomic_arg(a, atoms::ATOMIC)?;
        return match s.strip_prefix(x.as_str()) {
            Some(rest) => {
                let r = make_text(m, rest, k);
                Ok(m.unify(b, r))
            }
            None => Ok(false),
        };
    }
    if b.tag() != REF {
        let y = m.atomic_arg(b, atoms::ATOMIC)?;
        return match s.strip_suffix(y.as_str()) {
            Some(front) => {
                let r = make_text(m, front, k);
                Ok(m.unify(a, r))
            }
            None => Ok(false),
        };
    }
    let t = Text::new(s);
    let n = t.len();
    let i = state.map_or(0, |c| c.get_int() as usize);
    if i > n {
        return Ok(false);
    }
    if i < n {
        m.push_redo(Cell::small_int(i as i64 + 1));
    }
    let l = make_text(m, t.slice(0, i), k);
    let r = make_text(m, t.slice(i, n - i), k);
    Ok(m.unify(a, l) && m.unify(b, r))
}

/// The next solution of sub_atom/5 at or after sequence position `k`:
/// (position, Before, Length). `fix` holds the known Before, Length, After.
fn sub_next(
    t: &Text,
    needle: Option<&str>,
    fix: [Option<usize>; 3],
    k: usize,
) -> Option<(usize, usize, usize)> {
    let n = t.len();
    let [fb, fl, fa] = fix;
    let fits = |b: usize, l: usize| {
        b.checked_add(l).is_some_and(|e| e <= n)
            && fb.is_none_or(|x| x == b)
            && fl.is_none_or(|x| x == l)
            && fa.is_none_or(|x| Some(x) == n.checked_sub(b + l))
    };
    if let Some(nd) = needle {
        let l = nd.chars().count();
        if l > n {
            return None;
        }
        // Candidates are the start positions; a fixed B or A leaves one.
        let only = fb.or_else(|| fa.and_then(|a| n.checked_sub(l + a)));
        let range = match only {
            Some(b) if b >= k => b..b + 1,
            Some(_) => return None,
            None => k..n - l + 1,
        };
        return range
            .into_iter()
            .find(|&b| fits(b, l) && t.slice(b, l) == nd)
            .map(|b| (b, b, l));
    }
    match (fb, fl, fa) {
        (Some(b), Some(l), _) => (k == 0 && fits(b, l)).then_some((0, b, l)),
        (Some(b), None, Some(a)) => {
            let l = n.checked_sub(b)?.checked_sub(a)?;
            (k == 0 && fits(b, l)).then_some((0, b, l))
        }
        (None, Some(l), Some(a)) => {
            let b = n.checked_sub(l)?.checked_sub(a)?;
            (k == 0 && fits(b, l)).then_some((0, b, l))
        }
        (Some(b), None, None) => fits(b, k).then_some((k, b, k)),
        (None, Some(l), None) => fits(k, l).then_some((k, k, l)),
        (None, None, Some(a)) => {
            let l = n.checked_sub(a)?.checked_sub(k)?;
            Some((k, k, l))
        }
        (None, None, None) => {
            // Pairs (B, L) in order: position B * (n + 1) + L.
            let (mut b, mut l) = (k / (n + 1), k % (n + 1));
            if b + l > n {
                b += 1;
                l = 0;
            }
            (b <= n).then_some((b * (n + 1) + l, b, l))
        }
    }
}

/// sub_atom/5 and sub_string/5 in all modes.
fn sub_text(m: &mut Machine, state: Option<Cell>, k: Kind) -> Res {
    let ty = if k == Kind::Atom {
        atoms::ATOM
    } else {
        atoms::STRING
    };
    let s = m.atomic_arg(m.regs[0], ty)?;
    let mut fix = [None; 3];
    for (j, slot) in fix.iter_mut().enumerate() {
        *slot = opt_count(m, m.regs[j + 1])?;
    }
    let sub = m.arg(4);
    let needle = if sub.tag() == REF {
        None
    } else {
        Some(m.atomic_arg(sub, ty)?)
    };
    let t = Text::new(s);
    let start = state.map_or(0, |c| c.get_int() as usize);
    let Some((pos, b, l)) = sub_next(&t, needle.as_deref(), fix, start) else {
        return Ok(false);
    };
    if sub_next(&t, needle.as_deref(), fix, pos + 1).is_some() {
        m.push_redo(Cell::small_int(pos as i64 + 1));
    }
    let n = t.len();
    let text = make_text(m, t.slice(b, l), k);
    Ok(m.unify_int(m.regs[1], b as i64)
        && m.unify_int(m.regs[2], l as i64)
        && m.unify_int(m.regs[3], (n - b - l) as i64)
        && m.unify(m.regs[4], text))
}

/// atomic_list_concat/2,3 including split mode (separator given, list partial).
fn list_concat(m: &mut Machine, with_sep: bool) -> Res {
    let sep = if with_sep {
        let sc = m.arg(1);
        if sc.tag() == REF {
            return Err(PErr::Instantiation);
        }
        m.any_text(sc, text_atom())?
    } else {
        String::new()
    };
    let out = if with_sep { m.regs[2] } else { m.regs[1] };
    let list = m.arg(0);
    let (_, end) = m.skip_list(list);
    if let super::args::ListEnd::Other(tail) = end {
        let culprit = if with_sep { list } else { tail };
        return Err(m.type_error(atoms::LIST, culprit));
    }
    if end == super::args::ListEnd::Cyclic {
        return Err(m.type_error(atoms::LIST, list));
    }
    let items = m.list_items(list).unwrap_or_default();
    let all_bound = end == super::args::ListEnd::Nil && items.iter().all(|&c| !m.is_var(c));
    if all_bound {
        let mut s = String::new();
        for (i, &c) in items.iter().enumerate() {
            if i > 0 {
                s.push_str(&sep);
            }
            s.push_str(&m.atomic_arg(c, text_atom())?);
        }
        return Ok(m.unify_atom(out, Atom::new(&s)));
    }
    if !with_sep || m.is_var(out) {
        return Err(PErr::Instantiation);
    }
    if sep.is_empty() {
        let sc = m.arg(1);
        return Err(PErr::Domain(Atom::new("non_empty_atom"), sc));
    }
    let whole = m.atomic_arg(out, atoms::ATOMIC)?;
    let parts: Vec<Cell> = whole
        .split(sep.as_str())
        .map(|p| Cell::atom(Atom::new(p)))
        .collect();
    let l = m.make_list(&parts);
    Ok(m.unify(list, l))
}

/// split_string(+String, +SepChars, +PadChars, -SubStrings) as in SWI-Prolog.
fn split_string(m: &mut Machine) -> Res {
    let ty = text_atom();
    let s = m.any_text(m.regs[0], ty)?;
    let seps: Vec<char> = m.any_text(m.regs[1], ty)?.chars().collect();
    let pad: Vec<char> = m.any_text(m.regs[2], ty)?.chars().collect();
    let fields: Vec<&str> = if seps.is_empty() {
        vec![s.as_str()]
    } else {
        s.split(|c| seps.contains(&c)).collect()
    };
    let cells: Vec<Cell> = fields
        .into_iter()
        .map(|f| f.trim_matches(|c| pad.contains(&c)))
        .collect::<Vec<_>>()
        .into_iter()
        .map(|f| m.heap.new_string(f))
        .collect();
    let l = m.make_list(&cells);
    Ok(m.unify(m.regs[3], l))
}

/// string_code(?Index, +String, ?Code): enumerates indexes when unbound.
fn string_code(m: &mut Machine, state: Option<Cell>) -> Res {
    let i = m.arg(0);
    let s = m.any_text(m.regs[1], text_atom())?;
    if i.tag() != REF {
        let i = m.get_int(i)?;
        if i < 0 {
            return Err(PErr::Domain(atoms::NOT_LESS_THAN_ZERO, m.arg(0)));
        }
        return match (i as usize).checked_sub(1).and_then(|k| s.chars().nth(k)) {
            Some(c) => Ok(m.unify_int(m.regs[2], c as i64)),
            None => Ok(false),
        };
    }
    let k = state.map_or(0, |c| c.get_int() as usize);
    let mut chars = s.chars().skip(k);
    let Some(c) = chars.next() else {
        return Ok(false);
    };
    if chars.next().is_some() {
        m.push_redo(Cell::small_int(k as i64 + 1));
    }
    Ok(m.unify_int(i, k as i64 + 1) && m.unify_int(m.regs[2], c as i64))
}

#[cfg(test)]
mod tests {
    /// Each goal must succeed (checked against SWI-Prolog 9.0.4); every one that does not is reported.
    #[test]
    fn goals_hold() {
        // atom_length/2, atom_concat/3, sub_atom/5, atomic_list_concat/2,3, split_string/4 and the string forms
        let failing = crate::builtins::goals_not_holding(&[
            r#"atom_length(abc, 3)"#,
            r#"atom_length('', 0)"#,
            r#"catch(atom_length(_, _), error(E, _), true), E == instantiation_error"#,
            r#"catch(atom_length(abc, foo), error(E, _), true), E == type_error(integer, foo)"#,
            r#"atom_concat(ab, cd, X), X == abcd"#,
            r#"findall(A-B, atom_concat(A, B, ab), L), L == [''-ab, a-b, ab-'']"#,
            r#"sub_atom(hello, 1, 3, A, S), A == 1, S == ell"#,
            r#"findall(B, sub_atom(abab, B, _, _, ab), L), L == [0, 2]"#,
            r#"atomic_list_concat([a, 1, "s"], X), X == a1s"#,
            r#"atomic_list_concat(L, ',', 'a,b,,c'), L == [a, b, '', c]"#,
            r#"split_string("a b  c", " ", "", L), L == ["a", "b", "", "c"]"#,
            r#"string_concat(S1, S2, "ab"), S1 == "", S2 == "ab""#,
            r#"string_length("héllo", 5)"#,
            r#"string_code(1, "abc", C), C == 0'a"#,
            r#"sub_string("hello world", B, _, 0, "world"), B == 6"#,
        ]);
        assert!(failing.is_empty(), "\n{}", failing.join("\n"));
    }
}
