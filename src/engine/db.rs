//! The clause database: adding clauses (consult, assert) and erasing them
//! (retract, abolish, reconsult), with ISO permission checks.
//!
//! Tested by: tests/prolog/database.pl, tests/prolog/safety.pl (erasing clauses under
//! iteration), the unit tests of solve.rs (clauses added and erased under a running call) and
//! of builtins/db.rs.

use super::error::{PErr, Res};
use super::instr::PredId;
use super::machine::Machine;
use super::pred::{Clause, PredKind};
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::store::Stored;

#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Where {
    First,
    Last,
}

impl Machine {
    /// Splits a clause term into head and body (`true` for facts).
    pub fn clause_parts(&self, t: Cell) -> (Cell, Cell) {
        let t = self.heap.deref(t);
        if t.tag() == STR && self.heap.get(t.addr()) == Cell::functor(atoms::NECK, 2) {
            (
                self.heap.deref(self.heap.get(t.addr() + 1)),
                self.heap.deref(self.heap.get(t.addr() + 2)),
            )
        } else {
            (t, Cell::atom(atoms::TRUE))
        }
    }

    /// The predicate a clause head belongs to, with ISO checks on the head.
    pub fn head_pred(&mut self, head: Cell) -> Res<PredId> {
        let head = self.heap.deref(head);
        match self.heap.callable_key(head) {
            Some((name, arity)) => Ok(self.pred_id(name, arity)),
            None if head.tag() == REF => Err(PErr::Instantiation),
            None => Err(PErr::Type(atoms::CALLABLE, head)),
        }
    }

    /// permission_error(modify, static_procedure, Name/Arity) for system predicates.
    pub fn check_modifiable(&mut self, p: PredId) -> Res<()> {
        let pred = &self.preds[p as usize];
        if pred.builtin || matches!(pred.kind, PredKind::Control(_)) {
            let (n, a) = (pred.name, pred.arity);
            let pi = self.pred_indicator(n, a);
            return Err(PErr::Permission(atoms::MODIFY, atoms::STATIC_PROCEDURE, pi));
        }
        Ok(())
    }

    pub fn pred_indicator(&mut self, name: Atom, arity: usize) -> Cell {
        self.heap.new_compound(
            atoms::SLASH,
            &[Cell::atom(name), Cell::small_int(arity as i64)],
        )
    }

    /// Compiles and adds a clause. `file` is the consulting file, if any.
    pub fn add_clause(&mut self, clause: Cell, at: Where, file: Option<u32>) -> Res<PredId> {
        let (head, body) = self.clause_parts(clause);
        let p = self.head_pred(head)?;
        self.check_modifiable(p)?;
        let body_d = self.heap.deref(body);
        if body_d.is_int() || (body_d.tag() == BOX) {
            return Err(PErr::Type(atoms::CALLABLE, body_d));
        }
        let (code, keys) = self.compile_clause(head, body)?;
        let neck = self.heap.new_compound(atoms::NECK, &[head, body]);
        let source = Stored::from_heap(&self.heap, neck);
        self.generation += 1;
        let clause = Clause {
            code,
            keys,
            born: self.generation,
            died: u64::MAX,
            source: Box::new(source),
            file,
            line: 0,
        };
        let pred = &mut self.preds[p as usize];
        if matches!(pred.kind, PredKind::Undefined) {
            pred.kind = PredKind::Clauses;
        }
        match at {
            Where::Last => pred.add_last(clause),
            Where::First => pred.add_first(clause),
        }
        Ok(p)
    }

    /// Marks a clause dead (logical update view: running calls still see it).
    /// Positions stay valid: the clause vector is compacted only by
    /// [`Machine::reclaim_dead`], which callers run once they hold no positions.
    pub fn erase_clause(&mut self, p: PredId, pos: usize) {
        self.generation += 1;
        let gen = self.generation;
        let pred = &mut self.preds[p as usize];
        if pred.clauses[pos].died == u64::MAX {
            pred.clauses[pos].died = gen;
            pred.n_dead += 1;
        }
    }

    /// Drops a predicate's dead clauses once they are many (or, with `all`, any) and no
    /// choicepoint iterates the predicate by position. Clause positions change: call it
    /// only after the last use of a position.
    pub fn reclaim_dead(&mut self, p: PredId, all: bool) {
        let pred = &self.preds[p as usize];
        let many = pred.n_dead >= 32 && pred.n_dead * 2 >= pred.clauses.len();
        if pred.n_dead == 0 || !(all || many) {
            return;
        }
        let busy = self.cps.iter().any(|b| {
            matches!(b.alt, super::machine::Alt::Clauses { pred, .. } if pred == p)
                || matches!(b.alt, super::machine::Alt::Redo { .. })
        });
        if !busy {
            let dropped = self.preds[p as usize].compact();
            self.zombies.extend(dropped);
        }
    }

    /// Removes all clauses of a predicate (reconsult, abolish).
    pub fn wipe_pred(&mut self, p: PredId) {
        let n = self.preds[p as usize].clauses.len();
        for pos in 0..n {
            self.erase_clause(p, pos);
        }
        self.reclaim_dead(p, true);
    }
}
