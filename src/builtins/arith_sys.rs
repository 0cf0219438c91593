//! SWI-Prolog's arithmetic predicates beyond is/2: divmod/4,
//! nth_integer_root_and_remainder/4, float_class/2, float_parts/4,
//! bounded_number/3, current_arithmetic_function/1, set_random/1 and
//! random_property/1, with SWI-Prolog 9's errors (checked against `swipl`).
//!
//! Tested by: the unit tests below; tests/prolog/sys_arith.pl.

use super::arith::arith_err;
use super::docs::reg_doc;
use super::{reg_det, reg_nondet};
use crate::arith::{compare_values, float_ops, int_ops, with_rng, Rng};
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;
use crate::term::number::Number;
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};
use std::cmp::Ordering;

pub fn register(m: &mut Machine) {
    reg_doc(
        m,
        "divmod(+Dividend, +Divisor, -Quotient, -Remainder)",
        "Quotient is Dividend div Divisor and Remainder is Dividend mod Divisor.",
    );
    reg_det(m, "divmod", 4, divmod);
    reg_doc(
        m,
        "nth_integer_root_and_remainder(+N, +I, -Root, -Remainder)",
        "Root is the N-th root of I truncated toward zero; Remainder is I - Root^N.",
    );
    reg_det(m, "nth_integer_root_and_remainder", 4, nth_root);
    reg_doc(
        m,
        "float_class(+Float, -Class)",
        "Class is nan, infinite, zero, subnormal or normal.",
    );
    reg_det(m, "float_class", 2, float_class);
    reg_doc(
        m,
        "float_parts(+Float, -Mantissa, -Base, -Exponent)",
        "Float = Mantissa * Base^Exponent with Base 2 and 0.5 =< |Mantissa| < 1.",
    );
    reg_det(m, "float_parts", 4, float_parts);
    reg_doc(
        m,
        "bounded_number(?Low, ?High, +Num)",
        "Low < Num < High; an unbound bound becomes the next number below or above Num.",
    );
    reg_det(m, "bounded_number", 3, bounded_number);
    reg_doc(
        m,
        "current_arithmetic_function(?Head)",
        "Head is an evaluable term (sin(_), pi, _+_, ...); enumerates them.",
    );
    reg_nondet(
        m,
        "current_arithmetic_function",
        1,
        current_arithmetic_function,
    );
    reg_doc(
        m,
        "set_random(+Option)",
        "Set the random generator: seed(Integer), seed(random) or state(State) from random_property/1.",
    );
    reg_det(m, "set_random", 1, set_random);
    reg_doc(
        m,
        "random_property(?Property)",
        "Property is state(State), the random generator's state, for set_random(state(State)).",
    );
    reg_det(m, "random_property", 1, |m| {
        let p = m.arg(0);
        if p.tag() != STR || m.heap.get(p.addr()) != Cell::functor(Atom::new("state"), 1) {
            return Ok(false);
        }
        let s = with_rng(|r| r.state());
        let n = Number::from_big(BigInt::from(s));
        Ok(m.unify_number(m.heap.get(p.addr() + 1), &n))
    });
}

/// An integer argument of any size: instantiation error, else `type_error(integer, C)`.
fn int_arg(m: &Machine, c: Cell) -> Res<Number> {
    let d = m.heap.deref(c);
    if d.tag() == REF {
        return Err(PErr::Instantiation);
    }
    match m.heap.number(d) {
        Some(n) if n.is_integer() => Ok(n),
        _ => Err(m.type_error(atoms::INTEGER, d)),
    }
}

fn divmod(m: &mut Machine) -> Res {
    let a = int_arg(m, m.regs[0])?;
    let b = int_arg(m, m.regs[1])?;
    let q = int_ops::fdiv(&a, &b).map_err(|e| arith_err(e, m))?;
    let r = int_ops::modulo(&a, &b).map_err(|e| arith_err(e, m))?;
    Ok(m.unify_number(m.regs[2], &q) && m.unify_number(m.regs[3], &r))
}

fn nth_root(m: &mut Machine) -> Res {
    let n = int_arg(m, m.regs[0])?;
    let i = int_arg(m, m.regs[1])?;
    let n_cell = m.arg(0);
    let n = match n {
        Number::Int(k) if k < 1 => {
            return Err(PErr::Domain(
                crate::arith::error::not_less_than_one(),
                n_cell,
            ))
        }
        Number::Int(k) => u32::try_from(k).unwrap_or(u32::MAX),
        _ => return Err(PErr::Representation(Atom::new("long"))),
    };
    let i = i.to_bigint().unwrap_or_default();
    if i.is_negative() && n % 2 == 0 {
        return Err(PErr::Evaluation(Atom::new("undefined")));
    }
    // Truncated toward zero for a negative I (odd N), as SWI.
    let root = i.nth_root(n);
    let rem = &i - num_traits::pow::pow(root.clone(), n as usize);
    Ok(m.unify_number(m.regs[2], &Number::from_big(root))
        && m.unify_number(m.regs[3], &Number::from_big(rem)))
}

/// A float argument: instantiation error, else `type_error(float, C)`.
fn float_arg(m: &Machine, c: Cell) -> Res<f64> {
    let d = m.heap.deref(c);
    match m.heap.view(d) {
        View::Float(f) => Ok(f),
        View::Var(_) => Err(PErr::Instantiation),
        _ => Err(m.type_error(atoms::FLOAT, d)),
    }
}

fn float_class(m: &mut Machine) -> Res {
    let f = float_arg(m, m.regs[0])?;
    let class = match f.classify() {
        std::num::FpCategory::Nan => "nan",
        std::num::FpCategory::Infinite => "infinite",
        std::num::FpCategory::Zero => "zero",
        std::num::FpCategory::Subnormal => "subnormal",
        std::num::FpCategory::Normal => "normal",
    };
    Ok(m.unify_atom(m.regs[1], Atom::new(class)))
}

/// C's frexp: (mantissa, exponent) with 0.5 =< |mantissa| < 1; zeros, infinities
/// and NaN come back unchanged with exponent 0.
fn frexp(f: f64) -> (f64, i64) {
    if f == 0.0 || !f.is_finite() {
        return (f, 0);
    }
    let (mut x, mut adjust) = (f, 0i64);
    if x.abs() < f64::MIN_POSITIVE {
        x *= 2f64.powi(64); // a subnormal is scaled into the normal range first
        adjust = -64;
    }
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64 - 1022;
    let mantissa = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    (mantissa, exp + adjust)
}

fn float_parts(m: &mut Machine) -> Res {
    let c = m.arg(0);
    let f = match m.heap.number(c) {
        Some(Number::Float(f)) => f,
        Some(n) => float_ops::promote(&n).map_err(|e| arith_err(e, m))?,
        None if c.tag() == REF => return Err(PErr::Instantiation),
        None => return Err(m.type_error(atoms::FLOAT, c)),
    };
    let (mantissa, exp) = frexp(f);
    let mc = m.heap.new_float(mantissa);
    Ok(m.unify(m.regs[1], mc) && m.unify_int(m.regs[2], 2) && m.unify_int(m.regs[3], exp))
}

fn bounded_number(m: &mut Machine) -> Res {
    let (low, high) = (m.arg(0), m.arg(1));
    let n = m.arg(2);
    let Some(num) = m.heap.number(n) else {
        // SWI names Low in this error (an instantiation error when Low is unbound).
        return Err(match low.tag() {
            REF => PErr::Instantiation,
            _ => m.type_error(atoms::NUMBER, low),
        });
    };
    let step = |down: bool| -> Res<Number> {
        Ok(match &num {
            Number::Float(f) => Number::Float(if down { f.next_down() } else { f.next_up() }),
            _ => {
                let one = Number::Int(if down { -1 } else { 1 });
                int_ops::add(&num, &one).map_err(|_| PErr::Resource(atoms::MEMORY))?
            }
        })
    };
    for (bound, down) in [(low, true), (high, false)] {
        match m.heap.number(bound) {
            Some(b) => {
                let ord = compare_values(&b, &num);
                if ord == Ordering::Equal || (ord == Ordering::Less) != down {
                    return Ok(false);
                }
            }
            None if bound.tag() == REF => {
                let b = step(down)?;
                // The step never reaches the number itself, but infinity stays put.
                if compare_values(&b, &num) == Ordering::Equal {
                    return Ok(false);
                }
                if !m.unify_number(bound, &b) {
                    return Ok(false);
                }
            }
            None => return Ok(false),
        }
    }
    Ok(true)
}

fn current_arithmetic_function(m: &mut Machine, state: Option<Cell>) -> Res {
    let h = m.arg(0);
    if h.tag() != REF {
        let Some((name, arity)) = m.heap.callable_key(h) else {
            return Err(m.type_error(atoms::CALLABLE, h));
        };
        return Ok(crate::arith::is_evaluable(name, arity));
    }
    let all: Vec<(Atom, usize)> = crate::arith::evaluables().collect();
    let i = state.map_or(0, |s| s.get_int() as usize);
    let Some(&(name, arity)) = all.get(i) else {
        return Ok(false);
    };
    if i + 1 < all.len() {
        m.push_redo(Cell::small_int(i as i64 + 1));
    }
    let t = m.heap.new_compound_vars(name, arity);
    Ok(m.unify(h, t))
}

fn set_random(m: &mut Machine) -> Res {
    let o = m.arg(0);
    let (name, arity, args) = match m.heap.view(o) {
        View::Var(_) => return Err(PErr::Instantiation),
        View::Compound { name, arity, args } => (name, arity, args),
        _ => return Err(m.type_error(Atom::new("random_option"), o)),
    };
    let v = m.heap.deref(m.heap.get(args));
    match (name.name(), arity) {
        ("seed", 1) => {
            if v.tag() == REF {
                return Err(PErr::Instantiation);
            }
            if v == Cell::atom(Atom::new("random")) {
                let fresh = Rng::from_entropy();
                with_rng(|r| *r = fresh);
                return Ok(true);
            }
            match m.heap.number(v) {
                Some(Number::Int(i)) => with_rng(|r| r.seed(i as u64)),
                Some(Number::Big(b)) => {
                    // A big seed is folded into 64 bits.
                    let (_, words) = b.to_u64_digits();
                    let s = words.iter().fold(0u64, |acc, w| acc.rotate_left(7) ^ w);
                    with_rng(|r| r.seed(s));
                }
                _ => return Err(m.type_error(Atom::new("seed"), v)),
            }
            Ok(true)
        }
        ("state", 1) => {
            let state = m
                .heap
                .number(v)
                .and_then(|n| n.to_bigint())
                .filter(|b| !b.is_negative())
                .and_then(|b| b.to_u128());
            match state {
                Some(s) => {
                    with_rng(|r| r.set_state(s));
                    Ok(true)
                }
                None if v.tag() == REF => Err(PErr::Instantiation),
                None => Err(m.type_error(Atom::new("state"), v)),
            }
        }
        _ => Err(PErr::Domain(Atom::new("random_option"), o)),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn frexp_matches_c() {
        assert_eq!(super::frexp(1.5), (0.75, 1));
        assert_eq!(super::frexp(-3.0), (-0.75, 2));
        assert_eq!(super::frexp(5.0e-324), (0.5, -1073));
        assert_eq!(super::frexp(0.0), (0.0, 0));
    }

    /// Each goal must succeed (checked against SWI-Prolog 9.0.4); every one that does not is reported.
    #[test]
    fn goals_hold() {
        let failing = crate::builtins::goals_not_holding(&[
            r#"divmod(-7, 2, Q, R), Q == -4, R == 1"#,
            r#"nth_integer_root_and_remainder(3, -10, R, M), R == -2, M == -2"#,
            r#"float_class(5.0e-324, C), C == subnormal, float_class(-0.0, Z), Z == zero"#,
            r#"float_parts(1, M, B, E), M == 0.5, B == 2, E == 1"#,
            r#"bounded_number(L, H, 5), L == 4, H == 6, \+ bounded_number(0, 10, 10)"#,
            r#"current_arithmetic_function(sin(_)), \+ current_arithmetic_function(foo(_))"#,
            r#"random_property(state(S)), X is random(1000), set_random(state(S)), Y is random(1000), X == Y"#,
        ]);
        assert!(failing.is_empty(), "\n{}", failing.join("\n"));
    }
}
