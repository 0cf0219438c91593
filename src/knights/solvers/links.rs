//! Tours under construction as one byte per square: the two knight moves (or one, at the ends
//! of an open tour) that join the square to its neighbours on the tour.
//!
//! A byte holds two move codes in its nibbles ([`FREE`] for none). Move codes are relative, so a
//! block's bytes mean the same wherever the block is placed: placing a block is a copy, and
//! joining two circuits is a swap of two edges (four nibbles). A 10,000 x 10,000 board's tour
//! under construction takes 100 MB.
//!
//! Tested by: the unit tests below; tests/knights_divide.rs.

use crate::knights::board::moves::{code_between, reverse_code, KNIGHT_MOVES};
use crate::knights::board::Board;

/// The nibble of an unused link.
pub const FREE: u8 = 0xF;

/// Both links of a square unused.
pub const EMPTY: u8 = 0xFF;

/// Edges of a tour on `board`, as link bytes in square-index order.
#[derive(Clone, Debug)]
pub struct Links {
    board: Board,
    cells: Vec<u8>,
}

impl Links {
    pub fn new(board: Board) -> Links {
        Links {
            board,
            cells: vec![EMPTY; board.area() as usize],
        }
    }

    /// The links of a path or circuit given by its squares (a closed one when `closed`).
    pub fn from_path(board: Board, path: &[u32], closed: bool) -> Links {
        let mut l = Links::new(board);
        for w in path.windows(2) {
            l.add_edge(w[0], w[1]);
        }
        if closed && path.len() > 2 {
            l.add_edge(path[path.len() - 1], path[0]);
        }
        l
    }

    pub fn board(&self) -> Board {
        self.board
    }

    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Copies a block's link bytes to the rectangle whose lowest-left square is `(x0, y0)`.
    pub fn place(&mut self, block: &Links, x0: u32, y0: u32) {
        let bw = block.board.width() as usize;
        for by in 0..block.board.height() {
            let src = &block.cells[by as usize * bw..(by as usize + 1) * bw];
            let at = self.board.xy_index(x0, y0 + by) as usize;
            self.cells[at..at + bw].copy_from_slice(src);
        }
    }

    /// Adds the edge `a - b` (a knight's move apart; each with a free link). Returns false,
    /// changing nothing, when that is not possible.
    pub fn add_edge(&mut self, a: u32, b: u32) -> bool {
        let Some(code) = code_between(self.board, a, b) else {
            return false;
        };
        let (ca, cb) = (self.cells[a as usize], self.cells[b as usize]);
        if ca & 0x0F != FREE && ca >> 4 != FREE || cb & 0x0F != FREE && cb >> 4 != FREE {
            return false;
        }
        self.cells[a as usize] = put(ca, code);
        self.cells[b as usize] = put(cb, reverse_code(code));
        true
    }

    /// Removes the edge `a - b`; false (changing nothing) if it is not there.
    pub fn remove_edge(&mut self, a: u32, b: u32) -> bool {
        let Some(code) = code_between(self.board, a, b) else {
            return false;
        };
        let (ca, cb) = (self.cells[a as usize], self.cells[b as usize]);
        match (take(ca, code), take(cb, reverse_code(code))) {
            (Some(na), Some(nb)) => {
                self.cells[a as usize] = na;
                self.cells[b as usize] = nb;
                true
            }
            _ => false,
        }
    }

    /// The squares linked to `sq` (none, one or two).
    pub fn linked(&self, sq: u32) -> impl Iterator<Item = u32> + '_ {
        let c = self.cells[sq as usize];
        [c & 0x0F, c >> 4]
            .into_iter()
            .filter(|&code| code != FREE)
            .filter_map(move |code| {
                let (dx, dy) = KNIGHT_MOVES[code as usize];
                self.board.offset(sq, dx, dy)
            })
    }

    pub fn has_edge(&self, a: u32, b: u32) -> bool {
        code_between(self.board, a, b)
            .is_some_and(|code| take(self.cells[a as usize], code).is_some())
    }

    /// Joins the tour pieces through edges `a1 - a2` and `b1 - b2` into one by replacing them
    /// with `a1 - b1` and `a2 - b2`. False (changing nothing) when an edge is missing or a new
    /// one is not a knight's move.
    pub fn swap(&mut self, (a1, a2): (u32, u32), (b1, b2): (u32, u32)) -> bool {
        if !(self.has_edge(a1, a2)
            && self.has_edge(b1, b2)
            && self.board.is_knight_move(a1, b1)
            && self.board.is_knight_move(a2, b2))
        {
            return false;
        }
        self.remove_edge(a1, a2);
        self.remove_edge(b1, b2);
        self.add_edge(a1, b1) && self.add_edge(a2, b2)
    }

    /// The squares of the tour through `start`, following links: the whole circuit if `start`
    /// lies on one, otherwise the path from the end `start` (which must have a free link).
    /// Stops at the first repeated square or broken link, so a malformed structure yields a
    /// short list that validation then refuses.
    pub fn trace(&self, start: u32) -> Vec<u32> {
        let w = i64::from(self.board.width());
        let delta: [i64; 8] = KNIGHT_MOVES.map(|(dx, dy)| i64::from(dy) * w + i64::from(dx));
        let area = self.board.area() as usize;
        let mut out = Vec::with_capacity(area);
        let mut prev_code: Option<u8> = None;
        let mut cur = start;
        loop {
            out.push(cur);
            if out.len() == area {
                break;
            }
            let c = self.cells[cur as usize];
            let (lo, hi) = (c & 0x0F, c >> 4);
            // Leave by the link that does not lead back where we came from.
            let back = prev_code.map(reverse_code);
            let code = if lo != FREE && Some(lo) != back {
                lo
            } else if hi != FREE && Some(hi) != back {
                hi
            } else {
                break;
            };
            let next = i64::from(cur) + delta[code as usize];
            if next < 0 || next >= area as i64 || next == i64::from(start) {
                break;
            }
            prev_code = Some(code);
            cur = next as u32;
        }
        out
    }
}

fn put(cell: u8, code: u8) -> u8 {
    if cell & 0x0F == FREE {
        (cell & 0xF0) | code
    } else {
        (cell & 0x0F) | (code << 4)
    }
}

fn take(cell: u8, code: u8) -> Option<u8> {
    if cell & 0x0F == code {
        Some(cell | 0x0F)
    } else if cell >> 4 == code {
        Some(cell | 0xF0)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swap_joins_two_circuits() {
        // The outer rings of two 3x3 boards (8-circuits), the second shifted by (3,1).
        let b = Board::new(6, 4).unwrap_or_else(|e| panic!("{e}"));
        let ring = [
            (0, 0),
            (1, 2),
            (2, 0),
            (0, 1),
            (2, 2),
            (1, 0),
            (0, 2),
            (2, 1),
        ];
        let mut l = Links::new(b);
        for (ox, oy) in [(0, 0), (3, 1)] {
            let r: Vec<u32> = ring
                .iter()
                .map(|&(x, y)| b.xy_index(x + ox, y + oy))
                .collect();
            for i in 0..8 {
                assert!(l.add_edge(r[i], r[(i + 1) % 8]));
            }
        }
        let at = |x, y| b.xy_index(x, y);
        assert!(
            !l.add_edge(at(0, 0), at(2, 1)),
            "a third link must be refused"
        );
        assert_eq!(l.trace(at(0, 0)).len(), 8);
        assert!(
            !l.swap((at(1, 2), at(2, 0)), (at(4, 1), at(3, 3))),
            "not knight's moves"
        );
        assert!(l.swap((at(1, 2), at(2, 0)), (at(3, 3), at(4, 1))));
        let joined = l.trace(at(0, 0));
        assert_eq!(joined.len(), 16);
        assert!(joined.windows(2).all(|w| b.is_knight_move(w[0], w[1])));
        assert!(l.remove_edge(at(0, 0), at(1, 2)));
        assert!(!l.has_edge(at(0, 0), at(1, 2)));
        // Now a path: traced from its end (0,0) it still covers all 16 squares.
        assert_eq!(l.trace(at(0, 0)).len(), 16);
    }
}
