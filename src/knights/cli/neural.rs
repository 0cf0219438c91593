//! The body of `knights neural`: runs the Takefuji–Lee network many times and reports what it
//! found (and, with `--show`, the first tour).
//!
//! Tested by: tests/knights_neural.rs, tests/knights_cli.rs.

use super::{say, Failure};
use crate::knights::io::render;
use crate::knights::solvers::neural::{self, NeuralOptions, Rule, Update};
use crate::knights::{Board, Tour};
use clap::ValueEnum;
use std::time::Instant;

#[derive(clap::Args)]
pub struct NeuralArgs {
    #[arg(long, default_value = "8x8")]
    board: String,
    #[arg(long, default_value_t = 1000)]
    trials: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Sweeps before a trial counts as divergent.
    #[arg(long, default_value_t = 1000)]
    max_sweeps: u32,
    #[arg(long, value_enum, default_value_t = RuleArg::TakefujiLee)]
    rule: RuleArg,
    /// The order of updates in a sweep: a fresh random order each sweep (the default: its
    /// success rates match the published ones), or the same row-major sweep every time.
    #[arg(long, value_enum, default_value_t = Update::RandomOrder)]
    update: Update,
    /// Also print the first tour found (text board).
    #[arg(long)]
    show: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum RuleArg {
    /// Takefuji and Lee's rule: U += 4 - (active moves at both squares, this one at each end);
    /// fixed points are exactly the degree-2 networks.
    TakefujiLee,
    /// The formula as seed 002 prints it, U += 2 - (active neighbours), for every neuron; every
    /// perfect matching is then a fixed point and on 8x8 the network almost never finds a tour.
    Literal,
}

pub fn run(args: &NeuralArgs) -> Result<(), Failure> {
    let b = Board::parse(&args.board)?;
    if let Some(w) = neural::no_tour_warning(b) {
        eprintln!("knights: {w}");
    }
    let (trials, seed) = (args.trials, args.seed);
    let opts = NeuralOptions {
        trials,
        seed,
        max_sweeps: args.max_sweeps,
        rule: match args.rule {
            RuleArg::TakefujiLee => Rule::TakefujiLee,
            RuleArg::Literal => Rule::Literal,
        },
        update: args.update,
        progress: true,
    };
    let t0 = Instant::now();
    let stats = neural::run(b, &opts)?;
    let secs = t0.elapsed().as_secs_f64();
    let mut out = stats.report(b);
    out += &format!(
        "  time: {secs:.2} s ({:.0} trials/s on {} threads), seed {seed}\n",
        trials as f64 / secs.max(1e-9),
        rayon::current_num_threads()
    );
    if let (true, Some((i, squares))) = (args.show, stats.first_tour) {
        let t = Tour::new(b, squares)?;
        out += &format!("first tour, trial {i}:\n{}", render::number_board(&t));
    }
    say(&out)
}
