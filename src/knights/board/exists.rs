//! Which boards have knight's tours, by the published theorems, with the reason in words.
//!
//! * Closed tours — Schwenk (1991), "Which rectangular chessboards have a knight's tour?":
//!   an m x n board, m <= n, has a closed tour unless (a) m and n are both odd, (b) m is 1, 2
//!   or 4, or (c) m = 3 and n is 4, 6 or 8.
//! * Open tours — Conrad, Hindrichs, Morsy, Wegener (1994): an m x n board, m <= n, has an
//!   open tour (a Hamiltonian path of the knight's graph) unless m = 1 and n > 1, m = 2,
//!   m = 3 and n is 3, 5 or 6, or m = n = 4. The 1 x 1 board has the one-square tour.
//!
//! The tests check both against exhaustive search on every board small enough to search.
//!
//! Tested by: the unit tests below; tests/knights_exists.rs, tests/knights_every_start.rs.

use crate::knights::board::{Board, Square};
use crate::knights::error::KnightsError;

/// Whether a kind of tour exists on a board, and why (citing the theorem).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub exists: bool,
    pub why: String,
}

/// Schwenk's theorem for closed tours.
pub fn closed(board: Board) -> Verdict {
    let (m, n) = board.sides();
    let cite = "Schwenk (1991): an m x n board (m <= n) has a closed tour unless m and n are \
                both odd, m is 1, 2 or 4, or m = 3 and n is 4, 6 or 8";
    let failure = if m == 1 || m == 2 {
        Some(format!(
            "m = {m}: the corner squares have at most one move, so the knight cannot pass through them"
        ))
    } else if m % 2 == 1 && n % 2 == 1 {
        Some(format!(
            "m = {m} and n = {n} are both odd, so the board has one more square of one colour; \
             a closed tour alternates colours and needs as many of each"
        ))
    } else if m == 4 {
        Some(
            "m = 4: every move from one of the two outer lines lands on an inner line and there \
             are as many outer as inner squares, so a closed tour alternates outer and inner; it \
             also alternates colours, so all outer squares would share one colour, but they do not"
                .to_string(),
        )
    } else if m == 3 && matches!(n, 4 | 6 | 8) {
        Some(format!(
            "m = 3 and n = {n} is one of the exceptions 4, 6, 8"
        ))
    } else {
        None
    };
    match failure {
        Some(reason) => Verdict {
            exists: false,
            why: format!("{cite}; here {reason}"),
        },
        None => Verdict {
            exists: true,
            why: format!("{cite}; here m = {m}, n = {n}, and none of these applies"),
        },
    }
}

/// Conrad et al.'s theorem for open tours (the 1 x 1 board trivially has one).
pub fn open(board: Board) -> Verdict {
    let (m, n) = board.sides();
    let cite = "Conrad, Hindrichs, Morsy and Wegener (1994): an m x n board (m <= n) has an open \
                tour unless m = 1 < n, m = 2, m = 3 and n is 3, 5 or 6, or m = n = 4";
    if m == 1 && n == 1 {
        return Verdict {
            exists: true,
            why: "the 1 x 1 board is toured by the knight standing still on its one square".into(),
        };
    }
    let failure = if m == 1 {
        Some(format!(
            "m = 1 and n = {n}: no knight move stays on a 1 x {n} board"
        ))
    } else if m == 2 {
        Some("m = 2: every square has at most two moves and the knight's graph falls apart into paths that cannot cover the board".to_string())
    } else if m == 3 && matches!(n, 3 | 5 | 6) {
        Some(format!(
            "m = 3 and n = {n} is one of the exceptions 3, 5, 6"
        ))
    } else if m == 4 && n == 4 {
        Some("m = n = 4 is an exception".to_string())
    } else {
        None
    };
    match failure {
        Some(reason) => Verdict {
            exists: false,
            why: format!("{cite}; here {reason}"),
        },
        None => Verdict {
            exists: true,
            why: format!("{cite}; here m = {m}, n = {n}, and none of these applies"),
        },
    }
}

/// Refuses, with the theorem, a search that cannot succeed: no tour of that kind on the board,
/// or an open tour of an odd board from a square of the minority colour.
pub fn require(board: Board, start: Square, closed_tour: bool) -> Result<(), KnightsError> {
    let s = board.index(start)?;
    let verdict = if closed_tour {
        closed(board)
    } else {
        open(board)
    };
    if !verdict.exists {
        return Err(KnightsError::NoTour {
            board,
            closed: closed_tour,
            why: verdict.why,
        });
    }
    if !closed_tour && board.area() % 2 == 1 && board.colour(s) != 0 {
        return Err(KnightsError::NoTourFromStart {
            board,
            start,
            closed: false,
            why: "the board has an odd number of squares and the knight alternates colours, so \
                  a tour starts and ends on the colour of a1, which has one square more"
                .into(),
        });
    }
    if let (false, Some(why)) = (closed_tour, no_open_start(board, s)) {
        return Err(KnightsError::NoTourFromStart {
            board,
            start,
            closed: false,
            why,
        });
    }
    Ok(())
}

/// Why no open tour starts at `s` on a board that has open tours (beyond colour), if none does:
/// * a side of 4: every move from the two outer lines along it lands on the two inner lines,
///   and there are as many outer as inner squares. A path alternating outer and inner would
///   put all outer squares on one colour, which they are not, so it has an inner-inner step,
///   and then counting shows both its ends are outer;
/// * 3 x 7 and 3 x 8: the squares exhaustive search finds no tour from (the middle line of
///   3 x 7; the middle file's third square from either end of 3 x 8), checked by the tests.
pub fn no_open_start(board: Board, s: u32) -> Option<String> {
    let (x, y) = board.xy(s);
    let (w, h) = (board.width(), board.height());
    for (side, across, name) in [(w, x, "file"), (h, y, "rank")] {
        if side == 4 && (across == 1 || across == 2) {
            return Some(format!(
                "on a side of 4 every move from the two outer {name}s lands on the two inner \
                 {name}s, of which there are as many squares; alternating colours as well, a \
                 tour cannot alternate outer and inner throughout, so both its ends are on the \
                 outer {name}s (Conrad et al.'s argument for 4 x n)"
            ));
        }
    }
    // In the orientation 3 files wide: (across, along) of the square.
    let (across, along, len) = if w == 3 { (x, y, h) } else { (y, x, w) };
    let exception = match (w.min(h), len) {
        (3, 7) => along == 3,
        (3, 8) => across == 1 && (along == 2 || along == 5),
        _ => false,
    };
    exception.then(|| {
        format!(
            "exhaustive search finds no open tour of {board} from this square (on 3 x 7 none \
             starts on the middle line across, on 3 x 8 none on the middle line's third square \
             from either end)"
        )
    })
}

/// The text `knights exists` prints.
pub fn report(board: Board) -> String {
    let o = open(board);
    let c = closed(board);
    let yes = |v: &Verdict| if v.exists { "yes" } else { "no" };
    format!(
        "{board}: open tour: {}\n  {}\n{board}: closed tour: {}\n  {}\n",
        yes(&o),
        o.why,
        yes(&c),
        c.why
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(w: u32, h: u32) -> Board {
        Board::new(w, h).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn known_cases() {
        assert!(closed(b(8, 8)).exists);
        assert!(closed(b(5, 6)).exists);
        assert!(closed(b(3, 10)).exists);
        assert!(closed(b(12, 3)).exists);
        assert!(!closed(b(3, 8)).exists);
        assert!(!closed(b(5, 5)).exists);
        assert!(!closed(b(4, 100)).exists);
        assert!(!closed(b(1, 1)).exists);
        assert!(open(b(1, 1)).exists);
        assert!(open(b(3, 4)).exists);
        assert!(open(b(4, 3)).exists);
        assert!(!open(b(3, 6)).exists);
        assert!(!open(b(4, 4)).exists);
        assert!(open(b(4, 5)).exists);
        assert!(open(b(5, 5)).exists);
        assert!(!open(b(2, 100)).exists);
        assert!(!open(b(1, 2)).exists);
    }

    #[test]
    fn minority_colour_start_refused_on_odd_boards() {
        let five = b(5, 5);
        assert!(require(five, Square::new(1, 1), false).is_ok());
        assert!(matches!(
            require(five, Square::new(2, 1), false),
            Err(KnightsError::NoTourFromStart { .. })
        ));
        assert!(matches!(
            require(five, Square::new(1, 1), true),
            Err(KnightsError::NoTour { .. })
        ));
        assert!(matches!(
            require(five, Square::new(6, 1), false),
            Err(KnightsError::OffBoard { .. })
        ));
    }
}
