//! The body of `knights render`: reads a tour back (any format `knights` writes), validates
//! it, and draws it in the format asked for.
//!
//! Tested by: tests/knights_render.rs, tests/knights_formats.rs.

use super::{read_input, write_tour, Failure, FormatArg, Output};
use crate::knights::io::readback;
use crate::knights::io::render::{SvgOptions, Window};
use crate::knights::{Board, Tour};

#[derive(clap::Args)]
pub struct RenderArgs {
    #[arg(long)]
    board: Option<String>,
    #[arg(long, value_enum, default_value_t = FormatArg::Svg)]
    format: FormatArg,
    /// Move numbers in SVG squares (default: on boards of at most 400 squares).
    #[arg(long)]
    numbers: Option<bool>,
    /// SVG/PNG: draw only the part FILE,RANK,WxH (bottom-left square, size), e.g. 1,1,40x40.
    #[arg(long)]
    window: Option<String>,
    file: String,
    #[arg(short, long)]
    output: Option<String>,
}

pub fn run(args: &RenderArgs) -> Result<(), Failure> {
    let board = args.board.as_deref().map(Board::parse).transpose()?;
    let (b, squares) = readback::read_tour(&read_input(&args.file)?, board)?;
    let t = Tour::new(b, squares)?;
    let svg = SvgOptions {
        numbers: args.numbers,
        window: args.window.as_deref().map(Window::parse).transpose()?,
        ..SvgOptions::default()
    };
    match args.format.format() {
        Some(f) => {
            let mut out = Output::open(args.output.as_deref())?;
            write_tour(&t, f, &svg, &mut out)?;
            out.finish()
        }
        None => Ok(()),
    }
}
