//! Validation of tours: every square exactly once, every step a knight's move, closed or not.
//!
//! Every tour the native path prints goes through here first. [`Validator`] takes the squares
//! one at a time (`knights check` streams a file through it), holding a bitset of the squares
//! seen (one bit a square) and the first and previous square; [`validate`] runs it over a
//! slice. It is linear in the board size: a 10,000 x 10,000 tour is checked in well under a
//! second. Tours written as boards of move numbers are validated by
//! [`numbering`](super::numbering).
//!
//! Tested by: the unit tests below; tests/knights_formats.rs, tests/knights_cli.rs (`knights
//! check`), tests/knights_stream.rs (streamed checks).

use crate::knights::board::Board;
use crate::knights::error::KnightsError;

/// What validation learns about a valid tour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TourInfo {
    /// The last square is a knight's move from the first (a Hamiltonian circuit).
    pub closed: bool,
}

/// A valid tour's ends and length, for [`describe`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    pub board: Board,
    pub first: u32,
    pub last: u32,
    pub closed: bool,
}

/// Why a square handed to [`Validator::push`] was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refusal {
    OffBoard { sq: u32 },
    Twice { sq: u32 },
    NotKnight { from: u32, to: u32 },
    TooMany,
}

/// Validates a tour square by square, in memory of one bit a square.
pub struct Validator {
    board: Board,
    seen: Vec<u64>,
    count: u64,
    first: u32,
    prev: u32,
}

fn invalid(why: String) -> KnightsError {
    KnightsError::InvalidTour { why }
}

impl Validator {
    pub fn new(board: Board) -> Validator {
        Validator {
            board,
            seen: vec![0u64; (board.area() as usize).div_ceil(64)],
            count: 0,
            first: 0,
            prev: 0,
        }
    }

    pub fn board(&self) -> Board {
        self.board
    }

    /// Squares accepted so far.
    pub fn count(&self) -> u64 {
        self.count
    }

    fn refuse(&self, sq: u32) -> Option<Refusal> {
        let area = self.board.area();
        if self.count >= u64::from(area) {
            return Some(Refusal::TooMany);
        }
        if sq >= area {
            return Some(Refusal::OffBoard { sq });
        }
        if self.seen[sq as usize / 64] >> (sq % 64) & 1 == 1 {
            return Some(Refusal::Twice { sq });
        }
        (self.count > 0 && !self.board.is_knight_move(self.prev, sq)).then_some(
            Refusal::NotKnight {
                from: self.prev,
                to: sq,
            },
        )
    }

    /// The next square; refused with the reason when it cannot continue a tour. A square
    /// visited twice is named with the move that revisits it (a stream cannot look back for
    /// the first visit; [`validate`] does).
    pub fn push(&mut self, sq: u32) -> Result<(), KnightsError> {
        match self.refuse(sq) {
            Some(r) => Err(self.explain(r, None)),
            None => {
                self.accept(sq);
                Ok(())
            }
        }
    }

    fn accept(&mut self, sq: u32) {
        self.seen[sq as usize / 64] |= 1 << (sq % 64);
        if self.count == 0 {
            self.first = sq;
        }
        self.prev = sq;
        self.count += 1;
    }

    fn explain(&self, r: Refusal, first_visit: Option<usize>) -> KnightsError {
        let b = self.board;
        let at = self.count + 1;
        invalid(match r {
            Refusal::TooMany => {
                format!("it has more than the {} squares of the {b} board", b.area())
            }
            Refusal::OffBoard { sq } => {
                format!("square number {at} (index {sq}) is off the board")
            }
            Refusal::Twice { sq } => match first_visit {
                Some(i) => format!(
                    "{} is visited twice, at moves {} and {at}",
                    b.square(sq),
                    i + 1
                ),
                None => format!("{} is visited twice (again at move {at})", b.square(sq)),
            },
            Refusal::NotKnight { from, to } => format!(
                "move {at} goes from {} to {}, which is not a knight's move",
                b.square(from),
                b.square(to)
            ),
        })
    }

    /// The verdict once every square has been pushed.
    pub fn finish(&self) -> Result<Summary, KnightsError> {
        let area = self.board.area();
        if self.count != u64::from(area) {
            return Err(invalid(format!(
                "it has {} squares, the {} board has {area}",
                self.count, self.board
            )));
        }
        Ok(Summary {
            board: self.board,
            first: self.first,
            last: self.prev,
            closed: area > 1 && self.board.is_knight_move(self.prev, self.first),
        })
    }
}

/// Checks that `squares` (indices) is a knight's tour of `board`.
pub fn validate(board: Board, squares: &[u32]) -> Result<TourInfo, KnightsError> {
    summarize(board, squares).map(|s| TourInfo { closed: s.closed })
}

/// [`validate`], with the tour's ends.
pub fn summarize(board: Board, squares: &[u32]) -> Result<Summary, KnightsError> {
    let area = board.area() as usize;
    if squares.len() != area {
        return Err(invalid(format!(
            "it has {} squares, the {board} board has {area}",
            squares.len()
        )));
    }
    let mut v = Validator::new(board);
    for &sq in squares {
        if let Some(r) = v.refuse(sq) {
            let first = squares.iter().position(|&s| s == sq);
            return Err(v.explain(r, first));
        }
        v.accept(sq);
    }
    v.finish()
}

/// The one-line verdict `knights check` prints for a valid tour.
pub fn describe(s: &Summary) -> String {
    let (board, n) = (s.board, s.board.area());
    let first = board.square(s.first);
    let last = board.square(s.last);
    if s.closed {
        format!(
            "valid closed knight's tour of the {board} board ({n} squares), from {first} to {last} and back"
        )
    } else {
        format!(
            "valid open knight's tour of the {board} board ({n} squares), from {first} to {last}"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(w: u32, h: u32) -> Board {
        Board::new(w, h).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn accepts_the_one_square_tour() {
        assert_eq!(
            validate(board(1, 1), &[0]).ok(),
            Some(TourInfo { closed: false })
        );
    }

    #[test]
    fn refuses_bad_tours_with_reasons() {
        let b = board(3, 4);
        // A valid open tour of 3x4 (indices y*3+x).
        let good = [0, 7, 2, 3, 10, 5, 6, 11, 4, 9, 8, 1];
        assert_eq!(validate(b, &good).ok(), Some(TourInfo { closed: false }));
        let mut twice = good;
        twice[11] = 9;
        let e = validate(b, &twice)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("visited twice, at moves 10 and 12"), "{e}");
        let mut not_knight = good;
        not_knight.swap(1, 2);
        let e = validate(b, &not_knight)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("not a knight's move"), "{e}");
        assert!(validate(b, &good[..11]).is_err());
        let mut off = good;
        off[0] = 12;
        assert!(validate(b, &off).is_err());
    }
}
