//! Interrupts: SIGTERM during `knights count` (a tiny memory cap, so shard tables spill to
//! disk) stops the count, removes the spill files and says how far it got; a DFS that may run
//! for hours warns and stops at `--max-nodes`; a checkpointed count stopped so keeps its
//! checkpoint and resumes from it.

use knightlog::knights::counting::count::Kind;
use knightlog::knights::counting::published::published;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn knights() -> Command {
    Command::new(env!("CARGO_BIN_EXE_knights"))
}

/// Sends SIGTERM to a running count and waits for it: it must fail without printing a
/// count. Returns its standard error.
#[cfg(unix)]
fn sigterm(child: Child) -> String {
    // SAFETY: kill(2) on the child's pid, which has not been waited for.
    let rc = unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
    assert_eq!(rc, 0);
    let out = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!out.status.success(), "{err}");
    assert!(out.stdout.is_empty(), "no count is printed");
    err
}

#[cfg(unix)]
#[test]
fn sigterm_during_a_count_removes_the_spill_files_and_says_how_far_it_got() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let child = knights()
        .args([
            "count",
            "--board",
            "6x6",
            "--memory-cap",
            "256K",
            "--spill-dir",
        ])
        .arg(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    // Wait until the run has spilled something (its directory holds shard files).
    let t0 = Instant::now();
    let spilled = || {
        std::fs::read_dir(dir.path())
            .into_iter()
            .flatten()
            .flatten()
            .any(|d| std::fs::read_dir(d.path()).is_ok_and(|mut f| f.next().is_some()))
    };
    while !spilled() {
        assert!(t0.elapsed() < Duration::from_secs(60), "nothing spilled");
        std::thread::sleep(Duration::from_millis(20));
    }
    let err = sigterm(child);
    assert!(
        err.contains("interrupted: the count stopped at square"),
        "{err}"
    );
    assert!(err.contains("were removed"), "{err}");
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .into_iter()
        .flatten()
        .flatten()
        .map(|d| d.path())
        .collect();
    assert!(left.is_empty(), "spill files left: {left:?}");
}

#[test]
fn a_long_dfs_warns_and_stops_at_max_nodes() {
    let out = knights()
        .args(["tour", "--board", "8x8", "--method", "dfs", "--closed"])
        .args(["--max-nodes", "100000", "--format", "none"])
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("100000 nodes"), "{err}");
    assert!(err.contains("node limit"), "{err}");
    // Without a limit it warns first (killed at once: it would run for hours).
    let mut child = knights()
        .args(["tour", "--board", "8x8", "--method", "dfs", "--start", "d4"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    std::thread::sleep(Duration::from_millis(500));
    let _ = child.kill();
    let out = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("may run for hours") && err.contains("--max-nodes"),
        "{err}"
    );
}

#[cfg(unix)]
#[test]
fn sigterm_during_a_checkpointed_count_keeps_the_checkpoint_to_resume_from() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let cp = dir.path().join("cp");
    let run = || {
        let mut c = knights();
        c.args(["count", "--board", "6x8", "--closed", "--checkpoint"])
            .arg(&cp)
            .args(["--checkpoint-every", "0"]);
        c
    };
    let child = run()
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let square = || {
        std::fs::read_to_string(cp.join("checkpoint"))
            .ok()
            .and_then(|t| {
                t.lines()
                    .find_map(|l| l.strip_prefix("square ")?.parse::<u32>().ok())
            })
            .unwrap_or(0)
    };
    let t0 = Instant::now();
    while square() < 12 {
        assert!(t0.elapsed() < Duration::from_secs(120), "no checkpoint");
        std::thread::sleep(Duration::from_millis(2));
    }
    let err = sigterm(child);
    let at = square();
    assert!((12..48).contains(&at), "checkpoint after square {at}");
    assert!(err.contains(&format!("(square {at}) is kept")), "{err}");
    let o = run().output().unwrap_or_else(|e| panic!("{e}"));
    let text = String::from_utf8_lossy(&o.stdout);
    let (n, _) = published(6, 8, Kind::ClosedUndirected).unwrap_or_default();
    let want = format!("6x8: {n} undirected closed tours");
    assert!(text.contains(&want), "{text}");
    assert!(
        text.contains(&format!("resumed from the checkpoint after square {at}")),
        "{text}"
    );
}
