//! A knight's walk: squares in visiting order where revisits are allowed and some squares are
//! forbidden (the queen puzzle of seed 001). Unlike a [`Tour`](crate::knights::Tour) it need
//! not cover the board; like a tour it can only be built validated — every step a knight's
//! move, no step on a forbidden square — so renderers may rely on that.
//!
//! Tested by: the unit tests below; tests/queen_puzzle.rs.

use crate::knights::board::{Board, Square};
use crate::knights::error::KnightsError;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    board: Board,
    squares: Vec<u32>,
    forbidden: Vec<bool>,
}

impl Walk {
    /// Validates `squares` (indices) as a walk on `board` avoiding `forbidden` (one flag per
    /// square).
    pub fn new(
        board: Board,
        squares: Vec<u32>,
        forbidden: Vec<bool>,
    ) -> Result<Walk, KnightsError> {
        let invalid = |why: String| Err(KnightsError::InvalidTour { why });
        if forbidden.len() != board.area() as usize {
            return invalid(format!(
                "{} forbidden-square flags for the {} squares of {board}",
                forbidden.len(),
                board.area()
            ));
        }
        if squares.is_empty() {
            return invalid("a walk needs at least its start square".into());
        }
        for (i, &sq) in squares.iter().enumerate() {
            if sq >= board.area() {
                return invalid(format!("square {} (index {sq}) is off the board", i + 1));
            }
            if forbidden[sq as usize] {
                return invalid(format!(
                    "square {} of the walk, {}, is forbidden",
                    i + 1,
                    board.square(sq)
                ));
            }
            if i > 0 && !board.is_knight_move(squares[i - 1], sq) {
                return invalid(format!(
                    "move {i} goes from {} to {}, which is not a knight's move",
                    board.square(squares[i - 1]),
                    board.square(sq)
                ));
            }
        }
        Ok(Walk {
            board,
            squares,
            forbidden,
        })
    }

    pub fn board(&self) -> Board {
        self.board
    }

    /// Square indices in visiting order (the start first).
    pub fn indices(&self) -> &[u32] {
        &self.squares
    }

    pub fn squares(&self) -> Vec<Square> {
        self.squares.iter().map(|&i| self.board.square(i)).collect()
    }

    /// Moves made: one fewer than the squares listed.
    pub fn moves(&self) -> usize {
        self.squares.len() - 1
    }

    pub fn is_forbidden(&self, index: u32) -> bool {
        self.forbidden[index as usize]
    }

    /// Whether every square that is not forbidden is visited.
    pub fn covers_allowed(&self) -> bool {
        let mut seen = vec![false; self.forbidden.len()];
        for &s in &self.squares {
            seen[s as usize] = true;
        }
        seen.iter().zip(&self.forbidden).all(|(&s, &f)| s || f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_must_be_knight_moves_off_forbidden_squares() {
        let b = Board::new(3, 3).unwrap_or_else(|e| panic!("{e}"));
        let mut forbidden = vec![false; 9];
        forbidden[4] = true;
        assert!(Walk::new(b, vec![0, 5, 0, 7], forbidden.clone()).is_ok());
        assert!(Walk::new(b, vec![0, 1], forbidden.clone()).is_err());
        assert!(Walk::new(b, vec![4], forbidden.clone()).is_err());
        assert!(Walk::new(b, vec![], forbidden).is_err());
    }
}
