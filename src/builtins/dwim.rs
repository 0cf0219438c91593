//! "Do what I mean": the predicates a user may have meant when calling one
//! that does not exist, as SWI-Prolog finds them: the same name with another
//! arity, or (same arity) a name one typing slip away: a letter added,
//! dropped or changed, or two neighbours swapped (`knight_tuor` for
//! `knight_tour`).
//!
//! Tested by: the unit test below; tests/scenarios/debugger/unknown_procedure.txt,
//! tests/repl_pipe.rs (the messages in scripts and at the prompt).

use crate::engine::module::ModKind;
use crate::engine::Machine;
use crate::term::atom::Atom;

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
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let (ra, rb) = (&a[common..], &b[common..]);
    match (ra.len(), rb.len()) {
        (0, 0) => false,
        (x, y) if x == y => {
            ra[1..] == rb[1..] || (x >= 2 && ra[0] == rb[1] && ra[1] == rb[0] && ra[2..] == rb[2..])
        }
        (x, y) if x == y + 1 => ra[1..] == *rb,
        (x, y) if y == x + 1 => *ra == rb[1..],
        _ => false,
    }
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
