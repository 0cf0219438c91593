//! Property tests: integer arithmetic agrees with `BigInt` (so nothing wraps), the
//! division identities hold, and int/float comparison is exact.

use std::cmp::Ordering;

use knightlog::arith::{eval_fn, num_cmp, num_eq, CmpOp, Number};
use knightlog::term::atom::Atom;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{FromPrimitive, Signed};
use proptest::prelude::*;

fn ev(name: &str, args: &[Number]) -> Number {
    eval_fn(Atom::new(name), args).unwrap_or_else(|e| panic!("{name}{args:?}: {e:?}"))
}

fn to_big(n: &Number) -> BigInt {
    match n {
        Number::Int(i) => BigInt::from(*i),
        Number::Big(b) => b.clone(),
        Number::Float(f) => panic!("expected an integer, got {f}"),
        Number::Rat(r) => panic!("expected an integer, got {r}"),
    }
}

/// The canonical Number for a BigInt; also checks results are normalised.
fn norm(b: BigInt) -> Number {
    Number::from_big(b)
}

fn assert_normalised(n: &Number) {
    if let Number::Big(b) = n {
        assert!(i64::try_from(b).is_err(), "Big holding an i64 value: {b}");
    }
}

/// Integers across the interesting ranges: small, near the i64 edges, and big.
fn any_integer() -> impl Strategy<Value = Number> {
    prop_oneof![
        (-1000i64..1000).prop_map(Number::Int),
        any::<i64>().prop_map(Number::Int),
        prop_oneof![
            Just(i64::MIN),
            Just(i64::MAX),
            Just(i64::MIN + 1),
            Just(-1i64)
        ]
        .prop_map(Number::Int),
        (any::<i64>(), any::<u64>(), 0u32..3).prop_map(|(hi, lo, k)| {
            norm((BigInt::from(hi) << (64 * (k + 1))) + BigInt::from(lo))
        }),
    ]
}

fn nonzero_integer() -> impl Strategy<Value = Number> {
    any_integer().prop_filter("non-zero", |n| !matches!(n, Number::Int(0)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn ring_ops_agree_with_bigint(a in any_integer(), b in any_integer()) {
        let (x, y) = (to_big(&a), to_big(&b));
        for (name, expected) in [("+", &x + &y), ("-", &x - &y), ("*", &x * &y)] {
            let got = ev(name, &[a.clone(), b.clone()]);
            assert_normalised(&got);
            prop_assert_eq!(got, norm(expected));
        }
        prop_assert_eq!(ev("-", std::slice::from_ref(&a)), norm(-&x));
        prop_assert_eq!(ev("abs", std::slice::from_ref(&a)), norm(x.abs()));
    }

    #[test]
    fn truncating_division_identity(a in any_integer(), b in nonzero_integer()) {
        let q = ev("//", &[a.clone(), b.clone()]);
        let r = ev("rem", &[a.clone(), b.clone()]);
        let back = ev("+", &[ev("*", &[q.clone(), b.clone()]), r.clone()]);
        prop_assert!(num_eq(&back, &a));
        prop_assert!(to_big(&r).abs() < to_big(&b).abs());
        prop_assert!(to_big(&r).sign() == to_big(&a).sign() || to_big(&r) == BigInt::from(0));
        prop_assert_eq!(q, norm(to_big(&a) / to_big(&b)));
    }

    #[test]
    fn floor_division_identity(a in any_integer(), b in nonzero_integer()) {
        let q = ev("div", &[a.clone(), b.clone()]);
        let m = ev("mod", &[a.clone(), b.clone()]);
        let back = ev("+", &[ev("*", &[q.clone(), b.clone()]), m.clone()]);
        prop_assert!(num_eq(&back, &a));
        prop_assert!(to_big(&m).abs() < to_big(&b).abs());
        prop_assert!(to_big(&m).sign() == to_big(&b).sign() || to_big(&m) == BigInt::from(0));
        prop_assert_eq!(q, norm(to_big(&a).div_floor(&to_big(&b))));
    }

    #[test]
    fn bit_operations_agree_with_bigint(a in any_integer(), b in any_integer(), k in 0i64..300) {
        let (x, y) = (to_big(&a), to_big(&b));
        prop_assert_eq!(ev("/\\", &[a.clone(), b.clone()]), norm(&x & &y));
        prop_assert_eq!(ev("\\/", &[a.clone(), b.clone()]), norm(&x | &y));
        prop_assert_eq!(ev("xor", &[a.clone(), b.clone()]), norm(&x ^ &y));
        prop_assert_eq!(ev("\\", std::slice::from_ref(&a)), norm(-&x - 1));
        let shift = k as usize;
        prop_assert_eq!(ev("<<", &[a.clone(), Number::Int(k)]), norm(&x << shift));
        prop_assert_eq!(ev(">>", &[a.clone(), Number::Int(k)]), norm(x.div_floor(&(BigInt::from(1) << shift))));
        prop_assert_eq!(ev(">>", &[a.clone(), Number::Int(-k)]), norm(&x << shift));
    }

    #[test]
    fn gcd_and_small_powers_agree_with_bigint(a in any_integer(), b in any_integer(), e in 0u32..40) {
        let (x, y) = (to_big(&a), to_big(&b));
        prop_assert_eq!(ev("gcd", &[a.clone(), b.clone()]), norm(x.gcd(&y)));
        prop_assert_eq!(ev("**", &[a.clone(), Number::Int(i64::from(e))]), norm(num_traits::pow(x.clone(), e as usize)));
        prop_assert_eq!(ev("^", &[a.clone(), Number::Int(i64::from(e))]), norm(num_traits::pow(x, e as usize)));
    }

    #[test]
    fn int_float_comparison_is_exact(a in any_integer(), f in any::<f64>().prop_filter("finite", |f| f.is_finite())) {
        let x = to_big(&a);
        let floor = BigInt::from_f64(f.floor()).unwrap();
        let expected = if f.floor() == f {
            x.cmp(&floor)
        } else if x <= floor {
            Ordering::Less
        } else {
            Ordering::Greater
        };
        let fl = Number::Float(f);
        prop_assert_eq!(num_cmp(&a, &fl), expected);
        prop_assert_eq!(num_cmp(&fl, &a), expected.reverse());
        prop_assert_eq!(CmpOp::Eq.test(&a, &fl), expected == Ordering::Equal);
        prop_assert_eq!(CmpOp::Lt.test(&a, &fl), expected == Ordering::Less);
    }

    #[test]
    fn truncation_is_exact(f in any::<f64>().prop_filter("finite", |f| f.is_finite())) {
        let t = ev("truncate", &[Number::Float(f)]);
        assert_normalised(&t);
        prop_assert_eq!(to_big(&t), BigInt::from_f64(f.trunc()).unwrap());
        let i = ev("integer", &[Number::Float(f)]);
        prop_assert_eq!(to_big(&i), BigInt::from_f64(f.round()).unwrap());
    }

    #[test]
    fn evaluation_never_panics_on_i64_pairs(a in any::<i64>(), b in any::<i64>()) {
        for name in ["//", "mod", "rem", "div", "/", "**", "^", "<<", ">>", "gcd", "lcm", "msb",
                     "min", "max", "getbit", "atan2", "copysign"] {
            let args = [Number::Int(a), Number::Int(b)];
            let arity = if name == "msb" { 1 } else { 2 };
            let _ = eval_fn(Atom::new(name), &args[..arity]);
        }
    }
}
