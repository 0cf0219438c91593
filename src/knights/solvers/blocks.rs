//! The blocks `divide` assembles boards from, found by [`hamilton`] search on first use and
//! kept for the life of the process.
//!
//! In a block's own coordinates (`x` = file - 1, `y` = rank - 1, `(0,0)` its lowest-left square):
//!
//! * a **closed block** (`w`, `h` in 5..=10, not both odd) is a closed tour containing the two
//!   edges at `(1,1)`: `(1,1)-(0,3)` (to join a block on its left) and `(1,1)-(3,0)` (to join a
//!   block below it). Its corner squares have only two moves each, so every closed tour also
//!   contains `(w-1,0)-(w-2,2)` (used to join the block on its right) and `(0,h-1)-(2,h-2)` (to
//!   join the block above);
//! * an **open block** (`w`, `h` in {5, 7, 9}) is an open tour starting at `(0,0)` containing the
//!   two corner edges `(w-1,0)-(w-2,2)` and `(0,h-1)-(2,h-2)`, and also the two edges at `(1,1)`
//!   of a closed block, so that it can stand anywhere among closed blocks (where the open tour
//!   must start at an inner square, see [`crate::knights::solvers::open_start`]).
//!
//! Joining `A` to the block `B` on its right swaps `A(w-1,0)-A(w-2,2)` and `B(1,1)-B(0,3)` for
//! `A(w-1,0)-B(1,1)` and `A(w-2,2)-B(0,3)`, both knight's moves (two files, one rank); joining
//! a block to the one above works the same way turned a quarter. This is the joining idea of
//! Parberry (1997), with required edges chosen so that one block serves every position.
//!
//! Tested by: the unit tests below; tests/knights_divide.rs.

use crate::knights::board::Board;
use crate::knights::solvers::hamilton::{self, Constraints, Graph};
use crate::knights::solvers::links::Links;
use std::sync::OnceLock;

/// Smallest and largest block side.
pub const MIN_SIDE: u32 = 5;
pub const MAX_SIDE: u32 = 10;

const SIDES: usize = (MAX_SIDE - MIN_SIDE + 1) as usize;

static CLOSED: [OnceLock<Option<Links>>; SIDES * SIDES] =
    [const { OnceLock::new() }; SIDES * SIDES];
static OPEN: [OnceLock<Option<Links>>; SIDES * SIDES] = [const { OnceLock::new() }; SIDES * SIDES];

/// Node budget per search attempt, and attempts. Search times are heavy-tailed, so many short
/// attempts with shuffled tie-breaks and start squares beat a few long ones.
const BUDGET: u64 = 20_000;
const ATTEMPTS: u32 = 5_000;

fn slot(w: u32, h: u32) -> Option<usize> {
    let ok = (MIN_SIDE..=MAX_SIDE).contains(&w) && (MIN_SIDE..=MAX_SIDE).contains(&h);
    ok.then(|| ((w - MIN_SIDE) as usize) * SIDES + (h - MIN_SIDE) as usize)
}

/// The closed block of `w x h`, or `None` if the size is outside the table or has no closed
/// tour (both sides odd).
pub fn closed(w: u32, h: u32) -> Option<&'static Links> {
    if w % 2 == 1 && h % 2 == 1 {
        return None;
    }
    CLOSED[slot(w, h)?]
        .get_or_init(|| find_closed(w, h))
        .as_ref()
}

/// The open block of `w x h` (both odd), starting at its `(0,0)`.
pub fn open(w: u32, h: u32) -> Option<&'static Links> {
    if w.is_multiple_of(2) || h.is_multiple_of(2) {
        return None;
    }
    OPEN[slot(w, h)?].get_or_init(|| find_open(w, h)).as_ref()
}

fn find_closed(w: u32, h: u32) -> Option<Links> {
    let b = Board::new(w, h).ok()?;
    let c = Constraints {
        closed: true,
        forced: vec![
            (b.xy_index(1, 1), b.xy_index(0, 3)),
            (b.xy_index(1, 1), b.xy_index(3, 0)),
        ],
        ..Constraints::default()
    };
    let path = hamilton::find(&Graph::knight(b), &c, BUDGET, ATTEMPTS)?;
    Some(Links::from_path(b, &path, true))
}

fn find_open(w: u32, h: u32) -> Option<Links> {
    let b = Board::new(w, h).ok()?;
    let c = Constraints {
        start: Some(0),
        forced: vec![
            (b.xy_index(w - 1, 0), b.xy_index(w - 2, 2)),
            (b.xy_index(0, h - 1), b.xy_index(2, h - 2)),
            (b.xy_index(1, 1), b.xy_index(0, 3)),
            (b.xy_index(1, 1), b.xy_index(3, 0)),
        ],
        ..Constraints::default()
    };
    let path = hamilton::find(&Graph::knight(b), &c, BUDGET, ATTEMPTS)?;
    Some(Links::from_path(b, &path, false))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knights::board::check;
    use std::time::Instant;

    #[test]
    fn every_block_exists_and_is_a_tour_with_its_edges() {
        for w in MIN_SIDE..=MAX_SIDE {
            for h in MIN_SIDE..=MAX_SIDE {
                let t0 = Instant::now();
                let (links, closed) = if w % 2 == 1 && h % 2 == 1 {
                    (open(w, h), false)
                } else {
                    (closed(w, h), true)
                };
                let links = links.unwrap_or_else(|| panic!("no block {w}x{h}"));
                let b = links.board();
                let path = links.trace(0);
                let info = check::validate(b, &path).unwrap_or_else(|e| panic!("{w}x{h}: {e}"));
                assert_eq!(info.closed, closed || info.closed);
                assert!(links.has_edge(b.xy_index(1, 1), b.xy_index(0, 3)));
                assert!(links.has_edge(b.xy_index(1, 1), b.xy_index(3, 0)));
                assert!(links.has_edge(b.xy_index(w - 1, 0), b.xy_index(w - 2, 2)));
                assert!(links.has_edge(b.xy_index(0, h - 1), b.xy_index(2, h - 2)));
                eprintln!("block {w}x{h}: {:?}", t0.elapsed());
            }
        }
    }
}
