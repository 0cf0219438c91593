//! The errors of the native fast path: bad input refused with a message that says why.
//!
//! Tested by: tests/knights_cli.rs, tests/adversarial.rs (the messages users see).

use crate::knights::board::{Board, Square};
use std::fmt;

/// Everything that can go wrong; each variant carries what the message needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KnightsError {
    BadBoard {
        text: String,
        why: String,
    },
    BadSquare {
        text: String,
    },
    OffBoard {
        square: Square,
        board: Board,
    },
    BadMoveOrder {
        text: String,
        why: String,
    },
    /// No tour of the asked kind exists on this board; `why` cites the theorem.
    NoTour {
        board: Board,
        closed: bool,
        why: String,
    },
    /// Tours exist on the board, but none of the asked kind from this start square.
    NoTourFromStart {
        board: Board,
        start: Square,
        closed: bool,
        why: String,
    },
    /// A method cannot do what was asked (and says what it can do).
    Unsupported {
        what: String,
    },
    /// A search stopped at its budget without an answer.
    GaveUp {
        what: String,
    },
    /// Stopped by Ctrl-C or SIGTERM; `what` says how far it got.
    Interrupted {
        what: String,
    },
    /// Text that should hold a tour does not parse.
    BadTourText {
        why: String,
    },
    /// A tour that is not a valid knight's tour.
    InvalidTour {
        why: String,
    },
}

impl fmt::Display for KnightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KnightsError::BadBoard { text, why } => write!(f, "bad board {text:?}: {why}"),
            KnightsError::BadSquare { text } => write!(
                f,
                "bad square {text:?}: write it as a chess square (a8, aa10) or as [File,Rank] (e.g. [1,8])"
            ),
            KnightsError::OffBoard { square, board } => write!(
                f,
                "square {} ({}) is off the {board} board (files a..{} = 1..{}, ranks 1..{})",
                square.to_chess(),
                square.to_pair(),
                Square::new(board.width(), 1).to_chess().trim_end_matches('1'),
                board.width(),
                board.height()
            ),
            KnightsError::BadMoveOrder { text, why } => write!(f, "bad move order {text}: {why}"),
            KnightsError::NoTour { board, closed, why } => write!(
                f,
                "no {} knight's tour exists on a {board} board: {why}",
                kind(*closed)
            ),
            KnightsError::NoTourFromStart {
                board,
                start,
                closed,
                why,
            } => write!(
                f,
                "no {} knight's tour of the {board} board starts at {start}: {why}",
                kind(*closed)
            ),
            KnightsError::Unsupported { what } => f.write_str(what),
            KnightsError::GaveUp { what } => write!(f, "gave up: {what}"),
            KnightsError::Interrupted { what } => write!(f, "interrupted: {what}"),
            KnightsError::BadTourText { why } => write!(f, "cannot read the tour: {why}"),
            KnightsError::InvalidTour { why } => write!(f, "not a valid knight's tour: {why}"),
        }
    }
}

fn kind(closed: bool) -> &'static str {
    if closed {
        "closed"
    } else {
        "open"
    }
}

impl std::error::Error for KnightsError {}
