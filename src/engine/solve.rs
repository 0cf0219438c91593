//! Running goals from Rust: the query API used by the top level, consult
//! (directives) and tests.
//!
//! A query pushes a barrier choicepoint; failing into it ends the query, and
//! `query_end` cuts back to it, undoing every binding the query made. Queries
//! nest (a directive runs inside consult/1, itself a running goal): the outer
//! machine registers are saved and restored around the inner query.
//!
//! A Rust panic inside a query is a bug, but it must not cost the user their session:
//! `query_next` catches it and reports it as `error(system_error(Message), _)`, and
//! `query_end` then restores the machine as after any uncaught exception.

use super::code::CodeRef;
use super::error::{PErr, Res};
use super::instr::Instr;
use super::machine::{Alt, Machine};
use crate::term::atom::atoms;
use crate::term::cell::*;

pub struct Query {
    barrier: usize,
    started: bool,
    saved_pc: CodeRef<Instr>,
    saved_cp: CodeRef<Instr>,
    saved_e: usize,
    saved_b0: usize,
    saved_cur: u32,
    saved_regs: Vec<Cell>,
}

impl Machine {
    /// Prepares to run `goal` (a term already on the heap).
    pub fn query_start(&mut self, goal: Cell) -> Query {
        let q = Query {
            barrier: self.cps.len(),
            started: false,
            saved_pc: self.pc,
            saved_cp: self.cp,
            saved_e: self.e,
            saved_b0: self.b0,
            saved_cur: self.cur_pred,
            saved_regs: self.regs.clone(),
        };
        self.push_cp(Alt::Barrier, 0);
        self.regs[0] = goal;
        q
    }

    /// The next solution: Ok(true) with the bindings in place, Ok(false) when
    /// there are no more, Err for an uncaught exception (the ball is valid
    /// until `query_end`).
    pub fn query_next(&mut self, q: &mut Query) -> Res<bool> {
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.query_run(q)));
        run.unwrap_or_else(|payload| {
            let what = panic_text(payload.as_ref());
            let msg = Cell::atom(crate::term::atom::Atom::new(&what));
            let formal = self
                .heap
                .new_compound(crate::term::atom::Atom::new("system_error"), &[msg]);
            let ctx = self.heap.new_var();
            Err(PErr::Throw(
                self.heap.new_compound(atoms::ERROR, &[formal, ctx]),
            ))
        })
    }

    fn query_run(&mut self, q: &mut Query) -> Res<bool> {
        let resumed = if !q.started {
            q.started = true;
            self.cp = CodeRef::first(&self.halt_code);
            self.b0 = self.cps.len();
            let call1 = self.pred_id(atoms::CALL, 1);
            self.call_pred(call1)
        } else {
            self.backtrack()
        };
        match resumed {
            Ok(true) => self.run(),
            other => other,
        }
    }

    /// Is there possibly another solution (a choicepoint above the barrier)?
    pub fn query_has_alternatives(&self, q: &Query) -> bool {
        self.cps.len() > q.barrier + 1
    }

    /// Ends a query: drops its choicepoints and undoes its bindings.
    pub fn query_end(&mut self, q: Query) {
        self.cut(q.barrier + 1);
        if self.cps.len() == q.barrier + 1 {
            let b = &self.cps[q.barrier];
            let (h, tr) = (b.h, b.tr);
            self.undo_trail(tr);
            self.heap.truncate(h);
            self.pop_cp();
        }
        self.resume_outer(&q);
        if self.cps.is_empty() {
            self.at_safe_point();
        }
    }

    /// Gives the code that started query `q` its registers and control state back.
    fn resume_outer(&mut self, q: &Query) {
        self.pc = q.saved_pc;
        self.cp = q.saved_cp;
        self.e = q.saved_e;
        self.b0 = q.saved_b0;
        self.cur_pred = q.saved_cur;
        let n = q.saved_regs.len().min(self.regs.len());
        self.regs[..n].copy_from_slice(&q.saved_regs[..n]);
    }

    /// Runs `goal` once: Ok(true) if it succeeded (bindings are undone).
    pub fn run_once(&mut self, goal: Cell) -> Res<bool> {
        let mut q = self.query_start(goal);
        let r = self.query_next(&mut q);
        let r = match r {
            Err(PErr::Throw(ball)) => {
                // Copy the ball out before query_end reclaims its heap.
                let stored = crate::term::store::Stored::from_heap(&self.heap, ball);
                self.query_end(q);
                let c = stored.to_heap(&mut self.heap);
                return Err(PErr::Throw(c));
            }
            other => other,
        };
        self.query_end(q);
        r
    }

    /// Runs `goal` once, keeping its bindings (wake-ups after an inline
    /// builtin, attvar.rs): Ok(true) if it succeeded.
    pub fn solve_keep(&mut self, goal: Cell) -> Res<bool> {
        let mut q = self.query_start(goal);
        match self.query_next(&mut q) {
            Ok(true) => {
                self.cut(q.barrier + 1);
                if self.cps.len() == q.barrier + 1 {
                    self.pop_cp();
                }
                self.resume_outer(&q);
                Ok(true)
            }
            Err(PErr::Throw(ball)) => {
                let stored = crate::term::store::Stored::from_heap(&self.heap, ball);
                self.query_end(q);
                Err(PErr::Throw(stored.to_heap(&mut self.heap)))
            }
            other => {
                self.query_end(q);
                other
            }
        }
    }

    /// No query is running: reclaim retracted code and compact predicates.
    pub fn at_safe_point(&mut self) {
        self.zombies.clear();
        self.cleanup_markers = 0;
        for i in 0..self.preds.len() {
            if self.preds[i].n_dead > 0 {
                let dropped = self.preds[i].compact();
                drop(dropped);
            }
        }
        self.bags.clear();
    }
}

thread_local! {
    /// Where the last panic on this thread happened, recorded by [`install_panic_hook`].
    static PANIC_PLACE: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Replaces the default panic report (a backtrace on stderr, in the middle of the user's
/// session) by a record that `query_next` turns into the error it reports. With
/// `RUST_BACKTRACE` set the default report is printed as well.
pub fn install_panic_hook() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let place = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()));
        PANIC_PLACE.with(|p| *p.borrow_mut() = place);
        if std::env::var_os("RUST_BACKTRACE").is_some() {
            default(info);
        }
    }));
}

/// The text of an internal error: the panic's message and, if recorded, its place.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    let msg = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into());
    match PANIC_PLACE.with(|p| p.borrow_mut().take()) {
        Some(place) => format!("{msg} (at {place})"),
        None => msg,
    }
}
