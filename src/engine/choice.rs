//! The choicepoint stack: pushing and popping choicepoints, cut, restoring
//! the heap and trail to a choicepoint (backtracking itself is in machine.rs).
//!
//! Tested by: tests/engine_tests.rs (cut, if-then-else, soft-cut), tests/robustness.rs (indexed
//! calls leave no choicepoint).

use super::machine::{Alt, ChoicePoint, Machine};
use crate::term::cell::*;

impl Machine {
    /// Pushes a choicepoint saving the first `nargs` argument registers.
    pub(crate) fn push_cp(&mut self, alt: Alt, nargs: usize) {
        let args = self.cp_args.len();
        self.cp_args.extend_from_slice(&self.regs[..nargs]);
        let e_top = self.env_top();
        self.cps.push(ChoicePoint {
            alt,
            h: self.heap.len(),
            tr: self.trail.len(),
            e: self.e,
            cp: self.cp,
            e_top,
            args,
            nargs,
        });
        self.hb = self.heap.len();
    }

    /// Lets a nondeterministic builtin leave a choicepoint; on backtracking it
    /// is called again with `state` (which must already be on the heap).
    pub fn push_redo(&mut self, state: Cell) {
        let pred = self.cur_pred;
        let n = self.preds[pred as usize].arity;
        self.push_cp(Alt::Redo { pred, state }, n);
    }

    #[inline]
    pub(crate) fn pop_cp(&mut self) {
        if let Some(b) = self.cps.pop() {
            self.cp_args.truncate(b.args);
        }
        self.hb = self.cps.last().map_or(0, |b| b.h);
    }

    /// Removes every choicepoint above `height`.
    #[inline]
    pub fn cut(&mut self, height: usize) {
        if self.cps.len() > height {
            if self.cleanup_markers > 0 {
                return self.cut_with_cleanups(height);
            }
            self.drop_cps(height);
        }
    }

    /// Drops the choicepoints above `height` (there are some), running nothing.
    #[inline]
    pub(crate) fn drop_cps(&mut self, height: usize) {
        let args = self.cps[height].args;
        self.cps.truncate(height);
        self.cp_args.truncate(args);
        self.hb = self.cps.last().map_or(0, |b| b.h);
    }

    /// Keeps everything now on the heap through backtracking: every
    /// choicepoint's heap mark is raised to the top. nb_setarg/3 puts its copy
    /// on the heap and stores it into an older term; without this,
    /// backtracking would reclaim the copy and leave the term pointing past the
    /// heap top. (SWI-Prolog freezes its global stack the same way.) Cells
    /// between a mark and the top become garbage for the collector, not for
    /// backtracking.
    pub(crate) fn freeze_heap(&mut self) {
        let top = self.heap.len();
        for b in self.cps.iter_mut().rev() {
            if b.h >= top {
                break;
            }
            b.h = top;
        }
        if !self.cps.is_empty() {
            self.hb = top;
        }
    }

    /// Restores heap, trail and registers to a choicepoint (without popping it).
    pub(crate) fn restore(&mut self, i: usize) {
        let b = &self.cps[i];
        let (h, tr, e, cp, args, nargs) = (b.h, b.tr, b.e, b.cp, b.args, b.nargs);
        self.undo_trail(tr);
        self.heap.truncate(h);
        self.drop_wake();
        self.e = e;
        self.cp = cp;
        // A few registers as a rule: an inline loop beats a call to memcpy.
        for (r, &a) in self.regs[..nargs]
            .iter_mut()
            .zip(&self.cp_args[args..args + nargs])
        {
            *r = a;
        }
    }

    pub(crate) fn undo_trail(&mut self, to: usize) {
        while self.trail.len() > to {
            let (addr, old) = self.trail.pop().unwrap_or((0, Cell(0)));
            if addr < self.heap.len() {
                self.heap.set(addr, old);
            }
        }
    }

    /// A soft-cut (`*->`) at choicepoint height `height`.
    pub(crate) fn soft_cut(&mut self, height: usize) {
        if height > 0 && height == self.cps.len() {
            // The condition left no choicepoints: drop the else branch's as a
            // cut would, so `time(det_goal)` stays deterministic.
            self.cut(height - 1);
        } else if height > 0 && height < self.cps.len() {
            self.cps[height - 1].alt = Alt::Dead;
        }
    }
}
