//! The bracket structure of one clause, parsed by the lalrpop grammar
//! (`grammar/prolog.lalrpop`) into flat item runs that operator resolution
//! then turns into terms.
//!
//! Runs live in one arena, indexed in the order they close, so a run only ever
//! refers to runs with smaller indices: resolving them in index order needs no
//! recursion however deeply the brackets nest.

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
}

#[derive(Debug)]
pub struct Run {
    pub kind: RunKind,
    /// Token index of the run's first token (the functor name for `Args`).
    pub open: u32,
    /// Token index of the closing bracket (the end token for `Top`).
    pub close: u32,
    pub items: Vec<Item>,
}

/// The grammar's output arena.
#[derive(Default, Debug)]
pub struct Builder {
    pub runs: Vec<Run>,
}

impl Builder {
    pub fn push(&mut self, kind: RunKind, open: usize, close: usize, items: Vec<Item>) -> u32 {
        self.runs.push(Run {
            kind,
            open: open as u32,
            close: close as u32,
            items,
        });
        (self.runs.len() - 1) as u32
    }
}

/// A structural error: the token index where parsing stopped and a message.
#[derive(Debug, PartialEq, Eq)]
pub struct StructureError {
    pub tok: usize,
    pub message: &'static str,
}

/// Parses the tokens of one clause (ending in `End`) into runs; the last run is
/// the clause itself.
pub fn parse(buf: &TokenBuf) -> Result<Vec<Run>, StructureError> {
    let builder = RefCell::new(Builder::default());
    let toks = buf
        .toks
        .iter()
        .enumerate()
        .map(|(i, t)| Ok((i, t.kind, i + 1)));
    let parser = grammar::ClauseParser::new();
    match parser.parse(&builder, toks) {
        Ok(_) => Ok(builder.into_inner().runs),
        Err(e) => Err(explain(buf, e)),
    }
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
            None | Some(Open | OpenCt | OpenList | OpenCurly | Comma | Bar) => {
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
        Ok(parse(&buf)?
            .iter()
            .map(|r| (r.kind, r.items.len()))
            .collect())
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
