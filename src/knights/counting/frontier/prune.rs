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
//! state, a hundred times the cost of expanding one. For circuits on boards with as many
//! white as black squares the balance `D` is always 0, so only the per-square rules near the
//! last ranks prune.
//!
//! Tested by: the unit tests below; tests/knights_frontier.rs (pruning keeps every count).

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
    cells: usize,
    /// Cells finished by this step (new-window positions, cell `cells` the dropped one).
    expire: W,
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
            cells,
            expire: word::spread(step.expire),
            one_left: word::spread::<W>(step.one_left) & lows,
            two_left: word::spread::<W>(step.two_left) & lows,
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
    /// ends still to be placed. (The reference form of [`Rules::judge`], which the tests
    /// check it against.)
    #[cfg(test)]
    pub fn viable(&self, free: W, done: W, end: W, left: u32) -> bool {
        self.judge(&self.count(free, end, done, 0), 2 - left as u8, false)
    }
}

/// The class of a cell, as far as the rules are concerned.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Class {
    Free,
    End,
    Done,
}

impl Class {
    /// Edges it still misses.
    fn missing(self) -> i32 {
        match self {
            Class::Free => 2,
            Class::End => 1,
            Class::Done => 0,
        }
    }
}

/// The quantities the rules add up over the window, for one successor: all are sums over
/// cells, so a successor's tally is its parent's reference tally plus a precomputed change for
/// each cell the step touches (the new square and the chosen neighbours), and judging a
/// choice of edges costs a few additions instead of recounting the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally<W> {
    /// The colour balance `D` of the missing degrees (see the module header).
    pub d: i32,
    /// Path ends the step fixes (ends that expire).
    pub dying: i32,
    /// FREE cells with one unprocessed neighbour left, by colour.
    pub lone_white: i32,
    pub lone_black: i32,
    /// Per field: the edges its square can still get (subtracted, in a change).
    pub gets: W,
    /// Per field: its window neighbours that need all their remaining edges (subtracted).
    pub forced: W,
}

impl<W: Word> Tally<W> {
    pub const ZERO: Tally<W> = Tally {
        d: 0,
        dying: 0,
        lone_white: 0,
        lone_black: 0,
        gets: W::ZERO,
        forced: W::ZERO,
    };

    /// `self` with the `change` applied (its `gets` and `forced` are taken away: a change
    /// only ever removes cells from those sets, so no field borrows).
    #[inline(always)]
    pub fn apply(self, change: &Tally<W>) -> Tally<W> {
        Tally {
            d: self.d + change.d,
            dying: self.dying + change.dying,
            lone_white: self.lone_white + change.lone_white,
            lone_black: self.lone_black + change.lone_black,
            gets: self.gets - change.gets,
            forced: self.forced - change.forced,
        }
    }
}

impl<W: Word> Rules<W> {
    /// The reference tally of a parent whose edited window (cell 0 the new square, FREE) has
    /// the `free`, `end` and `done` cells: no edge to the new square, expiring ends DONE
    /// (and counted as fixed path ends), expiring FREE cells still FREE (a choice must join
    /// them).
    #[inline(always)]
    pub fn reference(&self, free: W, end: W, done: W) -> Tally<W> {
        let lows: W = self.white | self.black;
        let dying = end & self.expire;
        self.count(
            free & lows,
            end & !self.expire & lows,
            (done | dying) & lows,
            dying.ones() as i32,
        )
    }

    /// The tally counted afresh for a window whose kept cells are `free`, `end` and `done`,
    /// after a step that fixed `dying` path ends.
    #[inline(always)]
    fn count(&self, free: W, end: W, done: W, dying: i32) -> Tally<W> {
        let missing = |set: W| (set & self.white).ones() as i32 - (set & self.black).ones() as i32;
        let lone = free & self.one_left;
        let forced = (free & (self.one_left | self.two_left)) | (end & self.one_left);
        Tally {
            d: self.balance + 2 * missing(free) + missing(end),
            dying,
            lone_white: (lone & self.white).ones() as i32,
            lone_black: (lone & self.black).ones() as i32,
            gets: self.neighbours(!done) + self.later,
            forced: self.neighbours(forced),
        }
    }

    /// The change of cell `p` (new-window position) from class `from` to class `to`, and
    /// `dying` path ends fixed by it.
    pub fn change(&self, p: u32, from: Class, to: Class, dying: i32) -> Tally<W> {
        let bit = W::ONE << (4 * p);
        let kept = (p as usize) < self.cells;
        let (white, black) = (bit & self.white != W::ZERO, bit & self.black != W::ZERO);
        let colour = i32::from(white) - i32::from(black);
        let one = kept && bit & self.one_left != W::ZERO;
        let two = kept && bit & self.two_left != W::ZERO;
        let lone = |c: Class| i32::from(c == Class::Free && one);
        let forced = |c: Class| (c == Class::Free && (one || two)) || (c == Class::End && one);
        let near = if kept { self.neighbours(bit) } else { W::ZERO };
        let dlone = lone(to) - lone(from);
        Tally {
            d: colour * (to.missing() - from.missing()),
            dying,
            lone_white: if white { dlone } else { 0 },
            lone_black: if black { dlone } else { 0 },
            gets: if from != Class::Done && to == Class::Done {
                near
            } else {
                W::ZERO
            },
            forced: if forced(from) && !forced(to) {
                near
            } else {
                W::ZERO
            },
        }
    }

    /// Whether a successor with this tally, after a parent with `ends` fixed path ends, can
    /// still be completed (`cycle`: counting circuits, which have no ends).
    #[inline(always)]
    pub fn judge(&self, t: &Tally<W>, ends: u8, cycle: bool) -> bool {
        let left = if cycle {
            if t.dying != 0 {
                return false;
            }
            0
        } else {
            2 - i32::from(ends) - t.dying
        };
        let d = t.d;
        // `|d| <= left` (which makes both sums below non-negative) and `left + d` even.
        if d.abs() > left || (left + d) & 1 != 0 {
            return false;
        }
        let (ends_white, ends_black) = ((left + d) >> 1, (left - d) >> 1);
        let mut need_white = t.lone_white;
        let mut need_black = t.lone_black;
        let scarce = self.scarce_white | self.scarce_black;
        if scarce != W::ZERO {
            if word::zeros(t.gets, scarce) != W::ZERO {
                return false;
            }
            let short = word::zeros(t.gets ^ scarce, scarce);
            need_white += (short & self.scarce_white).ones() as i32;
            need_black += (short & self.scarce_black).ones() as i32;
        }
        let crowded = self.crowded_white | self.crowded_black;
        if crowded != W::ZERO {
            let n = t.forced;
            let (three, four) = (n & n >> 1, n >> 2);
            let over =
                |fields: W| (three & fields).ones() as i32 + 2 * (four & fields).ones() as i32;
            need_black += over(self.crowded_white);
            need_white += over(self.crowded_black);
        }
        need_white <= ends_white && need_black <= ends_black
    }
}
