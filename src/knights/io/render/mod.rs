//! Drawing tours: a text board of move numbers (seed 003's matrix), JSON (the board and its
//! squares), SVG (board, numbers, the knight's path through the square centres), PNG (the same
//! picture up to 200 squares a side; above, every square a pixel coloured by its move number),
//! and the page-per-move PostScript of seed 001; walks (the queen puzzle) in SVG, PNG and that
//! PostScript. SVG and PNG can show a [`Window`] of a huge board.
//!
//! Tested by: the unit tests here, tests/knights_render.rs (decoding, rsvg-convert, readback).

mod png;
mod ps;
mod raster;
mod svg;
pub mod text;
mod walk_svg;

pub use self::png::{png, walk_png, TOUR_KEYWORD};
pub use ps::{postscript, walk_postscript};
pub use svg::{svg, SvgOptions, CHUNK};
pub use text::{json, number_board};
pub use walk_svg::walk_svg;

use crate::knights::board::tour::Tour;
use crate::knights::board::Board;
use crate::knights::error::KnightsError;
use std::fmt;

/// A rectangle of squares to draw; `x`, `y` count from 0 at the bottom-left (a1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
}

impl Window {
    /// `FILE,RANK,WxH`: the bottom-left square (from 1) and the size, e.g. `1,1,40x40`.
    pub fn parse(text: &str) -> Result<Window, KnightsError> {
        let bad = || {
            KnightsError::Unsupported {
            what: format!(
                "bad window {text:?}: write FILE,RANK,WxH (its bottom-left square and size), e.g. 1,1,40x40"
            ),
        }
        };
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        let [file, rank, size] = parts[..] else {
            return Err(bad());
        };
        let (w, h) = size.split_once(['x', 'X']).ok_or_else(bad)?;
        let num = |s: &str| s.parse::<u32>().ok().filter(|&n| n > 0).ok_or_else(bad);
        Ok(Window {
            x: num(file)? - 1,
            y: num(rank)? - 1,
            width: num(w)?,
            height: num(h)?,
        })
    }

    pub fn whole(board: Board) -> Window {
        Window {
            x: 0,
            y: 0,
            width: board.width(),
            height: board.height(),
        }
    }

    /// The window to draw: `window` if it lies on `board`, the whole board if none.
    pub fn of(board: Board, window: Option<Window>) -> Result<Window, KnightsError> {
        let Some(w) = window else {
            return Ok(Window::whole(board));
        };
        let fits =
            |start: u32, len: u32, side: u32| u64::from(start) + u64::from(len) <= u64::from(side);
        if fits(w.x, w.width, board.width()) && fits(w.y, w.height, board.height()) {
            Ok(w)
        } else {
            Err(KnightsError::Unsupported {
                what: format!("the window {w} does not lie on the {board} board"),
            })
        }
    }

    pub fn is_whole(self, board: Board) -> bool {
        self == Window::whole(board)
    }

    pub fn contains(self, board: Board, sq: u32) -> bool {
        let (x, y) = board.xy(sq);
        x >= self.x && x - self.x < self.width && y >= self.y && y - self.y < self.height
    }

    pub fn area(self) -> u64 {
        u64::from(self.width) * u64::from(self.height)
    }
}

impl fmt::Display for Window {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{},{},{}x{}",
            self.x + 1,
            self.y + 1,
            self.width,
            self.height
        )
    }
}

/// Output formats of `knights tour` and `knights render`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
    Svg,
    Ps,
    Png,
}

impl Format {
    pub fn parse(name: &str) -> Result<Format, KnightsError> {
        match name.to_ascii_lowercase().as_str() {
            "text" | "txt" => Ok(Format::Text),
            "json" => Ok(Format::Json),
            "svg" => Ok(Format::Svg),
            "ps" | "postscript" => Ok(Format::Ps),
            "png" => Ok(Format::Png),
            _ => Err(KnightsError::Unsupported {
                what: format!("unknown format {name:?}: use text, json, svg, ps or png"),
            }),
        }
    }
}

/// Renders a (validated) tour in `format`: bytes, since PNG is binary (the others are UTF-8).
pub fn render(
    tour: &Tour,
    format: Format,
    svg_options: &SvgOptions,
) -> Result<Vec<u8>, KnightsError> {
    // Text and JSON grow with the board without bound (SVG and PostScript refuse large
    // boards); `knights` streams them instead (`cli::write_tour`).
    let area = u64::from(tour.board().area());
    let per_square = 20 + area.to_string().len() as u64;
    crate::knights::memory::ensure(
        area * per_square,
        &format!("rendering the {} tour", tour.board()),
    )?;
    Ok(match format {
        Format::Text => number_board(tour).into_bytes(),
        Format::Json => json(tour).into_bytes(),
        Format::Svg => svg(tour, svg_options)?.into_bytes(),
        Format::Ps => postscript(tour)?.into_bytes(),
        Format::Png => png(tour, svg_options)?,
    })
}
