//! The clause compiler: a clause term on the heap -> `ClauseCode`.
//!
//! The body is first lowered to a flat goal list (control.rs: control
//! constructs become choicepoints and labels inside the clause), then code is
//! generated here. Variables that live across a call or into a later branch
//! of a construct are permanent (environment slots), the rest temporary
//! (X registers). Compound arguments become breadth-first templates.
//!
//! Tested by: the golden listings (compile_tests.rs); every test that consults or asserts a
//! clause.

use super::arith_fast::{comparison, is_arith_goal, AOp, ArithKind, ArithProg, Dest};
use super::code::CodeRef;
use super::control::{Goal, Label};
use super::error::{PErr, Res};
use super::instr::Tpl;
use super::instr::{tvar, ClauseCode, Count, Instr, PredId, Template, NO_FRAME};
use super::machine::Machine;
use super::pred::{Key, Keys, KEY_BOX, KEY_VAR, NKEYS};
use crate::term::atom::atoms;
use crate::term::cell::*;
use crate::term::heap::Heap;
use crate::term::{FastMap, FastSet};
use std::collections::VecDeque;

#[derive(Clone, Copy)]
struct VarInfo {
    first_chunk: u32,
    last_chunk: u32,
    /// Index of the goal of the first occurrence (`usize::MAX`: the head).
    first_goal: usize,
    /// The argument (of the head or of that goal) of the first occurrence.
    first_arg: u32,
    perm: bool,
    index: u32,
    /// Head arguments and goal arguments it occurs in (1: a singleton).
    uses: u32,
    /// The argument that counted it last in `uses` (see [`Analysis::note`]).
    noted_by: u32,
}

/// Where each variable lives. A *chunk* is a stretch of code through which
/// X registers survive: it ends at a real call, at the end of a path, and
/// where an alternative of a construct or the code after it starts (entered
/// by backtracking or from several branches).
struct Analysis {
    vars: FastMap<usize, VarInfo>,
    /// Variable addresses in first-occurrence order.
    order: Vec<usize>,
    /// The chunk of each goal.
    chunk: Vec<u32>,
    /// First chunk of each permanent variable, in slot order.
    perm_first: Vec<u32>,
    nperm: u32,
    ntemp: u32,
    /// Calls that are not last calls: they return into the clause's environment.
    inner_calls: usize,
    /// Arguments noted so far, and the walk's stack (reused from one to the next).
    notes: u32,
    stack: Vec<Cell>,
}

impl Analysis {
    /// Notes the variables of argument `t` of goal `gi` (`usize::MAX`: the
    /// head), in chunk `chunk`, depth-first left to right: their first
    /// occurrence in that order, and one more use each.
    fn note(&mut self, heap: &Heap, t: Cell, chunk: u32, gi: usize, arg: u32) {
        self.notes += 1;
        let note = self.notes;
        self.stack.push(t);
        while let Some(c) = self.stack.pop() {
            let c = heap.deref(c);
            match c.tag() {
                REF => {
                    let e = self.vars.entry(c.addr()).or_insert_with(|| {
                        self.order.push(c.addr());
                        VarInfo {
                            first_chunk: chunk,
                            last_chunk: chunk,
                            first_goal: gi,
                            first_arg: arg,
                            perm: false,
                            index: 0,
                            uses: 0,
                            noted_by: 0,
                        }
                    });
                    if e.noted_by != note {
                        e.noted_by = note;
                        e.last_chunk = chunk;
                        e.uses += 1;
                    }
                }
                STR => {
                    let n = heap.get(c.addr()).fun_arity();
                    for i in (1..=n).rev() {
                        self.stack.push(heap.get(c.addr() + i));
                    }
                }
                LIS => {
                    self.stack.push(heap.get(c.addr() + 1));
                    self.stack.push(heap.get(c.addr()));
                }
                _ => {}
            }
        }
    }

    /// Environment slots initialized in a chunk: a prefix, since slots are
    /// numbered by first occurrence (the garbage collector's roots, see gc.rs).
    fn live(&self, chunk: u32) -> u32 {
        self.perm_first.partition_point(|&c| c <= chunk) as u32
    }
}

/// The variables met so far on the path being compiled. Every branch of a
/// construct starts from the set at its start: insertions are logged and
/// undone (linear in the clause, however deep constructs nest).
///
/// The variables an outermost construct's `Init` makes before it are
/// initialized (`contains`) but, for counting inferences, met (`met`) only
/// at an occurrence on the path, or after a construct in one of whose
/// branches they occur: as SWI-Prolog's compiler meets them.
#[derive(Default)]
struct Seen {
    set: FastSet<usize>,
    /// Each insertion, and whether it was into `met` rather than `set`.
    log: Vec<(usize, bool)>,
    early: FastSet<usize>,
    met: FastSet<usize>,
    /// Per open construct: the log length at its start, and the early
    /// variables met in its finished branches.
    constructs: Vec<(usize, Vec<usize>)>,
}

impl Seen {
    /// Notes a variable; true if this is its first occurrence.
    fn insert(&mut self, addr: usize) -> bool {
        let new = self.set.insert(addr);
        if new {
            self.log.push((addr, false));
        } else if self.early.contains(&addr) && self.met.insert(addr) {
            self.log.push((addr, true));
        }
        new
    }

    /// Notes a variable made before the outermost construct (`Init`).
    fn insert_early(&mut self, addr: usize) {
        self.insert(addr);
        self.early.insert(addr);
    }

    fn contains(&self, addr: &usize) -> bool {
        self.set.contains(addr)
    }

    /// Whether a variable occurred before on this path (not only in an `Init`).
    fn met(&self, addr: &usize) -> bool {
        self.set.contains(addr) && (!self.early.contains(addr) || self.met.contains(addr))
    }

    /// A construct starts (its choicepoint).
    fn open(&mut self) {
        self.constructs.push((self.log.len(), Vec::new()));
    }

    /// The next branch of the innermost construct starts from the set at its start.
    fn next_branch(&mut self) {
        let Some((mark, branches)) = self.constructs.last_mut() else {
            return;
        };
        for (a, met) in self.log.drain(*mark..) {
            if met {
                self.met.remove(&a);
                branches.push(a);
            } else {
                self.set.remove(&a);
            }
        }
    }

    /// The innermost construct ends: what its branches met is met after it.
    fn close(&mut self) {
        self.next_branch();
        let Some((_, branches)) = self.constructs.pop() else {
            return;
        };
        if self.constructs.is_empty() {
            // The outermost: its early variables are plain ones after it.
            self.early.clear();
            self.met.clear();
            return;
        }
        for a in branches {
            if self.met.insert(a) {
                self.log.push((a, true));
            }
        }
    }
}

/// Whether the call at `i` is a last call: nothing but the end of its path follows.
fn is_last_call(goals: &[Goal], i: usize) -> Option<usize> {
    let rest = goals[i + 1..].iter();
    let j = rest.take_while(|g| matches!(g, Goal::Join(None))).count();
    matches!(goals.get(i + 1 + j), Some(Goal::End)).then_some(i + 1 + j)
}

impl Machine {
    /// Compiles `Head :- Body`.
    pub fn compile_clause(&mut self, head: Cell, body: Cell) -> Res<(Box<ClauseCode>, Keys)> {
        if let Some(fact) = self.compile_flat_fact(head, body) {
            return Ok(fact);
        }
        self.compile_general(head, body)
    }

    /// The code of a fact whose arguments are atoms, small integers and
    /// variables (what a program asserts by the thousand), straight from the
    /// head: the code [`Machine::compile_general`] makes for it, without the
    /// body's lowering and the variable analysis (a third of an assertz/1).
    /// Variables are temporaries numbered after the arguments in order of
    /// first occurrence, as the analysis numbers them. None for other clauses.
    pub(super) fn compile_flat_fact(
        &mut self,
        head: Cell,
        body: Cell,
    ) -> Option<(Box<ClauseCode>, Keys)> {
        if self.heap.deref(body) != Cell::atom(atoms::TRUE) {
            return None;
        }
        let head = self.heap.deref(head);
        let (first, arity) = match head.tag() {
            ATM => (0, 0),
            STR => (head.addr() + 1, self.heap.get(head.addr()).fun_arity()),
            _ => return None,
        };
        let mut cc = ClauseCode::default();
        cc.code.reserve_exact(arity + 1);
        // Variable addresses in first-occurrence order: a register each.
        let mut vars: Vec<usize> = Vec::new();
        let mut keys = [KEY_VAR; NKEYS];
        for i in 0..arity {
            let d = self.heap.deref(self.heap.get(first + i));
            let reg = i as u32;
            cc.code.push(match d.tag() {
                ATM | INT => Instr::GetConst(d, reg),
                REF => match vars.iter().position(|&v| v == d.addr()) {
                    Some(k) => Instr::GetValX((arity + k) as u32, reg),
                    None => {
                        vars.push(d.addr());
                        Instr::GetVarX((arity + vars.len() - 1) as u32, reg)
                    }
                },
                _ => return None,
            });
            if let Some(k) = keys.get_mut(i) {
                *k = self.clause_key(d);
            }
        }
        cc.code.push(Instr::Proceed);
        cc.nregs = ((arity + vars.len()) as u32).max(1);
        self.ensure_regs(cc.nregs);
        Some((Box::new(cc), keys))
    }

    /// Room in the register file for a clause using `nregs` X registers.
    fn ensure_regs(&mut self, nregs: u32) {
        if self.regs.len() < nregs as usize + 8 {
            self.regs.resize(nregs as usize + 8, Cell::atom(atoms::NIL));
        }
    }

    /// Compiles any clause: the body lowered, the variables analysed, the code
    /// generated.
    pub(super) fn compile_general(
        &mut self,
        head: Cell,
        body: Cell,
    ) -> Res<(Box<ClauseCode>, Keys)> {
        let head_term = head;
        let head = self.callable_args(head)?;
        // A meta-predicate's own goal arguments are not qualified again (module.rs).
        self.note_meta_head(head_term, &head);
        let lowered = self.lower_body(body);
        self.modules.meta_head_vars.clear();
        let lowered = lowered?;
        let mut goals = lowered.goals;
        if !lowered.outer.is_empty() {
            // Permanent variables first met inside a construct are made before it.
            let pre = self.analyse(&head, &goals);
            let mut fresh: Vec<Vec<Cell>> = vec![Vec::new(); lowered.outer.len()];
            for a in &pre.order {
                let v = pre.vars[a];
                if !v.perm || lowered.hidden.contains(a) || v.first_goal == usize::MAX {
                    continue;
                }
                // `outer` is sorted: the construct starting last at or before the goal.
                let k = lowered
                    .outer
                    .partition_point(|&(init, _)| init <= v.first_goal);
                if let Some(k) = k.checked_sub(1) {
                    if v.first_goal < lowered.outer[k].1 {
                        fresh[k].push(Cell::new_ref(*a));
                    }
                }
            }
            for (&(init, _), vs) in lowered.outer.iter().zip(fresh) {
                goals[init] = Goal::Init(vs);
            }
        }
        let an = self.analyse(&head, &goals);
        self.generate(&head, &goals, &an)
    }

    /// Chunks, and permanent or temporary for each variable.
    fn analyse(&self, head: &[Cell], goals: &[Goal]) -> Analysis {
        let mut an = Analysis {
            vars: FastMap::default(),
            order: Vec::new(),
            chunk: Vec::with_capacity(goals.len()),
            perm_first: Vec::new(),
            nperm: 0,
            ntemp: 0,
            inner_calls: 0,
            notes: 0,
            stack: Vec::new(),
        };
        let heap = &self.heap;
        let mut max_arity = head.len();
        for (j, &a) in head.iter().enumerate() {
            an.note(heap, a, 0, usize::MAX, j as u32);
        }
        let mut chunk = 0u32;
        for (i, g) in goals.iter().enumerate() {
            if matches!(g, Goal::Retry { .. } | Goal::Trust { .. } | Goal::Join(_)) {
                chunk += 1;
            }
            an.chunk.push(chunk);
            match g {
                Goal::Call { args, inline, .. } => {
                    max_arity = max_arity.max(args.len());
                    for (j, &a) in args.iter().enumerate() {
                        an.note(heap, a, chunk, i, j as u32);
                    }
                    if !inline {
                        chunk += 1;
                        if is_last_call(goals, i).is_none() {
                            an.inner_calls += 1;
                        }
                    }
                }
                Goal::CutTo(v) | Goal::GetHeight(v) | Goal::SoftCut(v) => {
                    an.note(heap, *v, chunk, i, 0)
                }
                Goal::Init(vs) => {
                    for &v in vs {
                        an.note(heap, v, chunk, i, 0);
                    }
                }
                Goal::End => chunk += 1,
                _ => {}
            }
        }
        an.ntemp = max_arity as u32;
        // `order` is first-occurrence order, so `perm_first` is sorted and the
        // slots initialized at any call are a prefix (the GC relies on it).
        for addr in &an.order {
            let v = an.vars.get_mut(addr).expect("noted variable");
            // A variable first seen in the chunk of the last call and only used
            // there is temporary even if a goal follows.
            if v.first_chunk != v.last_chunk {
                v.perm = true;
                v.index = an.nperm;
                an.perm_first.push(v.first_chunk);
                an.nperm += 1;
            } else {
                v.index = an.ntemp;
                an.ntemp += 1;
            }
        }
        debug_assert!(an.perm_first.windows(2).all(|w| w[0] <= w[1]));
        self.arg_homes(&mut an, head, goals);
        an
    }

    /// Keeps a temporary in the argument register it is passed in (the WAM's
    /// register allocation, simplified): a temporary that is argument `k` of
    /// the call ending its chunk lives in `Ak` when nothing else writes `Ak`
    /// from its first occurrence to that call, so its `get_var` and `put_val`
    /// vanish (`app/3`: 7 instructions to 3). What writes `Ak`: the head's
    /// arguments before `k` still to be read, and an inline goal of more than
    /// `k` arguments (its puts, and builtins that rewrite their own argument
    /// registers, such as the `M:T` stripping of the database builtins),
    /// except an arithmetic goal whose argument `k` is the temporary itself.
    /// Inline builtins write no register beyond their arity.
    fn arg_homes(&self, an: &mut Analysis, head: &[Cell], goals: &[Goal]) {
        let heap = &self.heap;
        let is_var = |a: Cell, addr: usize| {
            let d = heap.deref(a);
            d.tag() == REF && d.addr() == addr
        };
        // The call ending each chunk (the first non-inline call in it).
        let mut ending: FastMap<u32, usize> = FastMap::default();
        for (gi, g) in goals.iter().enumerate() {
            if matches!(g, Goal::Call { inline: false, .. }) {
                ending.entry(an.chunk[gi]).or_insert(gi);
            }
        }
        let mut taken: FastSet<(u32, usize)> = FastSet::default();
        for addr in &an.order {
            let v = an.vars[addr];
            let Some(&end) = ending.get(&v.first_chunk).filter(|_| !v.perm) else {
                continue;
            };
            let Goal::Call { args, .. } = &goals[end] else {
                continue;
            };
            let Some(k) = args.iter().position(|&a| is_var(a, *addr)) else {
                continue;
            };
            let in_head = v.first_goal == usize::MAX;
            if (in_head && k < head.len() && (v.first_arg as usize) < k)
                || taken.contains(&(v.first_chunk, k))
            {
                continue;
            }
            let from = if in_head { 0 } else { v.first_goal };
            let clobbered = goals[from..end].iter().any(|g| match g {
                Goal::Call {
                    pred,
                    args,
                    inline: true,
                } if args.len() > k => {
                    let p = &self.preds[*pred as usize];
                    !(is_arith_goal(p.name, p.arity) && is_var(args[k], *addr))
                }
                _ => false,
            });
            if !clobbered {
                taken.insert((v.first_chunk, k));
                if let Some(v) = an.vars.get_mut(addr) {
                    v.index = k as u32;
                }
            }
        }
    }

    /// The code of a clause from its head arguments and lowered body.
    fn generate(
        &mut self,
        head: &[Cell],
        goals: &[Goal],
        an: &Analysis,
    ) -> Res<(Box<ClauseCode>, Keys)> {
        let vars = &an.vars;
        let needs_env = an.nperm > 0 || an.inner_calls > 0;
        let mut cc = ClauseCode::default();
        let mut seen = Seen::default();
        if needs_env {
            cc.code.push(Instr::Allocate(an.nperm));
        }
        for (i, &a) in head.iter().enumerate() {
            let i = i as u32;
            let d = self.heap.deref(a);
            match d.tag() {
                REF => {
                    let v = vars[&d.addr()];
                    let first = seen.insert(d.addr());
                    cc.code.push(match (first, v.perm) {
                        // Already in its home (arg_homes).
                        (true, false) if v.index == i => continue,
                        (true, false) => Instr::GetVarX(v.index, i),
                        (true, true) => Instr::GetVarY(v.index, i),
                        (false, false) => Instr::GetValX(v.index, i),
                        (false, true) => Instr::GetValY(v.index, i),
                    });
                }
                ATM | INT => cc.code.push(Instr::GetConst(d, i)),
                _ => {
                    let t = self.template(d, vars, &mut seen);
                    cc.templates.push(t);
                    cc.code.push(Instr::GetTpl(CodeRef::unlinked(), i));
                }
            }
        }
        // A real call has been made on some path to here: the cut barrier is in the frame.
        let mut called = false;
        // An alternative inside this clause may be pending (a `TryElse` came before).
        let mut after_try = false;
        // The End that a last call (Execute) already ended.
        let mut ended_at: Option<usize> = None;
        let mut label_at: FastMap<Label, usize> = FastMap::default();
        let mut jumps: Vec<(usize, Label)> = Vec::new();
        // The slot or register of a hidden or permanent variable.
        let home = |v: &Cell| {
            let d = self.heap.deref(*v);
            (d.addr(), vars[&d.addr()])
        };
        for (gi, g) in goals.iter().enumerate() {
            match g {
                Goal::Call { pred, args, inline } => {
                    let counted = self.counts_inference(*pred, args, vars, &seen);
                    let arith_start = match self.arith_prog(*pred, *inline, args, vars, &seen) {
                        Some(prog) => {
                            cc.arith.push(ArithProg { counted, ..prog });
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
                                    (false, false) if v.index == j => continue,
                                    (false, false) => Instr::PutValX(v.index, j),
                                    (false, true) => Instr::PutValY(v.index, j),
                                });
                            }
                            ATM | INT => cc.code.push(Instr::PutConst(d, j)),
                            _ => {
                                let t = self.template(d, vars, &mut seen);
                                cc.templates.push(t);
                                cc.code.push(Instr::PutTpl(CodeRef::unlinked(), j));
                            }
                        }
                    }
                    if *inline {
                        let count = match (counted, after_try) {
                            (true, _) => Count::Yes,
                            (false, true) => Count::Shallow,
                            (false, false) => Count::Deep,
                        };
                        cc.code.push(Instr::CallInline(*pred, count));
                        if let (Some(start), Some(prog)) = (arith_start, cc.arith.last_mut()) {
                            prog.skip = (cc.code.len() - start) as u32;
                        }
                    } else {
                        if !counted {
                            cc.code.push(Instr::Uncounted);
                        }
                        if let Some(end) = is_last_call(goals, gi) {
                            if needs_env {
                                cc.code.push(Instr::Deallocate);
                            }
                            cc.code.push(Instr::Execute(*pred));
                            ended_at = Some(end);
                        } else {
                            cc.code.push(Instr::Call(*pred, an.live(an.chunk[gi])));
                            called = true;
                        }
                    }
                }
                Goal::Cut => cc
                    .code
                    .push(if called { Instr::CutE } else { Instr::NeckCut }),
                Goal::CutTo(v) | Goal::GetHeight(v) | Goal::SoftCut(v) => {
                    let (addr, vi) = home(v);
                    seen.insert(addr);
                    let (i, y) = (vi.index, vi.perm);
                    cc.code.push(match (g, y) {
                        (Goal::CutTo(_), true) => Instr::CutToY(i),
                        (Goal::CutTo(_), false) => Instr::CutToX(i),
                        (Goal::GetHeight(_), true) => Instr::GetHeightY(i),
                        (Goal::GetHeight(_), false) => Instr::GetHeightX(i),
                        (_, true) => Instr::SoftCutY(i),
                        (_, false) => Instr::SoftCutX(i),
                    });
                }
                Goal::Fail => cc.code.push(Instr::Fail(after_try)),
                Goal::Init(vs) => {
                    for v in vs {
                        let (addr, vi) = home(v);
                        debug_assert!(vi.perm && !seen.contains(&addr));
                        seen.insert_early(addr);
                        cc.code.push(Instr::InitY(vi.index));
                    }
                }
                Goal::TryElse(l) => {
                    after_try = true;
                    seen.open();
                    jumps.push((cc.code.len(), *l));
                    let live = if needs_env {
                        an.live(an.chunk[gi])
                    } else {
                        NO_FRAME
                    };
                    cc.code.push(Instr::TryElse(0, live));
                }
                Goal::Retry { at, next } => {
                    label_at.insert(*at, cc.code.len());
                    seen.next_branch();
                    jumps.push((cc.code.len(), *next));
                    cc.code.push(Instr::RetryElse(0));
                }
                Goal::Trust { at } => {
                    label_at.insert(*at, cc.code.len());
                    seen.next_branch();
                    cc.code.push(Instr::TrustElse);
                }
                Goal::Jump(l) => {
                    jumps.push((cc.code.len(), *l));
                    cc.code.push(Instr::Jump(0));
                }
                Goal::Join(l) => {
                    if let Some(l) = l {
                        label_at.insert(*l, cc.code.len());
                    }
                    // Variables met in a branch and used after are made before
                    // the construct (Init), so they are in the start set.
                    seen.close();
                }
                Goal::End if ended_at == Some(gi) => ended_at = None,
                Goal::End => {
                    if needs_env {
                        cc.code.push(Instr::Deallocate);
                    }
                    cc.code.push(Instr::Proceed);
                }
            }
        }
        for (at, l) in jumps {
            let off = (label_at[&l] - at) as u32;
            match &mut cc.code[at] {
                Instr::TryElse(skip, _) | Instr::RetryElse(skip) | Instr::Jump(skip) => *skip = off,
                _ => unreachable!("a jump fixup names a jump"),
            }
        }
        cc.nregs = an.ntemp.max(1);
        self.ensure_regs(cc.nregs);
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

    /// Whether an inline builtin goal counts an inference. The rule is
    /// SWI-Prolog's (without `-O`), whose compiler turns these goals into
    /// virtual-machine instructions instead of calls: `true`, `fail`,
    /// `false`; `=/2`, `==/2` and `\==/2` with a variable on either side;
    /// the type tests `var/1` ... `string/1` of a variable; `Y is X + C`,
    /// `Y is C + X` and `Y is X - C` with `Y` met here first and not a
    /// singleton, `X` a variable and `C` an integer of 25 bits; `arg(N, T, A)`
    /// with `N` an integer or a bound variable, `T` a variable and `A` as
    /// `Y` above. Everything
    /// else counts one (docs/ARCHITECTURE.md, "Counting inferences").
    fn counts_inference(
        &self,
        pred: PredId,
        args: &[Cell],
        vars: &FastMap<usize, VarInfo>,
        seen: &Seen,
    ) -> bool {
        let p = &self.preds[pred as usize];
        if p.module != atoms::SYSTEM {
            return true;
        }
        let is_var = |a: &Cell| self.heap.deref(*a).tag() == REF;
        // A variable met here first that is not a singleton.
        let fresh = |a: &Cell| {
            let v = self.heap.deref(*a);
            v.tag() == REF
                && !seen.met(&v.addr())
                && vars.get(&v.addr()).is_some_and(|v| v.uses > 1)
        };
        match (p.name.name(), args) {
            ("true" | "fail" | "false", []) => false,
            ("=" | "==" | "\\==", [a, b]) => !(is_var(a) || is_var(b)),
            (
                "var" | "nonvar" | "integer" | "float" | "number" | "atom" | "atomic" | "compound"
                | "callable" | "string",
                [a],
            ) => !is_var(a),
            ("is", [y, e]) => !(fresh(y) && self.is_add_constant(*e, seen)),
            ("arg", [n, t, a]) => {
                let n = self.heap.deref(*n);
                let index = n.tag() == INT || (n.tag() == REF && seen.met(&n.addr()));
                !(index && is_var(t) && fresh(a))
            }
            _ => true,
        }
    }

    /// `X + C`, `C + X` or `X - C`: a variable plus or minus an integer that
    /// SWI-Prolog adds in one instruction (within ±2^24). X must have been
    /// met before: a first occurrence (`Y is _ + 1`) is a call of is/2 there
    /// (its error's context is `(is)/2`).
    fn is_add_constant(&self, e: Cell, seen: &Seen) -> bool {
        const SMALL: std::ops::Range<i64> = -(1 << 24)..(1 << 24);
        let e = self.heap.deref(e);
        if e.tag() != STR {
            return false;
        }
        let f = self.heap.get(e.addr());
        if f.fun_arity() != 2 {
            return false;
        }
        let (a, b) = (
            self.heap.deref(self.heap.get(e.addr() + 1)),
            self.heap.deref(self.heap.get(e.addr() + 2)),
        );
        let small = |c: Cell| (c.tag() == INT).then_some(c.get_int());
        let met = |v: Cell| v.tag() == REF && seen.met(&v.addr());
        match f.fun_name().name() {
            "+" => match (a.tag(), b.tag()) {
                (REF, _) => met(a) && small(b).is_some_and(|c| SMALL.contains(&c)),
                (_, REF) => met(b) && small(a).is_some_and(|c| SMALL.contains(&c)),
                _ => false,
            },
            "-" => met(a) && small(b).is_some_and(|c| SMALL.contains(&c) && SMALL.contains(&-c)),
            _ => false,
        }
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
        vars: &FastMap<usize, VarInfo>,
        seen: &Seen,
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
        Some(ArithProg {
            ops,
            kind,
            skip: 0,
            counted: true,
        })
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
    fn template(&self, t: Cell, vars: &FastMap<usize, VarInfo>, seen: &mut Seen) -> Template {
        let mut cells = vec![Cell(0)];
        let mut queue: VecDeque<(usize, usize, usize)> = VecDeque::new();
        let place = |m: &Machine,
                     c: Cell,
                     cells: &mut Vec<Cell>,
                     queue: &mut VecDeque<(usize, usize, usize)>,
                     seen: &mut Seen|
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
