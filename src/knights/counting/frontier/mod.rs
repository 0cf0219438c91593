//! Exact tour counts by a frontier dynamic programme (Knuth's "Hamiltonian paths and cycles"
//! style): the squares are processed one at a time, and for every *frontier configuration* the
//! programme keeps the number of partial path systems that lead to it.
//!
//! **Order and window.** Squares are numbered row by row along the narrow side `w`
//! (`i = y*w + x`; the knight graph of the transposed board is the same graph). A knight's move
//! from square `i` reaches back at most `2w + 1` squares — two ranks and one — so when `i` is
//! processed, all its edges to earlier squares are decided, and every square that can still get
//! an edge lies in the window of the last `2w + 1` squares. [`plan`] precomputes, per square,
//! the window cells of its earlier neighbours and the cells that are finished after it.
//!
//! **State encoding** ([`state`], [`word`]). A state is the window, cell `k` = square
//! `i - 1 - k`, four bits a cell, plus two bits for the number of path ends fixed so far (open
//! paths):
//! * `0` FREE — no edge yet;
//! * `1` DONE — degree 2, or finished, or off the board: takes no more edges;
//! * `2` DANGLING — degree 1, and the other end of its fragment is already an end of the path;
//! * `3..=14` — degree 1, a pair label: the two ends of a fragment (a path piece) carry the
//!   same label. Labels are renumbered in order of first appearance after every step, so equal
//!   configurations have equal keys. At most `w` pairs fit in `2w + 1` cells, and label 15 is
//!   kept for the fragment a step creates before renumbering, so 4 bits serve up to `w = 12`.
//!
//! The key is `u64` for `w <= 7` (15 cells: 60 + 2 bits); for `w = 8` (17 cells) the window
//! is stored in [`dense`] form, 57 bits (two bits of kind a cell, the pairing of the ends
//! ranked among all pairings), so an entry is 16 bytes with its count; two words
//! ([`state::Wide`], a 24-byte entry) for `9 <= w <= 12` (19 to 25 cells need 78 to 102 bits).
//! The dense key costs CPU (decoding and encoding around every step: 6 x 8 closed takes 1.7x
//! the CPU of the two-word key) for a third less memory and disk. The
//! transition edits the packed window as one integer (SWAR: "which cells are FREE" is a few
//! word operations for all cells at once), so it has no per-cell loop and few branches.
//!
//! **Step.** Square `i` joins at most two earlier neighbours that are not DONE (0, 1 or 2 of
//! them: at most 11 successors). Joining two ends of one fragment closes a cycle: allowed only
//! for circuits and only at the last square; joining two DANGLING ends completes a path: only at
//! the last square. Then every square whose last neighbour is `i` is finished: FREE dies, an end
//! dies for circuits and becomes an end of the path for paths (at most two). The count after the
//! last square is the number of the one accepting state: all DONE (with two path ends).
//!
//! **Pruning** ([`prune`]) drops states that cannot be completed, by counting the path ends
//! their completion would need, per colour (the knight graph is bipartite, so the missing
//! degrees of the two colours fix how many ends of each colour remain). On 6 x 6 open paths
//! it cuts the states summed over all layers from 23.7 million to 7.5 million (2.5 million of
//! which lead to a path); on 7 x 7 the largest layer from about 260 million to 111 million.
//!
//! **Counts** ([`number`]) are `u64` added with saturation, and when the answer comes out
//! saturated the programme runs again with twice the words (128, 256, ... 4096 bits), so the
//! number printed is always the count: a count below the largest value is proven exact.
//!
//! **Memory** ([`layer`]). A layer is split into shards by a hash of the state (`2^k` of them,
//! about 32 thousand states each, so a shard's hash table stays in a core's cache). A batch of
//! states is expanded in parallel (rayon), its successors grouped by shard, and the shards add
//! them into their tables in parallel. When the tables pass the memory cap, every shard sorts
//! its table and merges it with its file into one sorted run ([`runs`]: varint key deltas and
//! counts, each state once); reading the shard for the next layer adds the run back up. A
//! shard is a small part of the cap, so the cap bounds the memory the states take instead of
//! the process being killed, and disk space is given back shard by shard.
//!
//! Tested by: the unit tests below; tests/knights_frontier.rs, tests/knights_exact.rs,
//! tests/knights_signals.rs.

pub mod checkpoint;
pub mod dense;
pub mod estimate;
pub mod layer;
pub mod number;
pub mod plan;
pub mod prune;
pub mod runs;
pub mod state;
pub mod word;

use crate::knights::board::Board;
use crate::knights::error::KnightsError;
use crate::knights::io::progress::Progress;
use checkpoint::Checkpoint;
use dense::{Dense, DENSE_CELLS};
use layer::{Building, Entry, Layer, Parted, Spill};
use num_bigint::BigUint;
use number::Amount;
use plan::Plan;
use rayon::prelude::*;
use state::{Key, Mode, StepCode, Wide};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Settings of a run.
#[derive(Clone, Debug, Default)]
pub struct FrontierOptions {
    /// Bytes the states may take in memory before runs are spilled to disk (`None`: three
    /// quarters of the available memory, see [`crate::knights::memory::limit`]).
    pub memory_cap: Option<u64>,
    /// Where spill files go (default: the system's temp directory).
    pub spill_dir: Option<PathBuf>,
    pub progress: bool,
    /// One line on stderr per square: the layer's states and what was spilled (long runs).
    pub log: bool,
    /// Save the finished layer in this directory now and then, and resume from it.
    pub checkpoint: Option<PathBuf>,
    /// How often to save (default: every 10 minutes; zero: after every square).
    pub checkpoint_every: Option<std::time::Duration>,
    /// The key the states are stored in (tests choose the wide ones on small boards).
    pub encoding: Encoding,
}

/// The answer and what it took.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FrontierCount {
    /// Undirected circuits, or undirected paths (twice that is the directed count): exact.
    pub count: BigUint,
    /// Bits of the numbers the last run counted with (64 unless a count saturated them), and
    /// the runs it took (each saturated one doubled the bits).
    pub count_bits: usize,
    pub runs: u32,
    /// The largest layer (distinct states between two squares).
    pub max_states: u64,
    /// States summed over all layers.
    pub total_states: u64,
    /// Successors generated (before merging equal states).
    pub transitions: u64,
    /// Shard tables written to disk (every non-empty shard at each spill), and their bytes.
    pub spilled_runs: u64,
    pub spilled_bytes: u64,
    /// The most memory the runs held at once (bytes).
    pub peak_bytes: u64,
    /// Window cells and key width in bits.
    pub cells: usize,
    pub key_bits: usize,
    /// The squares a checkpoint had done when this run resumed from it (0: from the start).
    pub resumed_at: usize,
}

/// Set (by a Ctrl-C or SIGTERM handler) to stop a count: the run returns
/// [`KnightsError::Interrupted`] at the next batch, and its spill files are removed as it
/// unwinds (they live in a temporary directory owned by the run).
pub static INTERRUPT: AtomicBool = AtomicBool::new(false);

/// The error of a run stopped at square `done` of `n`; `kept` names a checkpoint left to
/// resume from (its directory and the squares it had done).
fn interrupted(
    done: usize,
    n: usize,
    secs: f64,
    spilled: u64,
    kept: Option<(&std::path::Path, usize)>,
) -> KnightsError {
    let resume = match kept {
        Some((dir, at)) => format!(
            "; the checkpoint in {} (square {at}) is kept: the same command resumes from it",
            dir.display()
        ),
        None => String::new(),
    };
    KnightsError::Interrupted {
        what: format!(
            "the count stopped at square {done} of {n} ({:.0}% of the squares) after {secs:.1} s; \
             no count; the {} spilled to disk were removed{resume}",
            100.0 * done as f64 / n.max(1) as f64,
            human(spilled)
        ),
    }
}

/// The widest board side the 4-bit cells can encode (12 pairs of labels and a spare one).
pub const MAX_NARROW_SIDE: u32 = 12;

/// Which key a run stores its states in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Encoding {
    /// The narrowest that holds the window: `u64` up to 15 cells, [`Dense`] up to 17 (boards
    /// 8 wide), else [`Wide`].
    #[default]
    Auto,
    Wide,
    Dense,
}

/// Counts Hamiltonian circuits (`closed`) or undirected Hamiltonian paths on `board`.
pub fn count(
    board: Board,
    closed: bool,
    opts: &FrontierOptions,
) -> Result<FrontierCount, KnightsError> {
    let encoding = opts.encoding;
    let (w, h) = (board.width(), board.height());
    if w.min(h) > MAX_NARROW_SIDE {
        return Err(KnightsError::Unsupported {
            what: format!(
                "the frontier count encodes boards whose narrow side is at most \
                 {MAX_NARROW_SIDE}; {board} is {} wide (and would need astronomically many states)",
                w.min(h)
            ),
        });
    }
    let mode = if closed { Mode::Cycle } else { Mode::Path };
    if board.area() == 1 {
        return Ok(FrontierCount {
            count: BigUint::from(u64::from(!closed)),
            count_bits: 64,
            runs: 1,
            ..FrontierCount::default()
        });
    }
    let plan = Plan::new(w as usize, h as usize);
    // A checkpoint left by a run that had widened its numbers resumes at that width.
    let mut words = match &opts.checkpoint {
        Some(dir) => checkpoint::count_bits(dir).map_err(checkpoint_error)? / 64,
        None => 1,
    };
    for runs in words.trailing_zeros() + 1.. {
        let counted = match encoding {
            Encoding::Auto if plan.cells <= 15 => run_words::<u64>(&plan, mode, opts, words)?,
            Encoding::Auto | Encoding::Dense if plan.cells <= DENSE_CELLS => {
                run_words::<Dense>(&plan, mode, opts, words)?
            }
            _ => run_words::<Wide>(&plan, mode, opts, words)?,
        };
        if let Some(mut c) = counted {
            c.runs = runs;
            return Ok(c);
        }
        words *= 2;
    }
    unreachable!("the loop returns")
}

/// The widest numbers tried: 64 words, 4096 bits.
const MAX_WORDS: usize = 64;

/// One run with counts of `words` 64-bit words; `None` if the answer saturated them.
fn run_words<K: Key>(
    plan: &Plan,
    mode: Mode,
    opts: &FrontierOptions,
    words: usize,
) -> Result<Option<FrontierCount>, KnightsError> {
    match words {
        1 => run::<K, u64>(plan, mode, opts),
        2 => run::<K, [u64; 2]>(plan, mode, opts),
        4 => run::<K, [u64; 4]>(plan, mode, opts),
        8 => run::<K, [u64; 8]>(plan, mode, opts),
        16 => run::<K, [u64; 16]>(plan, mode, opts),
        32 => run::<K, [u64; 32]>(plan, mode, opts),
        MAX_WORDS => run::<K, [u64; MAX_WORDS]>(plan, mode, opts),
        _ => Err(KnightsError::Unsupported {
            what: format!(
                "the count is at least 2^{} and the frontier programme counts with at most                  {} bits; no count is printed rather than a wrong one",
                64 * MAX_WORDS,
                64 * MAX_WORDS
            ),
        }),
    }
}

fn io_error(e: std::io::Error) -> KnightsError {
    KnightsError::Unsupported {
        what: format!("spilling frontier states to disk failed: {e}"),
    }
}

fn checkpoint_error(e: std::io::Error) -> KnightsError {
    KnightsError::Unsupported {
        what: format!("frontier checkpoint: {e}"),
    }
}

/// States expanded per batch, from the cap: a batch's successors (about three a state, held
/// twice while they are grouped by shard) should take a small part of it.
fn batch_size(cap: usize) -> usize {
    (cap / 2048).clamp(1 << 12, 1 << 20)
}

/// States expanded by one rayon task: a few tasks a thread, as each task's successors are
/// grouped by shard separately (more tasks, more and smaller slices to add).
fn chunk_size(states: usize) -> usize {
    (states / (4 * rayon::current_num_threads())).max(1 << 12)
}

/// Shards of the next layer (as a power of two), from the states of this one: a shard's table
/// should stay in a core's cache (about 32K states), and a spilled shard read back must take
/// a small part of the cap.
fn shard_bits<K: Key, C: Amount>(states_in: u64, cap: usize) -> u32 {
    let expect = states_in.saturating_mul(2);
    let table_bytes = (std::mem::size_of::<Entry<K, C>>() as u64 + 1) * 2;
    let for_cache = expect / (1 << 15);
    let for_cap = expect.saturating_mul(table_bytes) / (cap as u64 / 16).max(1);
    let shards = for_cache.max(for_cap).max(1);
    (64 - (shards - 1).leading_zeros()).min(14)
}

/// What a checkpoint must match to be resumed (its count width is checked apart).
fn checkpoint_tag<K: Key>(plan: &Plan, mode: Mode) -> String {
    format!(
        "{}x{} {mode:?}, {} cells, {}",
        plan.w,
        plan.n / plan.w,
        plan.cells,
        K::TAG
    )
}

fn run<K: Key, C: Amount>(
    plan: &Plan,
    mode: Mode,
    opts: &FrontierOptions,
) -> Result<Option<FrontierCount>, KnightsError> {
    let cap = opts
        .memory_cap
        .or_else(|| crate::knights::memory::limit().map(|m| m / 4 * 3))
        .unwrap_or(8 << 30) as usize;
    let batch = batch_size(cap);
    let mut spill = Spill::new(opts.spill_dir.clone());
    let mut stats = FrontierCount {
        cells: plan.cells,
        key_bits: K::BYTES * 8,
        count_bits: C::BYTES * 8,
        ..FrontierCount::default()
    };
    let bar = Progress::status(plan.n as u64, opts.progress, "squares", "knights count");
    let t0 = std::time::Instant::now();
    let mut layer: Layer<K, C> = Layer::single(vec![(state::initial::<K>(plan.cells), C::ONE)]);
    let mut checkpoint = match &opts.checkpoint {
        Some(dir) => {
            let tag = checkpoint_tag::<K>(plan, mode);
            let every = opts.checkpoint_every.unwrap_or(Duration::from_secs(600));
            let wide_tag = checkpoint_tag::<Wide>(plan, mode);
            let cp = Checkpoint::new(dir, tag, C::BYTES * 8, every).map_err(checkpoint_error)?;
            Some(cp.reading_wide(wide_tag))
        }
        None => None,
    };
    let saved = checkpoint.as_ref().map(Checkpoint::saved).transpose();
    if let Some(saved) = saved.map_err(checkpoint_error)?.flatten() {
        let bits = shard_bits::<K, C>(saved.records, cap);
        layer = checkpoint::load(&saved, bits, cap, plan.cells, &mut spill, &INTERRUPT).map_err(
            |e| {
                if INTERRUPT.load(Ordering::Relaxed) {
                    let kept = opts.checkpoint.as_deref().map(|d| (d, saved.square));
                    interrupted(0, plan.n, t0.elapsed().as_secs_f64(), spill.bytes, kept)
                } else {
                    checkpoint_error(e)
                }
            },
        )?;
        stats = FrontierCount {
            resumed_at: saved.square,
            cells: stats.cells,
            key_bits: stats.key_bits,
            count_bits: stats.count_bits,
            ..saved.stats
        };
    }
    for _ in 0..stats.resumed_at {
        bar.inc();
    }
    // The squares the checkpoint on disk has done, for the message of an interrupted run.
    let mut kept = (stats.resumed_at > 0).then_some(stats.resumed_at);
    let mut new_share = 1.0;
    for (i, step) in plan.steps.iter().enumerate().skip(stats.resumed_at) {
        let transitions_before = stats.transitions;
        let code = StepCode::new(step, plan.cells, mode, i + 1 == plan.n);
        let mut next: Building<K, C> =
            Building::new(shard_bits::<K, C>(layer.len(), cap), new_share);
        let parts = layer.into_parts();
        let mut held: usize = parts.iter().map(|p| p.mem_bytes()).sum();
        let mut states = 0u64;
        let mut pending: Vec<Entry<K, C>> = Vec::new();
        let mut expand = |input: &[Entry<K, C>], held: usize| -> Result<(), KnightsError> {
            if INTERRUPT.load(Ordering::Relaxed) {
                return Err(interrupted(
                    i,
                    plan.n,
                    t0.elapsed().as_secs_f64(),
                    spill.bytes,
                    opts.checkpoint.as_deref().zip(kept),
                ));
            }
            let bits = next.bits();
            let parted: Vec<Parted<K, C>> = input
                .par_chunks(chunk_size(input.len()))
                .map(|chunk| {
                    let mut raw = Vec::with_capacity(chunk.len() * 4);
                    state::expand_chunk(chunk, &code, &mut raw);
                    Parted::new(&raw, bits)
                })
                .collect();
            stats.transitions += parted.iter().map(|p| p.len() as u64).sum::<u64>();
            next.add(&parted);
            let in_use = held
                + next.mem_bytes()
                + parted.iter().map(Parted::bytes).sum::<usize>()
                + std::mem::size_of_val(input);
            stats.peak_bytes = stats.peak_bytes.max(in_use as u64);
            drop(parted);
            let tables = next.mem_bytes();
            if held + tables > cap && tables > cap / 8 {
                next.spill(&mut spill).map_err(io_error)?;
            }
            Ok(())
        };
        for part in parts {
            if INTERRUPT.load(Ordering::Relaxed) {
                return Err(interrupted(
                    i,
                    plan.n,
                    t0.elapsed().as_secs_f64(),
                    spill.bytes,
                    opts.checkpoint.as_deref().zip(kept),
                ));
            }
            held -= part.mem_bytes();
            let entries = part.load().map_err(io_error)?;
            states += entries.len() as u64;
            if pending.is_empty() && entries.len() >= batch {
                for b in entries.chunks(batch) {
                    expand(b, held)?;
                }
                continue;
            }
            pending.extend_from_slice(&entries);
            if pending.len() >= batch {
                expand(&pending, held)?;
                pending.clear();
            }
        }
        if !pending.is_empty() {
            expand(&pending, 0)?;
        }
        layer = next.finish();
        new_share = layer.len() as f64 / (stats.transitions - transitions_before).max(1) as f64;
        stats.total_states += states;
        stats.max_states = stats.max_states.max(states);
        if opts.log {
            // A log line that cannot be written (stderr closed or full) is dropped: the
            // count is what matters.
            let _ = writeln!(
                std::io::stderr(),
                "square {}/{}: {states} states in, {} out, {} shards, {} spilled so far, \
                 {:.1} s",
                i + 1,
                plan.n,
                layer.len(),
                layer.shards(),
                human(spill.bytes),
                t0.elapsed().as_secs_f64()
            );
        }
        if let Some(cp) = checkpoint.as_mut().filter(|c| c.due() && i + 1 < plan.n) {
            let mut so_far = stats.clone();
            so_far.spilled_runs += spill.writes;
            so_far.spilled_bytes += spill.bytes;
            cp.save(i + 1, &layer, &so_far).map_err(checkpoint_error)?;
            kept = Some(i + 1);
        }
        bar.inc_with(&format!(
            "square {}: {} states, {} spilled",
            i + 1,
            layer.len(),
            human(spill.bytes)
        ));
    }
    bar.finish();
    let accept = state::accepting::<K>(plan.cells, mode);
    let mut total: Option<C> = None;
    for part in layer.into_parts() {
        for (k, c) in part.load().map_err(io_error)? {
            if k == accept {
                total = Some(total.map_or(c, |t| t.plus(c)));
            }
        }
    }
    if let Some(cp) = &checkpoint {
        // A saturated run's layers are of no use to the wider run that follows.
        cp.clear();
    }
    if total.is_some_and(Amount::is_saturated) {
        return Ok(None);
    }
    stats.count = total.map_or_else(BigUint::default, Amount::to_big);
    stats.spilled_runs += spill.writes;
    stats.spilled_bytes += spill.bytes;
    Ok(Some(stats))
}

/// Bytes for the log lines.
pub fn human(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 30 => format!("{:.2} GiB", b as f64 / (1u64 << 30) as f64),
        b if b >= 1 << 20 => format!("{:.1} MiB", b as f64 / (1u64 << 20) as f64),
        b => format!("{:.1} KiB", b as f64 / 1024.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(w: u32, h: u32, closed: bool) -> u64 {
        let b = Board::new(w, h).unwrap_or_else(|e| panic!("{e}"));
        count(b, closed, &FrontierOptions::default())
            .ok()
            .and_then(|r| u64::try_from(r.count).ok())
            .unwrap_or(u64::MAX)
    }

    #[test]
    fn tiny_boards() {
        assert_eq!(c(1, 1, false), 1);
        assert_eq!(c(1, 1, true), 0);
        assert_eq!(c(2, 3, false), 0);
        // 3 x 4: 8 undirected open tours (OEIS A079137), no closed ones.
        assert_eq!(c(3, 4, false), 8);
        assert_eq!(c(4, 3, true), 0);
        assert_eq!(c(5, 5, false), 864);
    }

    #[test]
    fn a_checkpoint_of_wide_counts_resumes_at_its_width() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let at = dir.path().join("cp");
        let board = Board::new(3, 10).unwrap_or_else(|e| panic!("{e}"));
        let plan = Plan::new(3, 10);
        // The start layer, saved as a 128-bit run would after square 0.
        let mut cp = Checkpoint::new(
            &at,
            checkpoint_tag::<u64>(&plan, Mode::Cycle),
            128,
            Duration::ZERO,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let start: Layer<u64, [u64; 2]> =
            Layer::single(vec![(state::initial::<u64>(plan.cells), [1, 0])]);
        cp.save(0, &start, &FrontierCount::default())
            .unwrap_or_else(|e| panic!("{e}"));
        let opts = FrontierOptions {
            checkpoint: Some(at.clone()),
            ..FrontierOptions::default()
        };
        let r = count(board, true, &opts).unwrap_or_else(|e| panic!("{e}"));
        // 3 x 10: 16 closed tours (OEIS A070030), counted with the checkpoint's 128 bits.
        assert_eq!((r.count, r.count_bits), (BigUint::from(16u32), 128));
        assert!(!at.exists(), "a finished count removes its checkpoint");
    }
}
