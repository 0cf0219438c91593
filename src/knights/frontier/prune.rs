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

/// An unprocessed square seen from the window: its window neighbours as a cell set.
struct Near<W> {
    adj: W,
    later: i32,
    white: bool,
}

/// The geometry of one step the rules read, as cell sets of the kept window.
pub struct Rules<W> {
    one_left: W,
    two_left: W,
    white: W,
    black: W,
    balance: i32,
    scarce: Vec<Near<W>>,
    crowded: Vec<Near<W>>,
}

impl<W: Word> Rules<W> {
    pub fn new(step: &Step, cells: usize) -> Rules<W> {
        let near = |n: &super::plan::Near| Near {
            adj: word::spread(n.adj),
            later: i32::from(n.later),
            white: n.white,
        };
        let lows: W = word::lows(cells);
        let white: W = word::spread(step.white);
        Rules {
            one_left: word::spread(step.one_left),
            two_left: word::spread(step.two_left),
            white,
            black: lows & !white,
            balance: step.balance,
            scarce: step.scarce.iter().map(near).collect(),
            crowded: step.crowded.iter().map(near).collect(),
        }
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
        for u in &self.scarce {
            let gets = u.later + (u.adj & !done).ones() as i32;
            if gets == 0 {
                return false;
            }
            let short = (2 - gets).max(0);
            if u.white {
                need_white += short;
            } else {
                need_black += short;
            }
        }
        if !self.crowded.is_empty() {
            let forced = (free & (self.one_left | self.two_left)) | (end & self.one_left);
            for u in &self.crowded {
                let over = ((u.adj & forced).ones() as i32 - 2).max(0);
                if u.white {
                    need_black += over;
                } else {
                    need_white += over;
                }
            }
        }
        need_white <= ends_white && need_black <= ends_black
    }
}
