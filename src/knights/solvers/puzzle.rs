//! Seed 001's puzzle, solved optimally: the shortest knight's walk from h8 that visits every
//! square a queen on d5 does not attack, never landing on an attacked square (revisits allowed).
//!
//! **Reduction.** A *dead end* (a safe square with one safe neighbour `p`, not the start) is
//! entered from `p` and, unless the walk ends there, left back to `p`. Deleting the detour
//! `ℓ, p` from any walk keeps a walk of the other squares two moves shorter, and inserting it at
//! any visit of `p` adds exactly two. So the optimum is the shortest walk over the graph
//! without dead ends (it must visit every parent `p`) plus 2 per dead end, minus 1 if that
//! walk can end at a parent (the walk then ends in that dead end instead).
//!
//! **Exact search.** Breadth-first search over states (square, set of squares seen) of the
//! reduced graph: every move is one edge, so the first depth at which a state has seen every
//! square is the length of the shortest reduced walk — a proof by exhaustion of all shorter
//! walks. The sets seen are connected sets holding the start, few on this sparse graph.
//!
//! **Fixed order** (the original web puzzle): targets right to left along each rank, ranks
//! top to bottom, attacked squares skipped; each leg is a shortest path (breadth-first), so
//! the sum of the legs is optimal.
//!
//! Tested by: the unit tests below; tests/queen_puzzle.rs.

use crate::knights::board::moves::neighbours;
use crate::knights::board::walk::Walk;
use crate::knights::board::{Board, Square};
use crate::knights::error::KnightsError;
use std::collections::{HashMap, VecDeque};

/// The puzzle's setting: a board, the queen's square, the knight's start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueenPuzzle {
    pub board: Board,
    pub queen: Square,
    pub start: Square,
}

impl Default for QueenPuzzle {
    /// Seed 001: 8 x 8, queen on d5, knight on h8.
    fn default() -> Self {
        QueenPuzzle {
            board: Board::new(8, 8).unwrap_or_else(|_| unreachable!("8x8 is a board")),
            queen: Square::new(4, 5),
            start: Square::new(8, 8),
        }
    }
}

/// How the optimum was established.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// Squares the walk must visit (the safe squares, the start included).
    pub safe: usize,
    /// Dead ends removed by the reduction, and their parents.
    pub dead_ends: Vec<(Square, Square)>,
    /// Squares of the reduced graph.
    pub reduced: usize,
    /// States (square, set seen) the breadth-first search reached.
    pub states: u64,
    /// Length of the shortest walk over the reduced graph.
    pub reduced_length: usize,
    /// Whether the optimal walk ends in a dead end (saving one move).
    pub ends_in_dead_end: bool,
}

/// An optimal walk and its proof.
#[derive(Clone, Debug)]
pub struct Solved {
    pub walk: Walk,
    pub proof: Proof,
}

/// The fixed-order walk: legs between consecutive targets.
#[derive(Clone, Debug)]
pub struct FixedOrder {
    pub walk: Walk,
    /// The targets in order, and the length of the leg that reaches each (0 for the start).
    pub legs: Vec<(Square, usize)>,
}

impl QueenPuzzle {
    /// Whether the queen attacks (or stands on) `sq`.
    pub fn attacked(&self, sq: Square) -> bool {
        let (qf, qr) = (i64::from(self.queen.file), i64::from(self.queen.rank));
        let (f, r) = (i64::from(sq.file), i64::from(sq.rank));
        f == qf || r == qr || f - qf == r - qr || f - qf == qr - r
    }

    /// One flag per square: attacked by the queen.
    pub fn forbidden(&self) -> Vec<bool> {
        (0..self.board.area())
            .map(|i| self.attacked(self.board.square(i)))
            .collect()
    }

    fn check(&self) -> Result<(Vec<bool>, u32), KnightsError> {
        let start = self.board.index(self.start)?;
        self.board.index(self.queen)?;
        let forbidden = self.forbidden();
        if forbidden[start as usize] {
            return Err(KnightsError::Unsupported {
                what: format!(
                    "the knight's start {} is attacked by the queen on {}",
                    self.start, self.queen
                ),
            });
        }
        // Every safe square must be reachable through safe squares.
        let dist = distances(self.board, &forbidden, start);
        if let Some(i) =
            (0..self.board.area()).find(|&i| !forbidden[i as usize] && dist[i as usize] == u32::MAX)
        {
            return Err(KnightsError::Unsupported {
                what: format!(
                    "no walk exists: {} cannot be reached from {} without landing on an \
                     attacked square",
                    self.board.square(i),
                    self.start
                ),
            });
        }
        Ok((forbidden, start))
    }

    /// The shortest walk visiting every safe square, with its proof of optimality.
    pub fn solve(&self) -> Result<Solved, KnightsError> {
        let (forbidden, start) = self.check()?;
        let board = self.board;
        let safe: Vec<u32> = (0..board.area())
            .filter(|&i| !forbidden[i as usize])
            .collect();
        let safe_nbrs = |s: u32| neighbours(board, s).filter(|&n| !forbidden[n as usize]);
        let degree = |s: u32| safe_nbrs(s).count();
        // Dead ends: one safe neighbour, not the start, and a parent that stays.
        let mut parent_of: HashMap<u32, u32> = HashMap::new();
        for &s in &safe {
            if s != start && degree(s) == 1 {
                let p = safe_nbrs(s).next().unwrap_or(s);
                if p == start || degree(p) >= 2 {
                    parent_of.insert(s, p);
                }
            }
        }
        let reduced: Vec<u32> = safe
            .iter()
            .copied()
            .filter(|s| !parent_of.contains_key(s))
            .collect();
        if reduced.len() > MAX_REDUCED {
            return Err(KnightsError::Unsupported {
                what: format!(
                    "the exact search handles at most {MAX_REDUCED} squares after the \
                     reduction; this puzzle has {}",
                    reduced.len()
                ),
            });
        }
        let local: HashMap<u32, usize> = reduced.iter().enumerate().map(|(i, &s)| (s, i)).collect();
        let adj: Vec<Vec<usize>> = reduced
            .iter()
            .map(|&s| {
                safe_nbrs(s)
                    .filter_map(|n| local.get(&n).copied())
                    .collect()
            })
            .collect();
        let is_parent: Vec<bool> = reduced
            .iter()
            .map(|s| parent_of.values().any(|p| p == s))
            .collect();
        let (path, states) = shortest_cover(&adj, local[&start], &is_parent)?;
        let reduced_length = path.len() - 1;
        let end = reduced[path[path.len() - 1]];
        let final_leaf = parent_of
            .iter()
            .filter(|&(_, &p)| p == end)
            .map(|(&l, _)| l)
            .min();
        // Expand: each dead end as a detour at the first visit of its parent; the final one
        // (if the walk can end in a dead end) appended.
        let mut squares = Vec::with_capacity(path.len() + 2 * parent_of.len());
        let mut done = vec![false; board.area() as usize];
        for &li in &path {
            let s = reduced[li];
            squares.push(s);
            if !done[s as usize] {
                done[s as usize] = true;
                let mut leaves: Vec<u32> = parent_of
                    .iter()
                    .filter(|&(&l, &p)| p == s && Some(l) != final_leaf)
                    .map(|(&l, _)| l)
                    .collect();
                leaves.sort_unstable();
                for l in leaves {
                    squares.push(l);
                    squares.push(s);
                }
            }
        }
        if let Some(l) = final_leaf {
            squares.push(l);
        }
        let mut dead_ends: Vec<(Square, Square)> = parent_of
            .iter()
            .map(|(&l, &p)| (board.square(l), board.square(p)))
            .collect();
        dead_ends.sort();
        let walk = Walk::new(board, squares, forbidden)?;
        Ok(Solved {
            walk,
            proof: Proof {
                safe: safe.len(),
                dead_ends,
                reduced: reduced.len(),
                states,
                reduced_length,
                ends_in_dead_end: final_leaf.is_some(),
            },
        })
    }

    /// The fixed-order walk: targets right to left, top to bottom, attacked squares skipped,
    /// each reached by a shortest path.
    pub fn fixed_order(&self) -> Result<FixedOrder, KnightsError> {
        let (forbidden, start) = self.check()?;
        let board = self.board;
        let mut targets = Vec::new();
        for rank in (1..=board.height()).rev() {
            for file in (1..=board.width()).rev() {
                let i = board.index_unchecked(Square::new(file, rank));
                if !forbidden[i as usize] {
                    targets.push(i);
                }
            }
        }
        let mut squares = vec![start];
        let mut legs = Vec::with_capacity(targets.len());
        for t in targets {
            let from = squares[squares.len() - 1];
            let leg = shortest_path(board, &forbidden, from, t);
            legs.push((board.square(t), leg.len()));
            squares.extend(leg);
        }
        let walk = Walk::new(board, squares, forbidden)?;
        Ok(FixedOrder { walk, legs })
    }
}

/// Breadth-first distances over safe squares from `from` (`u32::MAX`: unreachable).
pub fn distances(board: Board, forbidden: &[bool], from: u32) -> Vec<u32> {
    let mut dist = vec![u32::MAX; board.area() as usize];
    dist[from as usize] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(s) = queue.pop_front() {
        for n in neighbours(board, s) {
            if !forbidden[n as usize] && dist[n as usize] == u32::MAX {
                dist[n as usize] = dist[s as usize] + 1;
                queue.push_back(n);
            }
        }
    }
    dist
}

/// The squares after `from` on a shortest safe path to `to` (empty if `from == to`).
fn shortest_path(board: Board, forbidden: &[bool], from: u32, to: u32) -> Vec<u32> {
    let dist = distances(board, forbidden, to);
    let mut path = Vec::new();
    let mut at = from;
    while at != to {
        // Step to a neighbour one closer to `to` (the lowest index, for a fixed answer).
        let next = neighbours(board, at)
            .filter(|&n| !forbidden[n as usize] && dist[n as usize] + 1 == dist[at as usize])
            .min();
        match next {
            Some(n) => {
                path.push(n);
                at = n;
            }
            None => break, // unreachable; `check` ruled it out
        }
    }
    path
}

/// The most squares the exact search takes after the reduction: a state is the set seen
/// (58 bits) and the square (6 bits) in one `u64`.
const MAX_REDUCED: usize = 58;

fn state(set: u64, at: usize) -> u64 {
    set | (at as u64) << MAX_REDUCED
}

fn split(s: u64) -> (u64, usize) {
    (s & ((1 << MAX_REDUCED) - 1), (s >> MAX_REDUCED) as usize)
}

/// Breadth-first search over (square, set seen) of a graph of at most [`MAX_REDUCED`]
/// squares: the shortest walk from `start` seeing every square, preferring to end on a
/// flagged square among the shortest. Returns the walk (local indices) and the number of
/// states reached, or a refusal once the states would outgrow the memory available.
fn shortest_cover(
    adj: &[Vec<usize>],
    start: usize,
    prefer_end: &[bool],
) -> Result<(Vec<usize>, u64), KnightsError> {
    // A state costs its table entry (with the table's slack and its doubling) and a
    // place in a layer.
    const STATE_BYTES: u64 = 64;
    // Half of what is available: the machine is shared, and other tables come and go.
    let max_states = crate::knights::memory::limit().map_or(u64::MAX, |b| b / 2 / STATE_BYTES);
    let full = (1u64 << adj.len()) - 1;
    let mut depth: HashMap<u64, u16, foldhash::fast::FixedState> = HashMap::default();
    let first = state(1 << start, start);
    depth.insert(first, 0);
    let mut layer = vec![first];
    let mut d = 0u16;
    let end = loop {
        let done: Vec<u64> = layer
            .iter()
            .copied()
            .filter(|&s| split(s).0 == full)
            .collect();
        if let Some(&best) = done
            .iter()
            .find(|&&s| prefer_end[split(s).1])
            .or_else(|| done.first())
        {
            break best;
        }
        let mut next = Vec::new();
        for &s in &layer {
            if depth.len() as u64 > max_states {
                return Err(KnightsError::Unsupported {
                    what: format!(
                        "the exact search over {} squares reached {} states after {d} moves \
                         and would not fit in the memory available; --fixed-order gives a \
                         walk in the puzzle's own order",
                        adj.len(),
                        depth.len()
                    ),
                });
            }
            let (set, at) = split(s);
            for &m in &adj[at] {
                let t = state(set | 1 << m, m);
                if let std::collections::hash_map::Entry::Vacant(e) = depth.entry(t) {
                    e.insert(d + 1);
                    next.push(t);
                }
            }
        }
        layer = next;
        d += 1;
        if layer.is_empty() {
            // Only if the graph is disconnected, which the caller has ruled out.
            return Ok((vec![start], depth.len() as u64));
        }
    };
    // Walk back: a predecessor is a neighbour one layer earlier whose set, with this
    // square, is this set.
    let (mut set, mut at) = split(end);
    let mut path = vec![at];
    let mut k = d;
    while k > 0 {
        let prev = adj[at].iter().find_map(|&q| {
            [set, set & !(1u64 << at)]
                .into_iter()
                .find(|&s| s >> q & 1 == 1 && depth.get(&state(s, q)) == Some(&(k - 1)))
                .map(|s| (s, q))
        });
        let Some((s, q)) = prev else { break };
        set = s;
        at = q;
        k -= 1;
        path.push(at);
    }
    path.reverse();
    Ok((path, depth.len() as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_has_36_safe_squares_and_h8_is_one() {
        let p = QueenPuzzle::default();
        assert_eq!(p.forbidden().iter().filter(|&&f| !f).count(), 36);
        assert!(!p.attacked(Square::new(8, 8)));
        assert!(p.attacked(Square::new(1, 8)) && p.attacked(Square::new(7, 8)));
    }

    #[test]
    fn an_attacked_start_is_refused() {
        let p = QueenPuzzle {
            start: Square::new(4, 1),
            ..QueenPuzzle::default()
        };
        assert!(p.solve().is_err());
    }
}
