//! setup_call_cleanup/3: a choicepoint of kind `Alt::Cleanup` sits below the
//! goal's own choicepoints and holds the cleanup goal (its one saved
//! argument). The cleanup runs once, when the goal is done with:
//! * it exits with no choicepoints left: `'$cleanup_exit'/2` pops the marker
//!   and the Prolog clause (lib/boot.pl) runs the cleanup, keeping its
//!   bindings as SWI-Prolog does;
//! * it fails, or is backtracked into until it fails: `backtrack` reaches the
//!   marker;
//! * an exception leaves it: `throw` unwinds through the marker;
//! * a cut removes its choicepoints (or a query is abandoned): `cut`.
//!
//! In the last three the cleanup runs in a nested run, as `once/1` whose
//! bindings are undone and whose failure is ignored. As in SWI-Prolog, its
//! exception replaces the failure or the cut's success (a cut leaves it in
//! `cleanup_error` for the run loop to raise), but not an exception already
//! on its way.
//!
//! Tested by: tests/prolog/control.pl (setup_call_cleanup/3 and call_cleanup/2: exit, failure,
//! exception, cut).

use super::error::Res;
use super::machine::{Alt, Machine};
use crate::term::atom::{atoms, Atom};
use crate::term::cell::{Cell, REF};

/// Why a cleanup runs from the engine (a deterministic exit runs it from Prolog).
#[derive(Clone, Copy)]
pub(crate) enum Why {
    Fail,
    Cut,
    /// The ball, on the heap.
    Exception(Cell),
}

impl Machine {
    /// Pushes the marker for the cleanup closure (called with the reason as its extra
    /// argument) and the goal's state variable (bound to `exited`, trailed, when the goal
    /// exits with choicepoints left); returns the choicepoint height above it.
    pub(crate) fn cleanup_push(&mut self, closure: Cell, state: Cell) -> usize {
        let saved = (self.regs[0], self.regs[1]);
        self.regs[0] = closure;
        self.regs[1] = state;
        self.push_cp(Alt::Cleanup, 2);
        (self.regs[0], self.regs[1]) = saved;
        self.cleanup_markers += 1;
        self.cps.len()
    }

    /// After the goal's exit: if it left no choicepoints above the marker at
    /// `height`, pops the marker (the caller runs the cleanup) and says so.
    pub(crate) fn cleanup_exit(&mut self, height: usize) -> bool {
        let det = self.cps.len() == height
            && matches!(self.cps.last().map(|b| &b.alt), Some(Alt::Cleanup));
        if det {
            self.pop_cp();
            self.cleanup_markers = self.cleanup_markers.saturating_sub(1);
        }
        det
    }

    /// The cleanup goal of marker `i` for `why`: `call(Closure, Catcher)` where the catcher
    /// is SWI's `fail`, `!`, `exception(E)`, or `external_exception(E)` when the goal had
    /// already exited (its state variable is bound).
    fn cleanup_goal(&mut self, i: usize, why: Why) -> Cell {
        let args = self.cps[i].args;
        let (closure, state) = (self.cp_args[args], self.cp_args[args + 1]);
        let catcher = match why {
            Why::Fail => Cell::atom(atoms::FAIL),
            Why::Cut => Cell::atom(atoms::CUT),
            Why::Exception(ball) => {
                let exited = self.heap.deref(state).tag() != REF;
                let name = if exited {
                    "external_exception"
                } else {
                    "exception"
                };
                self.heap.new_compound(Atom::new(name), &[ball])
            }
        };
        self.heap.new_compound(atoms::CALL, &[closure, catcher])
    }

    /// Pops the newest choicepoint, a marker, and runs its cleanup
    /// (`backtrack` and `throw` reach markers this way).
    pub(crate) fn pop_and_run_cleanup(&mut self, why: Why) -> Res<()> {
        let goal = self.cleanup_goal(self.cps.len() - 1, why);
        self.pop_cp();
        self.run_cleanup(goal)
    }

    /// Runs a cleanup goal whose marker was just removed: its failure is
    /// ignored, its exception (or halt/1) returned.
    fn run_cleanup(&mut self, goal: Cell) -> Res<()> {
        self.cleanup_markers = self.cleanup_markers.saturating_sub(1);
        self.run_once(goal).map(|_| ())
    }

    /// `cut` when markers may be among the choicepoints removed: removes them
    /// all, then runs the cleanups, newest first.
    pub(crate) fn cut_with_cleanups(&mut self, height: usize) {
        let goals: Vec<Cell> = (height..self.cps.len())
            .rev()
            .filter(|&i| matches!(self.cps[i].alt, Alt::Cleanup))
            .collect::<Vec<usize>>()
            .into_iter()
            .map(|i| self.cleanup_goal(i, Why::Cut))
            .collect();
        self.drop_cps(height);
        for g in goals {
            if let Err(e) = self.run_cleanup(g) {
                // The first one is raised after the cut (the run loop).
                if self.cleanup_error.is_none() {
                    self.cleanup_error = Some(e);
                }
            }
        }
    }
}
