//! Single sided unification rules (`Head => Body`, `Head, Guard => Body`,
//! grammar rules `Head ==> Body`): the head match `'$ssu_match'/2`, loading a
//! rule from a file or asserting one, how clause/2 sees a rule, and SWI-Prolog's
//! refusal of a predicate mixing rules and `:-` clauses. The translation to an ordinary clause is Prolog
//! (lib/ssu.pl); this file adds the clause with the rule as its source (so
//! listing/1 prints it as written) and keeps the hidden clause that raises
//! `existence_error(matching_rule, Goal)` after the predicate's last rule.
//!
//! Tested by: tests/prolog/ssu.pl (knightlog and SWI-Prolog), tests/ssu.rs.

use super::reg_det;
use crate::engine::db::Where;
use crate::engine::error::{PErr, Res};
use crate::engine::instr::PredId;
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::store::Stored;
use std::cmp::Ordering;
use std::collections::HashMap;

/// The source of the hidden no-match clause: clause/2 and retract/1 never see it
/// (it is no clause term) and listing/1 skips it.
pub const NO_MATCH: &str = "$ssu_no_match";

pub fn register(m: &mut Machine) {
    reg_det(m, "$ssu_match", 2, |m| {
        Ok(ssu_match(m, m.regs[0], m.regs[1]))
    });
}

/// Matches `pattern` (fresh variables, from the rule's head) against `actual`
/// (the caller's arguments) without binding a variable of `actual`: every
/// pattern variable must stand for one subterm (`==` where it occurs twice).
/// The pattern's variables are bound only once the whole match succeeded.
fn ssu_match(m: &mut Machine, pattern: Cell, actual: Cell) -> bool {
    let mut seen: HashMap<usize, Cell> = HashMap::new();
    let mut todo = vec![(pattern, actual)];
    while let Some((p, a)) = todo.pop() {
        let (p, a) = (m.heap.deref(p), m.heap.deref(a));
        if p.tag() == REF {
            match seen.get(&p.addr()) {
                Some(&first) if m.compare(first, a) != Ordering::Equal => return false,
                Some(_) => {}
                None => {
                    seen.insert(p.addr(), a);
                }
            }
            continue;
        }
        match (p.tag(), a.tag()) {
            (STR | LIS, STR | LIS) => {
                let (pn, pa, pargs) = m.compound_view(p);
                let (an, aa, aargs) = m.compound_view(a);
                if pn != an || pa != aa {
                    return false;
                }
                for i in 0..pa {
                    todo.push((m.heap.get(pargs + i), m.heap.get(aargs + i)));
                }
            }
            (REF, _) | (_, REF) => return false,
            _ if m.compare(p, a) != Ordering::Equal => return false,
            _ => {}
        }
    }
    for (addr, value) in seen {
        m.bind(addr, value);
    }
    true
}

/// Adds the rule `rule` (an `=>` term in the source module) from a file or by
/// assert: `add` adds the translated clause at `at` as its caller adds any
/// clause (redefinition checks, warnings); then the no-match clause moves
/// behind the predicate's last clause. None: the rule did not translate.
pub fn load_rule(
    m: &mut Machine,
    rule: Cell,
    at: Where,
    translate: impl Fn(&mut Machine, &str, Cell) -> Res<Option<Cell>>,
    add: impl Fn(&mut Machine, Cell) -> Res<()>,
) -> Res<Option<PredId>> {
    let module = Cell::atom(m.module);
    let input = m.heap.new_compound(Atom::new("-"), &[rule, module]);
    let Some(out) = translate(m, "$ssu_translate", input)? else {
        return Ok(None);
    };
    let out = m.heap.deref(out);
    let (clause, no_match) = (m.heap.get(out.addr() + 1), m.heap.get(out.addr() + 2));
    add(m, clause)?;
    let (head, _) = m.clause_parts(clause);
    let p = m.head_pred(head)?;
    let source = Stored::from_heap(&m.heap, rule);
    let added = match at {
        Where::First => m.preds[p as usize].clauses.first_mut(),
        Where::Last => m.preds[p as usize].clauses.last_mut(),
    };
    let file = added.as_ref().and_then(|c| c.file);
    if let Some(c) = added {
        *c.source = source;
    }
    let marker = Cell::atom(Atom::new(NO_MATCH));
    let old = m.preds[p as usize]
        .clauses
        .iter()
        .position(|c| c.died == u64::MAX && c.source.as_atomic() == Some(marker));
    if let Some(pos) = old {
        m.erase_clause(p, pos);
    }
    m.add_clause(no_match, Where::Last, file)?;
    if let Some(c) = m.preds[p as usize].clauses.last_mut() {
        *c.source = Stored::atomic(marker);
    }
    Ok(Some(p))
}

/// `Head => Body` or `Head, Guard => Body`.
pub fn is_rule(m: &Machine, t: Cell) -> bool {
    let d = m.heap.deref(t);
    d.tag() == STR && m.heap.get(d.addr()) == Cell::functor(Atom::new("=>"), 2)
}

/// Whether predicate `p` (with live clauses) is made of `=>` rules: then its
/// last clause is the live hidden no-match clause (load_rule re-adds it last
/// after every rule, nothing else erases it, and compaction keeps the order).
/// Constant time: assert checks it on every clause.
pub(super) fn is_rule_pred(m: &Machine, p: PredId) -> bool {
    // A clause's source is a `:-` term: atomic only for the marker.
    m.preds[p as usize].clauses.last().is_some_and(|c| {
        c.died == u64::MAX
            && c.source
                .as_atomic()
                .is_some_and(|a| a == Cell::atom(Atom::new(NO_MATCH)))
    })
}

/// A predicate is either `:-` clauses or `=>` rules: adding the other kind
/// (`rule` tells which is being added) raises SWI-Prolog's
/// `permission_error(assert, procedure, PI)`.
pub fn check_kind(m: &mut Machine, p: PredId, rule: bool) -> Res<()> {
    if m.preds[p as usize].live_clauses() == 0 || is_rule_pred(m, p) == rule {
        return Ok(());
    }
    let (name, arity) = (m.preds[p as usize].name, m.preds[p as usize].arity);
    let pi = m.make_pi(name, arity);
    Err(PErr::Permission(Atom::new("assert"), atoms::PROCEDURE, pi))
}

/// A rule as clause/2 sees it in SWI-Prolog: `Head :- Guard, !, Body`, or
/// `Head :- Body` without a guard. Other terms are returned unchanged.
pub fn as_clause(m: &mut Machine, t: Cell) -> Cell {
    if !is_rule(m, t) {
        return t;
    }
    let d = m.heap.deref(t);
    let (lhs, body) = (m.heap.get(d.addr() + 1), m.heap.get(d.addr() + 2));
    let l = m.heap.deref(lhs);
    let (head, body) = if l.tag() == STR && m.heap.get(l.addr()) == Cell::functor(atoms::COMMA, 2) {
        let (head, guard) = (m.heap.get(l.addr() + 1), m.heap.get(l.addr() + 2));
        let cut_body = m
            .heap
            .new_compound(atoms::COMMA, &[Cell::atom(atoms::CUT), body]);
        (head, m.heap.new_compound(atoms::COMMA, &[guard, cut_body]))
    } else {
        (lhs, body)
    };
    m.heap.new_compound(atoms::NECK, &[head, body])
}
