//! A dense key for windows of up to 17 cells (boards 8 wide): 57 bits instead of the 70 that
//! four bits a cell take, so the 8 x 8 count stores a state in one word (16-byte entries with
//! a 64-bit count instead of 24). The window is edited in its 4-bit form as before
//! ([`super::state`]); only storing and hashing use the dense form.
//!
//! **Encoding.** Each cell keeps two bits of its kind — FREE, DONE, DANGLING or *end of a
//! pair* — and the pairing of the ends is ranked among all pairings: labels are canonical (in
//! order of first appearance), so reading the ends in order, each one either opens the next
//! label or closes one of the labels open so far. [`completions`]`[r][o]` counts the ways to
//! finish `r` more ends with `o` labels open; the rank adds, at each end, the completions of
//! the choices ordered before the one taken (open first, then closing the first open label,
//! the second, ...). 17 cells hold at most 16 ends, 8 pairs: 15!! = 2,027,025 pairings, 21
//! bits. Key = kinds (2 bits a cell) | ends of the path (2 bits) | pairing rank.
//!
//! Tested by: the unit tests below (every reachable state round-trips and distinct windows
//! get distinct keys); tests/knights_frontier.rs counts through this key.

use super::state::{Key, FIRST_LABEL};

/// The widest window the dense key holds.
pub const DENSE_CELLS: usize = 17;

/// A window of at most [`DENSE_CELLS`] cells with its path ends, densely packed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Dense(u64);

// Kinds, path ends and a 21-bit pairing rank fit one word.
const _: () = assert!(2 * DENSE_CELLS + 2 + 21 <= 64);

/// Pair ends a window can hold (even, at most the cells).
const MAX_ENDS: usize = DENSE_CELLS - 1;

/// `completions()[r][o]`: the ways to finish `r` more pair ends with `o` labels open.
const fn completions() -> [[u64; MAX_ENDS + 2]; MAX_ENDS + 1] {
    let mut f = [[0u64; MAX_ENDS + 2]; MAX_ENDS + 1];
    f[0][0] = 1;
    let mut r = 1;
    while r <= MAX_ENDS {
        let mut o = 0;
        while o <= MAX_ENDS {
            let open = f[r - 1][o + 1];
            let close = if o > 0 { o as u64 * f[r - 1][o - 1] } else { 0 };
            f[r][o] = open + close;
            o += 1;
        }
        r += 1;
    }
    f
}

static COMPLETIONS: [[u64; MAX_ENDS + 2]; MAX_ENDS + 1] = completions();

/// The ways to finish after this end, from `left` ends and `open` labels after it.
#[inline(always)]
fn ways(left: usize, open: usize) -> u64 {
    COMPLETIONS[left][open]
}

/// Every nibble's low two bits: 0b0011 in each of 32 nibbles.
const NIBBLE_LOW2: u128 = 0x3333_3333_3333_3333_3333_3333_3333_3333;

/// The two-bit kind of each 4-bit cell (FREE 0, DONE 1, DANGLING 2, a pair label 3), still one
/// a nibble: bit 0 is the cell's bit 0 or "four or more", bit 1 its bit 1 or "four or more".
#[inline(always)]
fn kinds_in_nibbles(window: u128) -> u128 {
    let four_up = (window >> 2 | window >> 3) & 0x1111_1111_1111_1111_1111_1111_1111_1111;
    (window | four_up | four_up << 1) & NIBBLE_LOW2
}

/// Packs the low two bits of each nibble into consecutive two-bit fields (32 cells).
#[inline(always)]
fn compact(mut x: u128) -> u64 {
    x &= NIBBLE_LOW2;
    x = (x | x >> 2) & 0x0f0f_0f0f_0f0f_0f0f_0f0f_0f0f_0f0f_0f0f;
    x = (x | x >> 4) & 0x00ff_00ff_00ff_00ff_00ff_00ff_00ff_00ff;
    x = (x | x >> 8) & 0x0000_ffff_0000_ffff_0000_ffff_0000_ffff;
    x = (x | x >> 16) & 0x0000_0000_ffff_ffff_0000_0000_ffff_ffff;
    (x as u64 & 0xffff_ffff) | ((x >> 64) as u64) << 32
}

/// The inverse of [`compact`]: two-bit fields back into the low bits of nibbles.
#[inline(always)]
fn spread(y: u64) -> u128 {
    let mut x = u128::from(y & 0xffff_ffff) | u128::from(y >> 32) << 64;
    x = (x | x << 16) & 0x0000_ffff_0000_ffff_0000_ffff_0000_ffff;
    x = (x | x << 8) & 0x00ff_00ff_00ff_00ff_00ff_00ff_00ff_00ff;
    x = (x | x << 4) & 0x0f0f_0f0f_0f0f_0f0f_0f0f_0f0f_0f0f_0f0f;
    (x | x << 2) & NIBBLE_LOW2
}

/// The cells (one bit at the bottom of each nibble) whose two-bit kind is 3, a pair end.
#[inline(always)]
fn pair_ends(kinds: u128) -> u128 {
    kinds & kinds >> 1 & 0x1111_1111_1111_1111_1111_1111_1111_1111
}

impl Key for Dense {
    type W = u128;
    const BYTES: usize = 8;
    const TAG: &'static str = "dense 8-byte keys";

    #[inline]
    fn hash64(self) -> u64 {
        super::state::mix(self.0)
    }

    fn split(self, cells: usize) -> (u128, u8) {
        let kinds = spread(self.0 & ((1u64 << (2 * cells)) - 1));
        let ends = (self.0 >> (2 * cells)) as u8 & 3;
        let mut rank = self.0 >> (2 * cells + 2);
        let mut todo = pair_ends(kinds);
        let mut left = todo.count_ones() as usize;
        // Open labels as bits (label l: bit l); labels are opened in increasing order.
        let mut open = 0u32;
        let mut next = FIRST_LABEL;
        let mut window = kinds;
        while todo != 0 {
            let p = todo.trailing_zeros();
            todo &= todo - 1;
            left -= 1;
            let n_open = open.count_ones() as usize;
            let open_new = ways(left, n_open + 1);
            let label = if rank < open_new || n_open == 0 {
                open |= 1 << next;
                next += 1;
                next - 1
            } else {
                rank -= open_new;
                // Which open label closes: the quotient by subtraction (at most 7 steps,
                // cheaper than a division).
                let each = ways(left, n_open - 1).max(1);
                let mut rest = open;
                while rank >= each && rest & (rest - 1) != 0 {
                    rank -= each;
                    rest &= rest - 1;
                }
                let label = rest.trailing_zeros() as u8;
                open &= !(1 << label);
                label
            };
            // The nibble holds 3 (the kind); the label replaces it.
            window += u128::from(label - 3) << p;
        }
        (window, ends)
    }

    fn merge(window: u128, ends: u8, cells: usize) -> Dense {
        debug_assert!(cells <= DENSE_CELLS, "{cells} cells do not fit a dense key");
        let nibbles = kinds_in_nibbles(window);
        let kinds = compact(nibbles);
        let mut todo = pair_ends(nibbles);
        let mut left = todo.count_ones() as usize;
        let mut open = 0u32;
        let mut rank = 0u64;
        while todo != 0 {
            let p = todo.trailing_zeros();
            todo &= todo - 1;
            left -= 1;
            let v = (window >> p) as u32 & 15;
            let n_open = open.count_ones() as usize;
            if open >> v & 1 == 1 {
                let j = (open & ((1 << v) - 1)).count_ones();
                rank += ways(left, n_open + 1) + u64::from(j) * ways(left, n_open - 1);
                open &= !(1 << v);
            } else {
                open |= 1 << v;
            }
        }
        Dense(kinds | u64::from(ends) << (2 * cells) | rank << (2 * cells + 2))
    }

    fn write_le(self, out: &mut [u8]) {
        out.copy_from_slice(&self.0.to_le_bytes());
    }

    fn read_le(bytes: &[u8]) -> Self {
        let mut b = [0u8; 8];
        b.copy_from_slice(bytes);
        Dense(u64::from_le_bytes(b))
    }

    fn to_bits(self) -> u128 {
        u128::from(self.0)
    }

    fn from_bits(bits: u128) -> Self {
        Dense(bits as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knights::counting::frontier::plan::Plan;
    use crate::knights::counting::frontier::state::{initial, Mode, StepCode, Wide, DONE};

    #[test]
    fn the_pairings_of_sixteen_ends_fit_21_bits() {
        // (2k - 1)!! pairings of 2k ends.
        assert_eq!(ways(16, 0), 2_027_025);
        assert_eq!(ways(4, 0), 3);
        assert_eq!(ways(3, 1), 3);
        assert!(ways(16, 0) < 1 << 21);
    }

    #[test]
    fn every_reachable_state_round_trips_and_keys_are_distinct() {
        // Every layer of open paths and circuits on boards up to 8 wide (17 cells): the dense
        // key decodes to the window it was made from, and distinct windows get distinct keys.
        for (w, h, mode) in [
            (5, 6, Mode::Path),
            (6, 5, Mode::Cycle),
            (8, 4, Mode::Path),
            (8, 5, Mode::Cycle),
        ] {
            let plan = Plan::new(w, h);
            let mut layer: Vec<Wide> = vec![initial(plan.cells)];
            let mut seen = 0;
            for (i, step) in plan.steps.iter().enumerate() {
                let code: StepCode<u128> = StepCode::new(step, plan.cells, mode, i + 1 == plan.n);
                let mut next = Vec::new();
                for &k in &layer {
                    code.expand(k, |s: Wide| next.push(s));
                }
                next.sort_unstable();
                next.dedup();
                let mut dense: Vec<Dense> = next
                    .iter()
                    .map(|k| {
                        let (win, ends) = k.split(plan.cells);
                        let d = Dense::merge(win, ends, plan.cells);
                        assert_eq!(d.split(plan.cells), (win, ends), "{w}x{h} {k:?}");
                        d
                    })
                    .collect();
                dense.sort_unstable();
                dense.dedup();
                assert_eq!(dense.len(), next.len(), "{w}x{h} square {i}");
                seen += next.len();
                layer = next;
            }
            assert!(seen > 1000, "{w}x{h}: {seen}");
        }
    }

    #[test]
    fn a_full_window_of_crossing_pairs_round_trips() {
        // 16 ends in 17 cells, pairs crossing every which way: labels 3..=10 in an order that
        // is canonical (first appearances increasing).
        let labels = [3u8, 4, 5, 3, 6, 4, 7, 8, 5, 9, 10, 6, 7, 10, 9, 8];
        let mut window = u128::from(DONE) << (4 * 16);
        for (p, &l) in labels.iter().enumerate() {
            window |= u128::from(l) << (4 * p);
        }
        let d = Dense::merge(window, 0, DENSE_CELLS);
        assert_eq!(d.split(DENSE_CELLS), (window, 0));
        assert!(d.0 < 1 << 57);
    }
}
