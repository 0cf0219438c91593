//! Reified linear relations: `B ⇔ (Σ c·x rel C)` with B a 0/1 variable. Once B
//! is known the relation (or its negation) is posted as an ordinary linear
//! propagator; once the bounds decide the relation, B is set.
//!
//! Tested by: tests/clpfd_diff.rs (the `#<==>` family).

use super::dom::Dom;
use super::props::{linear_args, linear_status, LIN_EQ, LIN_LE, LIN_NE};
use super::store::{attach, kill, narrow, Fv, Queue};
use crate::engine::error::Res;
use crate::engine::Machine;

/// Args: `B, Kind, C, c1, x1, ...`.
pub fn reified_linear(m: &mut Machine, q: &mut Queue, p: usize, xs: &[Fv]) -> Res<bool> {
    let b = xs[0];
    let kind = match xs[1] {
        Fv::Int(k) => k,
        _ => return Ok(true),
    };
    let (c, terms) = linear_args(&xs[2..]);
    match b {
        Fv::Int(1) => {
            kill(m, p);
            post(m, q, kind, c, &terms)
        }
        Fv::Int(0) => {
            kill(m, p);
            // The negation: = ↔ ≠, and Σ ≤ C ↔ −Σ ≤ −C − 1.
            match kind {
                LIN_EQ => post(m, q, LIN_NE, c, &terms),
                LIN_NE => post(m, q, LIN_EQ, c, &terms),
                _ => {
                    let neg: Vec<(i64, Fv)> = terms.iter().map(|&(k, x)| (-k, x)).collect();
                    post(m, q, LIN_LE, -c - 1, &neg)
                }
            }
        }
        Fv::Int(_) | Fv::Big(_) => Ok(false),
        Fv::Var(_) => match linear_status(m, kind, c, &terms) {
            Some(holds) => {
                kill(m, p);
                narrow(m, q, b, &Dom::single(holds as i64))
            }
            None => Ok(true),
        },
    }
}

fn post(m: &mut Machine, q: &mut Queue, kind: i64, c: i64, terms: &[(i64, Fv)]) -> Res<bool> {
    use crate::term::number::Number;
    let terms: Vec<(Number, Fv)> = terms.iter().map(|&(k, x)| (Number::Int(k), x)).collect();
    let p = super::post::linear_prop(m, kind, &Number::Int(c), &terms);
    let xs: Vec<Fv> = terms.iter().map(|t| t.1).collect();
    attach(m, p, &xs);
    q.push(p.addr());
    Ok(true)
}
