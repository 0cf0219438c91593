//! Reading a tour back from anything `knights` writes: the PNG (its embedded JSON), the SVG
//! (the centres along its `class="tour"` paths), seed 001's PostScript (the knight's blue
//! square on each page), and the text formats of [`input`](super::input). The kind is told
//! from the content, not the file name.
//!
//! Tested by: the unit tests here, tests/knights_render.rs (every format through `check`).

use crate::knights::board::Board;
use crate::knights::error::KnightsError;
use crate::knights::io::input::parse_tour;
use crate::knights::io::render::TOUR_KEYWORD;

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

fn bad(why: String) -> KnightsError {
    KnightsError::BadTourText { why }
}

/// The board and the squares (not yet validated) of the tour in `bytes`.
pub fn read_tour(bytes: &[u8], board: Option<Board>) -> Result<(Board, Vec<u32>), KnightsError> {
    if bytes.starts_with(PNG_SIGNATURE) {
        return parse_tour(&png_text(bytes)?, board);
    }
    let text = std::str::from_utf8(bytes)
        .map_err(|_| bad("the input is neither text nor a PNG".into()))?;
    let t = text.trim_start();
    let (found, squares) = if t.starts_with("<svg") || t.starts_with("<?xml") {
        from_svg(t)?
    } else if t.starts_with("%!PS") {
        from_postscript(t)?
    } else {
        return parse_tour(text, board);
    };
    match board {
        Some(b) if b != found => Err(bad(format!("the picture shows a {found} board, not {b}"))),
        _ => Ok((found, squares)),
    }
}

/// The JSON that `render::png` embeds.
fn png_text(bytes: &[u8]) -> Result<String, KnightsError> {
    let fail = |e: png::DecodingError| bad(format!("cannot read the PNG: {e}"));
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_limits(png::Limits { bytes: usize::MAX });
    let reader = decoder.read_info().map_err(fail)?;
    let mut chunk =
        reader
            .info()
            .compressed_latin1_text
            .iter()
            .find(|c| c.keyword == TOUR_KEYWORD)
            .cloned()
            .ok_or_else(|| {
                bad("this PNG carries no tour: `knights` embeds tours of at most 4,000,000 squares \
                 (read the JSON or text output instead)"
                .into())
            })?;
    chunk.decompress_text_with_limit(usize::MAX).map_err(fail)?;
    chunk.get_text().map_err(fail)
}

/// The value of attribute `name` in the tag starting at `tag`.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let end = tag.find('>').unwrap_or(tag.len());
    let head = &tag[..end];
    let at = head.find(&format!(" {name}=\""))? + name.len() + 3;
    head[at..].split('"').next()
}

fn from_svg(text: &str) -> Result<(Board, Vec<u32>), KnightsError> {
    if let Some(w) = attribute(text, "data-window") {
        return Err(bad(format!(
            "this SVG shows only the window {w} of a board, not the whole tour"
        )));
    }
    let view: Vec<u32> = attribute(text, "viewBox")
        .unwrap_or("")
        .split_whitespace()
        .map(|v| v.parse::<u32>())
        .collect::<Result<_, _>>()
        .map_err(|_| bad("the SVG has no viewBox of whole numbers".into()))?;
    let [0, 0, vw, vh] = view[..] else {
        return Err(bad("the SVG's viewBox is not a whole board".into()));
    };
    let board = Board::new(vw / 10, vh / 10)?;
    let mut squares: Vec<u32> = Vec::with_capacity(board.area() as usize + 1);
    for (at, _) in text.match_indices("<path class=\"tour\"") {
        let d = attribute(&text[at..], "d").unwrap_or("");
        let spaced = d.replace(['M', 'L', 'Z'], " ");
        let numbers: Vec<u32> = spaced
            .split_whitespace()
            .map(|v| v.parse::<u32>())
            .collect::<Result<_, _>>()
            .map_err(
                |_| bad("a tour path holds something other than M, L, Z and numbers".into()),
            )?;
        if numbers.len() % 2 == 1 {
            return Err(bad("a tour path has an odd number of coordinates".into()));
        }
        for (i, xy) in numbers.chunks(2).enumerate() {
            let (cx, cy) = (xy[0], xy[1]);
            if cx % 10 != 5 || cy % 10 != 5 || cx >= vw || cy >= vh {
                return Err(bad(format!("the point {cx},{cy} is not a square's centre")));
            }
            let sq = board.xy_index(cx / 10, board.height() - 1 - cy / 10);
            // Each chunk starts where the one before it ended.
            if !(i == 0 && squares.last() == Some(&sq)) {
                squares.push(sq);
            }
        }
    }
    // A split closed tour ends with the step back to its start.
    if squares.len() == board.area() as usize + 1 && squares.first() == squares.last() {
        squares.pop();
    }
    Ok((board, squares))
}

fn from_postscript(text: &str) -> Result<(Board, Vec<u32>), KnightsError> {
    let mut pages: Vec<Vec<[f64; 7]>> = vec![Vec::new()];
    for line in text.lines() {
        if line.trim() == "showpage" {
            pages.push(Vec::new());
        } else if line.ends_with("rectfill") && line.contains("setrgbcolor") {
            let v: Vec<f64> = line
                .split_whitespace()
                .filter_map(|w| w.parse::<f64>().ok())
                .collect();
            if let [r, g, b, x, y, s, _] = v[..] {
                if let Some(page) = pages.last_mut() {
                    page.push([r, g, b, x, y, s, 0.0]);
                }
            }
        }
    }
    pages.retain(|p| !p.is_empty());
    let first = pages
        .first()
        .ok_or_else(|| bad("the PostScript has no pages of squares".into()))?;
    let size = first[0][5];
    let cell = |v: f64| ((v - 50.0) / size).round() as u32;
    let w = first.iter().map(|r| cell(r[3])).max().unwrap_or(0) + 1;
    let h = first.iter().map(|r| cell(r[4])).max().unwrap_or(0) + 1;
    let board = Board::new(w, h)?;
    let mut squares = Vec::with_capacity(pages.len());
    for (n, page) in pages.iter().enumerate() {
        // The knight's square: blue, or half blue on a dark square.
        let knight = page
            .iter()
            .find(|r| r[0] == 0.0 && r[1] == 0.0 && (r[2] == 1.0 || r[2] == 0.5))
            .ok_or_else(|| bad(format!("page {} has no knight's (blue) square", n + 1)))?;
        squares.push(board.xy_index(cell(knight[3]), cell(knight[4])));
    }
    Ok((board, squares))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knights::io::render::{self, Format, SvgOptions, Window};
    use crate::knights::Tour;

    fn tour_3x4() -> Tour {
        let b = Board::new(3, 4).unwrap_or_else(|e| panic!("{e}"));
        Tour::new(b, vec![0, 7, 2, 3, 10, 5, 6, 11, 4, 9, 8, 1]).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn every_format_reads_back() {
        let t = tour_3x4();
        for f in [
            Format::Text,
            Format::Json,
            Format::Svg,
            Format::Ps,
            Format::Png,
        ] {
            let bytes = render::render(&t, f, &SvgOptions::default()).unwrap_or_default();
            let (b, squares) = read_tour(&bytes, None).unwrap_or_else(|e| panic!("{f:?}: {e}"));
            assert_eq!((b, squares.as_slice()), (t.board(), t.indices()), "{f:?}");
        }
    }

    #[test]
    fn windows_and_foreign_input_are_refused() {
        let t = tour_3x4();
        let opts = SvgOptions {
            window: Window::parse("1,1,2x2").ok(),
            ..SvgOptions::default()
        };
        let svg = render::svg(&t, &opts).unwrap_or_default();
        let e = read_tour(svg.as_bytes(), None).err().map(|e| e.to_string());
        assert!(e.unwrap_or_default().contains("window 1,1,2x2"));
        assert!(read_tour(b"\x89PNG\r\n\x1a\nxx", None).is_err());
        assert!(read_tour(&[0xff, 0xfe], None).is_err());
        assert!(read_tour(b"<svg viewBox=\"0 0 30 40\"></svg>", Board::new(4, 3).ok()).is_err());
    }
}
