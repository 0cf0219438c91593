//! From constraint terms to propagators: arithmetic expressions become a
//! linear sum (`Σ c·x + k`) plus auxiliary variables for the non-linear parts
//! (`X*Y`, `X//Y`, `abs(X)`, ...), each defined by its own propagator, as
//! SWI-Prolog decomposes them; reified formulas (`#<==>`, `#==>`, `#\/`, ...)
//! become 0/1 variables tied by linear propagators. Expressions and formulas
//! are walked with explicit stacks (invariant 1).
//!
//! Tested by: tests/clpfd_diff.rs, tests/prolog/clpfd.pl.

use super::dom::{representable, Dom};
use super::props::*;
use super::store::{self, attach, fd_arg, narrow, new_prop, Fv, Queue};
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::Atom;
use crate::term::cell::*;

/// A linear sum being built: coefficients per variable (first-occurrence order) and a constant.
#[derive(Default)]
pub struct Lin {
    pub terms: Vec<(i128, usize)>,
    pub k: i128,
}

impl Lin {
    fn add_var(&mut self, c: i128, addr: usize) {
        match self.terms.iter_mut().find(|t| t.1 == addr) {
            Some(t) => t.0 += c,
            None => self.terms.push((c, addr)),
        }
    }
}

fn too_big() -> PErr {
    PErr::Representation(Atom::new("clpfd_integer"))
}

fn expr_error(m: &Machine, t: Cell) -> PErr {
    PErr::Domain(Atom::new("clpfd_expression"), m.heap.deref(t))
}

/// Adds `coef · expr` to `lin`; non-linear parts get auxiliary variables whose
/// propagators are queued on `q`.
pub fn linearize(m: &mut Machine, q: &mut Queue, expr: Cell, coef: i128, lin: &mut Lin) -> Res<()> {
    let mut work = vec![(expr, coef)];
    while let Some((t, c)) = work.pop() {
        let t = m.heap.deref(t);
        if !representable(c) {
            return Err(too_big());
        }
        match t.tag() {
            REF => lin.add_var(c, t.addr()),
            INT => lin.k += c * t.get_int() as i128,
            STR => {
                let f = m.heap.get(t.addr());
                let (name, n) = (f.fun_name(), f.fun_arity());
                let a = |i: usize| m.heap.get(t.addr() + 1 + i);
                match (name.name(), n) {
                    ("+", 2) => {
                        work.push((a(1), c));
                        work.push((a(0), c));
                    }
                    ("-", 2) => {
                        work.push((a(1), -c));
                        work.push((a(0), c));
                    }
                    ("-", 1) => work.push((a(0), -c)),
                    ("*", 2) => {
                        let (x, y) = (m.heap.deref(a(0)), m.heap.deref(a(1)));
                        if x.tag() == INT {
                            work.push((y, c * x.get_int() as i128));
                        } else if y.tag() == INT {
                            work.push((x, c * y.get_int() as i128));
                        } else {
                            let z = nonlinear(m, q, TIMES, &[x, y])?;
                            lin.add_var(c, z);
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
                        lin.add_var(c, z);
                    }
                    ("abs", 1) => {
                        let z = nonlinear(m, q, ABS, &[a(0)])?;
                        lin.add_var(c, z);
                    }
                    _ => return Err(expr_error(m, t)),
                }
            }
            _ => {
                return match m.heap.number(t) {
                    Some(n) if n.is_integer() => Err(too_big()),
                    _ => Err(expr_error(m, t)),
                }
            }
        }
    }
    Ok(())
}

/// An operand of a non-linear operation as a variable or integer (an
/// auxiliary variable equal to it when it is an expression).
fn operand(m: &mut Machine, q: &mut Queue, e: Cell) -> Res<Fv> {
    let d = m.heap.deref(e);
    if d.tag() == REF || d.tag() == INT {
        return fd_arg(m, d);
    }
    let mut lin = Lin::default();
    linearize(m, q, d, 1, &mut lin)?;
    let y = m.heap.new_var().addr();
    lin.add_var(-1, y);
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
        return Ok(linear_holds(kind, 0, c));
    }
    if let [(k, x)] = terms[..] {
        let (c, k) = (c as i128, k as i128);
        return match kind {
            LIN_EQ if c % k != 0 => Ok(false),
            LIN_EQ => narrow(m, q, x, &Dom::single((c / k) as i64)),
            LIN_NE if c % k != 0 => Ok(true),
            LIN_NE => store::exclude(m, q, x, (c / k) as i64),
            _ => {
                // k·x ≤ c
                let (lo, hi) = if k > 0 {
                    (super::dom::INF, super::dom::clamp(div_floor(c, k)))
                } else {
                    (super::dom::clamp(div_ceil(c, k)), super::dom::SUP)
                };
                store::narrow_bounds(m, q, x, lo, hi)
            }
        };
    }
    let p = linear_prop(m, kind, c, &terms);
    let xs: Vec<Fv> = terms.iter().map(|t| t.1).collect();
    attach(m, p, &xs);
    q.push(p.addr());
    Ok(true)
}

/// The constant and terms of `Σ c·x + k rel 0` moved to `Σ c·x rel −k`,
/// bound variables folded into the constant, zero coefficients dropped.
pub fn normalize(m: &Machine, lin: Lin) -> Res<(i64, Vec<(i64, Fv)>)> {
    let mut k = lin.k;
    let mut terms = Vec::new();
    for (c, addr) in lin.terms {
        if c == 0 {
            continue;
        }
        match fd_arg(m, Cell::new_ref(addr))? {
            Fv::Int(v) => k += c * v as i128,
            x => {
                if !representable(c) {
                    return Err(too_big());
                }
                terms.push((c as i64, x))
            }
        }
    }
    if !representable(-k) {
        return Err(too_big());
    }
    Ok(((-k) as i64, terms))
}

pub fn linear_prop(m: &mut Machine, kind: i64, c: i64, terms: &[(i64, Fv)]) -> Cell {
    let mut cells = vec![Cell::small_int(c)];
    for &(k, x) in terms {
        cells.push(Cell::small_int(k));
        cells.push(store::fv_cell(x));
    }
    new_prop(m, kind, &cells)
}

/// The linear form of `l rel r` for the relation's name: kind and `Σ` with `Σ rel 0`.
pub fn relation(m: &mut Machine, q: &mut Queue, l: Cell, rel: &str, r: Cell) -> Res<(i64, Lin)> {
    let mut lin = Lin::default();
    let (kind, sign, extra) = match rel {
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
    linearize(m, q, l, sign, &mut lin)?;
    linearize(m, q, r, -sign, &mut lin)?;
    lin.k += extra;
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
                let lin = |ts: &[(i128, Fv)], k: i128| -> LinPost {
                    (
                        Lin {
                            terms: Vec::new(),
                            k,
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
                        add_fv(&mut l, 1, x);
                        add_fv(&mut l, -1, y);
                        let p = reified_prop(m, q, b, kind, l)?;
                        if let Some(p) = p {
                            q.push(p);
                        }
                    }
                    _ => {}
                }
                for (kind, (mut l, ts)) in posts {
                    for (c, v) in ts {
                        add_fv(&mut l, c, v);
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
type LinPost = (Lin, Vec<(i128, Fv)>);

fn add_fv(l: &mut Lin, c: i128, x: Fv) {
    match x {
        Fv::Int(v) => l.k += c * v as i128,
        Fv::Var(a) => l.add_var(c, a),
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
        let v = linear_holds(kind, 0, c) as i64;
        narrow(m, q, b, &Dom::single(v))?;
        return Ok(None);
    }
    let mut cells = vec![store::fv_cell(b), Cell::small_int(kind), Cell::small_int(c)];
    for &(k, x) in &terms {
        cells.push(Cell::small_int(k));
        cells.push(store::fv_cell(x));
    }
    let p = new_prop(m, REIF_LIN, &cells);
    let mut xs: Vec<Fv> = terms.iter().map(|t| t.1).collect();
    xs.push(b);
    attach(m, p, &xs);
    Ok(Some(p.addr()))
}
