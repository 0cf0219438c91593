//! The eight knight moves, move orders, and per-board neighbour tables.
//!
//! Move codes 0..8 index [`KNIGHT_MOVES`], which lists the moves in the order of the paper's
//! Prolog `move/2` facts: that order decides which tour the depth-first search finds first.
//!
//! Tested by: the unit tests below; tests/knights_dfs.rs (move orders).

use crate::knights::board::Board;
use crate::knights::error::KnightsError;

/// `[File, Rank]` offsets in the program's order: (+1,+2), (+2,+1), (+2,-1), (+1,-2),
/// (-1,-2), (-2,-1), (-2,+1), (-1,+2) — clockwise from "up and right".
pub const KNIGHT_MOVES: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Marks "no square" in neighbour tables.
pub const NONE: u32 = u32::MAX;

/// The code of the move going back: the table is symmetric, so it is four places on.
pub const fn reverse_code(code: u8) -> u8 {
    (code + 4) % 8
}

/// The move code taking `(dx, dy)`, if it is a knight move.
pub fn code_of(dx: i32, dy: i32) -> Option<u8> {
    KNIGHT_MOVES
        .iter()
        .position(|&m| m == (dx, dy))
        .map(|p| p as u8)
}

/// The move code from square `a` to square `b`, if they are a knight's move apart.
pub fn code_between(board: Board, a: u32, b: u32) -> Option<u8> {
    let (ax, ay) = board.xy(a);
    let (bx, by) = board.xy(b);
    code_of(bx as i32 - ax as i32, by as i32 - ay as i32)
}

/// An order in which to try the eight moves: a permutation of the move codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveOrder([u8; 8]);

impl Default for MoveOrder {
    /// The order of the paper's program.
    fn default() -> Self {
        MoveOrder([0, 1, 2, 3, 4, 5, 6, 7])
    }
}

impl MoveOrder {
    /// An order from eight distinct move codes.
    pub fn from_codes(codes: [u8; 8]) -> Result<MoveOrder, KnightsError> {
        let mut seen = [false; 8];
        for &c in &codes {
            if c > 7 || seen[c as usize] {
                return Err(KnightsError::BadMoveOrder {
                    text: format!("{codes:?}"),
                    why: "it must use each of the codes 0..7 exactly once".into(),
                });
            }
            seen[c as usize] = true;
        }
        Ok(MoveOrder(codes))
    }

    /// An order from eight `(dx, dy)` offsets, each a knight move, each once.
    pub fn from_offsets(offsets: &[(i32, i32)]) -> Result<MoveOrder, KnightsError> {
        let text = format!("{offsets:?}");
        if offsets.len() != 8 {
            return Err(KnightsError::BadMoveOrder {
                text,
                why: format!("it has {} moves, not 8", offsets.len()),
            });
        }
        let mut codes = [0u8; 8];
        for (slot, &(dx, dy)) in codes.iter_mut().zip(offsets) {
            *slot = code_of(dx, dy).ok_or_else(|| KnightsError::BadMoveOrder {
                text: text.clone(),
                why: format!("({dx},{dy}) is not a knight move"),
            })?;
        }
        MoveOrder::from_codes(codes)
    }

    /// Parses `"01234567"` (a permutation of the codes of [`KNIGHT_MOVES`]) or a list of
    /// offsets like `"(1,2),(2,1),(2,-1),(1,-2),(-1,-2),(-2,-1),(-2,1),(-1,2)"`.
    pub fn parse(text: &str) -> Result<MoveOrder, KnightsError> {
        let t = text.trim();
        if t.len() == 8 && t.bytes().all(|b| b.is_ascii_digit()) {
            let mut codes = [0u8; 8];
            for (slot, b) in codes.iter_mut().zip(t.bytes()) {
                *slot = b - b'0';
            }
            return MoveOrder::from_codes(codes);
        }
        let numbers: Result<Vec<i32>, _> = t
            .split(|c: char| !(c.is_ascii_digit() || c == '-' || c == '+'))
            .filter(|s| !s.is_empty())
            .map(|s| s.parse::<i32>())
            .collect();
        let numbers = numbers.map_err(|_| KnightsError::BadMoveOrder {
            text: text.to_string(),
            why: "expected 8 digits or 8 (dx,dy) pairs".into(),
        })?;
        if numbers.len() % 2 != 0 {
            return Err(KnightsError::BadMoveOrder {
                text: text.to_string(),
                why: "an odd count of numbers cannot be (dx,dy) pairs".into(),
            });
        }
        let pairs: Vec<(i32, i32)> = numbers.chunks(2).map(|p| (p[0], p[1])).collect();
        MoveOrder::from_offsets(&pairs)
    }

    pub fn codes(&self) -> [u8; 8] {
        self.0
    }

    pub fn offsets(&self) -> [(i32, i32); 8] {
        self.0.map(|c| KNIGHT_MOVES[c as usize])
    }
}

/// For every square, its eight move targets in `order` (or [`NONE`] when off the board):
/// `table[8 * square + k]`. Precomputing it turns the Prolog `verify/2` into one load.
pub fn neighbour_table(board: Board, order: MoveOrder) -> Vec<u32> {
    let offsets = order.offsets();
    let mut table = Vec::with_capacity(board.area() as usize * 8);
    for sq in 0..board.area() {
        for &(dx, dy) in &offsets {
            table.push(board.offset(sq, dx, dy).unwrap_or(NONE));
        }
    }
    table
}

/// The squares a knight's move from `sq`, in the order of [`KNIGHT_MOVES`].
pub fn neighbours(board: Board, sq: u32) -> impl Iterator<Item = u32> {
    KNIGHT_MOVES
        .iter()
        .filter_map(move |&(dx, dy)| board.offset(sq, dx, dy))
}

/// Number of knight moves from each square that stay on the board.
pub fn degrees(board: Board) -> Vec<u8> {
    (0..board.area())
        .map(|sq| neighbours(board, sq).count() as u8)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reverse_codes_undo_moves() {
        for c in 0..8u8 {
            let (dx, dy) = KNIGHT_MOVES[c as usize];
            let (rx, ry) = KNIGHT_MOVES[reverse_code(c) as usize];
            assert_eq!((dx + rx, dy + ry), (0, 0));
        }
    }

    #[test]
    fn parses_orders() {
        assert_eq!(
            MoveOrder::parse("01234567").ok(),
            Some(MoveOrder::default())
        );
        let paper = "(1,2),(2,1),(2,-1),(1,-2),(-1,-2),(-2,-1),(-2,1),(-1,2)";
        assert_eq!(MoveOrder::parse(paper).ok(), Some(MoveOrder::default()));
        assert!(MoveOrder::parse("01234566").is_err());
        assert!(MoveOrder::parse("(1,1),(2,1)").is_err());
        assert!(
            MoveOrder::parse("(1,2),(2,1),(2,-1),(1,-2),(-1,-2),(-2,-1),(-2,1),(1,2)").is_err()
        );
    }
}
