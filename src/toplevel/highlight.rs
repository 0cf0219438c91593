//! Syntax colouring for the line editor, done with the reader's own lexer so
//! that what shows as a quoted atom, a variable or a comment is exactly what
//! the reader will see (`0'c`, `a.b`, `/*` inside quotes, ...).
//!
//! `classify` turns text into coloured spans; `render` paints a part of it
//! with ANSI colours and marks the bracket matching the one at the cursor.
//!
//! Tested by: the unit tests below.

use crate::syntax::lexer::{ClauseScan, LexErrorKind, Lexer, TokKind, TokenBuf};

/// What a piece of the text is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Atom,
    QuotedAtom,
    Var,
    Number,
    Str,
    Comment,
    /// The end token `.`.
    End,
    /// A bracket; `open` tells which side, `kind` pairs `(` `[` `{` with their closers.
    Bracket {
        open: bool,
        kind: u8,
    },
    Punct,
    /// A quoted item (opened by this quote character) that the text ends in.
    OpenQuote(char),
    /// Text the lexer rejects.
    Error,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub start: usize,
    pub end: usize,
    pub class: Class,
}

/// The coloured spans of `src` in order. Layout is not covered; every
/// comment, token and lexically wrong region is.
pub fn classify(src: &str) -> Vec<Span> {
    let mut spans = Vec::new();
    let mut lexer = Lexer::new(src);
    let mut buf = TokenBuf::default();
    let mut clause_start = 0;
    loop {
        buf.clear();
        match lexer.next_clause(&mut buf) {
            ClauseScan::Clause => {
                push_tokens(&buf, 0, &mut spans);
                clause_start = lexer.offset();
            }
            ClauseScan::Partial => {
                push_tokens(&buf, 0, &mut spans);
                break;
            }
            ClauseScan::Eof => break,
            ClauseScan::Error(e) => {
                // The lexer dropped this clause's tokens: lex the part before
                // the error again on its own.
                let at = e.at.unwrap_or(clause_start).clamp(clause_start, src.len());
                prefix_spans(src, clause_start, at, &mut spans);
                let class = match e.kind {
                    LexErrorKind::EofInQuoted(q) => Class::OpenQuote(q),
                    LexErrorKind::EofInComment => Class::Comment,
                    _ => Class::Error,
                };
                if class != Class::Error {
                    spans.push(Span {
                        start: at,
                        end: src.len(),
                        class,
                    });
                    break;
                }
                let end = lexer.offset().max(next_char(src, at)).min(src.len());
                spans.push(Span {
                    start: at,
                    end,
                    class,
                });
                clause_start = end;
            }
        }
    }
    fill_comments(src, &mut spans);
    spans
}

/// Spans of `src[start..end]`, the text before a lexical error. If that text
/// ends inside a quoted item (the error is a bad escape in it), the item's
/// span runs to `end`.
fn prefix_spans(src: &str, start: usize, end: usize, spans: &mut Vec<Span>) {
    let text = &src[start..end];
    let mut lexer = Lexer::new(text);
    let mut buf = TokenBuf::default();
    loop {
        buf.clear();
        match lexer.next_clause(&mut buf) {
            ClauseScan::Clause => push_tokens(&buf, start, spans),
            ClauseScan::Partial => return push_tokens(&buf, start, spans),
            ClauseScan::Eof => return,
            ClauseScan::Error(e) => {
                let at = start + e.at.unwrap_or(0).min(text.len());
                let class = match e.kind {
                    LexErrorKind::EofInQuoted('\'') => Class::QuotedAtom,
                    LexErrorKind::EofInComment => Class::Comment,
                    _ => Class::Str,
                };
                return spans.push(Span {
                    start: at,
                    end,
                    class,
                });
            }
        }
    }
}

fn next_char(src: &str, at: usize) -> usize {
    src[at..].chars().next().map_or(at, |c| at + c.len_utf8())
}

fn push_tokens(buf: &TokenBuf, base: usize, spans: &mut Vec<Span>) {
    for t in &buf.toks {
        let class = match t.kind {
            TokKind::Name => Class::Atom,
            TokKind::QName => Class::QuotedAtom,
            TokKind::Var => Class::Var,
            TokKind::Num => Class::Number,
            TokKind::Str | TokKind::BackQ => Class::Str,
            TokKind::Open | TokKind::OpenCt => Class::Bracket {
                open: true,
                kind: b'(',
            },
            TokKind::Close => Class::Bracket {
                open: false,
                kind: b'(',
            },
            TokKind::OpenList => Class::Bracket {
                open: true,
                kind: b'[',
            },
            TokKind::CloseList => Class::Bracket {
                open: false,
                kind: b'[',
            },
            TokKind::OpenCurly | TokKind::OpenDict => Class::Bracket {
                open: true,
                kind: b'{',
            },
            TokKind::CloseCurly => Class::Bracket {
                open: false,
                kind: b'{',
            },
            TokKind::Comma | TokKind::Bar => Class::Punct,
            TokKind::End => Class::End,
        };
        spans.push(Span {
            start: base + t.start,
            end: base + t.end,
            class,
        });
    }
}

/// Adds comment spans: between tokens there is only layout and comments.
fn fill_comments(src: &str, spans: &mut Vec<Span>) {
    spans.sort_by_key(|s| s.start);
    let mut gaps = Vec::new();
    let mut pos = 0;
    for s in spans.iter() {
        if s.start > pos {
            gaps.push((pos, s.start));
        }
        pos = pos.max(s.end);
    }
    gaps.push((pos, src.len()));
    for (a, b) in gaps {
        let gap = &src[a..b];
        let mut i = 0;
        while i < gap.len() {
            let rest = &gap[i..];
            let len = if rest.starts_with('%') {
                rest.find('\n').unwrap_or(rest.len())
            } else if let Some(body) = rest.strip_prefix("/*") {
                body.find("*/").map_or(rest.len(), |j| j + 4)
            } else {
                i += rest.chars().next().map_or(1, char::len_utf8);
                continue;
            };
            spans.push(Span {
                start: a + i,
                end: a + i + len,
                class: Class::Comment,
            });
            i += len;
        }
    }
    spans.sort_by_key(|s| s.start);
}

/// The index of the bracket span at the cursor (on it, or just behind it),
/// and of the bracket it pairs with, if any.
pub fn bracket_pair(spans: &[Span], pos: usize) -> Option<(usize, Option<usize>)> {
    let is_bracket = |s: &Span| matches!(s.class, Class::Bracket { .. });
    let at = spans
        .iter()
        .position(|s| is_bracket(s) && s.start == pos)
        .or_else(|| spans.iter().position(|s| is_bracket(s) && s.end == pos))?;
    let Class::Bracket { open, kind } = spans[at].class else {
        return None;
    };
    let mut depth = 0usize;
    let step = |i: usize| -> Option<usize> {
        if open {
            (i + 1 < spans.len()).then_some(i + 1)
        } else {
            i.checked_sub(1)
        }
    };
    let mut i = at;
    while let Some(j) = step(i) {
        i = j;
        if let Class::Bracket { open: o, kind: k } = spans[j].class {
            if o == open {
                depth += 1;
            } else if depth == 0 {
                return Some((at, (k == kind).then_some(j)));
            } else {
                depth -= 1;
            }
        }
    }
    Some((at, None))
}

fn style(class: Class) -> &'static str {
    match class {
        Class::Var => "\x1b[36m",
        Class::QuotedAtom | Class::OpenQuote('\'') => "\x1b[33m",
        Class::Str | Class::OpenQuote(_) => "\x1b[32m",
        Class::Number => "\x1b[35m",
        Class::Comment => "\x1b[90m",
        Class::End => "\x1b[1m",
        Class::Error => "\x1b[1;31m",
        Class::Atom | Class::Punct | Class::Bracket { .. } => "",
    }
}

const MATCHED: &str = "\x1b[1;34m";
const UNMATCHED: &str = "\x1b[1;31m";
const RESET: &str = "\x1b[0m";

/// Paints `src[from..]` (the text before `from` is context: earlier lines of
/// a query). `cursor` is an offset into `src`; None: no bracket matching.
pub fn render(src: &str, from: usize, cursor: Option<usize>) -> String {
    let spans = classify(src);
    let mut marks: Vec<(usize, &str)> = Vec::new();
    if let Some((at, other)) = cursor.and_then(|c| bracket_pair(&spans, c)) {
        match other {
            Some(j) => {
                marks.push((at, MATCHED));
                marks.push((j, MATCHED));
            }
            None => marks.push((at, UNMATCHED)),
        }
    }
    let mut out = String::with_capacity(src.len() * 2);
    let mut pos = from;
    for (i, s) in spans.iter().enumerate() {
        if s.end <= from {
            continue;
        }
        let start = s.start.max(from);
        if start > pos {
            out.push_str(&src[pos..start]);
        }
        let st = marks
            .iter()
            .find(|m| m.0 == i)
            .map_or_else(|| style(s.class), |m| m.1);
        if st.is_empty() {
            out.push_str(&src[start..s.end]);
        } else {
            // Colour each line separately, so a comment or quoted item that
            // spans lines does not bleed into the editor's own output.
            for (k, part) in src[start..s.end].split('\n').enumerate() {
                if k > 0 {
                    out.push('\n');
                }
                if !part.is_empty() {
                    out.push_str(st);
                    out.push_str(part);
                    out.push_str(RESET);
                }
            }
        }
        pos = s.end;
    }
    if pos < src.len() {
        out.push_str(&src[pos.max(from)..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classes(src: &str) -> Vec<(String, Class)> {
        classify(src)
            .into_iter()
            .map(|s| (src[s.start..s.end].to_string(), s.class))
            .collect()
    }

    #[test]
    fn tokens_get_their_classes() {
        let c = classes("foo(X, 'a b', \"s\", 0'c, _Y). % done");
        let got: Vec<(&str, Class)> = c.iter().map(|(t, k)| (t.as_str(), *k)).collect();
        assert_eq!(got[0], ("foo", Class::Atom));
        assert_eq!(got[2], ("X", Class::Var));
        assert_eq!(got[4], ("'a b'", Class::QuotedAtom));
        assert_eq!(got[6], ("\"s\"", Class::Str));
        assert_eq!(got[8], ("0'c", Class::Number));
        assert_eq!(got[10], ("_Y", Class::Var));
        assert_eq!(got[12], (".", Class::End));
        assert_eq!(got[13], ("% done", Class::Comment));
    }

    #[test]
    fn unfinished_items_run_to_the_end() {
        let c = classes("X = 'abc. d");
        assert_eq!(
            c.last().unwrap(),
            &("'abc. d".to_string(), Class::OpenQuote('\''))
        );
        let c = classes("X = /* note");
        assert_eq!(c.last().unwrap(), &("/* note".to_string(), Class::Comment));
        let c = classes("a /* c */ b");
        assert_eq!(c[1], ("/* c */".to_string(), Class::Comment));
    }

    #[test]
    fn lexical_errors_are_marked_and_lexing_goes_on() {
        let c = classes("a \u{1} b. X.");
        assert_eq!(c[0], ("a".to_string(), Class::Atom));
        assert_eq!(c[1].1, Class::Error);
        assert_eq!(c.last().unwrap(), &(".".to_string(), Class::End));
        assert!(c.contains(&("X".to_string(), Class::Var)));
    }

    #[test]
    fn brackets_pair_up_ignoring_quotes() {
        let src = "f(a, ')', [b])";
        let spans = classify(src);
        let (at, other) = bracket_pair(&spans, 1).unwrap();
        assert_eq!(spans[at].start, 1);
        assert_eq!(spans[other.unwrap()].start, src.len() - 1);
        // Cursor on `]`; a cursor right after it, on `)`, takes the `)`.
        let (_, other) = bracket_pair(&spans, src.len() - 2).unwrap();
        assert_eq!(spans[other.unwrap()].start, 10);
        let (_, other) = bracket_pair(&spans, src.len() - 1).unwrap();
        assert_eq!(spans[other.unwrap()].start, 1);
        let spans = classify("f(a]");
        assert_eq!(bracket_pair(&spans, 3).unwrap().1, None);
    }

    #[test]
    fn rendering_keeps_the_text() {
        let src = "X = \"s\", foo('q'). % c";
        let out = render(src, 0, Some(0));
        let plain = out
            .split('\x1b')
            .enumerate()
            .map(|(i, p)| {
                if i == 0 {
                    p
                } else {
                    &p[p.find('m').unwrap() + 1..]
                }
            })
            .collect::<String>();
        assert_eq!(plain, src);
        assert!(out.contains("\x1b[36mX\x1b[0m"));
        assert_eq!(render("a.\nb", 3, None), "b");
    }
}
