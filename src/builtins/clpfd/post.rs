//! From constraint terms to propagators: arithmetic expressions become a
//! linear sum (`Σ c·x + k`) plus auxiliary variables for the non-linear parts
//! (`X*Y`, `X//Y`, `abs(X)`, ...), each defined by its own propagator, as
//! SWI-Prolog decomposes them; reified formulas (`#<==>`, `#==>`, `#\/`, ...)
//! become 0/1 variables tied by linear propagators. Expressions and formulas
//! are walked with explicit stacks (invariant 1). Coefficients and constants
//! are `Number`s (inline `i64`, promoted to big integers, never wrapped); a
//! constraint whose numbers leave the small range is posted for the big path.
//!
//! Tested by: tests/clpfd_diff.rs.

use super::dom::{representable, Dom};
use super::props::*;
use super::store::{self, attach, fd_arg, narrow, new_prop, Fv, Queue};
use crate::arith::int_ops;
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::Atom;
use crate::term::cell::*;
use crate::term::number::Number;

/// A linear sum being built: coefficients per variable (first-occurrence order) and a constant.
pub struct Lin {
    pub terms: Vec<(Number, usize)>,
    pub k: Number,
}

impl Default for Lin {
    fn default() -> Lin {
        Lin {
            terms: Vec::new(),
            k: Number::Int(0),
        }
    }
}

impl Lin {
    fn add_var(&mut self, c: Number, addr: usize) -> Res<()> {
        match self.terms.iter_mut().find(|t| t.1 == addr) {
            Some(t) => t.0 = add(&t.0, &c)?,
            None => self.terms.push((c, addr)),
        }
        Ok(())
    }

    fn add_const(&mut self, c: &Number) -> Res<()> {
        self.k = add(&self.k, c)?;
        Ok(())
    }
}

/// Integer sum and product, exact (big integers past i64).
pub fn add(a: &Number, b: &Number) -> Res<Number> {
    int_ops::add(a, b).map_err(|_| PErr::Resource(Atom::new("memory")))
}

pub fn mul(a: &Number, b: &Number) -> Res<Number> {
    int_ops::mul(a, b).map_err(|_| PErr::Resource(Atom::new("memory")))
}

/// A small-range integer as i64 (`None` for one the fast path cannot hold).
pub fn small(n: &Number) -> Option<i64> {
    match n {
        Number::Int(v) if representable(*v as i128) => Some(*v),
        _ => None,
    }
}

fn expr_error(m: &Machine, t: Cell) -> PErr {
    PErr::Domain(Atom::new("clpfd_expression"), m.heap.deref(t))
}

/// Adds `coef · expr` to `lin`; non-linear parts get auxiliary variables whose
/// propagators are queued on `q`.
pub fn linearize(
    m: &mut Machine,
    q: &mut Queue,
    expr: Cell,
    coef: Number,
    lin: &mut Lin,
) -> Res<()> {
    let mut work = vec![(expr, coef)];
    while let Some((t, c)) = work.pop() {
        let t = m.heap.deref(t);
        match t.tag() {
            REF => lin.add_var(c, t.addr())?,
            STR => {
                let f = m.heap.get(t.addr());
                let (name, n) = (f.fun_name(), f.fun_arity());
                let a = |i: usize| m.heap.get(t.addr() + 1 + i);
                match (name.name(), n) {
                    ("+", 2) => {
                        work.push((a(1), c.clone()));
                        work.push((a(0), c));
                    }
                    ("-", 2) => {
                        work.push((a(1), -c.clone()));
                        work.push((a(0), c));
                    }
                    ("-", 1) => work.push((a(0), -c)),
                    ("*", 2) => {
                        let (x, y) = (m.heap.deref(a(0)), m.heap.deref(a(1)));
                        if let Some(k) = int_of(m, x) {
                            work.push((y, mul(&c, &k)?));
                        } else if let Some(k) = int_of(m, y) {
                            work.push((x, mul(&c, &k)?));
                        } else {
                            let z = nonlinear(m, q, TIMES, &[x, y])?;
                            lin.add_var(c, z)?;
                        }
                    }
                    ("//", 2)
                    | ("div", 2)
                    | ("mod", 2)
                    | ("rem", 2)
                    | ("min", 2)
                    | ("max", 2)
                    | ("^", 2) => {
                        let kind = match name.name() {
                            "//" | "div" => DIV,
                            "mod" => MOD,
                            "rem" => REM,
                            "min" => MIN,
                            "max" => MAX,
                            _ => POW,
                        };
                        let z = nonlinear(m, q, kind, &[a(0), a(1)])?;
                        lin.add_var(c, z)?;
                    }
                    ("abs", 1) => {
                        let z = nonlinear(m, q, ABS, &[a(0)])?;
                        lin.add_var(c, z)?;
                    }
                    _ => return Err(expr_error(m, t)),
                }
            }
            _ => match int_of(m, t) {
                Some(n) => lin.add_const(&mul(&c, &n)?)?,
                None => return Err(expr_error(m, t)),
            },
        }
    }
    Ok(())
}

/// The integer a cell holds, small or big.
fn int_of(m: &Machine, c: Cell) -> Option<Number> {
    let c = m.heap.deref(c);
    if c.tag() == INT {
        return Some(Number::Int(c.get_int()));
    }
    m.heap.number(c).filter(|n| n.is_integer())
}

/// An operand of a non-linear operation as a variable or integer (an
/// auxiliary variable equal to it when it is an expression).
fn operand(m: &mut Machine, q: &mut Queue, e: Cell) -> Res<Fv> {
    let d = m.heap.deref(e);
    if d.tag() == REF || int_of(m, d).is_some() {
        return fd_arg(m, d);
    }
    let mut lin = Lin::default();
    linearize(m, q, d, Number::Int(1), &mut lin)?;
    let y = m.heap.new_var().addr();
    lin.add_var(Number::Int(-1), y)?;
    post_linear(m, q, LIN_EQ, lin)?;
    Ok(Fv::Var(y))
}

/// A fresh variable defined as `op(args)`: its address.
fn nonlinear(m: &mut Machine, q: &mut Queue, kind: i64, args: &[Cell]) -> Res<usize> {
    let mut cells = Vec::with_capacity(3);
    let mut fvs = Vec::with_capacity(3);
    for &e in args {
        let x = operand(m, q, e)?;
        fvs.push(x);
        cells.push(store::fv_cell(x));
    }
    let z = m.heap.new_var();
    fvs.push(Fv::Var(z.addr()));
    cells.push(z);
    let p = new_prop(m, kind, &cells);
    attach(m, p, &fvs);
    q.push(p.addr());
    Ok(z.addr())
}

/// Posts `Σ c·x + k  rel  0` (`rel` one of LIN_EQ, LIN_NE, LIN_LE): a single
/// variable narrows its domain at once, otherwise a propagator is queued.
/// Returns false if the constraint already fails.
pub fn post_linear(m: &mut Machine, q: &mut Queue, kind: i64, lin: Lin) -> Res<bool> {
    let (c, terms) = normalize(m, lin)?;
    if terms.is_empty() {
        return Ok(super::big::holds(kind, &Number::Int(0), &c));
    }
    let small_terms: Option<Vec<(i64, Fv)>> =
        terms.iter().map(|(k, x)| Some((small(k)?, *x))).collect();
    let (Some(c_small), Some(small_terms)) = (small(&c), small_terms) else {
        // Numbers past the small range: the propagator runs on the big path.
        return Ok(post_slow(m, q, kind, &c, &terms));
    };
    if let [(k, x)] = small_terms[..] {
        let (cs, k) = (c_small as i128, k as i128);
        let (lo, hi) = (super::dom::INF as i128, super::dom::SUP as i128);
        match kind {
            LIN_EQ if cs % k != 0 => return Ok(false),
            LIN_NE if cs % k != 0 => return Ok(true),
            LIN_EQ if representable(cs / k) => {
                return narrow(m, q, x, &Dom::single((cs / k) as i64))
            }
            LIN_NE if representable(cs / k) => return store::exclude(m, q, x, (cs / k) as i64),
            // k·x ≤ c: a bound past the other end needs a big domain.
            LIN_LE if k > 0 && div_floor(cs, k) > lo => {
                let hi = super::dom::clamp(div_floor(cs, k));
                return store::narrow_bounds(m, q, x, super::dom::INF, hi);
            }
            LIN_LE if k < 0 && div_ceil(cs, k) < hi => {
                let lo = super::dom::clamp(div_ceil(cs, k));
                return store::narrow_bounds(m, q, x, lo, super::dom::SUP);
            }
            _ => return Ok(post_slow(m, q, kind, &c, &terms)),
        }
    }
    let p = linear_prop(m, kind, &c, &terms);
    let xs: Vec<Fv> = terms.iter().map(|t| t.1).collect();
    attach(m, p, &xs);
    q.push(p.addr());
    Ok(true)
}

/// Posts `Σ k·x rel c` as a propagator of the big path.
fn post_slow(
    m: &mut Machine,
    q: &mut Queue,
    kind: i64,
    c: &Number,
    terms: &[(Number, Fv)],
) -> bool {
    let p = linear_prop(m, kind, c, terms);
    let xs: Vec<Fv> = terms.iter().map(|t| t.1).collect();
    attach(m, p, &xs);
    store::make_slow(m, p.addr());
    q.push(p.addr());
    true
}

/// The constant and terms of `Σ c·x + k rel 0` moved to `Σ c·x rel −k`,
/// bound variables folded into the constant, zero coefficients dropped.
pub fn normalize(m: &Machine, lin: Lin) -> Res<(Number, Vec<(Number, Fv)>)> {
    let mut k = lin.k;
    let mut terms = Vec::new();
    for (c, addr) in lin.terms {
        if c == Number::Int(0) {
            continue;
        }
        match fd_arg(m, Cell::new_ref(addr))? {
            Fv::Var(a) => terms.push((c, Fv::Var(a))),
            x => {
                let v = Number::from_big(store::big_value(m, x).unwrap_or_default());
                k = add(&k, &mul(&c, &v)?)?;
            }
        }
    }
    Ok((-k, terms))
}

pub fn linear_prop(m: &mut Machine, kind: i64, c: &Number, terms: &[(Number, Fv)]) -> Cell {
    let mut cells = vec![m.heap.new_number(c)];
    for (k, x) in terms {
        cells.push(m.heap.new_number(k));
        cells.push(store::fv_cell(*x));
    }
    new_prop(m, kind, &cells)
}

/// The linear form of `l rel r` for the relation's name: kind and `Σ` with `Σ rel 0`.
pub fn relation(m: &mut Machine, q: &mut Queue, l: Cell, rel: &str, r: Cell) -> Res<(i64, Lin)> {
    let mut lin = Lin::default();
    let (kind, sign, extra): (i64, i64, i64) = match rel {
        "=" => (LIN_EQ, 1, 0),
        "\\=" => (LIN_NE, 1, 0),
        "=<" => (LIN_LE, 1, 0),
        "<" => (LIN_LE, 1, 1),
        ">=" => (LIN_LE, -1, 0),
        ">" => (LIN_LE, -1, 1),
        _ => {
            return Err(PErr::Domain(
                Atom::new("clpfd_relation"),
                Cell::atom(Atom::new(rel)),
            ))
        }
    };
    linearize(m, q, l, Number::Int(sign), &mut lin)?;
    linearize(m, q, r, Number::Int(-sign), &mut lin)?;
    lin.add_const(&Number::Int(extra))?;
    Ok((kind, lin))
}

/// The reified formula `f` (`#<==>`, `#==>`, `#<==`, `#\/`, `#/\`, `#\` over
/// 0/1 variables, integers 0 and 1 and arithmetic relations): a 0/1 value
/// that is 1 exactly when it holds.
pub fn reify(m: &mut Machine, q: &mut Queue, f: Cell) -> Res<Fv> {
    enum Step {
        Enter(Cell),
        Combine(&'static str),
    }
    let mut work = vec![Step::Enter(f)];
    let mut vals: Vec<Fv> = Vec::new();
    while let Some(step) = work.pop() {
        match step {
            Step::Enter(t) => {
                let t = m.heap.deref(t);
                match t.tag() {
                    REF => {
                        let x = Fv::Var(t.addr());
                        if !narrow(m, q, x, &Dom::range(0, 1))? {
                            return Ok(Fv::Int(-1));
                        }
                        vals.push(store::fv(m, t).unwrap_or(x));
                    }
                    INT if (0..=1).contains(&t.get_int()) => vals.push(Fv::Int(t.get_int())),
                    STR => {
                        let fun = m.heap.get(t.addr());
                        let a = |i: usize| m.heap.get(t.addr() + 1 + i);
                        match (fun.fun_name().name(), fun.fun_arity()) {
                            ("#\\", 1) => {
                                work.push(Step::Combine("not"));
                                work.push(Step::Enter(a(0)));
                            }
                            (op @ ("#<==>" | "#==>" | "#<==" | "#\\/" | "#/\\" | "#\\"), 2) => {
                                work.push(Step::Combine(match op {
                                    "#<==>" => "equiv",
                                    "#==>" => "impl",
                                    "#<==" => "rimpl",
                                    "#\\/" => "or",
                                    "#/\\" => "and",
                                    _ => "xor",
                                }));
                                work.push(Step::Enter(a(1)));
                                work.push(Step::Enter(a(0)));
                            }
                            (rel @ ("#=" | "#\\=" | "#=<" | "#<" | "#>=" | "#>"), 2) => {
                                let (kind, lin) = relation(m, q, a(0), &rel[1..], a(1))?;
                                let b = reified_linear_post(m, q, kind, lin)?;
                                vals.push(b);
                            }
                            _ => {
                                return Err(PErr::Domain(
                                    Atom::new("clpfd_reifiable_expression"),
                                    t,
                                ))
                            }
                        }
                    }
                    _ => return Err(PErr::Domain(Atom::new("clpfd_reifiable_expression"), t)),
                }
            }
            Step::Combine(op) => {
                let b = Fv::Var(m.heap.new_var().addr());
                narrow(m, q, b, &Dom::range(0, 1))?;
                let b = store::fv(m, store::fv_cell(b)).unwrap_or(b);
                let y = if op == "not" { None } else { vals.pop() };
                let x = vals.pop().unwrap_or(Fv::Int(0));
                let lin = |ts: &[(i64, Fv)], k: i64| -> LinPost {
                    (
                        Lin {
                            terms: Vec::new(),
                            k: Number::Int(k),
                        },
                        ts.to_vec(),
                    )
                };
                let mut posts: Vec<(i64, LinPost)> = Vec::new();
                match (op, y) {
                    ("not", _) => posts.push((LIN_EQ, lin(&[(1, b), (1, x)], -1))),
                    ("and", Some(y)) => {
                        posts.push((LIN_LE, lin(&[(1, b), (-1, x)], 0)));
                        posts.push((LIN_LE, lin(&[(1, b), (-1, y)], 0)));
                        posts.push((LIN_LE, lin(&[(1, x), (1, y), (-1, b)], -1)));
                    }
                    ("or", Some(y)) => {
                        posts.push((LIN_LE, lin(&[(1, x), (-1, b)], 0)));
                        posts.push((LIN_LE, lin(&[(1, y), (-1, b)], 0)));
                        posts.push((LIN_LE, lin(&[(1, b), (-1, x), (-1, y)], 0)));
                    }
                    ("impl" | "rimpl", Some(y)) => {
                        let (x, y) = if op == "impl" { (x, y) } else { (y, x) };
                        // b = ¬x ∨ y
                        posts.push((LIN_LE, lin(&[(-1, x), (-1, b)], 1)));
                        posts.push((LIN_LE, lin(&[(1, y), (-1, b)], 0)));
                        posts.push((LIN_LE, lin(&[(1, b), (1, x), (-1, y)], -1)));
                    }
                    (_, Some(y)) => {
                        let kind = if op == "equiv" { LIN_EQ } else { LIN_NE };
                        let mut l = Lin::default();
                        add_fv(m, &mut l, 1, x)?;
                        add_fv(m, &mut l, -1, y)?;
                        let p = reified_prop(m, q, b, kind, l)?;
                        if let Some(p) = p {
                            q.push(p);
                        }
                    }
                    _ => {}
                }
                for (kind, (mut l, ts)) in posts {
                    for (c, v) in ts {
                        add_fv(m, &mut l, c, v)?;
                    }
                    if !post_linear(m, q, kind, l)? {
                        return Ok(Fv::Int(-1));
                    }
                }
                vals.push(store::fv(m, store::fv_cell(b)).unwrap_or(b));
            }
        }
    }
    Ok(vals.pop().unwrap_or(Fv::Int(-1)))
}

/// A linear constraint to post: the constant part and its terms.
type LinPost = (Lin, Vec<(i64, Fv)>);

fn add_fv(m: &Machine, l: &mut Lin, c: i64, x: Fv) -> Res<()> {
    match x {
        Fv::Var(a) => l.add_var(Number::Int(c), a),
        _ => {
            let v = Number::from_big(store::big_value(m, x).unwrap_or_default());
            l.add_const(&mul(&Number::Int(c), &v)?)
        }
    }
}

/// A fresh 0/1 variable reifying `lin rel 0`.
fn reified_linear_post(m: &mut Machine, q: &mut Queue, kind: i64, lin: Lin) -> Res<Fv> {
    let b = Fv::Var(m.heap.new_var().addr());
    narrow(m, q, b, &Dom::range(0, 1))?;
    if let Some(p) = reified_prop(m, q, b, kind, lin)? {
        q.push(p);
    }
    Ok(store::fv(m, store::fv_cell(b)).unwrap_or(b))
}

/// The propagator `b ⇔ (lin rel 0)` (not queued), or None when the
/// relation is already decided (then `b` is set).
fn reified_prop(m: &mut Machine, q: &mut Queue, b: Fv, kind: i64, lin: Lin) -> Res<Option<usize>> {
    let (c, terms) = normalize(m, lin)?;
    if terms.is_empty() {
        let v = super::big::holds(kind, &Number::Int(0), &c) as i64;
        narrow(m, q, b, &Dom::single(v))?;
        return Ok(None);
    }
    let mut cells = vec![
        store::fv_cell(b),
        Cell::small_int(kind),
        m.heap.new_number(&c),
    ];
    for (k, x) in &terms {
        cells.push(m.heap.new_number(k));
        cells.push(store::fv_cell(*x));
    }
    let p = new_prop(m, REIF_LIN, &cells);
    let mut xs: Vec<Fv> = terms.iter().map(|t| t.1).collect();
    xs.push(b);
    attach(m, p, &xs);
    Ok(Some(p.addr()))
}
