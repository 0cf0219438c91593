//! The clause database: adding clauses (consult, assert) and erasing them
//! (retract, abolish, reconsult), with ISO permission checks; the state of a clause/2 or
//! retract/1 iteration between solutions; reclaiming erased clauses while a query runs.
//!
//! Reclaiming (the logical update view kept, docs/ARCHITECTURE.md "Erased clauses"): an erased
//! clause is only marked dead (`died`); a call or iteration that started before sees it until
//! it ends. Two things hold on to a dead clause:
//! * its *position* in the predicate's clause vector, held by a choicepoint iterating the
//!   predicate (`Alt::Clauses`, or a clause/2, retract/1 redo naming the predicate). While one
//!   exists the predicate is not compacted; otherwise [`Machine::reclaim_dead`] drops the dead
//!   clauses (the source term at once) and moves their code to `zombies`;
//! * its *code*, which may be running: `pc`, `cp`, a frame's or a choicepoint's continuation
//!   can point into it. When `zombies` outgrow a budget, [`Machine::free_unreachable_zombies`]
//!   walks exactly those roots (as the garbage collector does) and frees every zombie none of
//!   them points into. Only in an unnested query: a nested query's starter keeps its code
//!   pointers in Rust locals (solve.rs `Query`), which no walk can see.
//!
//! Tested by: tests/prolog/database.pl, tests/prolog/safety.pl (erasing clauses under
//! iteration), the unit tests of solve.rs (clauses added and erased under a running call) and
//! of builtins/db.rs.

use super::code::CodeRef;
use super::error::{PErr, Res};
use super::instr::Instr;
use super::instr::PredId;
use super::machine::{Alt, Machine, FRAME_HDR};
use super::pred::{Clause, Keys, PredKind};
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::store::Stored;

/// Zombies (code of dropped clauses) that may pile up before a running query frees the
/// unreachable ones; the budget then doubles over the survivors, so the walks stay amortised.
pub const ZOMBIE_BATCH: usize = 256;

/// The functor of a clause/2, retract/1 iteration's redo state:
/// `'$clause_scan'(Candidate, Generation, Pred, Indexed, Shifts, NextBorn)`.
const SCAN_STATE: &str = "$clause_scan";

/// Where a clause/2 or retract/1 iteration resumes: candidate position (in the index
/// bucket when `indexed`), the generation whose clauses it sees, and whether it uses the index.
#[derive(Copy, Clone, Debug)]
pub struct ScanAt {
    pub candidate: u32,
    pub gen: u64,
    pub indexed: bool,
}

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
        let body = self.body_as_stored(body);
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
        self.preds[p as usize].kill(pos, gen);
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
        let scan = Cell::functor(Atom::new(SCAN_STATE), 6);
        let busy = self.cps.iter().any(|b| match b.alt {
            Alt::Clauses { pred, .. } => pred == p,
            Alt::Redo { state, .. } => self.scan_state_pred(state, scan) == Some(p),
            _ => false,
        });
        if !busy {
            let dropped = self.preds[p as usize].compact();
            self.zombies.extend(dropped);
            if self.zombies.len() >= self.zombie_budget {
                self.free_unreachable_zombies();
            }
        }
    }

    /// The predicate a clause/2, retract/1 redo state iterates (None for other redo states).
    fn scan_state_pred(&self, state: Cell, scan: Cell) -> Option<PredId> {
        let s = self.heap.deref(state);
        (s.tag() == STR && self.heap.get(s.addr()) == scan)
            .then(|| self.heap.deref(self.heap.get(s.addr() + 3)).get_int() as PredId)
    }

    /// The redo state of an iteration over `p` that resumes at `at`; `next` is the position
    /// of the next matching clause, whose birth finds the place again if positions move.
    pub fn scan_state(&mut self, p: PredId, at: ScanAt, next: u32) -> Cell {
        let pred = &self.preds[p as usize];
        let born = pred.clauses[next as usize].born;
        let fields = [
            at.candidate as i64,
            at.gen as i64,
            p as i64,
            at.indexed as i64,
            pred.shifts as i64,
            born as i64,
        ]
        .map(Cell::small_int);
        self.heap.new_compound(Atom::new(SCAN_STATE), &fields)
    }

    /// Where an iteration over `p` with argument `keys` resumes from its redo state (None:
    /// nothing left). When positions moved since (asserta), the next clause is found again.
    pub fn resume_scan(&mut self, state: Cell, p: PredId, keys: &Keys) -> Option<ScanAt> {
        let s = self.heap.deref(state);
        let field = |i: usize| self.heap.deref(self.heap.get(s.addr() + i)).get_int();
        let (candidate, gen, indexed) = (field(1) as u32, field(2) as u64, field(4) != 0);
        let (shifts, born) = (field(5) as u64, field(6) as u64);
        let pred = &mut self.preds[p as usize];
        if pred.shifts == shifts {
            return Some(ScanAt {
                candidate,
                gen,
                indexed,
            });
        }
        let pos = pred.clauses.iter().position(|c| c.born == born)? as u32;
        if indexed {
            pred.ensure_index();
        }
        let candidate = pred.candidate_of(keys, indexed, pos)?;
        Some(ScanAt {
            candidate,
            gen,
            indexed,
        })
    }

    /// Frees the zombies that no code pointer of the running query reaches: `pc`, `cp`, the
    /// alternative of every in-clause choicepoint, and the continuation of every frame
    /// reachable from the current frame or a choicepoint.
    pub fn free_unreachable_zombies(&mut self) {
        let barriers = self
            .cps
            .iter()
            .filter(|b| matches!(b.alt, Alt::Barrier))
            .count();
        if barriers > 1 {
            return;
        }
        let (halt, fail) = (
            CodeRef::first(&self.halt_code),
            CodeRef::first(&self.fail_code),
        );
        let mut refs: Vec<usize> = vec![self.pc.to_bits() as usize];
        // An alternative inside a clause (`;`, `->`) points into that clause's code.
        for b in &self.cps {
            if let Alt::Else { code, .. } = b.alt {
                refs.push(code.to_bits() as usize);
            }
        }
        let mut visited = vec![0u64; self.stack.len().div_ceil(64)];
        let starts = std::iter::once((self.e, self.cp)).chain(self.cps.iter().map(|b| (b.e, b.cp)));
        for (mut e, mut cp) in starts {
            refs.push(cp.to_bits() as usize);
            while cp != halt && cp != fail && e + FRAME_HDR <= self.stack.len() {
                let (w, m) = (e >> 6, 1u64 << (e & 63));
                if visited[w] & m != 0 {
                    break;
                }
                visited[w] |= m;
                cp = CodeRef::<Instr>::from_bits(self.stack[e + 1].0);
                e = self.stack[e].0 as usize;
                refs.push(cp.to_bits() as usize);
            }
        }
        refs.sort_unstable();
        self.zombies.retain(|z| {
            // A continuation may point just past a clause's last instruction.
            let start = z.code.as_ptr() as usize;
            let end = start + z.code.len() * std::mem::size_of::<Instr>();
            let i = refs.partition_point(|&r| r < start);
            i < refs.len() && refs[i] <= end
        });
        self.zombie_budget = (2 * self.zombies.len()).max(ZOMBIE_BATCH);
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
