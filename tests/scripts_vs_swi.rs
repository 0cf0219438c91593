//! Scripts and `-g` goals as SWI-Prolog runs them (issue 35): a `#!` line,
//! a missing script (status 1, "Prolog initialisation failed"), a failing or
//! raising `initialization(main, main)` goal (its file:line and goal), load
//! errors without internal predicate names, format/2's errors in SWI's
//! words with what it wrote before them, and top-level queries with a cut
//! or a qualified goal, syntax errors in files and in `-g` goals, library(csv) reading
//! standard input. Each case runs under knightlog and `swipl` and must
//! give the same standard output, standard error and exit status, byte for
//! byte (paths are the same: both run the same file).

use crate::timed_run::run_with_limit;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

const KNIGHTLOG: &str = env!("CARGO_BIN_EXE_knightlog");

/// (stdout, stderr, exit code) of `prolog args...` in `dir`.
fn run(prolog: &str, args: &[&str], dir: &Path) -> (String, String, Option<i32>) {
    let mut cmd = Command::new(prolog);
    cmd.args(args).current_dir(dir).stdin(Stdio::null());
    let out = run_with_limit(&mut cmd, Duration::from_secs(60));
    (out.stdout, out.stderr, out.status.and_then(|s| s.code()))
}

fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("knightlog_scripts_{tag}_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Each (file name, contents, arguments) case gives SWI's output exactly
/// (also used by tests/csv2json.rs).
pub(crate) fn same_as_swi(tag: &str, files: &[(&str, &str)], cases: &[&[&str]]) {
    let dir = scratch(tag);
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let mut failures = Vec::new();
    for args in cases {
        let ours = run(KNIGHTLOG, args, &dir);
        let swi = run("swipl", args, &dir);
        if ours != swi {
            failures.push(format!(
                "{args:?}:\n  knightlog: {ours:?}\n  swipl:     {swi:?}"
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn scripts_start_and_end_as_in_swi() {
    same_as_swi(
        "scripts",
        &[
            (
                "shebang.pl",
                "#!/usr/bin/env knightlog\n:- initialization(main, main).\nmain :- writeln(hi).\n",
            ),
            (
                "fails.pl",
                ":- initialization(main, main).\nmain :- fail.\n",
            ),
            (
                "raises.pl",
                "x.\n\n:- initialization(main, main).\nmain :- X = a, atom_length(X, b).\n",
            ),
            (
                "throws.pl",
                ":- initialization(main, main).\nmain :- throw(oops).\n",
            ),
            (
                "midline.pl",
                ":- initialization(main, main).\nmain :- write(partial), X is foo + 1, write(X).\n",
            ),
            (
                "halts.pl",
                ":- initialization(main, main).\nmain :- writeln(bye), halt(3).\n",
            ),
        ],
        &[
            &["shebang.pl"],
            &["fails.pl"],
            &["raises.pl"],
            &["throws.pl"],
            &["midline.pl"],
            &["halts.pl"],
            &["no_such_script.pl"],
        ],
    );
}

#[test]
fn load_and_format_errors_name_no_internal_predicate() {
    same_as_swi(
        "errors",
        &[],
        &[
            &["-q", "-g", "use_module(nofile)", "-t", "halt"],
            &["-q", "-g", "consult(nofile)", "-t", "halt"],
            &["-q", "-g", "[nofile]", "-t", "halt"],
            &["-q", "-g", "ensure_loaded(nofile)", "-t", "halt"],
            &["-q", "-g", "use_module(library(no_such_lib))", "-t", "halt"],
            &[
                "-q",
                "-g",
                "use_module(library(lists), [foo/1])",
                "-t",
                "halt",
            ],
            &["-q", "-g", "format('~w and ~w', [a])", "-t", "halt"],
            &["-q", "-g", "format(atom(_), '~w ~w', [a])", "-t", "halt"],
            &["-q", "-g", "format('~a~n', [x, y])", "-t", "halt"],
            &["-q", "-g", "format('abc ~q ~d', [x, y])", "-t", "halt"],
        ],
    );
}

/// Queries piped into the top level: a cut and a qualified goal run (the
/// check for unknown procedures before a query runs treats them as SWI does).
#[test]
fn the_top_level_runs_cut_and_qualified_goals() {
    let queries = "length(L, N), N > 2, !.\nlists:append([a], [b], X).\nX = 1, !, Y = 2.\n";
    let run_piped = |prolog: &str| {
        let mut child = Command::new(prolog)
            .arg("-q")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{prolog}: {e}"));
        child
            .stdin
            .take()
            .unwrap()
            .write_all(queries.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let ours = run_piped(KNIGHTLOG);
    assert!(!ours.1.contains("Unknown procedure"), "{}", ours.1);
    assert_eq!(ours, run_piped("swipl"));
}

/// Syntax errors in a loaded file: each is headed as SWI heads it
/// (`ERROR: File:Line:Column: Syntax error: Message`), then knightlog shows
/// the source line and a caret under the error (SWI shows neither).
#[test]
fn syntax_errors_in_files_are_headed_as_in_swi() {
    let dir = scratch("syntax_file");
    let text = "ok.\nfoo(a b).\n\tbar(x y).\nbaz :- .\nf(a =).\n[- =].\n  p q r.\nlast.\n";
    std::fs::write(dir.join("bad.pl"), text).unwrap();
    let args: &[&str] = &["-q", "-g", "halt", "bad.pl"];
    let (k_out, k_err, k_status) = run(KNIGHTLOG, args, &dir);
    let (s_out, s_err, s_status) = run("swipl", args, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!((k_out, k_status), (s_out, s_status));
    let headings: Vec<&str> = k_err
        .lines()
        .filter(|l| l.contains("Syntax error"))
        .collect();
    assert_eq!(
        headings,
        s_err.lines().collect::<Vec<_>>(),
        "knightlog:\n{k_err}"
    );
    // After each heading: the source line, then the caret under the error.
    let lines: Vec<&str> = k_err.lines().collect();
    for (i, l) in lines.iter().enumerate() {
        if l.contains("Syntax error") {
            let (src, caret) = (lines[i + 1], lines[i + 2]);
            assert!(text.lines().any(|t| src == t), "{src:?}");
            assert_eq!(caret.trim(), "^", "{caret:?}");
        }
    }
}

#[test]
fn syntax_errors_in_goals_are_reported_as_in_swi() {
    same_as_swi(
        "syntax",
        &[],
        &[
            &["-g", "foo(a b)", "-t", "halt"],
            &["-g", "foo(a  b, c)", "-t", "halt"],
            &["-g", "foo(", "-t", "halt"],
        ],
    );
}

#[test]
fn a_time_limit_stops_a_goal_as_in_swi() {
    same_as_swi(
        "time_limit",
        &[],
        &[
            &[
                "-g",
                "call_with_time_limit(0.2, (repeat, fail))",
                "-t",
                "halt",
            ],
            &["-g", "call_with_time_limit(0.2, sleep(5))", "-t", "halt"],
            &[
                "-g",
                "call_with_time_limit(5, writeln(in_time))",
                "-t",
                "halt",
            ],
        ],
    );
}

#[test]
fn halt_hooks_run_as_in_swi() {
    same_as_swi(
        "at_halt",
        &[],
        &[
            &[
                "-g",
                "at_halt(writeln(bye1)), at_halt(fail), at_halt(throw(x)), at_halt(writeln(b3))",
                "-g",
                "halt(3)",
            ],
            &["-g", "at_halt(format('~w~n', [done]))", "-t", "halt"],
        ],
    );
}

/// library(csv) reads standard input as it arrives, a line at a time: a quoted field
/// across lines by csv_read_stream/3 and by csv_read_row/3.
#[test]
fn csv_reads_standard_input_as_in_swi() {
    let dir = scratch("csv_stdin");
    let goals = [
        "csv_read_stream(user_input, R, []), print(R), nl",
        "csv_options(O, []), csv_read_row(user_input, A, O), csv_read_row(user_input, B, O), \
         csv_read_row(user_input, C, O), print([A, B, C]), nl",
    ];
    for goal in goals {
        let run_piped = |prolog: &str| {
            let script =
                format!("printf 'a,b\\n\"x\\ny\",2\\n' | {prolog} -q -g \"{goal}\" -t halt");
            let mut cmd = Command::new("sh");
            cmd.args(["-c", &script]).current_dir(&dir);
            let out = run_with_limit(&mut cmd, Duration::from_secs(60));
            (out.stdout, out.stderr, out.status.and_then(|s| s.code()))
        };
        assert_eq!(run_piped(KNIGHTLOG), run_piped("swipl"), "{goal}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
