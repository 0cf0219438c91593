//! What a frontier count may take, said before it starts: an upper bound on the states of one
//! layer — the configurations of the window (`2w + 1` cells, each FREE or DONE or one end of a
//! labelled pair, at most two DANGLING for paths) — and the memory and disk those states
//! need, compared with what this machine has. The bound ignores which configurations are
//! reachable, so it is loose on small boards (6 x 6 closed: bound 11 million, largest layer
//! measured 34,937) and meaningful on the wide ones (8 wide: 7 billion; 552 million states
//! were measured at square 43 of 8 x 8 closed, still growing).
//!
//! Tested by: the unit test here, tests/knights_cli.rs (the estimate and the warning).

use super::plan::Plan;
use crate::knights::board::Board;
use crate::knights::memory;
use std::path::Path;

/// The estimate for one count.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// At most this many states in a layer.
    pub states: f64,
    /// Bytes of one `(state, count)` entry.
    pub entry_bytes: u64,
    /// Memory the states would take with nothing spilled: a layer read and the next one's
    /// hash tables.
    pub memory: f64,
    /// Disk the spilled layer may take (twice a layer: a state can be spilled more than once).
    pub disk: f64,
}

/// The bound for `board`, counting circuits (`closed`) or paths.
pub fn estimate(board: Board, closed: bool) -> Estimate {
    let plan = Plan::new(board.width() as usize, board.height() as usize);
    let states = configurations(plan.cells, closed);
    let entry_bytes = if plan.cells <= super::dense::DENSE_CELLS {
        16
    } else {
        24
    };
    let e = entry_bytes as f64;
    Estimate {
        states,
        entry_bytes,
        memory: states * (e + e * 8.0 / 7.0 + 1.0),
        disk: states * e * 2.0,
    }
}

/// Window configurations of `cells` cells.
fn configurations(cells: usize, closed: bool) -> f64 {
    let binom = |n: usize, k: usize| -> f64 {
        (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
    };
    let mut total = 0.0;
    for p in 0..=(cells / 2).min(12) {
        // Ways to pair 2p cells: (2p - 1)!!.
        let matchings: f64 = (1..=p).map(|i| (2 * i - 1) as f64).product();
        let paired = binom(cells, 2 * p) * matchings;
        let max_dangling = if closed { 0 } else { 2 };
        for d in 0..=max_dangling {
            if 2 * p + d > cells {
                continue;
            }
            let rest = cells - 2 * p - d;
            // FREE or DONE for the rest; paths also carry how many ends are fixed (0..=2).
            let ends = if closed { 1.0 } else { 3.0 };
            total += paired * binom(cells - 2 * p, d) * 2f64.powi(rest as i32) * ends;
        }
    }
    total
}

/// Free bytes on the file system holding `dir`, if known.
pub fn free_disk(dir: &Path) -> Option<u64> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let c = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
        // SAFETY: `c` is a valid NUL-terminated path; `st` is written by statvfs on success.
        let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
        if unsafe { libc::statvfs(c.as_ptr(), &mut st) } != 0 {
            return None;
        }
        Some(st.f_bavail as u64 * st.f_frsize as u64)
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        None
    }
}

/// The lines `knights count` prints before a frontier count: the estimate, this machine, and
/// a warning when the estimate exceeds both its memory and its free disk.
pub fn report(board: Board, closed: bool, cap: Option<u64>, spill_dir: &Path) -> String {
    let e = estimate(board, closed);
    let human = |b: f64| super::human(b.min(u64::MAX as f64) as u64);
    let mem = cap.or_else(|| memory::limit().map(|m| m / 4 * 3));
    let disk = free_disk(spill_dir);
    let mut out = format!(
        "estimate: at most {:.3e} states in a layer, {} bytes each: up to {} in memory",
        e.states,
        e.entry_bytes,
        human(e.memory)
    );
    let over_memory = mem.is_some_and(|m| e.memory > m as f64);
    if over_memory {
        out += &format!(", beyond that spilled to disk: up to {}", human(e.disk));
    }
    out += &format!(
        "\n  this machine: {} for the states{}, {} free in {}\n",
        mem.map_or("unknown memory".into(), |m| human(m as f64)),
        if cap.is_some() { " (--memory-cap)" } else { "" },
        disk.map_or("unknown".into(), |d| human(d as f64)),
        spill_dir.display()
    );
    if over_memory && disk.is_some_and(|d| e.disk > d as f64) {
        out += "  WARNING: the estimate exceeds this machine's memory and free disk: the \
                count may not finish here (the bound is an upper one; use --checkpoint DIR \
                to resume a run that is stopped)\n";
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bound_grows_with_the_window() {
        // 3 cells, circuits: FREE/DONE everywhere (8) or one pair and one FREE/DONE (3 x 2).
        assert_eq!(configurations(3, true), 14.0);
        let b = |w, h| Board::new(w, h).unwrap_or_else(|e| panic!("{e}"));
        let six = estimate(b(6, 6), true);
        assert!(
            six.states >= 34_937.0,
            "at least the measured largest layer"
        );
        let eight = estimate(b(8, 8), true);
        assert!(eight.states > 552e6 && eight.entry_bytes == 16);
        let small_disk = free_disk(Path::new("/")).is_some_and(|d| (d as f64) < eight.disk);
        let warned = report(b(8, 8), true, Some(1 << 30), Path::new("/")).contains("WARNING");
        assert_eq!(warned, small_disk);
        assert!(!report(b(5, 5), false, Some(1 << 30), Path::new("/")).contains("WARNING"));
    }
}
