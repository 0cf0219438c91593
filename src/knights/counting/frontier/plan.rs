//! The schedule of the frontier programme: for each square, in processing order, which window
//! cells hold its earlier neighbours, which cells are finished after it, and the board geometry
//! the pruning rules of [`super::prune`] need after it.
//!
//! Squares are numbered row by row along the narrow side, `i = y * w + x` with `w <= h`, so a
//! knight's move from `i` reaches back at most `2w + 1` squares. (The knight graph of a board
//! and of its transpose are the same graph, so counts do not depend on the orientation.)
//!
//! Tested by: the unit tests below; tests/knights_frontier.rs.

/// One step of the schedule: processing square `i`.
#[derive(Clone, Debug)]
pub struct Step {
    /// Old-window positions (cell `k` holds square `i - 1 - k`) of the earlier neighbours.
    pub back: Vec<usize>,
    /// New-window positions (cell `p` holds square `i - p`; cell 0 is square `i`) of the
    /// squares whose last neighbour is `i`: their degree is final after this step.
    pub expire: u64,
    /// New-window positions of squares with exactly one / exactly two neighbours after `i`.
    pub one_left: u64,
    pub two_left: u64,
    /// New-window positions of the white squares (`(x + y)` even) on the board.
    pub white: u64,
    /// Twice the unprocessed white squares minus twice the unprocessed black ones: their
    /// share of the edges still to be chosen, counted from each colour's side.
    pub balance: i32,
    /// Unprocessed squares with fewer than two unprocessed neighbours, which must get edges
    /// from the window cells in `adj`.
    pub scarce: Vec<Near>,
    /// Unprocessed squares next to three or more window cells with at most two unprocessed
    /// neighbours, which may be forced to use them.
    pub crowded: Vec<Near>,
}

/// An unprocessed square seen from the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Near {
    /// How far ahead it is: square `i + ahead`, `1..=cells`.
    pub ahead: usize,
    /// New-window positions of its processed neighbours.
    pub adj: u64,
    /// Its unprocessed neighbours.
    pub later: u8,
    pub white: bool,
}

/// The whole schedule.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The narrow side.
    pub w: usize,
    /// Squares on the board.
    pub n: usize,
    /// Window cells: `2w + 1`.
    pub cells: usize,
    pub steps: Vec<Step>,
}

/// All eight knight moves; the first four go forward in the numbering (to a later row).
const MOVES: [(i64, i64); 8] = [
    (-2, 1),
    (2, 1),
    (-1, 2),
    (1, 2),
    (2, -1),
    (-2, -1),
    (1, -2),
    (-1, -2),
];

const FORWARD: &[(i64, i64)] = MOVES.split_at(4).0;

impl Plan {
    /// The schedule for a `width x height` board (either orientation).
    pub fn new(width: usize, height: usize) -> Plan {
        let (w, h) = (width.min(height), width.max(height));
        let n = w * h;
        let cells = 2 * w + 1;
        let on = |x: i64, y: i64| x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h;
        let reach = |j: usize, moves: &[(i64, i64)]| -> Vec<usize> {
            let (x, y) = ((j % w) as i64, (j / w) as i64);
            moves
                .iter()
                .filter(|&&(dx, dy)| on(x + dx, y + dy))
                .map(|&(dx, dy)| (y + dy) as usize * w + (x + dx) as usize)
                .collect()
        };
        let later: Vec<Vec<usize>> = (0..n).map(|j| reach(j, FORWARD)).collect();
        let last: Vec<usize> = (0..n)
            .map(|j| later[j].iter().copied().max().unwrap_or(j))
            .collect();
        let white = |j: usize| (j % w + j / w).is_multiple_of(2);
        let mut steps = Vec::with_capacity(n);
        for i in 0..n {
            let (x, y) = ((i % w) as i64, (i / w) as i64);
            let mut back = Vec::new();
            for &(dx, dy) in FORWARD {
                let (px, py) = (x - dx, y - dy);
                if on(px, py) {
                    let j = py as usize * w + px as usize;
                    back.push(i - 1 - j);
                }
            }
            let (mut expire, mut one_left, mut two_left, mut whites) = (0u64, 0u64, 0u64, 0u64);
            for p in 0..=cells.min(i) {
                let j = i - p;
                if last[j] == i {
                    expire |= 1 << p;
                }
                match later[j].iter().filter(|&&m| m > i).count() {
                    1 => one_left |= 1 << p,
                    2 => two_left |= 1 << p,
                    _ => {}
                }
                if white(j) && p < cells {
                    whites |= 1 << p;
                }
            }
            let balance = (i + 1..n).map(|j| if white(j) { 2 } else { -2 }).sum();
            let (mut scarce, mut crowded) = (Vec::new(), Vec::new());
            for u in i + 1..n.min(i + cells + 1) {
                let nb = reach(u, &MOVES);
                let adj = nb
                    .iter()
                    .filter(|&&j| j <= i)
                    .fold(0u64, |m, &j| m | 1 << (i - j));
                let near = Near {
                    ahead: u - i,
                    adj,
                    later: nb.iter().filter(|&&j| j > i).count() as u8,
                    white: white(u),
                };
                if near.later < 2 {
                    scarce.push(near);
                }
                if (adj & (one_left | two_left)).count_ones() >= 3 {
                    crowded.push(near);
                }
            }
            steps.push(Step {
                back,
                expire,
                one_left,
                two_left,
                white: whites,
                balance,
                scarce,
                crowded,
            });
        }
        Plan { w, n, cells, steps }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn back_neighbours_fit_the_window_and_every_square_expires_once() {
        for (w, h) in [(1, 1), (2, 5), (3, 4), (5, 5), (8, 8), (13, 3)] {
            let p = Plan::new(w, h);
            let mut expired = 0;
            for (i, s) in p.steps.iter().enumerate() {
                assert!(s.back.iter().all(|&k| k < p.cells && k < i));
                expired += s.expire.count_ones();
            }
            assert_eq!(expired as usize, p.n, "{w}x{h}");
        }
        // The corner a1 of 8x8 (square 0) has later neighbours 10 and 17.
        let p = Plan::new(8, 8);
        assert_eq!(p.steps[10].back, vec![5, 9]);
        assert_eq!(p.steps[17].expire & 1 << 17, 1 << 17);
    }
}
