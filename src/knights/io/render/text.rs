//! Text renderings: the board of move numbers, top rank first (as seed 003 prints its matrix,
//! and as `check` reads it back), and JSON: `{"board":"WxH","closed":..,"tour":[[File,Rank],..]}`
//! (the board travels with the squares, so `check` needs no `--board`).
//!
//! Both are written as streams ([`write_number_board`], [`write_json`]) into any writer, so a
//! tour of any size goes out in a line's memory; the `String` forms are for small tours.
//!
//! Tested by: the unit tests below; tests/knights_formats.rs, tests/knights_stream.rs.

use crate::knights::board::tour::Tour;
use crate::knights::board::Board;
use std::io::{self, Write};

/// Move numbers on the board, the top rank first, right-aligned in columns.
pub fn number_board(tour: &Tour) -> String {
    let mut out = Vec::with_capacity(tour.indices().len() * 4);
    let _ = write_number_board(tour.board(), &tour.numbering(), &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// The board, whether the tour is closed, and the paper's `[File,Rank]` pairs in visiting order.
pub fn json(tour: &Tour) -> String {
    let mut out = Vec::with_capacity(tour.indices().len() * 8 + 64);
    let _ = write_json(tour, &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// The decimal digits of `n`, at the end of `buf`.
fn decimal(mut n: u32, buf: &mut [u8; 10]) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return &buf[i..];
        }
    }
}

/// [`number_board`] written row by row to `out`: `numbers[sq]` is square `sq`'s move number
/// ([`Tour::numbering`] or [`Tour::into_numbering`]). Nothing is held beyond one line.
pub fn write_number_board(board: Board, numbers: &[u32], out: &mut impl Write) -> io::Result<()> {
    let width = board.area().to_string().len();
    let mut line = Vec::with_capacity(board.width() as usize * (width + 1) + 1);
    let mut buf = [0u8; 10];
    for y in (0..board.height()).rev() {
        line.clear();
        for x in 0..board.width() {
            if x > 0 {
                line.push(b' ');
            }
            let digits = decimal(numbers[board.xy_index(x, y) as usize], &mut buf);
            line.resize(line.len() + width - digits.len(), b' ');
            line.extend_from_slice(digits);
        }
        line.push(b'\n');
        out.write_all(&line)?;
    }
    Ok(())
}

/// [`json`] written square by square to `out`.
pub fn write_json(tour: &Tour, out: &mut impl Write) -> io::Result<()> {
    let board = tour.board();
    write!(
        out,
        "{{\"board\":\"{board}\",\"closed\":{},\"tour\":[",
        tour.is_closed()
    )?;
    let mut item = Vec::with_capacity(24);
    let mut buf = [0u8; 10];
    for (i, &sq) in tour.indices().iter().enumerate() {
        item.clear();
        if i > 0 {
            item.push(b',');
        }
        let s = board.square(sq);
        item.push(b'[');
        item.extend_from_slice(decimal(s.file, &mut buf));
        item.push(b',');
        item.extend_from_slice(decimal(s.rank, &mut buf));
        item.push(b']');
        out.write_all(&item)?;
    }
    out.write_all(b"]}\n")
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
