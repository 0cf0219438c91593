//! The schedule of the frontier programme: for each square, in processing order, which window
//! cells hold its earlier neighbours, which cells are finished after it, and which have exactly
//! one unprocessed neighbour left (for pruning).
//!
//! Squares are numbered row by row along the narrow side, `i = y * w + x` with `w <= h`, so a
//! knight's move from `i` reaches back at most `2w + 1` squares. (The knight graph of a board
//! and of its transpose are the same graph, so counts do not depend on the orientation.)

/// One step of the schedule: processing square `i`.
#[derive(Clone, Debug)]
pub struct Step {
    /// Old-window positions (cell `k` holds square `i - 1 - k`) of the earlier neighbours.
    pub back: Vec<usize>,
    /// New-window positions (cell `p` holds square `i - p`; cell 0 is square `i`) of the
    /// squares whose last neighbour is `i`: their degree is final after this step.
    pub expire: u64,
    /// New-window positions of squares with exactly one neighbour after `i`.
    pub one_left: u64,
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

/// Knight moves that go forward in the numbering (to a later row, or `dy = 0` never occurs).
const FORWARD: [(i64, i64); 4] = [(-2, 1), (2, 1), (-1, 2), (1, 2)];

impl Plan {
    /// The schedule for a `width x height` board (either orientation).
    pub fn new(width: usize, height: usize) -> Plan {
        let (w, h) = (width.min(height), width.max(height));
        let n = w * h;
        let cells = 2 * w + 1;
        let on = |x: i64, y: i64| x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h;
        let later = |j: usize| -> Vec<usize> {
            let (x, y) = ((j % w) as i64, (j / w) as i64);
            FORWARD
                .iter()
                .filter(|&&(dx, dy)| on(x + dx, y + dy))
                .map(|&(dx, dy)| (y + dy) as usize * w + (x + dx) as usize)
                .collect()
        };
        let later: Vec<Vec<usize>> = (0..n).map(later).collect();
        let last: Vec<usize> = (0..n)
            .map(|j| later[j].iter().copied().max().unwrap_or(j))
            .collect();
        let mut steps = Vec::with_capacity(n);
        for i in 0..n {
            let (x, y) = ((i % w) as i64, (i / w) as i64);
            let mut back = Vec::new();
            for &(dx, dy) in &FORWARD {
                let (px, py) = (x - dx, y - dy);
                if on(px, py) {
                    let j = py as usize * w + px as usize;
                    back.push(i - 1 - j);
                }
            }
            let (mut expire, mut one_left) = (0u64, 0u64);
            for p in 0..=cells.min(i) {
                let j = i - p;
                if last[j] == i {
                    expire |= 1 << p;
                }
                if later[j].iter().filter(|&&m| m > i).count() == 1 {
                    one_left |= 1 << p;
                }
            }
            steps.push(Step {
                back,
                expire,
                one_left,
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
