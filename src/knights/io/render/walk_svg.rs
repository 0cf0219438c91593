//! SVG of a walk (the queen puzzle): the board, the forbidden squares in red, the knight's
//! path with its start (green) and end (red), and in each square the move numbers at which
//! the knight stands there (several when it comes back).
//!
//! Tested by: tests/queen_puzzle.rs, tests/knights_cli.rs (`knights puzzle --format svg`).

use super::svg::{centre, draw_path, open_board, SvgOptions};
use super::Window;
use crate::knights::board::walk::Walk;
use crate::knights::error::KnightsError;
use std::fmt::Write;

/// More squares than this would make a picture nobody can read.
const MAX_SQUARES: u32 = 1_000_000;

/// Renders `walk` as an SVG document.
pub fn walk_svg(walk: &Walk, opts: &SvgOptions) -> Result<String, KnightsError> {
    let board = walk.board();
    if board.area() > MAX_SQUARES {
        return Err(KnightsError::Unsupported {
            what: format!("an SVG of the {board} board would be too large"),
        });
    }
    let mut out = String::with_capacity(walk.indices().len() * 40 + 2048);
    let title = format!(
        "knight's walk of {} moves on the {board} board from {} to {}",
        walk.moves(),
        board.square(walk.indices()[0]),
        board.square(walk.indices()[walk.indices().len() - 1])
    );
    let shown = Window::of(board, opts.window)?;
    open_board(&mut out, board, opts, &title);
    for sq in (0..board.area()).filter(|&s| walk.is_forbidden(s) && shown.contains(board, s)) {
        let (cx, cy) = centre(board, sq);
        let _ = writeln!(
            out,
            r##"<rect x="{}" y="{}" width="10" height="10" fill="#d9342b" fill-opacity="0.55"/>"##,
            cx - 5,
            cy - 5
        );
    }
    if opts.path {
        draw_path(&mut out, board, walk.indices(), false, shown);
    }
    if opts.numbers.unwrap_or(board.area() <= 400) {
        let mut visits: Vec<Vec<usize>> = vec![Vec::new(); board.area() as usize];
        for (i, &sq) in walk.indices().iter().enumerate() {
            visits[sq as usize].push(i);
        }
        let _ = writeln!(
            out,
            r##"<g font-family="sans-serif" font-size="2.6" text-anchor="middle" fill="#111" stroke="#fff" stroke-width="0.5" paint-order="stroke">"##
        );
        for (sq, moves) in visits.iter().enumerate().filter(|(_, m)| !m.is_empty()) {
            let (cx, cy) = centre(board, sq as u32);
            let text: Vec<String> = moves.iter().map(usize::to_string).collect();
            let _ = writeln!(
                out,
                r#"<text x="{cx}" y="{}">{}</text>"#,
                cy + 1,
                text.join(",")
            );
        }
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    Ok(out)
}
