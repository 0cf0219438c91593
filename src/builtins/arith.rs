//! is/2, arithmetic comparison, succ/2, plus/3: the expression walker around
//! `arith::eval`. Small-integer `+ - *` and comparisons take a fast path that
//! never leaves tagged cells (the knight's tour's hot loop is `X1 is X+DX`).
//!
//! Tested by: the unit tests below; tests/prolog/arith.pl, tests/arith_tests.rs.

use super::docs::reg_doc;
use super::reg_det;
use crate::arith::{eval_fn, eval_fn_in, is_evaluable, ArithError};
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;
use crate::term::number::Number;
use std::cmp::Ordering;

pub fn register(m: &mut Machine) {
    reg_doc(
        m,
        "is(-Number, +Expr)",
        "Evaluate the arithmetic expression Expr and unify Number with its value.",
    );
    reg_det(m, "is", 2, |m| {
        let v = eval(m, m.regs[1])?;
        let c = m.heap.new_number(&v);
        Ok(m.unify(m.regs[0], c))
    });
    reg_doc(
        m,
        "=:=(+Expr1, +Expr2)",
        "Evaluate both arithmetic expressions; true if their values are equal.",
    );
    reg_det(m, "=:=", 2, |m| Ok(compare_args(m)? == Ordering::Equal));
    reg_doc(
        m,
        "=\\=(+Expr1, +Expr2)",
        "Evaluate both arithmetic expressions; true if their values differ.",
    );
    reg_det(m, "=\\=", 2, |m| Ok(compare_args(m)? != Ordering::Equal));
    reg_doc(
        m,
        "<(+Expr1, +Expr2)",
        "Evaluate both arithmetic expressions; true if Expr1 is less than Expr2.",
    );
    reg_det(m, "<", 2, |m| Ok(compare_args(m)? == Ordering::Less));
    reg_doc(
        m,
        ">(+Expr1, +Expr2)",
        "Evaluate both arithmetic expressions; true if Expr1 is greater than Expr2.",
    );
    reg_det(m, ">", 2, |m| Ok(compare_args(m)? == Ordering::Greater));
    reg_doc(
        m,
        "=<(+Expr1, +Expr2)",
        "Evaluate both arithmetic expressions; true if Expr1 is less than or equal to Expr2.",
    );
    reg_det(m, "=<", 2, |m| Ok(compare_args(m)? != Ordering::Greater));
    reg_doc(
        m,
        ">=(+Expr1, +Expr2)",
        "Evaluate both arithmetic expressions; true if Expr1 is greater than or equal to Expr2.",
    );
    reg_det(m, ">=", 2, |m| Ok(compare_args(m)? != Ordering::Less));
    reg_doc(
        m,
        "succ(?Int1, ?Int2)",
        "Int2 = Int1 + 1 for non-negative integers; either argument computes the other.",
    );
    reg_det(m, "succ", 2, succ);
    reg_doc(
        m,
        "plus(?Int1, ?Int2, ?Int3)",
        "Int3 = Int1 + Int2, for integers; any two arguments given compute the third.",
    );
    reg_det(m, "plus", 3, plus);
}

pub(crate) fn arith_err(e: ArithError, m: &mut Machine) -> PErr {
    match e {
        ArithError::NotEvaluable(name, arity) => {
            let pi = m.make_pi(name, arity);
            PErr::Type(atoms::EVALUABLE, pi)
        }
        ArithError::Type(ty, n) => {
            let c = m.heap.new_number(&n);
            PErr::Type(ty, c)
        }
        ArithError::Domain(d, n) => {
            let c = m.heap.new_number(&n);
            PErr::Domain(d, c)
        }
        ArithError::Eval(what) => PErr::Evaluation(what),
        ArithError::Resource => PErr::Resource(atoms::MEMORY),
    }
}

#[inline(always)]
fn small_binop(op: Atom, a: i64, b: i64) -> Option<i64> {
    if op == atoms::PLUS {
        a.checked_add(b)
    } else if op == atoms::MINUS {
        a.checked_sub(b)
    } else if op == atoms::STAR {
        a.checked_mul(b)
    } else {
        None
    }
}

enum Work {
    Eval(Cell),
    Apply(Atom, usize),
}

/// Evaluates an arithmetic expression (iteratively).
pub fn eval(m: &mut Machine, t: Cell) -> Res<Number> {
    let t = m.heap.deref(t);
    if t.tag() == INT {
        return Ok(Number::Int(t.get_int()));
    }
    if t.tag() == STR {
        let f = m.heap.get(t.addr());
        if f.fun_arity() == 2 {
            let a = m.heap.deref(m.heap.get(t.addr() + 1));
            let b = m.heap.deref(m.heap.get(t.addr() + 2));
            if a.tag() == INT && b.tag() == INT {
                if let Some(v) = small_binop(f.fun_name(), a.get_int(), b.get_int()) {
                    return Ok(Number::Int(v));
                }
            }
        }
    }
    let mut work = vec![Work::Eval(t)];
    let mut vals: Vec<Number> = Vec::new();
    while let Some(w) = work.pop() {
        match w {
            Work::Eval(c) => {
                let c = m.heap.deref(c);
                match m.heap.view(c) {
                    View::Int(i) => vals.push(Number::Int(i)),
                    View::BigInt(b) => vals.push(Number::Big(b)),
                    View::Float(f) => vals.push(Number::Float(f)),
                    View::Rational(r) => vals.push(Number::Rat(Box::new(r))),
                    View::Var(_) => return Err(PErr::Instantiation),
                    View::Str(s) => {
                        // SWI evaluates a one-character string to its code.
                        let mut chars = s.chars();
                        match (chars.next(), chars.next()) {
                            (Some(ch), None) => vals.push(Number::Int(ch as i64)),
                            _ => return Err(m.type_error(Atom::new("evaluable"), c)),
                        }
                    }
                    View::Atom(a) => {
                        if a == atoms::NIL || !is_evaluable(a, 0) {
                            let pi = m.make_pi(a, 0);
                            return Err(m.type_error(atoms::EVALUABLE, pi));
                        }
                        let v = eval_fn(a, &[]).map_err(|e| arith_err(e, m))?;
                        vals.push(v);
                    }
                    View::Compound { name, arity, args } => {
                        if name == atoms::DOT && arity == 2 {
                            // "a" as a code list [X] evaluates X.
                            let tail = m.heap.deref(m.heap.get(args + 1));
                            if tail != Cell::atom(atoms::NIL) {
                                return Err(PErr::Type(atoms::EVALUABLE, m.make_pi(name, 2)));
                            }
                            work.push(Work::Eval(m.heap.get(args)));
                            continue;
                        }
                        if !is_evaluable(name, arity) {
                            let pi = m.make_pi(name, arity);
                            return Err(m.type_error(atoms::EVALUABLE, pi));
                        }
                        work.push(Work::Apply(name, arity));
                        for i in (0..arity).rev() {
                            work.push(Work::Eval(m.heap.get(args + i)));
                        }
                    }
                }
            }
            Work::Apply(name, n) => {
                let at = vals.len() - n;
                let v = if n == 2 {
                    match (&vals[at], &vals[at + 1]) {
                        (Number::Int(a), Number::Int(b)) => {
                            small_binop(name, *a, *b).map(Number::Int)
                        }
                        _ => None,
                    }
                } else {
                    None
                };
                let v = match v {
                    Some(v) => v,
                    None => {
                        eval_fn_in(name, &vals[at..], m.flags.arith).map_err(|e| arith_err(e, m))?
                    }
                };
                vals.truncate(at);
                vals.push(v);
            }
        }
    }
    Ok(vals.pop().unwrap_or(Number::Int(0)))
}

fn compare_args(m: &mut Machine) -> Res<Ordering> {
    let (a, b) = (m.arg(0), m.arg(1));
    if a.tag() == INT && b.tag() == INT {
        return Ok(a.get_int().cmp(&b.get_int()));
    }
    let x = eval(m, a)?;
    let y = eval(m, b)?;
    Ok(crate::arith::num_cmp(&x, &y))
}

/// An integer argument for succ/2 and plus/3 (None if unbound).
fn opt_int(m: &Machine, c: Cell) -> Res<Option<i64>> {
    let c = m.heap.deref(c);
    if c.tag() == REF {
        return Ok(None);
    }
    match m.heap.number(c) {
        Some(Number::Int(i)) => Ok(Some(i)),
        Some(Number::Big(_)) => Err(PErr::Representation(Atom::new("max_integer"))),
        _ => Err(m.type_error(atoms::INTEGER, c)),
    }
}

fn succ(m: &mut Machine) -> Res {
    let (a, b) = (m.regs[0], m.regs[1]);
    match (opt_int(m, a)?, opt_int(m, b)?) {
        (Some(x), _) if x < 0 => Err(PErr::Domain(atoms::NOT_LESS_THAN_ZERO, m.arg(0))),
        (_, Some(y)) if y < 0 => Err(PErr::Domain(atoms::NOT_LESS_THAN_ZERO, m.arg(1))),
        (Some(x), _) => {
            let v = Number::from_big(num_bigint::BigInt::from(x) + 1);
            Ok(m.unify_number(b, &v))
        }
        (None, Some(0)) => Ok(false),
        (None, Some(y)) => Ok(m.unify_int(a, y - 1)),
        (None, None) => Err(PErr::Instantiation),
    }
}

fn plus(m: &mut Machine) -> Res {
    let (a, b, c) = (m.regs[0], m.regs[1], m.regs[2]);
    let big = |v: i64| num_bigint::BigInt::from(v);
    match (opt_int(m, a)?, opt_int(m, b)?, opt_int(m, c)?) {
        (Some(x), Some(y), _) => Ok(m.unify_number(c, &Number::from_big(big(x) + big(y)))),
        (Some(x), None, Some(z)) => Ok(m.unify_number(b, &Number::from_big(big(z) - big(x)))),
        (None, Some(y), Some(z)) => Ok(m.unify_number(a, &Number::from_big(big(z) - big(y)))),
        _ => Err(PErr::Instantiation),
    }
}

#[cfg(test)]
mod tests {
    /// Each goal must succeed (checked against SWI-Prolog 9.0.4); every one that does not is reported.
    #[test]
    fn goals_hold() {
        // is/2, comparison, succ/2, plus/3 and their errors
        let failing = crate::builtins::goals_not_holding(&[
            r#"X is 1 + 2 * 3, X == 7"#,
            r#"X is 7 // 2, X == 3"#,
            r#"X is 2 ** 100, X == 1267650600228229401496703205376"#,
            r#"X is 1.0 / 4, X == 0.25"#,
            r#"1 < 2, 2 =< 2, 1 =:= 1.0, 1 =\= 2, 3 > 2, 2 >= 2"#,
            r#"succ(X, 4), X == 3"#,
            r#"\+ succ(_, 0)"#,
            r#"plus(1, Y, 5), Y == 4"#,
            r#"catch(_ is foo + 1, error(E, _), true), E == type_error(evaluable, foo/0)"#,
            r#"catch(_ is 1 / 0, error(E, _), true), E == evaluation_error(zero_divisor)"#,
            r#"catch(_ is _ + 1, error(E, _), true), E == instantiation_error"#,
            r#"X = 3, Y is X * X - 1, Y == 8"#,
        ]);
        assert!(failing.is_empty(), "\n{}", failing.join("\n"));
    }
}
