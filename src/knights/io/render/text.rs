//! Text renderings: the board of move numbers, top rank first (as seed 003 prints its matrix,
//! and as `check` reads it back), and JSON: `{"board":"WxH","closed":..,"tour":[[File,Rank],..]}`
//! (the board travels with the squares, so `check` needs no `--board`).
//!
//! Tested by: the unit tests below; tests/knights_formats.rs.

use crate::knights::board::tour::Tour;
use std::fmt::Write;

/// Move numbers on the board, the top rank first, right-aligned in columns.
pub fn number_board(tour: &Tour) -> String {
    let board = tour.board();
    let numbers = tour.numbering();
    let width = board.area().to_string().len();
    let mut out = String::with_capacity(board.area() as usize * (width + 1));
    for y in (0..board.height()).rev() {
        for x in 0..board.width() {
            if x > 0 {
                out.push(' ');
            }
            let n = numbers[board.xy_index(x, y) as usize];
            let _ = write!(out, "{n:>width$}");
        }
        out.push('\n');
    }
    out
}

/// The board, whether the tour is closed, and the paper's `[File,Rank]` pairs in visiting order.
pub fn json(tour: &Tour) -> String {
    let board = tour.board();
    let mut out = String::with_capacity(tour.indices().len() * 8 + 64);
    let _ = write!(
        out,
        "{{\"board\":\"{board}\",\"closed\":{},\"tour\":[",
        tour.is_closed()
    );
    for (i, &sq) in tour.indices().iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let s = board.square(sq);
        let _ = write!(out, "[{},{}]", s.file, s.rank);
    }
    out.push_str("]}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knights::io::input::parse_tour;
    use crate::knights::Board;

    #[test]
    fn both_renderings_read_back() {
        let b = Board::new(3, 4).unwrap_or_else(|e| panic!("{e}"));
        let t = Tour::new(b, vec![0, 7, 2, 3, 10, 5, 6, 11, 4, 9, 8, 1])
            .unwrap_or_else(|e| panic!("{e}"));
        let text = number_board(&t);
        assert_eq!(text.lines().count(), 4);
        assert_eq!(text.lines().last(), Some(" 1 12  3"));
        let (b2, squares) = parse_tour(&text, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((b2, squares.as_slice()), (b, t.indices()));
        let j = json(&t);
        assert!(
            j.starts_with(r#"{"board":"3x4","closed":false,"tour":[[1,1],"#),
            "{j}"
        );
        let (b3, squares) = parse_tour(&j, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((b3, squares.as_slice()), (b, t.indices()));
    }
}
