//! Validation of tours: every square exactly once, every step a knight's move, closed or not.
//!
//! Every tour the native path prints goes through here first; it is linear in the board size
//! and uses a bitset, so it checks a 10,000 x 10,000 tour in well under a second.
//!
//! Tested by: the unit tests below; tests/knights_formats.rs, tests/knights_cli.rs (`knights
//! check`).

use crate::knights::board::Board;
use crate::knights::error::KnightsError;

/// What validation learns about a valid tour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TourInfo {
    /// The last square is a knight's move from the first (a Hamiltonian circuit).
    pub closed: bool,
}

/// Checks that `squares` (indices) is a knight's tour of `board`.
pub fn validate(board: Board, squares: &[u32]) -> Result<TourInfo, KnightsError> {
    let area = board.area() as usize;
    let invalid = |why: String| Err(KnightsError::InvalidTour { why });
    if squares.len() != area {
        return invalid(format!(
            "it has {} squares, the {board} board has {area}",
            squares.len()
        ));
    }
    let mut seen = vec![0u64; area.div_ceil(64)];
    for (i, &sq) in squares.iter().enumerate() {
        if sq as usize >= area {
            return invalid(format!(
                "square number {} (index {sq}) is off the board",
                i + 1
            ));
        }
        let (word, bit) = (sq as usize / 64, sq % 64);
        if seen[word] >> bit & 1 == 1 {
            let first = squares.iter().position(|&s| s == sq).unwrap_or(i);
            return invalid(format!(
                "{} is visited twice, at moves {} and {}",
                board.square(sq),
                first + 1,
                i + 1
            ));
        }
        seen[word] |= 1 << bit;
        if i > 0 && !board.is_knight_move(squares[i - 1], sq) {
            return invalid(format!(
                "move {} goes from {} to {}, which is not a knight's move",
                i + 1,
                board.square(squares[i - 1]),
                board.square(sq)
            ));
        }
    }
    // Length equals the area and no square repeats, so every square is visited once.
    let closed = area > 1 && board.is_knight_move(squares[area - 1], squares[0]);
    Ok(TourInfo { closed })
}

/// The one-line verdict `knights check` prints for a valid tour.
pub fn describe(board: Board, squares: &[u32], info: TourInfo) -> String {
    let first = board.square(squares[0]);
    let last = board.square(squares[squares.len() - 1]);
    if info.closed {
        format!(
            "valid closed knight's tour of the {board} board ({} squares), from {first} to {last} and back",
            squares.len()
        )
    } else {
        format!(
            "valid open knight's tour of the {board} board ({} squares), from {first} to {last}",
            squares.len()
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
