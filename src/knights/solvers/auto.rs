//! The default method of `knights tour`: Warnsdorff's rule where it succeeds (fast, and the
//! tours look like the classic ones), else divide and conquer, which builds a tour from every
//! start square that has one.
//!
//! Tested by: tests/knights_every_start.rs (every start square of every board up to 16 x 16).

use crate::knights::board::exists;
use crate::knights::board::tour::Tour;
use crate::knights::board::{Board, Square};
use crate::knights::error::KnightsError;
use crate::knights::solvers::divide;
use crate::knights::solvers::warnsdorff::{self, WarnsdorffOptions};
use std::time::Instant;

/// Warnsdorff's effort before divide takes over: a few attempts with a small backtrack budget
/// (on the boards where it fails, more attempts rarely help; see issue 21's list).
const WARNSDORFF_FIRST: WarnsdorffOptions = WarnsdorffOptions {
    closed: false,
    backtrack_limit: 20_000,
    attempts: 4,
};

/// A tour of `board` from `start` (closed if `closed`), and a line saying how it was found.
pub fn auto(board: Board, start: Square, closed: bool) -> Result<(Tour, String), KnightsError> {
    exists::require(board, start, closed)?;
    let t0 = Instant::now();
    let opts = WarnsdorffOptions {
        closed,
        ..WARNSDORFF_FIRST
    };
    let why = match warnsdorff::tour(board, start, &opts) {
        Ok(r) => {
            let note = format!(
                "auto: Warnsdorff's rule, {} steps, {} backtracks, {} attempt(s), {:.3} s",
                r.steps,
                r.backtracks,
                r.attempts,
                t0.elapsed().as_secs_f64()
            );
            return Ok((r.tour, note));
        }
        Err(KnightsError::GaveUp { .. }) => format!(
            "Warnsdorff's rule gave up after {} attempts",
            WARNSDORFF_FIRST.attempts
        ),
        Err(e) => return Err(e),
    };
    let t = divide::tour(board, Some(start), closed)?;
    let note = format!(
        "auto: {why}; divide and conquer, {:.3} s",
        t0.elapsed().as_secs_f64()
    );
    Ok((t, note))
}
