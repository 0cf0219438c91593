//! "Do what I mean": the predicates a user may have meant when calling one
//! that does not exist, as SWI-Prolog finds them: the same name with another
//! arity, or (same arity) a name one typing slip away: a letter added,
//! dropped or changed, or two neighbours swapped (`knight_tuor` for
//! `knight_tour`).
//!
//! dwim_match/2,3 name how two names differ in the same terms.
//!
//! Tested by: the unit test below; tests/prolog/sys_compat.pl (dwim_match/3); tests/scenarios/debugger/unknown_procedure.txt,
//! tests/repl_pipe.rs (the messages in scripts and at the prompt).

use super::docs::reg_doc;
use super::reg_det;
use crate::engine::module::ModKind;
use crate::engine::Machine;
use crate::term::atom::Atom;
use crate::term::cell::Cell;
use crate::term::heap::View;

pub fn register(m: &mut Machine) {
    reg_doc(
        m,
        "dwim_match(+Atom1, +Atom2)",
        "True if Atom1 may be meant as Atom2: equal, one typing slip, or words separated or swapped.",
    );
    reg_det(m, "dwim_match", 2, |m| Ok(difference_of(m).is_some()));
    reg_doc(
        m,
        "dwim_match(+Atom1, +Atom2, -Difference)",
        "As dwim_match/2; Difference is equal, mismatched_char, inserted_char, transposed_char, separated or transposed_word.",
    );
    reg_det(m, "dwim_match", 3, |m| match difference_of(m) {
        Some(d) => Ok(m.unify(m.regs[2], Cell::atom(Atom::new(d)))),
        None => Ok(false),
    });
}

/// The difference of the first two arguments (atoms or strings; anything
/// else fails, as in SWI).
fn difference_of(m: &Machine) -> Option<&'static str> {
    let text = |c: Cell| match m.heap.view(m.heap.deref(c)) {
        View::Atom(a) => Some(a.name().to_string()),
        View::Str(s) => Some(s.to_string()),
        _ => None,
    };
    dwim_difference(&text(m.regs[0])?, &text(m.regs[1])?)
}

/// What a user may have meant by `name/arity`, sorted, each once: first the
/// same name with other arities, then close spellings.
pub fn candidates(m: &Machine, name: Atom, arity: usize) -> Vec<(Atom, usize)> {
    let wanted = name.name();
    let mut out: Vec<(Atom, usize)> = m
        .preds
        .iter()
        .filter(|p| p.is_defined() && !p.hidden && !p.name.name().starts_with('$'))
        .filter(|p| {
            (p.name == name && p.arity != arity)
                // Close spellings come from the program and the builtins: a
                // library predicate the program never loaded (SWI autoloads
                // it) is no likelier a meaning than any other name.
                || (p.arity == arity
                    && p.name != name
                    && m.modules.kind(p.module) != ModKind::Library
                    && one_slip(wanted, p.name.name()))
        })
        .map(|p| (p.name, p.arity))
        .collect();
    out.sort_by(|a, b| (a.0 != name, a.0.name(), a.1).cmp(&(b.0 != name, b.0.name(), b.1)));
    out.dedup();
    out
}

/// Whether `a` and `b` differ by one typing slip (never when equal).
fn one_slip(a: &str, b: &str) -> bool {
    slip(a, b).is_some()
}

/// The typing slip between `a` and `b`, named as SWI's dwim_match/3 names it.
fn slip(a: &str, b: &str) -> Option<&'static str> {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let (ra, rb) = (&a[common..], &b[common..]);
    match (ra.len(), rb.len()) {
        (0, 0) => None,
        (x, y) if x == y && ra[1..] == rb[1..] => Some("mismatched_char"),
        (x, y) if x == y && x >= 2 && ra[0] == rb[1] && ra[1] == rb[0] && ra[2..] == rb[2..] => {
            Some("transposed_char")
        }
        (x, y) if (x == y + 1 && ra[1..] == *rb) || (y == x + 1 && *ra == rb[1..]) => {
            Some("inserted_char")
        }
        _ => None,
    }
}

/// How `a` may be meant as `b` (dwim_match/3): equal, one typing slip
/// (both at least three characters long), the same words separated
/// otherwise (`fooBar`, `foo_bar`), or two neighbouring words swapped.
pub fn dwim_difference(a: &str, b: &str) -> Option<&'static str> {
    if a == b {
        return Some("equal");
    }
    if a.chars().count().min(b.chars().count()) >= 3 {
        if let Some(s) = slip(a, b) {
            return Some(s);
        }
    }
    if camel_case(a) == camel_case(b) {
        return Some("separated");
    }
    let (wa, wb) = (words(a), words(b));
    let differ: Vec<usize> = (0..wa.len()).filter(|&i| wb.get(i) != wa.get(i)).collect();
    let swapped = wa.len() == wb.len()
        && differ.len() == 2
        && differ[1] == differ[0] + 1
        && wa[differ[0]] == wb[differ[1]]
        && wa[differ[1]] == wb[differ[0]];
    swapped.then_some("transposed_word")
}

/// `foo_bar` as `fooBar`.
fn camel_case(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut upper = false;
    for c in s.chars() {
        if c == '_' && !out.is_empty() {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// The words of a name, lower case: split at `_` and before a capital that
/// follows a lower-case letter.
fn words(s: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut prev_lower = false;
    for c in s.chars() {
        if (c == '_' || (c.is_uppercase() && prev_lower)) && !word.is_empty() {
            out.push(std::mem::take(&mut word));
        }
        if c != '_' {
            word.extend(c.to_lowercase());
        }
        prev_lower = c.is_lowercase();
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// The lines SWI-Prolog adds to "Unknown procedure" when there are
/// candidates (`indent` before "However": 2 at run time, 4 at the prompt).
pub fn however_lines(m: &Machine, name: Atom, arity: usize, indent: usize) -> Vec<String> {
    let found = candidates(m, name, arity);
    if found.is_empty() {
        return Vec::new();
    }
    let mut lines = vec![format!(
        "{}However, there are definitions for:",
        " ".repeat(indent)
    )];
    for (n, a) in found {
        let pi = m.pi_text(n, a);
        lines.push(format!("        {pi}"));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::one_slip;

    #[test]
    fn one_typing_slip() {
        assert!(one_slip("knight_tuor", "knight_tour"));
        assert!(one_slip("membr", "member"));
        assert!(one_slip("memberr", "member"));
        assert!(one_slip("mamber", "member"));
        assert!(!one_slip("member", "member"));
        assert!(!one_slip("mbmer", "member"));
        assert!(!one_slip("append", "member"));
    }
}
