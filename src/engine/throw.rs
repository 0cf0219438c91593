//! Exceptions: unwinding to the newest active catch/3 whose catcher unifies
//! with the ball (choicepoints of kind `Alt::Catch`, see machine.rs).
//!
//! Tested by: tests/engine_tests.rs, tests/prolog/control.pl, the catch/3 cases of
//! tests/prolog/*.pl.

use super::code::CodeRef;
use super::error::{PErr, Res};
use super::machine::{Alt, Machine};
use crate::term::atom::atoms;
use crate::term::cell::*;
use crate::term::store::Stored;

impl Machine {
    /// Leaving catch/3's goal (`'$catch_exit'(Ref)` in boot.pl): pop its choicepoint if it is
    /// on top (a deterministic exit), otherwise mark the catch inactive with a trailed
    /// binding of `Ref`, so a later throw passes it by.
    pub fn catch_exit(&mut self, r: Cell) {
        if let Some(b) = self.cps.last() {
            if matches!(b.alt, Alt::Catch { .. }) {
                let saved = self.cp_args[b.args + 2];
                if self.heap.deref(saved) == self.heap.deref(r) {
                    self.pop_cp();
                    return;
                }
            }
        }
        let d = self.heap.deref(r);
        if d.tag() == REF {
            self.bind(d.addr(), Cell::atom(atoms::EXITED));
        }
    }

    /// Raises `e` at the current point: unwinds to the newest active catch/3
    /// whose catcher unifies with the ball and resumes in its recovery goal.
    /// Returns Err(ball) when no catch/3 inside the current run takes it.
    pub(crate) fn throw(&mut self, e: PErr) -> Res<()> {
        if let PErr::Halt(_) = e {
            return Err(e);
        }
        let ctx = match e {
            PErr::Throw(_) => None,
            _ => {
                let p = &self.preds[self.cur_pred as usize];
                Some((p.name, p.arity))
            }
        };
        let overflow = matches!(e, PErr::Resource(_));
        let ball_cell = e.to_term(&mut self.heap, ctx);
        if self.debug.backtraces {
            self.note_uncaught(ball_cell);
        }
        let ball = Stored::from_heap(&self.heap, ball_cell);
        loop {
            let Some(i) = self.cps.len().checked_sub(1) else {
                let c = ball.to_heap(&mut self.heap);
                return Err(PErr::Throw(c));
            };
            match self.cps[i].alt {
                Alt::Barrier => {
                    self.restore(i);
                    if overflow {
                        self.trim_stacks();
                    }
                    let c = ball.to_heap(&mut self.heap);
                    return Err(PErr::Throw(c));
                }
                Alt::Catch { bags } => {
                    let b = &self.cps[i];
                    let r = self.cp_args[b.args + 2];
                    let active = self.heap.deref(r).tag() == REF;
                    if !active {
                        self.pop_cp();
                        continue;
                    }
                    self.restore(i);
                    self.pop_cp();
                    self.bags.truncate(bags as usize);
                    if overflow {
                        self.trim_stacks();
                    }
                    let (catcher, recovery) = (self.regs[0], self.regs[1]);
                    let ball_h = ball.to_heap(&mut self.heap);
                    if self.unify(catcher, ball_h) {
                        self.debug.backtrace = None;
                        // Leave the catch/3 clause (its frame is E) and run call(Recovery).
                        self.cp = CodeRef::from_bits(self.stack[self.e + 1].0);
                        self.e = self.stack[self.e].0 as usize;
                        self.regs[0] = recovery;
                        let call1 = self.pred_id(atoms::CALL, 1);
                        if self.call_pred(call1)? {
                            return Ok(());
                        }
                        // The recovery failed back into a barrier.
                        self.pc = CodeRef::first(&self.fail_code);
                        return Ok(());
                    }
                }
                Alt::Cleanup => {
                    // The exception on its way wins over the cleanup's own.
                    let ball_h = ball.to_heap(&mut self.heap);
                    let why = super::cleanup::Why::Exception(ball_h);
                    if let Err(PErr::Halt(code)) = self.pop_and_run_cleanup(why) {
                        return Err(PErr::Halt(code));
                    }
                }
                _ => self.pop_cp(),
            }
        }
    }
}
