//! Text renderings: the board of move numbers, top rank first (as seed 003 prints its matrix,
//! and as `check` reads it back), and JSON: `{"board":"WxH","closed":..,"tour":[[File,Rank],..]}`
//! (the board travels with the squares, so `check` needs no `--board`).
//!
//! Both are written as streams ([`write_number_board`], [`write_json`]) into any writer, so a
//! tour of any size goes out in bounded memory (a band of rows of numbers, or a line); the
//! `String` forms are for small tours.
//!
//! Tested by: the unit tests below; tests/knights_formats.rs, tests/knights_stream.rs.

use crate::knights::board::tour::Tour;
use std::io::{self, Write};

/// Move numbers on the board, the top rank first, right-aligned in columns.
pub fn number_board(tour: &Tour) -> String {
    let mut out = Vec::with_capacity(tour.indices().len() * 4);
    let _ = write_number_board(tour, &mut out);
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

/// Squares of move numbers filled per pass of [`write_number_board`] (64 MiB).
const BAND_SQUARES: usize = 1 << 24;

/// [`number_board`] written to `out` a band of rows at a time: each band's move numbers are
/// filled by one sequential pass over the tour (the band is a contiguous range of square
/// indices), then written. Memory: one band, at most 64 MiB, whatever the board; time: a pass
/// over the tour per band (25 passes on 20,000 x 20,000), reads the memory system streams.
pub fn write_number_board(tour: &Tour, out: &mut impl Write) -> io::Result<()> {
    write_in_bands(tour, out, BAND_SQUARES)
}

fn write_in_bands(tour: &Tour, out: &mut impl Write, band_squares: usize) -> io::Result<()> {
    let board = tour.board();
    let w = board.width() as usize;
    let width = board.area().to_string().len();
    let rows_per_band = (band_squares / w).clamp(1, board.height() as usize);
    let mut band = vec![0u32; rows_per_band * w];
    let mut line = Vec::with_capacity(w * (width + 1) + 1);
    let mut buf = [0u8; 10];
    // Bands from the top rank down: rows [lo, hi) of y.
    let mut hi = board.height() as usize;
    while hi > 0 {
        let lo = hi.saturating_sub(rows_per_band);
        let (first, end) = ((lo * w) as u32, (hi * w) as u32);
        for (i, &sq) in tour.indices().iter().enumerate() {
            if (first..end).contains(&sq) {
                band[(sq - first) as usize] = i as u32 + 1;
            }
        }
        for y in (0..hi - lo).rev() {
            line.clear();
            for (x, &n) in band[y * w..(y + 1) * w].iter().enumerate() {
                if x > 0 {
                    line.push(b' ');
                }
                let digits = decimal(n, &mut buf);
                line.resize(line.len() + width - digits.len(), b' ');
                line.extend_from_slice(digits);
            }
            line.push(b'\n');
            out.write_all(&line)?;
        }
        hi = lo;
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
    fn bands_of_any_height_give_the_same_board() {
        let b = Board::new(7, 9).unwrap_or_else(|e| panic!("{e}"));
        let t =
            crate::knights::solvers::divide::tour(b, None, false).unwrap_or_else(|e| panic!("{e}"));
        let whole = number_board(&t);
        for band in [1, 6, 7, 20, 63, 64, 1000] {
            let mut out = Vec::new();
            write_in_bands(&t, &mut out, band).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(
                String::from_utf8_lossy(&out),
                whole,
                "band of {band} squares"
            );
        }
    }

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
