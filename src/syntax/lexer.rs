//! Prolog tokens: a logos scanner for the context-free part, and an adapter that
//! decides the context-dependent tokens (the end token, the `(` of functional
//! notation), records where layout occurred and splits the input clause by clause.
//!
//! Tested by: the unit tests below; tests/reader_tests.rs, tests/reader_errors.rs,
//! tests/io_errors.rs (end-token rescans of long piped input).

use super::read_term::VarInfo;
use super::scan::{self, ScanError};
use crate::term::atom::{atoms, Atom};
use crate::term::number::Number;
use crate::term::FastMap;
use logos::{FilterResult, Logos};

/// Why the lexer rejected some text.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum LexErrorKind {
    /// A character that cannot start any token (logos' default error).
    #[default]
    IllegalChar,
    /// A quoted item (quote character given) runs to the end of the input.
    EofInQuoted(char),
    EofInComment,
    Scan(ScanError),
}

/// A lexical error; `at` is an absolute byte offset, or `None` for "where the
/// token starts" (logos cannot tell a callback-less error its own position).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LexError {
    pub kind: LexErrorKind,
    pub at: Option<usize>,
}

impl LexError {
    /// The message, worded like SWI-Prolog's.
    pub fn message(&self) -> String {
        match self.kind {
            LexErrorKind::IllegalChar => "Illegal character".into(),
            LexErrorKind::EofInQuoted('\'') => "End of file in quoted atom".into(),
            LexErrorKind::EofInQuoted('"') => "End of file in quoted string".into(),
            LexErrorKind::EofInQuoted(_) => "End of file in quoted codes".into(),
            LexErrorKind::EofInComment => "End of file in /* ... */ comment".into(),
            LexErrorKind::Scan(ScanError::BadEscape(c)) => {
                format!("Unknown character escape in quoted atom or string: `\\{c}'")
            }
            LexErrorKind::Scan(ScanError::BadCharCode) => "Illegal character code".into(),
            LexErrorKind::Scan(ScanError::IllegalNumber) => "Illegal number".into(),
            LexErrorKind::Scan(ScanError::FloatOverflow) => "Number too large".into(),
        }
    }
}

/// What logos sees. Everything with a callback is scanned by hand from its first
/// character, because Prolog's quoted items, numbers and graphic atoms (which
/// must stop before `/*`) are not regular enough for the regex engine.
#[derive(Logos, Debug, PartialEq)]
#[logos(error = LexError)]
#[logos(skip r"[ \t\n\r\x0B\x0C]+")]
#[logos(skip(r"%[^\n]*", allow_greedy = true))]
enum Raw {
    #[regex(r"[a-z][a-zA-Z0-9_]*", word_tail)]
    #[token("!")]
    #[token(";")]
    Name,
    #[regex(r"[A-Z_][a-zA-Z0-9_]*", word_tail)]
    Var,
    #[regex(r"[^\x00-\x7F]", unicode)]
    Unicode(Uni),
    #[regex(r"[0-9]", number)]
    Num(Number),
    #[regex(r"[#$&*+\-./:<=>?@^~\\]", graphic)]
    Graphic,
    #[token("/*", block_comment)]
    Comment,
    #[token("'", |lex| quoted(lex, '\''))]
    Quoted(String),
    #[token("\"", |lex| quoted(lex, '"'))]
    DQuoted(String),
    #[token("`", |lex| quoted(lex, '`'))]
    BQuoted(String),
    #[token("(")]
    Open,
    #[token(")")]
    Close,
    #[token("[")]
    OpenList,
    #[token("]")]
    CloseList,
    #[token("{")]
    OpenCurly,
    #[token("}")]
    CloseCurly,
    #[token(",")]
    Comma,
    #[token("|")]
    Bar,
}

/// What a non-ASCII first character turned out to start.
#[derive(Debug, PartialEq)]
enum Uni {
    Name,
    Var,
}

/// Extends an alphanumeric token over non-ASCII letters and digits.
fn word_tail(lex: &mut logos::Lexer<Raw>) {
    let rest = lex.remainder();
    let n = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    lex.bump(n);
}

fn unicode(lex: &mut logos::Lexer<Raw>) -> FilterResult<Uni, LexError> {
    let Some(c) = lex.slice().chars().next() else {
        return FilterResult::Error(LexError::default());
    };
    if c.is_alphabetic() {
        word_tail(lex);
        // Uppercase letters start variables; other letters (lowercase, or
        // scripts without case) start atoms, as in SWI-Prolog.
        FilterResult::Emit(if c.is_uppercase() {
            Uni::Var
        } else {
            Uni::Name
        })
    } else if c.is_whitespace() || c == '\u{FEFF}' {
        // Unicode layout, and the byte-order mark some editors put first.
        FilterResult::Skip
    } else {
        FilterResult::Error(LexError::default())
    }
}

fn is_graphic(c: char) -> bool {
    "#$&*+-./:<=>?@^~\\".contains(c)
}

/// A graphic atom is the longest run of graphic characters that does not run
/// into a `/*` comment opener.
fn graphic(lex: &mut logos::Lexer<Raw>) {
    let rest = lex.remainder();
    let n = rest
        .char_indices()
        .find(|&(i, c)| !is_graphic(c) || (c == '/' && rest[i + 1..].starts_with('*')))
        .map_or(rest.len(), |(i, _)| i);
    lex.bump(n);
}

fn block_comment(lex: &mut logos::Lexer<Raw>) -> FilterResult<(), LexError> {
    let rest = lex.remainder();
    match rest.find("*/") {
        Some(i) => {
            lex.bump(i + 2);
            FilterResult::Skip
        }
        None => {
            let start = lex.span().start;
            lex.bump(rest.len());
            FilterResult::Error(LexError {
                kind: LexErrorKind::EofInComment,
                at: Some(start),
            })
        }
    }
}

fn quoted(lex: &mut logos::Lexer<Raw>, q: char) -> Result<String, LexError> {
    let start = lex.span().start;
    let r = scan::scan_quoted(lex.remainder(), q);
    lex.bump(r.len);
    if r.eof {
        return Err(LexError {
            kind: LexErrorKind::EofInQuoted(q),
            at: Some(start),
        });
    }
    if let Some(f) = r.error {
        return Err(LexError {
            kind: LexErrorKind::Scan(f.err),
            at: Some(start + 1 + f.at),
        });
    }
    Ok(r.text)
}

fn number(lex: &mut logos::Lexer<Raw>) -> Result<Number, LexError> {
    let start = lex.span().start;
    let text = &lex.source()[start..];
    match scan::scan_number(text) {
        Ok((n, len)) => {
            lex.bump(len - 1);
            Ok(n)
        }
        Err(f) => {
            // Swallow the rest of the malformed number (`0xG1`) so lexing
            // resumes after it; for a bad `0'\z` the whole escape, or its
            // quote would open a quoted atom that swallows the file.
            let rest = lex.remainder();
            let n = match rest.strip_prefix('\'') {
                Some(esc) if esc.starts_with('\\') => {
                    1 + match scan::escape(esc) {
                        Ok((_, n)) | Err((_, n)) => n,
                    }
                }
                _ => rest
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(rest.len()),
            };
            lex.bump(n);
            Err(LexError {
                kind: LexErrorKind::Scan(f.err),
                at: Some(start + f.at),
            })
        }
    }
}

/// Token kinds the grammar sees (also the `Tok` of the lalrpop grammar).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokKind {
    /// Unquoted name: letters, graphic characters, `!` or `;`.
    Name,
    /// Quoted atom.
    QName,
    Var,
    Num,
    /// Double-quoted text.
    Str,
    /// Back-quoted text.
    BackQ,
    /// `(` after layout or after a non-name token.
    Open,
    /// `(` directly after a name: opens the arguments of a compound.
    OpenCt,
    Close,
    OpenList,
    CloseList,
    OpenCurly,
    /// `{` directly after a variable or an alphanumeric or quoted name: opens
    /// the pairs of a dict (`point{x: 1}`, `_{a: 1}`).
    OpenDict,
    CloseCurly,
    Comma,
    Bar,
    /// `.` followed by layout, `%` or the end of the input.
    End,
}

/// One token. Kept small (the reader holds every token of a clause, and a clause
/// may be millions of tokens long); payloads live in `TokenBuf`.
#[derive(Clone, Copy, Debug)]
pub struct Token {
    pub kind: TokKind,
    /// Layout (or a comment) separates this token from the previous one.
    pub layout_before: bool,
    /// Name/QName: the atom id (also `[]` for `[` and `{}` for `{`, the names
    /// of `[](...)` and `{}(...)`); Num: index into `nums`; Str/BackQ: index
    /// into `texts`; Var: index into `vars`.
    pub val: u32,
    pub start: usize,
    pub end: usize,
}

/// The tokens of one clause and their payloads.
#[derive(Default, Debug)]
pub struct TokenBuf {
    pub toks: Vec<Token>,
    pub nums: Vec<Number>,
    pub texts: Vec<String>,
    /// The clause's variables in order of first occurrence, numbered here
    /// (not during operator resolution, which visits inner brackets first).
    pub vars: Vec<VarInfo>,
    var_ids: FastMap<String, u32>,
}

impl TokenBuf {
    pub fn clear(&mut self) {
        self.toks.clear();
        self.nums.clear();
        self.texts.clear();
        self.vars.clear();
        self.var_ids.clear();
    }

    /// The id of a variable occurrence; each `_` is a variable of its own.
    fn var(&mut self, name: &str) -> u32 {
        if name != "_" {
            if let Some(&id) = self.var_ids.get(name) {
                self.vars[id as usize].occurrences += 1;
                return id;
            }
        }
        let id = self.vars.len() as u32;
        self.vars.push(VarInfo {
            name: name.to_string(),
            occurrences: 1,
        });
        if name != "_" {
            self.var_ids.insert(name.to_string(), id);
        }
        id
    }

    /// The atom of a Name/QName token.
    pub fn atom(&self, i: usize) -> Atom {
        Atom(self.toks[i].val)
    }

    fn push(&mut self, kind: TokKind, val: u32, start: usize, end: usize, layout: bool) {
        self.toks.push(Token {
            kind,
            layout_before: layout,
            val,
            start,
            end,
        });
    }
}

/// How scanning one clause ended.
#[derive(Debug, PartialEq)]
pub enum ClauseScan {
    /// The buffer holds a clause whose last token is `End`.
    Clause,
    /// Only layout and comments were left.
    Eof,
    /// The input ended before an end token; the buffer holds what was read.
    Partial,
    /// A lexical error; the lexer has already skipped past the next end token.
    Error(LexError),
}

/// Splits Prolog text into clauses of tokens.
pub struct Lexer<'a> {
    raw: logos::Lexer<'a, Raw>,
    src: &'a str,
    prev_end: usize,
    prev_kind: Option<TokKind>,
    /// The kind before `prev_kind`, to recognise `[](` and `{}(`.
    prev2_kind: Option<TokKind>,
    /// Only layout and comments were left after the last token.
    exhausted: bool,
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str) -> Self {
        Lexer {
            raw: Raw::lexer(src),
            src,
            prev_end: 0,
            prev_kind: None,
            prev2_kind: None,
            exhausted: false,
        }
    }

    /// A lexer that starts at byte `offset` of `src` (a character boundary
    /// between two clauses), so positions stay those of the whole text.
    pub fn new_at(src: &'a str, offset: usize) -> Self {
        let mut lexer = Lexer::new(src);
        lexer.raw.bump(offset.min(src.len()));
        lexer.prev_end = offset;
        lexer
    }

    /// Bytes consumed so far.
    pub fn offset(&self) -> usize {
        if self.exhausted {
            self.src.len()
        } else {
            self.raw.span().end
        }
    }

    /// Appends the tokens of the next clause to `buf`.
    pub fn next_clause(&mut self, buf: &mut TokenBuf) -> ClauseScan {
        loop {
            match self.next_token(buf) {
                None if buf.toks.is_empty() => return ClauseScan::Eof,
                None => return ClauseScan::Partial,
                Some(Ok(TokKind::End)) => return ClauseScan::Clause,
                Some(Ok(_)) => {}
                Some(Err(e)) => {
                    self.skip_to_end(buf);
                    return ClauseScan::Error(e);
                }
            }
        }
    }

    /// Error recovery: drops tokens (and further errors) up to and including
    /// the next end token.
    fn skip_to_end(&mut self, buf: &mut TokenBuf) {
        while let Some(t) = self.next_token(buf) {
            buf.clear();
            if t == Ok(TokKind::End) {
                break;
            }
        }
    }

    /// Scans one token into `buf` and returns its kind.
    fn next_token(&mut self, buf: &mut TokenBuf) -> Option<Result<TokKind, LexError>> {
        let Some(raw) = self.raw.next() else {
            self.exhausted = true;
            return None;
        };
        let span = self.raw.span();
        let (start, end) = (span.start, span.end);
        let layout = start > self.prev_end;
        let text = &self.src[start..end];
        let (kind, val) = match raw {
            Err(mut e) => {
                e.at.get_or_insert(start);
                self.prev_end = end;
                self.prev_kind = None;
                self.prev2_kind = None;
                return Some(Err(e));
            }
            Ok(Raw::Name) | Ok(Raw::Unicode(Uni::Name)) => (TokKind::Name, Atom::new(text).0),
            Ok(Raw::Var) | Ok(Raw::Unicode(Uni::Var)) => (TokKind::Var, buf.var(text)),
            Ok(Raw::Graphic) => {
                let rest = &self.src[end..];
                let ends = rest
                    .chars()
                    .next()
                    .is_none_or(|c| c.is_whitespace() || c == '%');
                if text == "." && ends {
                    (TokKind::End, 0)
                } else {
                    (TokKind::Name, Atom::new(text).0)
                }
            }
            Ok(Raw::Num(n)) => {
                buf.nums.push(n);
                (TokKind::Num, (buf.nums.len() - 1) as u32)
            }
            Ok(Raw::Quoted(s)) => (TokKind::QName, Atom::new(&s).0),
            Ok(Raw::DQuoted(s)) => {
                buf.texts.push(s);
                (TokKind::Str, (buf.texts.len() - 1) as u32)
            }
            Ok(Raw::BQuoted(s)) => {
                buf.texts.push(s);
                (TokKind::BackQ, (buf.texts.len() - 1) as u32)
            }
            Ok(Raw::Open) => {
                use TokKind::*;
                let after_name = matches!(
                    (self.prev2_kind, self.prev_kind),
                    (_, Some(Name | QName))
                        | (Some(OpenList), Some(CloseList))
                        | (Some(OpenCurly), Some(CloseCurly))
                );
                if after_name && !layout {
                    (TokKind::OpenCt, 0)
                } else {
                    (TokKind::Open, 0)
                }
            }
            Ok(Raw::Close) => (TokKind::Close, 0),
            // The atom a `[]` or `{}` pair names, for `[](a)` and `{}(a)`.
            Ok(Raw::OpenList) => (TokKind::OpenList, atoms::NIL.0),
            Ok(Raw::CloseList) => (TokKind::CloseList, 0),
            Ok(Raw::OpenCurly) if !layout && self.dict_tag_before(buf) => (TokKind::OpenDict, 0),
            Ok(Raw::OpenCurly) => (TokKind::OpenCurly, atoms::CURLY.0),
            Ok(Raw::CloseCurly) => (TokKind::CloseCurly, 0),
            Ok(Raw::Comma) => (TokKind::Comma, 0),
            Ok(Raw::Bar) => (TokKind::Bar, 0),
            // Never produced: the comment callback always skips or fails.
            Ok(Raw::Comment) => return Some(Err(LexError::default())),
        };
        buf.push(kind, val, start, end, layout);
        self.prev_end = end;
        self.prev2_kind = self.prev_kind;
        self.prev_kind = Some(kind);
        Some(Ok(kind))
    }
}

impl Lexer<'_> {
    /// Can the token just read be a dict's tag: a variable, a quoted atom or
    /// an alphanumeric name (`-{a}` is `-({a})`, as in SWI-Prolog)?
    fn dict_tag_before(&self, buf: &TokenBuf) -> bool {
        buf.toks.last().is_some_and(|t| match t.kind {
            TokKind::Var | TokKind::QName => true,
            TokKind::Name => self.src[t.start..t.end]
                .chars()
                .next()
                .is_some_and(char::is_alphanumeric),
            _ => false,
        })
    }
}

/// Does `src` hold a complete clause: an end token outside quotes and comments?
/// Text that is still inside an unterminated quoted item or block comment is
/// incomplete; other lexical errors do not matter (the reader will report them).
pub fn has_end_token(src: &str) -> bool {
    EndScan::default().complete(src)
}

/// `has_end_token` for text that grows at its end (lines of a query read
/// from a pipe): each call lexes only from the last token known to be
/// complete, so a query of n lines is scanned in O(n), not O(n²).
#[derive(Default, Debug)]
pub struct EndScan {
    /// Offset after the last token followed by layout: lexing resumes there
    /// (every token after layout starts afresh, whatever came before).
    resume: usize,
}

impl EndScan {
    /// Does `src` (the text seen before, plus more at its end) now hold an
    /// end token?
    pub fn complete(&mut self, src: &str) -> bool {
        let mut lexer = Lexer::new_at(src, self.resume);
        let mut buf = TokenBuf::default();
        while let Some(t) = lexer.next_token(&mut buf) {
            buf.clear();
            match t {
                Ok(TokKind::End) => return true,
                Err(LexError {
                    kind: LexErrorKind::EofInQuoted(_) | LexErrorKind::EofInComment,
                    ..
                }) => return false,
                _ => {}
            }
            let end = lexer.raw.span().end;
            if src[end..].starts_with(|c: char| c.is_whitespace()) {
                self.resume = end;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<TokKind> {
        let mut lexer = Lexer::new(src);
        let mut buf = TokenBuf::default();
        let mut out = Vec::new();
        while let Some(t) = lexer.next_token(&mut buf) {
            out.push(t.unwrap());
        }
        out
    }

    #[test]
    fn end_token_needs_layout_percent_or_eof() {
        use TokKind::*;
        assert_eq!(kinds("a. b.%c\nc."), [Name, End, Name, End, Name, End]);
        assert_eq!(kinds("X = '.'.b"), [Var, Name, QName, Name, Name]);
        assert_eq!(kinds("a =.. b."), [Name, Name, Name, End]);
    }

    #[test]
    fn open_ct_only_directly_after_a_name() {
        use TokKind::*;
        assert_eq!(kinds("f(a)"), [Name, OpenCt, Name, Close]);
        assert_eq!(kinds("f (a)"), [Name, Open, Name, Close]);
        assert_eq!(kinds("'f'(a)"), [QName, OpenCt, Name, Close]);
        assert_eq!(kinds("f((a))"), [Name, OpenCt, Open, Name, Close, Close]);
        assert_eq!(kinds("X(a)"), [Var, Open, Name, Close]);
        assert_eq!(kinds("-(1)"), [Name, OpenCt, Num, Close]);
    }

    #[test]
    fn graphic_atoms_stop_at_comments() {
        let mut lexer = Lexer::new("a +/* c */ b");
        let mut buf = TokenBuf::default();
        while lexer.next_token(&mut buf).is_some() {}
        let names: Vec<_> = (0..buf.toks.len()).map(|i| buf.atom(i).name()).collect();
        assert_eq!(names, ["a", "+", "b"]);
    }

    #[test]
    fn unicode_names_and_variables() {
        use TokKind::*;
        assert_eq!(kinds("café Ölf λx 日本"), [Name, Var, Name, Name]);
        assert_eq!(kinds("\u{FEFF}a\u{A0}b"), [Name, Name]);
    }

    #[test]
    fn errors_skip_to_the_next_clause() {
        let mut lexer = Lexer::new("a /* x */ b ¬ c. d.");
        let mut buf = TokenBuf::default();
        let ClauseScan::Error(e) = lexer.next_clause(&mut buf) else {
            panic!("expected an error");
        };
        assert_eq!(e.kind, LexErrorKind::IllegalChar);
        assert_eq!(e.at, Some(12));
        buf.clear();
        assert_eq!(lexer.next_clause(&mut buf), ClauseScan::Clause);
        assert_eq!(buf.atom(0).name(), "d");
        buf.clear();
        assert_eq!(lexer.next_clause(&mut buf), ClauseScan::Eof);
    }

    #[test]
    fn completeness_grows_with_the_text() {
        let mut scan = EndScan::default();
        let mut text = String::from("X = [1,\n");
        assert!(!scan.complete(&text));
        text.push_str("'a.\n");
        assert!(!scan.complete(&text));
        text.push_str("b' /* c.\n");
        assert!(!scan.complete(&text));
        text.push_str("*/ 2].\n");
        assert!(scan.complete(&text));
        let mut scan = EndScan::default();
        assert!(!scan.complete("a :- b\n"));
        assert!(scan.complete("a :- b\n.\n"));
    }

    #[test]
    fn lexing_may_start_between_clauses() {
        let mut lexer = Lexer::new_at("a. b(X).", 3);
        let mut buf = TokenBuf::default();
        assert_eq!(lexer.next_clause(&mut buf), ClauseScan::Clause);
        assert_eq!((buf.atom(0).name(), buf.toks[0].start), ("b", 3));
    }

    #[test]
    fn a_bad_char_code_escape_loses_only_its_clause() {
        let mut lexer = Lexer::new("x(0'\\z).\nb(2).\n");
        let mut buf = TokenBuf::default();
        assert!(matches!(lexer.next_clause(&mut buf), ClauseScan::Error(_)));
        buf.clear();
        assert_eq!(lexer.next_clause(&mut buf), ClauseScan::Clause);
        assert_eq!(buf.atom(0).name(), "b");
    }

    #[test]
    fn completeness() {
        assert!(has_end_token("foo(X)."));
        assert!(has_end_token("foo(X).\n"));
        assert!(!has_end_token("foo(X)"));
        assert!(!has_end_token("foo('a. b"));
        assert!(!has_end_token("foo /* a. b"));
        assert!(!has_end_token("X = \"a. "));
        assert!(has_end_token("X = 0'. ."));
    }
}
