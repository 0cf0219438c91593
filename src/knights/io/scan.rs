//! Reading the text formats of tours as a stream, in memory independent of the tour's length:
//! the JSON `knights` writes (`{"board":"8x8",...,"tour":[...]}`), a bare JSON list of squares
//! (`[[1,8],[3,7],...]` or `["a8","c7",...]`), and a text board of move numbers (rows, the top
//! rank first). Squares go to a [`Sink`] as they are read: [`input`](super::input) collects
//! them, `knights check` hands them to a validator, so a 20,000 x 20,000 tour is checked without
//! ever holding it. Rows of move numbers go to a callback the same way.
//!
//! The JSON accepted is only these shapes, so a small scanner replaces a JSON library; other
//! keys of the object are skipped, and its `"board"` must come before its `"tour"` unless the
//! board is given.
//!
//! Tested by: the unit tests below, the ones of [`input`](super::input); tests/knights_stream.rs.

use crate::knights::board::{parse_square, Board, Square};
use crate::knights::error::KnightsError;
use std::io::Read;

/// Where the squares of a JSON tour go.
pub trait Sink {
    /// The board, before the first square.
    fn board(&mut self, board: Board) -> Result<(), KnightsError>;
    /// The next square, as an index of that board.
    fn square(&mut self, sq: u32) -> Result<(), KnightsError>;
}

fn bad(why: String) -> KnightsError {
    KnightsError::BadTourText { why }
}

/// Bytes from a reader through a buffer, with a byte of lookahead and the offset for messages.
pub struct Scanner<R: Read> {
    input: R,
    buf: Vec<u8>,
    pos: usize,
    len: usize,
    /// Bytes before `buf[0]`.
    offset: u64,
}

const CHUNK: usize = 1 << 16;

impl<R: Read> Scanner<R> {
    pub fn new(input: R) -> Scanner<R> {
        Scanner {
            input,
            buf: vec![0; CHUNK],
            pos: 0,
            len: 0,
            offset: 0,
        }
    }

    /// Everything not yet read (for the pictures, which are read whole).
    pub fn rest(mut self) -> Result<Vec<u8>, KnightsError> {
        let mut out = self.buf[self.pos..self.len].to_vec();
        self.input
            .read_to_end(&mut out)
            .map_err(|e| bad(format!("cannot read the input: {e}")))?;
        Ok(out)
    }

    /// The next byte, without consuming it.
    pub fn peek(&mut self) -> Result<Option<u8>, KnightsError> {
        if self.pos == self.len {
            self.offset += self.len as u64;
            self.pos = 0;
            self.len = loop {
                match self.input.read(&mut self.buf) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(bad(format!("cannot read the input: {e}"))),
                }
            };
        }
        Ok((self.pos < self.len).then(|| self.buf[self.pos]))
    }

    fn bump(&mut self) {
        self.pos += 1;
    }

    /// The 1-based offset of the next byte.
    fn at(&self) -> u64 {
        self.offset + self.pos as u64 + 1
    }

    /// The first byte that is not white space, not consumed.
    pub fn skip_ws(&mut self) -> Result<Option<u8>, KnightsError> {
        while let Some(b) = self.peek()? {
            if !b.is_ascii_whitespace() {
                return Ok(Some(b));
            }
            self.bump();
        }
        Ok(None)
    }

    fn expect(&mut self, want: u8, what: &str) -> Result<(), KnightsError> {
        match self.skip_ws()? {
            Some(b) if b == want => {
                self.bump();
                Ok(())
            }
            _ => Err(bad(format!("expected {what} at byte {}", self.at()))),
        }
    }

    /// A JSON string (escapes kept as written: board names and squares have none), at most
    /// `max` bytes.
    fn string(&mut self, max: usize) -> Result<String, KnightsError> {
        self.expect(b'"', "a string")?;
        let mut out = Vec::new();
        loop {
            match self.peek()? {
                None => return Err(bad("unterminated string".into())),
                Some(b'"') => {
                    self.bump();
                    return Ok(String::from_utf8_lossy(&out).into_owned());
                }
                Some(b) => {
                    if out.len() == max {
                        return Err(bad(format!("a string longer than {max} bytes")));
                    }
                    out.push(b);
                    self.bump();
                }
            }
        }
    }

    /// An unsigned decimal number.
    fn number(&mut self) -> Result<u32, KnightsError> {
        let mut n: u64 = 0;
        let mut digits = 0;
        while let Some(b @ b'0'..=b'9') = self.peek()? {
            n = n * 10 + u64::from(b - b'0');
            digits += 1;
            if n > u64::from(u32::MAX) {
                return Err(bad(format!("a number too large at byte {}", self.at())));
            }
            self.bump();
        }
        if digits == 0 {
            return Err(bad(format!("expected a number at byte {}", self.at())));
        }
        Ok(n as u32)
    }

    /// `[File,Rank]` or `"a8"`.
    fn square(&mut self) -> Result<Square, KnightsError> {
        match self.skip_ws()? {
            Some(b'[') => {
                self.bump();
                self.skip_ws()?;
                let file = self.number()?;
                self.expect(b',', "a comma")?;
                self.skip_ws()?;
                let rank = self.number()?;
                self.expect(b']', "]")?;
                Ok(Square::new(file, rank))
            }
            Some(b'"') => parse_square(&self.string(32)?),
            _ => Err(bad(format!(
                "expected [File,Rank] or \"a8\" at byte {}",
                self.at()
            ))),
        }
    }

    /// Skips a JSON string, the opening quote next (escaped quotes and brackets inside).
    fn skip_string(&mut self) -> Result<(), KnightsError> {
        self.bump();
        loop {
            match self.peek()? {
                None => return Err(bad("unterminated string".into())),
                Some(b'\\') => {
                    self.bump();
                    self.peek()?;
                    self.bump();
                }
                Some(b'"') => {
                    self.bump();
                    return Ok(());
                }
                Some(_) => self.bump(),
            }
        }
    }

    /// Skips any JSON value (the object's other keys).
    fn skip_value(&mut self) -> Result<(), KnightsError> {
        let mut depth = 0usize;
        loop {
            match self.skip_ws()? {
                None => return Err(bad("the JSON ends inside a value".into())),
                Some(b'"') => self.skip_string()?,
                Some(b'[' | b'{') => {
                    depth += 1;
                    self.bump();
                }
                Some(b']' | b'}') if depth > 0 => {
                    depth -= 1;
                    self.bump();
                }
                Some(b',') if depth > 0 => self.bump(),
                Some(b',' | b']' | b'}') => return Ok(()),
                Some(_) => {
                    // A number, true, false or null: up to the next delimiter; a lone ':'
                    // (inside an object) is stepped over.
                    let mut scalar = false;
                    while let Some(b) = self.peek()? {
                        if b",]}:\"[{".contains(&b) || b.is_ascii_whitespace() {
                            break;
                        }
                        self.bump();
                        scalar = true;
                    }
                    if !scalar {
                        self.bump();
                    }
                }
            }
            if depth == 0 {
                return Ok(());
            }
        }
    }

    /// A list of squares of `board`, each handed to `sink`.
    pub fn json_list(&mut self, board: Board, sink: &mut impl Sink) -> Result<(), KnightsError> {
        self.json_squares(|s| sink.square(board.index(s)?))
    }

    /// A list of squares, each handed to `each`.
    pub fn json_squares(
        &mut self,
        mut each: impl FnMut(Square) -> Result<(), KnightsError>,
    ) -> Result<(), KnightsError> {
        self.expect(b'[', "[")?;
        if self.skip_ws()? == Some(b']') {
            self.bump();
            return Ok(());
        }
        loop {
            each(self.square()?)?;
            match self.skip_ws()? {
                Some(b',') => self.bump(),
                Some(b']') => {
                    self.bump();
                    return Ok(());
                }
                _ => return Err(bad(format!("expected a comma at byte {}", self.at()))),
            }
        }
    }

    /// Only white space is left.
    pub fn end(&mut self) -> Result<(), KnightsError> {
        match self.skip_ws()? {
            None => Ok(()),
            Some(_) => Err(bad(format!("unexpected text at byte {}", self.at()))),
        }
    }

    /// `{"board":"WxH", ..., "tour":[...]}`; the squares go to `sink`.
    pub fn json_object(
        &mut self,
        given: Option<Board>,
        sink: &mut impl Sink,
    ) -> Result<Board, KnightsError> {
        self.expect(b'{', "{")?;
        let mut named: Option<Board> = None;
        let mut toured = false;
        loop {
            match self.skip_ws()? {
                Some(b'}') => {
                    self.bump();
                    break;
                }
                Some(b'"') => {}
                _ => return Err(bad(format!("expected a key at byte {}", self.at()))),
            }
            let key = self.string(64)?;
            self.expect(b':', &format!(": after \"{key}\""))?;
            match key.as_str() {
                "board" if self.skip_ws()? == Some(b'"') => {
                    let b = Board::parse(&self.string(64)?)?;
                    if let Some(g) = given.filter(|&g| g != b) {
                        return Err(bad(format!("the JSON names the {b} board, not {g}")));
                    }
                    named = Some(b);
                }
                "board" => return Err(bad("\"board\" must be a string like \"8x8\"".into())),
                "tour" => {
                    let board = named.or(given).ok_or_else(|| {
                        bad(
                            "the JSON has no \"board\" before its \"tour\" (give --board WxH)"
                                .into(),
                        )
                    })?;
                    if self.skip_ws()? != Some(b'[') {
                        return Err(bad("\"tour\" must be a list of squares".into()));
                    }
                    sink.board(board)?;
                    self.json_list(board, sink)?;
                    toured = true;
                }
                _ => self.skip_value()?,
            }
            match self.skip_ws()? {
                Some(b',') => self.bump(),
                Some(b'}') => {}
                _ => return Err(bad(format!("expected , or }} at byte {}", self.at()))),
            }
        }
        match (named, toured) {
            (None, _) => Err(bad("the JSON object has no \"board\"".into())),
            (_, false) => Err(bad("the JSON object has no \"tour\"".into())),
            (Some(b), true) => Ok(b),
        }
    }

    /// Rows of move numbers, each handed to `row` with its line number; `#` lines and blank
    /// lines are skipped.
    pub fn number_rows(
        &mut self,
        mut row: impl FnMut(&[u64], usize) -> Result<(), KnightsError>,
    ) -> Result<(), KnightsError> {
        let mut numbers: Vec<u64> = Vec::new();
        let mut line = 1usize;
        let mut comment = false;
        let mut current: Option<u64> = None;
        let mut junk = false;
        loop {
            let b = self.peek()?;
            match b {
                Some(d @ b'0'..=b'9') if !comment => {
                    let v = current.unwrap_or(0);
                    current = Some(v.saturating_mul(10).saturating_add(u64::from(d - b'0')));
                }
                Some(b'#') if !comment && numbers.is_empty() && current.is_none() => comment = true,
                Some(b'\n') | None => {
                    numbers.extend(current.take());
                    if junk {
                        return Err(bad(format!(
                            "line {line} holds something that is not a move number"
                        )));
                    }
                    if !numbers.is_empty() {
                        row(&numbers, line)?;
                        numbers.clear();
                    }
                    comment = false;
                    line += 1;
                    if b.is_none() {
                        return Ok(());
                    }
                }
                Some(w) if w.is_ascii_whitespace() => numbers.extend(current.take()),
                Some(_) if comment => {}
                Some(_) => junk = true,
            }
            self.bump();
        }
    }
}

/// Squares gathered in a vector.
#[derive(Default)]
pub struct Collect {
    pub squares: Vec<u32>,
}

impl Sink for Collect {
    fn board(&mut self, board: Board) -> Result<(), KnightsError> {
        crate::knights::memory::ensure(
            u64::from(board.area()) * 4,
            &format!("reading the {board} tour"),
        )?;
        self.squares.reserve(board.area() as usize);
        Ok(())
    }

    fn square(&mut self, sq: u32) -> Result<(), KnightsError> {
        self.squares.push(sq);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_keys_are_skipped_and_order_matters() {
        let b = Board::new(3, 4).ok();
        let mut c = Collect::default();
        let text =
            r#"{"x":{"y":["]","\""]},"board":"3x4","n":-1.5e3,"tour":[[1,1],"b3"],"z":null}"#;
        let got = Scanner::new(text.as_bytes()).json_object(None, &mut c);
        assert_eq!(got.ok(), b);
        assert_eq!(c.squares, vec![0, 7]);
        let late = r#"{"tour":[[1,1]],"board":"3x4"}"#;
        let e = Scanner::new(late.as_bytes()).json_object(None, &mut Collect::default());
        assert!(e
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
            .contains("before"));
        assert!(Scanner::new(late.as_bytes())
            .json_object(b, &mut Collect::default())
            .is_ok());
    }

    #[test]
    fn number_rows_skip_comments_and_refuse_junk() {
        let mut rows = Vec::new();
        let text = "# a\n\n 1 2\n3   4  # no\n";
        let r = Scanner::new(text.as_bytes()).number_rows(|r, l| {
            rows.push((r.to_vec(), l));
            Ok(())
        });
        assert!(r.is_err(), "a # after numbers is junk");
        rows.clear();
        let r = Scanner::new("# a\n\n 1 2\n3   4".as_bytes()).number_rows(|r, l| {
            rows.push((r.to_vec(), l));
            Ok(())
        });
        assert!(r.is_ok());
        assert_eq!(rows, vec![(vec![1, 2], 3), (vec![3, 4], 4)]);
    }
}
