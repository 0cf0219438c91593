//! The numbers the frontier programme counts with: `u64`, or `N` words (`[u64; N]`, least
//! significant first) when a count may pass 2^64 — with **saturating** addition, so a count
//! is never silently wrapped.
//!
//! Why saturation proves the answer exact: the programme only ever adds non-negative counts
//! (a successor takes its parent's count; equal states add up). A saturated value is the
//! largest value, and every sum that takes it in is the largest value again. The final count
//! is the sum of the counts that reach the accepting state, so if any of them saturated the
//! final count is the largest value; contrapositively, a final count below the largest value
//! had no saturated term on its way and is the exact count. States that saturate and then die
//! do not matter. [`super::count`] runs with `u64` and doubles the words while the answer
//! comes out saturated.
//!
//! Tested by: tests/knights_exact.rs (OEIS A070030 up to 3 x 100, brute force on small boards)
//! and the unit tests below.

use num_bigint::BigUint;

/// A count of the programme: non-negative, added with saturation.
pub trait Amount: Copy + Eq + Send + Sync + std::fmt::Debug + 'static {
    /// Bytes in a spill file.
    const BYTES: usize;
    const ONE: Self;
    /// `self + other`, or the largest value if that does not fit.
    fn plus(self, other: Self) -> Self;
    fn is_saturated(self) -> bool;
    fn write_le(self, out: &mut [u8]);
    fn read_le(bytes: &[u8]) -> Self;
    fn to_big(self) -> BigUint;
}

impl Amount for u64 {
    const BYTES: usize = 8;
    const ONE: u64 = 1;
    #[inline(always)]
    fn plus(self, other: u64) -> u64 {
        self.saturating_add(other)
    }
    fn is_saturated(self) -> bool {
        self == u64::MAX
    }
    fn write_le(self, out: &mut [u8]) {
        out.copy_from_slice(&self.to_le_bytes());
    }
    fn read_le(bytes: &[u8]) -> u64 {
        let mut b = [0u8; 8];
        b.copy_from_slice(bytes);
        u64::from_le_bytes(b)
    }
    fn to_big(self) -> BigUint {
        BigUint::from(self)
    }
}

impl<const N: usize> Amount for [u64; N] {
    const BYTES: usize = 8 * N;
    const ONE: [u64; N] = {
        let mut a = [0u64; N];
        a[0] = 1;
        a
    };
    #[inline]
    fn plus(self, other: Self) -> Self {
        let mut out = [0u64; N];
        let mut carry = false;
        for (o, (a, b)) in out.iter_mut().zip(self.iter().zip(&other)) {
            let (s, c1) = a.overflowing_add(*b);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *o = s;
            carry = c1 || c2;
        }
        if carry {
            [u64::MAX; N]
        } else {
            out
        }
    }
    fn is_saturated(self) -> bool {
        self.iter().all(|&w| w == u64::MAX)
    }
    fn write_le(self, out: &mut [u8]) {
        for (chunk, w) in out.chunks_exact_mut(8).zip(self) {
            chunk.copy_from_slice(&w.to_le_bytes());
        }
    }
    fn read_le(bytes: &[u8]) -> Self {
        let mut a = [0u64; N];
        for (w, chunk) in a.iter_mut().zip(bytes.chunks_exact(8)) {
            *w = u64::read_le(chunk);
        }
        a
    }
    fn to_big(self) -> BigUint {
        let digits: Vec<u32> = self
            .iter()
            .flat_map(|&w| [w as u32, (w >> 32) as u32])
            .collect();
        BigUint::new(digits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_carry_and_saturate() {
        let a: [u64; 2] = [u64::MAX, 0];
        assert_eq!(a.plus(<[u64; 2]>::ONE), [0, 1]);
        assert_eq!(a.plus(a).to_big(), BigUint::from(u64::MAX) * 2u32);
        let top: [u64; 2] = [0, u64::MAX];
        assert!(top.plus(top).is_saturated());
        assert!(!top.is_saturated());
        assert_eq!(u64::MAX.plus(1), u64::MAX);
        let mut b = [0u8; 16];
        [5u64, 7].write_le(&mut b);
        assert_eq!(<[u64; 2]>::read_le(&b), [5, 7]);
    }
}
