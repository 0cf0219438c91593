//! Tours between two given squares (`knights tour --start S --end E`).
//!
//! **Refused by theorem** ([`require`]):
//! * the board has no open tour (Conrad, Hindrichs, Morsy and Wegener 1994), or no open tour
//!   starts at `S` or at `E` — a tour from `S` to `E` walked backwards is one from `E` to `S`,
//!   so both must be squares a tour can start at ([`exists::require`]: the minority colour of
//!   an odd board, the inner lines of a side of 4, the 3 x 7 and 3 x 8 exceptions);
//! * colour: a knight's move always changes the colour of the square (the knight's graph is
//!   bipartite), so a tour of an even number of squares starts and ends on different colours,
//!   and one of an odd number on the same colour;
//! * `--closed`: a closed tour's last square is a knight's move from its first.
//!
//! **Otherwise searched.** Boards of at most [`EXACT_AREA`] squares are searched exhaustively
//! ([`hamilton::search`] with the end fixed), so its "none" is a verdict too (on 4 x 5 or 5 x 5
//! some pairs that pass the colour test have no tour). Larger boards: an open tour from `S`
//! (divide and conquer), whose end is walked to `E` by Pósa rotations
//! ([`closing::rotate_end_to`]). Which boards join every pair of opposite colours (are
//! "Hamilton-laceable") is settled only for some (Stan Wagon, "Laceable Knight Graphs",
//! Wolfram Demonstrations Project, 2012, computes square boards and states a conjecture), so
//! if the rotations fail the answer is "gave up", not "none".
//!
//! Tested by: tests/knights_ends.rs.

use crate::knights::board::exists;
use crate::knights::rng::Rng;
use crate::knights::solvers::closing;
use crate::knights::solvers::divide;
use crate::knights::solvers::hamilton::{self, Constraints, Graph};
use crate::knights::{Board, KnightsError, Square, Tour};

/// Boards up to this many squares are searched exhaustively (6 x 6 decides in seconds).
pub const EXACT_AREA: u32 = 36;

/// Nodes the exhaustive search may visit before it counts as not exhaustive.
const EXACT_BUDGET: u64 = 200_000_000;

fn refused(board: Board, start: Square, why: String) -> KnightsError {
    KnightsError::NoTourFromStart {
        board,
        start,
        closed: false,
        why,
    }
}

/// Refuses, with the theorem, a tour from `start` to `end` that cannot exist.
pub fn require(board: Board, start: Square, end: Square, closed: bool) -> Result<(), KnightsError> {
    let (s, e) = (board.index(start)?, board.index(end)?);
    exists::require(board, start, false)?;
    exists::require(board, end, false).map_err(|err| match err {
        KnightsError::NoTourFromStart { why, .. } => refused(
            board,
            start,
            format!(
                "none ends at {end}: a tour ending there, walked backwards, would start there, \
                 and {why}"
            ),
        ),
        other => other,
    })?;
    let area = board.area();
    if s == e && area > 1 {
        return Err(refused(
            board,
            start,
            format!("a tour visits {end} once, so it cannot start and end there"),
        ));
    }
    let same = board.colour(s) == board.colour(e);
    if area.is_multiple_of(2) && same {
        return Err(refused(
            board,
            start,
            format!(
                "none ends at {end}: every knight's move changes the colour of the square, so a \
                 tour of an even number of squares ({area}) ends on the other colour than it \
                 starts on, and {start} and {end} have the same colour"
            ),
        ));
    }
    if closed && area > 1 && !board.is_knight_move(e, s) {
        return Err(KnightsError::NoTourFromStart {
            board,
            start,
            closed: true,
            why: format!(
                "a closed tour ends a knight's move from where it starts, and {end} is not \
                 a knight's move from {start}"
            ),
        });
    }
    Ok(())
}

/// A tour from `start` to `end` and a note on how it was found.
pub fn tour(
    board: Board,
    start: Square,
    end: Square,
    closed: bool,
) -> Result<(Tour, String), KnightsError> {
    require(board, start, end, closed)?;
    let (s, e) = (board.index(start)?, board.index(end)?);
    if board.area() == 1 {
        return Ok((Tour::new(board, vec![s])?, "the one square".into()));
    }
    if board.area() <= EXACT_AREA {
        let c = Constraints {
            start: Some(s),
            end: Some(e),
            ..Constraints::default()
        };
        let mut found = None;
        let nodes = hamilton::search(&Graph::knight(board), &c, EXACT_BUDGET, |p| {
            found = Some(p.to_vec());
            false
        });
        return match found {
            Some(p) => Ok((
                Tour::new(board, p)?,
                format!("exhaustive search, {nodes} nodes"),
            )),
            None if nodes < EXACT_BUDGET => Err(refused(
                board,
                start,
                format!(
                    "none ends at {end}: an exhaustive search ({nodes} nodes) finds no tour \
                     between them"
                ),
            )),
            None => Err(KnightsError::GaveUp {
                what: format!("{nodes} nodes of exhaustive search found no tour to {end}"),
            }),
        };
    }
    let mut path = divide::tour(board, Some(start), false)?.indices().to_vec();
    let mut rng = Rng::new(0x454E_4453);
    // The end walks about two knight's moves a rotation: allow many times the distance.
    let budget = 64 * (board.width() + board.height()) + 10_000;
    for attempt in 0..8 {
        if let Some(r) = closing::rotate_end_to(board, &mut path, e, &mut rng, budget) {
            let note = format!(
                "divide and conquer from {start}, then {r} Pósa rotations moving the end \
                 (attempt {})",
                attempt + 1
            );
            return Ok((Tour::new(board, path)?, note));
        }
    }
    Err(KnightsError::GaveUp {
        what: format!(
            "8 walks of {budget} Pósa rotations did not bring the tour's end from {start} to \
             {end} (no theorem says such a tour exists on every board, nor that it does not)"
        ),
    })
}
