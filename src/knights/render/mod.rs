//! Drawing tours: a text board of move numbers (seed 003's matrix), a JSON list of squares,
//! SVG (board, numbers, the knight's path through the square centres), and the page-per-move
//! PostScript of seed 001; walks (the queen puzzle) in SVG and that PostScript.

mod ps;
mod svg;
mod text;
mod walk_svg;

pub use ps::{postscript, walk_postscript};
pub use svg::{svg, SvgOptions};
pub use text::{json, number_board};
pub use walk_svg::walk_svg;

use super::error::KnightsError;
use super::tour::Tour;

/// Output formats of `knights tour` and `knights render`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
    Svg,
    Ps,
}

impl Format {
    pub fn parse(name: &str) -> Result<Format, KnightsError> {
        match name.to_ascii_lowercase().as_str() {
            "text" | "txt" => Ok(Format::Text),
            "json" => Ok(Format::Json),
            "svg" => Ok(Format::Svg),
            "ps" | "postscript" => Ok(Format::Ps),
            _ => Err(KnightsError::Unsupported {
                what: format!("unknown format {name:?}: use text, json, svg or ps"),
            }),
        }
    }
}

/// Renders a (validated) tour in `format`.
pub fn render(
    tour: &Tour,
    format: Format,
    svg_options: &SvgOptions,
) -> Result<String, KnightsError> {
    // Text and JSON grow with the board without bound (SVG and PostScript refuse large boards).
    let area = u64::from(tour.board().area());
    let per_square = 20 + area.to_string().len() as u64;
    super::memory::ensure(
        area * per_square,
        &format!("rendering the {} tour", tour.board()),
    )?;
    match format {
        Format::Text => Ok(number_board(tour)),
        Format::Json => Ok(json(tour)),
        Format::Svg => svg(tour, svg_options),
        Format::Ps => postscript(tour),
    }
}
