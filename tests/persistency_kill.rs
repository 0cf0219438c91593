//! library(persistency)'s durability: a writer process asserts facts through
//! assert_fact/1 and prints `ack N` after each call returns; it is killed with
//! SIGKILL at random moments, 20 times, each run attaching the same journal
//! (so each also reloads what the runs before wrote). Reloading the journal
//! afterwards must give every acknowledged fact. A journal whose last line is
//! torn loads with a warning for that line, and the next change starts on a
//! line of its own.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

const KNIGHTLOG: &str = env!("CARGO_BIN_EXE_knightlog");

const WRITER: &str = r#"
:- use_module(library(persistency)).
:- persistent fact(n:integer).
main :-
    current_prolog_flag(argv, [File, StartText]),
    atom_number(StartText, Start),
    db_attach(File, []),
    format("attached~n"), flush_output,
    loop(Start).
loop(N) :-
    assert_fact(N),
    format("ack ~d~n", [N]), flush_output,
    sleep(0.001),
    N1 is N + 1,
    loop(N1).
:- initialization(main, main).
"#;

const READER: &str = r#"
:- use_module(library(persistency)).
:- persistent fact(n:integer).
main :-
    current_prolog_flag(argv, [File]),
    db_attach(File, []),
    forall(fact(N), format("~d~n", [N])).
:- initialization(main, main).
"#;

/// A small xorshift generator: the kill delays differ between runs without a
/// crate for it.
struct Rng(u64);

impl Rng {
    fn new() -> Rng {
        let t = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        Rng(t ^ u64::from(std::process::id()) | 1)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

/// Runs the writer from `start` and kills it `delay` after it attached; returns
/// the numbers it acknowledged (complete `ack N` lines only).
fn killed_run(script: &Path, journal: &Path, start: u64, delay: Duration) -> Vec<u64> {
    let mut child = Command::new(KNIGHTLOG)
        .arg(script)
        .arg(journal)
        .arg(start.to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let stdout = child.stdout.take().unwrap_or_else(|| panic!("no stdout"));
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    let reader = std::thread::spawn(move || {
        let mut r = BufReader::new(stdout);
        let mut line = String::new();
        while r.read_line(&mut line).is_ok_and(|n| n > 0) {
            if tx.send(std::mem::take(&mut line)).is_err() {
                break;
            }
        }
    });
    // Wait for the attach (it replays the journal, which grows run by run),
    // then let the writer run for `delay`.
    let attached = rx.recv_timeout(Duration::from_secs(60));
    assert_eq!(
        attached.as_deref().ok(),
        Some("attached\n"),
        "the writer never attached"
    );
    std::thread::sleep(delay);
    child.kill().unwrap_or_else(|e| panic!("SIGKILL: {e}"));
    let _ = child.wait();
    reader.join().unwrap_or_else(|_| panic!("reader thread"));
    let lines: Vec<String> = rx.try_iter().collect();
    lines
        .iter()
        .filter(|l| l.ends_with('\n'))
        .filter_map(|l| l.trim_end().strip_prefix("ack "))
        .map(|n| n.parse().unwrap_or_else(|e| panic!("{n}: {e}")))
        .collect()
}

/// The facts of the journal, as a fresh process loads them, and its stderr.
fn reload(dir: &Path, journal: &Path) -> (Vec<u64>, String) {
    let script = dir.join("reader.pl");
    write(&script, READER);
    let out = Command::new(KNIGHTLOG)
        .arg(&script)
        .arg(journal)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "reload failed: {stderr}");
    let facts = stdout
        .lines()
        .map(|n| n.parse().unwrap_or_else(|e| panic!("{n}: {e}")))
        .collect();
    (facts, stderr)
}

#[cfg(unix)]
#[test]
fn no_acknowledged_fact_is_lost_when_the_writer_is_killed() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let script = dir.path().join("writer.pl");
    write(&script, WRITER);
    let journal = dir.path().join("facts.db");
    let mut rng = Rng::new();
    let mut acked = Vec::new();
    for run in 0..20u64 {
        let delay = Duration::from_millis(20 + rng.below(200));
        acked.extend(killed_run(&script, &journal, run * 1_000_000, delay));
    }
    assert!(!acked.is_empty(), "the writer acknowledged nothing");
    let (facts, _) = reload(dir.path(), &journal);
    let present: std::collections::HashSet<u64> = facts.iter().copied().collect();
    let lost: Vec<u64> = acked
        .iter()
        .copied()
        .filter(|n| !present.contains(n))
        .collect();
    assert!(lost.is_empty(), "acknowledged but lost: {lost:?}");
}

#[test]
fn a_torn_last_line_is_skipped_with_a_warning() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let journal = dir.path().join("torn.db");
    write(
        &journal,
        "created(1700000000.0).\nassert(fact(1)).\nassert(fact(2",
    );
    let script = dir.path().join("append.pl");
    write(
        &script,
        ":- use_module(library(persistency)).\n:- persistent fact(n:integer).\n\
         :- initialization((current_prolog_flag(argv, [F]), db_attach(F, []), \
         assert_fact(3)), main).\n",
    );
    let out = Command::new(KNIGHTLOG)
        .arg(&script)
        .arg(&journal)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "attach failed: {err}");
    assert!(err.contains("Warning") && err.contains("torn"), "{err}");
    let (facts, err) = reload(dir.path(), &journal);
    assert_eq!(facts, vec![1, 3]);
    assert!(
        err.contains("Warning"),
        "the torn line is still reported: {err}"
    );
    let text = std::fs::read_to_string(&journal).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        text.ends_with("assert(fact(2\nassert(fact(3)).\n"),
        "{text}"
    );
}
