//! Random numbers and the wall clock: `random/1`, `random_float`, `realtime`
//! (`cputime` reads `os::cpu_seconds`).
//!
//! [`Rng`] is a PCG-XSL-RR 128/64 generator (O'Neill's `pcg64`): small, fast, seedable
//! and good enough for Prolog programs. Evaluation uses one generator per thread,
//! seeded from the clock; [`seed_random`] makes runs repeatable (`set_random(seed(S))`).
//!
//! Tested by: the unit tests below; tests/arith_extra.rs (randomness, set_random/1, cputime and
//! realtime).

use std::cell::RefCell;
use std::time::{SystemTime, UNIX_EPOCH};

use num_bigint::{BigInt, BigUint, Sign};

use super::error::{must_be_positive, type_integer, ArithResult};
use super::float_ops::check;
use crate::term::number::Number;

const MULTIPLIER: u128 = 0x2360_ed05_1fc6_5da4_4385_df64_9fcc_f645;
const INCREMENT: u128 = 0x5851_f42d_4c95_7f2d_1405_7b7e_f767_814f;

/// A seedable pseudo-random generator (PCG-XSL-RR 128/64).
#[derive(Clone, Debug)]
pub struct Rng {
    state: u128,
}

impl Rng {
    /// A generator started from `seed`: equal seeds give equal sequences.
    pub fn new(seed: u64) -> Rng {
        let mut rng = Rng { state: 0 };
        rng.seed(seed);
        rng
    }

    /// A generator seeded from the clock and the address space layout.
    pub fn from_entropy() -> Rng {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        let local = 0u8;
        let addr = &local as *const u8 as u64;
        Rng::new(nanos ^ addr.rotate_left(32) ^ u64::from(std::process::id()))
    }

    /// Restarts the sequence from `seed`.
    pub fn seed(&mut self, s: u64) {
        self.state = 0;
        self.step();
        self.state = self.state.wrapping_add(u128::from(s));
        self.step();
    }

    /// The whole state (random_property(state(S))).
    pub fn state(&self) -> u128 {
        self.state
    }

    /// Restores a state read by [`Rng::state`] (set_random(state(S))).
    pub fn set_state(&mut self, s: u128) {
        self.state = s;
    }

    fn step(&mut self) {
        self.state = self.state.wrapping_mul(MULTIPLIER).wrapping_add(INCREMENT);
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.step();
        let s = self.state;
        let xored = ((s >> 64) as u64) ^ (s as u64);
        xored.rotate_right((s >> 122) as u32)
    }

    /// A float uniformly drawn from [0, 1) with 53 random bits.
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A uniform integer in [0, n) for n > 0 (0 when n is 0), without modulo bias.
    pub fn below_u64(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let threshold = n.wrapping_neg() % n;
        loop {
            let x = self.next_u64();
            if x >= threshold {
                return x % n;
            }
        }
    }

    /// A uniform integer in [0, n) for a positive big n (0 otherwise).
    pub fn below_big(&mut self, n: &BigUint) -> BigUint {
        let bits = n.bits();
        if bits == 0 {
            return BigUint::default();
        }
        let words = bits.div_ceil(64) as usize;
        let top_mask = u64::MAX >> (words as u64 * 64 - bits);
        loop {
            let mut digits: Vec<u64> = (0..words).map(|_| self.next_u64()).collect();
            if let Some(top) = digits.last_mut() {
                *top &= top_mask;
            }
            let candidate = BigUint::from_slice(&to_u32_digits(&digits));
            if &candidate < n {
                return candidate;
            }
        }
    }
}

fn to_u32_digits(words: &[u64]) -> Vec<u32> {
    words
        .iter()
        .flat_map(|w| [*w as u32, (*w >> 32) as u32])
        .collect()
}

impl Default for Rng {
    fn default() -> Rng {
        Rng::from_entropy()
    }
}

thread_local! {
    static RNG: RefCell<Rng> = RefCell::new(Rng::from_entropy());
}

/// Runs `f` with this thread's evaluation generator.
pub fn with_rng<R>(f: impl FnOnce(&mut Rng) -> R) -> R {
    RNG.with(|rng| f(&mut rng.borrow_mut()))
}

/// Reseeds this thread's evaluation generator (for `set_random(seed(S))`).
pub fn seed_random(s: u64) {
    with_rng(|rng| rng.seed(s));
}

/// `random/1`: a uniform integer in [0, N). Integral floats are accepted, as in SWI.
pub fn random(n: &Number) -> ArithResult {
    let n = match n {
        Number::Float(f) => {
            check(*f)?;
            let i = super::float_ops::float_to_int(f.trunc());
            if f.fract() != 0.0 {
                return Err(type_integer(n));
            }
            i
        }
        Number::Rat(_) => return Err(type_integer(n)),
        other => other.clone(),
    };
    match &n {
        Number::Int(i) if *i > 0 => Ok(Number::Int(with_rng(|r| r.below_u64(*i as u64)) as i64)),
        Number::Big(b) if b.sign() == Sign::Plus => {
            let r = with_rng(|r| r.below_big(b.magnitude()));
            Ok(Number::from_big(BigInt::from(r)))
        }
        _ => Err(must_be_positive(&n)),
    }
}

/// `random_float`: uniform in the open interval (0, 1).
pub fn random_float() -> Number {
    with_rng(|r| loop {
        let f = r.next_f64();
        if f != 0.0 {
            return Number::Float(f);
        }
    })
}

/// `realtime`: whole seconds since the Unix epoch (a knightlog extension).
pub fn realtime() -> Number {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    Number::Int(i64::try_from(secs).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_sequences_repeat() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        let xs: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..8).map(|_| b.next_u64()).collect();
        assert_eq!(xs, ys);
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }

    #[test]
    fn bounded_draws_stay_in_range() {
        let mut r = Rng::new(7);
        for n in [1u64, 2, 3, 10, u64::MAX] {
            for _ in 0..100 {
                assert!(r.below_u64(n) < n);
            }
        }
        let n = BigUint::from(3u8) << 100usize;
        for _ in 0..100 {
            assert!(r.below_big(&n) < n);
        }
        for _ in 0..100 {
            let f = r.next_f64();
            assert!((0.0..1.0).contains(&f));
        }
    }
}
