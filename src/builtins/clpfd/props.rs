//! The propagators of arithmetic constraints and their dispatch: linear
//! (in)equalities with bounds reasoning (domain reasoning for `X = Y + C`),
//! and the non-linear operations the expression compiler (`post.rs`) breaks
//! expressions into. Global constraints are in `global.rs`.
//!
//! A propagator is the heap term `'$p'(State, Kind, Args...)` (`store.rs`);
//! `run` reads its arguments as they are now, narrows domains through the
//! store and kills the propagator once it is entailed.
//!
//! Everything here is small (`i64` values strictly inside the small range,
//! `i128` intermediates, checked where a sum could overflow): where a value
//! or a bound would leave that range the propagator moves to the big path
//! (`big::go_slow`), which computes the same with big integers.
//!
//! Tested by: tests/clpfd_diff.rs.

use super::big::go_slow;
use super::dom::{clamp, representable, Dom, INF, SUP};
use super::store::{self, bounds_of, dom_of, exclude, fv, kill, narrow, narrow_bounds, Fv, Queue};
use crate::engine::error::Res;
use crate::engine::Machine;
use smallvec::SmallVec;

/// `Σ c_i·x_i = C`: args `C, c1, x1, c2, x2, ...`.
pub const LIN_EQ: i64 = 0;
/// `Σ c_i·x_i ≠ C`.
pub const LIN_NE: i64 = 1;
/// `Σ c_i·x_i ≤ C`.
pub const LIN_LE: i64 = 2;
/// `X·Y = Z`: args `X, Y, Z` (as for the other binary operations).
pub const TIMES: i64 = 3;
/// `X // Y = Z` (truncating).
pub const DIV: i64 = 4;
pub const MOD: i64 = 5;
pub const REM: i64 = 6;
/// `|X| = Z`: args `X, Z`.
pub const ABS: i64 = 7;
pub const MIN: i64 = 8;
pub const MAX: i64 = 9;
pub const POW: i64 = 10;
pub const ALLDIFF: i64 = 11;
pub const ALLDISTINCT: i64 = 12;
pub const CIRCUIT: i64 = 13;
/// `element(I, [X1..Xn], V)`: args `I, V, X1, ..., Xn`.
pub const ELEMENT: i64 = 14;
/// `B ⇔ (Σ c_i·x_i Rel C)`: args `B, Rel, C, c1, x1, ...` (Rel a linear kind).
pub const REIF_LIN: i64 = 15;
/// `|X − Y| ≠ C`: args `X, Y, C` (the N-queens diagonals; forward checking, as SWI-Prolog's).
pub const ABSDIFF_NE: i64 = 16;

/// Propagators of these kinds act only on arguments that became known
/// (forward checking): a narrowed domain that stays open cannot wake them to
/// any effect, so `store::schedule` lets them sleep through it.
pub fn wakes_on_bind_only(kind: i64) -> bool {
    matches!(kind, LIN_NE | ABSDIFF_NE | ALLDIFF)
}

/// A propagator's arguments or linear terms: most have a handful, kept off the allocator.
pub type Args<T> = SmallVec<[T; 8]>;

/// Number of arguments of the propagator at `p` and argument `i` as an FD value.
pub fn arity(m: &Machine, p: usize) -> usize {
    m.heap.get(p).fun_arity() - 2
}

pub fn arg(m: &Machine, p: usize, i: usize) -> Option<Fv> {
    fv(m, m.heap.get(p + 3 + i))
}

pub fn kind(m: &Machine, p: usize) -> i64 {
    m.heap.get(p + 2).get_int()
}

/// Runs the propagator at `p`: false if it finds the constraint unsatisfiable.
pub fn run(m: &mut Machine, q: &mut Queue, p: usize) -> Res<bool> {
    if store::is_slow(m, p) {
        return super::big::run(m, q, p);
    }
    let n = arity(m, p);
    let mut xs: Args<Fv> = SmallVec::with_capacity(n);
    for i in 0..n {
        match arg(m, p, i) {
            Some(Fv::Big(_)) => return go_slow(m, q, p),
            Some(x) => xs.push(x),
            None => return Ok(false),
        }
    }
    run_fast(m, q, p, kind(m, p), &xs)
}

/// The fast kernel of a propagator of kind `k` on its (small) arguments `xs`.
pub fn run_fast(m: &mut Machine, q: &mut Queue, p: usize, k: i64, xs: &[Fv]) -> Res<bool> {
    match k {
        LIN_EQ | LIN_NE | LIN_LE => {
            let (c, terms) = linear_args(xs);
            linear(m, q, p, k, c, &terms)
        }
        TIMES => times(m, q, p, xs[0], xs[1], xs[2]),
        k @ (DIV | MOD | REM | POW) => arith_op(m, q, p, k, xs[0], xs[1], xs[2]),
        ABS => abs(m, q, p, xs[0], xs[1]),
        MIN => min_max(m, q, p, false, xs[0], xs[1], xs[2]),
        MAX => min_max(m, q, p, true, xs[0], xs[1], xs[2]),
        ALLDIFF | ALLDISTINCT => super::global::all_different(m, q, p, xs),
        CIRCUIT => super::global::circuit(m, q, p, xs),
        ELEMENT => super::global::element(m, q, p, xs[0], xs[1], &xs[2..]),
        REIF_LIN => super::reif::reified_linear(m, q, p, xs),
        ABSDIFF_NE => absdiff_ne(m, q, p, xs[0], xs[1], xs[2]),
        _ => Ok(true),
    }
}

/// `C` and the `(c_i, x_i)` pairs of a linear propagator's arguments.
pub fn linear_args(xs: &[Fv]) -> (i64, Args<(i64, Fv)>) {
    let int = |x: Fv| match x {
        Fv::Int(v) => v,
        _ => 0,
    };
    let c = int(xs[0]);
    let mut terms: Args<(i64, Fv)> = xs[1..]
        .chunks(2)
        .map(|pair| (int(pair[0]), pair[1]))
        .collect();
    merge_aliases(&mut terms);
    (c, terms)
}

/// Terms whose variables were unified since posting (`X #> Y, X = Y`) are
/// merged, so the propagator sees `0·X` instead of two independent terms.
fn merge_aliases(terms: &mut Args<(i64, Fv)>) {
    let mut addrs: Args<usize> = terms
        .iter()
        .filter_map(|t| match t.1 {
            Fv::Var(a) => Some(a),
            _ => None,
        })
        .collect();
    let n = addrs.len();
    addrs.sort_unstable();
    addrs.dedup();
    if addrs.len() == n {
        return;
    }
    let mut merged: Args<(i64, Fv)> = SmallVec::with_capacity(terms.len());
    for &(k, x) in terms.iter() {
        match merged
            .iter_mut()
            .find(|t| matches!(x, Fv::Var(_)) && t.1 == x)
        {
            Some(t) => t.0 += k,
            None => merged.push((k, x)),
        }
    }
    merged.retain(|t| t.0 != 0);
    *terms = merged;
}

/// Floor and ceiling division in i128.
pub fn div_floor(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

pub fn div_ceil(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

/// A bound as i128, `None` for an unbounded end.
fn fin(v: i64) -> Option<i128> {
    (v != INF && v != SUP).then_some(v as i128)
}

/// Bounds of `c·x` (`None` = unbounded that way).
fn term_bounds(c: i64, (lo, hi): (i64, i64)) -> (Option<i128>, Option<i128>) {
    let c = c as i128;
    let (l, h) = (fin(lo).map(|v| v * c), fin(hi).map(|v| v * c));
    if c > 0 {
        (l, h)
    } else {
        (h, l)
    }
}

/// Sum of the terms' minima (or maxima) and the number of unbounded ones;
/// `None` if the finite sum overflows i128 (each term is below 2^120 in size,
/// so only sums of over a hundred extreme terms can).
fn sum_bounds(tb: &[(Option<i128>, Option<i128>)], upper: bool) -> Option<(i128, usize)> {
    let mut s = 0i128;
    let mut open = 0;
    for &(l, h) in tb {
        match if upper { h } else { l } {
            Some(v) => s = s.checked_add(v)?,
            None => open += 1,
        }
    }
    Some((s, open))
}

/// A computed lower and upper bound for a small variable: clamped to the
/// open ends (exact, as small values lie inside them), `None` when the
/// variable would need a value past them (the big path's work).
fn small_bounds(lo: Option<i128>, hi: Option<i128>) -> Option<(i64, i64)> {
    if lo.is_some_and(|v| v >= SUP as i128) || hi.is_some_and(|v| v <= INF as i128) {
        return None;
    }
    Some((lo.map_or(INF, clamp), hi.map_or(SUP, clamp)))
}

/// Evaluates the relation for fixed values.
pub fn linear_holds(kind: i64, sum: i128, c: i64) -> bool {
    match kind {
        LIN_EQ => sum == c as i128,
        LIN_NE => sum != c as i128,
        _ => sum <= c as i128,
    }
}

/// Is the linear relation entailed (1), disentailed (0) or open (None) by the bounds?
/// (Undecided, too, when the sums overflow: deciding is then left to the
/// linear propagator posted once B is known.)
pub fn linear_status(m: &Machine, kind: i64, c: i64, terms: &[(i64, Fv)]) -> Option<bool> {
    let tb: Vec<_> = terms
        .iter()
        .map(|&(k, x)| term_bounds(k, bounds_of(m, x)))
        .collect();
    let (smin, omin) = sum_bounds(&tb, false)?;
    let (smax, omax) = sum_bounds(&tb, true)?;
    let c = c as i128;
    let fixed = omin == 0 && omax == 0 && smin == smax;
    match kind {
        LIN_EQ | LIN_NE => {
            let eq = if fixed {
                Some(smin == c)
            } else if (omin == 0 && smin > c) || (omax == 0 && smax < c) {
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
        _ => {
            if omax == 0 && smax <= c {
                Some(true)
            } else if omin == 0 && smin > c {
                Some(false)
            } else {
                None
            }
        }
    }
}

fn linear(
    m: &mut Machine,
    q: &mut Queue,
    p: usize,
    kind: i64,
    c: i64,
    terms: &[(i64, Fv)],
) -> Res<bool> {
    let unfixed: Args<usize> = (0..terms.len())
        .filter(|&i| matches!(terms[i].1, Fv::Var(_)))
        .collect();
    let mut fixed_sum: i128 = 0;
    for &(k, x) in terms {
        if let Fv::Int(v) = x {
            match fixed_sum.checked_add(k as i128 * v as i128) {
                Some(s) => fixed_sum = s,
                None => return go_slow(m, q, p),
            }
        }
    }
    if unfixed.is_empty() {
        kill(m, p);
        return Ok(linear_holds(kind, fixed_sum, c));
    }
    if kind == LIN_NE {
        if unfixed.len() == 1 {
            let (k, x) = terms[unfixed[0]];
            let rest = c as i128 - fixed_sum;
            if rest % k as i128 == 0 {
                if !representable(rest / k as i128) {
                    // The value may lie in an open end: exclude it there.
                    return go_slow(m, q, p);
                }
                kill(m, p);
                return exclude(m, q, x, (rest / k as i128) as i64);
            }
            kill(m, p);
        }
        return Ok(true);
    }
    if kind == LIN_EQ && unfixed.len() == 2 {
        let (k1, x1) = terms[unfixed[0]];
        let (k2, x2) = terms[unfixed[1]];
        if k1.abs() == 1 && k2.abs() == 1 {
            return two_var_eq(m, q, p, (k1, x1), (k2, x2), c as i128 - fixed_sum);
        }
    }
    let tb: Args<_> = terms
        .iter()
        .map(|&(k, x)| term_bounds(k, bounds_of(m, x)))
        .collect();
    let (Some((smin, omin)), Some((smax, omax))) = (sum_bounds(&tb, false), sum_bounds(&tb, true))
    else {
        return go_slow(m, q, p);
    };
    if kind == LIN_LE && omax == 0 && smax <= c as i128 {
        kill(m, p);
        return Ok(true);
    }
    let c = c as i128;
    for (i, &(k, x)) in terms.iter().enumerate() {
        if let Fv::Int(_) = x {
            continue;
        }
        let (tl, th) = tb[i];
        // Bounds of the rest of the sum without term i.
        // (Overflow checks: the sums are within i128 but a difference may not be.)
        let rest_min = match tl {
            Some(v) if omin == 0 => smin.checked_sub(v).map(Some),
            None if omin == 1 => Some(Some(smin)),
            _ => Some(None),
        };
        let rest_max = match th {
            Some(v) if omax == 0 => smax.checked_sub(v).map(Some),
            None if omax == 1 => Some(Some(smax)),
            _ => Some(None),
        };
        let (Some(rest_min), Some(rest_max)) = (rest_min, rest_max) else {
            return go_slow(m, q, p);
        };
        // k·x ≤ c − rest_min, and for an equation k·x ≥ c − rest_max.
        let (Some(term_hi), Some(term_lo)) = (
            rest_min.map_or(Some(None), |r| c.checked_sub(r).map(Some)),
            match rest_max {
                Some(r) if kind == LIN_EQ => c.checked_sub(r).map(Some),
                _ => Some(None),
            },
        ) else {
            return go_slow(m, q, p);
        };
        let k = k as i128;
        let (lo, hi) = if k > 0 {
            (
                term_lo.map(|v| div_ceil(v, k)),
                term_hi.map(|v| div_floor(v, k)),
            )
        } else {
            (
                term_hi.map(|v| div_ceil(v, k)),
                term_lo.map(|v| div_floor(v, k)),
            )
        };
        let Some((lo, hi)) = small_bounds(lo, hi) else {
            return go_slow(m, q, p);
        };
        if !narrow_bounds(m, q, x, lo, hi)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `k1·x1 + k2·x2 = r` with unit coefficients: each domain narrowed to the
/// image of the other (keeps holes, as SWI-Prolog does for `X #= Y + C`).
fn two_var_eq(
    m: &mut Machine,
    q: &mut Queue,
    p: usize,
    (k1, x1): (i64, Fv),
    (k2, x2): (i64, Fv),
    r: i128,
) -> Res<bool> {
    // x1 = (r − k2·x2)/k1 = k1·r − k1·k2·x2 (k1 = ±1).
    let image = |d: Dom, ka: i64, kb: i64| -> Option<Dom> {
        let d = if ka * kb == 1 { d.negate() } else { d };
        let shift = ka as i128 * r;
        if !representable(shift) {
            return None;
        }
        d.shift(shift as i64)
    };
    let d2 = dom_of(m, x2);
    let Some(img) = image(d2, k1, k2) else {
        return go_slow(m, q, p);
    };
    if !narrow(m, q, x1, &img)? {
        return Ok(false);
    }
    let x1 = store::fv(m, store::fv_cell(x1)).unwrap_or(x1);
    if let Fv::Big(_) = x1 {
        return go_slow(m, q, p);
    }
    let d1 = dom_of(m, x1);
    let Some(img) = image(d1, k2, k1) else {
        return go_slow(m, q, p);
    };
    narrow(m, q, x2, &img)
}

fn fixed(x: Fv) -> Option<i64> {
    match x {
        Fv::Int(v) => Some(v),
        _ => None,
    }
}

/// Sets `x` to `v`, on the big path when `v` is not small.
fn set_value(m: &mut Machine, q: &mut Queue, p: usize, x: Fv, v: i128) -> Res<bool> {
    if !representable(v) {
        return go_slow(m, q, p);
    }
    narrow(m, q, x, &Dom::single(v as i64))
}

/// Current value of `x` re-read (a narrowing may have bound it).
fn now(m: &Machine, x: Fv) -> Fv {
    fv(m, store::fv_cell(x)).unwrap_or(x)
}

fn times(m: &mut Machine, q: &mut Queue, p: usize, x: Fv, y: Fv, z: Fv) -> Res<bool> {
    if let (Some(a), Some(b)) = (fixed(x), fixed(y)) {
        let v = a as i128 * b as i128;
        if representable(v) {
            kill(m, p);
        }
        return set_value(m, q, p, z, v);
    }
    let (xb, yb, zb) = (bounds_of(m, x), bounds_of(m, y), bounds_of(m, z));
    // Open bounds need the quotient reasoning of the big path (`N·F1 = 120`
    // with N in 1..sup bounds F1).
    let (Some(xl), Some(xh), Some(yl), Some(yh), Some(_), Some(_)) = (
        fin(xb.0),
        fin(xb.1),
        fin(yb.0),
        fin(yb.1),
        fin(zb.0),
        fin(zb.1),
    ) else {
        return go_slow(m, q, p);
    };
    // Z within the products of the bounds.
    let ps = [xl * yl, xl * yh, xh * yl, xh * yh];
    let (lo, hi) = (*ps.iter().min().unwrap(), *ps.iter().max().unwrap());
    let Some((lo, hi)) = small_bounds(Some(lo), Some(hi)) else {
        return go_slow(m, q, p);
    };
    if !narrow_bounds(m, q, z, lo, hi)? {
        return Ok(false);
    }
    // A product that cannot be 0 has no zero factor.
    if !dom_of(m, now(m, z)).contains(0) && (!exclude(m, q, x, 0)? || !exclude(m, q, y, 0)?) {
        return Ok(false);
    }
    // X (and Y) within the quotients when the other factor has one sign.
    for (a, b) in [(x, y), (y, x)] {
        let (a, b, z) = (now(m, a), now(m, b), now(m, z));
        let (bb, zb) = (bounds_of(m, b), bounds_of(m, z));
        if fixed(a).is_some() && fixed(b).is_some() {
            continue;
        }
        if let (Some(bl), Some(bh), Some(zl), Some(zh)) =
            (fin(bb.0), fin(bb.1), fin(zb.0), fin(zb.1))
        {
            if bl > 0 || bh < 0 {
                let lo = [
                    div_ceil(zl, bl),
                    div_ceil(zl, bh),
                    div_ceil(zh, bl),
                    div_ceil(zh, bh),
                ];
                let hi = [
                    div_floor(zl, bl),
                    div_floor(zl, bh),
                    div_floor(zh, bl),
                    div_floor(zh, bh),
                ];
                let lo = clamp(*lo.iter().min().unwrap());
                let hi = clamp(*hi.iter().max().unwrap());
                if !narrow_bounds(m, q, a, lo, hi)? {
                    return Ok(false);
                }
            }
        }
        if let (Some(bv), Some(zv)) = (fixed(now(m, b)), fixed(now(m, z))) {
            if bv == 0 && zv != 0 {
                return Ok(false);
            }
            if bv != 0 {
                if zv as i128 % bv as i128 != 0 {
                    return Ok(false);
                }
                return set_value(m, q, p, now(m, a), zv as i128 / bv as i128);
            }
        }
    }
    Ok(true)
}

/// `//`, `mod`, `rem`, `^`: the result once both operands are known, and simple bounds.
fn arith_op(m: &mut Machine, q: &mut Queue, p: usize, k: i64, x: Fv, y: Fv, z: Fv) -> Res<bool> {
    if k != POW && !exclude(m, q, y, 0)? {
        return Ok(false);
    }
    let y = now(m, y);
    if let (Some(a), Some(b)) = (fixed(x), fixed(y)) {
        kill(m, p);
        let (a, b) = (a as i128, b as i128);
        let v = match k {
            DIV => a / b,
            MOD => a - b * div_floor(a, b),
            REM => a % b,
            _ => match power(a, b) {
                Some(v) => v,
                None if b < 0 => return Ok(false),
                None => return go_slow(m, q, p),
            },
        };
        return set_value(m, q, p, z, v);
    }
    let (xb, yb) = (bounds_of(m, x), bounds_of(m, y));
    let (lo, hi) = match k {
        MOD => match fin(yb.0).zip(fin(yb.1)) {
            Some((_, h)) if yb.0 > 0 => (0, clamp(h - 1)),
            Some((l, _)) if yb.1 < 0 => (clamp(l + 1), 0),
            Some((l, h)) => (clamp(l.min(0) + 1), clamp(h.max(0) - 1)),
            None => (INF, SUP),
        },
        REM => {
            let m_ = fin(yb.0)
                .zip(fin(yb.1))
                .map(|(l, h)| l.abs().max(h.abs()) - 1);
            let lo = if xb.0 >= 0 { Some(0) } else { m_.map(|v| -v) };
            let hi = if xb.1 <= 0 { Some(0) } else { m_ };
            (lo.map_or(INF, clamp), hi.map_or(SUP, clamp))
        }
        DIV => match (fin(xb.0), fin(xb.1)) {
            (Some(l), Some(h)) => {
                let a = l.abs().max(h.abs());
                (clamp(-a), clamp(a))
            }
            _ => (INF, SUP),
        },
        _ => match (fin(xb.0), fin(xb.1), fin(yb.0), fin(yb.1)) {
            (Some(xl), Some(xh), Some(yl), Some(yh)) if xl >= 1 && yl >= 0 => {
                let Some(lo) = power(xl, yl) else {
                    return go_slow(m, q, p);
                };
                (clamp(lo), power(xh, yh).map_or(SUP, clamp))
            }
            _ => (INF, SUP),
        },
    };
    narrow_bounds(m, q, z, lo, hi)
}

/// `a^b` for `b >= 0` (and the exact cases of negative `b`); `None` when too big.
fn power(a: i128, b: i128) -> Option<i128> {
    if b < 0 {
        return match a {
            1 => Some(1),
            -1 => Some(if b % 2 == 0 { 1 } else { -1 }),
            _ => None,
        };
    }
    let mut r: i128 = 1;
    for _ in 0..b.min(200) {
        r = r.checked_mul(a)?;
        if !representable(r) {
            return None;
        }
    }
    if b > 200 && !(a == 0 || a == 1 || a == -1) {
        return None;
    }
    if b > 200 && a == -1 {
        return Some(if b % 2 == 0 { 1 } else { -1 });
    }
    Some(r)
}

/// `|X| = Z`: each domain narrowed to the image of the other.
fn abs(m: &mut Machine, q: &mut Queue, p: usize, x: Fv, z: Fv) -> Res<bool> {
    let dz = dom_of(m, z).clip(0, SUP);
    if !narrow(m, q, x, &dz.union(&dz.negate()))? {
        return Ok(false);
    }
    let dx = dom_of(m, now(m, x));
    let img = dx.union(&dx.negate()).clip(0, SUP);
    if !narrow(m, q, z, &img)? {
        return Ok(false);
    }
    if fixed(now(m, x)).is_some() {
        kill(m, p);
    }
    Ok(true)
}

/// `|X − Y| ≠ C` once X or Y is known: the other loses the two values at distance C.
fn absdiff_ne(m: &mut Machine, q: &mut Queue, p: usize, x: Fv, y: Fv, c: Fv) -> Res<bool> {
    let Some(c) = fixed(c) else { return Ok(true) };
    let (known, other) = match (fixed(x), fixed(y)) {
        (Some(a), Some(b)) => {
            kill(m, p);
            return Ok((a as i128 - b as i128).abs() != c as i128);
        }
        (Some(a), None) => (a, y),
        (None, Some(b)) => (b, x),
        (None, None) => return Ok(true),
    };
    let vs = [known as i128 + c as i128, known as i128 - c as i128];
    if !vs.iter().all(|&v| representable(v)) {
        return go_slow(m, q, p);
    }
    kill(m, p);
    for v in vs {
        if !exclude(m, q, other, v as i64)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `min(X, Y) = Z` (`max` when `is_max`), on bounds.
fn min_max(
    m: &mut Machine,
    q: &mut Queue,
    p: usize,
    is_max: bool,
    x: Fv,
    y: Fv,
    z: Fv,
) -> Res<bool> {
    if let (Some(a), Some(b)) = (fixed(x), fixed(y)) {
        kill(m, p);
        return set_value(m, q, p, z, if is_max { a.max(b) } else { a.min(b) } as i128);
    }
    let (xb, yb) = (bounds_of(m, x), bounds_of(m, y));
    let (lo, hi) = if is_max {
        (xb.0.max(yb.0), xb.1.max(yb.1))
    } else {
        (xb.0.min(yb.0), xb.1.min(yb.1))
    };
    if !narrow_bounds(m, q, z, lo, hi)? {
        return Ok(false);
    }
    let zb = bounds_of(m, now(m, z));
    for a in [x, y] {
        let ok = if is_max {
            narrow_bounds(m, q, now(m, a), INF, zb.1)?
        } else {
            narrow_bounds(m, q, now(m, a), zb.0, SUP)?
        };
        if !ok {
            return Ok(false);
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_division() {
        assert_eq!(div_floor(-7, 2), -4);
        assert_eq!(div_ceil(-7, 2), -3);
        assert_eq!(div_floor(7, -2), -4);
        assert_eq!(div_ceil(7, 2), 4);
        assert_eq!(power(2, 10), Some(1024));
        assert_eq!(power(2, 100), None);
        assert_eq!(power(-1, -3), Some(-1));
    }
}
