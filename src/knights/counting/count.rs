//! Exact tour counts by exhaustive search, for boards of at most 64 squares (one `u64` bitmask).
//!
//! * Directed open tours: Hamiltonian paths from every start square, each direction counted
//!   (OEIS A165134: 1728 on 5 x 5, 6,637,920 on 6 x 6).
//! * Undirected closed tours: Hamiltonian circuits (OEIS A001230: 9,862 on 6 x 6). The circuit
//!   is pinned at a square `s` of fewest moves: for each pair `p < q` of its neighbours, count the
//!   paths `s, p, ..., q` — each circuit once, in one direction.
//!
//! Pruning, after each step `c -> v` (only the squares next to `c` lose a way in or out): a free
//! square with no way left ends the branch; for paths, a free square with one way left must be
//! the last square, and there can be only one; for circuits, every free square but `q` needs
//! two ways. The work is split into prefixes of a few moves and counted in parallel (rayon).
//!
//! Tested by: the unit tests below; tests/knights_count.rs (against the published values and a
//! plain search), tests/knights_frontier.rs (against the frontier programme).

use crate::knights::board::moves::neighbours;
use crate::knights::board::Board;
use crate::knights::error::KnightsError;
use crate::knights::io::progress::Progress;
use rayon::prelude::*;
use std::sync::atomic::Ordering;

/// What to count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Hamiltonian paths, every start square, both directions.
    OpenDirected,
    /// Hamiltonian circuits, each once.
    ClosedUndirected,
}

/// The count and the size of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counted {
    pub tours: u64,
    /// Search-tree nodes visited (partial paths extended).
    pub nodes: u64,
}

/// Counts tours of `kind` on `board` exhaustively (refusing boards of more than 64 squares).
pub fn count(board: Board, kind: Kind, progress: bool) -> Result<Counted, KnightsError> {
    let area = board.area();
    if area > 64 {
        return Err(KnightsError::Unsupported {
            what: format!(
                "exhaustive counting handles boards of at most 64 squares; {board} has {area} \
                 (a frontier dynamic programme would be needed beyond that)"
            ),
        });
    }
    let nbr: Vec<u64> = (0..area)
        .map(|sq| neighbours(board, sq).fold(0u64, |m, n| m | 1 << n))
        .collect();
    let full = if area == 64 {
        u64::MAX
    } else {
        (1u64 << area) - 1
    };
    if area == 1 {
        let tours = u64::from(kind == Kind::OpenDirected);
        return Ok(Counted { tours, nodes: 1 });
    }
    // Each task: a prefix of the path, and for circuits the square that must come last.
    let mut roots: Vec<(Vec<u8>, Option<u8>)> = Vec::new();
    match kind {
        Kind::OpenDirected => {
            for s in 0..area as u8 {
                roots.push((vec![s], None));
            }
        }
        Kind::ClosedUndirected => {
            let s = (0..area as u8)
                .min_by_key(|&s| nbr[s as usize].count_ones())
                .unwrap_or(0);
            let ns: Vec<u8> = bits(nbr[s as usize]).collect();
            for (i, &p) in ns.iter().enumerate() {
                for &q in &ns[i + 1..] {
                    roots.push((vec![s, p], Some(q)));
                }
            }
        }
    }
    // Split into enough tasks to keep every core busy.
    let depth = if area <= 25 { 3 } else { 6 };
    let mut tasks = Vec::new();
    for (prefix, target) in roots {
        expand(&nbr, prefix, target, depth, &mut tasks);
    }
    let bar = Progress::status(tasks.len() as u64, progress, "subtrees", "knights count");
    let search = Search { nbr: &nbr, full };
    let stop = &crate::knights::counting::frontier::INTERRUPT;
    let done = std::sync::atomic::AtomicU64::new(0);
    let (tours, nodes) = tasks
        .par_iter()
        .map(|(prefix, target)| {
            if stop.load(Ordering::Relaxed) {
                return (0, 0);
            }
            let r = search.run(prefix, *target);
            done.fetch_add(1, Ordering::Relaxed);
            bar.inc();
            r
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    bar.finish();
    if stop.load(Ordering::Relaxed) {
        return Err(KnightsError::Interrupted {
            what: format!(
                "the exhaustive search stopped after {} of {} subtrees; no count",
                done.load(Ordering::Relaxed),
                tasks.len()
            ),
        });
    }
    Ok(Counted { tours, nodes })
}

fn bits(mut m: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m.trailing_zeros() as u8;
            m &= m - 1;
            b
        })
    })
}

/// Extends `prefix` by every legal move until it has `depth` squares (or cannot grow).
fn expand(
    nbr: &[u64],
    prefix: Vec<u8>,
    target: Option<u8>,
    depth: usize,
    out: &mut Vec<(Vec<u8>, Option<u8>)>,
) {
    let mut stack = vec![prefix];
    while let Some(p) = stack.pop() {
        let last = p[p.len() - 1];
        let visited = p.iter().fold(0u64, |m, &s| m | 1 << s);
        let moves = nbr[last as usize] & !visited;
        if p.len() >= depth || moves == 0 || p.len() + 1 >= nbr.len() {
            out.push((p, target));
            continue;
        }
        for v in bits(moves) {
            if Some(v) == target {
                continue; // the target comes last; a shorter board is handled by `run`.
            }
            let mut q = p.clone();
            q.push(v);
            stack.push(q);
        }
    }
}

struct Search<'a> {
    nbr: &'a [u64],
    full: u64,
}

struct Frame {
    cur: u8,
    cands: u64,
    ends: u64,
}

impl Search<'_> {
    /// Ways into or out of `u`: its free neighbours, and the current square.
    fn ways(&self, u: u8, free: u64, cur: u8) -> u32 {
        (self.nbr[u as usize] & (free | 1 << cur)).count_ones()
    }

    /// Whether square `u` can still be passed through (or end the path).
    fn viable(&self, u: u8, ways: u32, target: Option<u8>, ends: &mut u64) -> bool {
        match target {
            Some(q) if u == q => ways >= 1,
            Some(_) => ways >= 2,
            None => {
                if ways == 1 {
                    *ends |= 1 << u;
                }
                ways >= 1 && ends.count_ones() <= 1
            }
        }
    }

    /// Counts completions of `prefix` (tours, nodes).
    fn run(&self, prefix: &[u8], target: Option<u8>) -> (u64, u64) {
        let mut visited = prefix.iter().fold(0u64, |m, &s| m | 1 << s);
        let cur = prefix[prefix.len() - 1];
        let done = |v: u8, visited: u64| visited == self.full && target.is_none_or(|q| q == v);
        if visited == self.full {
            return (u64::from(done(cur, visited)), 1);
        }
        // Check every free square once; afterwards only the neighbours of the square left.
        let free = self.full & !visited;
        let mut ends = 0u64;
        for u in bits(free) {
            let w = self.ways(u, free, cur);
            if !self.viable(u, w, target, &mut ends) {
                return (0, 1);
            }
        }
        let mut tours = 0u64;
        let mut nodes = 1u64;
        let mut stack = vec![Frame {
            cur,
            cands: self.nbr[cur as usize] & free,
            ends,
        }];
        while let Some(top) = stack.last_mut() {
            if top.cands == 0 {
                let left = top.cur;
                stack.pop();
                if !stack.is_empty() {
                    visited &= !(1 << left);
                }
                continue;
            }
            let v = top.cands.trailing_zeros() as u8;
            top.cands &= top.cands - 1;
            let (c, ends_before) = (top.cur, top.ends);
            let now = visited | 1 << v;
            nodes += 1;
            if now == self.full {
                tours += u64::from(done(v, now));
                continue;
            }
            if Some(v) == target {
                continue;
            }
            let free = self.full & !now;
            let mut ends = ends_before & free;
            let alive = bits(self.nbr[c as usize] & free).all(|u| {
                let w = self.ways(u, free, v);
                self.viable(u, w, target, &mut ends)
            });
            if alive {
                visited = now;
                stack.push(Frame {
                    cur: v,
                    cands: self.nbr[v as usize] & free,
                    ends,
                });
            }
        }
        (tours, nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(w: u32, h: u32) -> Board {
        Board::new(w, h).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn small_known_counts() {
        let c = |w, h, k| {
            count(board(w, h), k, false)
                .map(|c| c.tours)
                .unwrap_or(u64::MAX)
        };
        let published = crate::knights::counting::published::published;
        assert_eq!(
            Some(c(5, 5, Kind::OpenDirected)),
            published(5, 5, Kind::OpenDirected).map(|p| p.0)
        );
        assert_eq!(c(5, 5, Kind::ClosedUndirected), 0);
        assert_eq!(c(3, 3, Kind::OpenDirected), 0);
        assert_eq!(c(4, 4, Kind::OpenDirected), 0);
        assert_eq!(c(1, 1, Kind::OpenDirected), 1);
        assert_eq!(c(3, 4, Kind::ClosedUndirected), 0);
        assert!(count(board(9, 8), Kind::OpenDirected, false).is_err());
    }
}
