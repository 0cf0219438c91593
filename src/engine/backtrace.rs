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
use super::frame_goal::{live_at, ClauseAt};
use super::instr::{Instr, PredId};
use super::machine::{Alt, Machine, FRAME_HDR};
use super::pred::PredKind;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;
use crate::term::store::Stored;

/// A clause level's place, as `goal_stack` collects it for the level's goal.
type Place = (usize, Option<(usize, u32)>, Option<usize>);

/// How many levels are kept (SWI-Prolog's backtrace is short as well).
const MAX_LEVELS: usize = 20;

/// One level of the goal stack, innermost first.
#[derive(Clone, Debug)]
pub struct Level {
    pub pred: PredId,
    /// The goal with its arguments (`Module:Goal`), where they are known.
    pub goal: Option<Stored>,
    /// The clause's index in its predicate, for a clause level.
    pub clause: usize,
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
    /// An uncounted inline goal (one SWI-Prolog runs in its virtual machine,
    /// `Y is X + 1`) raised an error: its context is the predicate of the
    /// clause it is in, as in SWI-Prolog (`context(t3/0, _)`), not the
    /// builtin's. A query's own code belongs to no predicate: unchanged.
    #[cold]
    #[inline(never)]
    pub(crate) fn vm_goal_context(&mut self, at: CodeRef<Instr>) {
        let a = at.to_bits();
        let size = std::mem::size_of::<Instr>() as u64;
        let holder = self.preds.iter().enumerate().find(|(_, pred)| {
            matches!(pred.kind, PredKind::Clauses)
                && pred.clauses.iter().any(|c| {
                    let start = CodeRef::first(&c.code.code).to_bits();
                    start <= a && a < start + c.code.code.len() as u64 * size
                })
        });
        if let Some((p, _)) = holder {
            self.cur_pred = p as PredId;
        }
    }

    /// Records the goal stack if `ball` will leave the current run uncaught
    /// (called by `throw` before it unwinds anything).
    #[cold]
    #[inline(never)]
    pub(crate) fn note_uncaught(&mut self, ball: Cell) {
        if self.debug.backtrace.is_some() || self.debug.trapped || self.caught_in_run(ball) {
            return;
        }
        let (levels, missing) = if self.debug.on {
            (self.box_levels(), false)
        } else {
            self.goal_stack()
        };
        self.debug.backtrace = Some(Backtrace {
            ball: Stored::from_heap(&self.heap, ball),
            levels,
            missing,
        });
        if let Some(hook) = self.debug.on_uncaught.filter(|_| self.debug.on) {
            self.debug.trapped = true;
            hook(self, ball);
        }
    }

    /// Whether an active catch/3 has a catcher that unifies with `ball`: of
    /// this run, or in debug mode of any run (a builtin's box runs nested),
    /// the debugger's own boxes (which rethrow) not counted.
    fn caught_in_run(&mut self, ball: Cell) -> bool {
        let boxed = Cell::functor(Atom::new("$trace_exception"), 3);
        for i in (0..self.cps.len()).rev() {
            match self.cps[i].alt {
                Alt::Barrier if !self.debug.on => return false,
                Alt::Catch { .. } => {
                    let args = self.cps[i].args;
                    let active = self.heap.deref(self.cp_args[args + 2]).tag() == REF;
                    let mut recovery = self.heap.deref(self.cp_args[args + 1]);
                    while recovery.tag() == STR
                        && self.heap.get(recovery.addr()) == Cell::functor(atoms::COLON, 2)
                    {
                        recovery = self.heap.deref(self.heap.get(recovery.addr() + 2));
                    }
                    let rethrows = recovery.tag() == STR && self.heap.get(recovery.addr()) == boxed;
                    if active && !rethrows && self.may_unify(self.cp_args[args], ball) {
                        return true;
                    }
                }
                _ => {}
            }
        }
        false
    }

    /// In debug mode the goals are the open boxes' (their arguments exactly,
    /// numbered as the tracer numbers them). A box's clause is known when
    /// only one clause's head matches its goal (the running clause's head
    /// always does); then its file and line are shown.
    fn box_levels(&mut self) -> Vec<Level> {
        let mut out = Vec::new();
        for (depth, g) in self.box_goals().into_iter().take(MAX_LEVELS) {
            let pred = self.goal_pred(g);
            let clause = pred.and_then(|p| self.only_matching_clause(p, g));
            let (file, line) = match (pred, clause) {
                (Some(p), Some(c)) => {
                    let c = &self.preds[p as usize].clauses[c];
                    (c.file, c.line)
                }
                _ => (None, 0),
            };
            let goal = self.shallow_goal(g);
            out.push(Level {
                pred: pred.unwrap_or(0),
                goal: Some(Stored::from_heap(&self.heap, goal)),
                clause: clause.unwrap_or(0),
                file,
                line,
                depth: depth.unsigned_abs() as usize,
            });
        }
        out
    }

    /// The one visible clause of `p` whose head can match `Module:Goal`, if only one can.
    fn only_matching_clause(&mut self, p: PredId, g: Cell) -> Option<usize> {
        let g = self.heap.deref(g);
        let g = if g.tag() == STR && self.heap.get(g.addr()) == Cell::functor(atoms::COLON, 2) {
            self.heap.get(g.addr() + 2)
        } else {
            g
        };
        let mark = self.heap.len();
        let mut found = None;
        let gen = self.generation;
        for i in 0..self.preds[p as usize].clauses.len() {
            let clause = &self.preds[p as usize].clauses[i];
            if !clause.visible(gen) {
                continue;
            }
            let source = clause.source.to_heap(&mut self.heap);
            let source = self.heap.deref(source);
            let head = if source.tag() == STR
                && self.heap.get(source.addr()) == Cell::functor(atoms::NECK, 2)
            {
                self.heap.get(source.addr() + 1)
            } else {
                source
            };
            if self.may_unify(head, g) {
                if found.is_some() {
                    found = None;
                    break;
                }
                found = Some(i);
            }
        }
        self.heap.truncate(mark);
        found
    }

    /// The predicate a boxed goal `Module:Goal` calls (no entry is created).
    fn goal_pred(&self, g: Cell) -> Option<PredId> {
        let g = self.heap.deref(g);
        let (m, g) = match self.heap.view(g) {
            View::Compound {
                name,
                arity: 2,
                args,
            } if name == atoms::COLON => (
                self.heap.deref(self.heap.get(args)),
                self.heap.get(args + 1),
            ),
            _ => (Cell::atom(atoms::USER), g),
        };
        let (name, arity) = self.heap.callable_key(self.heap.deref(g))?;
        let module = if m.tag() == ATM {
            m.get_atom()
        } else {
            atoms::USER
        };
        self.lookup_pred_in(module, name, arity)
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
        let g = self.shallow_goal(g);
        Some(Level {
            pred: p,
            goal: Some(Stored::from_heap(&self.heap, g)),
            clause: 0,
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
            clause: c,
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
        // For each clause level: where its clause stands, for its goal.
        let mut places: Vec<Place> = Vec::new();
        // The arguments of the call the innermost clause level is making.
        let mut callee_args: Option<Vec<Cell>> = None;
        let mut missing = false;
        let (mut ret, mut e);
        match map.find(self.pc) {
            Some((p0, c0)) => {
                let callee = match *self.pc.get() {
                    Instr::Call(p, _) | Instr::Execute(p) | Instr::CallInline(p, _) => Some(p),
                    _ => None,
                };
                // The registers hold the callee's arguments, unless it is a
                // control construct or meta-call that called the builtin
                // which raised (`cur_pred`).
                let raiser = match callee.map(|p| (p, &self.preds[p as usize].kind)) {
                    Some((_, PredKind::Clauses)) => None,
                    Some((p, PredKind::Undefined | PredKind::Import(_))) => Some(p),
                    Some((p, _)) if p == self.cur_pred => Some(p),
                    Some(_) => Some(self.cur_pred),
                    None => None,
                };
                if let Some(p) = callee.filter(|&p| raiser.is_none_or(|r| r == p)) {
                    let arity = self.preds[p as usize].arity;
                    callee_args = Some(self.regs[..arity].to_vec());
                }
                if let Some(l) = raiser.and_then(|p| self.raising_goal(p)) {
                    levels.push(l);
                }
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
                let frame = framed.then(|| (self.e, live_at(code, at)));
                places.push((levels.len(), frame, callee.map(|_| at)));
                levels.push(self.clause_level(p0, c0));
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
                let code = &self.preds[p as usize].clauses[c].code.code;
                let at = (ret.prev().to_bits() - CodeRef::first(code).to_bits()) as usize
                    / std::mem::size_of::<Instr>();
                let live = match *ret.prev().get() {
                    Instr::Call(_, live) => live,
                    _ => 0,
                };
                places.push((levels.len(), Some((e, live)), Some(at)));
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
        self.level_goals(&mut levels, &places, callee_args);
        (levels, missing)
    }

    /// Each clause level's goal, innermost first: a level's head arguments
    /// are the arguments of the call the level above it is making, unless
    /// last-call optimisation took levels in between.
    fn level_goals(
        &mut self,
        levels: &mut [Level],
        places: &[Place],
        mut callee: Option<Vec<Cell>>,
    ) {
        let mark = self.heap.len();
        let mut below: Option<PredId> = None;
        for &(i, frame, call) in places {
            let (p, c) = (levels[i].pred, levels[i].clause);
            // The call this level makes is the level below only if its Call names it.
            if let (Some(b), Some(at)) = (below, call) {
                let code = &self.preds[p as usize].clauses[c].code.code;
                if !matches!(code[at], Instr::Call(q, _) if q == b) {
                    callee = None;
                }
            }
            let code = self.preds[p as usize].clauses[c].code.code.clone();
            let at = ClauseAt {
                pred: p,
                code: &code,
                frame,
                call,
            };
            let (goal, args) = self.frame_goal(&at, callee.as_deref());
            let goal = self.shallow_goal(goal);
            levels[i].goal = Some(Stored::from_heap(&self.heap, goal));
            callee = Some(args);
            below = Some(p);
        }
        self.heap.truncate(mark);
    }
}
