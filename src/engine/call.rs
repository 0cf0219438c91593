//! Meta-call: `call/1..8`.
//!
//! A plain goal is dispatched directly. A goal built from control constructs
//! is compiled into a hidden predicate whose parameters are the arguments of
//! its leaf goals, so `call((X > 0 -> a ; b))` compiles once per *shape* and
//! is then reused whatever the arguments are (the cache key is the skeleton).
//!
//! Tested by: tests/engine_tests.rs and tests/builtins_differential.rs (call/N of goals and
//! control constructs).

use super::error::{PErr, Res};
use super::instr::PredId;
use super::machine::Machine;
use super::pred::{Clause, PredKind};
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::store::Stored;

enum Node {
    Ctl(Atom, usize),
    Atom(Cell),
    Var(Cell),
    /// A leaf goal: name, arity and the heap address of its first argument.
    Goal(Atom, usize, usize),
}

/// `call_control`'s working buffers, kept between calls: a meta-call of a
/// conjunction (forall/2's body) allocated five vectors a call before.
#[derive(Default)]
pub(crate) struct ControlScratch {
    nodes: Vec<Node>,
    stack: Vec<Cell>,
    key: Vec<u64>,
    params: Vec<Cell>,
}

fn is_control(name: Atom, arity: usize) -> bool {
    (arity == 2
        && (name == atoms::COMMA
            || name == atoms::SEMICOLON
            || name == atoms::BAR
            || name == atoms::ARROW
            || name == atoms::SOFT_ARROW))
        || (arity == 1 && name == atoms::NOT_PROVABLE)
}

/// Where `call/N` finds the procedure of a goal without the module map: a
/// direct-mapped table keyed by (module, functor), filled on a miss and
/// made stale at once when a module's map gains an entry (`epoch`, bumped
/// by `new_local_pred`). Calls to existing procedures never change their id
/// (a definition or an import link changes the entry in place).
pub struct PredCache {
    slots: Box<[CacheSlot; CACHE_SLOTS]>,
    pub(crate) epoch: u32,
}

const CACHE_SLOTS: usize = 256;

#[derive(Copy, Clone)]
struct CacheSlot {
    functor: u64,
    module: Atom,
    epoch: u32,
    pred: PredId,
}

impl Default for PredCache {
    fn default() -> Self {
        let empty = CacheSlot {
            functor: 0,
            module: atoms::EMPTY,
            epoch: 0,
            pred: 0,
        };
        // Epoch 1 marks a slot valid only after it was filled.
        PredCache {
            slots: Box::new([empty; CACHE_SLOTS]),
            epoch: 1,
        }
    }
}

impl PredCache {
    #[inline(always)]
    fn slot(functor: u64, module: Atom) -> usize {
        let h = (functor ^ module.0 as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 56) as usize % CACHE_SLOTS
    }
}

impl Machine {
    /// call/N: A0 is the goal, A1..A(extra) are extra arguments. The goal's
    /// own arguments go to the registers in front of the extra ones, so a
    /// plain goal is called with no allocation. call/N itself is not an
    /// inference (SWI-Prolog runs it in its virtual machine); the goal is.
    pub(crate) fn call_n(&mut self, extra: usize) -> Res<bool> {
        // Wrapping: the count may be 0 when a query's own code starts with it.
        self.inferences = self.inferences.wrapping_sub(1);
        let mut goal = self.heap.deref(self.regs[0]);
        let mut extra = extra;
        // An unqualified goal runs in `user` (engine/module.rs).
        let mut module = atoms::USER;
        loop {
            while goal.tag() == STR && self.heap.get(goal.addr()) == Cell::functor(atoms::COLON, 2)
            {
                let m = self.heap.deref(self.heap.get(goal.addr() + 1));
                match m.tag() {
                    ATM => module = m.get_atom(),
                    REF => return Err(PErr::Instantiation),
                    _ => return Err(PErr::Type(atoms::ATOM, m)),
                }
                goal = self.heap.deref(self.heap.get(goal.addr() + 2));
            }
            let (name, n, first) = match goal.tag() {
                ATM => (goal.get_atom(), 0, 0),
                LIS => (atoms::DOT, 2, goal.addr()),
                STR => {
                    let f = self.heap.get(goal.addr());
                    (f.fun_name(), f.fun_arity(), goal.addr() + 1)
                }
                REF => return Err(PErr::Instantiation),
                _ => return Err(PErr::Type(atoms::CALLABLE, goal)),
            };
            let arity = n + extra;
            if self.regs.len() < arity + 8 {
                self.regs.resize(arity + 8, Cell::atom(atoms::NIL));
            }
            // The extra arguments (A1..) move up behind the goal's own.
            self.regs.copy_within(1..1 + extra, n);
            let heap = &self.heap;
            for (i, r) in self.regs[..n].iter_mut().enumerate() {
                *r = heap.get(first + i);
            }
            // call(call(G), X) is call(G, X): unwrap without Rust recursion.
            if name == atoms::CALL && arity >= 1 {
                goal = self.heap.deref(self.regs[0]);
                extra = arity - 1;
                continue;
            }
            if is_control(name, arity) {
                let g = if extra > 0 {
                    let args = self.regs[..arity].to_vec();
                    self.heap.new_compound(name, &args)
                } else {
                    goal
                };
                return self.call_control(g, module);
            }
            if name == atoms::CUT && arity == 0 {
                self.pc = self.cp;
                return Ok(true);
            }
            let p = self.meta_pred(module, name, arity);
            if self.modules.is_program_module(module)
                || (module == atoms::USER && self.is_program_meta(p))
            {
                let mut args = self.regs[..arity].to_vec();
                self.qualify_meta_args(module, p, &mut args);
                self.regs[..arity].copy_from_slice(&args);
            }
            return self.call_pred(p);
        }
    }

    /// The procedure of `module:name/arity` for a meta-call, through the
    /// call cache (`pred_id_in` on a miss).
    #[inline]
    fn meta_pred(&mut self, module: Atom, name: Atom, arity: usize) -> PredId {
        let functor = Cell::functor(name, arity).0;
        let i = PredCache::slot(functor, module);
        let s = self.call_preds.slots[i];
        if s.functor == functor && s.module == module && s.epoch == self.call_preds.epoch {
            return s.pred;
        }
        let pred = self.pred_id_in(module, name, arity);
        self.call_preds.slots[i] = CacheSlot {
            functor,
            module,
            // pred_id_in may have made a new entry (and a new epoch).
            epoch: self.call_preds.epoch,
            pred,
        };
        pred
    }

    /// Calls a goal made of control constructs through a compiled, cached body.
    fn call_control(&mut self, goal: Cell, module: Atom) -> Res<bool> {
        let mut scratch = std::mem::take(&mut self.control_scratch);
        let r = self.call_control_with(goal, module, &mut scratch);
        self.control_scratch = scratch;
        r
    }

    fn call_control_with(
        &mut self,
        goal: Cell,
        module: Atom,
        sc: &mut ControlScratch,
    ) -> Res<bool> {
        let ControlScratch {
            nodes,
            stack,
            key,
            params,
        } = sc;
        nodes.clear();
        stack.clear();
        key.clear();
        params.clear();
        stack.push(goal);
        // More nodes than heap cells means shared subgoals or a cycle: check once.
        let mut budget = self.heap.len() + 8;
        while let Some(t) = stack.pop() {
            if nodes.len() > budget {
                if !self.heap.is_acyclic(goal) {
                    return Err(PErr::Representation(Atom::new("cyclic_term")));
                }
                budget = usize::MAX;
            }
            let t = self.heap.deref(t);
            match t.tag() {
                REF => nodes.push(Node::Var(t)),
                ATM => nodes.push(Node::Atom(t)),
                STR | LIS => {
                    let (name, arity, first) = self.compound_view(t);
                    if is_control(name, arity) {
                        nodes.push(Node::Ctl(name, arity));
                        stack.extend((first..first + arity).rev().map(|a| self.heap.get(a)));
                    } else {
                        nodes.push(Node::Goal(name, arity, first));
                    }
                }
                _ => return Err(PErr::Type(atoms::CALLABLE, goal)),
            }
        }
        key.push(module.0 as u64);
        for n in nodes.iter() {
            match n {
                Node::Ctl(name, arity) => key.extend([1, Cell::functor(*name, *arity).0]),
                Node::Atom(c) => key.extend([2, c.0]),
                Node::Var(c) => {
                    key.push(3);
                    params.push(*c);
                }
                Node::Goal(name, arity, first) => {
                    key.extend([4, Cell::functor(*name, *arity).0]);
                    params.extend_from_slice(&self.heap.cells[*first..*first + *arity]);
                }
            }
        }
        let pred = match self.call_cache.get(key.as_slice()) {
            Some(&p) => p,
            None => {
                let saved = std::mem::replace(&mut self.module, module);
                let p = self.compile_skeleton(nodes, params.len());
                self.module = saved;
                let p = p?;
                if self.call_cache.len() < 100_000 {
                    self.call_cache.insert(key.clone(), p);
                }
                p
            }
        };
        if self.regs.len() < params.len() + 8 {
            self.regs.resize(params.len() + 8, Cell::atom(atoms::NIL));
        }
        self.regs[..params.len()].copy_from_slice(params);
        // The hidden predicate is the construct itself: its goals count.
        self.inferences = self.inferences.wrapping_sub(1);
        self.call_pred(pred)
    }

    /// Builds `'$callN'(Params) :- Skeleton` from preorder nodes and compiles it.
    fn compile_skeleton(&mut self, nodes: &[Node], nparams: usize) -> Res<super::instr::PredId> {
        let mark = self.heap.len();
        let mut values: Vec<Cell> = Vec::new();
        let mut params_rev: Vec<Cell> = Vec::with_capacity(nparams);
        for n in nodes.iter().rev() {
            match n {
                Node::Atom(c) => values.push(*c),
                Node::Var(_) => {
                    let v = self.heap.new_var();
                    params_rev.push(v);
                    values.push(v);
                }
                Node::Goal(name, arity, _) => {
                    let t = self.heap.new_compound_vars(*name, *arity);
                    let first = match t.tag() {
                        LIS => t.addr(),
                        _ => t.addr() + 1,
                    };
                    for i in (0..*arity).rev() {
                        params_rev.push(self.heap.get(first + i));
                    }
                    values.push(t);
                }
                Node::Ctl(name, arity) => {
                    let mut args = Vec::with_capacity(*arity);
                    for _ in 0..*arity {
                        args.push(values.pop().unwrap_or(Cell::atom(atoms::TRUE)));
                    }
                    let t = self.heap.new_compound(*name, &args);
                    values.push(t);
                }
            }
        }
        params_rev.reverse();
        let body = values.pop().unwrap_or(Cell::atom(atoms::TRUE));
        self.aux_counter += 1;
        let name = Atom::new(&format!("$call{}", self.aux_counter));
        let head = self.heap.new_compound(name, &params_rev);
        let (code, keys) = self.compile_clause(head, body)?;
        self.heap.truncate(mark);
        let id = self.pred_id(name, params_rev.len());
        let p = &mut self.preds[id as usize];
        p.hidden = true;
        p.kind = PredKind::Clauses;
        p.add_last(Clause {
            code,
            keys,
            born: 0,
            died: u64::MAX,
            source: Box::new(Stored::atomic(Cell::atom(atoms::TRUE))),
            file: None,
            line: 0,
        });
        Ok(id)
    }
}

impl Machine {
    /// `Module:Goal` for a call of `p` with its arguments in the registers
    /// (what wake-ups and the tracer hand to their Prolog side).
    pub(crate) fn registers_goal(&mut self, p: PredId) -> Cell {
        let pred = &self.preds[p as usize];
        let (name, arity, module) = (pred.name, pred.arity, pred.module);
        let args: Vec<Cell> = self.regs[..arity].to_vec();
        let g = self.heap.new_compound(name, &args);
        self.heap
            .new_compound(atoms::COLON, &[Cell::atom(module), g])
    }

    /// Calls the hidden `system:Helper(A, B)` in place of the current call;
    /// the helper is not an inference of its own (the goal it runs is).
    pub(crate) fn call_in_place(&mut self, helper: &str, a: Cell, b: Cell) -> Res<bool> {
        self.regs[0] = a;
        self.regs[1] = b;
        let hp = self.pred_id_in(atoms::SYSTEM, Atom::new(helper), 2);
        self.inferences -= 1;
        self.call_pred(hp)
    }
}
