//! The body of `knights exists`: whether open and closed tours exist on a board, and why
//! ([`crate::knights::board::exists::report`]).
//!
//! Tested by: tests/knights_exists.rs, tests/knights_cli.rs.

use super::{say, Failure};
use crate::knights::board::exists;
use crate::knights::Board;

#[derive(clap::Args)]
pub struct ExistsArgs {
    /// Board as WIDTHxHEIGHT, e.g. 8x8.
    #[arg(long = "board", value_name = "BOARD")]
    board_flag: Option<String>,
    /// The board may also be given without --board.
    #[arg(conflicts_with = "board_flag", required_unless_present = "board_flag")]
    board: Option<String>,
}

pub fn run(args: &ExistsArgs) -> Result<(), Failure> {
    let board = args
        .board_flag
        .as_deref()
        .or(args.board.as_deref())
        .unwrap_or_default();
    say(&exists::report(Board::parse(board)?))
}
