//! The frontier dynamic programme against the exhaustive search (no shared code) on small
//! boards, against published values (OEIS), and with a tiny memory cap that forces its shard
//! tables to spill to disk. The published values are the library's one table
//! (`knights::counting::published`).

use knightlog::knights::counting::count::{self, Kind};
use knightlog::knights::counting::frontier::{self, Encoding, FrontierOptions};
use knightlog::knights::counting::published::published;
use knightlog::knights::Board;

fn board(w: u32, h: u32) -> Board {
    Board::new(w, h).unwrap_or_else(|e| panic!("{e}"))
}

/// Undirected closed count, or directed open count (twice the undirected paths).
fn frontier_count(w: u32, h: u32, closed: bool, opts: &FrontierOptions) -> u64 {
    let c = frontier::count(board(w, h), closed, opts).unwrap_or_else(|e| panic!("{e}"));
    let n = u64::try_from(c.count).unwrap_or_else(|e| panic!("{e}"));
    if closed || w * h == 1 {
        n
    } else {
        2 * n
    }
}

fn dp(w: u32, h: u32, closed: bool) -> u64 {
    frontier_count(w, h, closed, &FrontierOptions::default())
}

/// The published count on file: directed open, or undirected closed.
fn on_file(w: u32, h: u32, closed: bool) -> u64 {
    let kind = if closed {
        Kind::ClosedUndirected
    } else {
        Kind::OpenDirected
    };
    published(w, h, kind)
        .unwrap_or_else(|| panic!("{w}x{h} closed={closed} is not on file"))
        .0
}

/// Open and closed counts of the programme against the exhaustive search.
fn agrees_with_exhaustive(w: u32, h: u32) {
    for closed in [false, true] {
        let kind = if closed {
            Kind::ClosedUndirected
        } else {
            Kind::OpenDirected
        };
        let want = count::count(board(w, h), kind, false).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(dp(w, h, closed), want.tours, "{w}x{h} closed={closed}");
    }
}

#[test]
fn agrees_with_the_exhaustive_search_on_small_boards() {
    for (w, h) in [
        (1, 1),
        (1, 5),
        (2, 6),
        (3, 3),
        (3, 4),
        (4, 3),
        (3, 7),
        (4, 4),
        (4, 5),
        (5, 4),
        (3, 10),
        (5, 5),
        (4, 7),
    ] {
        agrees_with_exhaustive(w, h);
    }
}

#[test]
fn published_directed_open_counts() {
    // OEIS A165134 (n x n), A118067 (3 x n), A079137 (4 x n), A083386 (5 x n; = A389755(5n)),
    // in either orientation; every failing board is reported.
    let failed: Vec<String> = [
        (5, 5),
        (6, 6),
        (4, 3),
        (3, 8),
        (5, 4),
        (4, 6),
        (7, 4),
        (5, 6),
        (7, 5),
    ]
    .into_iter()
    .filter_map(|(w, h)| {
        let (got, want) = (dp(w, h, false), on_file(w, h, false));
        (got != want).then(|| format!("{w}x{h}: {got}, published {want}"))
    })
    .collect();
    assert!(failed.is_empty(), "{failed:#?}");
}

#[test]
fn published_closed_counts_of_5_and_6_rank_boards() {
    // OEIS A175881 (closed tours of 6 x n): 0, 0, 0, 0, 8, 9862, 1067638 for n = 1..7 (no
    // board with a side under 5 has a closed tour; the rest are on file).
    for n in 1..=7 {
        let want = if n < 5 { 0 } else { on_file(6, n, true) };
        assert_eq!(dp(6, n, true), want, "6x{n}");
    }
    // 5 x n for n <= 7: 5x6 is A175881's 6x5, 8; odd areas have none, and 5x2, 5x4 none
    // (OEIS A383661, the first 2n cells of a 5-rank board: a(5)..., a(10) = 0, a(15) = 8).
    for n in 1..=7 {
        let want = if n == 6 { on_file(5, 6, true) } else { 0 };
        assert_eq!(dp(5, n, true), want, "5x{n}");
    }
    // OEIS A383661: 5x8 = a(20) = 44202, 5x10 = a(25) = 13311268.
    assert_eq!(dp(8, 5, true), on_file(8, 5, true));
    assert_eq!(dp(5, 10, true), on_file(5, 10, true));
}

#[test]
fn a_tiny_memory_cap_spills_shard_tables_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let opts = FrontierOptions {
        memory_cap: Some(64 << 10),
        spill_dir: Some(dir.path().to_path_buf()),
        progress: false,
        log: false,
        ..FrontierOptions::default()
    };
    let c = frontier::count(board(6, 6), true, &opts).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c.count, on_file(6, 6, true).into());
    assert!(c.spilled_runs > 10, "{c:?}");
    assert!(c.spilled_bytes > 0);
    assert_eq!(frontier_count(5, 5, false, &opts), on_file(5, 5, false));
    // The spill files are gone once the count is done.
    let left = std::fs::read_dir(dir.path())
        .map(|d| d.count())
        .unwrap_or(0);
    assert_eq!(left, 0);
}

#[test]
fn boards_too_wide_to_encode_are_refused() {
    let e = frontier::count(board(14, 14), true, &FrontierOptions::default());
    assert!(e.is_err());
    // 14 x 2 is only 2 wide along its narrow side: fine (and has no tour).
    assert_eq!(dp(14, 2, false), 0);
}

#[test]
fn pruning_keeps_every_count_up_to_5x6_and_cuts_the_states() {
    // Every board up to 5 x 6 (the plan turns a board to run along its narrow side, so one
    // orientation covers both), against the exhaustive search.
    for w in 1..=5 {
        for h in w..=6 {
            agrees_with_exhaustive(w, h);
        }
    }
    // Without pruning, 6 x 6 open paths take 23.7 million states over all layers and 5.6
    // million in the largest (the window encoding alone); the end-counting rules cut that
    // to 7.5 and 1.4 million.
    let c = frontier::count(board(6, 6), false, &FrontierOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(c.total_states < 8_000_000, "{c:?}");
    assert!(c.max_states < 1_500_000, "{c:?}");
}

#[test]
fn the_wide_and_dense_keys_count_the_same() {
    crate::table::each(
        [(5, 5, false), (5, 6, true), (4, 7, false), (6, 6, true)],
        |(w, h, closed)| {
            // The programme counts undirected paths: half the directed count on file.
            let want = on_file(w, h, closed) / if closed { 1 } else { 2 };
            for (encoding, bits) in [(Encoding::Wide, 128), (Encoding::Dense, 64)] {
                let opts = FrontierOptions {
                    encoding,
                    ..FrontierOptions::default()
                };
                let c =
                    frontier::count(board(w, h), closed, &opts).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(c.key_bits, bits);
                assert_eq!(c.count, want.into(), "{w}x{h} closed={closed} {encoding:?}");
            }
        },
    );
}

#[test]
#[ignore = "slow tier: the 7x8 closed count (about 1 min, 0.7 GB)"]
fn the_closed_counts_of_6x8_and_7x8() {
    // OEIS A175881 (6 x n): 6x8 = 55488142. OEIS A193054 (7 x 2n) and A193055 (8 x n):
    // 7x8 = 34524432316 (about 20 s of CPU here, 0.7 GB).
    assert_eq!(dp(6, 8, true), on_file(6, 8, true));
    assert_eq!(dp(7, 8, true), on_file(7, 8, true));
}

/// The square the checkpoint in `cp` has done (0 if none).
fn checkpoint_square(cp: &std::path::Path) -> u32 {
    std::fs::read_to_string(cp.join("checkpoint"))
        .ok()
        .and_then(|t| {
            t.lines().find_map(|l| {
                l.strip_prefix("square ")
                    .and_then(|v| v.parse::<u32>().ok())
            })
        })
        .unwrap_or(0)
}

/// Runs `knights ARGS` and kills it (SIGKILL: no clean-up) once the checkpoint in `cp` is past
/// square `at_least`; returns the square the checkpoint had done.
fn kill_after_checkpoint(args: &[&str], cp: &std::path::Path, at_least: u32) -> u32 {
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_knights"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn();
    let mut child = child.unwrap_or_else(|e| panic!("{e}"));
    let t0 = std::time::Instant::now();
    while checkpoint_square(cp) < at_least && t0.elapsed().as_secs() < 120 {
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    child.kill().unwrap_or_else(|e| panic!("{e}"));
    let killed = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    assert!(
        String::from_utf8_lossy(&killed.stdout).is_empty(),
        "killed before it printed its count"
    );
    checkpoint_square(cp)
}

fn knights_output(args: &[&str]) -> String {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_knights"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn a_count_killed_midway_resumes_from_its_checkpoint() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let cp = dir.path().join("cp");
    let cps = cp.to_string_lossy().into_owned();
    let args = [
        "count",
        "--board",
        "6x8",
        "--closed",
        "--checkpoint",
        &cps,
        "--checkpoint-every",
        "0",
    ];
    let at = kill_after_checkpoint(&args, &cp, 12);
    assert!((12..48).contains(&at), "checkpoint after square {at}");
    let out = knights_output(&args);
    let want = format!("6x8: {} undirected closed tours", on_file(6, 8, true));
    assert!(out.contains(&want), "{out}");
    assert!(
        out.contains(&format!("resumed from the checkpoint after square {at}")),
        "{out}"
    );
    // The layers summed over both runs are those of one uninterrupted run.
    assert!(
        out.contains("largest layer 660894, 5610726 over all layers"),
        "{out}"
    );
    assert!(!cp.exists(), "a finished count removes its checkpoint");
}

#[test]
fn a_spilled_wide_checkpoint_is_linked_and_resumes_with_the_dense_key() {
    // The 8 x 8 run's path on a small board: states spilled to disk (a 1 MB cap), the
    // checkpoint links the spill files instead of copying them, and a run with the dense key
    // resumes from the checkpoint the two-word key wrote, to the same count.
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let cp = dir.path().join("cp");
    let spill = dir.path().join("spill");
    std::fs::create_dir_all(&spill).unwrap_or_else(|e| panic!("{e}"));
    let (cps, spills) = (cp.to_string_lossy(), spill.to_string_lossy());
    let args = |key: &'static str| {
        [
            "count",
            "--board",
            "6x8",
            "--closed",
            "--memory-cap",
            "1M",
            "--spill-dir",
            &spills,
            "--checkpoint",
            &cps,
            "--checkpoint-every",
            "0",
            "--key",
            key,
        ]
        .map(str::to_string)
    };
    let wide = args("wide");
    let wide: Vec<&str> = wide.iter().map(String::as_str).collect();
    let at = kill_after_checkpoint(&wide, &cp, 30);
    assert!((30..48).contains(&at), "checkpoint after square {at}");
    let meta = std::fs::read_to_string(cp.join("checkpoint")).unwrap_or_default();
    assert!(meta.contains("16-byte keys"), "{meta}");
    let parts: Vec<&str> = meta.lines().filter(|l| l.starts_with("part ")).collect();
    assert!(!parts.is_empty(), "no spill file in the checkpoint: {meta}");
    let dense = args("dense");
    let dense: Vec<&str> = dense.iter().map(String::as_str).collect();
    let out = knights_output(&dense);
    let want = format!("6x8: {} undirected closed tours", on_file(6, 8, true));
    assert!(out.contains(&want), "{out}");
    assert!(
        out.contains(&format!("resumed from the checkpoint after square {at}")),
        "{out}"
    );
    assert!(!cp.exists(), "a finished count removes its checkpoint");
}
