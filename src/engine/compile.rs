//! The clause compiler: a clause term on the heap -> `ClauseCode`.
//!
//! Control constructs in bodies (`;`, `->`, `*->`, `\+`) become hidden
//! auxiliary predicates; a cut inside them that must cut the enclosing clause
//! is passed the clause's cut barrier as an extra argument. Variables that
//! live across a call are permanent (environment slots), the rest temporary
//! (X registers). Compound arguments become breadth-first templates.
//!
//! Tested by: the golden listings below; every test that consults or asserts a clause.

use super::arith_fast::{comparison, is_arith_goal, AOp, ArithKind, ArithProg, Dest};
use super::code::CodeRef;
use super::error::{PErr, Res};
use super::instr::Tpl;
use super::instr::{tvar, ClauseCode, Instr, PredId, Template};
use super::machine::Machine;
use super::pred::{Clause, Key, Keys, PredKind, KEY_BOX, KEY_VAR, NKEYS};
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::store::Stored;
use std::collections::{HashMap, HashSet, VecDeque};

/// Where a `!` met at this point cuts to.
#[derive(Copy, Clone, Debug)]
enum CutTarget {
    /// The clause being compiled.
    Neck,
    /// A choicepoint height held in this variable.
    Var(Cell),
}

#[derive(Copy, Clone, Debug)]
enum Item {
    Term(Cell, CutTarget),
    Cut,
    Fail,
    GetHeight(Cell),
    SoftCut(Cell),
}

#[derive(Debug)]
enum Goal {
    Call {
        pred: PredId,
        args: Vec<Cell>,
        inline: bool,
    },
    Cut,
    CutTo(Cell),
    GetB0(Cell),
    GetHeight(Cell),
    SoftCut(Cell),
}

struct Spec {
    head: Vec<Cell>,
    items: Vec<Item>,
}

struct AuxClause {
    pred: PredId,
    spec: Spec,
}

#[derive(Clone, Copy)]
struct VarInfo {
    first_chunk: u32,
    last_chunk: u32,
    perm: bool,
    index: u32,
}

impl Machine {
    /// Compiles `Head :- Body`; aux predicates for control constructs are
    /// created and filled as a side effect.
    pub fn compile_clause(&mut self, head: Cell, body: Cell) -> Res<(Box<ClauseCode>, Keys)> {
        let head_args = self.callable_args(head)?;
        let mut pending = Vec::new();
        let spec = Spec {
            head: head_args,
            items: vec![Item::Term(body, CutTarget::Neck)],
        };
        let main = self.compile_spec(spec, &mut pending)?;
        while let Some(aux) = pending.pop() {
            let (code, keys) = self.compile_spec(aux.spec, &mut pending)?;
            let clause = Clause {
                code,
                keys,
                born: 0,
                died: u64::MAX,
                source: Box::new(Stored::atomic(Cell::atom(atoms::TRUE))),
                file: None,
                line: 0,
            };
            let p = &mut self.preds[aux.pred as usize];
            p.kind = PredKind::Clauses;
            p.add_last(clause);
        }
        Ok(main)
    }

    /// The argument cells of a callable term, or a type error.
    pub(crate) fn callable_args(&self, t: Cell) -> Res<Vec<Cell>> {
        let t = self.heap.deref(t);
        match t.tag() {
            ATM => Ok(Vec::new()),
            LIS => Ok(vec![self.heap.get(t.addr()), self.heap.get(t.addr() + 1)]),
            STR => {
                let n = self.heap.get(t.addr()).fun_arity();
                Ok((1..=n).map(|i| self.heap.get(t.addr() + i)).collect())
            }
            REF => Err(PErr::Instantiation),
            _ => Err(PErr::Type(atoms::CALLABLE, t)),
        }
    }

    fn new_aux_pred(&mut self, arity: usize) -> PredId {
        self.aux_counter += 1;
        let name = Atom::new(&format!("$aux{}", self.aux_counter));
        let id = self.pred_id(name, arity);
        let p = &mut self.preds[id as usize];
        p.hidden = true;
        p.kind = PredKind::Clauses;
        id
    }

    fn term_vars(&self, t: Cell) -> Vec<Cell> {
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        let mut stack = vec![t];
        while let Some(c) = stack.pop() {
            let c = self.heap.deref(c);
            match c.tag() {
                REF if seen.insert(c.addr()) => {
                    out.push(c);
                }
                STR => {
                    let n = self.heap.get(c.addr()).fun_arity();
                    for i in (1..=n).rev() {
                        stack.push(self.heap.get(c.addr() + i));
                    }
                }
                LIS => {
                    stack.push(self.heap.get(c.addr() + 1));
                    stack.push(self.heap.get(c.addr()));
                }
                _ => {}
            }
        }
        out
    }

    /// Does a `!` occur in a cut-transparent position of this control construct?
    fn has_transparent_cut(&self, t: Cell) -> bool {
        let mut stack = vec![t];
        while let Some(c) = stack.pop() {
            let c = self.heap.deref(c);
            if c == Cell::atom(atoms::CUT) {
                return true;
            }
            if c.tag() != STR {
                continue;
            }
            let f = self.heap.get(c.addr());
            let (name, n) = (f.fun_name(), f.fun_arity());
            let is_ctl = n == 2
                && (name == atoms::COMMA
                    || name == atoms::SEMICOLON
                    || name == atoms::ARROW
                    || name == atoms::SOFT_ARROW
                    || name == atoms::BAR);
            if is_ctl {
                stack.push(self.heap.get(c.addr() + 1));
                stack.push(self.heap.get(c.addr() + 2));
            }
        }
        false
    }

    /// Splits a control-construct term into its parts: (name, args).
    fn control_parts(&self, t: Cell) -> Option<(Atom, Cell, Cell)> {
        if t.tag() != STR {
            return None;
        }
        let f = self.heap.get(t.addr());
        let a1 = self.heap.get(t.addr() + 1);
        match (f.fun_name(), f.fun_arity()) {
            (n, 2)
                if n == atoms::SEMICOLON
                    || n == atoms::BAR
                    || n == atoms::ARROW
                    || n == atoms::SOFT_ARROW =>
            {
                Some((n, a1, self.heap.get(t.addr() + 2)))
            }
            (n, 1) if n == atoms::NOT_PROVABLE => Some((n, a1, a1)),
            _ => None,
        }
    }

    /// Turns a control construct into a call of a new aux predicate.
    fn make_aux(
        &mut self,
        t: Cell,
        ct: CutTarget,
        b0_var: &mut Option<Cell>,
        pending: &mut Vec<AuxClause>,
    ) -> Goal {
        let (name, a, b) = self.control_parts(t).unwrap_or((atoms::TRUE, t, t));
        let mut args = self.term_vars(t);
        // The target a transparent cut inside the construct cuts to.
        let target = if name != atoms::NOT_PROVABLE && self.has_transparent_cut(t) {
            let v = match ct {
                CutTarget::Var(v) => v,
                CutTarget::Neck => *b0_var.get_or_insert_with(|| self.heap.new_var()),
            };
            args.push(v);
            CutTarget::Var(v)
        } else {
            CutTarget::Neck
        };
        let pred = self.new_aux_pred(args.len());
        // Items running a condition whose cut is local to it.
        let cond_items = |m: &mut Machine, c: Cell| -> Vec<Item> {
            if m.has_transparent_cut(c) {
                let l = m.heap.new_var();
                vec![Item::GetHeight(l), Item::Term(c, CutTarget::Var(l))]
            } else {
                vec![Item::Term(c, CutTarget::Neck)]
            }
        };
        let mut clauses: Vec<Vec<Item>> = Vec::new();
        let da = self.heap.deref(a);
        let ite = if name == atoms::SEMICOLON || name == atoms::BAR {
            self.control_parts(da)
                .filter(|(n, _, _)| *n == atoms::ARROW || *n == atoms::SOFT_ARROW)
        } else {
            None
        };
        if let Some((inner, c, then)) = ite {
            let mut first = if inner == atoms::ARROW {
                let mut v = cond_items(self, c);
                v.push(Item::Cut);
                v
            } else {
                let l = self.heap.new_var();
                let local = if self.has_transparent_cut(c) {
                    CutTarget::Var(l)
                } else {
                    CutTarget::Neck
                };
                vec![Item::GetHeight(l), Item::Term(c, local), Item::SoftCut(l)]
            };
            first.push(Item::Term(then, target));
            clauses.push(first);
            clauses.push(vec![Item::Term(b, target)]);
        } else if name == atoms::SEMICOLON || name == atoms::BAR {
            clauses.push(vec![Item::Term(a, target)]);
            clauses.push(vec![Item::Term(b, target)]);
        } else if name == atoms::ARROW {
            let mut first = cond_items(self, a);
            first.push(Item::Cut);
            first.push(Item::Term(b, target));
            clauses.push(first);
        } else if name == atoms::SOFT_ARROW {
            let mut first = cond_items(self, a);
            first.push(Item::Term(b, target));
            clauses.push(first);
        } else {
            // \+ G
            let mut first = cond_items(self, a);
            first.push(Item::Cut);
            first.push(Item::Fail);
            clauses.push(first);
            clauses.push(Vec::new());
        }
        // Pending is a stack: push in reverse so clauses are added in order.
        for items in clauses.into_iter().rev() {
            pending.push(AuxClause {
                pred,
                spec: Spec {
                    head: args.clone(),
                    items,
                },
            });
        }
        Goal::Call {
            pred,
            args,
            inline: false,
        }
    }

    /// Flattens a body into a goal list.
    fn flatten(&mut self, items: Vec<Item>, pending: &mut Vec<AuxClause>) -> Res<Vec<Goal>> {
        let mut goals = Vec::new();
        let mut b0_var: Option<Cell> = None;
        let mut stack: Vec<Item> = items.into_iter().rev().collect();
        while let Some(item) = stack.pop() {
            let (t, ct) = match item {
                Item::Cut => {
                    goals.push(Goal::Cut);
                    continue;
                }
                Item::Fail => {
                    let pred = self.pred_id(atoms::FAIL, 0);
                    goals.push(Goal::Call {
                        pred,
                        args: Vec::new(),
                        inline: self.is_inline(pred),
                    });
                    continue;
                }
                Item::GetHeight(v) => {
                    goals.push(Goal::GetHeight(v));
                    continue;
                }
                Item::SoftCut(v) => {
                    goals.push(Goal::SoftCut(v));
                    continue;
                }
                Item::Term(t, ct) => (self.heap.deref(t), ct),
            };
            match t.tag() {
                REF => {
                    let pred = self.pred_id(atoms::CALL, 1);
                    let mut args = vec![t];
                    self.qualify_meta_args(self.module, pred, &mut args);
                    goals.push(Goal::Call {
                        pred,
                        args,
                        inline: false,
                    });
                }
                STR if self.heap.get(t.addr()) == Cell::functor(atoms::COLON, 2) => {
                    goals.push(self.qualified_goal(t)?);
                }
                ATM if t.get_atom() == atoms::CUT => match ct {
                    CutTarget::Neck => goals.push(Goal::Cut),
                    CutTarget::Var(v) => goals.push(Goal::CutTo(v)),
                },
                ATM if t.get_atom() == atoms::TRUE => {}
                STR if self.heap.get(t.addr()) == Cell::functor(atoms::COMMA, 2) => {
                    stack.push(Item::Term(self.heap.get(t.addr() + 2), ct));
                    stack.push(Item::Term(self.heap.get(t.addr() + 1), ct));
                }
                STR if self.control_parts(t).is_some() => {
                    let g = self.make_aux(t, ct, &mut b0_var, pending);
                    goals.push(g);
                }
                ATM | STR | LIS => {
                    let (name, arity) = self.heap.callable_key(t).unwrap_or((atoms::TRUE, 0));
                    let pred = self.pred_id(name, arity);
                    let mut args = self.callable_args(t)?;
                    self.qualify_meta_args(self.module, pred, &mut args);
                    goals.push(Goal::Call {
                        pred,
                        args,
                        inline: self.is_inline(pred),
                    });
                }
                _ => return Err(PErr::Type(atoms::CALLABLE, t)),
            }
        }
        if let Some(v) = b0_var {
            goals.insert(0, Goal::GetB0(v));
        }
        Ok(goals)
    }

    /// `M:G` in a body: a direct call of M's procedure when M and G are
    /// known and G is a plain goal; otherwise the meta-call `call(M:G)`.
    fn qualified_goal(&mut self, t: Cell) -> Res<Goal> {
        if let Some((module, g)) = self.strip_module(t, self.module) {
            if let Some((name, arity)) = self.heap.callable_key(g) {
                let control = self.control_parts(g).is_some()
                    || (name == atoms::COMMA && arity == 2)
                    || (name == atoms::CUT && arity == 0);
                if !control {
                    let pred = self.pred_id_in(module, name, arity);
                    let mut args = self.callable_args(g)?;
                    self.qualify_meta_args(self.module, pred, &mut args);
                    return Ok(Goal::Call {
                        pred,
                        args,
                        inline: self.is_inline(pred),
                    });
                }
            }
        }
        let pred = self.pred_id(atoms::CALL, 1);
        Ok(Goal::Call {
            pred,
            args: vec![t],
            inline: false,
        })
    }

    fn is_inline(&self, p: PredId) -> bool {
        let pred = &self.preds[p as usize];
        pred.builtin && matches!(pred.kind, PredKind::Det(_))
    }

    fn compile_spec(
        &mut self,
        spec: Spec,
        pending: &mut Vec<AuxClause>,
    ) -> Res<(Box<ClauseCode>, Keys)> {
        let goals = self.flatten(spec.items, pending)?;
        let head = spec.head;

        // Chunks: the head and each stretch of goals up to a real call.
        let mut vars: HashMap<usize, VarInfo> = HashMap::new();
        let mut order: Vec<usize> = Vec::new();
        let mut note = |m: &Machine, t: Cell, chunk: u32, vars: &mut HashMap<usize, VarInfo>| {
            for v in m.term_vars(t) {
                let e = vars.entry(v.addr()).or_insert_with(|| {
                    order.push(v.addr());
                    VarInfo {
                        first_chunk: chunk,
                        last_chunk: chunk,
                        perm: false,
                        index: 0,
                    }
                });
                e.last_chunk = chunk;
            }
        };
        let mut max_arity = head.len();
        for &a in &head {
            note(self, a, 0, &mut vars);
        }
        let mut chunk = 0u32;
        let mut real_calls = 0usize;
        let mut last_real: Option<usize> = None;
        for (i, g) in goals.iter().enumerate() {
            match g {
                Goal::Call { args, inline, .. } => {
                    max_arity = max_arity.max(args.len());
                    for &a in args {
                        note(self, a, chunk, &mut vars);
                    }
                    if !inline {
                        chunk += 1;
                        real_calls += 1;
                        last_real = Some(i);
                    }
                }
                Goal::CutTo(v) | Goal::GetB0(v) | Goal::GetHeight(v) | Goal::SoftCut(v) => {
                    note(self, *v, chunk, &mut vars);
                }
                Goal::Cut => {}
            }
        }
        let mut nperm = 0u32;
        let mut ntemp = max_arity as u32;
        // First chunk of each permanent variable, in slot order. `order` is
        // first-occurrence order, so this is sorted and the slots initialized
        // at any call are a prefix (the GC relies on it: Instr::Call).
        let mut perm_first: Vec<u32> = Vec::new();
        for addr in &order {
            let v = vars.get_mut(addr).expect("noted variable");
            // A variable first seen in the chunk of the last call and only used
            // there is temporary even if a goal follows.
            if v.first_chunk != v.last_chunk {
                v.perm = true;
                v.index = nperm;
                perm_first.push(v.first_chunk);
                nperm += 1;
            } else {
                v.index = ntemp;
                ntemp += 1;
            }
        }
        debug_assert!(perm_first.windows(2).all(|w| w[0] <= w[1]));
        let needs_env =
            nperm > 0 || real_calls >= 2 || (real_calls == 1 && last_real != Some(goals.len() - 1));

        let mut cc = ClauseCode::default();
        let mut seen: HashSet<usize> = HashSet::new();
        if needs_env {
            cc.code.push(Instr::Allocate(nperm));
        }
        for (i, &a) in head.iter().enumerate() {
            let i = i as u32;
            let d = self.heap.deref(a);
            match d.tag() {
                REF => {
                    let v = vars[&d.addr()];
                    let first = seen.insert(d.addr());
                    cc.code.push(match (first, v.perm) {
                        (true, false) => Instr::GetVarX(v.index, i),
                        (true, true) => Instr::GetVarY(v.index, i),
                        (false, false) => Instr::GetValX(v.index, i),
                        (false, true) => Instr::GetValY(v.index, i),
                    });
                }
                ATM | INT => cc.code.push(Instr::GetConst(d, i)),
                _ => {
                    let t = self.template(d, &vars, &mut seen);
                    cc.templates.push(t);
                    cc.code.push(Instr::GetTpl(CodeRef::unlinked(), i));
                }
            }
        }
        let mut called = false;
        let mut ended = false;
        let mut call_chunk = 0u32;
        let n_goals = goals.len();
        for (gi, g) in goals.iter().enumerate() {
            match g {
                Goal::Call { pred, args, inline } => {
                    let arith_start = match self.arith_prog(*pred, *inline, args, &vars, &seen) {
                        Some(prog) => {
                            cc.arith.push(prog);
                            cc.code.push(Instr::Arith(CodeRef::unlinked()));
                            Some(cc.code.len())
                        }
                        None => None,
                    };
                    for (j, &a) in args.iter().enumerate() {
                        let j = j as u32;
                        let d = self.heap.deref(a);
                        match d.tag() {
                            REF => {
                                let v = vars[&d.addr()];
                                let first = seen.insert(d.addr());
                                cc.code.push(match (first, v.perm) {
                                    (true, false) => Instr::PutVarX(v.index, j),
                                    (true, true) => Instr::PutVarY(v.index, j),
                                    (false, false) => Instr::PutValX(v.index, j),
                                    (false, true) => Instr::PutValY(v.index, j),
                                });
                            }
                            ATM | INT => cc.code.push(Instr::PutConst(d, j)),
                            _ => {
                                let t = self.template(d, &vars, &mut seen);
                                cc.templates.push(t);
                                cc.code.push(Instr::PutTpl(CodeRef::unlinked(), j));
                            }
                        }
                    }
                    if *inline {
                        cc.code.push(Instr::CallInline(*pred));
                        if let (Some(start), Some(prog)) = (arith_start, cc.arith.last_mut()) {
                            prog.skip = (cc.code.len() - start) as u32;
                        }
                    } else if gi == n_goals - 1 {
                        if needs_env {
                            cc.code.push(Instr::Deallocate);
                        }
                        cc.code.push(Instr::Execute(*pred));
                        ended = true;
                    } else {
                        let live = perm_first.partition_point(|&c| c <= call_chunk) as u32;
                        cc.code.push(Instr::Call(*pred, live));
                        call_chunk += 1;
                        called = true;
                    }
                }
                Goal::Cut => cc
                    .code
                    .push(if called { Instr::CutE } else { Instr::NeckCut }),
                Goal::CutTo(v) => {
                    let d = self.heap.deref(*v);
                    let vi = vars[&d.addr()];
                    seen.insert(d.addr());
                    cc.code.push(if vi.perm {
                        Instr::CutToY(vi.index)
                    } else {
                        Instr::CutToX(vi.index)
                    });
                }
                Goal::GetB0(v) | Goal::GetHeight(v) => {
                    let d = self.heap.deref(*v);
                    let vi = vars[&d.addr()];
                    seen.insert(d.addr());
                    let is_b0 = matches!(g, Goal::GetB0(_));
                    cc.code.push(match (is_b0, vi.perm) {
                        (true, true) => Instr::GetB0Y(vi.index),
                        (true, false) => Instr::GetB0X(vi.index),
                        (false, true) => Instr::GetHeightY(vi.index),
                        (false, false) => Instr::GetHeightX(vi.index),
                    });
                }
                Goal::SoftCut(v) => {
                    let d = self.heap.deref(*v);
                    let vi = vars[&d.addr()];
                    cc.code.push(if vi.perm {
                        Instr::SoftCutY(vi.index)
                    } else {
                        Instr::SoftCutX(vi.index)
                    });
                }
            }
        }
        if !ended {
            if needs_env {
                cc.code.push(Instr::Deallocate);
            }
            cc.code.push(Instr::Proceed);
        }
        cc.nregs = ntemp.max(1);
        if self.regs.len() < cc.nregs as usize + 8 {
            self.regs
                .resize(cc.nregs as usize + 8, Cell::atom(atoms::NIL));
        }
        // Templates are referenced by pointer: box the code first so they never move.
        let mut boxed = Box::new(cc);
        let (mut t, mut a) = (0, 0);
        let tpl_ptrs: Vec<Tpl> = boxed.templates.iter().map(CodeRef::to).collect();
        let arith_ptrs: Vec<CodeRef<ArithProg>> = boxed.arith.iter().map(CodeRef::to).collect();
        for ins in boxed.code.iter_mut() {
            match ins {
                Instr::GetTpl(p, _) | Instr::PutTpl(p, _) => {
                    *p = tpl_ptrs[t];
                    t += 1;
                }
                Instr::Arith(p) => {
                    *p = arith_ptrs[a];
                    a += 1;
                }
                _ => {}
            }
        }
        let mut keys = [KEY_VAR; NKEYS];
        for (k, &a) in keys.iter_mut().zip(head.iter()) {
            *k = self.clause_key(a);
        }
        Ok((boxed, keys))
    }

    /// The inline program of an is/2 or comparison goal (arith_fast.rs), if
    /// its expressions qualify. Expression variables must be bound already
    /// (seen before this goal); a first occurrence is an instantiation error,
    /// left to the ordinary code.
    fn arith_prog(
        &self,
        pred: PredId,
        inline: bool,
        args: &[Cell],
        vars: &HashMap<usize, VarInfo>,
        seen: &HashSet<usize>,
    ) -> Option<ArithProg> {
        let p = &self.preds[pred as usize];
        if !inline || !is_arith_goal(p.name, p.arity) {
            return None;
        }
        let operand = |v: Cell| -> Option<AOp> {
            let vi = vars.get(&v.addr()).filter(|_| seen.contains(&v.addr()))?;
            Some(if vi.perm {
                AOp::Y(vi.index)
            } else {
                AOp::X(vi.index)
            })
        };
        let mut ops = Vec::new();
        let kind = match comparison(p.name.name()) {
            Some(accept) => {
                self.compile_expr(args[0], &operand, &mut ops, 0)?;
                self.compile_expr(args[1], &operand, &mut ops, 1)?;
                ArithKind::Cmp(accept)
            }
            None => {
                let lhs = self.heap.deref(args[0]);
                let dest = match lhs.tag() {
                    REF => {
                        let vi = vars.get(&lhs.addr())?;
                        match (seen.contains(&lhs.addr()), vi.perm) {
                            (false, false) => Dest::SetX(vi.index),
                            (false, true) => Dest::SetY(vi.index),
                            (true, false) => Dest::UnifyX(vi.index),
                            (true, true) => Dest::UnifyY(vi.index),
                        }
                    }
                    ATM | INT => Dest::Const(lhs),
                    _ => return None,
                };
                self.compile_expr(args[1], &operand, &mut ops, 0)?;
                ArithKind::Is(dest)
            }
        };
        Some(ArithProg { ops, kind, skip: 0 })
    }

    /// First-argument index key of a clause head argument.
    pub(crate) fn clause_key(&self, a: Cell) -> Key {
        let d = self.heap.deref(a);
        match d.tag() {
            REF => KEY_VAR,
            ATM | INT => d.0,
            LIS => Cell::functor(atoms::DOT, 2).0,
            STR => self.heap.get(d.addr()).0,
            _ => KEY_BOX,
        }
    }

    /// Builds the breadth-first template of a compound or boxed term.
    fn template(
        &self,
        t: Cell,
        vars: &HashMap<usize, VarInfo>,
        seen: &mut HashSet<usize>,
    ) -> Template {
        let mut cells = vec![Cell(0)];
        let mut queue: VecDeque<(usize, usize, usize)> = VecDeque::new();
        let place = |m: &Machine,
                     c: Cell,
                     cells: &mut Vec<Cell>,
                     queue: &mut VecDeque<(usize, usize, usize)>,
                     seen: &mut HashSet<usize>|
         -> Cell {
            match c.tag() {
                REF => {
                    let v = vars[&c.addr()];
                    let first = seen.insert(c.addr());
                    tvar(v.index, v.perm, first)
                }
                STR => {
                    let f = m.heap.get(c.addr());
                    let n = f.fun_arity();
                    let pos = cells.len();
                    cells.push(f);
                    cells.resize(pos + 1 + n, Cell(0));
                    queue.push_back((c.addr() + 1, pos + 1, n));
                    Cell::str_ptr(pos)
                }
                LIS => {
                    let pos = cells.len();
                    cells.resize(pos + 2, Cell(0));
                    queue.push_back((c.addr(), pos, 2));
                    Cell::lis_ptr(pos)
                }
                BOX => {
                    let n = m.heap.get(c.addr()).hdr_words();
                    let pos = cells.len();
                    cells.extend_from_slice(&m.heap.cells[c.addr()..=c.addr() + n]);
                    Cell::box_ptr(pos)
                }
                _ => c,
            }
        };
        let root = place(self, t, &mut cells, &mut queue, seen);
        cells[0] = root;
        while let Some((src, dst, n)) = queue.pop_front() {
            for i in 0..n {
                let c = self.heap.deref(self.heap.get(src + i));
                let v = place(self, c, &mut cells, &mut queue, seen);
                cells[dst + i] = v;
            }
        }
        Template::new(cells)
    }
}

#[cfg(test)]
mod tests {
    //! Golden listings: each clause's compiled code (and that of the auxiliary predicates
    //! its control constructs became), compared with the expected text.
    use super::*;
    use crate::engine::test_terms::{parse, Vars};

    /// A bare machine where is/2 and </2 are deterministic builtins (so they compile
    /// inline, as in a full machine).
    fn machine() -> Machine {
        let mut m = Machine::new();
        for (name, arity) in [("is", 2), ("<", 2)] {
            let p = m.pred_id(Atom::new(name), arity) as usize;
            m.preds[p].builtin = true;
            m.preds[p].kind = PredKind::Det(|_| Ok(true));
        }
        m
    }

    /// The clause's listing, then each auxiliary clause's under a `% name/arity` line.
    fn listing(m: &mut Machine, clause: &str) -> String {
        let t = parse(m, clause, &mut Vars::new());
        let (head, body) = m.clause_parts(t);
        let before = m.preds.len();
        let (code, _) = m.compile_clause(head, body).expect("the clause compiles");
        let preds = &m.preds;
        let name = |p: PredId| {
            let p = &preds[p as usize];
            format!("{}/{}", p.name.name(), p.arity)
        };
        let mut out = code.listing(&name);
        for p in preds[before..].iter().filter(|p| p.hidden) {
            for c in &p.clauses {
                out.push_str(&format!("% {}/{}\n", p.name.name(), p.arity));
                out.push_str(&c.code.listing(&name));
            }
        }
        out
    }

    fn check(cases: &[(&str, &str)]) {
        let mut failures = Vec::new();
        for (clause, want) in cases {
            let got = listing(&mut machine(), clause);
            let want = want
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .fold(String::new(), |s, l| s + l + "\n");
            if got != want {
                failures.push(format!("{clause}\n--- got:\n{got}--- want:\n{want}"));
            }
        }
        assert!(failures.is_empty(), "\n{}", failures.join("\n"));
    }

    #[test]
    fn listings() {
        check(&[
            (
                "app([], L, L)",
                "
                get_const [], A0
                get_var X3, A1
                get_val X3, A2
                proceed
                ",
            ),
            (
                "app([H|T], L, [H|R]) :- app(T, L, R)",
                "
                get_tpl [_X3|_X4], A0
                get_var X5, A1
                get_tpl [X3|_X6], A2
                put_val X4, A0
                put_val X5, A1
                put_val X6, A2
                execute app/3
                ",
            ),
            (
                "p(X, Y) :- q(X, Z), r(Z, Y), s(Y)",
                "
                allocate 2
                get_var X2, A0
                get_var Y0, A1
                put_val X2, A0
                put_var Y1, A1
                call q/2, live 2
                put_val Y1, A0
                put_val Y0, A1
                call r/2, live 2
                put_val Y0, A0
                deallocate
                execute s/1
                ",
            ),
            (
                "first(X, [X|_]) :- !",
                "
                get_var X2, A0
                get_tpl [X2|_X3], A1
                neck_cut
                proceed
                ",
            ),
            (
                "p(X) :- q(X), !, r(X)",
                "
                allocate 1
                get_var Y0, A0
                put_val Y0, A0
                call q/1, live 1
                cut_e
                put_val Y0, A0
                deallocate
                execute r/1
                ",
            ),
            (
                "sign(X, S) :- ( X < 0 -> S = neg ; S = pos )",
                "
                get_var X2, A0
                get_var X3, A1
                put_val X2, A0
                put_val X3, A1
                execute $aux1/2
                % $aux1/2
                get_var X2, A0
                get_var X3, A1
                arith X2 0 <, skip 3
                put_val X2, A0
                put_const 0, A1
                call_inline </2
                neck_cut
                put_val X3, A0
                put_const neg, A1
                execute =/2
                % $aux1/2
                get_var X2, A0
                get_var X3, A1
                put_val X3, A0
                put_const pos, A1
                execute =/2
                ",
            ),
            (
                "p(X) :- ( q(X) -> ! ; true ), r",
                "
                allocate 0
                get_var X2, A0
                get_b0 X3
                put_val X2, A0
                put_val X3, A1
                call $aux1/2, live 0
                deallocate
                execute r/0
                % $aux1/2
                allocate 1
                get_var X2, A0
                get_var Y0, A1
                put_val X2, A0
                call q/1, live 1
                cut_e
                cut_to Y0
                deallocate
                proceed
                % $aux1/2
                get_var X2, A0
                get_var X3, A1
                proceed
                ",
            ),
            (
                "p(X) :- \\+ q(X)",
                "
                get_var X1, A0
                put_val X1, A0
                execute $aux1/1
                % $aux1/1
                allocate 0
                get_var X1, A0
                put_val X1, A0
                call q/1, live 0
                cut_e
                deallocate
                execute fail/0
                % $aux1/1
                get_var X1, A0
                proceed
                ",
            ),
            (
                "len([_|T], N0, N) :- N1 is N0 + 1, len(T, N1, N)",
                "
                get_tpl [_X3|_X4], A0
                get_var X5, A1
                get_var X6, A2
                arith X7 := X5 1 +, skip 3
                put_var X7, A0
                put_tpl +(X5,1), A1
                call_inline is/2
                put_val X4, A0
                put_val X7, A1
                put_val X6, A2
                execute len/3
                ",
            ),
            (
                "p(X, Y) :- X < Y * 2, q(f(X, g(Y, 1.5), [a, b|Y]))",
                "
                get_var X2, A0
                get_var X3, A1
                arith X2 X3 2 * <, skip 3
                put_val X2, A0
                put_tpl *(X3,2), A1
                call_inline </2
                put_tpl f(X2,g(X3,1.5),[a,b|X3]), A0
                execute q/1
                ",
            ),
        ]);
    }
}
