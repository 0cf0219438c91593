//! Nibble vectors: a window of cells packed four bits a cell into an unsigned integer (`u64`
//! for up to 16 cells, `u128` for up to 32), and the SWAR tests that look at every cell at
//! once. A *cell set* in this form has the low bit of each chosen cell's nibble set, so
//! counting a set is one `count_ones` and no cell needs a branch of its own.
//!
//! Tested by: the unit tests below; tests/knights_exact.rs (the wide key).

use std::fmt::Debug;
use std::ops::{Add, BitAnd, BitOr, BitXor, Mul, Not, Shl, Shr, Sub};

/// The integer a window is packed in.
pub trait Word:
    Copy
    + Eq
    + Send
    + Sync
    + Debug
    + Add<Output = Self>
    + Sub<Output = Self>
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + Mul<Output = Self>
    + 'static
{
    const ZERO: Self;
    const ONE: Self;
    /// Cells it holds.
    const CELLS: usize;
    fn from_u8(v: u8) -> Self;
    /// The low cells of a wider word (the caller knows they fit).
    fn from_u128(v: u128) -> Self;
    /// The lowest nibble.
    fn low_nibble(self) -> u8;
    fn ones(self) -> u32;
    fn trailing_zeros(self) -> u32;
}

macro_rules! word {
    ($t:ty, $cells:expr) => {
        impl Word for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const CELLS: usize = $cells;
            #[inline(always)]
            fn from_u8(v: u8) -> Self {
                Self::from(v)
            }
            #[inline(always)]
            fn from_u128(v: u128) -> Self {
                v as Self
            }
            #[inline(always)]
            fn low_nibble(self) -> u8 {
                (self & 15) as u8
            }
            #[inline(always)]
            fn ones(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
        }
    };
}

word!(u64, 16);
word!(u128, 32);

/// The cell set of the first `n` cells.
pub fn lows<W: Word>(n: usize) -> W {
    (0..n).fold(W::ZERO, |m, p| m | W::ONE << (4 * p as u32))
}

/// A cell set given as bits `p` (cell `p`), in nibble form.
pub fn spread<W: Word>(set: u64) -> W {
    (0..64)
        .filter(|p| set >> p & 1 == 1)
        .fold(W::ZERO, |m, p| m | W::ONE << (4 * p))
}

/// The cells (among `lows`) whose nibble in `x` is zero.
#[inline(always)]
pub fn zeros<W: Word>(x: W, lows: W) -> W {
    !(x | x >> 1 | x >> 2 | x >> 3) & lows
}

/// Cell `p`'s value.
#[inline(always)]
pub fn get<W: Word>(x: W, p: u32) -> u8 {
    (x >> (4 * p)).low_nibble()
}

/// `x` with cell `p` set to `v`.
#[inline(always)]
pub fn set<W: Word>(x: W, p: u32, v: u8) -> W {
    (x & !(W::from_u8(15) << (4 * p))) | W::from_u8(v) << (4 * p)
}

/// A cell set widened to whole nibbles (all four bits of each chosen cell).
#[inline(always)]
pub fn fill<W: Word>(set: W) -> W {
    set * W::from_u8(15)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_tests_see_each_nibble() {
        let l: u64 = lows(5);
        assert_eq!(l, 0x1_1111);
        let x: u64 = 0x3_0102; // cells 2, 0, 1, 0, 3
        assert_eq!(zeros(x, l), 0x0_1010);
        assert_eq!(zeros(x ^ l, l), 0x0_0100);
        assert_eq!(get(x, 4), 3);
        assert_eq!(set(x, 1, 0xf), 0x3_01f2);
        assert_eq!(fill(0x1_0001u64), 0xf_000f);
        let s: u128 = spread(0b1_0000_0000_0000_0000_0001);
        assert_eq!(s, 1 | 1 << 80);
    }
}
