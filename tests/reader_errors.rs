//! Syntax errors of the Prolog reader: messages, positions (1-based line and
//! character column), recovery after an error, and the helpers around reading
//! (`read_term_from_str`, `parse_number`, `is_complete`, `format_file_syntax_error`,
//! `here_marked_syntax_error`).
//! The tables of messages and positions are in `tests/scenarios/syntax_errors/`.

use crate::table::{scenario_files, Failures};
use knightlog::syntax::read_term::{Node, Pos};
use knightlog::syntax::reader::{
    format_file_syntax_error, here_marked_syntax_error, is_complete, parse_number,
    read_term_from_str, ReadOptions, Reader, SyntaxError,
};
use knightlog::term::number::Number;
use knightlog::term::ops::OpTable;

fn first_error(src: &str) -> Option<SyntaxError> {
    Reader::new(src)
        .next_term(&OpTable::standard(), &ReadOptions::default())
        .err()
}

/// The tables of `tests/scenarios/syntax_errors/` (operators, brackets and
/// lists, lexical errors): each line `LINE:COLUMN MESSAGE | SOURCE`, the first
/// error reading SOURCE must be MESSAGE at LINE:COLUMN. Every failing line is
/// reported.
#[test]
fn syntax_error_tables() {
    let mut failures = Failures::default();
    for path in scenario_files("syntax_errors", 3) {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        for (i, row) in text.lines().enumerate() {
            if row.is_empty() || row.starts_with('#') {
                continue;
            }
            let at = format!("{}:{}", path.display(), i + 1);
            let parsed = row.split_once(' ').and_then(|(pos, rest)| {
                let (line, column) = pos.split_once(':')?;
                let (msg, src) = rest.split_once(" | ")?;
                Some((line.parse().ok()?, column.parse().ok()?, msg, src))
            });
            let Some((line, column, msg, src)) = parsed else {
                failures.push(format!("{at}: not LINE:COLUMN MESSAGE | SOURCE: {row:?}"));
                continue;
            };
            match first_error(src) {
                Some(SyntaxError { message, pos })
                    if message == msg && (pos.line, pos.column) == (line, column) => {}
                other => failures.push(format!(
                    "{at}: {src:?}: want {msg:?} at {line}:{column}, got {other:?}"
                )),
            }
        }
    }
    failures.finish();
}

#[test]
fn positions_on_multi_line_input() {
    let src = "foo(X) :-\n    bar(X,\n        baz qux).\nok.\n";
    let err = first_error(src).unwrap();
    assert_eq!(err.message, "Operator expected");
    assert_eq!(
        err.pos,
        Pos {
            offset: src.find("qux").unwrap(),
            line: 3,
            column: 13
        }
    );
    assert_eq!(
        format_file_syntax_error("file.pl", src, &err),
        "file.pl:3:12: Syntax error: Operator expected\n        baz qux).\n            ^"
    );
    // Columns count characters, not bytes; a tab goes to the next multiple of 8 (as SWI);
    // tabs stay tabs under the caret.
    let src = "ok.\n\té = ü b.";
    let mut r = Reader::new(src);
    let (ops, opts) = (OpTable::standard(), ReadOptions::default());
    r.next_term(&ops, &opts).unwrap();
    let err = r.next_term(&ops, &opts).unwrap_err();
    assert_eq!((err.pos.line, err.pos.column), (2, 8));
    assert_eq!(
        format_file_syntax_error("t.pl", src, &err),
        "t.pl:2:14: Syntax error: Operator expected\n\té = ü b.\n\t      ^"
    );
}

#[test]
fn term_positions() {
    let src = "  foo.\n  bar(\n x).\n";
    let (ops, opts) = (OpTable::standard(), ReadOptions::default());
    let mut r = Reader::new(src);
    let t = r.next_term(&ops, &opts).unwrap().unwrap();
    assert_eq!((t.start.line, t.start.column, t.start.offset), (1, 3, 2));
    assert_eq!((t.end.line, t.end.column), (1, 6));
    assert_eq!(r.offset(), 7, "the end token and the newline after it");
    let t = r.next_term(&ops, &opts).unwrap().unwrap();
    assert_eq!((t.start.line, t.start.column), (2, 3));
    assert_eq!((t.end.line, t.end.column), (3, 4));
    assert_eq!(r.next_term(&ops, &opts), Ok(None));
}

#[test]
fn reading_resumes_after_errors() {
    let src = "a. b c. d.\ne(.\n'open quote. f.\n";
    let (ops, opts) = (OpTable::standard(), ReadOptions::default());
    let mut r = Reader::new(src);
    let mut got = Vec::new();
    loop {
        match r.next_term(&ops, &opts) {
            Ok(None) => break,
            Ok(Some(t)) => got.push(match t.node(t.root) {
                Node::Atom(a) => a.name().to_string(),
                other => format!("{other:?}"),
            }),
            Err(e) => got.push(format!("{}:{}: {}", e.pos.line, e.pos.column, e.message)),
        }
    }
    assert_eq!(
        got,
        [
            "a",
            "1:6: Operator expected",
            "d",
            "2:3: Unexpected end of clause",
            "3:1: End of file in quoted atom",
        ]
    );
    // A lexical error in the middle of a clause skips to its end token.
    let src = "p :- q ¬ r, s.\nok.\n";
    let mut r = Reader::new(src);
    assert_eq!(
        r.next_term(&ops, &opts).unwrap_err().message,
        "Illegal character"
    );
    let ok = r.next_term(&ops, &opts).unwrap().unwrap();
    assert_eq!((ok.start.line, ok.start.column), (2, 1));
}

#[test]
fn read_term_from_str_needs_exactly_one_term() {
    let (ops, opts) = (OpTable::standard(), ReadOptions::default());
    let read = |s: &str| read_term_from_str(s, &ops, &opts);
    let atom = |s: &str| {
        let t = read(s).unwrap();
        match t.node(t.root) {
            Node::Atom(a) => a.name().to_string(),
            other => format!("{other:?}"),
        }
    };
    assert_eq!(atom("foo"), "foo");
    assert_eq!(atom("foo."), "foo");
    assert_eq!(atom(" foo . % done\n"), "foo");
    assert_eq!(atom(""), "end_of_file");
    assert_eq!(atom("  /* nothing */ "), "end_of_file");
    assert_eq!(atom("'a.b'"), "a.b");
    let err = |s: &str| read(s).unwrap_err();
    assert_eq!(err("a. b.").message, "End of clause expected");
    assert_eq!(err("a. b.").pos.column, 4);
    assert_eq!(err("f(").message, "Unexpected end of file");
    assert_eq!(err("a b").message, "Operator expected");
    assert_eq!(err("'abc").message, "End of file in quoted atom");
    assert_eq!(err("a. 'b").message, "End of file in quoted atom");
}

#[test]
fn number_syntax() {
    let int = |i| Some(Number::Int(i));
    assert_eq!(parse_number("12"), int(12));
    assert_eq!(parse_number(" 12"), int(12));
    assert_eq!(parse_number("\n-1"), int(-1));
    assert_eq!(parse_number("-0x1F"), int(-31));
    assert_eq!(parse_number("+1"), int(1));
    assert_eq!(parse_number("0'a"), int(97));
    assert_eq!(parse_number("0' "), int(32));
    assert_eq!(parse_number("1.5e10"), Some(Number::Float(1.5e10)));
    assert_eq!(parse_number("1e10"), Some(Number::Float(1e10)));
    assert_eq!(parse_number("-2.5"), Some(Number::Float(-2.5)));
    assert_eq!(parse_number("1.0Inf"), Some(Number::Float(f64::INFINITY)));
    assert_eq!(parse_number("-9223372036854775808"), int(i64::MIN));
    let big = parse_number("123456789012345678901234567890").unwrap();
    assert!(matches!(big, Number::Big(_)));
    assert_eq!(
        big.to_bigint().unwrap().to_string(),
        "123456789012345678901234567890"
    );
    crate::table::each(
        [
            "", " ", "-", "- 1", "12 ", "1a", "abc", "0x", "0'", "1e400", "inf", "1.", "--1", "a1",
        ],
        |bad| {
            assert_eq!(parse_number(bad), None, "{bad:?}");
        },
    );
}

#[test]
fn completeness_for_the_repl() {
    assert!(is_complete("foo(X)."));
    assert!(is_complete("foo(X).  "));
    assert!(is_complete("X = \"a.\" ."));
    assert!(!is_complete("foo(X)"));
    assert!(!is_complete("foo(X, "));
    assert!(!is_complete("X = 'a. "));
    assert!(!is_complete("X = \"a. "));
    assert!(!is_complete("X /* a. */"));
    assert!(!is_complete("X = a.b"));
    assert!(!is_complete("% a.\n"));
    assert!(is_complete("% a.\nb."));
}

#[test]
fn offset_counts_whole_clauses() {
    let (ops, opts) = (OpTable::standard(), ReadOptions::default());
    let src = "a.\nb c.  d.";
    let mut r = Reader::new(src);
    r.next_term(&ops, &opts).unwrap();
    assert_eq!(r.offset(), 3);
    r.next_term(&ops, &opts).unwrap_err();
    assert_eq!(r.offset(), 8, "past the end token after an error too");
    r.next_term(&ops, &opts).unwrap();
    assert_eq!(r.offset(), src.len());
    assert_eq!(r.next_term(&ops, &opts), Ok(None));
}

mod fuzz {
    //! The reader never panics and always makes progress, whatever the text.
    use super::*;
    use proptest::prelude::*;

    fn read_all(src: &str) {
        let (ops, opts) = (OpTable::standard(), ReadOptions::default());
        let mut r = Reader::new(src);
        let mut last = 0;
        for _ in 0..=src.len() + 1 {
            match r.next_term(&ops, &opts) {
                Ok(None) => return,
                Ok(Some(_)) | Err(_) => {
                    assert!(r.offset() > last || r.offset() == src.len(), "no progress");
                    last = r.offset();
                }
            }
        }
        panic!("the reader did not reach the end of {src:?}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn prolog_like_text(src in r"([a-zA-Z_0-9 ]|[-+*/\\^<>=~:.?@#&$]|[(){}\[\],|;!'`%\n]|0'|\x22|\\x|\\\n|/\*|\*/|é|λ|¬){0,40}") {
            read_all(&src);
            let _ = read_term_from_str(&src, &OpTable::standard(), &ReadOptions::default());
            let _ = parse_number(&src);
            let _ = is_complete(&src);
        }

        #[test]
        fn any_text(src in any::<String>()) {
            read_all(&src);
            let _ = read_term_from_str(&src, &OpTable::standard(), &ReadOptions::default());
            let _ = parse_number(&src);
        }

        #[test]
        fn error_formatting_never_panics(src in r"[a-z( \n\t.é'\x22]{0,30}") {
            let (ops, opts) = (OpTable::standard(), ReadOptions::default());
            let mut r = Reader::new(&src);
            loop {
                match r.next_term(&ops, &opts) {
                    Ok(None) => break,
                    Ok(Some(_)) => {}
                    Err(e) => {
                        let text = format_file_syntax_error("f.pl", &src, &e);
                        prop_assert!(text.starts_with("f.pl:"));
                        let text = here_marked_syntax_error(&src, &e);
                        prop_assert!(text.contains("** here **"));
                    }
                }
            }
        }
    }
}

#[test]
fn offset_reaches_the_end_after_trailing_comments_and_errors() {
    let (ops, opts) = (OpTable::standard(), ReadOptions::default());
    crate::table::each(
        [
            "a. % done\n",
            "a :- b  % no end\n",
            "a :- 'open",
            "a b. c d % x\n",
        ],
        |src| {
            let mut r = Reader::new(src);
            while !matches!(r.next_term(&ops, &opts), Ok(None)) {}
            assert_eq!(r.offset(), src.len(), "{src:?}");
        },
    );
}
