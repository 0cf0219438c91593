//! Warnsdorff's rule (1823) with a tie-break and backtracking, open and closed tours.
//!
//! The knight moves to the unvisited square with the fewest onward moves. Ties are broken by
//! Arnd Roth's rule — prefer the square farthest from the centre of the board — and then by the
//! move order. Seed 003 sorts by Warnsdorff's rule and backtracks recursively; here the search
//! keeps an explicit stack of one byte per level (the rank of the candidate being tried), and
//! recomputes a level's candidate list when it backtracks into it: the board is then exactly as
//! it was when the list was first made, so the list is the same. A 10,000 x 10,000 board costs
//! six bytes a square (path, rank, degree) and no Rust stack.
//!
//! Closed tours: an open tour from the centre is closed by Pósa rotations ([`closing`]) and
//! entered at the start square; failing that, the search runs from the start square counting it
//! as still free when degrees are computed, so its neighbours look less urgent and are left for
//! last, where the knight needs one of them to close the circuit. If a budget of backtracks runs
//! out, the search starts again with the next rotation of the move order as the final tie-break.
//!
//! Tested by: the unit tests below; tests/knights_warnsdorff.rs.

use crate::knights::board::exists;
use crate::knights::board::moves::KNIGHT_MOVES;
use crate::knights::board::tour::Tour;
use crate::knights::board::{Board, Square};
use crate::knights::error::KnightsError;
use crate::knights::memory;
use crate::knights::rng::Rng;
use crate::knights::solvers::closing;

/// Options for [`tour`].
#[derive(Clone, Copy, Debug)]
pub struct WarnsdorffOptions {
    /// Require the last square to be a knight's move from the first.
    pub closed: bool,
    /// Backtracks allowed per attempt before starting again with another tie-break (the first
    /// eight attempts get 1/256, 1/128, ... of it).
    pub backtrack_limit: u64,
    /// Attempts, each with another last tie-break: the eight rotations of the move order
    /// first, then seeded random move orders, alternately with and without Roth's rule.
    pub attempts: u32,
}

impl Default for WarnsdorffOptions {
    fn default() -> Self {
        WarnsdorffOptions {
            closed: false,
            backtrack_limit: 200_000,
            attempts: 32,
        }
    }
}

/// A tour and what it took.
#[derive(Clone, Debug)]
pub struct WarnsdorffResult {
    pub tour: Tour,
    /// Squares entered, counting re-entries after backtracking.
    pub steps: u64,
    /// Squares left again by backtracking, over all attempts.
    pub backtracks: u64,
    /// Attempts used over all searches (1 when the first tie-break succeeded at once).
    pub attempts: u32,
    /// Rotations used to close an open tour from the centre (closed tours only).
    pub rotations: u32,
}

/// Marks a visited square in the degree array (degrees never exceed 8).
const VISITED: u8 = 0x80;

/// Finds a tour from `start` by Warnsdorff's rule with backtracking.
///
/// Closed tours: a circuit can be entered anywhere, so the knight first tours the board from
/// its centre (where Roth's tie-break also makes it finish), the open tour is closed by
/// rotations ([`closing`]), and the circuit is then entered at `start`. Should that fail, the
/// search runs from `start` itself, backtracking until the last square closes the circuit.
pub fn tour(
    board: Board,
    start: Square,
    opts: &WarnsdorffOptions,
) -> Result<WarnsdorffResult, KnightsError> {
    exists::require(board, start, opts.closed)?;
    let s = board.index(start)?;
    // Degrees, path, ranks; for closed tours also the positions used by the rotations and the
    // rotated copy.
    let per_square = if opts.closed { 14 } else { 6 };
    memory::ensure(
        u64::from(board.area()) * per_square,
        &format!("Warnsdorff's rule on {board}"),
    )?;
    let mut totals = Totals::default();
    if opts.closed {
        let centre = board.xy_index((board.width() - 1) / 2, (board.height() - 1) / 2);
        // An exhausted search from the centre (no open tour starts there) just means: go on.
        if let Ok(Some(mut path)) = run_attempts(board, centre, false, opts, &mut totals) {
            let mut rng = Rng::new(u64::from(s));
            if let Some(r) = closing::close(board, &mut path, &mut rng, CLOSING_ROTATIONS) {
                totals.rotations = r;
                let circuit = Tour::new(board, path)?;
                if let Some(tour) = circuit.rotated_to(s) {
                    return Ok(totals.finish(tour));
                }
            }
        }
    }
    match run_attempts(board, s, opts.closed, opts, &mut totals)? {
        Some(path) => {
            let tour = Tour::new(board, path)?;
            Ok(totals.finish(tour))
        }
        None => Err(KnightsError::GaveUp {
            what: format!(
                "Warnsdorff's rule with backtracking found no {} tour of {board} from {start} in {} attempts of {} backtracks each",
                if opts.closed { "closed" } else { "open" },
                opts.attempts.max(1),
                opts.backtrack_limit
            ),
        }),
    }
}

/// Rotations allowed when closing an open tour; each reverses a stretch of the path.
const CLOSING_ROTATIONS: u32 = 2_000;

#[derive(Default)]
struct Totals {
    steps: u64,
    backtracks: u64,
    attempts: u32,
    rotations: u32,
}

impl Totals {
    fn finish(self, tour: Tour) -> WarnsdorffResult {
        WarnsdorffResult {
            tour,
            steps: self.steps,
            backtracks: self.backtracks,
            attempts: self.attempts,
            rotations: self.rotations,
        }
    }
}

/// Runs the search from `from` with each tie-break rotation in turn; `Ok(None)` when every
/// attempt ran out of backtracks, an error when the search space was exhausted.
fn run_attempts(
    board: Board,
    from: u32,
    closed: bool,
    opts: &WarnsdorffOptions,
    totals: &mut Totals,
) -> Result<Option<Vec<u32>>, KnightsError> {
    let mut search = Search::new(board, from, closed);
    for attempt in 0..opts.attempts.max(1) {
        // Budgets grow from 1/256 of the limit: a wrong early choice is cheaper to redo from
        // scratch with another tie-break than to backtrack out of (search times are heavy-tailed).
        // But a restart costs a whole board of steps, so allow backtracking for a tenth of that.
        let budget = (opts.backtrack_limit >> 8u32.saturating_sub(attempt))
            .max(1_000)
            .max(u64::from(board.area()) / 10);
        let outcome = search.run(&TieBreak::for_attempt(attempt), budget);
        totals.steps += search.steps;
        totals.backtracks += search.backtracks;
        totals.attempts += 1;
        match outcome {
            Outcome::Found => return Ok(Some(std::mem::take(&mut search.path))),
            Outcome::Exhausted => {
                return Err(KnightsError::NoTourFromStart {
                    board,
                    start: board.square(from),
                    closed,
                    why: format!(
                        "the exhaustive search took {} steps and found none",
                        totals.steps
                    ),
                })
            }
            Outcome::OverBudget => search.reset(),
        }
    }
    Ok(None)
}

enum Outcome {
    Found,
    Exhausted,
    OverBudget,
}

/// The last tie-breaks of one attempt.
struct TieBreak {
    /// Move codes in the order ties are broken.
    order: [u8; 8],
    /// Whether Roth's farthest-from-the-centre rule comes before the move order.
    roth: bool,
}

impl TieBreak {
    fn for_attempt(attempt: u32) -> TieBreak {
        let mut order: [u8; 8] = std::array::from_fn(|k| ((k as u32 + attempt) % 8) as u8);
        if attempt < 8 {
            return TieBreak { order, roth: true };
        }
        let mut rng = Rng::new(crate::knights::rng::derive(0x5741_524E, u64::from(attempt)));
        for i in (1..8).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        TieBreak {
            order,
            roth: attempt.is_multiple_of(2),
        }
    }
}

struct Search {
    board: Board,
    start: u32,
    closed: bool,
    /// Unvisited-neighbour counts, with [`VISITED`] set on visited squares.
    degree: Vec<u8>,
    path: Vec<u32>,
    /// `rank[d]`: which candidate (in Warnsdorff order) depth `d + 1` came from.
    rank: Vec<u8>,
    steps: u64,
    backtracks: u64,
}

impl Search {
    fn new(board: Board, start: u32, closed: bool) -> Search {
        let mut s = Search {
            board,
            start,
            closed,
            degree: Vec::new(),
            path: Vec::new(),
            rank: Vec::new(),
            steps: 0,
            backtracks: 0,
        };
        s.reset();
        s
    }

    fn reset(&mut self) {
        let area = self.board.area() as usize;
        self.degree = crate::knights::board::moves::degrees(self.board);
        self.path.clear();
        self.path.reserve(area);
        self.rank.clear();
        self.rank.reserve(area);
        self.steps = 0;
        self.backtracks = 0;
        self.degree[self.start as usize] |= VISITED;
        // An open tour takes the start for good, so its neighbours lose a free neighbour; a
        // closed tour must come back to it, so there the start keeps counting as free.
        if !self.closed {
            self.for_neighbours(self.start, |d| *d -= 1);
        }
        self.path.push(self.start);
    }

    fn for_neighbours(&mut self, sq: u32, mut f: impl FnMut(&mut u8)) {
        let (w, h) = (self.board.width() as i64, self.board.height() as i64);
        let (x, y) = self.board.xy(sq);
        for &(dx, dy) in &KNIGHT_MOVES {
            let (nx, ny) = (x as i64 + dx as i64, y as i64 + dy as i64);
            if nx >= 0 && ny >= 0 && nx < w && ny < h {
                f(&mut self.degree[(ny * w + nx) as usize]);
            }
        }
    }

    /// The unvisited neighbours of `sq` in Warnsdorff order: fewest onward moves first, then
    /// (with Roth's rule) farthest from the centre, then the attempt's move order.
    fn candidates(&self, sq: u32, tie: &TieBreak, out: &mut [u32; 8]) -> usize {
        let (w, h) = (self.board.width() as i64, self.board.height() as i64);
        let (x, y) = self.board.xy(sq);
        // One u64 per candidate orders like (degree, nearness to the centre, rank in the move
        // order): degree in bits 60.., 2^56 - 1 - distance² (doubled coordinates, below 2^35
        // for any board) in bits 3..59, the rank in bits 0..3.
        let mut keys = [0u64; 8];
        let mut at = [0u32; 8];
        let mut n = 0;
        for (k, &code) in tie.order.iter().enumerate() {
            let (dx, dy) = KNIGHT_MOVES[code as usize];
            let (nx, ny) = (x as i64 + dx as i64, y as i64 + dy as i64);
            if nx < 0 || ny < 0 || nx >= w || ny >= h {
                continue;
            }
            let idx = (ny * w + nx) as usize;
            let d = self.degree[idx];
            if d & VISITED != 0 {
                continue;
            }
            let near = if tie.roth {
                let (cx, cy) = (2 * nx + 1 - w, 2 * ny + 1 - h);
                (1u64 << 56) - 1 - (cx * cx + cy * cy) as u64
            } else {
                0
            };
            keys[n] = u64::from(d) << 60 | near << 3 | k as u64;
            at[k] = idx as u32;
            n += 1;
        }
        keys[..n].sort_unstable();
        for (o, key) in out.iter_mut().zip(&keys[..n]) {
            *o = at[(key & 7) as usize];
        }
        n
    }

    /// After the step `prev -> cur`, the squares next to `prev` lost a way in or out. One with
    /// none left can never be reached; one with a single way left must be the last square, and
    /// there can only be one of those. (Degrees count unvisited neighbours; the current square
    /// is a way out too.)
    fn stranded(&self) -> bool {
        let len = self.path.len();
        if len < 2 || len == self.board.area() as usize {
            return false;
        }
        let (prev, cur) = (self.path[len - 2], self.path[len - 1]);
        let (w, h) = (self.board.width() as i64, self.board.height() as i64);
        let (x, y) = self.board.xy(prev);
        let (cx, cy) = self.board.xy(cur);
        let (cx, cy) = (cx as i64, cy as i64);
        let mut ends = 0;
        for &(dx, dy) in &KNIGHT_MOVES {
            let (nx, ny) = (x as i64 + dx as i64, y as i64 + dy as i64);
            if nx < 0 || ny < 0 || nx >= w || ny >= h {
                continue;
            }
            let d = self.degree[(ny * w + nx) as usize];
            if d & VISITED != 0 {
                continue;
            }
            let (ax, ay) = ((nx - cx).abs(), (ny - cy).abs());
            let next_to_cur = (ax == 1 && ay == 2) || (ax == 2 && ay == 1);
            let ways = d + u8::from(next_to_cur);
            if ways == 0 {
                return true;
            }
            if ways == 1 {
                ends += 1;
            }
        }
        ends > 1
    }

    fn visit(&mut self, sq: u32) {
        self.degree[sq as usize] |= VISITED;
        self.for_neighbours(sq, |d| *d -= 1);
        self.path.push(sq);
        self.steps += 1;
    }

    fn unvisit(&mut self) {
        if let Some(sq) = self.path.pop() {
            self.degree[sq as usize] &= !VISITED;
            self.for_neighbours(sq, |d| *d += 1);
            self.backtracks += 1;
        }
    }

    /// A closed tour needs a free neighbour of the start until the very end.
    fn start_cut_off(&self) -> bool {
        self.closed
            && self.path.len() < self.board.area() as usize
            && self.degree[self.start as usize] & !VISITED == 0
    }

    /// A dead end with a large part of the board still free: the path has walled off a region
    /// (on 10,000 x 10,000 the first tie-break leaves 5.3 million squares at 94.7%), which no
    /// affordable amount of backtracking repairs, so the attempt ends at once. Small boards never
    /// qualify: there every dead end is worth backtracking.
    fn cut_off(&self) -> bool {
        let area = self.board.area() as usize;
        area - self.path.len() > (area / 100).max(100_000)
    }

    fn complete(&self) -> bool {
        let area = self.board.area() as usize;
        self.path.len() == area
            && (!self.closed
                || (area > 1 && self.board.is_knight_move(self.path[area - 1], self.start)))
    }

    fn run(&mut self, tie: &TieBreak, backtrack_limit: u64) -> Outcome {
        let mut cands = [0u32; 8];
        // `tried` is the rank of the candidate to try next at the current depth.
        let mut tried: u8 = 0;
        loop {
            if self.complete() {
                return Outcome::Found;
            }
            let cur = self.path[self.path.len() - 1];
            let n = if self.start_cut_off() || self.stranded() {
                0
            } else {
                self.candidates(cur, tie, &mut cands)
            };
            if (tried as usize) < n {
                self.rank.push(tried);
                self.visit(cands[tried as usize]);
                tried = 0;
                continue;
            }
            // Out of candidates here: go back one square and try its next sibling.
            if self.path.len() == 1 {
                return Outcome::Exhausted;
            }
            if self.backtracks >= backtrack_limit || self.cut_off() {
                return Outcome::OverBudget;
            }
            self.unvisit();
            tried = self.rank.pop().map_or(u8::MAX, |r| r + 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(w: u32, h: u32) -> Board {
        Board::new(w, h).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn small_boards_open_and_closed() {
        for (w, h, closed) in [
            (5, 5, false),
            (3, 4, false),
            (6, 6, true),
            (5, 6, true),
            (3, 10, true),
            (1, 1, false),
        ] {
            let opts = WarnsdorffOptions {
                closed,
                ..WarnsdorffOptions::default()
            };
            let r = tour(board(w, h), Square::new(1, 1), &opts)
                .unwrap_or_else(|e| panic!("{w}x{h}: {e}"));
            assert_eq!(r.tour.is_closed(), closed || r.tour.is_closed());
            if closed {
                assert!(r.tour.is_closed());
            }
        }
    }

    #[test]
    fn impossible_requests_are_refused() {
        let o = WarnsdorffOptions::default();
        assert!(matches!(
            tour(board(4, 4), Square::new(1, 1), &o),
            Err(KnightsError::NoTour { .. })
        ));
        let c = WarnsdorffOptions { closed: true, ..o };
        assert!(matches!(
            tour(board(5, 5), Square::new(1, 1), &c),
            Err(KnightsError::NoTour { .. })
        ));
        // 5x5 from a2: the minority colour, refused by the colour argument.
        let e = tour(board(5, 5), Square::new(1, 2), &o);
        assert!(
            matches!(e, Err(KnightsError::NoTourFromStart { .. })),
            "{e:?}"
        );
        assert!(tour(board(5, 5), Square::new(2, 2), &o).is_ok());
    }
}
