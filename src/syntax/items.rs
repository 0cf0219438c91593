//! The bracket structure of one clause, parsed by the lalrpop grammar
//! (`grammar/prolog.lalrpop`) into flat item runs that operator resolution
//! then turns into terms.
//!
//! Runs live in one arena, indexed in the order they close, so a run only ever
//! refers to runs with smaller indices: resolving them in index order needs no
//! recursion however deeply the brackets nest.
//!
//! Tested by: the unit tests below; tests/reader_tests.rs, tests/reader_errors.rs,
//! tests/reader_deep.rs.

use super::lexer::{TokKind, TokenBuf};
use std::cell::RefCell;

lalrpop_util::lalrpop_mod!(
    #[allow(clippy::all, clippy::pedantic, unused_parens)]
    grammar,
    "/prolog.rs"
);

/// One element of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    /// A single token (index into the clause's tokens): name, variable, number,
    /// string, `,` or `|`.
    Tok(u32),
    /// A bracketed run (index into `Builder::runs`).
    Run(u32),
    /// `[]` written as two tokens; the index is that of `[`.
    EmptyList(u32),
    /// `{}` written as two tokens; the index is that of `{`.
    EmptyCurly(u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunKind {
    /// The whole clause.
    Top,
    /// `( ... )`
    Paren,
    /// `name( ... )`: `open` is the name token.
    Args,
    /// `[ ... ]`
    List,
    /// `{ ... }`
    Curly,
    /// `Tag{ ... }`: `open` is the tag token.
    Dict,
}

#[derive(Clone, Copy, Debug)]
pub struct Run {
    pub kind: RunKind,
    /// Token index of the run's first token (the functor name for `Args`).
    pub open: u32,
    /// Token index of the closing bracket (the end token for `Top`).
    pub close: u32,
    /// The run's items are `Builder::items[from..to]`.
    from: u32,
    to: u32,
}

/// The grammar's output: every run of one clause, the clause's own run last.
/// Reused from clause to clause so its vectors keep their capacity.
#[derive(Default, Debug)]
pub struct Builder {
    pub runs: Vec<Run>,
    /// The items of closed runs, run after run.
    items: Vec<Item>,
    /// The items of the runs still open, innermost last.
    stack: Vec<Item>,
}

impl Builder {
    pub fn clear(&mut self) {
        self.runs.clear();
        self.items.clear();
        self.stack.clear();
    }

    /// The items of a run.
    pub fn items(&self, run: &Run) -> &[Item] {
        &self.items[run.from as usize..run.to as usize]
    }

    pub fn mark(&self) -> usize {
        self.stack.len()
    }

    pub fn item(&mut self, item: Item) {
        self.stack.push(item);
    }

    /// Closes the run whose items start at stack position `mark`; a nested
    /// run becomes an item of the run around it.
    pub fn close(&mut self, kind: RunKind, mark: usize, open: usize, close: usize) {
        let from = self.items.len() as u32;
        self.items.extend(self.stack.drain(mark..));
        self.runs.push(Run {
            kind,
            open: open as u32,
            close: close as u32,
            from,
            to: self.items.len() as u32,
        });
        if kind != RunKind::Top {
            self.stack.push(Item::Run((self.runs.len() - 1) as u32));
        }
    }
}

/// A structural error: the token index where parsing stopped and a message.
#[derive(Debug, PartialEq, Eq)]
pub struct StructureError {
    pub tok: usize,
    pub message: &'static str,
}

/// Parses the tokens of one clause (ending in `End`) into the runs of
/// `builder`; the last run is the clause itself.
pub fn parse(buf: &TokenBuf, builder: &mut Builder) -> Result<(), StructureError> {
    builder.clear();
    let cell = RefCell::new(std::mem::take(builder));
    let toks = buf
        .toks
        .iter()
        .enumerate()
        .map(|(i, t)| Ok((i, t.kind, i + 1)));
    let result = grammar::ClauseParser::new().parse(&cell, toks);
    *builder = cell.into_inner();
    result.map_err(|e| explain(buf, e))
}

type ParseError = lalrpop_util::ParseError<usize, TokKind, ()>;

/// Words a grammar error the way SWI-Prolog does where it can.
fn explain(buf: &TokenBuf, e: ParseError) -> StructureError {
    use TokKind::*;
    let (tok, kind) = match e {
        ParseError::UnrecognizedToken {
            token: (i, kind, _),
            ..
        } => (i, kind),
        ParseError::ExtraToken {
            token: (i, kind, _),
        } => (i, kind),
        // The token stream always ends in `End`, so these cannot arise; map
        // them to the end of the clause anyway.
        _ => (buf.toks.len().saturating_sub(1), End),
    };
    let prev = tok.checked_sub(1).map(|p| buf.toks[p].kind);
    let message = match kind {
        End => "Unexpected end of clause",
        Close | CloseList | CloseCurly => match prev {
            None | Some(Open | OpenCt | OpenList | OpenCurly | OpenDict | Comma | Bar) => {
                "Illegal start of term"
            }
            _ => "Unbalanced bracket",
        },
        _ => "Illegal start of term",
    };
    StructureError { tok, message }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::lexer::{ClauseScan, Lexer};

    fn runs(src: &str) -> Result<Vec<(RunKind, usize)>, StructureError> {
        let mut buf = TokenBuf::default();
        assert_eq!(Lexer::new(src).next_clause(&mut buf), ClauseScan::Clause);
        let mut b = Builder::default();
        parse(&buf, &mut b)?;
        Ok(b.runs.iter().map(|r| (r.kind, b.items(r).len())).collect())
    }

    #[test]
    fn inner_runs_close_first() {
        use RunKind::*;
        assert_eq!(
            runs("f(a, (b)) :- [x|y], {z}.").unwrap(),
            [(Paren, 1), (Args, 3), (List, 3), (Curly, 1), (Top, 5)]
        );
        assert_eq!(runs("[] = {}.").unwrap(), [(Top, 3)]);
    }

    #[test]
    fn structural_errors() {
        let err = |s| runs(s).unwrap_err();
        assert_eq!(
            err("f(a."),
            StructureError {
                tok: 3,
                message: "Unexpected end of clause"
            }
        );
        assert_eq!(
            err("()."),
            StructureError {
                tok: 1,
                message: "Illegal start of term"
            }
        );
        assert_eq!(
            err("a)."),
            StructureError {
                tok: 1,
                message: "Unbalanced bracket"
            }
        );
        assert_eq!(
            err("."),
            StructureError {
                tok: 0,
                message: "Unexpected end of clause"
            }
        );
        assert_eq!(
            err("f(a]."),
            StructureError {
                tok: 3,
                message: "Unbalanced bracket"
            }
        );
    }
}
