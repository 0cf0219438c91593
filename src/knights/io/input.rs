//! Reading tours from text: the JSON `knights` writes (`{"board":"8x8",...,"tour":[...]}`), a
//! bare JSON list of squares (`[[1,8],[3,7],...]` or `["a8","c7",...]`, with `--board`), or a
//! text board of move numbers, top rank first (what `render --format text` writes). Pictures
//! (SVG, PostScript, PNG) are read back by [`readback`](crate::knights::io::readback).
//!
//! The JSON accepted is only these shapes, so a few lines of scanning replace a JSON library.
//!
//! Tested by: the unit tests below; tests/knights_formats.rs, tests/knights_cli.rs.

use crate::knights::board::{parse_square, Board, Square};
use crate::knights::error::KnightsError;

/// A tour read from text: the board (given or inferred) and the squares in visiting order.
/// The squares are not yet validated as a tour; that is
/// [`check`](crate::knights::board::check)'s job.
pub fn parse_tour(text: &str, board: Option<Board>) -> Result<(Board, Vec<u32>), KnightsError> {
    let t = text.trim_start();
    if t.starts_with('{') {
        let (named, list) = parse_json_object(t)?;
        let named = Board::parse(named)?;
        if let Some(b) = board.filter(|&b| b != named) {
            return Err(bad(&format!("the JSON names the {named} board, not {b}")));
        }
        return parse_tour(list, Some(named));
    }
    if t.starts_with('[') {
        let Some(board) = board else {
            return Err(bad(
                "a bare JSON list of squares needs --board WxH (the JSON `knights` writes names its board)",
            ));
        };
        let squares = parse_json_squares(text)?;
        let indices = squares
            .iter()
            .map(|&s| board.index(s))
            .collect::<Result<Vec<u32>, _>>()?;
        Ok((board, indices))
    } else {
        parse_number_board(text, board)
    }
}

fn bad(why: &str) -> KnightsError {
    KnightsError::BadTourText {
        why: why.to_string(),
    }
}

/// The `"board"` string and the `"tour"` list of `{"board":"8x8","closed":true,"tour":[...]}`
/// (other keys are ignored: `"closed"` is recomputed by validation).
fn parse_json_object(text: &str) -> Result<(&str, &str), KnightsError> {
    let value = |key: &str| {
        let at = text
            .find(&format!("\"{key}\""))
            .ok_or_else(|| bad(&format!("the JSON object has no \"{key}\"")))?;
        let rest = text[at + key.len() + 2..].trim_start();
        rest.strip_prefix(':')
            .map(str::trim_start)
            .ok_or_else(|| bad(&format!("expected : after \"{key}\"")))
    };
    let b = value("board")?;
    let board = b
        .strip_prefix('"')
        .and_then(|s| s.split('"').next())
        .ok_or_else(|| bad("\"board\" must be a string like \"8x8\""))?;
    let t = value("tour")?;
    // The list ends at the bracket that closes its first one.
    let mut depth = 0usize;
    for (i, c) in t.char_indices() {
        match c {
            '[' => depth += 1,
            ']' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    return Ok((board, &t[..=i]));
                }
            }
            _ if depth == 0 => break,
            _ => {}
        }
    }
    Err(bad("\"tour\" must be a list of squares"))
}

/// `[[1,8],[2,6]]` or `["a8", "b6"]`, mixed freely.
pub fn parse_json_squares(text: &str) -> Result<Vec<Square>, KnightsError> {
    let t = text.trim();
    let inner = t
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .ok_or_else(|| bad("a JSON list must start with [ and end with ]"))?;
    let bytes = inner.as_bytes();
    let mut squares = Vec::new();
    let mut i = 0;
    let skip_ws = |i: &mut usize| {
        while *i < bytes.len() && bytes[*i].is_ascii_whitespace() {
            *i += 1;
        }
    };
    loop {
        skip_ws(&mut i);
        if i >= bytes.len() {
            break;
        }
        let close = match bytes[i] {
            b'[' => b']',
            b'"' => b'"',
            _ => {
                return Err(bad(&format!(
                    "expected [File,Rank] or \"a8\" at byte {}",
                    i + 1
                )))
            }
        };
        let end = inner[i + 1..]
            .find(close as char)
            .map(|p| i + 1 + p)
            .ok_or_else(|| bad("unterminated square in the list"))?;
        let item = if close == b']' {
            &inner[i..=end]
        } else {
            &inner[i + 1..end]
        };
        squares.push(parse_square(item)?);
        i = end + 1;
        skip_ws(&mut i);
        if i < bytes.len() {
            if bytes[i] != b',' {
                return Err(bad(&format!("expected a comma at byte {}", i + 1)));
            }
            i += 1;
        }
    }
    Ok(squares)
}

/// Rows of move numbers, the top rank first; `#` lines and blank lines are skipped.
fn parse_number_board(text: &str, board: Option<Board>) -> Result<(Board, Vec<u32>), KnightsError> {
    let mut rows: Vec<Vec<u64>> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let row = l
            .split_whitespace()
            .map(|w| w.parse::<u64>())
            .collect::<Result<Vec<u64>, _>>()
            .map_err(|_| {
                bad(&format!(
                    "line {} holds something that is not a move number",
                    n + 1
                ))
            })?;
        rows.push(row);
    }
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
