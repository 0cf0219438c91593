//! The body of `knights check`: reads a tour in any format `knights` writes (or a bare JSON
//! list of squares with `--board`), validates it, and says what it is.
//!
//! Tested by: tests/knights_formats.rs, tests/knights_cli.rs.

use super::{read_input, Failure};
use crate::knights::board::check;
use crate::knights::io::readback;
use crate::knights::Board;

#[derive(clap::Args)]
pub struct CheckArgs {
    /// Board as WIDTHxHEIGHT (a text board of numbers shows its own size).
    #[arg(long)]
    board: Option<String>,
    file: String,
}

pub fn run(args: &CheckArgs) -> Result<(), Failure> {
    let board = args.board.as_deref().map(Board::parse).transpose()?;
    let (b, squares) = readback::read_tour(&read_input(&args.file)?, board)?;
    let info = check::validate(b, &squares)?;
    println!("{}", check::describe(b, &squares, info));
    Ok(())
}
