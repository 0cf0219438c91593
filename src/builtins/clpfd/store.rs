//! The FD store on the heap: where a variable's domain and propagators live,
//! how they change (trailed, so backtracking undoes them) and the propagation
//! queue that runs propagators to a fixpoint.
//!
//! A constrained variable carries the attribute `clpfd` with the value
//! `'$fd'(Dom, Props)`: `Dom` is `'$d'(L1, H1, L2, H2, ...)` (the intervals of
//! `dom.rs`, small integers, `INF`/`SUP` for the open ends) and `Props` the list
//! of its propagators. A propagator is `'$p'(State, Kind, Args...)` (`props.rs`):
//! `State` is 0 while it lives and 1 once it is entailed. Changes assign these
//! cells with value trailing, so the engine's own trail and collector serve the
//! store: nothing lives off the heap between two builtin calls. A variable whose
//! domain becomes one value is bound to it (its `clpfd` attribute dropped first,
//! so only the other attributes' hooks wake).
//!
//! Tested by: tests/clpfd_diff.rs, tests/prolog/clpfd.pl.

use super::dom::{Dom, INF, SUP};
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::FastSet;
use std::cell::RefCell;
use std::collections::{HashSet, VecDeque};

pub fn clpfd_atom() -> Atom {
    atoms::CLPFD
}

/// A propagator or constraint argument: a known integer or an unbound variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fv {
    Int(i64),
    Var(usize),
}

/// Propagators waiting to run (heap addresses of `'$p'` terms), each once.
/// Pushed on every domain change: the set of those queued hashes with
/// foldhash (SipHash was a fifth of a queens labeling), and its storage is
/// reused from one constraint or labeling step to the next (growing it anew
/// each time was another tenth).
pub struct Queue {
    q: VecDeque<usize>,
    queued: QueuedSet,
}

type QueuedSet = FastSet<usize>;

thread_local! {
    /// The storage of the last queue dropped, empty, for the next one.
    static SPARE: RefCell<Option<(VecDeque<usize>, QueuedSet)>> = const { RefCell::new(None) };
}

impl Default for Queue {
    fn default() -> Queue {
        let (q, queued) = SPARE.with(|s| s.borrow_mut().take()).unwrap_or_default();
        Queue { q, queued }
    }
}

impl Drop for Queue {
    fn drop(&mut self) {
        let (mut q, mut queued) = (
            std::mem::take(&mut self.q),
            std::mem::take(&mut self.queued),
        );
        q.clear();
        queued.clear();
        SPARE.with(|s| *s.borrow_mut() = Some((q, queued)));
    }
}

impl Queue {
    pub fn push(&mut self, p: usize) {
        if self.queued.insert(p) {
            self.q.push_back(p);
        }
    }

    fn pop(&mut self) -> Option<usize> {
        let p = self.q.pop_front()?;
        self.queued.remove(&p);
        Some(p)
    }
}

/// Assigns a heap cell so that backtracking restores it (trailed only when
/// older than the newest choicepoint).
pub fn set_cell(m: &mut Machine, addr: usize, value: Cell) {
    if addr < m.hb {
        let old = m.heap.get(addr);
        m.trail.push((addr, old));
    }
    m.heap.set(addr, value);
}

/// The argument `c` as an FD value; `None` for a term that is neither
/// (a variable bound to a non-integer).
pub fn fv(m: &Machine, c: Cell) -> Option<Fv> {
    let d = m.heap.deref(c);
    match d.tag() {
        INT => Some(Fv::Int(d.get_int())),
        REF => Some(Fv::Var(d.addr())),
        _ => None,
    }
}

/// `x` as it is now: a variable seen earlier may have been bound since.
pub fn resolve(m: &Machine, x: Fv) -> Fv {
    match x {
        Fv::Var(a) => fv(m, Cell::new_ref(a)).unwrap_or(x),
        Fv::Int(_) => x,
    }
}

/// The address of the `'$fd'(Dom, Props)` term of the variable at `addr`.
pub fn fd_of(m: &Machine, addr: usize) -> Option<usize> {
    if !m.wake.on || !m.heap.is_attvar(addr) {
        return None;
    }
    let clpfd = clpfd_atom();
    let mut c = m.heap.deref(m.heap.get(addr + 2));
    while c.tag() == STR {
        let a = c.addr();
        if m.heap.get(a + 1) == Cell::atom(clpfd) {
            let v = m.heap.deref(m.heap.get(a + 2));
            return (v.tag() == STR).then(|| v.addr());
        }
        c = m.heap.deref(m.heap.get(a + 3));
    }
    None
}

fn dom_term_addr(m: &Machine, fd: usize) -> usize {
    m.heap.deref(m.heap.get(fd + 1)).addr()
}

pub fn read_dom(m: &Machine, fd: usize) -> Dom {
    let d = dom_term_addr(m, fd);
    let n = m.heap.get(d).fun_arity();
    Dom((0..n / 2)
        .map(|i| {
            (
                m.heap.get(d + 1 + 2 * i).get_int(),
                m.heap.get(d + 2 + 2 * i).get_int(),
            )
        })
        .collect())
}

fn read_bounds(m: &Machine, fd: usize) -> (i64, i64) {
    let d = dom_term_addr(m, fd);
    let n = m.heap.get(d).fun_arity();
    (m.heap.get(d + 1).get_int(), m.heap.get(d + n).get_int())
}

pub fn dom_term(m: &mut Machine, dom: &Dom) -> Cell {
    let cells: Vec<Cell> = dom
        .0
        .iter()
        .flat_map(|&(a, b)| [Cell::small_int(a), Cell::small_int(b)])
        .collect();
    m.heap.new_compound(atoms::FD_DOM, &cells)
}

/// The domain of a value or variable (all integers for an unconstrained variable).
pub fn dom_of(m: &Machine, x: Fv) -> Dom {
    match x {
        Fv::Int(v) => Dom::single(v),
        Fv::Var(a) => match resolve(m, x) {
            Fv::Int(v) => Dom::single(v),
            Fv::Var(_) => fd_of(m, a).map_or_else(Dom::full, |fd| read_dom(m, fd)),
        },
    }
}

pub fn bounds_of(m: &Machine, x: Fv) -> (i64, i64) {
    match x {
        Fv::Int(v) => (v, v),
        Fv::Var(a) => match resolve(m, x) {
            Fv::Int(v) => (v, v),
            Fv::Var(_) => fd_of(m, a).map_or((INF, SUP), |fd| read_bounds(m, fd)),
        },
    }
}

/// The `'$fd'` term of the unbound variable at `addr` (callers `resolve`
/// first), made (domain `inf..sup`, no propagators) if it has none.
pub fn ensure_fd(m: &mut Machine, addr: usize) -> usize {
    if let Some(fd) = fd_of(m, addr) {
        return fd;
    }
    let d = dom_term(m, &Dom::full());
    let nil = Cell::atom(atoms::NIL);
    let f = m.heap.new_compound(Atom::new("$fd"), &[d, nil]);
    crate::builtins::attvar::put_attr_value(m, Cell::new_ref(addr), clpfd_atom(), f);
    f.addr()
}

/// The propagators of a `'$fd'` term (heap addresses).
pub fn props_of(m: &Machine, fd: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut c = m.heap.deref(m.heap.get(fd + 2));
    while c.tag() == LIS {
        out.push(m.heap.deref(m.heap.get(c.addr())).addr());
        c = m.heap.deref(m.heap.get(c.addr() + 1));
    }
    out
}

pub fn alive(m: &Machine, p: usize) -> bool {
    m.heap.get(p + 1) == Cell::small_int(0)
}

/// Marks a propagator entailed: it never runs again on this branch.
pub fn kill(m: &mut Machine, p: usize) {
    set_cell(m, p + 1, Cell::small_int(1));
}

fn schedule(m: &Machine, q: &mut Queue, fd: usize) {
    let mut c = m.heap.deref(m.heap.get(fd + 2));
    while c.tag() == LIS {
        let p = m.heap.deref(m.heap.get(c.addr())).addr();
        if alive(m, p) {
            q.push(p);
        }
        c = m.heap.deref(m.heap.get(c.addr() + 1));
    }
}

/// Narrows `x` to `x ∩ new`: false if that is empty. Changed domains wake
/// their propagators; a single value binds the variable.
pub fn narrow(m: &mut Machine, q: &mut Queue, x: Fv, new: &Dom) -> Res<bool> {
    let x = resolve(m, x);
    match x {
        Fv::Int(v) => Ok(new.contains(v)),
        Fv::Var(addr) => {
            let fd = ensure_fd(m, addr);
            let old = read_dom(m, fd);
            let nd = old.intersect(new);
            if nd.is_empty() {
                return Ok(false);
            }
            if nd != old {
                update(m, q, addr, fd, &nd);
            }
            Ok(true)
        }
    }
}

/// Narrows `x` to `lo..hi` (reading only the bounds when nothing changes).
pub fn narrow_bounds(m: &mut Machine, q: &mut Queue, x: Fv, lo: i64, hi: i64) -> Res<bool> {
    let x = resolve(m, x);
    match x {
        Fv::Int(v) => Ok(lo <= v && v <= hi),
        Fv::Var(addr) => {
            let Some(fd) = fd_of(m, addr) else {
                return narrow(m, q, x, &Dom::range(lo, hi));
            };
            let (a, b) = read_bounds(m, fd);
            if lo <= a && hi >= b {
                return Ok(true);
            }
            if lo > b || hi < a || lo > hi {
                return Ok(false);
            }
            let nd = read_dom(m, fd).clip(lo, hi);
            if nd.is_empty() {
                return Ok(false);
            }
            update(m, q, addr, fd, &nd);
            Ok(true)
        }
    }
}

/// Removes the value `v` from `x`.
pub fn exclude(m: &mut Machine, q: &mut Queue, x: Fv, v: i64) -> Res<bool> {
    let x = resolve(m, x);
    match x {
        Fv::Int(w) => Ok(w != v),
        Fv::Var(addr) => {
            let fd = ensure_fd(m, addr);
            let old = read_dom(m, fd);
            if !old.contains(v) {
                return Ok(true);
            }
            let nd = old.remove(v);
            if nd.is_empty() {
                return Ok(false);
            }
            update(m, q, addr, fd, &nd);
            Ok(true)
        }
    }
}

fn update(m: &mut Machine, q: &mut Queue, addr: usize, fd: usize, nd: &Dom) {
    schedule(m, q, fd);
    match nd.value() {
        Some(v) => bind_value(m, addr, v),
        None => {
            let t = dom_term(m, nd);
            set_cell(m, fd + 1, t);
        }
    }
}

/// Binds the constrained variable at `addr` to `v`: its `clpfd` attribute is
/// dropped first (the store already knows), the other attributes wake as usual.
fn bind_value(m: &mut Machine, addr: usize, v: i64) {
    crate::builtins::attvar::drop_attr(m, addr, clpfd_atom());
    m.bind(addr, Cell::small_int(v));
}

/// Adds propagator `p` to the propagator lists of the distinct variables among `xs`.
pub fn attach(m: &mut Machine, p: Cell, xs: &[Fv]) {
    let mut seen = HashSet::new();
    for &x in xs {
        if let Fv::Var(a) = resolve(m, x) {
            if seen.insert(a) {
                let fd = ensure_fd(m, a);
                let old = m.heap.get(fd + 2);
                let l = m.heap.new_list(p, old);
                set_cell(m, fd + 2, l);
            }
        }
    }
}

/// Makes a propagator term `'$p'(0, Kind, Args...)`.
pub fn new_prop(m: &mut Machine, kind: i64, args: &[Cell]) -> Cell {
    let mut cells = Vec::with_capacity(args.len() + 2);
    cells.push(Cell::small_int(0));
    cells.push(Cell::small_int(kind));
    cells.extend_from_slice(args);
    m.heap.new_compound(Atom::new("$p"), &cells)
}

/// The value cell for an FD value.
pub fn fv_cell(x: Fv) -> Cell {
    match x {
        Fv::Int(v) => Cell::small_int(v),
        Fv::Var(a) => Cell::new_ref(a),
    }
}

/// Runs queued propagators until none is left (true) or one fails (false).
pub fn propagate(m: &mut Machine, q: &mut Queue) -> Res<bool> {
    while let Some(p) = q.pop() {
        if alive(m, p) && !super::props::run(m, q, p)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// An integer argument of a constraint: small integers only (see
/// tests/KNOWN_DIFFERENCES.md), `type_error(integer, X)` for other terms.
pub fn fd_arg(m: &Machine, c: Cell) -> Res<Fv> {
    let d = m.heap.deref(c);
    match d.tag() {
        INT if super::dom::representable(d.get_int() as i128) => Ok(Fv::Int(d.get_int())),
        REF => Ok(Fv::Var(d.addr())),
        _ if m.heap.number(d).is_some_and(|n| n.is_integer()) => {
            Err(PErr::Representation(Atom::new("clpfd_integer")))
        }
        _ => Err(PErr::Type(atoms::INTEGER, d)),
    }
}
