//! SVG: the board, optionally the move numbers, and the knight's path through the square
//! centres (seed 003's plot), closed tours drawn closed.
//!
//! Coordinates are in square units (a square is 10 x 10, rank 1 at the bottom) and the picture
//! is scaled by `width`/`height`; the checkerboard is one `<pattern>`, so the file grows only
//! with the path (about 10 bytes a square). The path is split into `<path class="tour">`
//! chunks of at most [`CHUNK`] squares, each starting where the last ended: one attribute of
//! 10 MB is over what libxml2 (librsvg) and ImageMagick accept. A window shows part of a huge
//! board: the viewBox is the window, in the whole board's coordinates, and only the steps that
//! touch it are drawn. `readback` reads whole-board SVGs back into tours.
//!
//! Tested by: the unit tests below; tests/knights_render.rs, tests/knights_formats.rs.

use super::Window;
use crate::knights::board::tour::Tour;
use crate::knights::board::Board;
use crate::knights::error::KnightsError;
use std::fmt::Write;

/// What to draw.
#[derive(Clone, Copy, Debug)]
pub struct SvgOptions {
    /// Write the move number in each square (`None`: only on boards of at most 400 squares).
    pub numbers: Option<bool>,
    /// Draw the path through the square centres.
    pub path: bool,
    /// Size of the longer side of the picture, in pixels.
    pub pixels: u32,
    /// Draw only this part of the board.
    pub window: Option<Window>,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions {
            numbers: None,
            path: true,
            pixels: 800,
            window: None,
        }
    }
}

/// Boards (or windows) larger than this would make SVG files of hundreds of megabytes.
const MAX_SQUARES: u32 = 4_000_000;

/// Squares per `<path>` element: about 500 kB of path data, far under the XML limits.
pub const CHUNK: usize = 50_000;

/// Renders `tour` as an SVG document.
pub fn svg(tour: &Tour, opts: &SvgOptions) -> Result<String, KnightsError> {
    let board = tour.board();
    let shown = Window::of(board, opts.window)?;
    if shown.area() > u64::from(MAX_SQUARES) {
        return Err(KnightsError::Unsupported {
            what: format!(
                "an SVG of the {board} board would be too large (at most {MAX_SQUARES} squares); \
                 use --format png, or --window to draw part of it"
            ),
        });
    }
    let numbers = opts.numbers.unwrap_or(shown.area() <= 400);
    let mut out = String::with_capacity(tour.indices().len() * 12 + 1024);
    let kind = if tour.is_closed() { "closed" } else { "open" };
    let title = format!(
        "{kind} knight's tour of the {board} board from {} to {}",
        tour.start(),
        tour.end()
    );
    open_board(&mut out, board, opts, &title);
    if opts.path {
        draw_path(&mut out, board, tour.indices(), tour.is_closed(), shown);
    }
    if numbers {
        let _ = writeln!(
            out,
            r##"<g font-family="sans-serif" font-size="3.6" text-anchor="middle" fill="#111" stroke="#fff" stroke-width="0.7" paint-order="stroke">"##
        );
        for (i, &sq) in tour.indices().iter().enumerate() {
            if !shown.contains(board, sq) {
                continue;
            }
            let (cx, cy) = centre(board, sq);
            let _ = writeln!(out, r#"<text x="{cx}" y="{}">{}</text>"#, cy + 1, i + 1);
        }
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    Ok(out)
}

/// The centre of a square in picture units (rank 1 at the bottom).
pub(super) fn centre(board: Board, sq: u32) -> (u32, u32) {
    let (x, y) = board.xy(sq);
    (x * 10 + 5, (board.height() - 1 - y) * 10 + 5)
}

/// The knight's path through the square centres (the steps touching `shown`), in chunks of at
/// most [`CHUNK`] squares; the start green and the end red.
pub(super) fn draw_path(
    out: &mut String,
    board: Board,
    squares: &[u32],
    closed: bool,
    shown: Window,
) {
    let whole = shown.is_whole(board);
    let mut steps: Vec<(u32, u32)> = squares.windows(2).map(|w| (w[0], w[1])).collect();
    if closed && squares.len() > 2 && !whole {
        steps.push((squares[squares.len() - 1], squares[0]));
    }
    // Runs of consecutive steps that touch the window (all of them when it is the whole board).
    let mut runs: Vec<Vec<u32>> = Vec::new();
    let mut last = None;
    for &(a, b) in &steps {
        if !(whole || shown.contains(board, a) || shown.contains(board, b)) {
            continue;
        }
        match runs.last_mut() {
            Some(run) if last == Some(a) && run.len() < CHUNK => run.push(b),
            _ => runs.push(vec![a, b]),
        }
        last = Some(b);
    }
    if squares.len() == 1 {
        runs.push(vec![squares[0]]);
    }
    // About a pixel wide at 800 pixels, so a 100x100 path is not lost in antialiasing.
    let stroke = (f64::from(shown.width.max(shown.height)) / 80.0).clamp(0.8, 3.0);
    let n = runs.len();
    for (r, run) in runs.iter().enumerate() {
        let mut d = String::with_capacity(run.len() * 10);
        for (i, &sq) in run.iter().enumerate() {
            let (cx, cy) = centre(board, sq);
            let _ = write!(d, "{}{cx} {cy}", if i == 0 { "M" } else { " L" });
        }
        if closed && whole && r + 1 == n {
            // Z closes only its own chunk; the last chunk of a split tour goes back by hand.
            if n == 1 {
                d.push_str(" Z");
            } else {
                let (sx, sy) = centre(board, squares[0]);
                let _ = write!(d, " L{sx} {sy}");
            }
        }
        let _ = writeln!(
            out,
            r##"<path class="tour" d="{d}" fill="none" stroke="#1f4fbf" stroke-width="{stroke:.2}" stroke-linejoin="round" stroke-opacity="0.8"/>"##
        );
    }
    // On big boards the ends stay visible: a disc about a hundredth of the picture, ringed.
    let r = (f64::from(shown.width.max(shown.height)) * 0.12).max(2.2);
    let ring = if r > 2.2 {
        format!(r##" stroke="#fff" stroke-width="{:.1}""##, r / 5.0)
    } else {
        String::new()
    };
    // The start last: on a closed tour the end is its neighbour, and may overlap.
    for (sq, colour) in [
        (squares[squares.len() - 1], "#c8322d"),
        (squares[0], "#2e9e3e"),
    ] {
        if shown.contains(board, sq) {
            let (x, y) = centre(board, sq);
            let _ = writeln!(
                out,
                r##"<circle cx="{x}" cy="{y}" r="{r:.1}" fill="{colour}"{ring}/>"##
            );
        }
    }
}

/// The `<svg>` element, its title, and the checkered board (the caller closes the element).
/// A window keeps the whole board's coordinates and says so in `data-window`.
pub(super) fn open_board(out: &mut String, board: Board, opts: &SvgOptions, title: &str) {
    let shown = Window::of(board, opts.window).unwrap_or(Window::whole(board));
    let (w, h) = (shown.width, shown.height);
    let scale = f64::from(opts.pixels.max(16)) / f64::from(w.max(h));
    let (pw, ph) = (f64::from(w) * scale, f64::from(h) * scale);
    let (vx, vy) = (shown.x * 10, (board.height() - shown.y - h) * 10);
    let (vw, vh) = (w * 10, h * 10);
    let window = if shown.is_whole(board) {
        String::new()
    } else {
        format!(r#" data-window="{shown}""#)
    };
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{pw:.0}" height="{ph:.0}" viewBox="{vx} {vy} {vw} {vh}"{window}>"#
    );
    let _ = writeln!(out, "<title>{title}</title>");
    // Light squares where file + rank is odd (a1 is dark), as on a chess board. The pattern's
    // origin is the top-left corner, so shift it when the number of ranks is odd.
    let shift = if h % 2 == 1 { 10 } else { 0 };
    let _ = writeln!(
        out,
        r##"<defs><pattern id="board" x="{shift}" y="0" width="20" height="20" patternUnits="userSpaceOnUse"><rect width="20" height="20" fill="#b58863"/><rect width="10" height="10" fill="#f0d9b5"/><rect x="10" y="10" width="10" height="10" fill="#f0d9b5"/></pattern></defs>"##
    );
    let _ = writeln!(
        out,
        r#"<rect x="{vx}" y="{vy}" width="{vw}" height="{vh}" fill="url(#board)"/>"#
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knights::Board;

    #[test]
    fn closed_tours_are_closed_and_numbers_are_optional() {
        let b = Board::new(3, 4).unwrap_or_else(|e| panic!("{e}"));
        let t = Tour::new(b, vec![0, 7, 2, 3, 10, 5, 6, 11, 4, 9, 8, 1])
            .unwrap_or_else(|e| panic!("{e}"));
        let s = svg(&t, &SvgOptions::default()).unwrap_or_default();
        assert!(s.starts_with("<svg") && s.ends_with("</svg>\n"));
        assert!(!s.contains(" Z\""), "an open tour is not closed");
        assert_eq!(s.matches("<text").count(), 12);
        let bare = SvgOptions {
            numbers: Some(false),
            ..SvgOptions::default()
        };
        assert_eq!(
            svg(&t, &bare).unwrap_or_default().matches("<text").count(),
            0
        );
    }
}
