//! Differential test against SWI-Prolog: `tests/differential/driver.pl` runs
//! every query of `tests/differential/queries.txt` under both systems and
//! prints `Query -> Result` per query (first solution's bindings, `false`, or
//! the formal part of an error term; see the driver's header). The lines must
//! agree, except for the queries listed in `tests/KNOWN_DIFFERENCES.md`
//! (`- Query: <text>` entries), which must still differ: a listed query that
//! agrees again fails the test, so the list stays honest.
//!
//! SWI-Prolog is required (CI installs `swi-prolog-nox`): a missing `swipl`
//! fails this test rather than skipping it.

use crate::timed_run;

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;
use timed_run::run_with_limit;

const KNIGHTLOG: &str = env!("CARGO_BIN_EXE_knightlog");

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `prolog -q driver.pl` in `dir` (tests/differential, tests/clpfd) with a time limit.
pub(crate) fn run_driver(prolog: &str, dir: &str) -> String {
    let mut cmd = Command::new(prolog);
    cmd.args(["-q", "driver.pl"]).current_dir(root().join(dir));
    let f = run_with_limit(&mut cmd, Duration::from_secs(120));
    let last_lines = f
        .stdout
        .lines()
        .rev()
        .take(5)
        .collect::<Vec<_>>()
        .join("\n");
    let Some(status) = f.status else {
        panic!("{prolog} driver.pl timed out; last lines:\n{last_lines}");
    };
    assert!(
        status.success(),
        "{prolog} driver.pl exited with {status}\nstderr:\n{}\nlast output:\n{last_lines}",
        f.stderr
    );
    f.stdout
}

/// The query lines of a corpus (comments and blank lines skipped).
pub(crate) fn queries(dir: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join(dir).join("queries.txt")).expect("queries.txt");
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('%'))
        .map(str::to_string)
        .collect()
}

/// Queries listed in KNOWN_DIFFERENCES.md.
fn known() -> BTreeSet<String> {
    let text = std::fs::read_to_string(root().join("tests/KNOWN_DIFFERENCES.md"))
        .expect("tests/KNOWN_DIFFERENCES.md");
    text.lines()
        .filter_map(|l| l.strip_prefix("- Query: "))
        .map(|q| q.trim_end().to_string())
        .collect()
}

/// Pairs each query with its result in a driver's output.
pub(crate) fn results(queries: &[String], out: &str, who: &str) -> Vec<String> {
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines.len(),
        queries.len(),
        "{who}: {} output lines for {} queries",
        lines.len(),
        queries.len()
    );
    queries
        .iter()
        .zip(lines)
        .map(|(q, l)| {
            let prefix = format!("{q} -> ");
            match l.strip_prefix(&prefix) {
                Some(r) => r.to_string(),
                None => panic!("{who}: output line {l:?} does not answer query {q:?}"),
            }
        })
        .collect()
}

#[test]
fn queries_agree_with_swi_prolog() {
    let qs = queries("tests/differential");
    assert!(qs.len() >= 300, "the corpus has only {} queries", qs.len());
    let unique: BTreeSet<&String> = qs.iter().collect();
    assert_eq!(unique.len(), qs.len(), "duplicate queries in the corpus");
    let known = known();
    for k in &known {
        assert!(
            unique.contains(k),
            "KNOWN_DIFFERENCES.md lists a query not in the corpus: {k}"
        );
    }
    let swi = results(&qs, &run_driver("swipl", "tests/differential"), "swipl");
    let ours = results(
        &qs,
        &run_driver(KNIGHTLOG, "tests/differential"),
        "knightlog",
    );
    let mut unexpected = Vec::new();
    let mut stale = Vec::new();
    for ((q, s), k) in qs.iter().zip(&swi).zip(&ours) {
        match (s == k, known.contains(q)) {
            (false, false) => {
                unexpected.push(format!("{q}\n    swipl:     {s}\n    knightlog: {k}"))
            }
            (true, true) => stale.push(q.clone()),
            _ => {}
        }
    }
    assert!(
        unexpected.is_empty() && stale.is_empty(),
        "{} unexpected differences:\n{}\n\n{} listed in KNOWN_DIFFERENCES.md but now agree:\n{}",
        unexpected.len(),
        unexpected.join("\n"),
        stale.len(),
        stale.join("\n")
    );
}
