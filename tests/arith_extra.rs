//! Arithmetic beyond the SWI-verified tables: knightlog's deliberate departures from
//! SWI-Prolog 9.0.4, its extra evaluables, randomness, limits and a no-panic sweep.

use std::cmp::Ordering;

use knightlog::arith::eval::{MAX_TAGGED_INTEGER, MIN_TAGGED_INTEGER};
use knightlog::arith::{
    eval_fn, eval_op, evaluables, is_evaluable, lookup, max_integer_bits, num_cmp, num_eq,
    seed_random, set_max_integer_bits, ArithError, CmpOp, Number, Op, Rng,
};
use knightlog::term::atom::{atoms, Atom};
use num_bigint::BigInt;

fn ev(name: &str, args: &[Number]) -> Result<Number, ArithError> {
    eval_fn(Atom::new(name), args)
}

fn int(i: i64) -> Number {
    Number::Int(i)
}

fn flt(f: f64) -> Number {
    Number::Float(f)
}

fn big(s: &str) -> Number {
    Number::from_big(s.parse().unwrap())
}

fn pow2(k: u32) -> Number {
    Number::from_big(BigInt::from(1) << k)
}

fn eval_err(e: &str) -> Result<Number, ArithError> {
    Err(ArithError::Eval(Atom::new(e)))
}

// --- Departures from SWI-Prolog 9.0.4 (each a bug or a lossy choice there) ---

#[test]
fn min_int_divided_by_minus_one_is_exact() {
    // SWI-Prolog 9.0.4 dies with SIGFPE on this one.
    assert_eq!(
        ev("/", &[int(i64::MIN), int(-1)]),
        Ok(big("9223372036854775808"))
    );
}

#[test]
fn integer_of_two_pow_63_is_exact() {
    // SWI-Prolog 9.0.4 clamps this to 9223372036854775807.
    let two63 = 9_223_372_036_854_775_808.0;
    assert_eq!(ev("integer", &[flt(two63)]), Ok(big("9223372036854775808")));
    assert_eq!(ev("round", &[flt(-two63)]), Ok(int(i64::MIN)));
}

#[test]
fn powm_rejects_float_arguments() {
    // SWI-Prolog 9.0.4 answers 3 and leaves a pending exception behind.
    let err = ev("powm", &[flt(2.0), int(3), int(5)]);
    assert_eq!(err, Err(ArithError::Type(atoms::INTEGER, flt(2.0))));
    assert!(ev("powm", &[int(2), int(3), flt(5.0)]).is_err());
}

#[test]
fn int_float_comparison_is_exact() {
    // SWI-Prolog converts the integer to a float first, so it says equal here.
    let (i, f) = (int(9_007_199_254_740_993), flt(9_007_199_254_740_992.0));
    assert!(!num_eq(&i, &f));
    assert!(CmpOp::Gt.test(&i, &f));
    assert!(CmpOp::Lt.test(&int(i64::MAX), &flt(9_223_372_036_854_775_808.0)));
    assert!(CmpOp::Lt.test(&pow2(2000), &flt(f64::INFINITY)));
    assert!(CmpOp::Gt.test(&pow2(2000), &flt(f64::MAX)));
    assert_eq!(num_cmp(&flt(-0.5), &int(0)), Ordering::Less);
    assert_eq!(
        num_cmp(&pow2(64), &flt(18_446_744_073_709_551_616.0)),
        Ordering::Equal
    );
    // SWI-Prolog raises float_overflow here (it compares via float(2**2000)).
    assert_eq!(
        ev("max", &[pow2(2000), flt(f64::INFINITY)]),
        Ok(flt(f64::INFINITY))
    );
    assert_eq!(ev("min", &[pow2(2000), flt(f64::INFINITY)]), Ok(pow2(2000)));
}

#[test]
fn num_cmp_is_a_total_order_with_nan_first() {
    let nan = flt(f64::NAN);
    assert_eq!(num_cmp(&nan, &nan), Ordering::Equal);
    assert_eq!(num_cmp(&nan, &flt(f64::NEG_INFINITY)), Ordering::Less);
    assert_eq!(num_cmp(&pow2(70), &nan), Ordering::Greater);
    assert!(!num_eq(&nan, &nan));
}

#[test]
fn erfc_is_within_one_ulp_of_swi() {
    // SWI-Prolog's erfc(1) is one ulp below the C library's value used here.
    let Ok(Number::Float(f)) = ev("erfc", &[int(1)]) else {
        panic!("erfc(1) must be a float")
    };
    assert!((f - 0.157_299_207_050_285_1).abs() <= 2.8e-17, "{f}");
}

// --- Extra evaluables (not in SWI-Prolog 9.0.4) ---

#[test]
fn extra_evaluables() {
    assert_eq!(ev("log2", &[int(8)]), Ok(flt(3.0)));
    assert_eq!(ev("log2", &[int(0)]), eval_err("float_overflow"));
    assert_eq!(ev("log", &[int(2), int(1024)]), Ok(flt(10.0)));
    assert_eq!(ev("log", &[int(1), int(1)]), eval_err("undefined"));
    assert_eq!(ev("log", &[int(1), int(8)]), eval_err("float_overflow"));
    assert_eq!(ev("log", &[int(-2), int(8)]), eval_err("undefined"));
    assert_eq!(ev("cot", &[flt(1.0)]), Ok(flt(1.0 / 1.0f64.tan())));
    assert_eq!(ev("cot", &[int(0)]), eval_err("float_overflow"));
    assert_eq!(ev("acot", &[int(0)]), Ok(flt(std::f64::consts::FRAC_PI_2)));
    assert_eq!(ev("max_tagged_integer", &[]), Ok(int(MAX_TAGGED_INTEGER)));
    assert_eq!(ev("min_tagged_integer", &[]), Ok(int(MIN_TAGGED_INTEGER)));
    assert_eq!(MAX_TAGGED_INTEGER, 1_152_921_504_606_846_975);
    let Ok(Number::Int(now)) = ev("realtime", &[]) else {
        panic!("realtime must be an integer")
    };
    assert!(now > 1_600_000_000);
}

#[test]
fn clocks_and_random_floats() {
    let Ok(Number::Float(t)) = ev("cputime", &[]) else {
        panic!("cputime must be a float")
    };
    assert!(t >= 0.0);
    for _ in 0..1000 {
        let Ok(Number::Float(f)) = ev("random_float", &[]) else {
            panic!("random_float must be a float")
        };
        assert!(f > 0.0 && f < 1.0);
    }
}

#[test]
fn random_is_in_range_and_seedable() {
    for n in [1i64, 2, 7, 1000, i64::MAX] {
        for _ in 0..50 {
            let Ok(Number::Int(r)) = ev("random", &[int(n)]) else {
                panic!("random/1 must give an integer")
            };
            assert!((0..n).contains(&r));
        }
    }
    let limit = pow2(100);
    for _ in 0..50 {
        let r = ev("random", std::slice::from_ref(&limit)).unwrap();
        assert!(CmpOp::Lt.test(&r, &limit) && CmpOp::Ge.test(&r, &int(0)));
    }
    seed_random(42);
    let first: Vec<_> = (0..5).map(|_| ev("random", &[int(1_000_000)])).collect();
    seed_random(42);
    let again: Vec<_> = (0..5).map(|_| ev("random", &[int(1_000_000)])).collect();
    assert_eq!(first, again);
    let mut rng = Rng::new(42);
    let mut same = Rng::new(0);
    same.seed(42);
    assert_eq!(rng.next_u64(), same.next_u64());
    assert!((0.0..1.0).contains(&rng.next_f64()));
}

// --- API ---

#[test]
fn resolved_ops_evaluate_like_eval_fn() {
    let op = lookup(Atom::new("//"), 2).unwrap();
    assert_eq!(op, Op::IntDiv);
    assert_eq!(eval_op(op, &[int(7), int(-2)]), Ok(int(-3)));
    assert_eq!(lookup(atoms::PLUS, 1), Some(Op::Pos));
    assert_eq!(lookup(atoms::CARET, 2), Some(Op::Caret));
    assert_eq!(op.name_arity(), (Atom::new("//"), 2));
    let all: Vec<_> = evaluables().collect();
    assert_eq!(all.len(), 82);
    assert!(all.iter().all(|&(name, arity)| is_evaluable(name, arity)));
    assert!(!is_evaluable(Atom::new("max_integer"), 0));
}

#[test]
fn integer_size_limit_is_adjustable() {
    let old = max_integer_bits();
    set_max_integer_bits(1000);
    assert_eq!(ev("**", &[int(2), int(2000)]), Err(ArithError::Resource));
    assert_eq!(ev("<<", &[int(1), int(2000)]), Err(ArithError::Resource));
    assert_eq!(ev("*", &[pow2(600), pow2(600)]), Err(ArithError::Resource));
    assert_eq!(ev("**", &[int(2), int(900)]), Ok(pow2(900)));
    set_max_integer_bits(old);
    assert_eq!(ev("**", &[int(2), int(2000)]), Ok(pow2(2000)));
}

// --- Robustness: no input makes evaluation panic ---

#[test]
fn no_panics_on_awkward_arguments() {
    let values = [
        int(0),
        int(1),
        int(-1),
        int(2),
        int(63),
        int(64),
        int(-64),
        int(i64::MAX),
        int(i64::MIN),
        pow2(64),
        pow2(200),
        Number::from_big(-(BigInt::from(1) << 200u32)),
        flt(0.0),
        flt(-0.0),
        flt(0.5),
        flt(-2.5),
        flt(1e300),
        flt(5e-324),
        flt(f64::INFINITY),
        flt(f64::NEG_INFINITY),
        flt(f64::NAN),
    ];
    for (name, arity) in evaluables() {
        let op = lookup(name, arity).unwrap();
        match arity {
            0 => drop(eval_op(op, &[])),
            1 => values
                .iter()
                .for_each(|a| drop(eval_op(op, std::slice::from_ref(a)))),
            2 => {
                for a in &values {
                    for b in &values {
                        drop(eval_op(op, &[a.clone(), b.clone()]));
                    }
                }
            }
            _ => {
                for a in &values {
                    for b in &values {
                        drop(eval_op(op, &[a.clone(), b.clone(), int(7)]));
                        drop(eval_op(op, &[int(3), a.clone(), b.clone()]));
                    }
                }
            }
        }
    }
}
