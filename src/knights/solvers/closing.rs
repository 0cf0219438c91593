//! Pósa rotations: closing an open tour into a closed one ([`close`]), and moving the end of an
//! open tour to a given square ([`rotate_end_to`], for `knights tour --end`).
//!
//! If the end `e` of a Hamiltonian path `p[0] .. p[n-1]` is a knight's move from some `p[i]`
//! while `p[i+1]` is a knight's move from the start, then dropping the step `p[i] -> p[i+1]` and
//! adding `p[i] -> e` and `p[i+1] -> p[0]` gives a Hamiltonian circuit (the crossing step in the
//! proof of Ore's theorem). When no such `i` exists, a rotation — drop `p[i] -> p[i+1]`, add
//! `e -> p[i]`, reverse the tail — gives a new path over the same squares ending at `p[i+1]`,
//! two knight's moves from the old end, and the search looks again. Rotations at the start
//! work the same way on the reversed path.
//!
//! Warnsdorff's rule with Roth's tie-break ends its tours near the centre of the board, so a
//! tour started at the centre ends near its start, and the crossing is found after few
//! rotations, each reversing a short stretch of recently visited squares.
//!
//! Tested by: the unit tests below; tests/knights_warnsdorff.rs (closed tours).

use crate::knights::board::moves::neighbours;
use crate::knights::board::Board;
use crate::knights::rng::Rng;

/// Turns the Hamiltonian path `path` into a closed circuit in place, using at most
/// `max_rotations` rotations. Returns the number of rotations used, or `None` on failure (the
/// path is then still a Hamiltonian path, though maybe another one).
pub fn close(board: Board, path: &mut [u32], rng: &mut Rng, max_rotations: u32) -> Option<u32> {
    let n = path.len();
    if n < 3 {
        return None;
    }
    let mut pos = vec![0u32; board.area() as usize];
    for (i, &sq) in path.iter().enumerate() {
        pos[sq as usize] = i as u32;
    }
    for rotations in 0..=max_rotations {
        let (first, last) = (path[0], path[n - 1]);
        if board.is_knight_move(last, first) {
            return Some(rotations);
        }
        if let Some(i) = crossing(board, path, &pos) {
            // Reverse whichever side of the crossing is shorter: both give the same circuit.
            if i + 1 < n - i - 1 {
                reverse(path, &mut pos, 0, i + 1);
            } else {
                reverse(path, &mut pos, i + 1, n);
            }
            return Some(rotations);
        }
        if rotations == max_rotations {
            break;
        }
        // Rotation candidates as (cost, start, end) of the stretch to reverse.
        let mut cands: Vec<(usize, usize, usize)> = Vec::with_capacity(16);
        for v in neighbours(board, last) {
            let i = pos[v as usize] as usize;
            if i + 2 < n {
                cands.push((n - i - 1, i + 1, n));
            }
        }
        for v in neighbours(board, first) {
            let j = pos[v as usize] as usize;
            if j > 1 {
                cands.push((j, 0, j));
            }
        }
        if cands.is_empty() {
            return None;
        }
        cands.sort_unstable();
        // Mostly the cheapest, sometimes a dearer one, so the walk does not circle.
        let mut k = 0;
        while k + 1 < cands.len() && rng.bit() {
            k += 1;
        }
        let (_, a, b) = cands[k];
        reverse(path, &mut pos, a, b);
    }
    None
}

/// A lower bound on the knight's moves between two squares (each move changes a coordinate
/// by at most 2 and both by at most 3 together).
pub fn knight_distance(board: Board, a: u32, b: u32) -> u32 {
    let ((ax, ay), (bx, by)) = (board.xy(a), board.xy(b));
    let (dx, dy) = (ax.abs_diff(bx), ay.abs_diff(by));
    dx.div_ceil(2)
        .max(dy.div_ceil(2))
        .max((dx + dy).div_ceil(3))
}

/// Moves the end of the Hamiltonian path `path` to `target` by rotations (the start stays),
/// using at most `max_rotations`: each rotation makes `p[i+1]` the end for a `p[i]` next to
/// the end, so the end walks over the board two knight's moves at a time; the walk mostly
/// takes the step that lands nearest `target`, sometimes another, so it does not circle.
/// Returns the rotations used, or `None` (the path is then another Hamiltonian path from the
/// same start).
pub fn rotate_end_to(
    board: Board,
    path: &mut [u32],
    target: u32,
    rng: &mut Rng,
    max_rotations: u32,
) -> Option<u32> {
    let n = path.len();
    let mut pos = vec![0u32; board.area() as usize];
    for (i, &sq) in path.iter().enumerate() {
        pos[sq as usize] = i as u32;
    }
    let mut cands: Vec<(u32, u64, usize)> = Vec::with_capacity(8);
    for rotations in 0..=max_rotations {
        let last = path[n - 1];
        if last == target {
            return Some(rotations);
        }
        cands.clear();
        for v in neighbours(board, last) {
            let i = pos[v as usize] as usize;
            if i + 2 < n {
                let end = path[i + 1];
                // Reaching the target itself beats any distance; ties broken at random.
                let d = if end == target {
                    0
                } else {
                    1 + knight_distance(board, end, target)
                };
                cands.push((d, rng.next_u64(), i + 1));
            }
        }
        if cands.is_empty() {
            return None;
        }
        cands.sort_unstable();
        let mut k = 0;
        while k + 1 < cands.len() && cands[0].0 != 0 && rng.below(4) == 0 {
            k += 1;
        }
        reverse(path, &mut pos, cands[k].2, n);
    }
    None
}

/// An `i` with `p[i]` next to the end and `p[i+1]` next to the start, preferring the one that
/// needs the least reversing.
fn crossing(board: Board, path: &[u32], pos: &[u32]) -> Option<usize> {
    let n = path.len();
    let (first, last) = (path[0], path[n - 1]);
    let mut best: Option<(usize, usize)> = None;
    for v in neighbours(board, last) {
        let i = pos[v as usize] as usize;
        if i + 2 < n && board.is_knight_move(path[i + 1], first) {
            let cost = (i + 1).min(n - i - 1);
            if best.is_none_or(|(c, _)| cost < c) {
                best = Some((cost, i));
            }
        }
    }
    best.map(|(_, i)| i)
}

fn reverse(path: &mut [u32], pos: &mut [u32], a: usize, b: usize) {
    path[a..b].reverse();
    for (i, &sq) in path[a..b].iter().enumerate() {
        pos[sq as usize] = (a + i) as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knights::board::check;

    #[test]
    fn closes_an_open_tour_of_6x6() {
        let board = Board::new(6, 6).unwrap_or_else(|e| panic!("{e}"));
        let opts = crate::knights::solvers::dfs::DfsOptions::default();
        let r =
            crate::knights::solvers::dfs::search(board, crate::knights::Square::new(1, 1), &opts)
                .unwrap_or_else(|e| panic!("{e}"));
        let mut path = r.tours[0].indices().to_vec();
        let used = close(board, &mut path, &mut Rng::new(7), 1000);
        assert!(used.is_some());
        assert_eq!(
            check::validate(board, &path).map(|i| i.closed).ok(),
            Some(true)
        );
    }
}
