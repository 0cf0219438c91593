//! Hamiltonian paths and circuits of small graphs under constraints — a fixed first or last
//! vertex, edges that must be used — for the building blocks of [`divide`](super::divide).
//!
//! The graphs are knight's graphs of small boards, sometimes with a few extra vertices and
//! edges (see [`strips`](super::strips)). A depth-first search in Warnsdorff order (fewest
//! onward moves first) with two prunings: a vertex's forced edges decide the next move, and a
//! free vertex that has lost all ways in, or a second one left with a single way (it would have
//! to be the last vertex), ends the branch. Each attempt has a node budget; the next attempt
//! shuffles the tie-break with a seeded generator, so results are the same on every run.
//!
//! Tested by: the unit tests below; tests/knights_count.rs (against the exhaustive counter).

use crate::knights::board::moves::{neighbour_table, MoveOrder, NONE};
use crate::knights::board::Board;
use crate::knights::rng::Rng;

/// A graph of at most eight neighbours a vertex, as a table of 8 slots per vertex.
#[derive(Clone, Debug)]
pub struct Graph {
    table: Vec<u32>,
}

impl Graph {
    /// The knight's graph of a board (vertex = square index).
    pub fn knight(board: Board) -> Graph {
        Graph {
            table: neighbour_table(board, MoveOrder::default()),
        }
    }

    /// `n` vertices without edges.
    pub fn empty(n: usize) -> Graph {
        Graph {
            table: vec![NONE; n * 8],
        }
    }

    pub fn len(&self) -> usize {
        self.table.len() / 8
    }

    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    pub fn neighbours(&self, v: u32) -> impl Iterator<Item = u32> + '_ {
        self.table[v as usize * 8..v as usize * 8 + 8]
            .iter()
            .copied()
            .filter(|&n| n != NONE)
    }

    pub fn has_edge(&self, a: u32, b: u32) -> bool {
        self.neighbours(a).any(|n| n == b)
    }

    /// Adds the undirected edge `a - b`; false if a vertex has no free slot left.
    pub fn add_edge(&mut self, a: u32, b: u32) -> bool {
        if self.has_edge(a, b) {
            return true;
        }
        let free = |t: &[u32], v: u32| (0..8).find(|&k| t[v as usize * 8 + k] == NONE);
        match (free(&self.table, a), free(&self.table, b)) {
            (Some(i), Some(j)) => {
                self.table[a as usize * 8 + i] = b;
                self.table[b as usize * 8 + j] = a;
                true
            }
            _ => false,
        }
    }

    /// The same graph with every vertex's slots permuted by `perm` (a new tie-break order).
    fn shuffled(&self, perm: &[usize; 8]) -> Graph {
        let mut table = self.table.clone();
        for (v, slots) in table.chunks_mut(8).enumerate() {
            for k in 0..8 {
                slots[k] = self.table[v * 8 + perm[k]];
            }
        }
        Graph { table }
    }
}

/// What the path or circuit must satisfy.
#[derive(Clone, Debug, Default)]
pub struct Constraints {
    /// The last vertex must be adjacent to the first.
    pub closed: bool,
    /// The first vertex (vertex 0 if none; for circuits any vertex will do).
    pub start: Option<u32>,
    /// The last vertex (open paths only).
    pub end: Option<u32>,
    /// Edges the path must use, consecutively or, in a circuit, as the closing step.
    pub forced: Vec<(u32, u32)>,
}

/// A path or circuit satisfying `c`, trying `attempts` shuffled tie-breaks (and, for circuits
/// without a fixed start, start vertices) of `budget` nodes each.
pub fn find(g: &Graph, c: &Constraints, budget: u64, attempts: u32) -> Option<Vec<u32>> {
    let mut rng = Rng::new(0x4B4E_4947_4854);
    for attempt in 0..attempts {
        let mut perm: [usize; 8] = std::array::from_fn(|k| k);
        let mut c = c.clone();
        if attempt > 0 {
            for i in (1..8).rev() {
                perm.swap(i, rng.below(i as u64 + 1) as usize);
            }
            if c.closed && c.start.is_none() {
                c.start = Some(rng.below(g.len() as u64) as u32);
            }
        }
        let mut found = None;
        search(&g.shuffled(&perm), &c, budget, |path| {
            found = Some(path.to_vec());
            false
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Calls `on_path` with every path satisfying `c`, in search order, while it returns true, or
/// until `budget` nodes were visited. Returns the number of nodes visited.
pub fn search<F>(g: &Graph, c: &Constraints, budget: u64, mut on_path: F) -> u64
where
    F: FnMut(&[u32]) -> bool,
{
    let n = g.len();
    if n == 0 {
        return 0;
    }
    let mut forced: Vec<[u32; 2]> = vec![[NONE; 2]; n];
    for &(a, b) in &c.forced {
        for (x, y) in [(a, b), (b, a)] {
            let slot = &mut forced[x as usize];
            if slot.contains(&y) {
                continue;
            }
            match slot.iter().position(|&s| s == NONE) {
                Some(i) => slot[i] = y,
                None => return 0, // three forced edges at one vertex: no path.
            }
        }
    }
    let start = c.start.unwrap_or(0);
    let mut s = State {
        g,
        forced: &forced,
        degree: (0..n as u32)
            .map(|v| g.neighbours(v).count() as u8)
            .collect(),
        visited: vec![false; n],
        path: Vec::with_capacity(n),
        start,
        end: if c.closed { None } else { c.end },
        closed: c.closed,
    };
    s.enter(start);
    // ranks[d]: which candidate (in the order `candidates` gives) depth d + 1 came from.
    let mut ranks: Vec<u8> = Vec::with_capacity(n);
    let mut tried = 0u8;
    let mut nodes = 1u64;
    let mut cands = [0u32; 8];
    loop {
        if s.path.len() == n && s.accepts() && !on_path(&s.path) {
            return nodes;
        }
        let k = if s.dead() {
            0
        } else {
            s.candidates(&mut cands)
        };
        if (tried as usize) < k && nodes < budget {
            ranks.push(tried);
            s.enter(cands[tried as usize]);
            tried = 0;
            nodes += 1;
            continue;
        }
        if s.path.len() == 1 || nodes >= budget {
            return nodes;
        }
        s.leave();
        tried = ranks.pop().map_or(u8::MAX, |r| r + 1);
    }
}

struct State<'a> {
    g: &'a Graph,
    forced: &'a [[u32; 2]],
    /// Unvisited neighbours of each vertex (in a circuit the start counts as unvisited: the
    /// path must come back to it).
    degree: Vec<u8>,
    visited: Vec<bool>,
    path: Vec<u32>,
    start: u32,
    end: Option<u32>,
    closed: bool,
}

impl State<'_> {
    fn enter(&mut self, v: u32) {
        self.visited[v as usize] = true;
        self.path.push(v);
        if !(self.closed && v == self.start) {
            for nb in self.g.neighbours(v) {
                self.degree[nb as usize] -= 1;
            }
        }
    }

    fn leave(&mut self) {
        if let Some(v) = self.path.pop() {
            self.visited[v as usize] = false;
            for nb in self.g.neighbours(v) {
                self.degree[nb as usize] += 1;
            }
        }
    }

    /// The moves allowed from the current vertex, fewest onward moves first.
    fn candidates(&self, out: &mut [u32; 8]) -> usize {
        let cur = self.path[self.path.len() - 1];
        let last_step = self.path.len() + 1 == self.visited.len();
        // A forced partner not yet visited must come next (the start may leave by either).
        let must = self.forced[cur as usize];
        let owes = must.iter().any(|&f| f != NONE && !self.visited[f as usize]);
        let mut keys = [(0u8, 0usize); 8];
        let mut n = 0;
        for (k, nb) in self.g.neighbours(cur).enumerate() {
            if self.visited[nb as usize] || (owes && !must.contains(&nb)) {
                continue;
            }
            if Some(nb) == self.end && !last_step {
                continue;
            }
            // The next vertex's forced partners must be free, this vertex, or (for the closing
            // step) the start.
            let ok = self.forced[nb as usize].iter().all(|&f| {
                f == NONE
                    || f == cur
                    || !self.visited[f as usize]
                    || (self.closed && f == self.start)
            });
            if !ok {
                continue;
            }
            keys[n] = (self.degree[nb as usize], k);
            out[n] = nb;
            n += 1;
        }
        for i in 1..n {
            let mut j = i;
            while j > 0 && keys[j] < keys[j - 1] {
                keys.swap(j, j - 1);
                out.swap(j, j - 1);
                j -= 1;
            }
        }
        n
    }

    /// The branch cannot be completed: the current vertex owes two forced edges, or a free
    /// vertex is cut off, or two free vertices (or one besides a fixed end) would both have to
    /// be the last.
    fn dead(&self) -> bool {
        let len = self.path.len();
        if len == self.visited.len() {
            return true;
        }
        let cur = self.path[len - 1];
        let owed = self.forced[cur as usize]
            .iter()
            .filter(|&&f| f != NONE && !self.visited[f as usize])
            .count();
        if owed > 1 && len > 1 {
            return true;
        }
        let mut ends = usize::from(self.end.is_some());
        for v in 0..self.visited.len() as u32 {
            if self.visited[v as usize] {
                continue;
            }
            let ways = self.degree[v as usize] + u8::from(self.g.has_edge(cur, v));
            if ways == 0 {
                return true;
            }
            if ways == 1 && Some(v) != self.end {
                ends += 1;
                if ends > 1 {
                    return true;
                }
            }
        }
        false
    }

    /// A full path: closed if required, ending where required, every forced edge used.
    fn accepts(&self) -> bool {
        let n = self.path.len();
        let (first, last) = (self.path[0], self.path[n - 1]);
        if self.closed && !self.g.has_edge(last, first) {
            return false;
        }
        if self.end.is_some_and(|e| e != last) {
            return false;
        }
        let mut pos = vec![0usize; n];
        for (i, &v) in self.path.iter().enumerate() {
            pos[v as usize] = i;
        }
        (0..n).all(|a| {
            self.forced[a].iter().all(|&b| {
                if b == NONE {
                    return true;
                }
                let d = pos[a].abs_diff(pos[b as usize]);
                d == 1 || (self.closed && d == n - 1)
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knights::board::check;

    #[test]
    fn finds_a_closed_6x6_tour_with_forced_edges() {
        let b = Board::new(6, 6).unwrap_or_else(|e| panic!("{e}"));
        let c = Constraints {
            closed: true,
            forced: vec![
                (b.xy_index(1, 1), b.xy_index(0, 3)),
                (b.xy_index(1, 1), b.xy_index(3, 0)),
            ],
            ..Constraints::default()
        };
        let path = find(&Graph::knight(b), &c, 1_000_000, 4).unwrap_or_default();
        assert_eq!(check::validate(b, &path).map(|i| i.closed).ok(), Some(true));
        assert!(path
            .windows(2)
            .any(|w| w == [b.xy_index(1, 1), b.xy_index(0, 3)]
                || w == [b.xy_index(0, 3), b.xy_index(1, 1)]));
    }

    #[test]
    fn enumerates_all_5x5_tours_from_a_corner_and_between_two_corners() {
        let b = Board::new(5, 5).unwrap_or_else(|e| panic!("{e}"));
        let g = Graph::knight(b);
        let mut count = 0;
        search(&g, &Constraints::default(), u64::MAX, |_| {
            count += 1;
            true
        });
        assert_eq!(count, 304);
        // Independently: tours a1 -> e5 are those of the 304 that end at e5.
        let mut to_e5 = 0;
        search(&g, &Constraints::default(), u64::MAX, |p| {
            to_e5 += usize::from(p[24] == 24);
            true
        });
        let mut fixed = 0;
        let c = Constraints {
            end: Some(24),
            ..Constraints::default()
        };
        search(&g, &c, u64::MAX, |_| {
            fixed += 1;
            true
        });
        assert_eq!(fixed, to_e5);
    }
}
