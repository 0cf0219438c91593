//! The body of `knights count`: the frontier programme by default, the exhaustive search on
//! request, the published value beside the answer, and the figures of the run.

use super::board::Board;
use super::count::{self, Kind};
use super::error::KnightsError;
use super::frontier::{self, FrontierOptions};
use num_bigint::BigUint;
use std::fmt::Write;
use std::time::Instant;

/// How to count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountMethod {
    Frontier,
    Exhaustive,
}

/// Published counts beyond those of [`count::PUBLISHED`]: (width, height, kind, count, source).
/// Directed open counts are twice the undirected ones the sources list.
const MORE_PUBLISHED: &[(u32, u32, Kind, u64, &str)] = &[
    (5, 6, Kind::ClosedUndirected, 8, "OEIS A175881"),
    (6, 7, Kind::ClosedUndirected, 1_067_638, "OEIS A175881"),
    (6, 8, Kind::ClosedUndirected, 55_488_142, "OEIS A175881"),
    (7, 8, Kind::ClosedUndirected, 34_524_432_316, "OEIS A193054"),
    (5, 8, Kind::ClosedUndirected, 44_202, "OEIS A383661"),
    (5, 10, Kind::ClosedUndirected, 13_311_268, "OEIS A383661"),
    (3, 4, Kind::OpenDirected, 16, "OEIS A118067"),
    (3, 8, Kind::OpenDirected, 792, "OEIS A118067"),
    (4, 5, Kind::OpenDirected, 164, "OEIS A079137"),
    (4, 6, Kind::OpenDirected, 1_488, "OEIS A079137"),
    (5, 6, Kind::OpenDirected, 37_568, "OEIS A083386"),
    (5, 7, Kind::OpenDirected, 1_245_736, "OEIS A083386"),
    (7, 7, Kind::OpenDirected, 165_575_218_320, "OEIS A165134"),
];

/// The published count for this board and kind, if on file (either orientation).
pub fn published(board: Board, kind: Kind) -> Option<(u64, &'static str)> {
    count::published(board, kind).or_else(|| {
        let (w, h) = (board.width(), board.height());
        MORE_PUBLISHED
            .iter()
            .find(|&&(a, b, k, _, _)| k == kind && ((a, b) == (w, h) || (b, a) == (w, h)))
            .map(|&(_, _, _, n, src)| (n, src))
    })
}

/// Counts and reports; the report is what `knights count` prints.
pub fn run(
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
    match published(board, kind) {
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

/// Parses a size such as `512M`, `8G`, `1.5GiB` or a plain number of bytes.
pub fn parse_bytes(text: &str) -> Result<u64, KnightsError> {
    let t = text.trim().to_ascii_uppercase();
    let bad = || KnightsError::Unsupported {
        what: format!("bad memory size {text:?}: write bytes, or a number with K, M or G"),
    };
    let t = t.trim_end_matches("IB").trim_end_matches('B');
    let (num, mult) = match t.chars().last() {
        Some('K') => (&t[..t.len() - 1], 1u64 << 10),
        Some('M') => (&t[..t.len() - 1], 1 << 20),
        Some('G') => (&t[..t.len() - 1], 1 << 30),
        Some('T') => (&t[..t.len() - 1], 1 << 40),
        _ => (t, 1),
    };
    let v: f64 = num.trim().parse().map_err(|_| bad())?;
    if !(v.is_finite() && v >= 0.0) || v * mult as f64 > u64::MAX as f64 {
        return Err(bad());
    }
    Ok((v * mult as f64) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(parse_bytes("512M").ok(), Some(512 << 20));
        assert_eq!(parse_bytes("1.5GiB").ok(), Some(3 << 29));
        assert_eq!(parse_bytes("100").ok(), Some(100));
        assert!(parse_bytes("lots").is_err());
        assert!(parse_bytes("-1G").is_err());
    }
}
