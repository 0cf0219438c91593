//! The paper's depth-first search, natively and node for node.
//!
//! It mirrors `programs/knight_tour.pl`:
//!
//! ```prolog
//! knight_tour(Start, Solution) :- go(Start, [], Path), length(Path, 64), reverse(Path, Solution).
//! go(Current, Path, [Current|Path]).
//! go(Current, Path, Z) :- knight_move(Current, Next), \+ member(Next, [Current|Path]),
//!                         go(Next, [Current|Path], Z).
//! ```
//!
//! Every call of `go/3` is a node: it first offers its partial path (tested by `length/2`),
//! then, on backtracking, tries the moves in order. So the nodes are the partial paths in
//! preorder, the root counts, and [`DfsResult::nodes`] equals the number of `go/3` calls up to
//! the last solution reported (or up to failure when the search space runs out). The search
//! keeps its own stack, so a board of any size only costs memory, never Rust stack.
//!
//! Tested by: the unit tests below; tests/knights_dfs.rs, tests/native_bridge.rs (node for node
//! against the
//! interpreter).

use crate::knights::board::exists;
use crate::knights::board::moves::{neighbour_table, MoveOrder, NONE};
use crate::knights::board::tour::Tour;
use crate::knights::board::{Board, Square};
use crate::knights::error::KnightsError;
use crate::knights::memory;

/// What to search for.
#[derive(Clone, Copy, Debug)]
pub struct DfsOptions {
    /// Move order; the default is the program's.
    pub order: MoveOrder,
    /// Stop after this many tours (the Prolog query's first N answers).
    pub solutions: usize,
    /// Accept only closed tours (generate-and-test, as `knight_tour/2` followed by a test).
    pub closed: bool,
    /// Stop after this many nodes, if given.
    pub node_limit: Option<u64>,
}

impl Default for DfsOptions {
    fn default() -> Self {
        DfsOptions {
            order: MoveOrder::default(),
            solutions: 1,
            closed: false,
            node_limit: None,
        }
    }
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DfsResult {
    /// The tours found, in the order Prolog would answer them.
    pub tours: Vec<Tour>,
    /// `go/3` calls made.
    pub nodes: u64,
    /// The whole search space was explored (Prolog's final `false`).
    pub exhausted: bool,
    /// The node limit stopped the search.
    pub hit_limit: bool,
}

/// What the node visitor tells the walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Stop,
}

/// Walks the search tree in Prolog's order, calling `visit` with the partial path of every node
/// (root first). Returns the number of nodes visited and whether the tree was exhausted.
pub fn walk<F>(
    board: Board,
    start: Square,
    order: MoveOrder,
    mut visit: F,
) -> Result<(u64, bool), KnightsError>
where
    F: FnMut(&[u32]) -> Flow,
{
    let s = board.index(start)?;
    let area = board.area() as usize;
    // Move table, visited flags, path and move counters.
    memory::ensure(
        area as u64 * 38,
        &format!("a depth-first search of {board}"),
    )?;
    // Off-board moves lead to a sentinel square that is always visited: one test per move, as
    // the paper's improved verify/2 tests border squares instead of the board's inside.
    let sentinel = area as u32;
    let mut table = neighbour_table(board, order);
    for t in &mut table {
        if *t == NONE {
            *t = sentinel;
        }
    }
    let mut visited = vec![false; area + 1];
    visited[area] = true;
    // path[..=d] is the current partial path; next[d] the first move not yet tried at depth d.
    let mut path = vec![0u32; area];
    let mut next = vec![0u8; area];
    let mut d = 0usize;
    visited[s as usize] = true;
    path[0] = s;
    let mut nodes: u64 = 1;
    if visit(&path[..1]) == Flow::Stop {
        return Ok((nodes, false));
    }
    loop {
        let cur = path[d];
        let row = &table[cur as usize * 8..cur as usize * 8 + 8];
        let mut k = next[d] as usize;
        let mut found = sentinel;
        while k < 8 {
            let n = row[k];
            k += 1;
            if !visited[n as usize] {
                found = n;
                break;
            }
        }
        next[d] = k as u8;
        if found == sentinel {
            visited[cur as usize] = false;
            if d == 0 {
                return Ok((nodes, true));
            }
            d -= 1;
            continue;
        }
        visited[found as usize] = true;
        d += 1;
        path[d] = found;
        next[d] = 0;
        nodes += 1;
        if visit(&path[..=d]) == Flow::Stop {
            return Ok((nodes, false));
        }
    }
}

/// Runs the search exactly as the Prolog program does, without first asking whether a tour can
/// exist (so node counts on tourless boards can be compared with the interpreter too).
pub fn search(board: Board, start: Square, opts: &DfsOptions) -> Result<DfsResult, KnightsError> {
    let area = board.area() as usize;
    let wanted = opts.solutions.max(1);
    let limit = opts.node_limit.unwrap_or(u64::MAX);
    let mut found: Vec<Vec<u32>> = Vec::new();
    let mut count: u64 = 0;
    let mut hit_limit = false;
    let (nodes, exhausted) = walk(board, start, opts.order, |path| {
        count += 1;
        if path.len() == area {
            let closes = area > 1 && board.is_knight_move(path[area - 1], path[0]);
            if !opts.closed || closes {
                found.push(path.to_vec());
                if found.len() >= wanted {
                    return Flow::Stop;
                }
            }
        }
        if count >= limit {
            hit_limit = true;
            return Flow::Stop;
        }
        Flow::Continue
    })?;
    let tours = found
        .into_iter()
        .map(|p| Tour::new(board, p))
        .collect::<Result<Vec<Tour>, _>>()?;
    Ok(DfsResult {
        tours,
        nodes,
        exhausted,
        hit_limit: hit_limit && !exhausted,
    })
}

/// The first tour, refusing first (with the theorem) when none of the asked kind can exist.
pub fn tour(board: Board, start: Square, opts: &DfsOptions) -> Result<(Tour, u64), KnightsError> {
    exists::require(board, start, opts.closed)?;
    let result = search(
        board,
        start,
        &DfsOptions {
            solutions: 1,
            ..*opts
        },
    )?;
    let nodes = result.nodes;
    match result.tours.into_iter().next() {
        Some(t) => Ok((t, nodes)),
        None if result.hit_limit => Err(KnightsError::GaveUp {
            what: format!(
                "depth-first search stopped at its limit of {nodes} nodes without a tour"
            ),
        }),
        None => Err(KnightsError::NoTourFromStart {
            board,
            start,
            closed: opts.closed,
            why: format!("the exhaustive depth-first search visited {nodes} nodes and found none"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(w: u32, h: u32) -> Board {
        Board::new(w, h).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn one_square_board_is_its_own_tour() {
        let r = search(board(1, 1), Square::new(1, 1), &DfsOptions::default());
        let r = r.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.nodes, 1);
        assert_eq!(r.tours.len(), 1);
    }

    #[test]
    fn tourless_board_is_exhausted() {
        let r = search(board(3, 3), Square::new(1, 1), &DfsOptions::default());
        let r = r.unwrap_or_else(|e| panic!("{e}"));
        assert!(r.exhausted && r.tours.is_empty());
        // From a1 on 3x3 the knight can only walk the 8-cycle around the centre: two
        // directions, 8 squares each, sharing the root: 1 + 7 + 7 = 15 nodes.
        assert_eq!(r.nodes, 15);
    }

    #[test]
    fn refuses_impossible_requests() {
        let e = tour(board(4, 4), Square::new(1, 1), &DfsOptions::default());
        assert!(matches!(e, Err(KnightsError::NoTour { .. })));
        let e = tour(board(8, 8), Square::new(9, 1), &DfsOptions::default());
        assert!(matches!(e, Err(KnightsError::OffBoard { .. })));
    }

    #[test]
    fn node_limit_stops_the_search() {
        let opts = DfsOptions {
            node_limit: Some(1000),
            ..DfsOptions::default()
        };
        let r = search(board(8, 8), Square::new(1, 8), &opts).unwrap_or_else(|e| panic!("{e}"));
        assert!(r.hit_limit && r.tours.is_empty());
        assert_eq!(r.nodes, 1000);
    }
}
