//! Divide and conquer: tours of any board that has one, in time linear in its area.
//!
//! * Boards at least 5 x 5: cut the files into widths 5..=10 (an odd width first, if any, then
//!   sixes, the last piece 6, 8 or 10) and the ranks likewise; fill each rectangle with a block
//!   from [`blocks`] (a closed one, or the one open block where both sides are odd), then join
//!   blocks in a comb — along every rank of blocks, and up the first file of blocks — each join
//!   a swap of two edges that merges two circuits (or a circuit into the open tour). This is the
//!   scheme of Parberry (1997), "An efficient algorithm for the knight's tour problem".
//! * Boards 3 or 4 wide: strips from [`strips`], turned a quarter if need be.
//!
//! Closed tours are built wherever Schwenk's theorem allows one and then entered at the start
//! square. Where only open tours exist (both sides odd, 3 x n for n in {4, 7, 8, 9, 11, ...},
//! 4 x n) the construction starts in a corner, and the board is mirrored so that it starts in the
//! corner asked for; from any other square that has an open tour, [`open_start`] builds one
//! (the construction re-rooted at that square).
//!
//! The tour under construction takes one byte a square ([`Links`]); the traced tour four.
//!
//! Tested by: the unit tests below; tests/knights_divide.rs, tests/knights_every_start.rs.

use crate::knights::board::exists;
use crate::knights::board::tour::Tour;
use crate::knights::board::{Board, Square};
use crate::knights::error::KnightsError;
use crate::knights::memory;
use crate::knights::solvers::blocks;
use crate::knights::solvers::links::Links;
use crate::knights::solvers::open_start;
use crate::knights::solvers::strips;

/// A tour of `board` from `start` (the corner a1 when `None`): closed where a closed tour
/// exists, and refused when `closed` is asked for where none does.
pub fn tour(board: Board, start: Option<Square>, closed: bool) -> Result<Tour, KnightsError> {
    let start_sq = start.unwrap_or(Square::new(1, 1));
    let s = board.index(start_sq)?;
    exists::require(board, start_sq, closed)?;
    // A byte of links a square, then four for the traced tour.
    memory::ensure(
        u64::from(board.area()) * 6,
        &format!("divide and conquer on {board}"),
    )?;
    if board.area() == 1 {
        return Tour::new(board, vec![0]);
    }
    let circuit = exists::closed(board);
    let (m, _) = board.sides();
    // The construction's own orientation: strips lie along the files, three or four ranks high.
    let transpose = m < 5 && board.width() == m;
    let canon = if transpose { board.transposed() } else { board };
    let orient = Orientation {
        board,
        transpose,
        flip_x: false,
        flip_y: false,
    };
    if circuit.exists {
        let links = build(canon, true)?;
        let path = links.trace(orient.to_canonical(s));
        return Tour::new(board, orient.map_all(path));
    }
    // Open tours only: the construction starts at its (0,0); mirror it onto the asked corner.
    let (x, y) = board.xy(s);
    let (w, h) = (board.width(), board.height());
    if !((x == 0 || x == w - 1) && (y == 0 || y == h - 1)) {
        let links = open_start::links_from(board, s).ok_or_else(|| KnightsError::GaveUp {
            what: format!(
                "divide: no open tour of {board} from {start_sq} found by re-rooting \
                 (no closed tour exists to enter there: {})",
                circuit.why
            ),
        })?;
        return Tour::new(board, links.trace(s));
    }
    let orient = Orientation {
        flip_x: x != 0,
        flip_y: y != 0,
        ..orient
    };
    let links = build(canon, false)?;
    Tour::new(board, orient.map_all(links.trace(0)))
}

/// The links of a circuit (`closed`) or of an open tour starting at square 0 of `board`, in the
/// construction's orientation (strips along the files).
pub fn build(board: Board, closed: bool) -> Result<Links, KnightsError> {
    let (w, h) = (board.width(), board.height());
    let failed = |what: &str| KnightsError::GaveUp {
        what: format!("divide: no {what} for {board}"),
    };
    if h == 3 || h == 4 {
        let kit = match (h, closed) {
            (3, true) => strips::closed3(),
            (3, false) => strips::open3(),
            (_, false) => strips::open4(),
            _ => None,
        };
        let kit = kit.ok_or_else(|| failed("strip pieces found"))?;
        return kit.build(w).ok_or_else(|| failed("strip of this length"));
    }
    if w < blocks::MIN_SIDE || h < blocks::MIN_SIDE {
        return Err(failed("construction"));
    }
    build_blocks(board, &split(w), &split(h))
}

/// The blocks of sides `widths` by `heights` (each 5..=10, summing to the board's sides), joined
/// into one circuit, or into one open tour if a block has both sides odd (only one may).
pub fn build_blocks(board: Board, widths: &[u32], heights: &[u32]) -> Result<Links, KnightsError> {
    let failed = |what: &str| KnightsError::GaveUp {
        what: format!("divide: no {what} for {board}"),
    };
    let mut links = Links::new(board);
    let mut y0 = 0;
    for &bh in heights {
        let mut x0 = 0;
        for &bw in widths {
            let block = if bw % 2 == 1 && bh % 2 == 1 {
                blocks::open(bw, bh)
            } else {
                blocks::closed(bw, bh)
            };
            links.place(block.ok_or_else(|| failed("block"))?, x0, y0);
            x0 += bw;
        }
        y0 += bh;
    }
    let at = |x: u32, y: u32| board.xy_index(x, y);
    let mut y0 = 0;
    for (j, &bh) in heights.iter().enumerate() {
        // Join each block to the one on its right, along this rank of blocks.
        let mut x1 = 0;
        for &bw in &widths[..widths.len() - 1] {
            x1 += bw;
            let ok = links.swap(
                (at(x1 - 1, y0), at(x1 - 2, y0 + 2)),
                (at(x1 + 1, y0 + 1), at(x1, y0 + 3)),
            );
            if !ok {
                return Err(failed("join to the right"));
            }
        }
        // Join the first block of this rank of blocks to the first of the next.
        if j + 1 < heights.len() {
            let y1 = y0 + bh;
            let ok = links.swap((at(0, y1 - 1), at(2, y1 - 2)), (at(1, y1 + 1), at(3, y1)));
            if !ok {
                return Err(failed("join upwards"));
            }
        }
        y0 += bh;
    }
    Ok(links)
}

/// Cuts a side of at least 5 into pieces of 5..=10: the odd piece (5, 7 or 9) first, the rest
/// sixes and a final 6, 8 or 10.
pub fn split(n: u32) -> Vec<u32> {
    let mut out = Vec::new();
    let mut rest = n;
    if rest > 10 && rest % 2 == 1 {
        out.push(5);
        rest -= 5;
    }
    while rest > 10 {
        out.push(6);
        rest -= 6;
    }
    out.push(rest);
    out
}

/// Maps the construction's squares onto the board asked for: a transposition (strips are built
/// lying down) and mirror images (to start an open tour in the corner asked for).
#[derive(Clone, Copy)]
struct Orientation {
    board: Board,
    transpose: bool,
    flip_x: bool,
    flip_y: bool,
}

impl Orientation {
    fn canonical(self) -> Board {
        if self.transpose {
            self.board.transposed()
        } else {
            self.board
        }
    }

    fn to_board(self, canon_index: u32) -> u32 {
        let (mut x, mut y) = self.canonical().xy(canon_index);
        if self.transpose {
            std::mem::swap(&mut x, &mut y);
        }
        if self.flip_x {
            x = self.board.width() - 1 - x;
        }
        if self.flip_y {
            y = self.board.height() - 1 - y;
        }
        self.board.xy_index(x, y)
    }

    fn to_canonical(self, index: u32) -> u32 {
        let (mut x, mut y) = self.board.xy(index);
        if self.flip_x {
            x = self.board.width() - 1 - x;
        }
        if self.flip_y {
            y = self.board.height() - 1 - y;
        }
        if self.transpose {
            std::mem::swap(&mut x, &mut y);
        }
        self.canonical().xy_index(x, y)
    }

    fn map_all(self, mut path: Vec<u32>) -> Vec<u32> {
        if self.transpose || self.flip_x || self.flip_y {
            for sq in &mut path {
                *sq = self.to_board(*sq);
            }
        }
        path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_cover_the_side_with_the_odd_piece_first() {
        for n in 5..200 {
            let parts = split(n);
            assert_eq!(parts.iter().sum::<u32>(), n);
            assert!(parts.iter().all(|p| (5..=10).contains(p)), "{n}: {parts:?}");
            assert!(parts[1..].iter().all(|p| p % 2 == 0), "{n}: {parts:?}");
        }
    }

    #[test]
    fn open_only_boards_start_in_any_corner() {
        for (w, h) in [
            (5, 5),
            (7, 9),
            (4, 9),
            (9, 4),
            (3, 7),
            (7, 3),
            (3, 4),
            (4, 3),
        ] {
            let b = Board::new(w, h).unwrap_or_else(|e| panic!("{e}"));
            for start in [
                Square::new(1, 1),
                Square::new(w, 1),
                Square::new(1, h),
                Square::new(w, h),
            ] {
                let t =
                    tour(b, Some(start), false).unwrap_or_else(|e| panic!("{b} from {start}: {e}"));
                assert_eq!(t.start(), start);
            }
            // Inner squares: wherever the theorems allow a start (tests/knights_every_start.rs
            // sweeps every square).
            let inner = Square::new(3, 3);
            if exists::require(b, inner, false).is_ok() {
                let t = tour(b, Some(inner), false).unwrap_or_else(|e| panic!("{b}: {e}"));
                assert_eq!(t.start(), inner);
            }
        }
    }

    #[test]
    fn closed_tours_start_anywhere() {
        for (w, h) in [(6, 6), (3, 10), (10, 3), (5, 6), (12, 17), (3, 14)] {
            let b = Board::new(w, h).unwrap_or_else(|e| panic!("{e}"));
            for start in [Square::new(1, 1), Square::new(2, 3), Square::new(w, h)] {
                for closed in [false, true] {
                    let t = tour(b, Some(start), closed).unwrap_or_else(|e| panic!("{b}: {e}"));
                    assert!(t.is_closed());
                    assert_eq!(t.start(), start);
                }
            }
        }
    }

    #[test]
    fn refusals_cite_the_theorems() {
        let b = Board::new(4, 8).unwrap_or_else(|e| panic!("{e}"));
        let e = tour(b, None, true)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("Schwenk"), "{e}");
        let b = Board::new(4, 4).unwrap_or_else(|e| panic!("{e}"));
        let e = tour(b, None, false)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("Conrad"), "{e}");
    }
}
