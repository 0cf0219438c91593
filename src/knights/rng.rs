//! A small seeded random number generator (SplitMix64, Steele, Lea and Flood 2014).
//!
//! Written out rather than taken from a crate so that a seed gives the same numbers on every
//! platform and in every future build: neural-network statistics must be reproducible from
//! `--seed`, and per-trial seeds are derived from the base seed by [`derive()`].
//!
//! Tested by: the unit tests below; tests/knights_neural.rs (reproducible trials).

/// SplitMix64: 64 bits of state, passes BigCrush, one multiply-xorshift chain per output.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// A fair coin.
    pub fn bit(&mut self) -> bool {
        self.next_u64() >> 63 == 1
    }

    /// Uniform in `0..n` (n > 0), by Lemire's multiply-shift (bias below 2^-32 for our n).
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }
}

/// The SplitMix64 finaliser: a bijection of u64 that scrambles every input bit.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of trial `index` under base seed `base`: independent of which thread runs it.
pub fn derive(base: u64, index: u64) -> u64 {
    mix(base ^ mix(index.wrapping_add(0x632B_E59B_D9B4_E019)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_first_output() {
        // Reference value of SplitMix64 seeded with 0.
        assert_eq!(Rng::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn below_stays_in_range_and_bits_are_balanced() {
        let mut r = Rng::new(42);
        let mut ones = 0;
        for _ in 0..10_000 {
            assert!(r.below(7) < 7);
            ones += r.bit() as u32;
        }
        assert!((4_500..5_500).contains(&ones), "{ones}");
        assert_ne!(derive(1, 0), derive(1, 1));
        assert_ne!(derive(1, 0), derive(2, 0));
    }
}
