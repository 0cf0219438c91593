//! A tour: the squares of a board in the order the knight visits them.
//!
//! Stored as `u32` square indices (4 bytes a square), which every solver produces and every
//! renderer reads. A `Tour` is only handed out after [`check::validate`] accepted it, so
//! holders may rely on it being a knight's tour of its board.
//!
//! Tested by: tests/knights_formats.rs, tests/knights_dfs.rs (every tour the tests build is one).

use crate::knights::board::check::{self, TourInfo};
use crate::knights::board::{Board, Square};
use crate::knights::error::KnightsError;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tour {
    board: Board,
    squares: Vec<u32>,
    closed: bool,
}

impl Tour {
    /// Validates `squares` (indices) as a tour of `board`; the only way to make a `Tour`.
    pub fn new(board: Board, squares: Vec<u32>) -> Result<Tour, KnightsError> {
        let TourInfo { closed } = check::validate(board, &squares)?;
        Ok(Tour {
            board,
            squares,
            closed,
        })
    }

    /// Validates a tour given as squares in the paper's coordinates.
    pub fn from_squares(board: Board, squares: &[Square]) -> Result<Tour, KnightsError> {
        let indices = squares
            .iter()
            .map(|&s| board.index(s))
            .collect::<Result<Vec<u32>, _>>()?;
        Tour::new(board, indices)
    }

    pub fn board(&self) -> Board {
        self.board
    }

    /// Whether the last square is a knight's move from the first.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// The square indices in visiting order.
    pub fn indices(&self) -> &[u32] {
        &self.squares
    }

    /// The squares in visiting order, in the paper's coordinates.
    pub fn squares(&self) -> Vec<Square> {
        self.squares.iter().map(|&i| self.board.square(i)).collect()
    }

    pub fn start(&self) -> Square {
        self.board.square(self.squares[0])
    }

    pub fn end(&self) -> Square {
        self.board.square(self.squares[self.squares.len() - 1])
    }

    /// For every square, the move number (1-based) at which the knight lands on it.
    pub fn numbering(&self) -> Vec<u32> {
        let mut number = vec![0u32; self.squares.len()];
        for (i, &sq) in self.squares.iter().enumerate() {
            number[sq as usize] = i as u32 + 1;
        }
        number
    }

    /// The same closed tour started at another square (a rotation of the circuit).
    pub fn rotated_to(&self, start: u32) -> Option<Tour> {
        if !self.closed {
            return None;
        }
        let at = self.squares.iter().position(|&s| s == start)?;
        let mut squares = Vec::with_capacity(self.squares.len());
        squares.extend_from_slice(&self.squares[at..]);
        squares.extend_from_slice(&self.squares[..at]);
        Some(Tour {
            board: self.board,
            squares,
            closed: true,
        })
    }

    /// The tour walked backwards (still a tour, of the same kind).
    pub fn reversed(&self) -> Tour {
        let mut squares = self.squares.clone();
        squares.reverse();
        Tour {
            board: self.board,
            squares,
            closed: self.closed,
        }
    }
}
