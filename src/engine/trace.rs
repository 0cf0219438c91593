//! The debugger's hook in the engine: while debug mode is on, every call of a
//! visible predicate is run inside the box `'$trace_box'/3` (lib/trace.pl),
//! which prints its ports (builtins/trace.rs decides what to show and asks
//! the user).
//!
//! Zero cost when not debugging: the hook lives on `call_pred`'s slow path,
//! which already exists for garbage collection and wake-ups. Debug mode keeps
//! that path's single comparison armed (the call gate at 0, gate.rs, as a pending wake-up
//! does, attvar.rs), so the run loop tests nothing new.
//!
//! The box keeps its frame in the backtrackable global `'$trace_ctx'`:
//! `'$tf'(Depth, Goal, Parent)`, Depth negative inside a library or builtin
//! box, whose own calls are hidden (goals it meta-calls from the user's
//! program are still shown, one level deeper). Backtracking restores it.
//!
//! Tested by: tests/prolog_trace.rs (ports against SWI-Prolog's trace/2),
//! tests/scenarios/repl/trace_*.txt (the interactive tracer).

use super::code::CodeRef;
use super::error::{PErr, Res};
use super::instr::PredId;
use super::machine::Machine;
use super::pred::PredKind;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use std::collections::HashSet;

/// Depth of a goal of the query itself, as SWI-Prolog's top level numbers it.
pub const TOP_DEPTH: i64 = 11;

/// What the engine needs to know to hook calls.
#[derive(Clone, Debug, Default)]
pub struct DebugHook {
    /// Debug mode: calls go through the slow path and visible ones are boxed.
    pub on: bool,
    /// The next visible call is the one a box runs: not boxed again.
    pub skip_once: bool,
    /// Predicates never shown (the debugger's own: trace/0, notrace/0, ...).
    pub untraced: HashSet<PredId>,
    /// What Ctrl-C does to a running query (the top level's action menu):
    /// Ok to go on, Err to raise (`'$aborted'`, halt). None: abort.
    pub on_interrupt: Option<fn(&mut Machine) -> Res<()>>,
    /// The top level wants the goal stack of uncaught errors (backtrace.rs).
    pub backtraces: bool,
    /// The goal stack of the latest uncaught error, until the top level takes it.
    pub backtrace: Option<super::backtrace::Backtrace>,
    /// In debug mode, what the top level does with an error no catch/3 will
    /// take, as it is raised (SWI-Prolog's `debug_on_error`: report it and
    /// trace its Exception ports on the way out).
    pub on_uncaught: Option<fn(&mut Machine, Cell)>,
    /// The current query's uncaught error was handed to `on_uncaught`
    /// (the boxes rethrowing it are not new errors).
    pub trapped: bool,
}

impl Machine {
    /// Turns debug mode on or off.
    pub fn set_debug(&mut self, on: bool) {
        self.debug.on = on;
        self.debug.skip_once = false;
        // Off: the next slow path settles the gate (gate.rs).
        if on {
            self.gate.arm();
        }
    }

    /// Ctrl-C reached the run loop: asks the top level what to do.
    #[cold]
    #[inline(never)]
    pub(crate) fn interrupted(&mut self) -> Res<()> {
        match self.debug.on_interrupt {
            Some(menu) => menu(self),
            None => Err(super::machine::aborted()),
        }
    }

    /// The heap address of the live `b_setval/2` slot of `key`, if any.
    pub fn b_slot(&self, key: Atom) -> Option<usize> {
        let addr = *self.b_globals.get(&key)?;
        let live = addr + 2 < self.heap.len()
            && self.heap.get(addr) == Cell::functor(Atom::new("$bglobal"), 2)
            && self.heap.get(addr + 1) == Cell::atom(key);
        live.then_some(addr)
    }

    /// The depth field of the innermost box (`TOP_DEPTH - 1` outside any).
    fn trace_ctx_depth(&self) -> i64 {
        let Some(addr) = self.b_slot(Atom::new("$trace_ctx")) else {
            return TOP_DEPTH - 1;
        };
        let f = self.heap.deref(self.heap.get(addr + 2));
        if f.tag() != STR {
            return TOP_DEPTH - 1;
        }
        let d = self.heap.deref(self.heap.get(f.addr() + 1));
        if d.tag() == INT {
            d.get_int()
        } else {
            TOP_DEPTH - 1
        }
    }

    /// The goals of the open boxes, innermost first: `(depth, Module:Goal)`
    /// (the depth is negative for a builtin or library box).
    pub(crate) fn box_goals(&self) -> Vec<(i64, Cell)> {
        let mut out = Vec::new();
        let Some(addr) = self.b_slot(Atom::new("$trace_ctx")) else {
            return out;
        };
        let mut f = self.heap.deref(self.heap.get(addr + 2));
        let tf = Cell::functor(Atom::new("$tf"), 3);
        while f.tag() == STR && self.heap.get(f.addr()) == tf && out.len() < 10_000 {
            let d = self.heap.deref(self.heap.get(f.addr() + 1));
            if d.tag() == INT {
                out.push((d.get_int(), self.heap.get(f.addr() + 2)));
            }
            f = self.heap.deref(self.heap.get(f.addr() + 3));
        }
        out
    }

    /// The box for a call of `p` with its arguments in the registers:
    /// `(Module:Goal, Depth)`, or None if the call is not shown.
    fn trace_goal(&mut self, p: PredId) -> Option<(Cell, Cell)> {
        let pred = &self.preds[p as usize];
        let shown_kind = matches!(
            pred.kind,
            PredKind::Clauses | PredKind::Det(_) | PredKind::Nondet(_)
        );
        if !shown_kind
            || pred.hidden
            || pred.name.name().starts_with('$')
            || self.debug.untraced.contains(&p)
        {
            return None;
        }
        if self.debug.skip_once {
            self.debug.skip_once = false;
            return None;
        }
        let user = matches!(pred.kind, PredKind::Clauses) && !pred.builtin && !pred.library;
        let ctx = self.trace_ctx_depth();
        if ctx < 0 && !user {
            return None;
        }
        let g = self.registers_goal(p);
        let depth = ctx.abs() + 1;
        Some((g, Cell::small_int(if user { depth } else { -depth })))
    }

    /// `call_pred`'s slow path in debug mode: runs a visible call of `p` in
    /// its box (Some: the call was taken over), or leaves it alone (None).
    #[cold]
    #[inline(never)]
    pub(crate) fn trace_at_call(&mut self, p: PredId) -> Option<Res<bool>> {
        let (g, depth) = self.trace_goal(p)?;
        Some(self.call_in_place("$trace_box", g, depth))
    }

    /// `'$trace_enter_clause'(Module:Goal, '$cref'(Pred, Born), Height)`
    /// (Control::EnterClause): runs that one clause in place of the call,
    /// its `!` cutting back to Height. The box takes a predicate's clauses
    /// one by one when the Unify port is visible (lib/trace.pl: clause/3,
    /// then the port, then this), so clause entry needs no hook in the run
    /// loop: only a box, that is debug mode, reaches it. The clause is found
    /// dead or alive (a retracted clause still runs for a call that saw it).
    pub(crate) fn enter_clause(&mut self) -> Res<bool> {
        let mut goal = self.heap.deref(self.regs[0]);
        while goal.tag() == STR && self.heap.get(goal.addr()) == Cell::functor(atoms::COLON, 2) {
            goal = self.heap.deref(self.heap.get(goal.addr() + 2));
        }
        let cref = self.heap.deref(self.regs[1]);
        let height = self.heap.deref(self.regs[2]);
        if cref.tag() != STR || self.heap.get(cref.addr()) != Cell::functor(Atom::new("$cref"), 2) {
            return Err(PErr::Type(Atom::new("db_reference"), cref));
        }
        let p = self.heap.deref(self.heap.get(cref.addr() + 1));
        let born = self.heap.deref(self.heap.get(cref.addr() + 2));
        if p.tag() != INT || born.tag() != INT || height.tag() != INT {
            return Err(PErr::Type(atoms::INTEGER, height));
        }
        let args = self.callable_args(goal)?;
        let (born, height) = (born.get_int() as u64, height.get_int().max(0) as usize);
        let Some(pred) = self.preds.get(p.get_int() as usize) else {
            return Ok(false);
        };
        let Some(clause) = pred.clauses.iter().find(|c| c.born == born) else {
            return Ok(false);
        };
        if pred.arity != args.len() {
            return Ok(false);
        }
        let code = CodeRef::first(&clause.code.code);
        if self.regs.len() < args.len() + 8 {
            self.regs.resize(args.len() + 8, Cell::atom(atoms::NIL));
        }
        self.regs[..args.len()].copy_from_slice(&args);
        // The clause's calls are the box's goal's own: each is boxed.
        self.debug.skip_once = false;
        self.b0 = height.min(self.cps.len());
        self.pc = code;
        Ok(true)
    }

    /// An inline builtin (`CallInline`) in debug mode: its box runs in a
    /// nested run, since X registers are live (None: not shown, run it as usual).
    #[cold]
    #[inline(never)]
    pub(crate) fn trace_inline(&mut self, p: PredId) -> Option<Res<bool>> {
        let (g, depth) = self.trace_goal(p)?;
        let b = self.heap.new_compound(Atom::new("$trace_box"), &[g, depth]);
        let b = self
            .heap
            .new_compound(atoms::COLON, &[Cell::atom(atoms::SYSTEM), b]);
        Some(self.solve_keep(b))
    }
}
