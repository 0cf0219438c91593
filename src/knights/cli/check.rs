//! The body of `knights check`: reads a tour in any format `knights` writes (or a bare JSON
//! list of squares with `--board`), validates it, and says what it is.
//!
//! Text and JSON are checked as they are read ([`check_stream`]): the squares go one by one
//! into a [`Validator`] (one bit a square), a board of move numbers row by row into a
//! [`NumberingValidator`] (five rows and one bit a number), so the tour is never held.
//! The pictures (SVG, PostScript, PNG) are read whole; they hold small boards.
//!
//! Tested by: tests/knights_formats.rs, tests/knights_cli.rs, tests/knights_stream.rs.

use super::{say, Failure};
use crate::knights::board::check::{self, Summary, Validator};
use crate::knights::board::numbering::NumberingValidator;
use crate::knights::io::readback;
use crate::knights::io::scan::{Scanner, Sink};
use crate::knights::{memory, Board, KnightsError};
use std::io::{IsTerminal, Read};

#[derive(clap::Args)]
pub struct CheckArgs {
    /// Board as WIDTHxHEIGHT (a text board of numbers shows its own size).
    #[arg(long)]
    board: Option<String>,
    file: String,
}

pub fn run(args: &CheckArgs) -> Result<(), Failure> {
    let board = args.board.as_deref().map(Board::parse).transpose()?;
    let summary = if args.file == "-" {
        if std::io::stdin().is_terminal() {
            eprintln!("knights: reading a tour from the terminal; end with Ctrl-D");
        }
        check_stream(std::io::stdin().lock(), board, None)?
    } else {
        let file = std::fs::File::open(&args.file)
            .map_err(|e| Failure::Io(format!("cannot read {}: {e}", args.file)))?;
        let size = file.metadata().ok().map(|m| m.len());
        check_stream(file, board, size)?
    };
    say(&(check::describe(&summary) + "\n"))
}

/// Squares into a validator made when the board is known.
struct Check(Option<Validator>);

impl Sink for Check {
    fn board(&mut self, board: Board) -> Result<(), KnightsError> {
        memory::ensure(
            u64::from(board.area()) / 8,
            &format!("checking the {board} tour"),
        )?;
        self.0 = Some(Validator::new(board));
        Ok(())
    }

    fn square(&mut self, sq: u32) -> Result<(), KnightsError> {
        match &mut self.0 {
            Some(v) => v.push(sq),
            None => Ok(()),
        }
    }
}

/// Validates the tour `input` holds; `size`, the input's length if known, bounds the numbers a
/// text board can hold (and so the memory to tell them apart).
pub fn check_stream(
    input: impl Read,
    given: Option<Board>,
    size: Option<u64>,
) -> Result<Summary, KnightsError> {
    let mut scanner = Scanner::new(input);
    let first = scanner.skip_ws()?;
    match first {
        Some(b'{' | b'[') => {
            let mut sink = Check(None);
            if first == Some(b'{') {
                scanner.json_object(given, &mut sink)?;
            } else {
                let board = given.ok_or_else(|| KnightsError::BadTourText {
                    why: "a bare JSON list of squares needs --board WxH (the JSON `knights` \
                          writes names its board)"
                        .into(),
                })?;
                sink.board(board)?;
                scanner.json_list(board, &mut sink)?;
            }
            scanner.end()?;
            match sink.0 {
                Some(v) => v.finish(),
                None => Err(KnightsError::BadTourText {
                    why: "no squares found".into(),
                }),
            }
        }
        Some(b) if b.is_ascii_digit() || b == b'#' => {
            let mut v: Option<NumberingValidator> = None;
            scanner.number_rows(|row, line| {
                v.get_or_insert_with(|| {
                    let width = row.len() as u32;
                    NumberingValidator::new(
                        width,
                        given,
                        size.map(|s| s / (2 * u64::from(width)) + 1),
                    )
                })
                .push_row(row, line)
            })?;
            v.ok_or_else(|| KnightsError::BadTourText {
                why: "no move numbers found".into(),
            })?
            .finish()
        }
        _ => {
            // A picture: read whole, as it was drawn from a small board.
            let (board, squares) = readback::read_tour(&scanner.rest()?, given)?;
            check::summarize(board, &squares)
        }
    }
}
