//! The goal of a clause level of an uncaught error's backtrace, rebuilt from
//! what exists anyway when the error is raised (backtrace.rs): the clause's
//! compiled code, the frame's permanent variables, and the arguments of the
//! call it was making (known from the level below it).
//!
//! Frames do not keep a call's arguments (keeping them would cost every
//! call), but the head's code says where each argument went: into a
//! permanent slot (`GetVarY`), a temporary (`GetVarX`), or against a constant
//! or template. Slots are read from the frame; temporaries are recovered by
//! matching the `Put` instructions of the call in progress against that
//! call's arguments (a temporary kept in its argument register has no `Get`
//! or `Put`: compile.rs, `arg_homes`); what neither gives prints as a fresh
//! variable (`_`).
//! Nothing is bound: the goal is built from new cells at the heap top.
//!
//! Tested by: tests/scenarios/debugger/error_backtrace.txt (the goals of a
//! consulted file's levels), tests/trace_ports.rs (`backtrace_levels_*`).

use super::instr::{tvar_parts, Instr, PredId, Template, NO_FRAME};
use super::machine::{Machine, FRAME_HDR};
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::FastMap;

/// A clause level as found on the goal stack.
pub(super) struct ClauseAt<'a> {
    pub pred: PredId,
    pub code: &'a [Instr],
    /// The clause's frame and how many of its slots are initialized, if it has one.
    pub frame: Option<(usize, u32)>,
    /// The index of the call instruction the clause is executing, if known.
    pub call: Option<usize>,
}

/// Values of the clause's variables: (permanent, index) -> cell.
type Vals = FastMap<(bool, u32), Cell>;

impl Machine {
    /// `Module:Head` of the clause at `at`, as far as it can be rebuilt;
    /// `callee` is the argument list of the call it is making, if known.
    /// Returns the goal and its head arguments (the callee arguments for the
    /// level above).
    pub(super) fn frame_goal(
        &mut self,
        at: &ClauseAt,
        callee: Option<&[Cell]>,
    ) -> (Cell, Vec<Cell>) {
        let mut vals = Vals::default();
        if let Some((e, live)) = at.frame {
            for y in 0..live.min(self.stack[e + 3].0 as u32) {
                vals.insert((true, y), self.stack[e + FRAME_HDR + y as usize]);
            }
        }
        if let (Some(ci), Some(args)) = (at.call, callee) {
            self.match_call_args(&at.code[..ci], args, &mut vals);
        }
        let pred = &self.preds[at.pred as usize];
        let (name, arity, module) = (pred.name, pred.arity, pred.module);
        let mut head = vec![None; arity];
        for ins in head_code(at.code) {
            let (a, value) = match *ins {
                Instr::GetVarX(x, a) | Instr::GetValX(x, a) => (a, self.val(&mut vals, false, x)),
                Instr::GetVarY(y, a) | Instr::GetValY(y, a) => (a, self.val(&mut vals, true, y)),
                Instr::GetConst(c, a) => (a, c),
                Instr::GetTpl(t, a) => (a, self.build_tpl_from(t.get(), &mut vals)),
                _ => continue,
            };
            if let Some(slot) = head.get_mut(a as usize) {
                *slot = Some(value);
            }
        }
        // An argument without a `Get` is the temporary homed in its register.
        let args: Vec<Cell> = (0..arity as u32)
            .zip(head)
            .map(|(a, v)| v.unwrap_or_else(|| self.val(&mut vals, false, a)))
            .collect();
        let g = if args.is_empty() {
            Cell::atom(name)
        } else {
            self.heap.new_compound(name, &args)
        };
        let g = self
            .heap
            .new_compound(atoms::COLON, &[Cell::atom(module), g]);
        (g, args)
    }

    /// The value of a clause variable, a fresh variable if unknown (kept, so
    /// that its other occurrences share it).
    fn val(&mut self, vals: &mut Vals, perm: bool, i: u32) -> Cell {
        if let Some(&c) = vals.get(&(perm, i)) {
            return c;
        }
        let v = self.heap.new_var();
        vals.insert((perm, i), v);
        v
    }

    /// Learns the variables of the call ending `code` (its `Put`
    /// instructions, just before it) from the call's actual arguments.
    fn match_call_args(&self, code: &[Instr], args: &[Cell], vals: &mut Vals) {
        // A temporary homed in argument register `k` (compile.rs, `arg_homes`)
        // is argument `k` of every call that has one while it lives; the
        // head's temporaries live up to the first call.
        if !code
            .iter()
            .any(|i| matches!(i, Instr::Call(..) | Instr::Execute(..)))
        {
            for (k, &c) in (0..).zip(args) {
                vals.insert((false, k), c);
            }
        }
        let puts = code
            .iter()
            .rev()
            .take_while(|i| {
                matches!(
                    i,
                    Instr::PutVarX(..)
                        | Instr::PutVarY(..)
                        | Instr::PutValX(..)
                        | Instr::PutValY(..)
                        | Instr::PutConst(..)
                        | Instr::PutTpl(..)
                )
            })
            .collect::<Vec<_>>();
        for ins in puts {
            match *ins {
                Instr::PutVarX(x, a) | Instr::PutValX(x, a) => {
                    if let Some(&c) = args.get(a as usize) {
                        vals.entry((false, x)).or_insert(c);
                    }
                }
                Instr::PutVarY(y, a) | Instr::PutValY(y, a) => {
                    if let Some(&c) = args.get(a as usize) {
                        vals.entry((true, y)).or_insert(c);
                    }
                }
                Instr::PutTpl(t, a) => {
                    if let Some(&c) = args.get(a as usize) {
                        self.match_tpl(t.get(), c, vals);
                    }
                }
                _ => {}
            }
        }
    }

    /// Walks a template and a heap term together, noting the term's parts
    /// where the template has variables (an explicit stack: invariant 1).
    fn match_tpl(&self, tpl: &Template, term: Cell, vals: &mut Vals) {
        let cells = &tpl.cells;
        let mut stack = vec![(cells[0], term)];
        while let Some((tc, hc)) = stack.pop() {
            let h = self.heap.deref(hc);
            match tc.tag() {
                REF => {
                    let (i, perm, _) = tvar_parts(tc);
                    vals.entry((perm, i)).or_insert(hc);
                }
                STR if h.tag() == STR && self.heap.get(h.addr()) == cells[tc.addr()] => {
                    let n = cells[tc.addr()].fun_arity();
                    for i in 1..=n {
                        stack.push((cells[tc.addr() + i], self.heap.get(h.addr() + i)));
                    }
                }
                LIS if h.tag() == LIS => {
                    for i in 0..2 {
                        stack.push((cells[tc.addr() + i], self.heap.get(h.addr() + i)));
                    }
                }
                _ => {}
            }
        }
    }

    /// A template built on the heap with the variables' known values (as
    /// `build_tpl`, which reads the live registers and frame instead).
    fn build_tpl_from(&mut self, tpl: &Template, vals: &mut Vals) -> Cell {
        self.build_tpl_with(tpl, |m, idx, perm, _| {
            *vals
                .entry((perm, idx))
                .or_insert_with(|| Cell::new_ref(m.heap.len()))
        })
    }
}

/// How deep a backtrace shows a goal's arguments (SWI-Prolog's
/// `backtrace_goal_depth` flag, 3 by default).
const GOAL_DEPTH: usize = 3;
/// Arguments shown of a compound with many (SWI-Prolog's prolog_stack keeps
/// the first 16 and the last).
const MAX_ARITY: usize = 16;

impl Machine {
    /// `Module:Goal` as a backtrace keeps it: SWI-Prolog's shallow copy
    /// (prolog_stack's `copy_term_limit/3`), compounds past `GOAL_DEPTH`
    /// written `...`, which also keeps the stored levels small.
    pub(super) fn shallow_goal(&mut self, mg: Cell) -> Cell {
        let mg = self.heap.deref(mg);
        if mg.tag() == STR && self.heap.get(mg.addr()) == Cell::functor(atoms::COLON, 2) {
            let (m, g) = (self.heap.get(mg.addr() + 1), self.heap.get(mg.addr() + 2));
            let g = self.shallow_copy(g, GOAL_DEPTH);
            return self.heap.new_compound(atoms::COLON, &[m, g]);
        }
        self.shallow_copy(mg, GOAL_DEPTH)
    }

    /// A copy of `t` whose compounds at `depth` are `...` (an explicit
    /// stack: invariant 1). Variables and atomic terms are shared.
    fn shallow_copy(&mut self, t: Cell, depth: usize) -> Cell {
        let root = self.heap.new_var().addr();
        let mut stack = vec![(t, root, depth)];
        while let Some((src, dst, d)) = stack.pop() {
            let s = self.heap.deref(src);
            let c = match s.tag() {
                STR | LIS if d == 0 => Cell::atom(Atom::new("...")),
                STR => {
                    let f = self.heap.get(s.addr());
                    let n = f.fun_arity();
                    let base = self.heap.len();
                    if n <= MAX_ARITY {
                        self.heap.push(f);
                        for i in 1..=n {
                            self.heap.push(Cell::atom(atoms::NIL));
                            stack.push((self.heap.get(s.addr() + i), base + i, d - 1));
                        }
                    } else {
                        self.heap.push(Cell::functor(f.fun_name(), MAX_ARITY + 2));
                        for i in 1..=MAX_ARITY {
                            self.heap.push(Cell::atom(atoms::NIL));
                            stack.push((self.heap.get(s.addr() + i), base + i, d - 1));
                        }
                        let skipped = format!("<skipped {} of {n}>", n - MAX_ARITY - 1);
                        self.heap.push(Cell::atom(Atom::new(&skipped)));
                        self.heap.push(Cell::atom(atoms::NIL));
                        stack.push((self.heap.get(s.addr() + n), base + MAX_ARITY + 2, d - 1));
                    }
                    Cell::str_ptr(base)
                }
                LIS => {
                    let base = self.heap.len();
                    for i in 0..2 {
                        self.heap.push(Cell::atom(atoms::NIL));
                        stack.push((self.heap.get(s.addr() + i), base + i, d - 1));
                    }
                    Cell::lis_ptr(base)
                }
                _ => s,
            };
            self.heap.set(dst, c);
        }
        self.heap.get(root)
    }
}

/// The head's unification instructions (after the clause's `Allocate`).
fn head_code(code: &[Instr]) -> impl Iterator<Item = &Instr> {
    code.iter()
        .skip_while(|i| matches!(i, Instr::Allocate(_)))
        .take_while(|i| {
            matches!(
                i,
                Instr::GetVarX(..)
                    | Instr::GetVarY(..)
                    | Instr::GetValX(..)
                    | Instr::GetValY(..)
                    | Instr::GetConst(..)
                    | Instr::GetTpl(..)
            )
        })
}

/// How many slots of a framed clause are initialized at instruction `at`:
/// the head's, or as many as the latest call or in-clause choicepoint
/// before it records (slots are numbered by first occurrence, so
/// initialized slots are a prefix, see compile.rs).
pub(super) fn live_at(code: &[Instr], at: usize) -> u32 {
    let mut head = 0;
    for ins in head_code(code) {
        match *ins {
            Instr::GetVarY(y, _) => head = head.max(y + 1),
            Instr::GetTpl(t, _) => {
                let cells = &t.get().cells;
                let mut i = 1;
                while i < cells.len() {
                    match cells[i].tag() {
                        REF => {
                            if let (y, true, _) = tvar_parts(cells[i]) {
                                head = head.max(y + 1);
                            }
                        }
                        HDR => i += cells[i].hdr_words(),
                        _ => {}
                    }
                    i += 1;
                }
            }
            _ => {}
        }
    }
    let later = code[..at]
        .iter()
        .rev()
        .find_map(|i| match *i {
            Instr::Call(_, live) => Some(live),
            Instr::TryElse(_, live) if live != NO_FRAME => Some(live),
            _ => None,
        })
        .unwrap_or(0);
    head.max(later)
}
