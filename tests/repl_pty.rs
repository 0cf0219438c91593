//! Acceptance tests of the interactive top level (issue 3): the real binary
//! in a pseudo-terminal, keys pressed as a person would press them.

use crate::repl_support;

use repl_support::{expect, press, session, type_line, Launch, TempDir};
use rexpect::process::WaitStatus;

const TOUR: &str = "programs/knight_tour.pl";

/// The paper's query at the prompt: the first tour (abbreviated as SWI
/// abbreviates it), `;` for the next one, `w` to see that one in full.
/// The first tour takes ~50 s of CPU in a release build and many minutes in
/// a debug build, hence release only (`cargo test --release` runs it).
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "the first tour costs ~50 s of CPU even optimised: run with --release"
)]
fn knight_tour_first_solution_then_the_next() {
    let data = TempDir::new("tour");
    let mut s = Launch {
        args: &["-q", TOUR],
        data: data.path(),
        env: &[],
        timeout_ms: 900_000,
    }
    .spawn();
    expect(&mut s, "?- ");
    type_line(&mut s, "knight_tour([1,8], S).");
    // The first tour ends at [8,2] (the paper's Figure 2); only its start shows.
    expect(
        &mut s,
        "S = [[1, 8], [3, 7], [5, 8], [7, 7], [8, 5], [7, 3], [8, 1], [6|...], [...|...]|...] ",
    );
    press(&mut s, ";");
    expect(&mut s, ";\r\n");
    expect(&mut s, "S = [[1, 8], [3, 7]");
    expect(&mut s, "|...] ");
    press(&mut s, "w");
    expect(&mut s, "[write]\r\n");
    let full = expect(&mut s, "]] ");
    // In full: a tour of all 64 squares, each once, from [1,8].
    let squares: Vec<&str> = full
        .strip_prefix("S = [[")
        .unwrap_or_else(|| panic!("not the tour in full: {full}"))
        .split("], [")
        .collect();
    assert_eq!(squares.len(), 64, "{full}");
    assert_eq!(squares[0], "1, 8");
    let mut sorted = squares.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), 64, "a square repeats: {full}");
    press(&mut s, "\r");
    expect(&mut s, ".\r\n");
    expect(&mut s, "?- ");
    type_line(&mut s, "halt.");
    s.exp_eof().expect("the session ends");
}

/// The answer prompt's keys: `;` n r space tab ask for more, Enter `.` `a`
/// stop, `w`/`p` write in full / abbreviated, `h` shows the actions; a
/// deterministic last answer ends with `.` at once.
#[test]
fn answer_keys_work_as_in_swi() {
    let data = TempDir::new("keys");
    let mut s = session(&["-q", TOUR], data.path());
    expect(&mut s, "?- ");
    type_line(&mut s, "knight_move([1,8], Next).");
    expect(&mut s, "Next = [3, 7] ");
    press(&mut s, ";");
    expect(&mut s, "Next = [2, 6] ");
    press(&mut s, ";");
    expect(&mut s, ";\r\nfalse.\r\n");

    expect(&mut s, "?- ");
    type_line(&mut s, "between(1, 6, X).");
    for key in [";", "n", "r", " ", "\t"] {
        expect(&mut s, "X = ");
        press(&mut s, key);
        expect(&mut s, ";\r\n");
    }
    // between/3 leaves no choicepoint at its upper bound: no prompt.
    expect(&mut s, "X = 6.\r\n");
    // Nor does a soft-cut whose condition had one answer.
    expect(&mut s, "?- ");
    type_line(&mut s, "(Y = 1 *-> true ; true).");
    expect(&mut s, "Y = 1.\r\n");

    for stop in ["\r", ".", "a"] {
        expect(&mut s, "?- ");
        type_line(&mut s, "member(X, [a, b]).");
        expect(&mut s, "X = a ");
        press(&mut s, stop);
        expect(&mut s, ".\r\n");
    }

    expect(&mut s, "?- ");
    type_line(&mut s, "numlist(1, 12, L), member(X, L).");
    expect(&mut s, "L = [1, 2, 3, 4, 5, 6, 7, 8, 9|...],\r\nX = 1 ");
    press(&mut s, "w");
    expect(
        &mut s,
        "[write]\r\nL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],\r\nX = 1 ",
    );
    press(&mut s, "p");
    expect(
        &mut s,
        "[print]\r\nL = [1, 2, 3, 4, 5, 6, 7, 8, 9|...],\r\nX = 1 ",
    );
    press(&mut s, "h");
    expect(&mut s, "Possible actions:");
    expect(&mut s, "Action? ");
    press(&mut s, "x");
    expect(&mut s, "Unknown action: x (h for help)");
    press(&mut s, ".");
    expect(&mut s, "Action? .\r\n");
    expect(&mut s, "?- ");
    type_line(&mut s, "halt.");
    s.exp_eof().expect("the session ends");
}

/// A query may span lines (continuation prompt `|    `); a syntax error
/// shows the line with a caret under the column; answers are SWI's.
#[test]
fn multi_line_queries_syntax_errors_and_answer_format() {
    let data = TempDir::new("lines");
    let mut s = session(&["-q"], data.path());
    expect(&mut s, "?- ");
    type_line(&mut s, "X = point(A,");
    expect(&mut s, "|    ");
    type_line(&mut s, "   B), A = 1,");
    expect(&mut s, "|    ");
    type_line(&mut s, "B = \"two\".");
    expect(
        &mut s,
        "X = point(1, \"two\"),\r\nA = 1,\r\nB = \"two\".\r\n",
    );

    expect(&mut s, "?- ");
    type_line(&mut s, "X = f(a b).");
    expect(&mut s, "ERROR: Syntax error: Operator expected\r\n");
    expect(&mut s, "ERROR: X = f(a b).\r\nERROR:         ^\r\n");

    // Shared variables: aliases as `X = Y`, fresh ones as _A; a lone `_`.
    expect(&mut s, "?- ");
    type_line(&mut s, "X = Y, Z = f(W, W, _), V = g(_).");
    expect(&mut s, "X = Y,\r\nZ = f(W, W, _),\r\nV = g(_).\r\n");
    expect(&mut s, "?- ");
    type_line(&mut s, "length(L, 2), M = L.");
    expect(&mut s, "L = M, M = [_, _].\r\n");
    expect(&mut s, "?- ");
    type_line(&mut s, "write(hello), fail.");
    expect(&mut s, "hello\r\nfalse.\r\n");
    expect(&mut s, "?- ");
    type_line(&mut s, "atom_length(X, 3).");
    expect(
        &mut s,
        "ERROR: Arguments are not sufficiently instantiated\r\n",
    );
    expect(&mut s, "?- ");
    type_line(&mut s, "write(started), nosuch(1).");
    expect(
        &mut s,
        "ERROR: Unknown procedure: nosuch/1 (DWIM could not correct goal)\r\n",
    );
    expect(&mut s, "?- ");
    // Ctrl-D at the prompt leaves, with status 0.
    s.send_control('d').expect("send Ctrl-D");
    s.exp_eof().expect("the session ends");
    let status = s.process().wait().expect("the exit status");
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "{status:?}");
}

/// Ctrl-C stops a running query (`repeat, fail` makes no calls at all) and
/// the session goes on with everything loaded; Ctrl-C at the prompt drops
/// the half-typed query.
#[test]
fn ctrl_c_interrupts_a_query_and_clears_the_line() {
    let data = TempDir::new("ctrlc");
    let mut s = session(&["-q", TOUR], data.path());
    expect(&mut s, "?- ");
    type_line(&mut s, "repeat, fail.");
    // The editor has taken the line (its redraws end no line) and runs it.
    expect(&mut s, "\r\n");
    std::thread::sleep(std::time::Duration::from_millis(500));
    s.send_control('c').expect("send Ctrl-C");
    expect(&mut s, "% Execution Aborted\r\n");
    expect(&mut s, "?- ");
    type_line(&mut s, "knight_move([1,8], Next).");
    expect(&mut s, "Next = [3, 7] ");
    press(&mut s, ".");

    // A long computation in a builtin-heavy loop, interrupted the same way.
    expect(&mut s, "?- ");
    type_line(&mut s, "between(1, inf, N), atom_length(abc, _), fail.");
    // The editor has taken the line (its redraws end no line) and runs it.
    expect(&mut s, "\r\n");
    std::thread::sleep(std::time::Duration::from_millis(500));
    s.send_control('c').expect("send Ctrl-C");
    expect(&mut s, "% Execution Aborted\r\n");

    expect(&mut s, "?- ");
    press(&mut s, "foo(bar, ");
    expect(&mut s, "foo(bar, ");
    s.send_control('c').expect("send Ctrl-C");
    expect(&mut s, "\r\n");
    expect(&mut s, "?- ");
    type_line(&mut s, "X = 42.");
    expect(&mut s, "X = 42.\r\n");
    expect(&mut s, "?- ");
    type_line(&mut s, "halt.");
    s.exp_eof().expect("the session ends");
}

/// The history is kept in the user's data directory and comes back after a
/// restart (Up recalls earlier queries, a multi-line one whole).
#[test]
fn history_survives_a_restart() {
    let data = TempDir::new("history");
    let mut s = session(&["-q"], data.path());
    expect(&mut s, "?- ");
    type_line(&mut s, "X = f(");
    expect(&mut s, "|    ");
    type_line(&mut s, "a).");
    expect(&mut s, "X = f(a).\r\n");
    expect(&mut s, "?- ");
    type_line(&mut s, "atom_length(knight, N1).");
    expect(&mut s, "N1 = 6.\r\n");
    expect(&mut s, "?- ");
    type_line(&mut s, "halt.");
    s.exp_eof().expect("the session ends");
    let file = data.path().join("knightlog").join("history");
    let saved = std::fs::read_to_string(&file).expect("the history file exists");
    assert!(saved.contains("atom_length(knight, N1)."), "{saved}");

    let mut s = session(&["-q"], data.path());
    expect(&mut s, "?- ");
    // Up once: halt. Twice: atom_length(...).
    press(&mut s, "\x1b[A\x1b[A");
    press(&mut s, "\r");
    expect(&mut s, "N1 = 6.\r\n");
    expect(&mut s, "?- ");
    // History now: X = f(..., atom_length, halt, atom_length.
    press(&mut s, "\x1b[A\x1b[A\x1b[A\x1b[A");
    press(&mut s, "\r");
    expect(&mut s, "X = f(a).\r\n");
    expect(&mut s, "?- ");
    type_line(&mut s, "halt.");
    s.exp_eof().expect("the session ends");
}

/// Tab completes predicate names (the loaded program's and built-ins) and
/// file names inside quotes, closing the quote after a file.
#[test]
fn tab_completes_predicates_and_quoted_file_names() {
    let data = TempDir::new("complete");
    let mut s = session(&["-q"], data.path());
    expect(&mut s, "?- ");
    press(&mut s, "['programs/knight_to\t");
    std::thread::sleep(std::time::Duration::from_millis(300));
    type_line(&mut s, "].");
    expect(&mut s, "true.\r\n");
    expect(&mut s, "?- ");
    press(&mut s, "knight_mo\t");
    std::thread::sleep(std::time::Duration::from_millis(300));
    type_line(&mut s, "[1,8], Next).");
    expect(&mut s, "Next = [3, 7] ");
    press(&mut s, ".");
    expect(&mut s, "?- ");
    press(&mut s, "atom_len\t");
    std::thread::sleep(std::time::Duration::from_millis(300));
    type_line(&mut s, "abc, L).");
    expect(&mut s, "L = 3.\r\n");
    expect(&mut s, "?- ");
    type_line(&mut s, "halt.");
    s.exp_eof().expect("the session ends");
}

/// Colours when the terminal can show them; none under NO_COLOR.
#[test]
fn highlighting_follows_no_color() {
    for (no_color, coloured) in [("", true), ("1", false)] {
        let data = TempDir::new(&format!("color{no_color}"));
        let mut s = Launch {
            args: &["-q"],
            data: data.path(),
            env: &[("NO_COLOR", no_color)],
            timeout_ms: 30_000,
        }
        .spawn();
        expect(&mut s, "?- ");
        type_line(&mut s, "Var = 'quoted', Y = \"str\".");
        let echo = expect(&mut s, "Var = quoted,");
        assert_eq!(
            has_colour(&echo),
            coloured,
            "NO_COLOR={no_color:?}: {echo:?}"
        );
        expect(&mut s, "?- ");
        type_line(&mut s, "halt.");
        s.exp_eof().expect("the session ends");
    }
}

/// Whether the text holds an ANSI colour (SGR) sequence `ESC [ digits;... m`.
fn has_colour(text: &str) -> bool {
    text.split('\x1b').skip(1).any(|rest| {
        let Some(body) = rest.strip_prefix('[') else {
            return false;
        };
        let end = body.find(|c: char| !(c.is_ascii_digit() || c == ';'));
        end.is_some_and(|i| i > 0 && body[i..].starts_with('m'))
    })
}

/// The top-level commands: consult, listing with A, B names, make after an
/// edit, help, apropos, and time/1 before the binding.
#[test]
fn consult_listing_make_help_and_time() {
    let data = TempDir::new("commands");
    let prog = data.path().join("prog.pl");
    std::fs::write(&prog, "twice(X, Y) :- Y is 2 * X.\n").unwrap();
    let mut s = session(&["-q"], data.path());
    expect(&mut s, "?- ");
    type_line(&mut s, &format!("consult('{}').", prog.display()));
    expect(&mut s, "true.\r\n");
    expect(&mut s, "?- ");
    type_line(&mut s, "listing(twice).");
    expect(&mut s, "twice(A, B) :-\r\n    B is 2*A.\r\n\r\ntrue.\r\n");

    // Edit the file (a second later: file times may be whole seconds).
    std::thread::sleep(std::time::Duration::from_millis(1100));
    std::fs::write(
        &prog,
        "twice(X, Y) :- Y is X + X.\nhalf(X, Y) :- Y is X // 2.\n",
    )
    .unwrap();
    expect(&mut s, "?- ");
    type_line(&mut s, "make.");
    expect(&mut s, "true.\r\n");
    expect(&mut s, "?- ");
    type_line(&mut s, "half(10, H), twice(H, T).");
    expect(&mut s, "H = 5,\r\nT = 10.\r\n");

    expect(&mut s, "?- ");
    type_line(&mut s, &format!("['{}'].", prog.display()));
    expect(&mut s, "true.\r\n");
    expect(&mut s, "?- ");
    type_line(&mut s, "help(half).");
    expect(&mut s, "half/2: 1 clause, defined at ");
    expect(&mut s, "?- ");
    type_line(&mut s, "apropos(twi).");
    expect(&mut s, "twice/2: 1 clause");
    expect(&mut s, "?- ");
    type_line(&mut s, "help.");
    expect(&mut s, "make.");
    expect(&mut s, "?- ");

    type_line(&mut s, "time(twice(21, X)).");
    let (_, line) = s
        .exp_regex(r"% [0-9,]+ inferences, [0-9.]+ CPU in [0-9.]+ seconds \([0-9]+% CPU, [0-9A-Za-z]+ Lips\)\r\nX = 42\.")
        .expect("the inference line, then the binding");
    assert!(line.starts_with("% "), "{line}");
    expect(&mut s, "?- ");
    type_line(&mut s, "halt.");
    s.exp_eof().expect("the session ends");
}
