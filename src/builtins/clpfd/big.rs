//! The big path: propagators once a value or a domain end leaves the small
//! range, so integers in constraints are unbounded as in the rest of
//! knightlog (and SWI-Prolog), never wrapped.
//!
//! Why a separate path: the fast propagators (`props.rs`, `global.rs`) work on
//! `Dom` (`i64` ends) with `i128` intermediates, which is what keeps labeling
//! fast. A propagator moves here (its state `SLOW`, trailed, `store.rs`) when
//! one of its arguments is a big integer, one of its variables gets a big
//! domain, or its own `i128` arithmetic would leave the small range; it stays
//! here for the rest of the branch. Here every bound is a `Z` (a `BigInt`, or
//! an open end) and domains are `ZDom`. The arithmetic propagators reason as
//! on the fast path (linear bounds, products and quotients, open ends
//! included); the others fix their result once their operands are known, and
//! all_different/all_distinct forward-check, element/3 reasons on domains.
//! Propagators without big arguments use the fast kernels of the global
//! constraints (they compute no new values).
//!
//! Tested by: tests/clpfd/queries.txt (the big-integer queries)
//! and the property tests below (bound arithmetic against BigInt).

use super::dom::{ZDom, Z};
use super::props::*;
use super::store::{self, big_value, exclude_z, is_big_fv, kill, narrow_z, zdom_of, Fv, Queue};
use crate::arith::{int_ops, pow};
use crate::engine::error::Res;
use crate::engine::Machine;
use crate::term::number::Number;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, Zero};

/// Moves the propagator at `p` to the big path and runs it there.
pub fn go_slow(m: &mut Machine, q: &mut Queue, p: usize) -> Res<bool> {
    store::make_slow(m, p);
    run(m, q, p)
}

/// Runs the propagator at `p` on the big path.
pub fn run(m: &mut Machine, q: &mut Queue, p: usize) -> Res<bool> {
    let n = arity(m, p);
    let mut xs = Vec::with_capacity(n);
    for i in 0..n {
        match arg(m, p, i) {
            Some(x) => xs.push(x),
            None => return Ok(false),
        }
    }
    let k = kind(m, p);
    match k {
        LIN_EQ | LIN_NE | LIN_LE => {
            let (c, terms) = big_linear_args(m, &xs);
            linear(m, q, p, k, &c, &terms)
        }
        REIF_LIN => reified(m, q, p, &xs),
        TIMES => times(m, q, p, xs[0], xs[1], xs[2]),
        DIV | MOD | REM | POW | MIN | MAX => binary_op(m, q, p, k, xs[0], xs[1], xs[2]),
        ABS => abs(m, q, p, xs[0], xs[1]),
        ABSDIFF_NE => absdiff_ne(m, q, p, xs[0], xs[1], xs[2]),
        ALLDIFF | ALLDISTINCT => all_different(m, q, p, &xs),
        ELEMENT => element(m, q, p, xs[0], xs[1], &xs[2..]),
        _ if xs.iter().any(|&x| is_big_fv(m, x)) => {
            // circuit/1: its variables range over 1..n, so a big value cannot be one.
            Ok(false)
        }
        _ => run_fast(m, q, p, k, &xs),
    }
}

/// The value of a known integer.
fn val(m: &Machine, x: Fv) -> Option<BigInt> {
    big_value(m, store::resolve(m, x))
}

/// `C` and the `(c_i, x_i)` pairs of a linear propagator's arguments.
fn big_linear_args(m: &Machine, xs: &[Fv]) -> (BigInt, Vec<(BigInt, Fv)>) {
    let int = |x: Fv| big_value(m, x).unwrap_or_default();
    let terms = xs[1..]
        .chunks(2)
        .map(|pair| (int(pair[0]), pair[1]))
        .collect();
    (int(xs[0]), terms)
}

/// Does `sum rel c` hold (rel a linear kind)?
pub fn holds(kind: i64, sum: &Number, c: &Number) -> bool {
    let ord = crate::arith::num_cmp(sum, c);
    match kind {
        LIN_EQ => ord.is_eq(),
        LIN_NE => !ord.is_eq(),
        _ => ord.is_le(),
    }
}

/// The finite ends of a domain (`None` for an open one).
fn ends(d: &ZDom) -> (Option<BigInt>, Option<BigInt>) {
    (d.lo().fin().cloned(), d.hi().fin().cloned())
}

fn bounds(m: &Machine, x: Fv) -> (Option<BigInt>, Option<BigInt>) {
    ends(&zdom_of(m, x))
}

fn range(lo: Option<BigInt>, hi: Option<BigInt>) -> ZDom {
    ZDom::range(lo.map_or(Z::Inf, Z::Fin), hi.map_or(Z::Sup, Z::Fin))
}

fn set(m: &mut Machine, q: &mut Queue, x: Fv, v: BigInt) -> Res<bool> {
    narrow_z(m, q, x, &ZDom::single(Z::Fin(v)))
}

/// Floor and ceiling of `a / b` (`b ≠ 0`).
pub fn div_floor(a: &BigInt, b: &BigInt) -> BigInt {
    a.div_floor(b)
}

pub fn div_ceil(a: &BigInt, b: &BigInt) -> BigInt {
    -((-a).div_floor(b))
}

/// Bounds of `k·x` for bounds of x (`None` = open that way).
fn term_bounds(
    k: &BigInt,
    (lo, hi): (Option<BigInt>, Option<BigInt>),
) -> (Option<BigInt>, Option<BigInt>) {
    let (l, h) = (lo.map(|v| v * k), hi.map(|v| v * k));
    if k.is_positive() {
        (l, h)
    } else {
        (h, l)
    }
}

/// The sum of some ends, or `None` if one is open.
fn sum_of<'a>(vs: impl Iterator<Item = &'a Option<BigInt>>) -> (BigInt, usize) {
    let mut s = BigInt::zero();
    let mut open = 0;
    for v in vs {
        match v {
            Some(v) => s += v,
            None => open += 1,
        }
    }
    (s, open)
}

/// Bounds reasoning on `Σ k·x rel c`, as `props::linear` does in i64.
fn linear(
    m: &mut Machine,
    q: &mut Queue,
    p: usize,
    kind: i64,
    c: &BigInt,
    terms: &[(BigInt, Fv)],
) -> Res<bool> {
    let mut fixed_sum = BigInt::zero();
    let mut open: Vec<(BigInt, Fv)> = Vec::new();
    for (k, x) in terms {
        let x = store::resolve(m, *x);
        match val(m, x) {
            Some(v) => fixed_sum += k * v,
            None => open.push((k.clone(), x)),
        }
    }
    let rest = c - &fixed_sum;
    if open.is_empty() {
        kill(m, p);
        let (s, z) = (Number::Int(0), Number::from_big(rest));
        return Ok(holds(kind, &s, &z));
    }
    if kind == LIN_NE {
        if let [(k, x)] = &open[..] {
            kill(m, p);
            if (&rest % k).is_zero() {
                return exclude_z(m, q, *x, &(&rest / k));
            }
        }
        return Ok(true);
    }
    let tb: Vec<_> = open
        .iter()
        .map(|(k, x)| term_bounds(k, bounds(m, *x)))
        .collect();
    let (smin, omin) = sum_of(tb.iter().map(|t| &t.0));
    let (smax, omax) = sum_of(tb.iter().map(|t| &t.1));
    if kind == LIN_LE && omax == 0 && smax <= rest {
        kill(m, p);
        return Ok(true);
    }
    for (i, (k, x)) in open.iter().enumerate() {
        let (tl, th) = &tb[i];
        // The rest of the sum without term i.
        let rest_min = match tl {
            Some(v) if omin == 0 => Some(&smin - v),
            None if omin == 1 => Some(smin.clone()),
            _ => None,
        };
        let rest_max = match th {
            Some(v) if omax == 0 => Some(&smax - v),
            None if omax == 1 => Some(smax.clone()),
            _ => None,
        };
        let term_hi = rest_min.map(|r| &rest - r);
        let term_lo = if kind == LIN_EQ {
            rest_max.map(|r| &rest - r)
        } else {
            None
        };
        let (lo, hi) = if k.is_positive() {
            (
                term_lo.map(|v| div_ceil(&v, k)),
                term_hi.map(|v| div_floor(&v, k)),
            )
        } else {
            (
                term_hi.map(|v| div_ceil(&v, k)),
                term_lo.map(|v| div_floor(&v, k)),
            )
        };
        if !narrow_z(m, q, *x, &range(lo, hi))? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `B ⇔ (Σ k·x rel C)`: args `B, Kind, C, k1, x1, ...`.
fn reified(m: &mut Machine, q: &mut Queue, p: usize, xs: &[Fv]) -> Res<bool> {
    let kind = match xs[1] {
        Fv::Int(k) => k,
        _ => return Ok(true),
    };
    let (c, terms) = big_linear_args(m, &xs[2..]);
    match val(m, xs[0]) {
        Some(b) if b.is_zero() || b == BigInt::from(1) => {
            kill(m, p);
            let (kind, c, terms) = if b.is_zero() {
                negation(kind, c, terms)
            } else {
                (kind, c, terms)
            };
            let terms: Vec<(Number, Fv)> = terms
                .into_iter()
                .map(|(k, x)| (Number::from_big(k), x))
                .collect();
            let p2 = super::post::linear_prop(m, kind, &Number::from_big(c), &terms);
            let vars: Vec<Fv> = terms.iter().map(|t| t.1).collect();
            store::attach(m, p2, &vars);
            store::make_slow(m, p2.addr());
            q.push(p2.addr());
            Ok(true)
        }
        Some(_) => Ok(false),
        None => match status(m, kind, &c, &terms) {
            Some(h) => {
                kill(m, p);
                set(m, q, xs[0], BigInt::from(h as i64))
            }
            None => Ok(true),
        },
    }
}

/// The negated relation: `=` ↔ `≠`, and `Σ ≤ C` ↔ `−Σ ≤ −C − 1`.
fn negation(kind: i64, c: BigInt, terms: Vec<(BigInt, Fv)>) -> (i64, BigInt, Vec<(BigInt, Fv)>) {
    match kind {
        LIN_EQ => (LIN_NE, c, terms),
        LIN_NE => (LIN_EQ, c, terms),
        _ => (
            LIN_LE,
            -c - 1,
            terms.into_iter().map(|(k, x)| (-k, x)).collect(),
        ),
    }
}

/// Is `Σ k·x rel c` decided by the bounds?
fn status(m: &Machine, kind: i64, c: &BigInt, terms: &[(BigInt, Fv)]) -> Option<bool> {
    let tb: Vec<_> = terms
        .iter()
        .map(|(k, x)| term_bounds(k, bounds(m, *x)))
        .collect();
    let (smin, omin) = sum_of(tb.iter().map(|t| &t.0));
    let (smax, omax) = sum_of(tb.iter().map(|t| &t.1));
    let (lo, hi) = ((omin == 0).then_some(smin), (omax == 0).then_some(smax));
    let fixed = matches!((&lo, &hi), (Some(a), Some(b)) if a == b);
    match kind {
        LIN_EQ | LIN_NE => {
            let eq = if fixed {
                Some(lo.as_ref() == Some(c))
            } else if lo.as_ref().is_some_and(|l| l > c) || hi.as_ref().is_some_and(|h| h < c) {
                Some(false)
            } else {
                None
            };
            if kind == LIN_EQ {
                eq
            } else {
                eq.map(|b| !b)
            }
        }
        _ if hi.as_ref().is_some_and(|h| h <= c) => Some(true),
        _ if lo.as_ref().is_some_and(|l| l > c) => Some(false),
        _ => None,
    }
}

/// The product of two ends, an open end times zero being zero.
fn mul_end(a: &Z, b: &Z) -> Z {
    let sign = |z: &Z| match z {
        Z::Inf => -1,
        Z::Sup => 1,
        Z::Fin(v) => v.signum().to_i32(),
    };
    match (a, b) {
        (Z::Fin(x), Z::Fin(y)) => Z::Fin(x * y),
        _ => match sign(a) * sign(b) {
            0 => Z::Fin(BigInt::zero()),
            s if s > 0 => Z::Sup,
            _ => Z::Inf,
        },
    }
}

trait SignumI32 {
    fn to_i32(&self) -> i32;
}

impl SignumI32 for BigInt {
    fn to_i32(&self) -> i32 {
        if self.is_positive() {
            1
        } else if self.is_negative() {
            -1
        } else {
            0
        }
    }
}

/// The bounds of the integer quotients `a = z / b` for `z` and `b` in
/// their ranges, `b` of one sign (`b` never 0): the extremes are at the
/// corners, a finite `z` over an open `b` tending to 0.
pub fn quotient_range(zr: (&Z, &Z), br: (&Z, &Z)) -> (Z, Z) {
    let mut lo = Z::Sup;
    let mut hi = Z::Inf;
    for z in [zr.0, zr.1] {
        for b in [br.0, br.1] {
            let (l, h) = match (z, b) {
                (Z::Fin(z), Z::Fin(b)) => (Z::Fin(div_ceil(z, b)), Z::Fin(div_floor(z, b))),
                (Z::Fin(_), _) => (Z::Fin(BigInt::zero()), Z::Fin(BigInt::zero())),
                // An open z over any b of fixed sign: open that way.
                (open, _) => {
                    let b_neg = br.1 < &Z::Fin(BigInt::zero());
                    let up = (open == &Z::Sup) != b_neg;
                    if up {
                        (Z::Sup, Z::Sup)
                    } else {
                        (Z::Inf, Z::Inf)
                    }
                }
            };
            lo = lo.min(l);
            hi = hi.max(h);
        }
    }
    (lo, hi)
}

/// `X·Y = Z` on any integers, open bounds included.
fn times(m: &mut Machine, q: &mut Queue, p: usize, x: Fv, y: Fv, z: Fv) -> Res<bool> {
    if let (Some(a), Some(b)) = (val(m, x), val(m, y)) {
        kill(m, p);
        return set(m, q, z, a * b);
    }
    let (dx, dy) = (zdom_of(m, x), zdom_of(m, y));
    let (xl, xh, yl, yh) = (dx.lo(), dx.hi(), dy.lo(), dy.hi());
    let ps = [
        mul_end(&xl, &yl),
        mul_end(&xl, &yh),
        mul_end(&xh, &yl),
        mul_end(&xh, &yh),
    ];
    let lo = ps.iter().min().cloned().unwrap_or(Z::Inf);
    let hi = ps.iter().max().cloned().unwrap_or(Z::Sup);
    if !narrow_z(m, q, z, &ZDom::range(lo, hi))? {
        return Ok(false);
    }
    let zero = Z::Fin(BigInt::zero());
    // A product that cannot be 0 has no zero factor.
    if !zdom_of(m, z).contains(zero.clone())
        && (!exclude_z(m, q, x, &BigInt::zero())? || !exclude_z(m, q, y, &BigInt::zero())?)
    {
        return Ok(false);
    }
    for (a, b) in [(x, y), (y, x)] {
        let (db, dz) = (zdom_of(m, b), zdom_of(m, z));
        if db.is_empty() || dz.is_empty() {
            return Ok(false);
        }
        let (bl, bh) = (db.lo(), db.hi());
        if bl > zero || bh < zero {
            let (lo, hi) = quotient_range((&dz.lo(), &dz.hi()), (&bl, &bh));
            if !narrow_z(m, q, a, &ZDom::range(lo, hi))? {
                return Ok(false);
            }
        }
        if let (Some(bv), Some(zv)) = (val(m, b), val(m, z)) {
            if bv.is_zero() {
                return Ok(zv.is_zero());
            }
            if !(&zv % &bv).is_zero() {
                return Ok(false);
            }
            kill(m, p);
            return set(m, q, a, zv / bv);
        }
    }
    Ok(true)
}

/// `//`, `mod`, `rem`, `^`, `min`, `max` on big integers: bounds for min and
/// max, the result once both operands are known.
fn binary_op(m: &mut Machine, q: &mut Queue, p: usize, k: i64, x: Fv, y: Fv, z: Fv) -> Res<bool> {
    if matches!(k, DIV | MOD | REM) && !exclude_z(m, q, y, &BigInt::zero())? {
        return Ok(false);
    }
    if let (Some(a), Some(b)) = (val(m, x), val(m, y)) {
        kill(m, p);
        let (a, b) = (Number::from_big(a), Number::from_big(b));
        let r = match k {
            DIV => int_ops::tdiv(&a, &b),
            MOD => int_ops::modulo(&a, &b),
            REM => int_ops::rem(&a, &b),
            MIN => Ok(crate::arith::compare::min(&a, &b)),
            MAX => Ok(crate::arith::compare::max(&a, &b)),
            // A negative exponent has no integer result but for ±1 (SWI-Prolog fails too).
            _ if b.to_bigint().is_some_and(|e| e.is_negative()) => {
                match a.to_bigint().map(|v| v.abs() == BigInt::from(1)) {
                    Some(true) => pow::pow(&a, &b),
                    _ => return Ok(false),
                }
            }
            _ => pow::pow(&a, &b),
        };
        let v = r.ok().and_then(|n| n.to_bigint());
        return match v {
            Some(v) => set(m, q, z, v),
            None => Ok(false),
        };
    }
    if matches!(k, MIN | MAX) {
        let (dx, dy) = (zdom_of(m, x), zdom_of(m, y));
        let (lo, hi) = if k == MAX {
            (dx.lo().max(dy.lo()), dx.hi().max(dy.hi()))
        } else {
            (dx.lo().min(dy.lo()), dx.hi().min(dy.hi()))
        };
        return narrow_z(m, q, z, &ZDom::range(lo, hi));
    }
    Ok(true)
}

/// `|X| = Z`: Z not negative, and each known from the other.
fn abs(m: &mut Machine, q: &mut Queue, p: usize, x: Fv, z: Fv) -> Res<bool> {
    if !narrow_z(m, q, z, &ZDom::range(Z::Fin(BigInt::zero()), Z::Sup))? {
        return Ok(false);
    }
    if let Some(v) = val(m, x) {
        kill(m, p);
        return set(m, q, z, v.abs());
    }
    if let Some(v) = val(m, z) {
        let both = ZDom::single(Z::Fin(-v.clone())).union(&ZDom::single(Z::Fin(v)));
        return narrow_z(m, q, x, &both);
    }
    Ok(true)
}

/// `|X − Y| ≠ C` once X or Y is known.
fn absdiff_ne(m: &mut Machine, q: &mut Queue, p: usize, x: Fv, y: Fv, c: Fv) -> Res<bool> {
    let Some(c) = val(m, c) else { return Ok(true) };
    let (known, other) = match (val(m, x), val(m, y)) {
        (Some(a), Some(b)) => {
            kill(m, p);
            return Ok((a - b).abs() != c);
        }
        (Some(a), None) => (a, y),
        (None, Some(b)) => (b, x),
        (None, None) => return Ok(true),
    };
    kill(m, p);
    Ok(exclude_z(m, q, other, &(&known + &c))? && exclude_z(m, q, other, &(&known - &c))?)
}

/// all_different/all_distinct on the big path: forward checking.
fn all_different(m: &mut Machine, q: &mut Queue, p: usize, xs: &[Fv]) -> Res<bool> {
    let mut open = 0;
    for (i, &x) in xs.iter().enumerate() {
        let Some(v) = val(m, x) else {
            open += 1;
            continue;
        };
        for (j, &other) in xs.iter().enumerate() {
            if i != j && !exclude_z(m, q, other, &v)? {
                return Ok(false);
            }
        }
    }
    if open == 0 {
        kill(m, p);
    }
    Ok(true)
}

/// `element(I, Xs, V)` on domains: I ranges over the positions whose element
/// can equal V, V over those elements, and a known I equates.
fn element(m: &mut Machine, q: &mut Queue, p: usize, i: Fv, v: Fv, xs: &[Fv]) -> Res<bool> {
    let n = BigInt::from(xs.len());
    if !narrow_z(m, q, i, &ZDom::range(Z::Fin(BigInt::from(1)), Z::Fin(n)))? {
        return Ok(false);
    }
    let dv = zdom_of(m, v);
    let mut positions = ZDom::empty();
    let mut values = ZDom::empty();
    let di = zdom_of(m, i);
    for (k, &x) in xs.iter().enumerate() {
        let pos = Z::Fin(BigInt::from(k + 1));
        if !di.contains(pos.clone()) {
            continue;
        }
        let dx = zdom_of(m, x).intersect(&dv);
        if !dx.is_empty() {
            positions = positions.union(&ZDom::single(pos));
            values = values.union(&dx);
        }
    }
    if !narrow_z(m, q, i, &positions)? || !narrow_z(m, q, v, &values)? {
        return Ok(false);
    }
    if let Some(k) = val(m, i).and_then(|k| usize::try_from(k).ok()) {
        let x = xs[k - 1];
        let dv = zdom_of(m, v);
        if !narrow_z(m, q, x, &dv)? {
            return Ok(false);
        }
        let dx = zdom_of(m, x);
        if !narrow_z(m, q, v, &dx)? {
            return Ok(false);
        }
        if val(m, x).is_some() {
            kill(m, p);
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn z(v: i128) -> Z {
        Z::Fin(BigInt::from(v))
    }

    #[test]
    fn quotients_with_open_ends() {
        // F = 120 = N·F1 with N in 1..sup: F1 in 0..120.
        let (lo, hi) = quotient_range((&z(120), &z(120)), (&z(1), &Z::Sup));
        assert_eq!((lo, hi), (z(0), z(120)));
        let (lo, hi) = quotient_range((&Z::Inf, &z(10)), (&z(2), &z(5)));
        assert_eq!((lo, hi), (Z::Inf, z(5)));
        assert_eq!(mul_end(&Z::Sup, &z(0)), z(0));
        assert_eq!(mul_end(&Z::Inf, &z(-3)), Z::Sup);
    }

    proptest! {
        // The rounding divisions agree with exact rational rounding around the i64 edges.
        #[test]
        fn rounding_matches_i128(a in prop_oneof![any::<i64>(), Just(i64::MAX), Just(i64::MIN)],
                                 b in prop_oneof![1i64..1000, -1000i64..-1, Just(i64::MAX), Just(i64::MIN)]) {
            let (ab, bb) = (BigInt::from(a), BigInt::from(b));
            prop_assert_eq!(div_floor(&ab, &bb), BigInt::from(super::super::props::div_floor(a as i128, b as i128)));
            prop_assert_eq!(div_ceil(&ab, &bb), BigInt::from(super::super::props::div_ceil(a as i128, b as i128)));
        }

        // Every product of values in two ranges lies within the corner bounds, and
        // every exact quotient within quotient_range.
        #[test]
        fn products_and_quotients_are_bounded(
            xl in -(1i64 << 62)..(1i64 << 62), dx in 0i64..1000,
            bl in 1i64..(1i64 << 62), db in 0i64..1000,
            neg in any::<bool>(), tx in 0i64..1000, tb in 0i64..1000,
        ) {
            let (xh, bh) = (xl as i128 + dx as i128, bl as i128 + db as i128);
            let (bl, bh) = if neg { (-bh, -(bl as i128)) } else { (bl as i128, bh) };
            let x = xl as i128 + (tx as i128).min(dx as i128);
            let b = bl + (tb as i128).min(bh - bl);
            let (xl, xh) = (z(xl as i128), z(xh));
            let corners = [mul_end(&xl, &z(bl)), mul_end(&xl, &z(bh)), mul_end(&xh, &z(bl)), mul_end(&xh, &z(bh))];
            let prod = z(x * b);
            prop_assert!(corners.iter().min().unwrap() <= &prod && &prod <= corners.iter().max().unwrap());
            let (qlo, qhi) = quotient_range((&prod, &prod), (&z(bl), &z(bh)));
            prop_assert!(qlo <= z(x) && z(x) <= qhi);
        }
    }
}
