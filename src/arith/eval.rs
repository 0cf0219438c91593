//! TEMPORARY stand-in until the arithmetic branch lands (same API).

use super::number::Number;
use crate::engine::atom::Atom;

#[derive(Clone, Debug, PartialEq)]
pub enum ArithError {
    NotEvaluable(Atom, usize),
    Type(Atom, Number),
    Eval(Atom),
    Resource,
}

pub fn is_evaluable(name: Atom, arity: usize) -> bool {
    matches!((name.name(), arity), ("+" | "-" | "*" | "//" | "mod" | "/" | "min" | "max", 2) | ("-" | "abs", 1))
}

pub fn eval_fn(name: Atom, args: &[Number]) -> Result<Number, ArithError> {
    use Number::*;
    let zero = || ArithError::Eval(Atom::new("zero_divisor"));
    Ok(match (name.name(), args) {
        ("+", [Int(a), Int(b)]) => Int(a + b),
        ("-", [Int(a), Int(b)]) => Int(a - b),
        ("*", [Int(a), Int(b)]) => Int(a * b),
        ("//", [Int(_), Int(0)]) => return Err(zero()),
        ("//", [Int(a), Int(b)]) => Int(a / b),
        ("mod", [Int(_), Int(0)]) => return Err(zero()),
        ("mod", [Int(a), Int(b)]) => Int(a.rem_euclid(*b) * if *b < 0 && a.rem_euclid(*b) != 0 { -1 } else { 1 }),
        ("-", [Int(a)]) => Int(-a),
        ("abs", [Int(a)]) => Int(a.abs()),
        ("min", [a, b]) => if super::compare_values(a, b).is_le() { a.clone() } else { b.clone() },
        ("max", [a, b]) => if super::compare_values(a, b).is_ge() { a.clone() } else { b.clone() },
        (_, [a, b]) => {
            let (x, y) = (a.to_f64(), b.to_f64());
            Float(match name.name() { "+" => x + y, "-" => x - y, "*" => x * y, _ => x / y })
        }
        _ => return Err(ArithError::NotEvaluable(name, args.len())),
    })
}

pub fn num_cmp(a: &Number, b: &Number) -> std::cmp::Ordering {
    super::compare_values(a, b)
}
