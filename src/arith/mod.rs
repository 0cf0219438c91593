//! Arithmetic: numbers and the evaluable functions of `is/2`.

pub mod eval;
pub mod number;

use number::Number;
use std::cmp::Ordering;

/// Compares two numbers by value, exactly (an integer against a float is
/// compared mathematically, not after a lossy conversion).
pub fn compare_values(a: &Number, b: &Number) -> Ordering {
    use num_bigint::BigInt;
    use num_traits::FromPrimitive;
    match (a, b) {
        (Number::Int(x), Number::Int(y)) => x.cmp(y),
        (Number::Float(x), Number::Float(y)) => x.partial_cmp(y).unwrap_or(Ordering::Equal),
        (Number::Float(x), other) => compare_values(other, &Number::Float(*x)).reverse(),
        (i, Number::Float(f)) => {
            if f.is_nan() {
                return Ordering::Less;
            }
            if f.is_infinite() {
                return if *f > 0.0 { Ordering::Less } else { Ordering::Greater };
            }
            let fl = f.floor();
            let fb = BigInt::from_f64(fl).unwrap_or_default();
            let ib = i.to_bigint().unwrap_or_default();
            match ib.cmp(&fb) {
                Ordering::Equal if fl < *f => Ordering::Less,
                o => o,
            }
        }
        (x, y) => x.to_bigint().cmp(&y.to_bigint()),
    }
}
