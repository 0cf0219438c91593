//! The goal stack of an uncaught error, for the top level's `ERROR: In:`
//! lines (SWI-Prolog's backtrace).
//!
//! Zero cost until an exception is raised: nothing is recorded per call.
//! When `throw` finds that no catch/3 of the current run will take the ball
//! (and the top level asked for backtraces), the frames that exist anyway are
//! read before unwinding: the clause running at `pc`, then each environment
//! frame's continuation, which points just after the `Call` of the level
//! below in its caller's clause. A continuation is mapped to its clause by
//! address (compiled code never moves, code.rs). Arguments of the clause
//! levels are not kept by the frames, so those levels name the predicate;
//! the innermost goal (the builtin or unknown procedure that raised) is
//! shown with its arguments, from the registers.
//!
//! Tested by: tests/scenarios/debugger/error_backtrace.txt (a consulted
//! file's error at the prompt), tests/prolog_trace.rs (no backtrace when caught).

use super::code::CodeRef;
use super::instr::{Instr, PredId};
use super::machine::{Alt, Machine, FRAME_HDR};
use super::pred::PredKind;
use crate::term::cell::*;
use crate::term::store::Stored;

/// How many levels are kept (SWI-Prolog's backtrace is short as well).
const MAX_LEVELS: usize = 20;

/// One level of the goal stack, innermost first.
#[derive(Clone, Debug)]
pub struct Level {
    pub pred: PredId,
    /// The goal with its arguments (`Module:Goal`), where they are known.
    pub goal: Option<Stored>,
    /// The clause's source file (`ext.files` index) and line, for a clause level.
    pub file: Option<u32>,
    pub line: u32,
    /// The call depth, numbered as SWI-Prolog numbers it (the query's goal at 10).
    pub depth: usize,
}

/// The goal stack of an uncaught error.
#[derive(Clone, Debug)]
pub struct Backtrace {
    /// The ball it belongs to (the top level prints it only for that ball).
    pub ball: Stored,
    pub levels: Vec<Level>,
    /// Some levels were lost to last-call optimisation.
    pub missing: bool,
}

/// Compiled clauses by code address: (first instruction, length, predicate, clause index).
struct CodeMap(Vec<(u64, u64, PredId, usize)>);

impl CodeMap {
    fn new(m: &Machine) -> CodeMap {
        let mut v = Vec::new();
        for (p, pred) in m.preds.iter().enumerate() {
            if !matches!(pred.kind, PredKind::Clauses) {
                continue;
            }
            for (i, c) in pred.clauses.iter().enumerate() {
                let start = CodeRef::first(&c.code.code).to_bits();
                v.push((start, c.code.code.len() as u64, p as PredId, i));
            }
        }
        v.sort_unstable_by_key(|e| e.0);
        CodeMap(v)
    }

    /// The predicate and clause whose code holds `at`.
    fn find(&self, at: CodeRef<Instr>) -> Option<(PredId, usize)> {
        let a = at.to_bits();
        let i = self.0.partition_point(|e| e.0 <= a).checked_sub(1)?;
        let (start, len, p, c) = self.0[i];
        let size = std::mem::size_of::<Instr>() as u64;
        (a < start + len * size).then_some((p, c))
    }
}

impl Machine {
    /// Records the goal stack if `ball` will leave the current run uncaught
    /// (called by `throw` before it unwinds anything).
    #[cold]
    #[inline(never)]
    pub(crate) fn note_uncaught(&mut self, ball: Cell) {
        if self.debug.backtrace.is_some() || self.debug.on || self.caught_in_run(ball) {
            return;
        }
        let (levels, missing) = self.goal_stack();
        self.debug.backtrace = Some(Backtrace {
            ball: Stored::from_heap(&self.heap, ball),
            levels,
            missing,
        });
    }

    /// Whether an active catch/3 of this run has a catcher that unifies with `ball`.
    fn caught_in_run(&mut self, ball: Cell) -> bool {
        for i in (0..self.cps.len()).rev() {
            match self.cps[i].alt {
                Alt::Barrier => return false,
                Alt::Catch { .. } => {
                    let args = self.cps[i].args;
                    let active = self.heap.deref(self.cp_args[args + 2]).tag() == REF;
                    if active && self.may_unify(self.cp_args[args], ball) {
                        return true;
                    }
                }
                _ => {}
            }
        }
        false
    }

    /// The goal being called when an error was raised: a builtin's or an
    /// unknown procedure's goal with its arguments, still in the registers.
    fn raising_goal(&mut self, p: PredId) -> Option<Level> {
        let pred = &self.preds[p as usize];
        let shown = matches!(
            pred.kind,
            PredKind::Det(_) | PredKind::Nondet(_) | PredKind::Undefined | PredKind::Import(_)
        );
        if !shown || pred.hidden {
            return None;
        }
        let g = self.registers_goal(p);
        Some(Level {
            pred: p,
            goal: Some(Stored::from_heap(&self.heap, g)),
            file: None,
            line: 0,
            depth: 0,
        })
    }

    fn clause_level(&self, p: PredId, c: usize) -> Level {
        let clause = &self.preds[p as usize].clauses[c];
        Level {
            pred: p,
            goal: None,
            file: clause.file,
            line: clause.line,
            depth: 0,
        }
    }

    /// The levels from the raising goal outwards, and whether last-call
    /// optimisation removed some (a caller's `Call` names another predicate
    /// than the level below it).
    fn goal_stack(&mut self) -> (Vec<Level>, bool) {
        let map = CodeMap::new(self);
        let mut levels = Vec::new();
        let mut missing = false;
        let (mut ret, mut e);
        match map.find(self.pc) {
            Some((p0, c0)) => {
                let callee = match *self.pc.get() {
                    Instr::Call(p, _) | Instr::Execute(p) | Instr::CallInline(p, _) => Some(p),
                    _ => None,
                };
                if let Some(l) = callee.and_then(|p| self.raising_goal(p)) {
                    levels.push(l);
                }
                levels.push(self.clause_level(p0, c0));
                // Does the running clause still have its frame (Allocate seen, no Deallocate)?
                let code = &self.preds[p0 as usize].clauses[c0].code.code;
                let at = (self.pc.to_bits() - CodeRef::first(code).to_bits()) as usize
                    / std::mem::size_of::<Instr>();
                let mut framed = false;
                for ins in &code[..at] {
                    match ins {
                        Instr::Allocate(_) => framed = true,
                        Instr::Deallocate => framed = false,
                        _ => {}
                    }
                }
                if framed {
                    ret = CodeRef::from_bits(self.stack[self.e + 1].0);
                    e = self.stack[self.e].0 as usize;
                } else {
                    (ret, e) = (self.cp, self.e);
                }
            }
            None => {
                if let Some(l) = self.raising_goal(self.cur_pred) {
                    levels.push(l);
                }
                (ret, e) = (self.cp, self.e);
            }
        }
        // The levels past the kept ones are only counted, for the depths.
        let mut outer: Vec<PredId> = Vec::new();
        let mut below = levels.last().map(|l| l.pred);
        while let Some((p, c)) = map.find(ret) {
            let Instr::Call(callee, _) = *ret.prev().get() else {
                break;
            };
            if below.is_some_and(|b| b != callee) {
                missing = true;
            }
            below = Some(p);
            if levels.len() < MAX_LEVELS {
                levels.push(self.clause_level(p, c));
            } else {
                outer.push(p);
            }
            ret = CodeRef::from_bits(self.stack[e + 1].0);
            e = self.stack[e].0 as usize;
            if e + FRAME_HDR > self.stack.len() {
                break;
            }
        }
        // Numbered from the outermost level (the query's goal, or its own
        // control construct, at 10); helpers of control constructs in clause
        // bodies are no level of their own (SWI-Prolog compiles them inline).
        let preds = levels.iter().map(|l| l.pred).collect::<Vec<_>>();
        let mut depth = 9;
        let mut counted = |p: PredId| {
            if depth == 9 || !self.preds[p as usize].hidden {
                depth += 1;
            }
            depth
        };
        for &p in outer.iter().rev() {
            counted(p);
        }
        let depths: Vec<usize> = preds.iter().rev().map(|&p| counted(p)).collect();
        for (l, d) in levels.iter_mut().zip(depths.into_iter().rev()) {
            l.depth = d;
        }
        (levels, missing)
    }
}
