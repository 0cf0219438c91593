//! Finite-domain sets: sorted, disjoint, non-adjacent integer intervals.
//! Pure values; how a domain is kept on the heap is `store.rs`.
//!
//! One set algebra, two kinds of bound (the `Bound` trait): `Dom` (= `Dom<i64>`)
//! holds the common case, values strictly between the small-integer ends,
//! with `INF`/`SUP` (the extreme small integers) for the open ends, so every
//! operation is plain `i64` work; `ZDom` (= `Dom<Z>`) holds any integer as a
//! big integer (`num_bigint::BigInt`, the representation of `term::number`)
//! and is used only for domains that leave the small range (`big.rs`).
//!
//! Tested by: the unit and property tests below and tests/clpfd_diff.rs.

use crate::term::cell::{SMALL_MAX, SMALL_MIN};
use num_bigint::BigInt;
use num_traits::ToPrimitive;
use smallvec::{smallvec, SmallVec};

/// The unbounded lower end (`inf`).
pub const INF: i64 = SMALL_MIN;
/// The unbounded upper end (`sup`).
pub const SUP: i64 = SMALL_MAX;

/// Does `v` fit a domain as a value (strictly between the two ends)?
pub fn representable(v: i128) -> bool {
    v > INF as i128 && v < SUP as i128
}

/// A bound computed in i128 brought back to a domain end: values outside the
/// representable range become the unbounded end (a looser bound, still sound).
pub fn clamp(v: i128) -> i64 {
    if v <= INF as i128 {
        INF
    } else if v >= SUP as i128 {
        SUP
    } else {
        v as i64
    }
}

/// A domain end: an integer or one of the two open ends.
pub trait Bound: Clone + Ord + std::fmt::Debug {
    fn inf() -> Self;
    fn sup() -> Self;
    /// The next integer (an open end stays itself).
    fn succ(&self) -> Self;
    /// The previous integer (an open end stays itself).
    fn pred(&self) -> Self;
}

impl Bound for i64 {
    fn inf() -> i64 {
        INF
    }
    fn sup() -> i64 {
        SUP
    }
    // Values lie strictly inside INF..SUP, so ±1 never leaves i64.
    fn succ(&self) -> i64 {
        if *self == SUP {
            SUP
        } else {
            self + 1
        }
    }
    fn pred(&self) -> i64 {
        if *self == INF {
            INF
        } else {
            self - 1
        }
    }
}

/// Any integer or an open end (variant order = numeric order).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Z {
    Inf,
    Fin(BigInt),
    Sup,
}

impl Bound for Z {
    fn inf() -> Z {
        Z::Inf
    }
    fn sup() -> Z {
        Z::Sup
    }
    fn succ(&self) -> Z {
        match self {
            Z::Fin(v) => Z::Fin(v + 1),
            end => end.clone(),
        }
    }
    fn pred(&self) -> Z {
        match self {
            Z::Fin(v) => Z::Fin(v - 1),
            end => end.clone(),
        }
    }
}

impl Z {
    /// A small domain end as a `Z`.
    pub fn of_small(v: i64) -> Z {
        match v {
            INF => Z::Inf,
            SUP => Z::Sup,
            _ => Z::Fin(BigInt::from(v)),
        }
    }

    /// The end as a small domain end, if it is one (an open end or a representable value).
    pub fn to_small(&self) -> Option<i64> {
        match self {
            Z::Inf => Some(INF),
            Z::Sup => Some(SUP),
            Z::Fin(v) => v.to_i64().filter(|&v| representable(v as i128)),
        }
    }

    pub fn fin(&self) -> Option<&BigInt> {
        match self {
            Z::Fin(v) => Some(v),
            _ => None,
        }
    }
}

/// A domain of any integers.
pub type ZDom = Dom<Z>;

/// The intervals of a domain: most domains have a few, kept off the
/// allocator (a domain is read and rebuilt on every narrowing).
pub type Ivs<T> = SmallVec<[(T, T); 4]>;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dom<T = i64>(pub Ivs<T>);

impl<T: Bound> Dom<T> {
    pub fn full() -> Self {
        Dom(smallvec![(T::inf(), T::sup())])
    }

    pub fn empty() -> Self {
        Dom(SmallVec::new())
    }

    /// `lo..hi` (empty when `lo > hi`).
    pub fn range(lo: T, hi: T) -> Self {
        if lo > hi {
            Dom::empty()
        } else {
            Dom(smallvec![(lo, hi)])
        }
    }

    pub fn single(v: T) -> Self {
        Dom(smallvec![(v.clone(), v)])
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn lo(&self) -> T {
        self.0[0].0.clone()
    }

    pub fn hi(&self) -> T {
        self.0[self.0.len() - 1].1.clone()
    }

    pub fn is_finite(&self) -> bool {
        !self.is_empty() && self.0[0].0 != T::inf() && self.0[self.0.len() - 1].1 != T::sup()
    }

    /// The only value, if there is exactly one.
    pub fn value(&self) -> Option<T> {
        match &self.0[..] {
            [(a, b)] if a == b => Some(a.clone()),
            _ => None,
        }
    }

    pub fn contains(&self, v: T) -> bool {
        self.0
            .binary_search_by(|(a, b)| {
                if *b < v {
                    std::cmp::Ordering::Less
                } else if *a > v {
                    std::cmp::Ordering::Greater
                } else {
                    std::cmp::Ordering::Equal
                }
            })
            .is_ok()
    }

    pub fn intersect(&self, o: &Self) -> Self {
        let mut out = SmallVec::new();
        let (mut i, mut j) = (0, 0);
        while i < self.0.len() && j < o.0.len() {
            let (a1, b1) = &self.0[i];
            let (a2, b2) = &o.0[j];
            let (a, b) = (a1.max(a2), b1.min(b2));
            if a <= b {
                out.push((a.clone(), b.clone()));
            }
            if b1 < b2 {
                i += 1;
            } else {
                j += 1;
            }
        }
        Dom(out)
    }

    pub fn union(&self, o: &Self) -> Self {
        let mut all: Ivs<T> = self.0.iter().chain(o.0.iter()).cloned().collect();
        all.sort_unstable();
        let mut out: Ivs<T> = SmallVec::with_capacity(all.len());
        for (a, b) in all {
            match out.last_mut() {
                Some(last) if a <= last.1.succ() => {
                    if b > last.1 {
                        last.1 = b;
                    }
                }
                _ => out.push((a, b)),
            }
        }
        Dom(out)
    }

    /// The values not in `self` (within `inf..sup`).
    pub fn complement(&self) -> Self {
        let mut out = SmallVec::new();
        let mut next = T::inf();
        for (a, b) in &self.0 {
            if *a > next {
                out.push((next, a.pred()));
            }
            if *b == T::sup() {
                return Dom(out);
            }
            next = b.succ();
        }
        out.push((next, T::sup()));
        Dom(out)
    }

    /// `self` without `v`.
    pub fn remove(&self, v: T) -> Self {
        if !self.contains(v.clone()) {
            return self.clone();
        }
        let mut out = SmallVec::with_capacity(self.0.len() + 1);
        for (a, b) in &self.0 {
            if v < *a || v > *b {
                out.push((a.clone(), b.clone()));
            } else {
                if *a < v {
                    out.push((a.clone(), v.pred()));
                }
                if v < *b {
                    out.push((v.succ(), b.clone()));
                }
            }
        }
        Dom(out)
    }

    /// `self` restricted to `lo..hi`.
    pub fn clip(&self, lo: T, hi: T) -> Self {
        if !self.is_empty() && lo <= self.0[0].0 && hi >= self.0[self.0.len() - 1].1 {
            return self.clone();
        }
        self.intersect(&Dom::range(lo, hi))
    }
}

impl Dom {
    /// The domain of some values given in increasing order.
    pub fn from_sorted(values: impl IntoIterator<Item = i64>) -> Dom {
        let mut out: Ivs<i64> = SmallVec::new();
        for v in values {
            match out.last_mut() {
                Some(last) if v <= last.1 + 1 => last.1 = last.1.max(v),
                _ => out.push((v, v)),
            }
        }
        Dom(out)
    }

    /// Number of values; `None` when infinite.
    pub fn size(&self) -> Option<u64> {
        if !self.is_empty() && !self.is_finite() {
            return None;
        }
        Some(self.0.iter().map(|&(a, b)| (b - a) as u64 + 1).sum())
    }

    /// The same set with big-integer ends. `INF` is open only as a lower
    /// end and `SUP` only as an upper one: `pred(INF + 1)` is the number
    /// `INF` (`inf..INF` holds the values up to -2^60), and the small
    /// arithmetic of `remove`/`complement` computes exactly that.
    pub fn to_z(&self) -> ZDom {
        let lower = |a: i64| {
            if a == INF {
                Z::Inf
            } else {
                Z::Fin(BigInt::from(a))
            }
        };
        let upper = |b: i64| {
            if b == SUP {
                Z::Sup
            } else {
                Z::Fin(BigInt::from(b))
            }
        };
        Dom(self.0.iter().map(|&(a, b)| (lower(a), upper(b))).collect())
    }

    /// Does the set reach past the small range (an interval ending at the
    /// number `INF` or starting at the number `SUP`, see `to_z`)?
    pub fn needs_big(&self) -> bool {
        match (self.0.first(), self.0.last()) {
            (Some(first), Some(last)) => first.1 == INF || last.0 == SUP,
            _ => false,
        }
    }

    /// Every value shifted by `k` (ends stay unbounded); `None` if a value leaves the range.
    pub fn shift(&self, k: i64) -> Option<Dom> {
        let mv = |v: i64| -> Option<i64> {
            if v == INF || v == SUP {
                return Some(v);
            }
            let r = v as i128 + k as i128;
            representable(r).then_some(r as i64)
        };
        let mut out = SmallVec::with_capacity(self.0.len());
        for &(a, b) in &self.0 {
            out.push((mv(a)?, mv(b)?));
        }
        Some(Dom(out))
    }

    /// Every value negated.
    pub fn negate(&self) -> Dom {
        let neg = |v: i64| match v {
            INF => SUP,
            SUP => INF,
            _ => -v,
        };
        Dom(self
            .0
            .iter()
            .rev()
            .map(|&(a, b)| (neg(b), neg(a)))
            .collect())
    }

    /// The values in increasing order (finite domains only).
    pub fn values(&self) -> impl DoubleEndedIterator<Item = i64> + '_ {
        self.0.iter().flat_map(|&(a, b)| a..=b)
    }

    /// The smallest value `>= v`, if any.
    pub fn next_at_least(&self, v: i64) -> Option<i64> {
        self.0
            .iter()
            .find(|&&(_, b)| b >= v)
            .map(|&(a, _)| a.max(v))
    }

    /// The largest value `<= v`, if any.
    pub fn prev_at_most(&self, v: i64) -> Option<i64> {
        self.0
            .iter()
            .rev()
            .find(|&&(a, _)| a <= v)
            .map(|&(_, b)| b.min(v))
    }
}

impl ZDom {
    /// The same set with small ends, if every end is one.
    pub fn to_small(&self) -> Option<Dom> {
        let mut out = SmallVec::with_capacity(self.0.len());
        for (a, b) in &self.0 {
            out.push((a.to_small()?, b.to_small()?));
        }
        Some(Dom(out))
    }

    /// Number of values; `None` when infinite.
    pub fn size(&self) -> Option<BigInt> {
        let mut n = BigInt::from(0);
        for (a, b) in &self.0 {
            n += b.fin()? - a.fin()? + 1;
        }
        Some(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a = Dom(smallvec![(1, 3), (5, 7)]);
        assert_eq!(a.size(), Some(6));
        assert!(a.contains(6) && !a.contains(4));
        assert_eq!(a.remove(2), Dom(smallvec![(1, 1), (3, 3), (5, 7)]));
        assert_eq!(a.union(&Dom::single(4)), Dom::range(1, 7));
        assert_eq!(
            a.intersect(&Dom::range(3, 5)),
            Dom(smallvec![(3, 3), (5, 5)])
        );
        assert_eq!(a.clip(2, 6), Dom(smallvec![(2, 3), (5, 6)]));
        assert_eq!(a.negate(), Dom(smallvec![(-7, -5), (-3, -1)]));
        assert_eq!(a.complement(), Dom(smallvec![(INF, 0), (4, 4), (8, SUP)]));
        assert_eq!(Dom::<i64>::full().complement(), Dom::empty());
        assert_eq!(a.next_at_least(4), Some(5));
        assert_eq!(a.prev_at_most(4), Some(3));
        assert_eq!(Dom::<i64>::full().size(), None);
        assert_eq!(a.shift(10), Some(Dom(smallvec![(11, 13), (15, 17)])));
    }

    use proptest::prelude::*;

    /// Values near 0 and near the two ends of the small range.
    fn edge_value() -> impl Strategy<Value = i64> {
        prop_oneof![-20i64..20, (INF + 1)..(INF + 20), (SUP - 20)..SUP]
    }

    fn small_dom() -> impl Strategy<Value = Dom> {
        proptest::collection::vec(edge_value(), 0..8).prop_map(|mut vs| {
            vs.sort_unstable();
            Dom::from_sorted(vs)
        })
    }

    proptest! {
        // The big-integer domains compute the same sets as the small ones,
        // the open ends included, with no wrap at the edges.
        #[test]
        fn big_domains_agree_with_small(a in small_dom(), b in small_dom(), v in edge_value()) {
            prop_assert_eq!(a.intersect(&b).to_z(), a.to_z().intersect(&b.to_z()));
            prop_assert_eq!(a.union(&b).to_z(), a.to_z().union(&b.to_z()));
            prop_assert_eq!(a.complement().to_z(), a.to_z().complement());
            prop_assert_eq!(a.remove(v).to_z(), a.to_z().remove(Z::of_small(v)));
            prop_assert_eq!(a.contains(v), a.to_z().contains(Z::of_small(v)));
            prop_assert_eq!(a.to_z().to_small(), Some(a.clone()));
            let sz = a.size().map(BigInt::from);
            prop_assert_eq!(a.to_z().size(), sz);
        }

        // A big domain just past the small range never reads back as small.
        #[test]
        fn past_the_edge_stays_big(k in 0i64..4) {
            let past = ZDom::single(Z::Fin(BigInt::from(SUP) + k));
            prop_assert_eq!(past.to_small(), None);
            let below = ZDom::single(Z::Fin(BigInt::from(INF) - k));
            prop_assert_eq!(below.to_small(), None);
        }
    }
}
