//! Finite-domain sets: sorted, disjoint, non-adjacent integer intervals, with
//! `INF`/`SUP` standing for the unbounded ends. Pure values; how a domain is
//! kept on the heap is `store.rs`.
//!
//! Tested by: the unit tests below and tests/clpfd_diff.rs.

use crate::term::cell::{SMALL_MAX, SMALL_MIN};

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

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dom(pub Vec<(i64, i64)>);

impl Dom {
    pub fn full() -> Dom {
        Dom(vec![(INF, SUP)])
    }

    pub fn empty() -> Dom {
        Dom(Vec::new())
    }

    /// `lo..hi` (empty when `lo > hi`).
    pub fn range(lo: i64, hi: i64) -> Dom {
        if lo > hi {
            Dom::empty()
        } else {
            Dom(vec![(lo, hi)])
        }
    }

    pub fn single(v: i64) -> Dom {
        Dom(vec![(v, v)])
    }

    /// The domain of some values given in increasing order.
    pub fn from_sorted(values: impl IntoIterator<Item = i64>) -> Dom {
        let mut out: Vec<(i64, i64)> = Vec::new();
        for v in values {
            match out.last_mut() {
                Some(last) if v <= last.1 + 1 => last.1 = last.1.max(v),
                _ => out.push((v, v)),
            }
        }
        Dom(out)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn lo(&self) -> i64 {
        self.0[0].0
    }

    pub fn hi(&self) -> i64 {
        self.0[self.0.len() - 1].1
    }

    pub fn is_finite(&self) -> bool {
        !self.is_empty() && self.lo() != INF && self.hi() != SUP
    }

    /// The only value, if there is exactly one.
    pub fn value(&self) -> Option<i64> {
        match self.0[..] {
            [(a, b)] if a == b => Some(a),
            _ => None,
        }
    }

    /// Number of values; `None` when infinite.
    pub fn size(&self) -> Option<u64> {
        if !self.is_empty() && !self.is_finite() {
            return None;
        }
        Some(self.0.iter().map(|&(a, b)| (b - a) as u64 + 1).sum())
    }

    pub fn contains(&self, v: i64) -> bool {
        self.0
            .binary_search_by(|&(a, b)| {
                if b < v {
                    std::cmp::Ordering::Less
                } else if a > v {
                    std::cmp::Ordering::Greater
                } else {
                    std::cmp::Ordering::Equal
                }
            })
            .is_ok()
    }

    pub fn intersect(&self, o: &Dom) -> Dom {
        let mut out = Vec::new();
        let (mut i, mut j) = (0, 0);
        while i < self.0.len() && j < o.0.len() {
            let (a1, b1) = self.0[i];
            let (a2, b2) = o.0[j];
            let (a, b) = (a1.max(a2), b1.min(b2));
            if a <= b {
                out.push((a, b));
            }
            if b1 < b2 {
                i += 1;
            } else {
                j += 1;
            }
        }
        Dom(out)
    }

    pub fn union(&self, o: &Dom) -> Dom {
        let mut all: Vec<(i64, i64)> = self.0.iter().chain(o.0.iter()).copied().collect();
        all.sort_unstable();
        let mut out: Vec<(i64, i64)> = Vec::with_capacity(all.len());
        for (a, b) in all {
            match out.last_mut() {
                Some(last) if a <= last.1.saturating_add(1) => last.1 = last.1.max(b),
                _ => out.push((a, b)),
            }
        }
        Dom(out)
    }

    /// The values not in `self` (within `INF..SUP`).
    pub fn complement(&self) -> Dom {
        let mut out = Vec::new();
        let mut next = INF;
        for &(a, b) in &self.0 {
            if a > next {
                out.push((next, a - 1));
            }
            if b == SUP {
                return Dom(out);
            }
            next = b + 1;
        }
        out.push((next, SUP));
        Dom(out)
    }

    /// `self` without `v`.
    pub fn remove(&self, v: i64) -> Dom {
        if !self.contains(v) {
            return self.clone();
        }
        let mut out = Vec::with_capacity(self.0.len() + 1);
        for &(a, b) in &self.0 {
            if v < a || v > b {
                out.push((a, b));
            } else {
                if a < v {
                    out.push((a, v - 1));
                }
                if v < b {
                    out.push((v + 1, b));
                }
            }
        }
        Dom(out)
    }

    /// `self` restricted to `lo..hi`.
    pub fn clip(&self, lo: i64, hi: i64) -> Dom {
        if !self.is_empty() && lo <= self.lo() && hi >= self.hi() {
            return self.clone();
        }
        self.intersect(&Dom::range(lo, hi))
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
        let mut out = Vec::with_capacity(self.0.len());
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a = Dom(vec![(1, 3), (5, 7)]);
        assert_eq!(a.size(), Some(6));
        assert!(a.contains(6) && !a.contains(4));
        assert_eq!(a.remove(2), Dom(vec![(1, 1), (3, 3), (5, 7)]));
        assert_eq!(a.union(&Dom::single(4)), Dom::range(1, 7));
        assert_eq!(a.intersect(&Dom::range(3, 5)), Dom(vec![(3, 3), (5, 5)]));
        assert_eq!(a.clip(2, 6), Dom(vec![(2, 3), (5, 6)]));
        assert_eq!(a.negate(), Dom(vec![(-7, -5), (-3, -1)]));
        assert_eq!(a.complement(), Dom(vec![(INF, 0), (4, 4), (8, SUP)]));
        assert_eq!(Dom::full().complement(), Dom::empty());
        assert_eq!(a.next_at_least(4), Some(5));
        assert_eq!(a.prev_at_most(4), Some(3));
        assert_eq!(Dom::full().size(), None);
        assert_eq!(a.shift(10), Some(Dom(vec![(11, 13), (15, 17)])));
    }
}
