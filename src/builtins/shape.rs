//! Walking whole terms safely: term_variables/2,3, ground/1, numbervars/3,
//! copy_term/2, acyclic_term/1, cyclic_term/1 (numbervars/3,4 are in term_sys.rs).
//!
//! Unification without the occurs check can make cyclic terms (`X = f(X)`).
//! Every walk here terminates on them: it first runs unchecked with a step
//! budget (the heap size, which bounds any tree without sharing) and, past
//! the budget, continues remembering the compound nodes it has expanded, so
//! shared and cyclic subterms are expanded once. Acyclic terms without
//! sharing (the common case) never pay for the bookkeeping.
//!
//! Tested by: the unit tests below; tests/prolog/terms.pl, tests/prolog/safety.pl,
//! tests/props_copy.rs.

use super::docs::reg_doc;
use super::reg_det;
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::Atom;
use crate::term::cell::*;
use crate::term::store::Stored;
use std::collections::HashSet;

pub fn register(m: &mut Machine) {
    reg_doc(
        m,
        "term_variables(@Term, -Vars)",
        "Vars is the list of distinct variables of Term, in depth-first left-to-right order.",
    );
    reg_det(m, "term_variables", 2, |m| {
        let vs = term_vars(m, m.regs[0]);
        let l = m.make_list(&vs);
        Ok(m.unify(m.regs[1], l))
    });
    reg_doc(
        m,
        "term_variables(@Term, -Vars, ?Tail)",
        "As term_variables/2, as a difference list ending in Tail.",
    );
    reg_det(m, "term_variables", 3, |m| {
        let vs = term_vars(m, m.regs[0]);
        let l = m.heap.list_from_slice(&vs, m.regs[2]);
        Ok(m.unify(m.regs[1], l))
    });
    reg_doc(m, "ground(@Term)", "Term contains no unbound variables.");
    reg_det(m, "ground", 1, |m| {
        Ok(m.heap.walk_leaves(m.regs[0], |c| c.tag() != REF))
    });
    reg_det(m, "copy_term", 2, |m| {
        let c = copy_term(m, m.regs[0]);
        Ok(m.unify(m.regs[1], c))
    });
    reg_doc(
        m,
        "acyclic_term(@Term)",
        "Term is finite: it contains no cycles (rational trees).",
    );
    reg_det(m, "acyclic_term", 1, |m| Ok(m.heap.is_acyclic(m.regs[0])));
    reg_doc(
        m,
        "cyclic_term(@Term)",
        "Term contains a cycle (it is a rational tree).",
    );
    reg_det(m, "cyclic_term", 1, |m| Ok(!m.heap.is_acyclic(m.regs[0])));
}

/// The argument cells of a compound (STR or LIS) cell: (first address, count).
#[inline]
/// Variables of a term in depth-first, left-to-right order of first occurrence.
pub fn term_vars(m: &Machine, t: Cell) -> Vec<Cell> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    m.heap.walk_leaves(t, |c| {
        if c.tag() == REF && seen.insert(c.addr()) {
            out.push(c);
        }
        true
    });
    out
}

/// copy_term/2: a copy with fresh variables, keeping sharing and cycles.
pub fn copy_term(m: &mut Machine, t: Cell) -> Cell {
    let d = m.heap.deref(t);
    if d.is_atomic_tag() {
        return d;
    }
    Stored::from_heap(&m.heap, d).to_heap(&mut m.heap)
}

/// `representation_error(cyclic_term)` for terms that cannot be clauses (assert).
pub fn check_storable(m: &Machine, t: Cell) -> Res<()> {
    if m.heap.is_acyclic(t) {
        Ok(())
    } else {
        Err(PErr::Representation(Atom::new("cyclic_term")))
    }
}

#[cfg(test)]
mod tests {
    /// Each goal must succeed (checked against SWI-Prolog 9.0.4); every one that does not is reported.
    #[test]
    fn goals_hold() {
        // term_variables/2, ground/1, copy_term/2, cyclic terms, numbervars/3
        let failing = crate::builtins::goals_not_holding(&[
            r#"term_variables(f(X, g(Y, X)), L), L == [X, Y]"#,
            r#"ground(f(a, [b])), \+ ground(f(_))"#,
            r#"copy_term(f(X, Y, X), C), C = f(A, B, A2), A == A2, A \== B, var(A), X \== A"#,
            r#"X = f(X), cyclic_term(X), \+ acyclic_term(X)"#,
            r#"acyclic_term(f(a, [b]))"#,
            r#"T = f(X, Y, X), numbervars(T, 0, E), E == 2, T == f('$VAR'(0), '$VAR'(1), '$VAR'(0))"#,
            r#"X = [a|X], copy_term(X, Y), Y = [a|Z], Z = [a|_]"#,
        ]);
        assert!(failing.is_empty(), "\n{}", failing.join("\n"));
    }
}
