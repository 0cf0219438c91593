//! Adversarial input, run as a new user would (issue 22): the reader on
//! malformed and extreme source files, I/O on directories, missing files,
//! closed streams and files that vanish, and a long query interrupted by
//! SIGINT. Each case runs `knightlog` and, where the case says so, SWI-Prolog
//! on the same files and arguments, and asserts: no panic, no abort, no kill
//! by a signal, no hang, and the output (or exit status) SWI gives.
//! The `knights` side is in the `knights_adversarial` cases at the end.
//! Tested by: itself (`cargo test --release --test all adversarial`).

use crate::timed_run::{run_with_limit, Finished};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

const KNIGHTLOG: &str = env!("CARGO_BIN_EXE_knightlog");
const KNIGHTS: &str = env!("CARGO_BIN_EXE_knights");

/// What a case compares with SWI-Prolog.
#[derive(Clone, Copy, PartialEq)]
enum Expect {
    /// Same standard output and exit status as SWI-Prolog.
    AsSwi,
    /// Same standard output as SWI-Prolog (statuses differ on purpose).
    SwiOutput,
    /// This standard output (SWI-Prolog gives up earlier: its C stack).
    Output(&'static str),
}

struct Case {
    name: &'static str,
    /// Files to create in the case's directory.
    files: fn() -> Vec<(&'static str, Vec<u8>)>,
    /// Arguments of both systems; run in the case's directory.
    args: &'static [&'static str],
    expect: Expect,
    /// Text the knightlog error output must hold (a true message).
    stderr_has: &'static [&'static str],
}

fn text(s: &str) -> Vec<u8> {
    s.as_bytes().to_vec()
}

/// `ok(1). ok(2).` around a middle part, so a case shows what survived it.
fn around(middle: &[u8]) -> Vec<u8> {
    let mut v = b"ok(1).\n".to_vec();
    v.extend_from_slice(middle);
    v.extend_from_slice(b"\nok(2).\n");
    v
}

const SHOW_OK: &[&str] = &["-g", "forall(ok(X), (write(X), nl))", "-t", "halt", "t.pl"];

fn nested(open: &str, mid: &str, close: &str, n: usize) -> Vec<u8> {
    let mut s = String::from("a(");
    s.push_str(&open.repeat(n));
    s.push_str(mid);
    s.push_str(&close.repeat(n));
    s.push_str(").");
    around(s.as_bytes())
}

const MALFORMED_NUMBERS: &str =
    "n(0x).\nok(a).\nn(0b2).\nok(b).\nn(1e).\nok(c).\nn(1.e5).\nok(d).\n\
n(0').\nok(e).\nn(1_000_).\nok(f).\nn(0o9).\nok(g).\nn(1.0e99999).\nok(h).\nn(37'1).\nok(i).\n\
n(36'zz).\nok(j).\nn(0'\\z).\nok(k).\nn(\"\\x110000\\\").\nok(l).\nn('\\q').\nok(m).\n";

const ODD_OPS: &str = ":- op(1201, xfx, foo).\nok(a).\n:- op(200, xfy, ',').\nok(b).\n\
:- op(700, yfy, bar).\nok(c).\n:- op(100, xfx, '|').\nok(d).\n:- op(high, xfx, baz).\nok(e).\n\
:- op(0, xfx, =).\nok(f).\nx(a = b).\nok(g).\n:- op(700, xfx, =).\n:- op(200, fx, []).\nok(h).\n\
:- op(300, xfx, [p, q, r]).\nok(i).\nt(a p b).\nok(j).\n:- op(300, xf, p).\nok(k).\n";

fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "unterminated quoted atom at end of file",
            files: || vec![("t.pl", text("ok(1).\nok(2).\nb('abc, d).\n"))],
            args: SHOW_OK,
            expect: Expect::AsSwi,
            stderr_has: &["End of file in quoted atom"],
        },
        Case {
            name: "unterminated string and back-quoted text",
            files: || vec![("t.pl", text("ok(1).\nok(2).\nb(\"abc).\nc(`x).\n"))],
            args: SHOW_OK,
            expect: Expect::AsSwi,
            stderr_has: &["End of file in quoted string"],
        },
        Case {
            name: "unterminated block comment",
            files: || vec![("t.pl", text("ok(1).\n/* never closed\nok(2).\n"))],
            args: SHOW_OK,
            expect: Expect::AsSwi,
            stderr_has: &["End of file in /* ... */ comment"],
        },
        Case {
            name: "NUL bytes",
            files: || vec![("t.pl", around(b"b(\0).\nc('a\0b')."))],
            args: SHOW_OK,
            expect: Expect::AsSwi,
            stderr_has: &["Illegal character"],
        },
        Case {
            name: "a 10 MB atom",
            files: || {
                let big = format!("a('{}').", "x".repeat(10_000_000));
                vec![("t.pl", around(big.as_bytes()))]
            },
            args: &[
                "-g",
                "a(A), atom_length(A, L), write(L), nl, forall(ok(X), (write(X), nl))",
                "-t",
                "halt",
                "t.pl",
            ],
            expect: Expect::AsSwi,
            stderr_has: &[],
        },
        Case {
            name: "10^6 nested parentheses",
            files: || vec![("t.pl", nested("(", "x", ")", 1_000_000))],
            args: SHOW_OK,
            expect: Expect::Output("1\n2\n"),
            stderr_has: &[],
        },
        Case {
            name: "10^6 nested lists",
            files: || vec![("t.pl", nested("[", "", "]", 1_000_000))],
            args: SHOW_OK,
            expect: Expect::Output("1\n2\n"),
            stderr_has: &[],
        },
        Case {
            name: "10^6 nested compound terms",
            files: || vec![("t.pl", nested("f(", "x", ")", 1_000_000))],
            args: SHOW_OK,
            expect: Expect::Output("1\n2\n"),
            stderr_has: &[],
        },
        Case {
            name: "10^6 prefix operators",
            files: || {
                let s = format!("a(X) :- X = {}1.", "- ".repeat(1_000_000));
                vec![("t.pl", around(s.as_bytes()))]
            },
            args: SHOW_OK,
            expect: Expect::AsSwi,
            stderr_has: &[],
        },
        Case {
            name: "10^6 infix operators",
            files: || {
                let s = format!("a(X) :- X = 1{}.", " + 1".repeat(1_000_000));
                vec![("t.pl", around(s.as_bytes()))]
            },
            args: SHOW_OK,
            expect: Expect::SwiOutput,
            stderr_has: &[],
        },
        Case {
            name: "odd op/3 declarations",
            files: || vec![("t.pl", text(ODD_OPS))],
            args: SHOW_OK,
            expect: Expect::AsSwi,
            stderr_has: &["op/3"],
        },
        Case {
            name: "malformed numbers and escapes",
            files: || vec![("t.pl", text(MALFORMED_NUMBERS))],
            args: SHOW_OK,
            expect: Expect::AsSwi,
            stderr_has: &[],
        },
        Case {
            name: "invalid UTF-8 in a source file",
            files: || {
                vec![(
                    "t.pl",
                    b"ok(1).\n\xff\xfe bad.\nok(2).\nc('caf\xe9').\n".to_vec(),
                )]
            },
            args: &[
                "-g",
                "forall(ok(X), (write(X), nl)), c(C), atom_codes(C, L), write(L), nl",
                "-t",
                "halt",
                "t.pl",
            ],
            expect: Expect::AsSwi,
            stderr_has: &["t.pl:2:1: Illegal UTF-8 start"],
        },
        Case {
            name: "encoding/1 directive and a byte-order mark",
            files: || {
                vec![(
                    "t.pl",
                    b"\xEF\xBB\xBFok(1).\n:- encoding(iso_latin_1).\nok(2).\nc('\xe9t\xe9').\n"
                        .to_vec(),
                )]
            },
            args: &[
                "-g",
                "forall(ok(X), (write(X), nl)), c(C), atom_codes(C, L), write(L), nl",
                "-t",
                "halt",
                "t.pl",
            ],
            expect: Expect::AsSwi,
            stderr_has: &[],
        },
        Case {
            name: "consulting a directory",
            files: || vec![("d/x.txt", text("x"))],
            args: &[
                "-g",
                "catch(consult(d), error(E, _), true), E =.. [F, K|_], write(F-K), nl",
                "-t",
                "halt",
            ],
            expect: Expect::AsSwi,
            stderr_has: &[],
        },
        Case {
            name: "consulting a directory, uncaught",
            files: || vec![("d/x.txt", text("x"))],
            args: &["-g", "consult(d)", "-t", "halt"],
            expect: Expect::AsSwi,
            stderr_has: &["consult/1: file `", "does not exist (is a directory)"],
        },
        Case {
            name: "consulting a missing file",
            files: Vec::new,
            args: &["-g", "consult(nofile)", "-t", "halt"],
            expect: Expect::AsSwi,
            stderr_has: &["ERROR: -g consult(nofile): source_sink `nofile' does not exist"],
        },
        Case {
            name: "opening a missing file and a directory",
            files: || vec![("d/x.txt", text("x"))],
            args: &[
                "-g",
                "catch(open('no/such', write, _), error(E, _), true), E =.. [F|_], write(F), nl, \
                 catch(open(nofile, read, _), error(E2, _), true), E2 =.. [F2|_], write(F2), nl",
                "-t",
                "halt",
            ],
            expect: Expect::AsSwi,
            stderr_has: &[],
        },
        Case {
            name: "writing to a closed stream",
            files: Vec::new,
            args: &[
                "-g",
                "open(f, write, S), close(S), catch(write(S, x), error(E, _), true), \
                 E =.. [F, K|_], write(F-K), nl",
                "-t",
                "halt",
            ],
            expect: Expect::AsSwi,
            stderr_has: &[],
        },
        Case {
            name: "reading past the end of a file",
            files: || vec![("one.pl", text("a.\n"))],
            args: &[
                "-g",
                "open('one.pl', read, S), read(S, A), read(S, B), read(S, C), get_char(S, D), \
                 peek_code(S, P), print([A, B, C, D, P]), nl",
                "-t",
                "halt",
            ],
            expect: Expect::AsSwi,
            stderr_has: &[],
        },
        Case {
            name: "eof_action(error)",
            files: || vec![("one.pl", text("a.\n"))],
            args: &[
                "-g",
                "open('one.pl', read, S, [eof_action(error)]), read(S, A), read(S, B), \
                 print(A-B), nl, catch(read(S, _), error(E, _), true), E =.. [F, X, Y|_], \
                 print(F-X-Y), nl",
                "-t",
                "halt",
            ],
            expect: Expect::AsSwi,
            stderr_has: &[],
        },
        Case {
            name: "open/4 encodings",
            files: || vec![("l.txt", b"\xe9t\xe9. 'caf\xc3\xa9'.\n".to_vec())],
            args: &[
                "-g",
                "open('l.txt', read, S, [encoding(iso_latin_1)]), read(S, A), close(S), \
                 atom_codes(A, L), write(L), nl, \
                 open('o.txt', write, W, [encoding(iso_latin_1)]), write(W, 'd\u{e9}j\u{e0}'), \
                 close(W), open('o.txt', read, R, [encoding(octet)]), get_code(R, C1), \
                 get_code(R, C2), write(C1-C2), nl, \
                 catch(open(x, read, _, [encoding(ebcdic)]), error(E, _), true), print(E), nl, \
                 open('o2.txt', write, W2), set_stream(W2, encoding(iso_latin_1)), \
                 write(W2, '\u{e9}'), close(W2), open('o2.txt', read, R2, [encoding(octet)]), \
                 get_code(R2, C3), write(C3), nl",
                "-t",
                "halt",
            ],
            expect: Expect::AsSwi,
            stderr_has: &[],
        },
        Case {
            name: "a file deleted while it loads",
            files: || vec![("t.pl", around(b":- delete_file('t.pl').\nok(3)."))],
            args: &[
                "-g",
                "forall(ok(X), (write(X), nl)), \\+ exists_file('t.pl'), write(gone), nl",
                "-t",
                "halt",
                "t.pl",
            ],
            expect: Expect::AsSwi,
            stderr_has: &[],
        },
    ]
}

/// A fresh directory holding a case's files.
fn case_dir(i: usize, files: &[(&str, Vec<u8>)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("knightlog-adv-{}-{i}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("case directory");
    for (name, data) in files {
        let p = dir.join(name);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("subdirectory");
        std::fs::write(&p, data).expect("case file");
    }
    dir
}

fn run_in(dir: &Path, prog: &str, args: &[&str], limit: u64) -> Finished {
    let mut cmd = Command::new(prog);
    cmd.args(args).current_dir(dir);
    run_with_limit(&mut cmd, Duration::from_secs(limit))
}

/// What every knightlog (and knights) run must satisfy, whatever the input.
pub fn assert_survived(what: &str, f: &Finished) {
    let Some(status) = f.status else {
        panic!("{what}: no answer within the time limit\n{}", f.stderr);
    };
    assert!(
        status.code().is_some(),
        "{what}: killed by a signal ({status:?})\n{}",
        f.stderr
    );
    assert_ne!(status.code(), Some(101), "{what}: panicked\n{}", f.stderr);
    for bad in [
        "panicked",
        "RUST_BACKTRACE",
        "memory allocation of",
        "fatal runtime",
    ] {
        assert!(!f.stderr.contains(bad), "{what}: {bad}\n{}", f.stderr);
    }
}

#[test]
#[ignore = "slow tier: every adversarial case under both systems (about 17 s)"]
fn adversarial_input_as_swi_handles_it() {
    let mut failures = Vec::new();
    for (i, case) in cases().into_iter().enumerate() {
        let dir = case_dir(i, &(case.files)());
        let k = run_in(&dir, KNIGHTLOG, case.args, 60);
        assert_survived(case.name, &k);
        for s in case.stderr_has {
            if !k.stderr.contains(s) {
                failures.push(format!("{}: stderr lacks {s:?}:\n{}", case.name, k.stderr));
            }
        }
        let expected = match case.expect {
            Expect::Output(out) => (out.to_string(), None),
            Expect::AsSwi | Expect::SwiOutput => {
                let dir = case_dir(i, &(case.files)());
                let s = run_in(&dir, "swipl", case.args, 60);
                let status = (case.expect == Expect::AsSwi).then_some(s.status);
                (s.stdout, status.flatten())
            }
        };
        if k.stdout != expected.0 {
            failures.push(format!(
                "{}: stdout {:?}, SWI {:?}\n{}",
                case.name, k.stdout, expected.0, k.stderr
            ));
        }
        if let Some(st) = expected.1 {
            if k.status.and_then(|s| s.code()) != st.code() {
                failures.push(format!(
                    "{}: status {:?}, SWI {:?}\n{}",
                    case.name, k.status, st, k.stderr
                ));
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n---\n"));
}

#[test]
fn a_binary_file_gives_one_message() {
    let elf = std::fs::read("/bin/true").unwrap_or_else(|_| {
        let mut v = b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0".to_vec();
        v.extend((0..4096u32).map(|i| (i * 7 % 256) as u8));
        v
    });
    let dir = case_dir(1000, &[("t.pl", elf)]);
    let k = run_in(&dir, KNIGHTLOG, &["-g", "true", "-t", "halt", "t.pl"], 30);
    assert_survived("binary file", &k);
    assert_eq!(k.status.and_then(|s| s.code()), Some(0));
    // One message (of two lines: where, then why), not a cascade.
    assert_eq!(k.stderr.lines().count(), 2, "{}", k.stderr);
    assert!(k.stderr.contains("binary data"), "{}", k.stderr);
}

/// SIGINT during a long non-interactive query: the query stops with SWI's
/// message and status, and the process ends (SWI-Prolog itself waits at its
/// debugger prompt here, so it is not run).
#[test]
fn sigint_stops_a_long_goal() {
    let mut child = Command::new(KNIGHTLOG)
        .args(["-g", "repeat, fail", "-t", "halt"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run knightlog");
    std::thread::sleep(Duration::from_millis(500));
    // SAFETY: sends a signal to our own child.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while child.try_wait().expect("wait").is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("SIGINT did not stop the goal");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("output");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("% Execution Aborted"), "{err}");
}

/// `knights` with garbage, missing and extreme arguments: a refusal with a
/// message and a non-zero status, never a panic, a signal or a hang.
#[test]
fn knights_adversarial_arguments() {
    let cases: &[&[&str]] = &[
        &[],
        &["nosuchcommand"],
        &["tour", "--board", "0x0"],
        &["tour", "--board", "abc"],
        &["tour", "--board", "-8x8"],
        &["tour", "--board", "99999999999999999999x2"],
        &["tour", "--board", "100000x100000", "--method", "dfs"],
        &["tour", "--board", "8x8", "--start", "zz"],
        &["tour", "--board", "8x8", "--start", "i9"],
        &["tour", "--board", "8", "--method", "nonsense"],
        &["tour", "--board", "8x8", "--format", "nonsense"],
        &["tour", "--board", "8x8", "-o", "/nonexistent/dir/out.txt"],
        &["tour", "--board", "8x8", "--moves", "-1"],
        &["exists"],
        &["exists", "x"],
        &["exists", "0x0"],
        &["exists", "18446744073709551616x3"],
        &["count", "--board", "0x0"],
        &["count", "--board", "x"],
        &["count", "--board", "100x100", "--method", "exhaustive"],
        &["count", "--board", "5x5", "--memory-cap", "banana"],
        &["neural", "--board", "0x0"],
        &["neural", "--board", "8x8", "--trials", "-3"],
        &["check"],
        &["check", "/nonexistent"],
        &["check", "/dev/null"],
        &["check", "/bin/true"],
        &["render", "/dev/null", "--format", "svg"],
        &["puzzle", "--queen", "z9"],
        &["puzzle", "--start", ""],
        &["bench", "--runs", "-1"],
        &["bench", "--suite", "--only", "nosuchbench", "--no-swipl"],
    ];
    let dir = case_dir(2000, &[]);
    let mut failures = Vec::new();
    for args in cases {
        let what = format!("knights {}", args.join(" "));
        let f = run_in(&dir, KNIGHTS, args, 30);
        assert_survived(&what, &f);
        let code = f.status.and_then(|s| s.code());
        if code == Some(0) {
            failures.push(format!("{what}: accepted (status 0)\n{}", f.stdout));
        } else if f.stderr.trim().is_empty() {
            failures.push(format!("{what}: status {code:?} without a message"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Errors name the predicate the user called, never a hidden helper, in
/// SWI-Prolog's words: the first line of the error output is SWI's.
#[test]
fn error_messages_name_the_user_predicate() {
    let goals = [
        "set_stream(foo, alias(x))",
        "see(nofile)",
        "tell('/nonexistent/x')",
        "read_term(foo, X, [])",
        "close(foo)",
        "number_codes(X, \"3x\")",
        "open('/nonexistent/x', write, S)",
        "ensure_loaded(nofile)",
    ];
    let dir = case_dir(3000, &[]);
    let mut failures = Vec::new();
    for g in goals {
        let args = ["-g", g, "-t", "halt"];
        let k = run_in(&dir, KNIGHTLOG, &args, 30);
        assert_survived(g, &k);
        let s = run_in(&dir, "swipl", &args, 30);
        let (kl, sl) = (k.stderr.lines().next(), s.stderr.lines().next());
        if kl != sl || k.stderr.contains('$') {
            failures.push(format!("{g}:\n  {kl:?}\n  {sl:?} (SWI)"));
        }
    }
    // SWI-Prolog leaves the predicate out (or names its helper) in these.
    for g in ["stream_property(foo, X)", "consult(f(x))", "consult(X)"] {
        let k = run_in(&dir, KNIGHTLOG, &["-g", g, "-t", "halt"], 30);
        let name = g.split('(').next().unwrap_or(g);
        if k.stderr.contains('$') || !k.stderr.contains(&format!(": {name}/")) {
            failures.push(format!("{g}: {}", k.stderr));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `knights` writing into a closed pipe (stdout or stderr) stops quietly
/// with SIGPIPE, like other Unix tools: no panic message, no status 101.
#[test]
fn knights_into_a_closed_pipe() {
    let dir = case_dir(4000, &[]);
    crate::table::each(
        [
            r#""$K" count --board 6x6 --verbose 2>&1 | head -1 >/dev/null; echo "status ${PIPESTATUS[0]}""#,
            r#""$K" tour --board 300x300 --method warnsdorff | head -1 >/dev/null; echo "status ${PIPESTATUS[0]}""#,
        ],
        |script| {
            let mut cmd = Command::new("bash");
            cmd.args(["-c", script]).env("K", KNIGHTS).current_dir(&dir);
            let f = run_with_limit(&mut cmd, Duration::from_secs(60));
            assert_survived(script, &f);
            // 141 = 128 + SIGPIPE: the shell's report of a quiet pipe death.
            assert_eq!(f.stdout, "status 141\n", "{script}: {}", f.stderr);
        },
    );
}
