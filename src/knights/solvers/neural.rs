//! The Takefuji–Lee neural network for knight's tours (Neurocomputing 4(5), 1992), as described
//! in seed 002: one neuron per knight's move, with state `U` and output `V`,
//!
//! ```text
//! U(t+1) = U(t) + 2 - (sum of V over the neurons sharing a square with this one)
//! V(t+1) = 1 if U(t+1) > 3,  0 if U(t+1) < 0,  V(t) otherwise
//! ```
//!
//! States start at 0 and outputs at random 0/1 from the trial's seed. Neurons are updated one
//! at a time, in place, each once per sweep, in one of two orders ([`Update`]):
//!
//! * **random order** (the default): a fresh random permutation of the neurons every sweep,
//!   drawn from the trial's seed. The order is not part of the network's definition (seed 002
//!   gives none); with a fresh order each sweep the success rates reach the published ones
//!   (issue 21's independent run: 8 x 8 23.6% against 22%, 16 x 16 2.6% against 2%) with no
//!   divergent trial, so the default follows it.
//! * **row-major** (`--update row-major`, the default before): squares in row-major order (a1,
//!   b1, ..., then rank 2, ...), and for each square the moves out of it in the order of
//!   [`KNIGHT_MOVES`](crate::knights::board::moves::KNIGHT_MOVES), each neuron at the first of
//!   its two squares. The same sweep every time; its rates come out below the published ones
//!   (8 x 8: 20%; 16 x 16: 1.2%).
//!
//! The report gives every rate with its 95% Wilson score interval ([`wilson`]), so two runs, or
//! a run and a published figure, can be compared.
//!
//! **Which rule.** The document's `2 - sum` is the change of an *active* neuron. Takefuji and
//! Lee's rule (and Parberry's 2019 implementation) is `U += 4 - (active moves at square i) -
//! (active moves at square j)`, the neuron itself counted at both ends: for an active neuron
//! that is exactly `2 - sum`, for an inactive one `4 - sum`. [`Rule::TakefujiLee`] (the default)
//! is that rule. [`Rule::Literal`] applies `2 - sum` to inactive neurons too; then every perfect
//! matching is a fixed point, and on 8 x 8 every trial settles in one (0 tours in 1000 trials
//! from seed 1), which is what others who implemented the formula as printed also reported.
//! Under the Takefuji–Lee rule every `U` stays constant exactly when every square has two active
//! moves (the knight's graph is bipartite and connected), i.e. at the degree-2 solutions.
//!
//! *Stable* is decided exactly: after a sweep, if no active neuron's `U` can fall and no inactive
//! neuron's `U` can rise, then no output can ever change again. A stable network whose squares
//! all have two active moves is a set of circuits: one circuit is a closed knight's tour; several
//! are a degree-2 solution that is not a tour. Stable networks with other degrees are counted
//! apart; networks not stable after the sweep cap are divergent.
//!
//! Trials run in parallel (rayon); trial `i` uses seed [`derive()`]`(seed, i)`, so the statistics
//! do not depend on the number of threads.
//!
//! Tested by: the unit tests below; tests/knights_neural.rs.

use crate::knights::board::exists;
use crate::knights::board::moves::neighbours;
use crate::knights::board::tour::Tour;
use crate::knights::board::{Board, Square};
use crate::knights::error::KnightsError;
use crate::knights::io::progress::Progress;
use crate::knights::memory;
use crate::knights::rng::{derive, Rng};
use rayon::prelude::*;
use std::collections::BTreeMap;

/// The update rule (see the module notes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rule {
    /// `U += 4 - (active moves at both squares, this one counted at each)`.
    #[default]
    TakefujiLee,
    /// `U += 2 - (active neighbours)` for every neuron, as the formula is printed.
    Literal,
}

impl Rule {
    /// The change of `U` for a neuron with output `on` and `others` active neighbours.
    fn delta(self, on: bool, others: i32) -> i32 {
        match (self, on) {
            (Rule::TakefujiLee, false) => 4 - others,
            _ => 2 - others,
        }
    }
}

/// The order in which a sweep updates the neurons (see the module notes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Update {
    /// A fresh random permutation of the neurons every sweep (the default).
    #[default]
    RandomOrder,
    /// Squares in row-major order, the moves out of each in the move order; every sweep alike.
    RowMajor,
}

/// The network's wiring for one board: neurons in row-major order.
pub struct Network {
    board: Board,
    rule: Rule,
    update: Update,
    /// Neuron `k` joins squares `ends[k].0 < ends[k].1`.
    ends: Vec<(u32, u32)>,
}

impl Network {
    pub fn new(board: Board, rule: Rule, update: Update) -> Network {
        let mut ends = Vec::new();
        for sq in 0..board.area() {
            for to in neighbours(board, sq) {
                if sq < to {
                    ends.push((sq, to));
                }
            }
        }
        Network {
            board,
            rule,
            update,
            ends,
        }
    }

    pub fn neurons(&self) -> usize {
        self.ends.len()
    }

    /// Runs one trial from `seed` for at most `max_sweeps` sweeps.
    pub fn trial(&self, seed: u64, max_sweeps: u32) -> Trial {
        let n = self.ends.len();
        let mut rng = Rng::new(seed);
        let mut u = vec![0i32; n];
        let mut v: Vec<bool> = (0..n).map(|_| rng.bit()).collect();
        // Active moves at each square: a neuron's input is deg(a) + deg(b) - 2 V(self).
        let mut deg = vec![0i32; self.board.area() as usize];
        for (k, &(a, b)) in self.ends.iter().enumerate() {
            if v[k] {
                deg[a as usize] += 1;
                deg[b as usize] += 1;
            }
        }
        let mut order: Vec<u32> = (0..n as u32).collect();
        for sweep in 1..=max_sweeps {
            if self.update == Update::RandomOrder {
                // Fisher-Yates.
                for i in (1..n).rev() {
                    order.swap(i, rng.below(i as u64 + 1) as usize);
                }
            }
            for &k in &order {
                let k = k as usize;
                let (a, b) = self.ends[k];
                let others = deg[a as usize] + deg[b as usize] - 2 * i32::from(v[k]);
                u[k] += self.rule.delta(v[k], others);
                let out = if u[k] > 3 {
                    true
                } else if u[k] < 0 {
                    false
                } else {
                    v[k]
                };
                if out != v[k] {
                    let d = if out { 1 } else { -1 };
                    deg[a as usize] += d;
                    deg[b as usize] += d;
                    v[k] = out;
                }
            }
            if self.stable(&v, &deg) {
                return self.classify(&v, &deg, sweep);
            }
        }
        Trial {
            outcome: Outcome::Divergent,
            sweeps: max_sweeps,
            tour: None,
        }
    }

    /// No active neuron's state can fall and no inactive one's can rise: a fixed point.
    fn stable(&self, v: &[bool], deg: &[i32]) -> bool {
        self.ends.iter().zip(v).all(|(&(a, b), &on)| {
            let others = deg[a as usize] + deg[b as usize] - 2 * i32::from(on);
            let d = self.rule.delta(on, others);
            if on {
                d >= 0
            } else {
                d <= 0
            }
        })
    }

    fn classify(&self, v: &[bool], deg: &[i32], sweeps: u32) -> Trial {
        if deg.iter().any(|&d| d != 2) {
            return Trial {
                outcome: Outcome::NotDegreeTwo,
                sweeps,
                tour: None,
            };
        }
        let area = self.board.area() as usize;
        let mut partner = vec![[u32::MAX; 2]; area];
        for (&(a, b), _) in self.ends.iter().zip(v).filter(|(_, &on)| on) {
            for (x, y) in [(a, b), (b, a)] {
                let p = &mut partner[x as usize];
                p[usize::from(p[0] != u32::MAX)] = y;
            }
        }
        let mut seen = vec![false; area];
        let mut circuits = 0;
        let mut first_circuit = Vec::new();
        for s in 0..area as u32 {
            if seen[s as usize] {
                continue;
            }
            circuits += 1;
            let (mut prev, mut cur) = (u32::MAX, s);
            while !seen[cur as usize] {
                seen[cur as usize] = true;
                if circuits == 1 {
                    first_circuit.push(cur);
                }
                let [p, q] = partner[cur as usize];
                let next = if p != prev { p } else { q };
                prev = cur;
                cur = next;
            }
        }
        if circuits == 1 {
            Trial {
                outcome: Outcome::Tour,
                sweeps,
                tour: Some(first_circuit),
            }
        } else {
            Trial {
                outcome: Outcome::Circuits(circuits),
                sweeps,
                tour: None,
            }
        }
    }
}

/// How a trial ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Stable, every square of degree 2, one circuit: a closed knight's tour.
    Tour,
    /// Stable, every square of degree 2, this many circuits.
    Circuits(usize),
    /// Stable, but some square does not have exactly two active moves.
    NotDegreeTwo,
    /// Not stable after the sweep cap.
    Divergent,
}

/// One trial's result; `tour` holds the circuit's squares when it is a tour.
#[derive(Clone, Debug)]
pub struct Trial {
    pub outcome: Outcome,
    pub sweeps: u32,
    pub tour: Option<Vec<u32>>,
}

/// Options for a batch of trials.
#[derive(Clone, Copy, Debug)]
pub struct NeuralOptions {
    pub trials: u64,
    pub seed: u64,
    pub max_sweeps: u32,
    pub rule: Rule,
    pub update: Update,
    /// Show a progress bar (only drawn when stderr is a terminal).
    pub progress: bool,
}

impl Default for NeuralOptions {
    fn default() -> Self {
        NeuralOptions {
            trials: 1000,
            seed: 1,
            max_sweeps: 1000,
            rule: Rule::TakefujiLee,
            update: Update::RandomOrder,
            progress: false,
        }
    }
}

/// Statistics over a batch of trials.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub trials: u64,
    pub tours: u64,
    /// Degree-2 solutions that are not tours, by their number of circuits.
    pub circuits: BTreeMap<usize, u64>,
    pub not_degree_two: u64,
    pub divergent: u64,
    /// Sweeps summed over the trials that became stable.
    pub stable_sweeps: u64,
    /// The lowest-numbered trial that found a tour, and the tour's squares.
    pub first_tour: Option<(u64, Vec<u32>)>,
}

impl Stats {
    fn add(mut self, index: u64, t: Trial) -> Stats {
        self.trials += 1;
        if t.outcome != Outcome::Divergent {
            self.stable_sweeps += u64::from(t.sweeps);
        }
        match t.outcome {
            Outcome::Tour => {
                self.tours += 1;
                if let Some(sq) = t.tour {
                    self.keep_first(index, sq);
                }
            }
            Outcome::Circuits(k) => *self.circuits.entry(k).or_default() += 1,
            Outcome::NotDegreeTwo => self.not_degree_two += 1,
            Outcome::Divergent => self.divergent += 1,
        }
        self
    }

    fn keep_first(&mut self, index: u64, squares: Vec<u32>) {
        if self.first_tour.as_ref().is_none_or(|(i, _)| index < *i) {
            self.first_tour = Some((index, squares));
        }
    }

    fn merge(mut self, other: Stats) -> Stats {
        self.trials += other.trials;
        self.tours += other.tours;
        for (k, c) in other.circuits {
            *self.circuits.entry(k).or_default() += c;
        }
        self.not_degree_two += other.not_degree_two;
        self.divergent += other.divergent;
        self.stable_sweeps += other.stable_sweeps;
        if let Some((i, sq)) = other.first_tour {
            self.keep_first(i, sq);
        }
        self
    }

    /// Degree-2 solutions that are not tours.
    pub fn non_tours(&self) -> u64 {
        self.circuits.values().sum()
    }

    /// The report `knights neural` prints: each rate with its 95% Wilson interval.
    pub fn report(&self, board: Board) -> String {
        let pct = |x: u64| {
            let (lo, hi) = wilson(x, self.trials);
            format!(
                "{:.2}%, 95% CI {:.2}-{:.2}%",
                100.0 * x as f64 / self.trials.max(1) as f64,
                100.0 * lo,
                100.0 * hi
            )
        };
        let stable = self.trials - self.divergent;
        let mut out = format!(
            "{} trials on {board}\n  knight's tours (one circuit):      {:>8} ({})\n  degree-2, several circuits:        {:>8} ({})\n",
            self.trials,
            self.tours,
            pct(self.tours),
            self.non_tours(),
            pct(self.non_tours())
        );
        for (k, c) in &self.circuits {
            out += &format!("      {k:>3} circuits: {c:>8}\n");
        }
        out += &format!(
            "  stable, some degree not 2:         {:>8} ({})\n  divergent (no fixed point in cap):  {:>8} ({})\n  mean sweeps to stability:          {:>8.1}\n",
            self.not_degree_two,
            pct(self.not_degree_two),
            self.divergent,
            pct(self.divergent),
            self.stable_sweeps as f64 / stable.max(1) as f64
        );
        out
    }
}

/// The 95% Wilson score interval of a proportion of `hits` in `n` trials (Wilson 1927): unlike
/// the normal approximation it stays inside [0, 1] and is sound for rare events (a few tours
/// in thousands of trials on 24 x 24).
pub fn wilson(hits: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let (n, p) = (n as f64, hits as f64 / n as f64);
    let z2n = z * z / n;
    let centre = (p + z2n / 2.0) / (1.0 + z2n);
    let half = z / (1.0 + z2n) * (p * (1.0 - p) / n + z2n / (4.0 * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Runs `opts.trials` trials in parallel and gathers their statistics.
pub fn run(board: Board, opts: &NeuralOptions) -> Result<Stats, KnightsError> {
    // Wiring, and per thread the states, outputs and degrees of one trial.
    let threads = rayon::current_num_threads() as u64;
    memory::ensure(
        u64::from(board.area()) * (32 + threads * 24),
        &format!("the neural network on {board}"),
    )?;
    let net = Network::new(board, opts.rule, opts.update);
    let bar = Progress::new(opts.trials, opts.progress, "trials");
    let stats = (0..opts.trials)
        .into_par_iter()
        .fold(Stats::default, |s, i| {
            let t = net.trial(derive(opts.seed, i), opts.max_sweeps);
            bar.inc();
            s.add(i, t)
        })
        .reduce(Stats::default, Stats::merge);
    bar.finish();
    Ok(stats)
}

/// A warning for boards with no closed tour, where the network (which settles only on
/// circuits) cannot succeed: the trials then only measure how it fails.
pub fn no_tour_warning(board: Board) -> Option<String> {
    let v = exists::closed(board);
    (!v.exists).then(|| {
        format!(
            "warning: the {board} board has no closed knight's tour, so no trial can find one \
             (the network settles only on circuits): {}",
            v.why
        )
    })
}

/// A closed tour from the network: trials in parallel batches until one is a tour (the lowest
/// trial number wins, whatever the thread count), entered at `start`.
pub fn tour(
    board: Board,
    start: Square,
    opts: &NeuralOptions,
) -> Result<(Tour, u64), KnightsError> {
    let verdict = exists::closed(board);
    if !verdict.exists {
        return Err(KnightsError::NoTour {
            board,
            closed: true,
            why: format!(
                "{} (the network only ever settles on circuits)",
                verdict.why
            ),
        });
    }
    let s = board.index(start)?;
    let threads = rayon::current_num_threads() as u64;
    memory::ensure(
        u64::from(board.area()) * (32 + threads * 24),
        &format!("the neural network on {board}"),
    )?;
    let net = Network::new(board, opts.rule, opts.update);
    let batch = 256u64;
    let mut first = 0u64;
    while first < opts.trials {
        let end = (first + batch).min(opts.trials);
        let found = (first..end)
            .into_par_iter()
            .filter_map(|i| {
                net.trial(derive(opts.seed, i), opts.max_sweeps)
                    .tour
                    .map(|t| (i, t))
            })
            .min_by_key(|(i, _)| *i);
        if let Some((i, squares)) = found {
            let circuit = Tour::new(board, squares)?;
            let tour = circuit.rotated_to(s).ok_or_else(|| KnightsError::GaveUp {
                what: "the network's circuit does not pass the start square".into(),
            })?;
            return Ok((tour, i));
        }
        first = end;
    }
    Err(KnightsError::GaveUp {
        what: format!(
            "{} neural-network trials on {board} (seed {}) found no knight's tour",
            opts.trials, opts.seed
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wiring_counts_every_knight_move_once() {
        let b = Board::new(8, 8).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            Network::new(b, Rule::default(), Update::default()).neurons(),
            168
        );
    }

    #[test]
    fn trials_are_reproducible_and_thread_independent() {
        let b = Board::new(6, 6).unwrap_or_else(|e| panic!("{e}"));
        let opts = NeuralOptions {
            trials: 200,
            seed: 7,
            ..NeuralOptions::default()
        };
        let run = |o: &NeuralOptions| run(b, o).unwrap_or_else(|e| panic!("{e}"));
        let a = run(&opts);
        let single = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .map(|p| p.install(|| run(&opts)))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(a, single);
        assert_eq!(a.trials, 200);
        assert_eq!(
            a.tours + a.non_tours() + a.not_degree_two + a.divergent,
            200
        );
        assert_ne!(run(&NeuralOptions { seed: 8, ..opts }), a);
    }
}
