//! Acceptance tests of the interactive top level (issue 3): the real binary
//! in a pseudo-terminal, keys pressed as a person would press them. Plain
//! sessions are scripts in `tests/scenarios/repl/`; the tests that check
//! more than the text (colours, files edited mid-session, the full tour)
//! are code below.

use crate::{repl_support, table};

use repl_support::{expect, press, session, type_line, Launch, TempDir};
use rexpect::process::WaitStatus;
use rexpect::session::PtySession;
use std::path::Path;

const TOUR: &str = "programs/knight_tour.pl";

/// The paper's query at the prompt: the first tour (abbreviated as SWI
/// abbreviates it), `;` for the next one, `w` to see that one in full.
/// The first tour takes ~50 s of CPU in a release build and many minutes in
/// a debug build, hence the slow tier (`cargo test --release -- --include-ignored`).
#[test]
#[ignore = "slow tier: the paper's query at the prompt (about 20 s)"]
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

/// Ctrl-C in the paper's query, then `c` in the action menu: the search goes
/// on where it was and the same first tour comes out (slow tier, like the
/// query itself).
#[test]
#[ignore = "slow tier: the paper's query at the prompt (about 20 s)"]
fn ctrl_c_then_continue_gives_the_same_tour() {
    let data = TempDir::new("tour_ctrl_c");
    let mut s = Launch {
        args: &["-q", TOUR],
        data: data.path(),
        env: &[],
        timeout_ms: 900_000,
    }
    .spawn();
    expect(&mut s, "?- ");
    type_line(&mut s, "knight_tour([1,8], S).");
    expect(&mut s, "\r\n");
    std::thread::sleep(std::time::Duration::from_millis(2000));
    s.send_control('c').expect("Ctrl-C");
    expect(&mut s, "Action (h for help) ? ");
    press(&mut s, "c");
    expect(&mut s, "continue");
    expect(
        &mut s,
        "S = [[1, 8], [3, 7], [5, 8], [7, 7], [8, 5], [7, 3], [8, 1], [6|...], [...|...]|...] ",
    );
    press(&mut s, ".");
    expect(&mut s, "?- ");
    type_line(&mut s, "halt.");
    s.exp_eof().expect("the session ends");
}

/// The scripted sessions of `tests/scenarios/repl/` (format in
/// `tests/scenarios/README.md`): the answer keys, multi-line queries and
/// syntax errors, Ctrl-C, the history across a restart, Tab completion. Each
/// runs in its own data directory; every failing script is reported.
#[test]
fn scripted_sessions() {
    let files = table::scenario_files("repl", 6);
    table::each(files, |path| {
        run_script(&path);
    });
}

/// The debugger's sessions (issue 18), scripts of `tests/scenarios/debugger/`
/// in the same format: besides their `expect` steps, all the text they waited
/// for (escape sequences and variable numbers taken out) must be the golden
/// transcript `NAME.golden` beside the script. `UPDATE_GOLDEN=1` writes the
/// golden files instead of comparing.
#[test]
fn debugger_sessions_match_their_golden_transcripts() {
    let files = table::scenario_files("debugger", 5);
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    table::each(files, |path| {
        // Files are named relative to the repository, wherever it is.
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/");
        let seen = normalise_transcript(&run_script(&path).replace(root, ""));
        let golden = path.with_extension("golden");
        if update {
            std::fs::write(&golden, &seen).unwrap_or_else(|e| panic!("{golden:?}: {e}"));
            return;
        }
        let want = std::fs::read_to_string(&golden)
            .unwrap_or_else(|e| panic!("{golden:?}: {e} (UPDATE_GOLDEN=1 writes it)"));
        assert_eq!(seen, want, "{}: the transcript differs", path.display());
    });
}

/// A transcript as a golden file keeps it: no escape sequences (the line
/// editor's redraws), `\n` line ends, variables `_123` as `_N`.
fn normalise_transcript(raw: &str) -> String {
    let mut out = String::new();
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\x1b' => {
                // CSI: ESC [ parameters final-byte.
                if chars.peek() == Some(&'[') {
                    chars.next();
                    for d in chars.by_ref() {
                        if ('@'..='~').contains(&d) {
                            break;
                        }
                    }
                }
            }
            '\r' => {}
            '_' if chars.peek().is_some_and(|d| d.is_ascii_digit()) => {
                while chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                    chars.next();
                }
                out.push_str("_N");
            }
            _ => out.push(c),
        }
    }
    out
}

/// Runs one script: each line a step, `#` lines and blank lines skipped.
/// Returns the text its `expect` steps waited for.
fn run_script(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("script");
    let data = TempDir::new(&format!("script_{stem}"));
    let mut session: Option<PtySession> = None;
    let mut transcript = String::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("{}:{}", path.display(), i + 1);
        let (step, rest) = line.split_once(' ').unwrap_or((line, ""));
        if step == "start" {
            let args: Vec<&str> = rest.split_whitespace().collect();
            session = Some(repl_support::session(&args, data.path()));
            continue;
        }
        if step == "file-contains" {
            let (file, want) = rest
                .split_once(' ')
                .unwrap_or_else(|| panic!("{at}: file-contains FILE \"TEXT\""));
            let file = data.path().join(file);
            let saved =
                std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{at}: {file:?}: {e}"));
            let want = quoted(want, &at);
            assert!(
                saved.contains(&want),
                "{at}: {file:?} lacks {want:?}:\n{saved}"
            );
            continue;
        }
        let s = session
            .as_mut()
            .unwrap_or_else(|| panic!("{at}: a step before `start`"));
        match step {
            "type" => type_line(s, &quoted(rest, &at)),
            "press" => press(s, &quoted(rest, &at)),
            "expect" => {
                let want = quoted(rest, &at);
                match s.exp_string(&want) {
                    Ok(before) => transcript += &(before + &want),
                    Err(e) => panic!("{at}: expected {want:?}: {e}"),
                }
            }
            "ctrl" => {
                let key = rest
                    .chars()
                    .next()
                    .unwrap_or_else(|| panic!("{at}: ctrl KEY"));
                s.send_control(key).unwrap_or_else(|e| panic!("{at}: {e}"));
            }
            "sleep" => {
                let ms = rest.parse().unwrap_or_else(|e| panic!("{at}: {e}"));
                std::thread::sleep(std::time::Duration::from_millis(ms));
            }
            "eof" => {
                if let Err(e) = s.exp_eof() {
                    panic!("{at}: the session does not end: {e}");
                }
            }
            "exit" => {
                let want: i32 = rest.parse().unwrap_or_else(|e| panic!("{at}: {e}"));
                let status = s.process().wait().unwrap_or_else(|e| panic!("{at}: {e}"));
                assert!(
                    matches!(status, WaitStatus::Exited(_, code) if code == want),
                    "{at}: {status:?}"
                );
            }
            _ => panic!("{at}: unknown step {step:?}"),
        }
    }
    transcript
}

/// The text of a script's `"..."` argument: `\r`, `\n`, `\t`, `\e` (Escape),
/// `\"` and `\\` are escapes.
fn quoted(arg: &str, at: &str) -> String {
    let body = arg
        .strip_prefix('"')
        .and_then(|a| a.strip_suffix('"'))
        .unwrap_or_else(|| panic!("{at}: not a quoted string: {arg}"));
    let mut out = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        out.push(match chars.next() {
            Some('r') => '\r',
            Some('n') => '\n',
            Some('t') => '\t',
            Some('e') => '\x1b',
            Some('"') => '"',
            Some('\\') => '\\',
            other => panic!("{at}: unknown escape \\{other:?}"),
        });
    }
    out
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

/// read/1 from the terminal shows SWI's `|: ` prompt before each line it
/// reads, also the continuation lines of one term.
#[test]
fn read_from_the_terminal_prompts() {
    let data = TempDir::new("read_prompt");
    let mut s = session(&["-q"], data.path());
    expect(&mut s, "?- ");
    type_line(&mut s, "read(X), read(Y).");
    expect(&mut s, "|: ");
    type_line(&mut s, "foo.");
    expect(&mut s, "|: ");
    type_line(&mut s, "bar(");
    expect(&mut s, "|: ");
    type_line(&mut s, "1).");
    expect(&mut s, "X = foo,\r\nY = bar(1).\r\n");
    expect(&mut s, "?- ");
    type_line(&mut s, "halt.");
}
