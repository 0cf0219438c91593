//! The body of `knights count`: the frontier programme by default, the exhaustive search on
//! request, the published value beside the answer, and the figures of the run.
//!
//! Tested by: tests/knights_cli.rs, tests/knights_signals.rs, tests/knights_exact.rs,
//! tests/adversarial.rs (`--memory-cap` refusals).

use super::{say, Failure};
use crate::knights::counting::count::{self, Kind};
use crate::knights::counting::frontier::{self, estimate, Encoding, FrontierOptions};
use crate::knights::counting::{published, symmetry};
use crate::knights::error::KnightsError;
use crate::knights::Board;
use num_bigint::BigUint;
use std::fmt::Write;
use std::time::Instant;

#[derive(clap::Args)]
pub struct CountArgs {
    #[arg(long, default_value = "5x5")]
    board: String,
    /// Count undirected closed tours instead of directed open ones.
    #[arg(long)]
    closed: bool,
    #[arg(long, value_enum, default_value_t = CountMethod::Frontier)]
    method: CountMethod,
    /// Memory the frontier states may take before their shard tables spill to disk (e.g. 2G).
    #[arg(long)]
    memory_cap: Option<String>,
    /// Directory for spilled runs (default: the system's temp directory).
    #[arg(long)]
    spill_dir: Option<String>,
    /// Frontier: a line per square on stderr (states, spills, time).
    #[arg(long)]
    verbose: bool,
    /// Frontier: save the layer in DIR now and then, and resume from it when run again
    /// with the same DIR (after a kill, say); removed when the count finishes.
    #[arg(long, value_name = "DIR")]
    checkpoint: Option<String>,
    /// Seconds between checkpoints (0: after every square).
    #[arg(long, default_value_t = 600)]
    checkpoint_every: u64,
    /// Frontier: print the estimate of states, memory and disk (and this machine's) only.
    #[arg(long)]
    estimate: bool,
    /// Count up to symmetry instead: geometrically distinct tours (Burnside's lemma over the
    /// board's motions) and the tours each motion maps onto themselves (half-turn and
    /// quarter-turn symmetric tours); lists every tour, so at most 36 squares.
    #[arg(long)]
    symmetry: bool,
    /// Frontier: the key states are stored in (for tests of the wider encodings).
    #[arg(long, value_enum, default_value_t = KeyArg::Auto, hide = true)]
    key: KeyArg,
}

/// `--key`: the frontier's state encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum KeyArg {
    Auto,
    Wide,
    Dense,
}

/// How to count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CountMethod {
    /// Frontier dynamic programme (any board up to 12 wide along its narrow side).
    Frontier,
    /// The exhaustive search, the independent cross-check (at most 64 squares).
    Exhaustive,
}

pub fn run(args: &CountArgs) -> Result<(), Failure> {
    let cap = || args.memory_cap.as_deref().map(parse_bytes).transpose();
    if args.symmetry {
        let board = Board::parse(&args.board)?;
        return say(&symmetry::distinct(board, args.closed)?.report(board, args.closed));
    }
    if args.estimate {
        let board = Board::parse(&args.board)?;
        let memory_cap = cap()?;
        let dir = args
            .spill_dir
            .clone()
            .map_or_else(std::env::temp_dir, Into::into);
        return say(&estimate::report(board, args.closed, memory_cap, &dir));
    }
    let opts = FrontierOptions {
        memory_cap: cap()?,
        spill_dir: args.spill_dir.clone().map(Into::into),
        progress: true,
        log: args.verbose,
        checkpoint: args.checkpoint.clone().map(Into::into),
        checkpoint_every: Some(std::time::Duration::from_secs(args.checkpoint_every)),
        encoding: match args.key {
            KeyArg::Auto => Encoding::Auto,
            KeyArg::Wide => Encoding::Wide,
            KeyArg::Dense => Encoding::Dense,
        },
    };
    stop_on_signals();
    let board = Board::parse(&args.board)?;
    say(&report(board, args.closed, args.method, &opts)?)
}

/// Counts and reports; the report is what `knights count` prints.
pub fn report(
    board: Board,
    closed: bool,
    method: CountMethod,
    opts: &FrontierOptions,
) -> Result<String, KnightsError> {
    let kind = if closed {
        Kind::ClosedUndirected
    } else {
        Kind::OpenDirected
    };
    let what = if closed {
        "undirected closed tours"
    } else {
        "directed open tours (every start square, both directions)"
    };
    let t0 = Instant::now();
    let mut out = String::new();
    let answer: BigUint = match method {
        CountMethod::Exhaustive => {
            let c = count::count(board, kind, opts.progress)?;
            let secs = t0.elapsed().as_secs_f64();
            let _ = writeln!(out, "{board}: {} {what}", c.tours);
            let _ = writeln!(out, "  exhaustive search: {} nodes in {secs:.3} s", c.nodes);
            BigUint::from(c.tours)
        }
        CountMethod::Frontier => {
            let dir = opts.spill_dir.clone().unwrap_or_else(std::env::temp_dir);
            eprint!(
                "{}",
                frontier::estimate::report(board, closed, opts.memory_cap, &dir)
            );
            let c = frontier::count(board, closed, opts)?;
            let secs = t0.elapsed().as_secs_f64();
            // Directed paths: each undirected path twice (a single square once).
            let n = if closed || board.area() == 1 {
                c.count.clone()
            } else {
                &c.count * 2u32
            };
            let _ = writeln!(out, "{board}: {n} {what}");
            let retried = if c.runs > 1 {
                format!(
                    " (after {} run(s) whose narrower sums saturated)",
                    c.runs - 1
                )
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                "  frontier DP: {} window cells, {}-bit keys; exact: counted with {}-bit \
                 saturating sums that did not saturate{retried}",
                c.cells, c.key_bits, c.count_bits
            );
            let _ = writeln!(
                out,
                "  states: largest layer {}, {} over all layers, {} transitions; peak {} in \
                 memory, {} shard table(s) spilled ({}); {secs:.3} s on {} thread(s)",
                c.max_states,
                c.total_states,
                c.transitions,
                frontier::human(c.peak_bytes),
                c.spilled_runs,
                frontier::human(c.spilled_bytes),
                rayon::current_num_threads()
            );
            if c.resumed_at > 0 {
                let _ = writeln!(
                    out,
                    "  resumed from the checkpoint after square {} (the figures include the \
                     run before)",
                    c.resumed_at
                );
            }
            n
        }
    };
    match published::for_board(board, kind) {
        Some((n, source)) if BigUint::from(n) == answer => {
            let _ = writeln!(out, "  agrees with the published value ({source}: {n})");
        }
        Some((n, source)) => {
            let _ = writeln!(out, "  DISAGREES with the published value ({source}: {n})");
        }
        None => out.push_str("  (no published value on file for this board)\n"),
    }
    Ok(out)
}

/// Makes Ctrl-C and SIGTERM stop a count cleanly: the run returns at its next batch, removing
/// its spill files, and says how far it got (see [`frontier::INTERRUPT`]).
pub fn stop_on_signals() {
    let _ = ctrlc::set_handler(|| {
        frontier::INTERRUPT.store(true, std::sync::atomic::Ordering::Relaxed);
        eprintln!("knights: stopping the count and removing its spill files");
    });
}

/// `--memory-cap`: a size such as `512M`, `8G`, `1.5GiB` or a plain number of bytes
/// ([`crate::os::parse_size`]).
pub fn parse_bytes(text: &str) -> Result<u64, KnightsError> {
    crate::os::parse_size(text).ok_or_else(|| KnightsError::Unsupported {
        what: format!("bad memory size {text:?}: write bytes, or a number with K, M or G"),
    })
}
