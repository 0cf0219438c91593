//! PNG pictures of tours and walks, readable at any board size.
//!
//! Up to [`DETAIL_SIDE`] squares a side (of the board, or of the window drawn) the picture is
//! the SVG's: the checkered board, the knight's path through the square centres, the start
//! green and the end red, at least 4 pixels a square. Above, lines between neighbouring pixels
//! would only fill the picture, so the path is shown by colour instead: each square is a pixel
//! coloured by its move number along the tour (dark blue first, through green and yellow, to
//! dark red last), several squares averaged into one pixel beyond [`MAX_PIXELS`] a side; the
//! start and the end are discs ringed in white.
//!
//! A whole tour of at most [`MAX_EMBED`] squares also travels inside the file, as its JSON in
//! a compressed text chunk named [`TOUR_KEYWORD`], so `knights check` reads the PNG back.
//!
//! Tested by: the unit tests below; tests/knights_render.rs, tests/knights_formats.rs.

use super::raster::{Canvas, Rgb};
use super::svg::SvgOptions;
use super::text::json;
use super::Window;
use crate::knights::board::tour::Tour;
use crate::knights::board::walk::Walk;
use crate::knights::board::Board;
use crate::knights::error::KnightsError;

/// The zTXt keyword of the tour's JSON.
pub const TOUR_KEYWORD: &str = "knights-tour";
/// Up to this many squares a side, the board and the path are drawn.
pub const DETAIL_SIDE: u32 = 200;
/// The longest side of an overview picture.
pub const MAX_PIXELS: u32 = 4000;
/// Tours of more squares are not embedded (their JSON would dwarf the picture).
const MAX_EMBED: u32 = 4_000_000;

const LIGHT: Rgb = [240, 217, 181];
const DARK: Rgb = [181, 136, 99];
const PATH: Rgb = [31, 79, 191];
const START: Rgb = [46, 158, 62];
const END: Rgb = [200, 50, 45];
const FORBIDDEN: Rgb = [232, 135, 125];
const UNVISITED: Rgb = [128, 128, 128];

/// The tour as a PNG file (with the tour embedded when it is small enough).
pub fn png(tour: &Tour, opts: &SvgOptions) -> Result<Vec<u8>, KnightsError> {
    let board = tour.board();
    let shown = Window::of(board, opts.window)?;
    let canvas = picture(
        board,
        tour.indices(),
        tour.is_closed(),
        &|_| false,
        shown,
        opts,
    )?;
    let embed = (board.area() <= MAX_EMBED).then(|| json(tour));
    encode(&canvas, embed)
}

/// A walk (the queen puzzle) as a PNG file, the squares it may not enter in red.
pub fn walk_png(walk: &Walk, opts: &SvgOptions) -> Result<Vec<u8>, KnightsError> {
    let board = walk.board();
    let shown = Window::of(board, opts.window)?;
    let forbidden = |sq| walk.is_forbidden(sq);
    encode(
        &picture(board, walk.indices(), false, &forbidden, shown, opts)?,
        None,
    )
}

fn picture(
    board: Board,
    squares: &[u32],
    closed: bool,
    forbidden: &dyn Fn(u32) -> bool,
    shown: Window,
    opts: &SvgOptions,
) -> Result<Canvas, KnightsError> {
    let side = shown.width.max(shown.height);
    if side <= DETAIL_SIDE {
        Ok(detailed(
            board,
            squares,
            closed,
            forbidden,
            shown,
            opts.pixels,
        ))
    } else {
        overview(board, squares, shown, opts.pixels)
    }
}

/// The board, the path and its ends, `cell` pixels a square.
fn detailed(
    board: Board,
    squares: &[u32],
    closed: bool,
    forbidden: &dyn Fn(u32) -> bool,
    shown: Window,
    pixels: u32,
) -> Canvas {
    let cell = (pixels / shown.width.max(shown.height)).max(4);
    let mut c = Canvas::new(shown.width * cell, shown.height * cell, LIGHT);
    let top_left = |sq: u32| {
        let (x, y) = board.xy(sq);
        (
            (x - shown.x) * cell,
            (shown.y + shown.height - 1 - y) * cell,
        )
    };
    for y in shown.y..shown.y + shown.height {
        for x in shown.x..shown.x + shown.width {
            let sq = board.xy_index(x, y);
            let (px, py) = top_left(sq);
            let colour = if forbidden(sq) {
                FORBIDDEN
            } else if (x + y) % 2 == 0 {
                DARK
            } else {
                LIGHT
            };
            c.fill_rect(px, py, px + cell, py + cell, colour);
        }
    }
    // Centres in pixels; squares off the window give points off the canvas, which clip.
    let centre = |sq: u32| {
        let (x, y) = board.xy(sq);
        let half = f64::from(cell) / 2.0;
        (
            (f64::from(x) - f64::from(shown.x)) * f64::from(cell) + half,
            (f64::from(shown.y + shown.height) - 1.0 - f64::from(y)) * f64::from(cell) + half,
        )
    };
    let width = (f64::from(cell) / 12.0).max(1.0);
    let touches = |a: u32, b: u32| shown.contains(board, a) || shown.contains(board, b);
    let mut steps: Vec<(u32, u32)> = squares.windows(2).map(|w| (w[0], w[1])).collect();
    if closed && squares.len() > 2 {
        steps.push((squares[squares.len() - 1], squares[0]));
    }
    for (a, b) in steps.into_iter().filter(|&(a, b)| touches(a, b)) {
        c.line(centre(a), centre(b), width, PATH);
    }
    let r = (f64::from(cell) * 0.22).max(2.5);
    // The start last: on a closed tour the end is its neighbour, and may overlap.
    for (sq, colour) in [(squares[squares.len() - 1], END), (squares[0], START)] {
        if shown.contains(board, sq) {
            c.disc(centre(sq), r, colour);
        }
    }
    c
}

/// Every square a pixel (or `k` x `k` squares one pixel, or one square `m` x `m` pixels),
/// coloured by its (mean) move number.
fn overview(
    board: Board,
    squares: &[u32],
    shown: Window,
    pixels: u32,
) -> Result<Canvas, KnightsError> {
    let side = shown.width.max(shown.height);
    let k = side.div_ceil(MAX_PIXELS);
    let m = if k == 1 { (pixels / side).max(1) } else { 1 };
    let (gw, gh) = (shown.width.div_ceil(k), shown.height.div_ceil(k));
    let cells = gw as usize * gh as usize;
    crate::knights::memory::ensure(
        cells as u64 * 15 * u64::from(m * m),
        &format!("a PNG of the {board} board"),
    )?;
    let mut sums = vec![0u64; cells];
    let mut counts = vec![0u32; cells];
    let cell_of = |sq: u32| {
        let (x, y) = board.xy(sq);
        let (gx, gy) = ((x - shown.x) / k, (shown.y + shown.height - 1 - y) / k);
        gy as usize * gw as usize + gx as usize
    };
    for (i, &sq) in squares.iter().enumerate() {
        if shown.contains(board, sq) {
            let g = cell_of(sq);
            sums[g] += i as u64;
            counts[g] += 1;
        }
    }
    let last = (squares.len().max(2) - 1) as f64;
    let mut c = Canvas::new(gw * m, gh * m, UNVISITED);
    for gy in 0..gh {
        for gx in 0..gw {
            let g = gy as usize * gw as usize + gx as usize;
            if counts[g] > 0 {
                let t = sums[g] as f64 / f64::from(counts[g]) / last;
                c.fill_rect(gx * m, gy * m, (gx + 1) * m, (gy + 1) * m, ramp(t));
            }
        }
    }
    let r = f64::from(c.width.max(c.height)) / 90.0 + 3.0;
    // The start last: on a closed tour the end is its neighbour, and may overlap.
    for (sq, colour) in [(squares[squares.len() - 1], END), (squares[0], START)] {
        if shown.contains(board, sq) {
            let g = cell_of(sq);
            let (gx, gy) = ((g % gw as usize) as f64, (g / gw as usize) as f64);
            let at = ((gx + 0.5) * f64::from(m), (gy + 0.5) * f64::from(m));
            c.disc(at, r + 2.0, [255, 255, 255]);
            c.disc(at, r, colour);
        }
    }
    Ok(c)
}

/// Colour of a position `t` in 0..=1 along the tour: piecewise linear through five stops.
fn ramp(t: f64) -> Rgb {
    const STOPS: [Rgb; 5] = [
        [48, 18, 90],
        [40, 120, 230],
        [40, 200, 120],
        [240, 200, 40],
        [150, 20, 10],
    ];
    let s = t.clamp(0.0, 1.0) * (STOPS.len() - 1) as f64;
    let i = (s.floor() as usize).min(STOPS.len() - 2);
    let f = s - i as f64;
    let mut out = [0u8; 3];
    for (c, o) in out.iter_mut().enumerate() {
        let (a, b) = (f64::from(STOPS[i][c]), f64::from(STOPS[i + 1][c]));
        *o = (a + (b - a) * f).round() as u8;
    }
    out
}

fn encode(canvas: &Canvas, embed: Option<String>) -> Result<Vec<u8>, KnightsError> {
    let fail = |e: png::EncodingError| KnightsError::Unsupported {
        what: format!("cannot encode the PNG: {e}"),
    };
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, canvas.width, canvas.height);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.add_text_chunk("Software".into(), "knights (knightlog)".into())
        .map_err(fail)?;
    if let Some(j) = embed {
        enc.add_ztxt_chunk(TOUR_KEYWORD.into(), j).map_err(fail)?;
    }
    let mut w = enc.write_header().map_err(fail)?;
    w.write_image_data(&canvas.data).map_err(fail)?;
    w.finish().map_err(fail)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ramp_runs_from_first_to_last_stop() {
        assert_eq!(ramp(0.0), [48, 18, 90]);
        assert_eq!(ramp(1.0), [150, 20, 10]);
        assert_eq!(ramp(-3.0), ramp(0.0));
        assert_ne!(ramp(0.5), ramp(0.4));
    }
}
