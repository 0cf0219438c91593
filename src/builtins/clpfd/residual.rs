//! What a constrained variable looks like to the user: domains in SWI-Prolog's
//! notation (`1..3\/5`, `inf..0`) and the residual goals of its domain and
//! live propagators (`X in 1..3`, `X#=Y+1`, `all_different([X,Y])`).
//!
//! Tested by: tests/clpfd_diff.rs (fd_dom/2), tests/repl_pipe.rs (top-level answers).

use super::dom::ZDom;
use super::props::*;
use super::store::{self, fd_of, Fv};
use crate::engine::Machine;
use crate::term::atom::Atom;
use crate::term::cell::*;
use num_bigint::BigInt;

/// `1..3\/5\/7..sup` (left-nested `\/`; one value as itself).
pub fn domain_term(m: &mut Machine, d: &ZDom) -> Cell {
    let mut acc: Option<Cell> = None;
    for (a, b) in &d.0 {
        let part = if a == b {
            super::z_cell(m, a)
        } else {
            let (a, b) = (super::z_cell(m, a), super::z_cell(m, b));
            m.heap.new_compound(Atom::new(".."), &[a, b])
        };
        acc = Some(match acc {
            None => part,
            Some(l) => m.heap.new_compound(Atom::new("\\/"), &[l, part]),
        });
    }
    acc.unwrap_or_else(|| {
        // The empty domain never reaches the user (narrowing to it fails).
        m.heap
            .new_compound(Atom::new(".."), &[Cell::small_int(1), Cell::small_int(0)])
    })
}

/// The residual goals of the variable `v`: its domain, then its live propagators.
pub fn goals(m: &mut Machine, v: Cell) -> Vec<Cell> {
    let d = m.heap.deref(v);
    let Some(fd) = (d.tag() == REF).then(|| fd_of(m, d.addr())).flatten() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let dom = store::read_zdom(m, fd);
    if dom != ZDom::full() {
        let t = domain_term(m, &dom);
        out.push(m.heap.new_compound(Atom::new("in"), &[d, t]));
    }
    for p in store::props_of(m, fd) {
        if store::alive(m, p) {
            if let Some(g) = prop_goal(m, p) {
                out.push(g);
            }
        }
    }
    out
}

fn op(m: &mut Machine, name: &str, args: &[Cell]) -> Cell {
    m.heap.new_compound(Atom::new(name), args)
}

fn arg_cell(m: &Machine, p: usize, i: usize) -> Cell {
    m.heap.get(p + 3 + i)
}

fn prop_goal(m: &mut Machine, p: usize) -> Option<Cell> {
    let n = arity(m, p);
    let a: Vec<Cell> = (0..n).map(|i| arg_cell(m, p, i)).collect();
    let k = kind(m, p);
    Some(match k {
        LIN_EQ | LIN_NE | LIN_LE => {
            let xs: Vec<Fv> = (0..n).map(|i| arg(m, p, i)).collect::<Option<_>>()?;
            let (c, terms) = goal_terms(m, &xs);
            linear_goal(m, k, c, &terms)
        }
        REIF_LIN => {
            let xs: Vec<Fv> = (0..n).map(|i| arg(m, p, i)).collect::<Option<_>>()?;
            let kind = a[1].get_int();
            let (c, terms) = goal_terms(m, &xs[2..]);
            let g = linear_goal(m, kind, c, &terms);
            op(m, "#<==>", &[g, a[0]])
        }
        TIMES | DIV | MOD | REM | POW => {
            let name = match k {
                TIMES => "*",
                DIV => "//",
                MOD => "mod",
                REM => "rem",
                _ => "^",
            };
            let e = op(m, name, &[a[0], a[1]]);
            op(m, "#=", &[e, a[2]])
        }
        MIN | MAX => {
            let e = op(m, if k == MIN { "min" } else { "max" }, &[a[0], a[1]]);
            op(m, "#=", &[a[2], e])
        }
        ABSDIFF_NE => {
            let d = op(m, "-", &[a[0], a[1]]);
            let e = op(m, "abs", &[d]);
            op(m, "#\\=", &[e, a[2]])
        }
        ABS => {
            let e = op(m, "abs", &[a[0]]);
            op(m, "#=", &[a[1], e])
        }
        ALLDIFF | ALLDISTINCT | CIRCUIT => {
            let l = m.make_list(&a);
            let name = match k {
                ALLDIFF => "all_different",
                ALLDISTINCT => "all_distinct",
                _ => "circuit",
            };
            op(m, name, &[l])
        }
        ELEMENT => {
            let l = m.make_list(&a[2..]);
            op(m, "element", &[a[0], l, a[1]])
        }
        _ => return None,
    })
}

/// The constant and terms of a linear propagator's arguments (variables
/// unified since posting merged, as the propagator sees them).
fn goal_terms(m: &Machine, xs: &[Fv]) -> (BigInt, Vec<(BigInt, Fv)>) {
    if xs.iter().all(|x| !matches!(x, Fv::Big(_))) {
        let (c, terms) = linear_args(xs);
        return (
            c.into(),
            terms.into_iter().map(|(k, x)| (k.into(), x)).collect(),
        );
    }
    let int = |x: Fv| store::big_value(m, x).unwrap_or_default();
    let terms = xs[1..]
        .chunks(2)
        .map(|pair| (int(pair[0]), pair[1]))
        .collect();
    (int(xs[0]), terms)
}

/// `Σ c·x rel C` written with positive coefficients on both sides:
/// `X+2*Y#=Z+3`, `X#=<Y+ -1`.
fn linear_goal(m: &mut Machine, kind: i64, c: BigInt, terms: &[(BigInt, Fv)]) -> Cell {
    let zero = BigInt::from(0);
    let mut pos: Vec<(BigInt, Fv)> = terms.iter().filter(|t| t.0 > zero).cloned().collect();
    let mut neg: Vec<(BigInt, Fv)> = terms
        .iter()
        .filter(|t| t.0 < zero)
        .map(|(k, x)| (-k, *x))
        .collect();
    let mut c = c;
    let mut flipped = false;
    if pos.is_empty() {
        std::mem::swap(&mut pos, &mut neg);
        c = -c;
        flipped = true;
    }
    let lhs = sum(m, &pos).unwrap_or(Cell::small_int(0));
    let c_cell = m.heap.new_bigint(&c);
    let rhs = match sum(m, &neg) {
        None => c_cell,
        Some(s) if c == zero => s,
        Some(s) => op(m, "+", &[s, c_cell]),
    };
    let name = match kind {
        LIN_EQ => "#=",
        LIN_NE => "#\\=",
        _ if flipped => "#>=",
        _ => "#=<",
    };
    op(m, name, &[lhs, rhs])
}

fn sum(m: &mut Machine, terms: &[(BigInt, Fv)]) -> Option<Cell> {
    let mut acc: Option<Cell> = None;
    for (k, x) in terms {
        let x = store::fv_cell(*x);
        let t = if *k == BigInt::from(1) {
            x
        } else {
            let k = m.heap.new_bigint(k);
            op(m, "*", &[k, x])
        };
        acc = Some(match acc {
            None => t,
            Some(l) => op(m, "+", &[l, t]),
        });
    }
    acc
}
