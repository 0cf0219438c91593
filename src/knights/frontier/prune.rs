//! Dropping states that cannot be completed, by counting path ends.
//!
//! A Hamiltonian path has exactly two ends (a circuit none), so a state whose completion would
//! need more is dead. Each rule below names vertices that must become ends, and which colour
//! they are; the knight graph is bipartite, which fixes how many ends of each colour remain:
//! every edge still to be chosen has one white and one black end, so counting each colour's
//! missing degree gives `white ends - black ends = D`, where `D` is the white squares' missing
//! degree minus the black ones' (an unprocessed square misses 2, a FREE cell 2, an end 1). With
//! `e` ends left to place (`2 - fixed` for paths, 0 for circuits), `(e + D) / 2` of them are
//! white and `(e - D) / 2` black. The ends a state is forced to have:
//! * a FREE cell with one unprocessed neighbour left (it can get one more edge only);
//! * an unprocessed square that can get fewer than two edges: its unprocessed neighbours
//!   plus its window neighbours that are not DONE (none at all: dead);
//! * an unprocessed square `u` wanted by more than two cells that need *all* their remaining
//!   edges (a FREE cell with two unprocessed neighbours, an end with one): all but two of them
//!   lose an edge and become ends (or die), on the colour opposite to `u`'s.
//!
//! These never drop a completable state (the tests check the counts against the exhaustive
//! search). On 6 x 6 open paths the largest layer shrinks from 5.6 to 1.4 million states and
//! all layers together from 23.7 to 7.5 million, of which 2.5 million lead to a path. Most of
//! the dead states left fail on connectivity (a single path, no early cycle), which counting
//! degrees cannot see. An exact degree test (a bipartite flow over the unprocessed squares)
//! would cut the largest layer from 1.4 to 0.63 million, but a first version took 20 µs a
//! state, a hundred times the cost of expanding one. For circuits on boards with as many white as black squares the balance `D` is
//! always 0, so only the per-square rules near the last ranks prune.

use super::plan::Step;
use super::word::{self, Word};

/// The geometry of one step the rules read, as cell sets of the kept window.
///
/// The unprocessed squares the rules look at, `i + d` for `d` in `1..=cells`, are counted all
/// at once as fields of a nibble vector: square `i + d` is field `cells - d`. Its window
/// neighbour over a backward knight offset `m` is cell `m - d`, which a left shift of the cell
/// set by `cells - m` fields brings to field `cells - d` for every `d` at once; so the number of
/// neighbours a square has in a set is a sum of (at most) four masked shifts, and the rules
/// are a few word operations for all squares together, without a loop.
pub struct Rules<W> {
    one_left: W,
    two_left: W,
    white: W,
    black: W,
    balance: i32,
    /// Per backward offset: the shift (bits) and the fields whose square has that neighbour.
    reach: [(u32, W); 4],
    /// Each field's unprocessed neighbours (scarce squares only).
    later: W,
    /// Fields of the scarce squares (fewer than two unprocessed neighbours), by colour.
    scarce_white: W,
    scarce_black: W,
    /// Fields of the crowded squares (three or more window neighbours that may be forced to
    /// use them), by colour.
    crowded_white: W,
    crowded_black: W,
}

impl<W: Word> Rules<W> {
    pub fn new(step: &Step, cells: usize) -> Rules<W> {
        let field = |n: &super::plan::Near| W::ONE << (4 * (cells - n.ahead) as u32);
        let mut reach: Vec<(u32, W)> = Vec::new();
        for n in step.scarce.iter().chain(&step.crowded) {
            for p in (0..cells).filter(|&p| n.adj >> p & 1 == 1) {
                // The backward offset `m = p + ahead` is at most `cells`.
                let shift = 4 * (cells - (p + n.ahead)) as u32;
                match reach.iter_mut().find(|r| r.0 == shift) {
                    Some(r) => r.1 = r.1 | field(n),
                    None => reach.push((shift, field(n))),
                }
            }
        }
        debug_assert!(reach.len() <= 4, "a knight has four backward offsets");
        let mut packed = [(0, W::ZERO); 4];
        for (slot, r) in packed.iter_mut().zip(reach) {
            *slot = r;
        }
        let fields = |list: &[super::plan::Near], white: bool| {
            list.iter()
                .filter(|n| n.white == white)
                .fold(W::ZERO, |m, n| m | field(n))
        };
        let lows: W = word::lows(cells);
        let white: W = word::spread(step.white);
        Rules {
            one_left: word::spread(step.one_left),
            two_left: word::spread(step.two_left),
            white,
            black: lows & !white,
            balance: step.balance,
            reach: packed,
            later: step
                .scarce
                .iter()
                .fold(W::ZERO, |m, n| m + field(n) * W::from_u8(n.later)),
            scarce_white: fields(&step.scarce, true),
            scarce_black: fields(&step.scarce, false),
            crowded_white: fields(&step.crowded, true),
            crowded_black: fields(&step.crowded, false),
        }
    }

    /// Per field, how many of its square's window neighbours are in the cell set `set`.
    #[inline(always)]
    fn neighbours(&self, set: W) -> W {
        let [a, b, c, d] = self.reach;
        ((set << a.0) & a.1) + ((set << b.0) & b.1) + ((set << c.0) & c.1) + ((set << d.0) & d.1)
    }

    /// Whether a finished state can still be completed. `free`, `done` and `end` are the
    /// window's FREE, DONE and end cells (labelled or DANGLING); `left` is the number of path
    /// ends still to be placed.
    #[inline(always)]
    pub fn viable(&self, free: W, done: W, end: W, left: u32) -> bool {
        let missing = |set: W| (set & self.white).ones() as i32 - (set & self.black).ones() as i32;
        let d = self.balance + 2 * missing(free) + missing(end);
        let left = left as i32;
        if d.abs() > left || (left + d) % 2 != 0 {
            return false;
        }
        let (ends_white, ends_black) = ((left + d) / 2, (left - d) / 2);
        let lone = free & self.one_left;
        let mut need_white = (lone & self.white).ones() as i32;
        let mut need_black = (lone & self.black).ones() as i32;
        // A scarce square gets an edge from each unprocessed neighbour and window neighbour
        // that is not DONE: with none it is dead, with one it is an end.
        let scarce = self.scarce_white | self.scarce_black;
        if scarce != W::ZERO {
            let gets = self.neighbours(!done) + self.later;
            if word::zeros(gets, scarce) != W::ZERO {
                return false;
            }
            let short = word::zeros(gets ^ scarce, scarce);
            need_white += (short & self.scarce_white).ones() as i32;
            need_black += (short & self.scarce_black).ones() as i32;
        }
        // A crowded square takes two of the cells that need all their remaining edges from
        // it; the others (a window neighbour count of 3 or 4) become ends, of its opposite
        // colour.
        let crowded = self.crowded_white | self.crowded_black;
        if crowded != W::ZERO {
            let forced = (free & (self.one_left | self.two_left)) | (end & self.one_left);
            let n = self.neighbours(forced);
            let (three, four) = (n & n >> 1, n >> 2);
            let over =
                |fields: W| (three & fields).ones() as i32 + 2 * (four & fields).ones() as i32;
            need_black += over(self.crowded_white);
            need_white += over(self.crowded_black);
        }
        need_white <= ends_white && need_black <= ends_black
    }
}
