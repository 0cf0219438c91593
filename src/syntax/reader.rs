//! The Prolog reader: clause-by-clause reading of source text into `ReadTerm`s,
//! with positions, SWI-style syntax errors and error recovery.
//!
//! Pipeline: `lexer` splits the text into the tokens of one clause, the lalrpop
//! grammar (`items`) finds its bracket structure, and `resolve` applies the
//! operator table. Reading clause by clause lets `:- op(...)` take effect from
//! the next clause and keeps one syntax error from stopping a whole file.
//!
//! Tested by: the unit tests below; tests/reader_tests.rs, tests/reader_errors.rs,
//! tests/reader_deep.rs, tests/reader_swi.rs (against SWI-Prolog).

use super::items;
use super::lexer::{has_end_token, ClauseScan, Lexer, TokKind, Token, TokenBuf};
use super::read_term::{Node, Pos, ReadTerm};
use super::resolve::{Resolver, Scratch};
use super::scan;
use crate::term::atom::atoms;
use crate::term::number::Number;
use crate::term::ops::OpTable;

/// What a double-quoted (or back-quoted) item reads as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DoubleQuotes {
    Codes,
    Chars,
    Atom,
    String,
}

/// Flags that change how text reads.
#[derive(Clone, Debug)]
pub struct ReadOptions {
    pub double_quotes: DoubleQuotes,
    pub back_quotes: DoubleQuotes,
}

impl Default for ReadOptions {
    /// SWI-Prolog 7's defaults: `"..."` is a string, `` `...` `` a code list.
    fn default() -> Self {
        ReadOptions {
            double_quotes: DoubleQuotes::String,
            back_quotes: DoubleQuotes::Codes,
        }
    }
}

/// A syntax error and where it is.
#[derive(Clone, Debug, PartialEq)]
pub struct SyntaxError {
    pub message: String,
    pub pos: Pos,
}

/// Reads the clauses of one source text in order.
pub struct Reader<'a> {
    src: &'a str,
    lexer: Lexer<'a>,
    buf: TokenBuf,
    runs: items::Builder,
    scratch: Scratch,
    /// A known position, so positions are found by scanning forward from it
    /// rather than from the start of the text each time.
    cursor: Pos,
    consumed: usize,
}

impl<'a> Reader<'a> {
    pub fn new(src: &'a str) -> Self {
        Self::new_at(src, 0)
    }

    /// A reader that starts at byte `offset` of `src` (where an earlier
    /// reader stopped): positions are those of the whole text.
    pub fn new_at(src: &'a str, offset: usize) -> Self {
        Reader {
            src,
            lexer: Lexer::new_at(src, offset),
            buf: TokenBuf::default(),
            runs: items::Builder::default(),
            scratch: Scratch::default(),
            cursor: Pos {
                offset: 0,
                line: 1,
                column: 1,
            },
            consumed: offset,
        }
    }

    /// The next clause or term ending in an end token; `Ok(None)` when only
    /// layout and comments are left. After an error the reader has already
    /// skipped past the next end token, so the caller can go on reading.
    pub fn next_term(
        &mut self,
        ops: &OpTable,
        opts: &ReadOptions,
    ) -> Result<Option<ReadTerm>, SyntaxError> {
        self.buf.clear();
        let scan = self.lexer.next_clause(&mut self.buf);
        self.consumed = self.lexer.offset();
        // The layout character that ends an end token belongs to it.
        if self.src[..self.consumed].ends_with('.') {
            if let Some(c) = self.src[self.consumed..].chars().next() {
                if c.is_whitespace() {
                    self.consumed += c.len_utf8();
                }
            }
        }
        match scan {
            ClauseScan::Eof => Ok(None),
            ClauseScan::Error(e) => Err(self.error(e.at.unwrap_or(0), e.message())),
            ClauseScan::Partial => Err(self.error(self.src.len(), "Unexpected end of file".into())),
            ClauseScan::Clause => self.parse_clause(ops, opts).map(Some),
        }
    }

    /// Bytes consumed so far: up to and including the end token of the last
    /// clause read (and the layout character after it).
    pub fn offset(&self) -> usize {
        self.consumed
    }

    fn parse_clause(&mut self, ops: &OpTable, opts: &ReadOptions) -> Result<ReadTerm, SyntaxError> {
        let result = items::parse(&self.buf, &mut self.runs)
            .map_err(|e| (e.tok, e.message))
            .and_then(|()| {
                Resolver::new(&self.buf, &self.runs, ops, opts, &mut self.scratch)
                    .resolve()
                    .map_err(|e| (e.tok, e.message))
            });
        let toks = &self.buf.toks;
        let (first, last) = (toks[0].start, toks[toks.len() - 1].start);
        match result {
            Ok(mut term) => {
                term.start = self.pos(first);
                term.end = self.pos(last);
                Ok(term)
            }
            Err((tok, message)) => {
                let at = self.buf.toks[tok].start;
                // Keep the cursor at the clause start so later positions in
                // this clause stay cheap to find.
                self.pos(first);
                Err(self.error(at, message.into()))
            }
        }
    }

    fn error(&mut self, offset: usize, message: String) -> SyntaxError {
        SyntaxError {
            message,
            pos: self.pos(offset),
        }
    }

    /// The position of a byte offset (1-based line and character column).
    fn pos(&mut self, offset: usize) -> Pos {
        let mut offset = offset.min(self.src.len());
        while !self.src.is_char_boundary(offset) {
            offset -= 1;
        }
        let mut p = if offset >= self.cursor.offset {
            self.cursor
        } else {
            Pos {
                offset: 0,
                line: 1,
                column: 1,
            }
        };
        for c in self.src[p.offset..offset].chars() {
            if c == '\n' {
                p.line += 1;
                p.column = 1;
            } else {
                p.column += 1;
            }
        }
        p.offset = offset;
        self.cursor = p;
        p
    }
}

/// Parses text holding exactly one term; the final end token is optional
/// (`term_to_atom/2`, `read_term_from_atom/3`). Text with no term at all reads
/// as `end_of_file`, as in SWI-Prolog.
pub fn read_term_from_str(
    src: &str,
    ops: &OpTable,
    opts: &ReadOptions,
) -> Result<ReadTerm, SyntaxError> {
    let mut reader = Reader::new(src);
    reader.buf.clear();
    match reader.lexer.next_clause(&mut reader.buf) {
        ClauseScan::Eof => {
            let mut term = ReadTerm::default();
            term.root = term.push(Node::Atom(atoms::END_OF_FILE));
            return Ok(term);
        }
        ClauseScan::Error(e) => return Err(reader.error(e.at.unwrap_or(0), e.message())),
        ClauseScan::Partial => reader.buf.toks.push(Token {
            kind: TokKind::End,
            layout_before: true,
            val: 0,
            start: src.len(),
            end: src.len(),
        }),
        ClauseScan::Clause => {}
    }
    let term = reader.parse_clause(ops, opts).map_err(|mut e| {
        // The end token was supplied here, so running into it means the text
        // itself ended too soon.
        if e.pos.offset == src.len() && e.message == "Unexpected end of clause" {
            e.message = "Unexpected end of file".into();
        }
        e
    })?;
    let mut rest = TokenBuf::default();
    match reader.lexer.next_clause(&mut rest) {
        ClauseScan::Eof => Ok(term),
        ClauseScan::Error(e) => Err(reader.error(e.at.unwrap_or(0), e.message())),
        ClauseScan::Clause | ClauseScan::Partial => {
            Err(reader.error(rest.toks[0].start, "End of clause expected".into()))
        }
    }
}

/// Prolog number syntax for `number_codes/2` and `atom_number/2`: optional
/// leading layout, an optional sign, then one number token and nothing else.
pub fn parse_number(s: &str) -> Option<Number> {
    let s = s.trim_start();
    let (negative, digits) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    if !digits.as_bytes().first()?.is_ascii_digit() {
        return None;
    }
    let (n, len) = scan::scan_number(digits).ok()?;
    if len != digits.len() {
        return None;
    }
    Some(if negative { -n } else { n })
}

/// For the REPL: does `src` hold a complete term, that is an end token outside
/// quotes and comments?
pub fn is_complete(src: &str) -> bool {
    has_end_token(src)
}

/// The column SWI-Prolog reports for `offset`: 0-based, a tab advancing to
/// the next multiple of 8.
fn swi_column(src: &str, offset: usize) -> usize {
    let offset = floor_char_boundary(src, offset);
    let start = src[..offset].rfind('\n').map_or(0, |i| i + 1);
    src[start..offset].chars().fold(0, |col, c| {
        if c == '\t' {
            (col / 8 + 1) * 8
        } else {
            col + 1
        }
    })
}

fn floor_char_boundary(src: &str, offset: usize) -> usize {
    let mut i = offset.min(src.len());
    while !src.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// A syntax error in a loaded file: headed as SWI-Prolog heads it
/// (`File:Line:Column: Syntax error: Message`, so tools that read SWI's
/// messages find it), then the source line and a caret under the error.
pub fn format_file_syntax_error(file: &str, src: &str, err: &SyntaxError) -> String {
    let offset = floor_char_boundary(src, err.pos.offset);
    let column = swi_column(src, offset);
    let start = src[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = src[offset..].find('\n').map_or(src.len(), |i| offset + i);
    let text = &src[start..end];
    let text = text.strip_suffix('\r').unwrap_or(text);
    // Tabs stay tabs so the caret lines up with what the terminal shows.
    let pad: String = src[start..offset]
        .chars()
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    format!(
        "{file}:{}:{column}: Syntax error: {}\n{text}\n{pad}^",
        err.pos.line, err.message
    )
}

/// A syntax error in a goal given as text (`-g Goal`), as SWI-Prolog shows
/// it: the message, the text before the error, `** here **`, the rest.
pub fn here_marked_syntax_error(src: &str, err: &SyntaxError) -> String {
    // SWI splits just before the character in front of the offending token.
    let at = floor_char_boundary(src, err.pos.offset);
    let split = if at >= src.trim_end().len() {
        src.len()
    } else {
        src[..at].char_indices().last().map_or(0, |(i, _)| i)
    };
    let rest = src[split..].trim_end();
    let rest = rest.strip_suffix('.').unwrap_or(rest).trim_end();
    format!("{}\n{}\n** here **\n{rest} . ", err.message, &src[..split])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_characters_and_may_go_back() {
        let mut r = Reader::new("é\nab λc");
        let p = r.pos(8);
        assert_eq!((p.line, p.column), (2, 5));
        let p = r.pos(2);
        assert_eq!((p.line, p.column), (1, 2));
        let p = r.pos(1); // inside `é`: clamped to its start
        assert_eq!((p.offset, p.line, p.column), (0, 1, 1));
        let p = r.pos(100);
        assert_eq!((p.offset, p.line, p.column), (9, 2, 6));
        let p = r.pos(7); // inside `λ`
        assert_eq!((p.offset, p.line, p.column), (6, 2, 4));
    }

    #[test]
    fn file_errors_count_columns_as_swi() {
        let err = |offset, line| SyntaxError {
            message: "Operator expected".into(),
            pos: Pos {
                offset,
                line,
                column: 0,
            },
        };
        let src = "ok.\n\tbar(x y).\n";
        assert_eq!(
            format_file_syntax_error("s.pl", src, &err(11, 2)),
            "s.pl:2:14: Syntax error: Operator expected\n\tbar(x y).\n\t      ^"
        );
        assert_eq!(
            here_marked_syntax_error("foo(a b)", &err(6, 1)),
            "Operator expected\nfoo(a\n** here **\n b) . "
        );
    }
}
