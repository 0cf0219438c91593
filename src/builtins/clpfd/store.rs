//! The FD store on the heap: where a variable's domain and propagators live,
//! how they change (trailed, so backtracking undoes them) and the propagation
//! queue that runs propagators to a fixpoint.
//!
//! A constrained variable carries the attribute `clpfd` with the value
//! `'$fd'(Dom, Props, Watchers)`: `Dom` is `'$d'(L1, H1, L2, H2, ...)` (the intervals of
//! `dom.rs`, small integers, `INF`/`SUP` for the open ends) or, for a domain
//! with an end outside the small range, `'$D'(L1, H1, ...)` (any integers,
//! the atoms `inf`/`sup` for the open ends); `Props` is the list of its
//! propagators, `Watchers` how many of them act on any domain change (the
//! others only on bindings, `props::wakes_on_bind_only`; with none, a
//! narrowing that binds nothing wakes nobody without walking the list). A propagator is `'$p'(State, Kind, Args...)` (`props.rs`):
//! `State` is 0 while it lives on the fast path, 2 while it lives on the big
//! path (`big.rs`: one of its variables has had a big domain or value) and 1
//! once it is entailed. A fast propagator never sees a `'$D'` domain: a
//! domain becoming big moves its variable's propagators to the big path. Changes assign these
//! cells with value trailing, so the engine's own trail and collector serve the
//! store: nothing lives off the heap between two builtin calls. A variable whose
//! domain becomes one value is bound to it (its `clpfd` attribute dropped first,
//! so only the other attributes' hooks wake).
//!
//! Tested by: tests/clpfd_diff.rs.

use super::dom::{representable, Dom, ZDom, INF, SUP, Z};
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::FastSet;
use num_bigint::BigInt;
use std::cell::RefCell;
use std::collections::{HashSet, VecDeque};

pub fn clpfd_atom() -> Atom {
    atoms::CLPFD
}

/// A propagator or constraint argument: a known integer or an unbound variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fv {
    /// An integer strictly inside the small range (`dom::representable`).
    Int(i64),
    Var(usize),
    /// Any other integer: its (dereferenced) cell, read with `big_value`.
    Big(Cell),
}

/// Propagator states (the first argument of `'$p'`).
pub const FAST: i64 = 0;
pub const DEAD: i64 = 1;
pub const SLOW: i64 = 2;

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
        INT if representable(d.get_int() as i128) => Some(Fv::Int(d.get_int())),
        REF => Some(Fv::Var(d.addr())),
        INT => Some(Fv::Big(d)),
        BOX if m.heap.number(d).is_some_and(|n| n.is_integer()) => Some(Fv::Big(d)),
        _ => None,
    }
}

/// The value of a known integer (`Fv::Int` or `Fv::Big`).
pub fn big_value(m: &Machine, x: Fv) -> Option<BigInt> {
    match x {
        Fv::Int(v) => Some(BigInt::from(v)),
        Fv::Big(c) => m.heap.number(c).and_then(|n| n.to_bigint()),
        Fv::Var(_) => None,
    }
}

/// The FD value of an integer: `Fv::Int` when it fits the small range.
pub fn int_fv(m: &mut Machine, v: &BigInt) -> Fv {
    let c = m.heap.new_bigint(v);
    fv(m, c).unwrap_or(Fv::Int(0))
}

/// `x` as it is now: a variable seen earlier may have been bound since.
pub fn resolve(m: &Machine, x: Fv) -> Fv {
    match x {
        Fv::Var(a) => fv(m, Cell::new_ref(a)).unwrap_or(x),
        _ => x,
    }
}

/// The address of the `'$fd'(Dom, Props, Watchers)` term of the variable at `addr`.
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

fn big_dom_atom() -> Atom {
    Atom::new("$D")
}

/// Is the domain of this `'$fd'` term a `'$D'` one (an end outside the small range)?
pub fn is_big(m: &Machine, fd: usize) -> bool {
    m.heap.get(dom_term_addr(m, fd)).fun_name() != atoms::FD_DOM
}

/// The domain of a `'$fd'` term, small or big.
pub fn read_zdom(m: &Machine, fd: usize) -> ZDom {
    if !is_big(m, fd) {
        return read_dom(m, fd).to_z();
    }
    let d = dom_term_addr(m, fd);
    let n = m.heap.get(d).fun_arity();
    let end = |i: usize| -> Z {
        let c = m.heap.get(d + 1 + i);
        match m.heap.number(c).and_then(|n| n.to_bigint()) {
            Some(v) => Z::Fin(v),
            None if c == Cell::atom(Atom::new("inf")) => Z::Inf,
            None => Z::Sup,
        }
    };
    super::dom::Dom((0..n / 2).map(|i| (end(2 * i), end(2 * i + 1))).collect())
}

/// The small domain of a `'$fd'` term; a big one reads as its widest small
/// cover (an over-approximation, only for readers that need no precision).
pub fn read_dom(m: &Machine, fd: usize) -> Dom {
    let d = dom_term_addr(m, fd);
    if m.heap.get(d).fun_name() != atoms::FD_DOM {
        return Dom::full();
    }
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

/// The intervals of a small `'$d'` domain where they lie on the heap: the
/// address of the first end and the number of intervals (`None` for a big
/// domain). Readers that need no `Dom` value (labeling's sizes, membership
/// tests) read these cells instead of allocating one.
fn small_cells(m: &Machine, fd: usize) -> Option<(usize, usize)> {
    let d = dom_term_addr(m, fd);
    let f = m.heap.get(d);
    (f.fun_name() == atoms::FD_DOM).then(|| (d + 1, f.fun_arity() / 2))
}

/// Does the small domain of `fd` hold `v`? (`None` for a big domain.)
fn small_contains(m: &Machine, fd: usize, v: i64) -> Option<bool> {
    let (a, n) = small_cells(m, fd)?;
    Some(
        (0..n).any(|i| {
            m.heap.get(a + 2 * i).get_int() <= v && v <= m.heap.get(a + 2 * i + 1).get_int()
        }),
    )
}

/// The number of values of `x` on the fast path (`None`: an open end or a big domain).
pub fn small_size(m: &Machine, x: Fv) -> Option<u64> {
    match resolve(m, x) {
        Fv::Int(_) => Some(1),
        Fv::Big(_) => None,
        Fv::Var(addr) => {
            let (a, n) = small_cells(m, fd_of(m, addr)?)?;
            let (lo, hi) = (m.heap.get(a).get_int(), m.heap.get(a + 2 * n - 1).get_int());
            if lo == INF || hi == SUP {
                return None;
            }
            Some(
                (0..n)
                    .map(|i| {
                        (m.heap.get(a + 2 * i + 1).get_int() - m.heap.get(a + 2 * i).get_int())
                            as u64
                            + 1
                    })
                    .sum(),
            )
        }
    }
}

fn read_bounds(m: &Machine, fd: usize) -> (i64, i64) {
    let d = dom_term_addr(m, fd);
    if m.heap.get(d).fun_name() != atoms::FD_DOM {
        return (INF, SUP);
    }
    let n = m.heap.get(d).fun_arity();
    (m.heap.get(d + 1).get_int(), m.heap.get(d + n).get_int())
}

pub fn dom_term(m: &mut Machine, dom: &Dom) -> Cell {
    let cells: smallvec::SmallVec<[Cell; 8]> = dom
        .0
        .iter()
        .flat_map(|&(a, b)| [Cell::small_int(a), Cell::small_int(b)])
        .collect();
    m.heap.new_compound(atoms::FD_DOM, &cells)
}

/// The heap form of any domain: `'$d'` when it is small, `'$D'` otherwise.
pub fn zdom_term(m: &mut Machine, dom: &ZDom) -> Cell {
    if let Some(d) = dom.to_small() {
        return dom_term(m, &d);
    }
    let mut cells = Vec::with_capacity(2 * dom.0.len());
    for end in dom.0.iter().flat_map(|(a, b)| [a, b]) {
        cells.push(match end {
            Z::Inf => Cell::atom(Atom::new("inf")),
            Z::Sup => Cell::atom(Atom::new("sup")),
            Z::Fin(v) => m.heap.new_bigint(v),
        });
    }
    m.heap.new_compound(big_dom_atom(), &cells)
}

/// The domain of a value or variable (all integers for an unconstrained
/// variable) on the fast path, where domains and values are small (a big
/// one reads as all integers).
pub fn dom_of(m: &Machine, x: Fv) -> Dom {
    match resolve(m, x) {
        Fv::Int(v) => Dom::single(v),
        Fv::Var(a) => fd_of(m, a).map_or_else(Dom::full, |fd| read_dom(m, fd)),
        Fv::Big(_) => Dom::full(),
    }
}

/// The domain of any value or variable.
pub fn zdom_of(m: &Machine, x: Fv) -> ZDom {
    match resolve(m, x) {
        Fv::Var(a) => fd_of(m, a).map_or_else(ZDom::full, |fd| read_zdom(m, fd)),
        x => ZDom::single(Z::Fin(big_value(m, x).unwrap_or_default())),
    }
}

/// Does `x` have a big value or domain?
pub fn is_big_fv(m: &Machine, x: Fv) -> bool {
    match resolve(m, x) {
        Fv::Int(_) => false,
        Fv::Big(_) => true,
        Fv::Var(a) => fd_of(m, a).is_some_and(|fd| is_big(m, fd)),
    }
}

pub fn bounds_of(m: &Machine, x: Fv) -> (i64, i64) {
    match resolve(m, x) {
        Fv::Int(v) => (v, v),
        Fv::Var(a) => fd_of(m, a).map_or((INF, SUP), |fd| read_bounds(m, fd)),
        Fv::Big(_) => (INF, SUP),
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
    let f = m
        .heap
        .new_compound(Atom::new("$fd"), &[d, nil, Cell::small_int(0)]);
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
    m.heap.get(p + 1) != Cell::small_int(DEAD)
}

/// Marks a propagator entailed: it never runs again on this branch.
pub fn kill(m: &mut Machine, p: usize) {
    set_cell(m, p + 1, Cell::small_int(DEAD));
}

/// Moves a live propagator to the big path (`big.rs`) for the rest of this branch.
pub fn make_slow(m: &mut Machine, p: usize) {
    if m.heap.get(p + 1) == Cell::small_int(FAST) {
        set_cell(m, p + 1, Cell::small_int(SLOW));
    }
}

pub fn is_slow(m: &Machine, p: usize) -> bool {
    m.heap.get(p + 1) == Cell::small_int(SLOW)
}

/// Queues the live propagators of a variable whose domain changed; `bound`:
/// it now has one value. Propagators that only act on values that became
/// known (`props::wakes_on_bind_only`) sleep through other changes: in
/// N-queens every removed value would otherwise wake all of a queen's
/// disequalities for nothing.
fn schedule(m: &Machine, q: &mut Queue, fd: usize, bound: bool) {
    if !bound && m.heap.get(fd + 3) == Cell::small_int(0) {
        return;
    }
    let mut c = m.heap.deref(m.heap.get(fd + 2));
    while c.tag() == LIS {
        let p = m.heap.deref(m.heap.get(c.addr())).addr();
        if alive(m, p) && (bound || !super::props::wakes_on_bind_only(kind_of(m, p))) {
            q.push(p);
        }
        c = m.heap.deref(m.heap.get(c.addr() + 1));
    }
}

fn kind_of(m: &Machine, p: usize) -> i64 {
    m.heap.get(p + 2).get_int()
}

/// Adds `n` to the watcher count of a `'$fd'` term.
pub fn add_watchers(m: &mut Machine, fd: usize, n: i64) {
    if n != 0 {
        let w = m.heap.get(fd + 3).get_int();
        set_cell(m, fd + 3, Cell::small_int(w + n));
    }
}

/// Narrows `x` to `x ∩ new`: false if that is empty. Changed domains wake
/// their propagators; a single value binds the variable.
pub fn narrow(m: &mut Machine, q: &mut Queue, x: Fv, new: &Dom) -> Res<bool> {
    let x = resolve(m, x);
    match x {
        Fv::Int(v) => Ok(new.contains(v)),
        Fv::Big(_) => narrow_z(m, q, x, &new.to_z()),
        Fv::Var(addr) => {
            let fd = ensure_fd(m, addr);
            if is_big(m, fd) {
                return narrow_z(m, q, x, &new.to_z());
            }
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
        Fv::Big(_) => narrow(m, q, x, &Dom::range(lo, hi)),
        Fv::Var(addr) => {
            let Some(fd) = fd_of(m, addr).filter(|&fd| !is_big(m, fd)) else {
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
        Fv::Big(_) => Ok(true),
        Fv::Var(addr) => {
            let fd = ensure_fd(m, addr);
            match small_contains(m, fd, v) {
                None => return exclude_z(m, q, x, &BigInt::from(v)),
                Some(false) => return Ok(true),
                Some(true) => {}
            }
            let nd = read_dom(m, fd).remove(v);
            if nd.is_empty() {
                return Ok(false);
            }
            update(m, q, addr, fd, &nd);
            Ok(true)
        }
    }
}

fn update(m: &mut Machine, q: &mut Queue, addr: usize, fd: usize, nd: &Dom) {
    if nd.needs_big() {
        return update_z(m, q, addr, fd, &nd.to_z());
    }
    schedule(m, q, fd, nd.value().is_some());
    match nd.value() {
        Some(v) => bind_value(m, addr, v),
        None => {
            let t = dom_term(m, nd);
            set_cell(m, fd + 1, t);
        }
    }
}

/// Narrows `x` to `x ∩ new` for any domain (the big path; `narrow` for small ones).
pub fn narrow_z(m: &mut Machine, q: &mut Queue, x: Fv, new: &ZDom) -> Res<bool> {
    let x = resolve(m, x);
    match x {
        Fv::Var(addr) => {
            let fd = ensure_fd(m, addr);
            let old = read_zdom(m, fd);
            let nd = old.intersect(new);
            if nd.is_empty() {
                return Ok(false);
            }
            if nd != old {
                update_z(m, q, addr, fd, &nd);
            }
            Ok(true)
        }
        _ => Ok(new.contains(Z::Fin(big_value(m, x).unwrap_or_default()))),
    }
}

/// Removes the value `v` (any integer) from `x`.
pub fn exclude_z(m: &mut Machine, q: &mut Queue, x: Fv, v: &BigInt) -> Res<bool> {
    let x = resolve(m, x);
    match x {
        Fv::Var(addr) => {
            let fd = ensure_fd(m, addr);
            let old = read_zdom(m, fd);
            let nd = old.remove(Z::Fin(v.clone()));
            if nd.is_empty() {
                return Ok(false);
            }
            if nd != old {
                update_z(m, q, addr, fd, &nd);
            }
            Ok(true)
        }
        _ => Ok(big_value(m, x).as_ref() != Some(v)),
    }
}

fn update_z(m: &mut Machine, q: &mut Queue, addr: usize, fd: usize, nd: &ZDom) {
    schedule(m, q, fd, true);
    match nd.value() {
        Some(Z::Fin(v)) => {
            crate::builtins::attvar::drop_attr(m, addr, clpfd_atom());
            let c = m.heap.new_bigint(&v);
            m.bind(addr, c);
        }
        _ => {
            let t = zdom_term(m, nd);
            set_cell(m, fd + 1, t);
            if is_big(m, fd) {
                for p in props_of(m, fd) {
                    make_slow(m, p);
                }
            }
        }
    }
}

/// Binds the constrained variable at `addr` to `v`: its `clpfd` attribute is
/// dropped first (the store already knows), the other attributes wake as usual.
fn bind_value(m: &mut Machine, addr: usize, v: i64) {
    // Usually `clpfd` is the only attribute: the chain becomes `[]` at once.
    let atts = m.heap.deref(m.heap.get(addr + 2));
    if atts.tag() == STR
        && m.heap.get(atts.addr() + 1) == Cell::atom(clpfd_atom())
        && m.heap.deref(m.heap.get(atts.addr() + 3)) == Cell::atom(atoms::NIL)
    {
        m.trailed_set(addr + 2, Cell::atom(atoms::NIL));
    } else {
        crate::builtins::attvar::drop_attr(m, addr, clpfd_atom());
    }
    m.bind(addr, Cell::small_int(v));
}

/// Adds propagator `p` to the propagator lists of the distinct variables among `xs`.
pub fn attach(m: &mut Machine, p: Cell, xs: &[Fv]) {
    let mut seen = HashSet::new();
    for &x in xs {
        match resolve(m, x) {
            Fv::Big(_) => make_slow(m, p.addr()),
            Fv::Int(_) => {}
            Fv::Var(a) => {
                if !seen.insert(a) {
                    continue;
                }
                let fd = ensure_fd(m, a);
                if is_big(m, fd) {
                    make_slow(m, p.addr());
                }
                let old = m.heap.get(fd + 2);
                let l = m.heap.new_list(p, old);
                set_cell(m, fd + 2, l);
                if !super::props::wakes_on_bind_only(kind_of(m, p.addr())) {
                    add_watchers(m, fd, 1);
                }
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
        Fv::Big(c) => c,
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

/// An integer or variable argument of a constraint, `type_error(integer, X)` for other terms.
pub fn fd_arg(m: &Machine, c: Cell) -> Res<Fv> {
    fv(m, c).ok_or_else(|| PErr::Type(atoms::INTEGER, m.heap.deref(c)))
}
