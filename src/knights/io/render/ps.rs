//! PostScript in the style of seed 001's `show/1`: one page per move, a 500 x 500 page, the
//! board outlined by `50 50 400 400 rectstroke`, each square filled by `rectfill` in its colour:
//! blue for the knight's square, green for squares already visited, light grey (0.8) for those
//! not yet visited, red for squares a walk may not enter (the queen puzzle); dark squares
//! (file + rank even, like a1) at half each component.
//!
//! On 8 x 8 the squares are 50 points, exactly as in the document; other boards are scaled to
//! fill the same 400-point frame.
//!
//! Tested by: the unit tests below; tests/knights_render.rs, tests/knights_formats.rs.

use crate::knights::board::tour::Tour;
use crate::knights::board::walk::Walk;
use crate::knights::board::Board;
use crate::knights::error::KnightsError;
use std::fmt::Write;

/// Pages times squares grows as the square of the area; beyond this the file is unreasonable.
const MAX_SQUARES: u32 = 1024;

/// The document: a header, then a page per square of the tour.
pub fn postscript(tour: &Tour) -> Result<String, KnightsError> {
    pages(tour.board(), tour.indices(), |_| false)
}

/// A walk (seed 001's own use: the queen puzzle), a page per square visited, revisits
/// included; the squares the walk may not enter are red (half red on dark squares).
pub fn walk_postscript(walk: &Walk) -> Result<String, KnightsError> {
    pages(walk.board(), walk.indices(), |sq| walk.is_forbidden(sq))
}

fn pages(
    board: Board,
    sequence: &[u32],
    forbidden: impl Fn(u32) -> bool,
) -> Result<String, KnightsError> {
    let area = board.area();
    let pages = sequence.len() as u64;
    if area > MAX_SQUARES || pages > u64::from(MAX_SQUARES) {
        return Err(KnightsError::Unsupported {
            what: format!(
                "PostScript draws a page per move, {pages} pages of {area} squares for {board}; \
                 it is limited to boards of at most {MAX_SQUARES} squares (use --format svg)"
            ),
        });
    }
    let size = 400.0 / f64::from(board.width().max(board.height()));
    let mut out = String::with_capacity(sequence.len() * area as usize * 48 + 64);
    out.push_str("%!PS-Adobe-2.0\n%%BoundingBox: 0 0 500 500\n");
    let mut seen = vec![false; area as usize];
    for &current in sequence {
        out.push_str("50 50 400 400 rectstroke\n");
        for x in 1..=board.width() {
            for y in 1..=board.height() {
                let sq = board.xy_index(x - 1, y - 1);
                // The order of seed 001's base_color/4 clauses.
                let base = if forbidden(sq) {
                    (1.0, 0.0, 0.0)
                } else if sq == current {
                    (0.0, 0.0, 1.0)
                } else if seen[sq as usize] {
                    (0.0, 1.0, 0.0)
                } else {
                    (0.8, 0.8, 0.8)
                };
                let (r, g, b) = if (x + y) % 2 == 0 {
                    (base.0 / 2.0, base.1 / 2.0, base.2 / 2.0)
                } else {
                    base
                };
                let x1 = 50.0 + f64::from(x - 1) * size;
                let y1 = 50.0 + f64::from(y - 1) * size;
                let _ = writeln!(
                    out,
                    "{} {} {} setrgbcolor {} {} {} {} rectfill",
                    num(r),
                    num(g),
                    num(b),
                    num(x1),
                    num(y1),
                    num(size),
                    num(size)
                );
            }
        }
        out.push_str("showpage\n");
        seen[current as usize] = true;
    }
    Ok(out)
}

/// Numbers as Prolog's `write/1` prints them in seed 001: integers plain, others shortest.
fn num(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        let s = format!("{v:.4}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knights::Board;

    #[test]
    fn page_per_move_with_the_documents_geometry() {
        let b = Board::new(3, 4).unwrap_or_else(|e| panic!("{e}"));
        let t = Tour::new(b, vec![0, 7, 2, 3, 10, 5, 6, 11, 4, 9, 8, 1])
            .unwrap_or_else(|e| panic!("{e}"));
        let ps = postscript(&t).unwrap_or_default();
        assert!(ps.starts_with("%!PS-Adobe-2.0\n%%BoundingBox: 0 0 500 500\n"));
        assert_eq!(ps.matches("showpage").count(), 12);
        assert_eq!(ps.matches("rectfill").count(), 144);
        // First page: a1 is the knight's square, dark: half blue.
        assert!(
            ps.contains("0 0 0.5 setrgbcolor 50 50 100 100 rectfill"),
            "{}",
            &ps[..300]
        );
        assert_eq!(num(0.4), "0.4");
        assert_eq!(num(50.0), "50");
    }
}
