//! Attributed variables and their wake-up (docs/ARCHITECTURE.md, "Coroutining").
//!
//! An attributed variable is three heap cells `[self-REF, ATTV_MARK, Atts]`
//! (`term/heap.rs`): to everything but `bind` it is an ordinary unbound
//! variable. `Atts` is SWI-Prolog's chain `att(Module, Value, More)` or `[]`;
//! attribute changes are trailed assignments of that cell (`trailed_set`).
//! `bind` looks at the cell after a variable only once an attributed variable
//! has ever been made (`attv_on`), so programs without them pay one test of a
//! machine flag per binding.
//!
//! Binding an attributed variable appends `wakeup(Atts, Value, [])` to the
//! pending list `wake` (a plain variable is bound to the attributed one
//! instead, with no wake-up) and arms the call path's single comparison
//! (the call gate, gate.rs). The pending list runs as `'$wakeup'/1` (lib/attvar.pl):
//! * before the next predicate call (`call_pred` calls `'$wakeup_call'(W, M:G)`),
//! * at `Proceed` and at the query's `Halt` (a last call of `'$wakeup'/1`),
//! * before and right after an inline builtin (`=/2`, `functor/3`, ...) and
//!   before a neck cut, in a nested run, since X registers are live there:
//!   the goals run as `once/1`, keeping their bindings (after an inline
//!   builtin followed by Proceed or Deallocate, the wake-up waits for those).
//!
//! Backtracking (`restore`) drops the pending list; trial unifications
//! (`unifier`) save and restore it.
//!
//! Tested by: tests/prolog/{attvar,freeze,dif,when}.pl (tests/prolog_suites.rs),
//! tests/repl_pipe.rs (attributes through GC, residual goals),
//! tests/scenarios/repl/residual_goals.txt.

use super::error::Res;
use super::instr::PredId;
use super::machine::Machine;
use super::pred::{Control, PredKind};
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;

/// Pending wake-ups and the state of the armed call check.
#[derive(Clone, Debug)]
pub struct WakeState {
    /// Set once an attributed variable exists: `bind` checks from then on.
    pub on: bool,
    /// `wakeup(Atts, Value, Rest)` chain, or `[]`.
    pub list: Cell,
    /// Address of the last `Rest` argument of `list`.
    pub tail: usize,
    /// Nested runs for inline builtins (bounded: deeper wake-ups wait for the next call).
    pub depth: u32,
}

impl Default for WakeState {
    fn default() -> Self {
        WakeState {
            on: false,
            list: Cell::atom(atoms::NIL),
            tail: 0,
            depth: 0,
        }
    }
}

const NESTED_MAX: u32 = 64;

impl Machine {
    /// Is a wake-up pending?
    #[inline(always)]
    pub fn wake_pending(&self) -> bool {
        self.wake.list != Cell::atom(atoms::NIL)
    }

    /// The attribute chain of the attributed variable `c` derefs to, with its address.
    pub fn attvar_of(&self, c: Cell) -> Option<(usize, Cell)> {
        let d = self.heap.deref(c);
        if !self.wake.on || d.tag() != REF || !self.heap.is_attvar(d.addr()) {
            return None;
        }
        Some((d.addr(), self.heap.get(d.addr() + 2)))
    }

    /// Sets the attribute chain of the unbound variable `var` (making it an
    /// attributed variable if it is not one); trailed.
    pub fn set_attvar_atts(&mut self, var: Cell, atts: Cell) {
        let d = self.heap.deref(var);
        debug_assert_eq!(d.tag(), REF);
        if let Some((a, _)) = self.attvar_of(d) {
            self.trailed_set(a + 2, atts);
            return;
        }
        self.wake.on = true;
        let a = self.heap.new_attvar(atts);
        self.bind_plain(d.addr(), Cell::new_ref(a));
    }

    /// Binds without looking for attributes.
    #[inline(always)]
    pub(crate) fn bind_plain(&mut self, addr: usize, value: Cell) {
        self.heap.set(addr, value);
        if addr < self.hb {
            self.trail.push((addr, Cell::new_ref(addr)));
        }
    }

    /// `bind` of an attributed variable (its cell is unbound).
    #[cold]
    #[inline(never)]
    pub(crate) fn bind_attvar(&mut self, addr: usize, value: Cell) {
        let atts = self.heap.get(addr + 2);
        let v = self.heap.deref(value);
        if v.tag() == REF {
            if v.addr() == addr {
                return;
            }
            let other_empty = !self.heap.is_attvar(v.addr())
                || self.heap.get(v.addr() + 2) == Cell::atom(atoms::NIL);
            if other_empty {
                // A plain variable (or one without attributes) joins the attributed one.
                self.bind_plain(v.addr(), Cell::new_ref(addr));
                return;
            }
        }
        self.bind_plain(addr, v);
        if atts == Cell::atom(atoms::NIL) {
            return;
        }
        let nil = Cell::atom(atoms::NIL);
        let w = self.heap.new_compound(Atom::new("wakeup"), &[atts, v, nil]);
        if self.wake_pending() {
            self.heap.set(self.wake.tail, w);
        } else {
            self.wake.list = w;
            self.arm_wake();
        }
        self.wake.tail = w.addr() + 3;
    }

    /// Makes the next call look at the pending list (gate.rs; the slow path
    /// that finds nothing pending any more settles the gate again).
    pub(crate) fn arm_wake(&mut self) {
        self.gate.arm();
    }

    /// Takes the pending list.
    pub(crate) fn take_wake(&mut self) -> Cell {
        let w = self.wake.list;
        self.wake.list = Cell::atom(atoms::NIL);
        self.wake.tail = 0;
        w
    }

    /// Forgets pending wake-ups (backtracking).
    #[inline(always)]
    pub(crate) fn drop_wake(&mut self) {
        self.wake.list = Cell::atom(atoms::NIL);
    }

    /// Saves the pending state around a trial unification.
    pub(crate) fn wake_save(&self) -> (Cell, usize) {
        (self.wake.list, self.wake.tail)
    }

    pub(crate) fn wake_restore(&mut self, saved: (Cell, usize)) {
        if saved.0 != Cell::atom(atoms::NIL) {
            self.heap.set(saved.1, Cell::atom(atoms::NIL));
        }
        (self.wake.list, self.wake.tail) = saved;
    }

    /// `call_pred` found `heap + 2 * trail > gc.next`: runs pending wake-ups before
    /// calling `p` (Some(result): the call was taken over), or leaves the memory
    /// checks to the caller (None).
    #[cold]
    #[inline(never)]
    pub(crate) fn wake_at_call(&mut self, p: PredId) -> Option<Res<bool>> {
        if !self.wake_pending() {
            return None;
        }
        if matches!(
            self.preds[p as usize].kind,
            PredKind::Control(Control::CatchEnter)
        ) {
            // catch/3's own entry needs its frame: wake at the next call
            // (`call_pred` arms again after its memory checks).
            return None;
        }
        let w = self.take_wake();
        let g = self.registers_goal(p);
        Some(self.call_in_place("$wakeup_call", w, g))
    }

    /// Runs the pending wake-ups as a last call (at `Proceed` / `Halt`: the
    /// continuation is `self.cp`).
    #[cold]
    #[inline(never)]
    pub(crate) fn wake_execute(&mut self) -> Res<bool> {
        let w = self.take_wake();
        self.regs[0] = w;
        let wp = self.pred_id_in(atoms::SYSTEM, Atom::new("$wakeup"), 1);
        self.call_pred(wp)
    }

    /// Runs the pending wake-ups now, in a nested run (after an inline builtin):
    /// Ok(false) if they failed.
    #[cold]
    #[inline(never)]
    pub(crate) fn wake_nested(&mut self) -> Res<bool> {
        if self.wake.depth >= NESTED_MAX {
            return Ok(true);
        }
        let w = self.take_wake();
        let g = self.heap.new_compound(Atom::new("$wakeup"), &[w]);
        let g = self
            .heap
            .new_compound(atoms::COLON, &[Cell::atom(atoms::SYSTEM), g]);
        self.wake.depth += 1;
        let r = self.solve_keep(g);
        self.wake.depth -= 1;
        r
    }
}
