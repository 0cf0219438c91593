//! Reading tours from text: the JSON `knights` writes (`{"board":"8x8",...,"tour":[...]}`), a
//! bare JSON list of squares (`[[1,8],[3,7],...]` or `["a8","c7",...]`, with `--board`), or a
//! text board of move numbers, top rank first (what `render --format text` writes). Pictures
//! (SVG, PostScript, PNG) are read back by [`readback`](crate::knights::io::readback).
//!
//! The text is read by [`scan`](super::scan), the scanner `knights check` streams files through.
//!
//! Tested by: the unit tests below; tests/knights_formats.rs, tests/knights_cli.rs.

use crate::knights::board::{Board, Square};
use crate::knights::error::KnightsError;
use crate::knights::io::scan::{Collect, Scanner};

/// A tour read from text: the board (given or inferred) and the squares in visiting order.
/// The squares are not yet validated as a tour; that is
/// [`check`](crate::knights::board::check)'s job.
pub fn parse_tour(text: &str, board: Option<Board>) -> Result<(Board, Vec<u32>), KnightsError> {
    let mut scanner = Scanner::new(text.as_bytes());
    let mut sink = Collect::default();
    let board = match (scanner.skip_ws()?, board) {
        (Some(b'{'), _) => scanner.json_object(board, &mut sink)?,
        (Some(b'['), Some(b)) => {
            scanner.json_list(b, &mut sink)?;
            b
        }
        (Some(b'['), None) => {
            return Err(bad(
                "a bare JSON list of squares needs --board WxH (the JSON `knights` writes names its board)",
            ))
        }
        _ => return parse_number_board(text, board),
    };
    scanner.end()?;
    Ok((board, sink.squares))
}

fn bad(why: &str) -> KnightsError {
    KnightsError::BadTourText {
        why: why.to_string(),
    }
}

/// `[[1,8],[2,6]]` or `["a8", "b6"]`, mixed freely.
pub fn parse_json_squares(text: &str) -> Result<Vec<Square>, KnightsError> {
    let mut squares = Vec::new();
    let mut scanner = Scanner::new(text.as_bytes());
    scanner.json_squares(|s| {
        squares.push(s);
        Ok(())
    })?;
    scanner.end()?;
    Ok(squares)
}

/// Rows of move numbers, the top rank first; `#` lines and blank lines are skipped.
fn parse_number_board(text: &str, board: Option<Board>) -> Result<(Board, Vec<u32>), KnightsError> {
    let mut rows: Vec<Vec<u64>> = Vec::new();
    Scanner::new(text.as_bytes()).number_rows(|row, _| {
        rows.push(row.to_vec());
        Ok(())
    })?;
    let height = rows.len();
    let width = rows.first().map_or(0, Vec::len);
    if height == 0 || width == 0 {
        return Err(bad("no move numbers found"));
    }
    if let Some((n, _)) = rows.iter().enumerate().find(|(_, r)| r.len() != width) {
        return Err(bad(&format!(
            "row {} has a different number of squares than the first row ({width})",
            n + 1
        )));
    }
    let inferred = Board::new(width as u32, height as u32)?;
    let board = match board {
        Some(b) if b != inferred => {
            return Err(bad(&format!("the text shows a {inferred} board, not {b}")));
        }
        _ => inferred,
    };
    let area = board.area() as usize;
    let mut squares = vec![u32::MAX; area];
    for (r, row) in rows.iter().enumerate() {
        let y = (height - 1 - r) as u32;
        for (x, &number) in row.iter().enumerate() {
            let sq = board.xy_index(x as u32, y);
            if number == 0 || number > area as u64 {
                return Err(bad(&format!(
                    "{} holds {number}, outside 1..{area}",
                    board.square(sq)
                )));
            }
            let slot = &mut squares[number as usize - 1];
            if *slot != u32::MAX {
                return Err(bad(&format!(
                    "move number {number} appears on both {} and {}",
                    board.square(*slot),
                    board.square(sq)
                )));
            }
            *slot = sq;
        }
    }
    Ok((board, squares))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_json_lists() {
        let squares = parse_json_squares(r#"[[1,8], [2,6] ,"c8",[3,7]]"#).unwrap_or_default();
        assert_eq!(
            squares,
            vec![
                Square::new(1, 8),
                Square::new(2, 6),
                Square::new(3, 8),
                Square::new(3, 7)
            ]
        );
        assert!(parse_json_squares("[[1,8] [2,6]]").is_err());
        assert!(parse_json_squares("[[1,8").is_err());
        assert!(parse_json_squares("[\"zz\"]").is_err());
        assert_eq!(parse_json_squares("[]").map(|v| v.len()).ok(), Some(0));
    }

    #[test]
    fn reads_json_objects() {
        let j = r#" {"board": "3x4", "closed": false, "tour": [[1,1],[2,3]]} "#;
        let (b, squares) = parse_tour(j, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((b.width(), b.height(), squares), (3, 4, vec![0, 7]));
        assert!(parse_tour(j, Board::new(4, 3).ok()).is_err());
        assert!(parse_tour(r#"{"tour":[[1,1]]}"#, None).is_err());
        assert!(parse_tour(r#"{"board":"3x4","tour":[[1,1]"#, None).is_err());
        assert!(parse_tour("[[1,1]]", None).is_err());
    }

    #[test]
    fn reads_number_boards() {
        // 3x4 board: top rank first.
        let text = "# a tour\n 4  9 12\n11  2  7\n 8  5 10\n 1 6 3\n";
        let (board, squares) = parse_tour(text, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((board.width(), board.height()), (3, 4));
        assert_eq!(squares[0], 0);
        assert_eq!(squares[11], board.xy_index(2, 3));
        assert!(parse_tour("1 2\n3\n", None).is_err());
        assert!(parse_tour("1 1\n", None).is_err());
        assert!(parse_tour("1 5\n", None).is_err());
        let other = Board::new(4, 3).ok();
        assert!(parse_tour(text, other).is_err());
    }
}
