//! library(clpfd) natively: the builtins behind `library/clpfd.pl` (posting
//! constraints, labeling steps, reflection, the unification hook, residual
//! goals). The store (domains and propagators, trailed on the heap) is
//! `store.rs`, domains `dom.rs`, expressions `post.rs`, propagators
//! `props.rs`, `global.rs`, `reif.rs`; the big-integer path `big.rs`;
//! residual goals `residual.rs`. The builtins here read domains as `ZDom`
//! (any integers) where a user can see them, so big values need no special case.
//! docs/ARCHITECTURE.md, "Constraints over finite domains".
//!
//! Tested by: tests/clpfd_diff.rs (solution lists against SWI-Prolog),
//! tests/repl_pipe.rs (residual goals), tests/programs_vs_swi.rs
//! (programs/knight_clpfd.pl).

mod big;
mod distinct;
pub mod dom;
mod global;
mod post;
mod props;
mod reif;
mod residual;
pub mod store;

use super::reg_det;
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use dom::{Dom, ZDom, Z};
use num_bigint::BigInt;
use props::*;
use store::{dom_of, fd_arg, fd_of, zdom_of, Fv, Queue};

pub fn register(m: &mut Machine) {
    reg_det(m, "$fd_rel", 3, rel);
    reg_det(m, "$fd_reify", 1, |m| {
        let mut q = Queue::default();
        let b = post::reify(m, &mut q, m.regs[0])?;
        Ok(store::narrow(m, &mut q, b, &Dom::single(1))? && store::propagate(m, &mut q)?)
    });
    reg_det(m, "$fd_in", 2, |m| {
        let d = domain(m, m.regs[1])?;
        let x = fd_arg(m, m.regs[0])?;
        let mut q = Queue::default();
        Ok(store::narrow_z(m, &mut q, x, &d)? && store::propagate(m, &mut q)?)
    });
    reg_det(m, "$fd_ins", 2, |m| {
        let d = domain(m, m.regs[1])?;
        let xs = fd_list(m, m.regs[0])?;
        let mut q = Queue::default();
        for x in xs {
            if !store::narrow_z(m, &mut q, x, &d)? {
                return Ok(false);
            }
        }
        store::propagate(m, &mut q)
    });
    reg_det(m, "$fd_global", 2, global);
    reg_det(m, "$fd_element", 3, element);
    reg_det(m, "$fd_label_check", 1, |m| {
        for x in fd_list(m, m.regs[0])? {
            if let Fv::Var(_) = x {
                if !zdom_of(m, x).is_finite() {
                    return Err(PErr::Instantiation);
                }
            }
        }
        Ok(true)
    });
    reg_det(m, "$fd_select", 4, select);
    reg_det(m, "$fd_first", 3, |m| {
        let x = fd_arg(m, m.regs[0])?;
        let down = m.get_atom(m.regs[1])? == Atom::new("down");
        let t = if store::is_big_fv(m, x) {
            let d = zdom_of(m, x);
            let end = if down { d.hi() } else { d.lo() };
            z_cell(m, &end)
        } else {
            let d = dom_of(m, x);
            Cell::small_int(if down { d.hi() } else { d.lo() })
        };
        Ok(m.unify(m.regs[2], t))
    });
    reg_det(m, "$fd_values", 3, |m| {
        let x = fd_arg(m, m.regs[0])?;
        let mut vs: Vec<Cell> = if store::is_big_fv(m, x) {
            let d = zdom_of(m, x);
            if !d.is_finite() {
                return Err(PErr::Instantiation);
            }
            let mut vs = Vec::new();
            for (a, b) in &d.0 {
                let (Some(a), Some(b)) = (a.fin(), b.fin()) else {
                    continue;
                };
                let mut v = a.clone();
                while &v <= b {
                    vs.push(m.heap.new_bigint(&v));
                    v += 1;
                }
            }
            vs
        } else {
            let d = dom_of(m, x);
            if !d.is_finite() {
                return Err(PErr::Instantiation);
            }
            d.values().map(Cell::small_int).collect()
        };
        if m.get_atom(m.regs[1])? == Atom::new("down") {
            vs.reverse();
        }
        let l = m.make_list(&vs);
        Ok(m.unify(m.regs[2], l))
    });
    reg_det(m, "$fd_mid", 2, |m| {
        let d = zdom_of(m, fd_arg(m, m.regs[0])?);
        let (Some(lo), Some(hi)) = (d.lo().fin().cloned(), d.hi().fin().cloned()) else {
            return Err(PErr::Instantiation);
        };
        let mut mid = num_integer::Integer::div_floor(&(lo + &hi), &BigInt::from(2));
        if mid == hi {
            mid -= 1;
        }
        let t = m.heap.new_bigint(&mid);
        Ok(m.unify(m.regs[1], t))
    });
    reg_det(m, "$fd_assign", 2, |m| {
        let x = fd_arg(m, m.regs[0])?;
        let mut q = Queue::default();
        // Labeling's hot path: a small value narrows through the small domains.
        let ok = match fd_arg(m, m.regs[1])? {
            Fv::Int(v) => store::narrow(m, &mut q, x, &Dom::single(v))?,
            _ => {
                let v = int_arg(m, m.regs[1])?;
                store::narrow_z(m, &mut q, x, &ZDom::single(Z::Fin(v)))?
            }
        };
        Ok(ok && store::propagate(m, &mut q)?)
    });
    reg_det(m, "$fd_exclude", 2, |m| {
        let x = fd_arg(m, m.regs[0])?;
        let mut q = Queue::default();
        let ok = match fd_arg(m, m.regs[1])? {
            Fv::Int(v) => store::exclude(m, &mut q, x, v)?,
            _ => {
                let v = int_arg(m, m.regs[1])?;
                store::exclude_z(m, &mut q, x, &v)?
            }
        };
        Ok(ok && store::propagate(m, &mut q)?)
    });
    reg_det(m, "$fd_dom", 2, |m| {
        let x = fd_arg(m, m.regs[0])?;
        let t = match x {
            Fv::Var(_) => residual::domain_term(m, &zdom_of(m, x)),
            // An integer's domain reads N..N, as in SWI-Prolog.
            _ => {
                let v = store::fv_cell(x);
                m.heap.new_compound(Atom::new(".."), &[v, v])
            }
        };
        Ok(m.unify(m.regs[1], t))
    });
    reg_det(m, "$fd_inf", 2, |m| {
        let d = zdom_of(m, fd_arg(m, m.regs[0])?);
        let t = z_cell(m, &d.lo());
        Ok(m.unify(m.regs[1], t))
    });
    reg_det(m, "$fd_sup", 2, |m| {
        let d = zdom_of(m, fd_arg(m, m.regs[0])?);
        let t = z_cell(m, &d.hi());
        Ok(m.unify(m.regs[1], t))
    });
    reg_det(m, "$fd_size", 2, |m| {
        let d = zdom_of(m, fd_arg(m, m.regs[0])?);
        let t = match d.size() {
            Some(n) => m.heap.new_bigint(&n),
            None => Cell::atom(Atom::new("sup")),
        };
        Ok(m.unify(m.regs[1], t))
    });
    reg_det(m, "$fd_degree", 2, |m| {
        let n = match fd_arg(m, m.regs[0])? {
            Fv::Var(a) => fd_of(m, a).map_or(0, |fd| {
                store::props_of(m, fd)
                    .into_iter()
                    .filter(|&p| store::alive(m, p))
                    .count()
            }),
            _ => 0,
        };
        Ok(m.unify(m.regs[1], Cell::small_int(n as i64)))
    });
    reg_det(m, "$fd_unify", 2, unify_hook);
    reg_det(m, "$fd_goals", 2, |m| {
        let gs = residual::goals(m, m.regs[0]);
        let l = m.make_list(&gs);
        Ok(m.unify(m.regs[1], l))
    });
}

/// A domain end as a term: an integer, `inf` or `sup`.
pub fn z_cell(m: &mut Machine, z: &Z) -> Cell {
    match z {
        Z::Inf => Cell::atom(Atom::new("inf")),
        Z::Sup => Cell::atom(Atom::new("sup")),
        Z::Fin(v) => m.heap.new_bigint(v),
    }
}

/// An integer argument, small or big.
fn int_arg(m: &Machine, c: Cell) -> Res<BigInt> {
    match fd_arg(m, c)? {
        Fv::Var(_) => Err(PErr::Instantiation),
        x => Ok(store::big_value(m, x).unwrap_or_default()),
    }
}

/// A proper list of integers and variables (`type_error(list, L)` otherwise).
fn fd_list(m: &Machine, l: Cell) -> Res<Vec<Fv>> {
    let items = m
        .list_items(l)
        .map_err(|_| PErr::Type(atoms::LIST, m.heap.deref(l)))?;
    items.into_iter().map(|c| fd_arg(m, c)).collect()
}

/// `L Rel R` for Rel one of `=`, `\=`, `<`, `>`, `=<`, `>=`.
fn rel(m: &mut Machine) -> Res {
    let (l, r) = (m.regs[0], m.regs[2]);
    let name = m.get_atom(m.regs[1])?;
    let mut q = Queue::default();
    if name.name() == "\\=" {
        if let Some(res) = absdiff_ne(m, &mut q, l, r)? {
            return Ok(res);
        }
    }
    let (kind, lin) = post::relation(m, &mut q, l, name.name(), r)?;
    // X #= Y on two variables unifies them, as in SWI-Prolog.
    use crate::term::number::Number;
    if kind == LIN_EQ
        && lin.k == Number::Int(0)
        && lin.terms.len() == 2
        && matches!((&lin.terms[0].0, &lin.terms[1].0),
                    (Number::Int(a), Number::Int(b)) if *a == -*b && a.abs() == 1)
    {
        let (a, b) = (lin.terms[0].1, lin.terms[1].1);
        if fd_arg(m, Cell::new_ref(a))? != fd_arg(m, Cell::new_ref(b))? {
            return Ok(store::propagate(m, &mut q)? && m.unify(Cell::new_ref(a), Cell::new_ref(b)));
        }
    }
    Ok(post::post_linear(m, &mut q, kind, lin)? && store::propagate(m, &mut q)?)
}

/// `abs(X - Y) #\\= C` (either side) with X, Y variables or integers and C an
/// integer gets its own propagator; None for any other relation.
fn absdiff_ne(m: &mut Machine, q: &mut Queue, l: Cell, r: Cell) -> Res<Option<bool>> {
    let (e, c) = (m.heap.deref(l), m.heap.deref(r));
    let (e, c) = if c.tag() == INT { (e, c) } else { (c, e) };
    if c.tag() != INT
        || e.tag() != STR
        || m.heap.get(e.addr()) != Cell::functor(Atom::new("abs"), 1)
    {
        return Ok(None);
    }
    let d = m.heap.deref(m.heap.get(e.addr() + 1));
    if d.tag() != STR || m.heap.get(d.addr()) != Cell::functor(Atom::new("-"), 2) {
        return Ok(None);
    }
    let (a, b) = (
        m.heap.deref(m.heap.get(d.addr() + 1)),
        m.heap.deref(m.heap.get(d.addr() + 2)),
    );
    if !matches!(a.tag(), REF | INT) || !matches!(b.tag(), REF | INT) {
        return Ok(None);
    }
    let (x, y, k) = (fd_arg(m, a)?, fd_arg(m, b)?, fd_arg(m, c)?);
    let p = store::new_prop(
        m,
        ABSDIFF_NE,
        &[store::fv_cell(x), store::fv_cell(y), store::fv_cell(k)],
    );
    store::attach(m, p, &[x, y]);
    q.push(p.addr());
    Ok(Some(store::propagate(m, q)?))
}

/// A domain term: `N`, `L..H` (L an integer or `inf`, H an integer or `sup`), `D1 \/ D2`.
fn domain(m: &Machine, t: Cell) -> Res<ZDom> {
    let bad = || PErr::Domain(Atom::new("clpfd_domain"), m.heap.deref(t));
    let int = |c: Cell| -> Option<BigInt> { m.heap.number(c).and_then(|n| n.to_bigint()) };
    let mut out = ZDom::empty();
    let mut work = vec![t];
    while let Some(c) = work.pop() {
        let c = m.heap.deref(c);
        match c.tag() {
            REF => return Err(PErr::Instantiation),
            INT | BOX if int(c).is_some() => {
                out = out.union(&ZDom::single(Z::Fin(int(c).unwrap_or_default())))
            }
            STR => {
                let f = m.heap.get(c.addr());
                let (a, b) = (
                    m.heap.deref(m.heap.get(c.addr() + 1)),
                    m.heap.deref(m.heap.get(c.addr() + 2)),
                );
                match (f.fun_name().name(), f.fun_arity()) {
                    ("\\/", 2) => {
                        work.push(b);
                        work.push(a);
                    }
                    ("..", 2) => {
                        let bound = |x: Cell, open: &str, end: Z| -> Res<Z> {
                            match x.tag() {
                                ATM if x.get_atom().name() == open => Ok(end),
                                REF => Err(PErr::Instantiation),
                                _ => int(x).map(Z::Fin).ok_or_else(bad),
                            }
                        };
                        let lo = bound(a, "inf", Z::Inf)?;
                        let hi = bound(b, "sup", Z::Sup)?;
                        out = out.union(&ZDom::range(lo, hi));
                    }
                    _ => return Err(bad()),
                }
            }
            _ => return Err(bad()),
        }
    }
    Ok(out)
}

/// `'$fd_global'(Kind, Vars)`: all_different, all_distinct, circuit.
fn global(m: &mut Machine) -> Res {
    let kind = match m.get_atom(m.regs[0])?.name() {
        "all_different" => ALLDIFF,
        "all_distinct" => ALLDISTINCT,
        _ => CIRCUIT,
    };
    let xs = fd_list(m, m.regs[1])?;
    let mut q = Queue::default();
    if kind == CIRCUIT {
        let n = xs.len() as i64;
        for (i, &x) in xs.iter().enumerate() {
            if !store::narrow(m, &mut q, x, &Dom::range(1, n))? {
                return Ok(false);
            }
            if n > 1
                && !store::exclude(
                    m,
                    &mut q,
                    store::fv(m, store::fv_cell(x)).unwrap_or(x),
                    i as i64 + 1,
                )?
            {
                return Ok(false);
            }
        }
        if n <= 1 {
            return store::propagate(m, &mut q);
        }
    }
    let xs: Vec<Fv> = xs
        .into_iter()
        .map(|x| store::fv(m, store::fv_cell(x)).unwrap_or(x))
        .collect();
    let cells: Vec<Cell> = xs.iter().map(|&x| store::fv_cell(x)).collect();
    let p = store::new_prop(m, kind, &cells);
    store::attach(m, p, &xs);
    q.push(p.addr());
    store::propagate(m, &mut q)
}

/// `'$fd_element'(I, Xs, V)`.
fn element(m: &mut Machine) -> Res {
    let i = fd_arg(m, m.regs[0])?;
    let xs = fd_list(m, m.regs[1])?;
    let v = fd_arg(m, m.regs[2])?;
    let mut cells = vec![store::fv_cell(i), store::fv_cell(v)];
    cells.extend(xs.iter().map(|&x| store::fv_cell(x)));
    let p = store::new_prop(m, ELEMENT, &cells);
    let mut all = vec![i, v];
    all.extend(xs);
    store::attach(m, p, &all);
    let mut q = Queue::default();
    q.push(p.addr());
    store::propagate(m, &mut q)
}

/// `'$fd_select'(Vars, Strategy, Var, Rest)`: the variable labeling takes
/// next (fails when all are bound) and the others, in order, without it.
fn select(m: &mut Machine) -> Res {
    let strategy = m.get_atom(m.regs[1])?;
    let items = m
        .list_items(m.regs[0])
        .map_err(|_| PErr::Type(atoms::LIST, m.heap.deref(m.regs[0])))?;
    let vars: Vec<Cell> = items
        .into_iter()
        .map(|c| m.heap.deref(c))
        .filter(|c| c.tag() == REF)
        .collect();
    if vars.is_empty() {
        return Ok(false);
    }
    let name = strategy.name();
    let key = |m: &Machine, c: Cell| -> (i128, i128) {
        let x = Fv::Var(c.addr());
        if store::is_big_fv(m, x) {
            return big_key(m, x, strategy);
        }
        // Read from the heap cells: this runs for every variable on every step.
        let size = || store::small_size(m, x).unwrap_or(u64::MAX) as i128;
        match name {
            "ff" => (size(), 0),
            "ffc" => {
                let degree = fd_of(m, c.addr()).map_or(0, |fd| {
                    store::props_of(m, fd)
                        .into_iter()
                        .filter(|&p| store::alive(m, p))
                        .count()
                });
                (size(), -(degree as i128))
            }
            "min" => (store::bounds_of(m, x).0 as i128, 0),
            "max" => (-(store::bounds_of(m, x).1 as i128), 0),
            _ => (0, 0),
        }
    };
    let mut best = 0;
    if name != "leftmost" {
        let mut bk = key(m, vars[0]);
        for (i, &c) in vars.iter().enumerate().skip(1) {
            // An unbound variable has two values at least: ff takes the first with two.
            if name == "ff" && bk.0 <= 2 {
                break;
            }
            let k = key(m, c);
            if k < bk {
                bk = k;
                best = i;
            }
        }
    }
    let var = vars[best];
    let rest: Vec<Cell> = vars.iter().copied().filter(|&c| c != var).collect();
    let l = m.make_list(&rest);
    Ok(m.unify(m.regs[2], var) && m.unify(m.regs[3], l))
}

/// The labeling order key of a variable with a big domain: numbers past
/// i128 compare as its ends (ties then go by position).
fn big_key(m: &Machine, x: Fv, strategy: Atom) -> (i128, i128) {
    use num_traits::ToPrimitive;
    let d = zdom_of(m, x);
    let clamp = |z: Z| match z {
        Z::Inf => i128::MIN,
        Z::Sup => i128::MAX,
        Z::Fin(v) => v
            .to_i128()
            .unwrap_or(if v.sign() == num_bigint::Sign::Minus {
                i128::MIN
            } else {
                i128::MAX
            }),
    };
    match strategy.name() {
        "ff" | "ffc" => (d.size().and_then(|n| n.to_i128()).unwrap_or(i128::MAX), 0),
        "min" => (clamp(d.lo()), 0),
        "max" => (clamp(d.hi()).saturating_neg(), 0),
        _ => (0, 0),
    }
}

/// `'$fd_unify'(Attr, Other)`: a constrained variable (its attribute `Attr`)
/// was bound to `Other`.
fn unify_hook(m: &mut Machine) -> Res {
    let attr = m.heap.deref(m.regs[0]);
    if attr.tag() != STR {
        return Ok(true);
    }
    let fd = attr.addr();
    let other = m.heap.deref(m.regs[1]);
    let d = store::read_zdom(m, fd);
    let mut q = Queue::default();
    let schedule_all = |m: &Machine, q: &mut Queue, fd: usize| {
        for p in store::props_of(m, fd) {
            if store::alive(m, p) {
                q.push(p);
            }
        }
    };
    match store::fv(m, other) {
        Some(x @ (Fv::Int(_) | Fv::Big(_))) => {
            if !d.contains(Z::Fin(store::big_value(m, x).unwrap_or_default())) {
                return Ok(false);
            }
            schedule_all(m, &mut q, fd);
            store::propagate(m, &mut q)
        }
        Some(Fv::Var(addr)) => {
            let ofd = store::ensure_fd(m, addr);
            // Merge: the other variable keeps both propagator lists and the common domain.
            let mut props = store::props_of(m, fd);
            props.extend(store::props_of(m, ofd));
            let cells: Vec<Cell> = props.iter().map(|&p| Cell::str_ptr(p)).collect();
            let l = m.make_list(&cells);
            store::set_cell(m, ofd + 2, l);
            let w = m.heap.get(fd + 3).get_int();
            store::add_watchers(m, ofd, w);
            schedule_all(m, &mut q, ofd);
            Ok(store::narrow_z(m, &mut q, Fv::Var(addr), &d)? && store::propagate(m, &mut q)?)
        }
        None => Err(PErr::Type(atoms::INTEGER, other)),
    }
}
