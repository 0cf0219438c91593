//! Unification, template matching / building, and the standard order of terms.
//!
//! All walks use explicit work stacks (invariant 1, docs/ARCHITECTURE.md).
//!
//! Tested by: the unit tests below; tests/props_unify.rs, tests/props_order.rs.

use super::instr::{tvar_parts, Template};
use super::machine::{Machine, FRAME_HDR};
use crate::term::atom::atoms;
use crate::term::cell::*;
use std::cmp::Ordering;
use std::collections::HashSet;

/// `Machine::clash_probe`: the top of a term, its functor cell (a compound),
/// and its first two arguments (a list: its first two elements) where they
/// are atoms or small integers (else a variable cell, which tests nothing).
#[derive(Clone, Copy)]
pub struct ClashProbe {
    top: Cell,
    head: Cell,
    first: Cell,
    second: Cell,
}

impl ClashProbe {
    /// True only when `y` and the probed term clash at the top or at one of
    /// the probed arguments, where neither has a variable: then they cannot
    /// unify. False means "maybe" (`may_unify` looks further).
    #[inline(always)]
    pub fn clashes(&self, heap: &crate::term::heap::Heap, y: Cell) -> bool {
        let y = heap.deref(y);
        if self.top.tag() == REF || y.tag() == REF {
            return false;
        }
        match self.top.tag() {
            ATM | INT => y != self.top,
            STR if y.tag() == STR && heap.get(y.addr()) == self.head => {
                key_clash(heap, self.first, y.addr() + 1)
                    || key_clash(heap, self.second, y.addr() + 2)
            }
            LIS if y.tag() == LIS => {
                if key_clash(heap, self.first, y.addr()) {
                    return true;
                }
                if self.second.tag() == REF {
                    return false;
                }
                // The probed list goes on with a list cell: so must y's.
                let t = heap.deref(heap.get(y.addr() + 1));
                match t.tag() {
                    LIS => key_clash(heap, self.second, t.addr()),
                    REF => false,
                    _ => true,
                }
            }
            // A box is left to may_unify unless the kinds differ.
            BOX => y.tag() != BOX,
            _ => true,
        }
    }
}

/// What relocates a template's pointer cells when it is built at heap address
/// `base`: template position p (p >= 1) lands at base + p - 1.
#[inline(always)]
fn tpl_shift(base: u64) -> u64 {
    base.wrapping_sub(1) << 3
}

/// Whether the cell at `at` and a probe's `key` (an atom or small integer,
/// or a variable: no test) differ where neither is a variable.
#[inline(always)]
fn key_clash(heap: &crate::term::heap::Heap, key: Cell, at: usize) -> bool {
    if key.tag() == REF {
        return false;
    }
    let a = heap.deref(heap.get(at));
    a != key && a.tag() != REF
}

/// Makes pairwise walks (unify, compare, variant) terminate on cyclic terms:
/// a pair of compounds met again is assumed equal, which is exactly equality
/// of rational trees. Counting is free; pairs are only remembered after many
/// steps, so ordinary terms never pay for hashing.
/// The set is made only then: creating a std `HashSet` (its random state) costs more
/// than unifying a small compound.
#[derive(Default)]
pub struct PairGuard {
    steps: usize,
    seen: Option<HashSet<(usize, usize)>>,
}

impl PairGuard {
    const UNGUARDED_STEPS: usize = 1 << 16;

    /// False if the compounds at `x` and `y` were already compared.
    #[inline(always)]
    pub fn first_visit(&mut self, x: usize, y: usize) -> bool {
        self.steps += 1;
        self.steps < Self::UNGUARDED_STEPS
            || self.seen.get_or_insert_with(HashSet::new).insert((x, y))
    }
}

impl Machine {
    /// Would `a` and `b` unify? Tries it and undoes every binding.
    pub fn unifiable(&mut self, a: Cell, b: Cell) -> bool {
        self.unifier(a, b).is_some()
    }

    /// The bindings that unifying `a` and `b` would make, newest first, as (variable
    /// address, value); None if they do not unify. Nothing stays bound: every binding is
    /// trailed for the trial (even those `bind` would not trail) and undone.
    pub fn unifier(&mut self, a: Cell, b: Cell) -> Option<Vec<(usize, Cell)>> {
        let mark = self.trail.len();
        let saved = self.hb;
        let wake = self.wake_save();
        self.hb = usize::MAX;
        let ok = self.unify(a, b);
        let bindings = ok.then(|| {
            self.trail[mark..]
                .iter()
                .rev()
                .map(|&(addr, _)| (addr, self.heap.get(addr)))
                .collect()
        });
        self.undo_trail(mark);
        self.hb = saved;
        self.wake_restore(wake);
        bindings
    }

    /// Binds the unbound variable at `addr`, trailing it when a choicepoint needs it.
    #[inline(always)]
    pub fn bind(&mut self, addr: usize, value: Cell) {
        if self.wake.on && self.heap.is_attvar(addr) {
            return self.bind_attvar(addr, value);
        }
        self.heap.set(addr, value);
        if addr < self.hb {
            self.trail.push((addr, Cell::new_ref(addr)));
        }
    }

    /// Destructive assignment that backtracking undoes (setarg/3, b_setval/2).
    pub fn trailed_set(&mut self, addr: usize, value: Cell) {
        let old = self.heap.get(addr);
        self.trail.push((addr, old));
        self.heap.set(addr, value);
    }

    /// Binds two unbound variables, the younger to the older.
    #[inline(always)]
    fn bind_vars(&mut self, a: usize, b: usize) {
        if a < b {
            self.bind(b, Cell::new_ref(a));
        } else {
            self.bind(a, Cell::new_ref(b));
        }
    }

    /// Unifies two terms. Bindings are trailed; on failure the caller backtracks.
    #[inline]
    pub fn unify(&mut self, a: Cell, b: Cell) -> bool {
        // Variables and atomic terms (most head arguments) need no work stack.
        let (a, b) = (self.heap.deref(a), self.heap.deref(b));
        if a == b {
            return true;
        }
        match (a.tag(), b.tag()) {
            (REF, REF) => self.bind_vars(a.addr(), b.addr()),
            (REF, _) => self.bind(a.addr(), b),
            (_, REF) => self.bind(b.addr(), a),
            (LIS, LIS) | (STR, STR) | (BOX, BOX) => return self.unify_compound(a, b),
            _ => return false,
        }
        true
    }

    fn unify_compound(&mut self, a: Cell, b: Cell) -> bool {
        // Reuse the machine's scratch stack: unification is the hottest path.
        let mut stack = std::mem::take(&mut self.unify_stack);
        stack.clear();
        let ok = self.unify_with(a, b, &mut stack);
        self.unify_stack = stack;
        ok
    }

    /// Unifies two dereferenced terms in place unless both are compound (or
    /// boxed): Some(unified), None when the walk must look inside them.
    #[inline(always)]
    fn unify_simple(&mut self, p: Cell, q: Cell) -> Option<bool> {
        if p != q {
            match (p.tag(), q.tag()) {
                (REF, REF) => self.bind_vars(p.addr(), q.addr()),
                (REF, _) => self.bind(p.addr(), q),
                (_, REF) => self.bind(q.addr(), p),
                (ATM | INT, _) | (_, ATM | INT) => return Some(false),
                _ => return None,
            }
        }
        Some(true)
    }

    fn unify_with(&mut self, a: Cell, b: Cell, stack: &mut Vec<(Cell, Cell)>) -> bool {
        let (mut a, mut b) = (a, b);
        let mut guard = PairGuard::default();
        loop {
            a = self.heap.deref(a);
            b = self.heap.deref(b);
            if a != b {
                match (a.tag(), b.tag()) {
                    (REF, REF) => self.bind_vars(a.addr(), b.addr()),
                    (REF, _) => self.bind(a.addr(), b),
                    (_, REF) => self.bind(b.addr(), a),
                    (LIS, LIS) => {
                        let (x, y) = (a.addr(), b.addr());
                        if guard.first_visit(x, y) {
                            // A simple pair of elements is unified in place and the
                            // walk goes on down the tails without the stack.
                            let p = self.heap.deref(self.heap.get(x));
                            let q = self.heap.deref(self.heap.get(y));
                            let tails = (self.heap.get(x + 1), self.heap.get(y + 1));
                            match self.unify_simple(p, q) {
                                Some(true) => (a, b) = tails,
                                Some(false) => return false,
                                None => {
                                    stack.push(tails);
                                    (a, b) = (p, q);
                                }
                            }
                            continue;
                        }
                    }
                    (STR, STR) => {
                        let (x, y) = (a.addr(), b.addr());
                        let f = self.heap.get(x);
                        if f != self.heap.get(y) {
                            return false;
                        }
                        if guard.first_visit(x, y) {
                            // Flat arguments (variables, atomic) are unified in place, left
                            // to right; from the first compound pair on, the rest go to the
                            // stack, so the binding order stays left to right.
                            let n = f.fun_arity();
                            let mut i = 1;
                            while i <= n {
                                let p = self.heap.deref(self.heap.get(x + i));
                                let q = self.heap.deref(self.heap.get(y + i));
                                match self.unify_simple(p, q) {
                                    Some(true) => {}
                                    Some(false) => return false,
                                    None => break,
                                }
                                i += 1;
                            }
                            for j in (i..=n).rev() {
                                stack.push((self.heap.get(x + j), self.heap.get(y + j)));
                            }
                        }
                    }
                    (BOX, BOX) => {
                        if !self.boxes_equal(a.addr(), b.addr()) {
                            return false;
                        }
                    }
                    _ => return false,
                }
            }
            match stack.pop() {
                Some((x, y)) => {
                    a = x;
                    b = y;
                }
                None => return true,
            }
        }
    }

    /// A cheap, non-binding pre-test for unification: false only when the two
    /// terms clash at some position where neither has a variable, which makes
    /// unification fail whatever it binds. It looks at a bounded number of
    /// pairs (cyclic terms end too), so true means "maybe". member/2 and
    /// memberchk/2 use it to skip elements without trailing or choicepoints.
    #[inline]
    pub fn may_unify(&mut self, a: Cell, b: Cell) -> bool {
        // Fast path without a work queue: walk two lists (or one compound's
        // arguments) while every element pair is atomic, variable or equal.
        let (mut x, mut y) = (a, b);
        for _ in 0..32 {
            if let Some(clash) = self.shallow_clash(x, y) {
                return !clash;
            }
            let (dx, dy) = (self.heap.deref(x), self.heap.deref(y));
            let (p, q) = (dx.addr(), dy.addr());
            if dx.tag() == LIS {
                match self.shallow_clash(self.heap.get(p), self.heap.get(q)) {
                    Some(true) => return false,
                    Some(false) => (x, y) = (self.heap.get(p + 1), self.heap.get(q + 1)),
                    None => return self.may_unify_args(dx, dy),
                }
            } else {
                for k in 1..=self.heap.get(p).fun_arity() {
                    match self.shallow_clash(self.heap.get(p + k), self.heap.get(q + k)) {
                        Some(true) => return false,
                        Some(false) => {}
                        None => return self.may_unify_args(dx, dy),
                    }
                }
                return true;
            }
        }
        true
    }

    /// A clash test against one term `x` prepared once for many candidates
    /// (member/2's and memberchk/2's elements): what `x` looks like at its top
    /// is read here, not again per candidate.
    #[inline]
    pub fn clash_probe(&self, x: Cell) -> ClashProbe {
        let top = self.heap.deref(x);
        let (head, first, second) = match top.tag() {
            // A zero-argument compound (compound_name_arity/3) has no first argument.
            STR => {
                let (f, at) = (self.heap.get(top.addr()), top.addr());
                let n = f.fun_arity();
                let arg = |k: usize| (n >= k).then(|| self.heap.get(at + k));
                (f, arg(1), arg(2))
            }
            LIS => {
                let t = self.heap.deref(self.heap.get(top.addr() + 1));
                let second = (t.tag() == LIS).then(|| self.heap.get(t.addr()));
                (top, Some(self.heap.get(top.addr())), second)
            }
            _ => (top, None, None),
        };
        // Only atoms and small integers are equal exactly when their cells are.
        let key = |a: Option<Cell>| match a.map(|a| self.heap.deref(a)) {
            Some(a) if matches!(a.tag(), ATM | INT) => a,
            _ => Cell::new_ref(0),
        };
        ClashProbe {
            top,
            head,
            first: key(first),
            second: key(second),
        }
    }

    /// Some(true): the terms clash at the top; Some(false): they unify or
    /// one is a variable; None: two compounds with the same functor.
    #[inline(always)]
    fn shallow_clash(&self, a: Cell, b: Cell) -> Option<bool> {
        let (a, b) = (self.heap.deref(a), self.heap.deref(b));
        if a == b || a.tag() == REF || b.tag() == REF {
            return Some(false);
        }
        if a.tag() != b.tag() {
            return Some(true);
        }
        match a.tag() {
            LIS => None,
            STR => (self.heap.get(a.addr()) != self.heap.get(b.addr())).then_some(true),
            BOX => Some(!self.boxes_equal(a.addr(), b.addr())),
            _ => Some(true),
        }
    }

    /// may_unify below two compounds with the same functor: a bounded
    /// breadth-first walk over argument pairs.
    fn may_unify_args(&mut self, a: Cell, b: Cell) -> bool {
        const STEPS: usize = 32;
        let mut queue = std::mem::take(&mut self.unify_stack);
        queue.clear();
        queue.push((a, b));
        let mut i = 0;
        let mut maybe = true;
        while i < queue.len() && i < STEPS {
            let (a, b) = queue[i];
            i += 1;
            match self.shallow_clash(a, b) {
                Some(true) => {
                    maybe = false;
                    break;
                }
                Some(false) => {}
                None => {
                    let (a, b) = (self.heap.deref(a), self.heap.deref(b));
                    let (x, y) = (a.addr(), b.addr());
                    let (first, n) = match a.tag() {
                        LIS => (0, 2),
                        _ => (1, self.heap.get(x).fun_arity()),
                    };
                    for k in first..first + n.min(STEPS) {
                        queue.push((self.heap.get(x + k), self.heap.get(y + k)));
                    }
                }
            }
        }
        self.unify_stack = queue;
        maybe
    }

    fn boxes_equal(&self, x: usize, y: usize) -> bool {
        let hx = self.heap.get(x);
        if hx != self.heap.get(y) {
            return false;
        }
        let n = hx.hdr_words();
        self.heap.cells[x + 1..=x + n] == self.heap.cells[y + 1..=y + n]
    }

    /// Reads a template variable's register or environment slot.
    #[inline(always)]
    fn tvar_get(&self, idx: u32, perm: bool) -> Cell {
        if perm {
            self.stack[self.e + FRAME_HDR + idx as usize]
        } else {
            self.regs[idx as usize]
        }
    }

    #[inline(always)]
    fn tvar_set(&mut self, idx: u32, perm: bool, c: Cell) {
        if perm {
            self.stack[self.e + FRAME_HDR + idx as usize] = c;
        } else {
            self.regs[idx as usize] = c;
        }
    }

    /// Converts one template cell to a heap cell to be stored at `at`
    /// (write mode). Compound blocks are allocated at the heap top and queued.
    #[inline(always)]
    fn write_tcell(
        &mut self,
        tpl: &Template,
        tc: Cell,
        at: usize,
        queue: &mut Vec<(usize, usize, usize, bool)>,
    ) -> Cell {
        match tc.tag() {
            REF => {
                let (idx, perm, first) = tvar_parts(tc);
                if first {
                    let v = Cell::new_ref(at);
                    self.tvar_set(idx, perm, v);
                    v
                } else {
                    self.tvar_get(idx, perm)
                }
            }
            STR => {
                let rel = tc.addr();
                let f = tpl.cells[rel];
                let n = f.fun_arity();
                let base = self.heap.len();
                self.heap.push(f);
                self.heap.cells.resize(base + 1 + n, Cell::atom(atoms::NIL));
                queue.push((base + 1, rel + 1, n, true));
                Cell::str_ptr(base)
            }
            LIS => {
                let base = self.heap.len();
                self.heap.cells.resize(base + 2, Cell::atom(atoms::NIL));
                queue.push((base, tc.addr(), 2, true));
                Cell::lis_ptr(base)
            }
            BOX => self.copy_tpl_box(tpl, tc.addr()),
            _ => tc,
        }
    }

    fn copy_tpl_box(&mut self, tpl: &Template, rel: usize) -> Cell {
        let n = tpl.cells[rel].hdr_words();
        let base = self.heap.len();
        self.heap.cells.extend_from_slice(&tpl.cells[rel..=rel + n]);
        Cell::box_ptr(base)
    }

    /// Builds a template on the heap (body arguments, and head arguments
    /// met unbound). The breadth-first layout makes this a linear copy with
    /// relocation. The flat case (`[H|R]`) is inlined into the run loop.
    #[inline(always)]
    pub(crate) fn build_tpl(&mut self, tpl: &Template) -> Cell {
        if tpl.flat {
            return self.build_flat_tpl(tpl);
        }
        self.build_nested_tpl(tpl)
    }

    #[inline(never)]
    fn build_nested_tpl(&mut self, tpl: &Template) -> Cell {
        self.build_tpl_with(tpl, |m, idx, perm, first| {
            let at = m.heap.len();
            m.tpl_var_cell(idx, perm, first, at)
        })
    }

    /// The cell of a template variable's occurrence placed at heap address
    /// `at`: a new variable there at its first occurrence, else the one made
    /// before.
    #[inline(always)]
    fn tpl_var_cell(&mut self, idx: u32, perm: bool, first: bool, at: usize) -> Cell {
        if first {
            let v = Cell::new_ref(at);
            self.tvar_set(idx, perm, v);
            v
        } else {
            self.tvar_get(idx, perm)
        }
    }

    /// build_tpl for a compound whose arguments are all variables or atomic
    /// (`[H|R]`, `f(X, a)`): each cell pushed as it is or, for a variable, as
    /// its variable's cell (no pointer to relocate but the root).
    #[inline(always)]
    fn build_flat_tpl(&mut self, tpl: &Template) -> Cell {
        let cells = &tpl.cells;
        let base = self.heap.len();
        // One reserve and a push per cell: a memcpy call for two or three
        // cells, then a second pass for the variables, cost twice as much.
        self.heap.cells.reserve(cells.len() - 1);
        for (at, &c) in (base..).zip(&cells[1..]) {
            let v = if c.tag() == REF {
                let (idx, perm, first) = tvar_parts(c);
                self.tpl_var_cell(idx, perm, first, at)
            } else {
                c
            };
            self.heap.push(v);
        }
        Cell(cells[0].0.wrapping_add(tpl_shift(base as u64)))
    }

    /// Builds a template on the heap, `var(machine, index, permanent, first)` giving the
    /// cell of each template variable occurrence (it may read `heap.len()`: the address the
    /// cell will have).
    #[inline(always)]
    pub(crate) fn build_tpl_with(
        &mut self,
        tpl: &Template,
        mut var: impl FnMut(&mut Self, u32, bool, bool) -> Cell,
    ) -> Cell {
        let cells = &tpl.cells;
        let base = self.heap.len() as u64;
        let shift = tpl_shift(base);
        let mut i = 1;
        while i < cells.len() {
            let c = cells[i];
            match c.tag() {
                REF => {
                    let (idx, perm, first) = tvar_parts(c);
                    let v = var(self, idx, perm, first);
                    self.heap.push(v);
                }
                STR | LIS | BOX => self.heap.push(Cell(c.0.wrapping_add(shift))),
                HDR => {
                    let n = c.hdr_words();
                    self.heap.cells.extend_from_slice(&cells[i..=i + n]);
                    i += n;
                }
                _ => self.heap.push(c),
            }
            i += 1;
        }
        Cell(cells[0].0.wrapping_add(shift))
    }

    /// Unifies a heap term with a template (head arguments).
    pub(crate) fn unify_tpl(&mut self, tpl: &Template, arg: Cell) -> bool {
        let root = tpl.cells[0];
        let a = self.heap.deref(arg);
        if a.tag() == REF {
            let t = self.build_tpl(tpl);
            self.bind(a.addr(), t);
            return true;
        }
        if tpl.flat {
            return self.unify_flat_tpl(tpl, root, a);
        }
        let mut queue = std::mem::take(&mut self.tpl_queue);
        queue.clear();
        let ok = self.unify_tpl_with(tpl, root, a, &mut queue);
        self.tpl_queue = queue;
        ok
    }

    /// unify_tpl for a compound whose arguments are all variables or atomic
    /// (`[H|T]`, `f(X, a)`): one loop, no queue.
    #[inline]
    fn unify_flat_tpl(&mut self, tpl: &Template, root: Cell, a: Cell) -> bool {
        let (hp, tp, n) = match root.tag() {
            STR => {
                let rel = root.addr();
                let f = tpl.cells[rel];
                if a.tag() != STR || self.heap.get(a.addr()) != f {
                    return false;
                }
                (a.addr() + 1, rel + 1, f.fun_arity())
            }
            _ => {
                if a.tag() != LIS {
                    return false;
                }
                (a.addr(), root.addr(), 2)
            }
        };
        for i in 0..n {
            if !self.match_simple_tcell(tpl.cells[tp + i], self.heap.get(hp + i)) {
                return false;
            }
        }
        true
    }

    /// Read mode for a template cell that is a variable or atomic.
    #[inline(always)]
    fn match_simple_tcell(&mut self, tc: Cell, arg: Cell) -> bool {
        if tc.tag() == REF {
            let (idx, perm, first) = tvar_parts(tc);
            if first {
                self.tvar_set(idx, perm, arg);
                return true;
            }
            let v = self.tvar_get(idx, perm);
            return self.unify(v, arg);
        }
        let d = self.heap.deref(arg);
        if d == tc {
            return true;
        }
        if d.tag() == REF {
            self.bind(d.addr(), tc);
            return true;
        }
        false
    }

    fn unify_tpl_with(
        &mut self,
        tpl: &Template,
        root: Cell,
        a: Cell,
        queue: &mut Vec<(usize, usize, usize, bool)>,
    ) -> bool {
        match root.tag() {
            STR => {
                let rel = root.addr();
                if a.tag() != STR || self.heap.get(a.addr()) != tpl.cells[rel] {
                    return false;
                }
                let n = tpl.cells[rel].fun_arity();
                queue.push((a.addr() + 1, rel + 1, n, false));
            }
            LIS => {
                if a.tag() != LIS {
                    return false;
                }
                queue.push((a.addr(), root.addr(), 2, false));
            }
            BOX => return a.tag() == BOX && self.box_matches(tpl, root.addr(), a.addr()),
            _ => return self.unify(root, a),
        }
        // A FIFO (breadth-first, as the template's layout): a Vec read from
        // the front is cheaper than a VecDeque.
        let mut next = 0;
        while next < queue.len() {
            let (hp, tp, n, write) = queue[next];
            next += 1;
            for i in 0..n {
                let tc = tpl.cells[tp + i];
                if write {
                    let c = self.write_tcell(tpl, tc, hp + i, queue);
                    self.heap.set(hp + i, c);
                    continue;
                }
                let arg = self.heap.get(hp + i);
                match tc.tag() {
                    STR | LIS => {
                        let d = self.heap.deref(arg);
                        let rel = tc.addr();
                        if d.tag() == REF {
                            let c = self.write_tcell(tpl, tc, 0, queue);
                            self.bind(d.addr(), c);
                        } else if tc.tag() == LIS {
                            if d.tag() != LIS {
                                return false;
                            }
                            queue.push((d.addr(), rel, 2, false));
                        } else {
                            let f = tpl.cells[rel];
                            if d.tag() != STR || self.heap.get(d.addr()) != f {
                                return false;
                            }
                            queue.push((d.addr() + 1, rel + 1, f.fun_arity(), false));
                        }
                    }
                    BOX => {
                        let d = self.heap.deref(arg);
                        if d.tag() == REF {
                            let c = self.copy_tpl_box(tpl, tc.addr());
                            self.bind(d.addr(), c);
                        } else if d.tag() != BOX || !self.box_matches(tpl, tc.addr(), d.addr()) {
                            return false;
                        }
                    }
                    _ => {
                        if !self.match_simple_tcell(tc, arg) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    fn box_matches(&self, tpl: &Template, rel: usize, addr: usize) -> bool {
        let h = tpl.cells[rel];
        if h != self.heap.get(addr) {
            return false;
        }
        let n = h.hdr_words();
        tpl.cells[rel + 1..=rel + n] == self.heap.cells[addr + 1..=addr + n]
    }

    /// Unification with occurs check (unify_with_occurs_check/2).
    pub fn unify_oc(&mut self, a: Cell, b: Cell) -> bool {
        let mark = self.trail.len();
        let saved_hb = self.hb;
        // Trail everything so the bindings can be inspected and undone.
        self.hb = usize::MAX;
        // An acyclic result proves no binding closed a cycle; a cyclic one may have been
        // cyclic already (SWI: `X = [a|X], Y = [a|Y], unify_with_occurs_check(X, Y)`
        // succeeds), so then each binding is checked for reaching its own variable.
        let ok = self.unify(a, b)
            && (self.heap.is_acyclic(a)
                || self.trail[mark..]
                    .iter()
                    .all(|&(v, _)| !self.reaches_cell(self.heap.get(v), v)));
        if !ok {
            self.undo_trail(mark);
        }
        self.hb = saved_hb;
        if ok {
            // Keep only the trail entries a choicepoint needs.
            let hb = self.hb;
            let kept: Vec<_> = self.trail.drain(mark..).filter(|(a, _)| *a < hb).collect();
            self.trail.extend(kept);
        }
        ok
    }

    /// Does the term `from` reach the heap cell `target` (following variable chains cell by
    /// cell, so a bound variable on the way counts)?
    fn reaches_cell(&self, from: Cell, target: usize) -> bool {
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![from];
        while let Some(mut c) = stack.pop() {
            while c.tag() == REF {
                if c.addr() == target {
                    return true;
                }
                let next = self.heap.get(c.addr());
                if next == c {
                    break;
                }
                c = next;
            }
            if let Some((first, n)) = self.heap.args_of(c) {
                if seen.insert(c.addr()) {
                    stack.extend((first..first + n).map(|i| self.heap.get(i)));
                }
            }
        }
        false
    }

    /// Standard order of terms: Var < Number < Atom < String < Compound.
    pub fn compare(&self, a: Cell, b: Cell) -> Ordering {
        let (a, b) = (self.heap.deref(a), self.heap.deref(b));
        // Most comparisons (`==`, sorting keys) meet an atomic term at once: no work stack.
        if !(a.is_compound() && b.is_compound()) {
            return self.compare_leaf(a, b);
        }
        let mut stack: Vec<(Cell, Cell)> = vec![(a, b)];
        let mut guard = PairGuard::default();
        while let Some((a, b)) = stack.pop() {
            let a = self.heap.deref(a);
            let b = self.heap.deref(b);
            if a == b {
                continue;
            }
            let o = if a.is_compound() && b.is_compound() {
                let (na, aa, xa) = self.compound_parts(a);
                let (nb, ab, xb) = self.compound_parts(b);
                let o = aa.cmp(&ab).then_with(|| na.name().cmp(nb.name()));
                if o == Ordering::Equal && guard.first_visit(a.addr(), b.addr()) {
                    for i in (0..aa).rev() {
                        stack.push((self.heap.get(xa + i), self.heap.get(xb + i)));
                    }
                }
                o
            } else {
                self.compare_leaf(a, b)
            };
            if o != Ordering::Equal {
                return o;
            }
        }
        Ordering::Equal
    }

    /// Standard order of two dereferenced terms, at least one of them not compound.
    #[inline]
    fn compare_leaf(&self, a: Cell, b: Cell) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        if a.tag() == INT && b.tag() == INT {
            return a.get_int().cmp(&b.get_int());
        }
        let (ra, rb) = (self.rank(a), self.rank(b));
        if ra != rb {
            return ra.cmp(&rb);
        }
        match ra {
            0 => a.addr().cmp(&b.addr()),
            1 => self.compare_numbers(a, b),
            3 => a.get_atom().name().cmp(b.get_atom().name()),
            4 => {
                let (x, y) = (self.heap.str_at(a.addr()), self.heap.str_at(b.addr()));
                x.cmp(y)
            }
            // Both compound: only `compare` calls this, with one atomic.
            _ => Ordering::Equal,
        }
    }

    fn rank(&self, c: Cell) -> u8 {
        match c.tag() {
            REF => 0,
            INT => 1,
            ATM => 3,
            BOX => match self.heap.get(c.addr()).hdr_kind() {
                BoxKind::Str => 4,
                _ => 1,
            },
            _ => 5,
        }
    }

    pub fn compound_view(&self, c: Cell) -> (crate::term::atom::Atom, usize, usize) {
        self.compound_parts(c)
    }

    fn compound_parts(&self, c: Cell) -> (crate::term::atom::Atom, usize, usize) {
        match c.tag() {
            LIS => (atoms::DOT, 2, c.addr()),
            _ => {
                let f = self.heap.get(c.addr());
                (f.fun_name(), f.fun_arity(), c.addr() + 1)
            }
        }
    }

    /// Numbers in standard order: by value; a float before an equal integer;
    /// -0.0 before 0.0.
    fn compare_numbers(&self, a: Cell, b: Cell) -> Ordering {
        use crate::term::number::Number;
        let (x, y) = (
            self.heap.number(a).unwrap_or(Number::Int(0)),
            self.heap.number(b).unwrap_or(Number::Int(0)),
        );
        match crate::arith::compare_values(&x, &y) {
            Ordering::Equal => match (&x, &y) {
                // -0.0 before 0.0, as SWI-Prolog orders them (not ==).
                (Number::Float(p), Number::Float(q)) => {
                    q.is_sign_negative().cmp(&p.is_sign_negative())
                }
                (Number::Float(_), _) => Ordering::Less,
                (_, Number::Float(_)) => Ordering::Greater,
                _ => Ordering::Equal,
            },
            o => o,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::test_terms::{parse, show, term, Vars};
    use crate::term::heap::View;

    /// Two terms sharing one variable map.
    fn pair(m: &mut Machine, a: &str, b: &str) -> (Cell, Cell) {
        let mut vars = Vars::new();
        (parse(m, a, &mut vars), parse(m, b, &mut vars))
    }

    #[test]
    fn unify_table() {
        // (a, b, a after a = b, or None when they do not unify)
        let cases: &[(&str, &str, Option<&str>)] = &[
            ("a", "a", Some("a")),
            ("a", "b", None),
            ("X", "f(Y)", Some("f(_0)")),
            ("f(X, b)", "f(a, Y)", Some("f(a,b)")),
            ("f(X, X)", "f(a, b)", None),
            ("f(X, Y)", "f(Y, a)", Some("f(a,a)")),
            ("g(X, Y, Z)", "g(Y, Z, X)", Some("g(_0,_0,_0)")),
            ("[H|T]", "[1, 2, 3]", Some("[1,2,3]")),
            ("[a|T]", "[a]", Some("[a]")),
            ("[a, b]", "[a|b]", None),
            ("f(a)", "f(a, b)", None),
            ("f(a)", "g(a)", None),
            ("1", "1.0", None),
            ("1.5", "1.5", Some("1.5")),
            (
                "1152921504606846976",
                "1152921504606846976",
                Some("1152921504606846976"),
            ),
            ("1152921504606846976", "1152921504606846977", None),
            ("\"abc\"", "\"abc\"", Some("\"abc\"")),
            ("\"abc\"", "abc", None),
            ("p(X, f(X))", "p(g(Y), f(g(b)))", Some("p(g(b),f(g(b)))")),
        ];
        let mut m = Machine::new();
        let mut failures = Vec::new();
        for &(a, b, want) in cases {
            let (x, y) = pair(&mut m, a, b);
            let got = m.unify(x, y).then(|| show(&m, x));
            if got.as_deref() != want {
                failures.push(format!("{a} = {b}: got {got:?}, want {want:?}"));
            }
        }
        assert!(failures.is_empty(), "\n{}", failures.join("\n"));
    }

    #[test]
    fn occurs_check() {
        // (a, b, unifies with the occurs check)
        let cases = [
            ("X", "X", true),
            ("X", "f(X)", false),
            ("f(X, Y)", "f(Y, g(X))", false),
            ("f(X, a)", "f(Y, Y)", true),
            ("[X|T]", "[a|X]", true),
            ("f(X, Y)", "f(a, g(Y))", false),
        ];
        let mut m = Machine::new();
        let mut failures = Vec::new();
        for (a, b, want) in cases {
            let (x, y) = pair(&mut m, a, b);
            let before = show(&m, x);
            let got = m.unify_oc(x, y);
            if got != want {
                failures.push(format!("{a} = {b}: got {got}, want {want}"));
            }
            // A failed unification with occurs check binds nothing.
            if !got && show(&m, x) != before {
                failures.push(format!("{a} = {b}: left {} bound", show(&m, x)));
            }
        }
        assert!(failures.is_empty(), "\n{}", failures.join("\n"));
    }

    #[test]
    fn cyclic_terms_unify_and_compare_without_looping() {
        let mut m = Machine::new();
        // X = f(X), Y = f(Y), Z = f(f(Z)): all the same rational tree.
        let (x, fx) = pair(&mut m, "X", "f(X)");
        let (y, fy) = pair(&mut m, "Y", "f(Y)");
        let (z, ffz) = pair(&mut m, "Z", "f(f(Z))");
        assert!(m.unify(x, fx) && m.unify(y, fy) && m.unify(z, ffz));
        assert_eq!(m.compare(x, y), Ordering::Equal);
        assert_eq!(m.compare(x, z), Ordering::Equal);
        assert!(m.unify(x, y));
        assert!(m.unify(x, z));
        // Cyclic lists [a|L] and [a|M] unify even with the occurs check (as in SWI).
        let (l, al) = pair(&mut m, "L", "[a|L]");
        let (k, ak) = pair(&mut m, "K", "[a|K]");
        assert!(m.unify(l, al) && m.unify(k, ak));
        assert!(m.unify_oc(l, k));
        // P = f(P, a) and Q = f(Q, b) differ: unification fails, order is decided by a / b.
        let (p, fpa) = pair(&mut m, "P", "f(P, a)");
        let (q, fqb) = pair(&mut m, "Q", "f(Q, b)");
        assert!(m.unify(p, fpa) && m.unify(q, fqb));
        assert_eq!(m.compare(p, q), Ordering::Less);
        assert_eq!(m.compare(q, p), Ordering::Greater);
        assert!(!m.unify(p, q));
    }

    #[test]
    fn standard_order_of_terms() {
        // Ascending: Var < Number < Atom < String < Compound; numbers by value, a float
        // before an equal integer; compounds by arity, then name, then arguments.
        let sorted = [
            "_",
            "-1",
            "1.0",
            "1",
            "1.5",
            "2",
            "1152921504606846976",
            "a",
            "b",
            "\"a\"",
            "\"b\"",
            "f(a)",
            "g(a)",
            "[a]",
            "f(a, a)",
            "f(a, b)",
            "f(b, a)",
            "f(a, a, a)",
        ];
        let mut m = Machine::new();
        let terms: Vec<Cell> = sorted.iter().map(|t| term(&mut m, t)).collect();
        let mut failures = Vec::new();
        for i in 0..terms.len() {
            for j in 0..terms.len() {
                let want = i.cmp(&j);
                let got = m.compare(terms[i], terms[j]);
                if got != want {
                    failures.push(format!(
                        "compare({}, {}): got {got:?}",
                        sorted[i], sorted[j]
                    ));
                }
            }
        }
        assert!(failures.is_empty(), "\n{}", failures.join("\n"));
    }

    #[test]
    fn unifier_reports_bindings_and_leaves_nothing_bound() {
        let mut m = Machine::new();
        let (a, b) = pair(&mut m, "f(X, b, Z)", "f(a, Y, Z)");
        let trail = m.trail.len();
        let got = m.unifier(a, b).expect("they unify");
        let shown: Vec<String> = got
            .iter()
            .map(|&(addr, v)| format!("{} -> {}", addr, show(&m, v)))
            .collect();
        // Newest first: Y (argument 2) was bound after X (argument 1); Z = Z binds nothing.
        let (x, y) = match (
            m.heap.view(m.heap.get(a.addr() + 1)),
            m.heap.view(m.heap.get(b.addr() + 2)),
        ) {
            (View::Var(x), View::Var(y)) => (x, y),
            other => panic!("bound after the trial: {other:?}"),
        };
        assert_eq!(shown, [format!("{y} -> b"), format!("{x} -> a")]);
        assert_eq!(show(&m, a), "f(_0,b,_1)");
        assert_eq!(m.trail.len(), trail);
        assert!(m.unifiable(a, b));
        let (c, d) = pair(&mut m, "f(X, X)", "f(a, b)");
        assert_eq!(m.unifier(c, d), None);
        assert!(!m.unifiable(c, d));
        assert_eq!(show(&m, c), "f(_0,_0)");
        assert_eq!(m.trail.len(), trail);
    }

    #[test]
    fn may_unify_is_a_test_without_bindings() {
        let cases = [
            ("f(X, a)", "f(b, Y)", Some(true)),
            ("f(a)", "f(b)", Some(false)),
            ("[X|T]", "[]", Some(false)),
            ("[a, b, c]", "[a, b, d]", Some(false)),
            // Only the sharing of X makes these clash: "maybe" either way.
            ("g(X, X)", "g(a, b)", None),
        ];
        let mut m = Machine::new();
        let mut failures = Vec::new();
        for (a, b, want) in cases {
            let (x, y) = pair(&mut m, a, b);
            let before = (show(&m, x), show(&m, y));
            let got = m.may_unify(x, y);
            if want.is_some_and(|w| w != got) {
                failures.push(format!("{a} ~ {b}: got {got}, want {want:?}"));
            }
            if (show(&m, x), show(&m, y)) != before {
                failures.push(format!("{a} ~ {b}: bound something"));
            }
        }
        assert!(failures.is_empty(), "\n{}", failures.join("\n"));
    }
}
