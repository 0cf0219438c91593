//! The `knights` command as a user runs it: outputs, files, exit codes, messages.

use std::path::PathBuf;
use std::process::{Command, Output};

pub(crate) fn knights(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_knights"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run knights: {e}"))
}

pub(crate) fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

pub(crate) fn tmp(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("knights_cli");
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    dir.join(name)
}

#[test]
fn paper_tour_as_text_board() {
    let o = knights(&[
        "tour", "--board", "8x8", "--start", "[1,8]", "--method", "dfs",
    ]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    let rows: Vec<Vec<u32>> = out
        .lines()
        .map(|l| {
            l.split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), 8);
    assert_eq!(rows[0][0], 1, "a8 is move 1");
    assert_eq!(rows[6][7], 64, "h2 is move 64");
    assert!(err.contains("3242065 nodes"), "{err}");
}

#[test]
fn tour_json_round_trips_through_check_and_render() {
    let json = tmp("tour.json");
    let j = json.to_string_lossy().into_owned();
    let o = knights(&[
        "tour", "--board", "6x6", "--start", "c3", "--closed", "--format", "json", "-o", &j,
    ]);
    assert!(o.status.success(), "{}", text(&o).1);
    let o = knights(&["check", "--board", "6x6", &j]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(
        out.contains("valid closed knight's tour of the 6x6 board"),
        "{out}"
    );
    let svg = tmp("tour.svg");
    let s = svg.to_string_lossy().into_owned();
    let o = knights(&["render", "--board", "6x6", "--format", "svg", &j, "-o", &s]);
    assert!(o.status.success(), "{}", text(&o).1);
    let drawn = std::fs::read_to_string(&svg).unwrap_or_default();
    assert!(
        drawn.starts_with("<svg") && drawn.contains(" Z\""),
        "closed path expected"
    );
    // A text board written by `tour` is read back by `check` without --board.
    let board = tmp("tour.txt");
    let b = board.to_string_lossy().into_owned();
    let o = knights(&["tour", "--board", "5x7", "--method", "divide", "-o", &b]);
    assert!(o.status.success(), "{}", text(&o).1);
    let o = knights(&["check", &b]);
    assert!(text(&o)
        .0
        .contains("valid open knight's tour of the 5x7 board"));
}

#[test]
fn bad_tours_and_bad_input_are_refused() {
    let bad = tmp("bad.json");
    std::fs::write(&bad, "[[1,1],[2,3],[3,1],[1,1]]").unwrap_or_else(|e| panic!("{e}"));
    let o = knights(&["check", "--board", "8x8", &bad.to_string_lossy()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o).1.contains("not a valid knight's tour"));
    for (args, needle) in [
        (vec!["tour", "--board", "0x5"], "at least one file"),
        (
            vec!["tour", "--board", "8x8", "--start", "i9"],
            "off the 8x8 board",
        ),
        (vec!["tour", "--board", "5x5", "--closed"], "Schwenk"),
        (vec!["tour", "--board", "4x4"], "Conrad"),
        (vec!["tour", "--board", "5x5", "--start", "a2"], "colour"),
        (
            vec![
                "tour", "--board", "4x6", "--start", "b2", "--method", "divide",
            ],
            "both its ends are on the outer files",
        ),
        (
            vec!["count", "--board", "9x9", "--method", "exhaustive"],
            "at most 64 squares",
        ),
        (vec!["count", "--board", "14x14"], "at most 12"),
        (vec!["puzzle", "--start", "d1"], "attacked by the queen"),
        (
            vec!["check", "--board", "8x8", "/nonexistent/file"],
            "cannot read",
        ),
    ] {
        let o = knights(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(text(&o).1.contains(needle), "{args:?}: {}", text(&o).1);
    }
}

#[test]
fn exists_count_neural_and_bench() {
    let (out, _) = text(&knights(&["exists", "3x10"]));
    assert!(
        out.contains("3x10: closed tour: yes") && out.contains("Schwenk"),
        "{out}"
    );
    let (out, _) = text(&knights(&["count", "--board", "5x5"]));
    assert!(out.contains("1728") && out.contains("agrees"), "{out}");
    assert!(
        out.contains("frontier DP") && out.contains("sums that did not saturate"),
        "{out}"
    );
    let (out, _) = text(&knights(&[
        "count",
        "--board",
        "5x6",
        "--closed",
        "--method",
        "exhaustive",
    ]));
    assert!(
        out.contains("5x6: 8 undirected") && out.contains("A175881"),
        "{out}"
    );
    let (out, _) = text(&knights(&["puzzle"]));
    assert!(
        out.contains("shortest walk: 46 moves") && out.contains("proof"),
        "{out}"
    );
    let (out, _) = text(&knights(&["puzzle", "--fixed-order", "--format", "ps"]));
    assert!(out.starts_with("%!PS-Adobe-2.0"), "{out}");
    let run = || {
        text(&knights(&[
            "neural", "--board", "6x6", "--trials", "60", "--seed", "3",
        ]))
        .0
    };
    let strip = |s: String| {
        s.lines()
            .filter(|l| !l.contains("time:"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let (a, b) = (strip(run()), strip(run()));
    assert_eq!(a, b);
    assert!(a.contains("60 trials on 6x6"), "{a}");
    // The suite bench, one cheap benchmark in knightlog only (the paper's query takes minutes).
    let root = env!("CARGO_MANIFEST_DIR");
    let args = [
        "bench",
        "--suite",
        "--only",
        "tak",
        "--runs",
        "1",
        "--no-swipl",
        "--root",
        root,
    ];
    let o = knights(&[&args[..], &["--json"]].concat());
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        out.contains("\"benchmark\": \"tak\"") && out.contains("\"checked\": true"),
        "{out}"
    );
    let o = knights(&["bench", "--suite", "--only", "nosuch", "--root", root]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o).1.contains("no benchmarks to run"));
}

#[test]
fn postscript_follows_seed_001() {
    let o = knights(&[
        "tour", "--method", "divide", "--board", "8x8", "--format", "ps",
    ]);
    let (out, _) = text(&o);
    assert!(
        out.starts_with("%!PS-Adobe-2.0\n%%BoundingBox: 0 0 500 500\n50 50 400 400 rectstroke\n")
    );
    assert_eq!(out.matches("showpage").count(), 64);
}

#[test]
fn work_beyond_the_memory_limit_is_refused_up_front() {
    let o = Command::new(env!("CARGO_BIN_EXE_knights"))
        .args([
            "tour",
            "--board",
            "1000x1000",
            "--method",
            "divide",
            "--format",
            "none",
        ])
        .env("KNIGHTS_MEMORY_LIMIT", "1000000")
        .output()
        .unwrap_or_else(|e| panic!("cannot run knights: {e}"));
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("needs about") && err.contains("available"),
        "{err}"
    );
}

#[test]
fn cli_seams_say_what_they_mean() {
    // `exists` takes --board like every other subcommand (the positional still works).
    let (a, _) = text(&knights(&["exists", "--board", "8x8"]));
    let (b, _) = text(&knights(&["exists", "8x8"]));
    assert!(a.contains("8x8: closed tour: yes"), "{a}");
    assert_eq!(a, b);
    // --solutions 0 is refused, not silently one tour.
    let o = knights(&[
        "tour",
        "--method",
        "dfs",
        "--board",
        "5x5",
        "--solutions",
        "0",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("0 is refused"), "{}", text(&o).1);
    // --start i9 names the square as given.
    let o = knights(&["tour", "--board", "8x8", "--start", "i9"]);
    let err = text(&o).1;
    assert!(
        err.contains("square i9 ([9,9]) is off the 8x8 board (files a..h"),
        "{err}"
    );
    // --rule literal is explained in the help.
    let (help, _) = text(&knights(&["neural", "--help"]));
    assert!(help.contains("perfect matching"), "{help}");
    // Neural trials on boards with no closed tour warn before they run.
    crate::table::each(["3x3", "5x5"], |board| {
        let o = knights(&["neural", "--board", board, "--trials", "5"]);
        assert!(o.status.success());
        assert!(
            text(&o).1.contains("warning: the")
                && text(&o).1.contains("has no closed knight's tour"),
            "{board}: {}",
            text(&o).1
        );
    });
    let o = knights(&["neural", "--board", "6x6", "--trials", "5"]);
    assert!(!text(&o).1.contains("warning"));
}

#[test]
fn bench_finds_its_programs_and_talks_on_a_pipe() {
    // Run from elsewhere, without --root: the programs are found from the executable.
    let o = Command::new(env!("CARGO_BIN_EXE_knights"))
        .args(["bench", "--suite", "--only", "tak", "--runs", "1"])
        .current_dir(std::env::temp_dir())
        .output()
        .unwrap_or_else(|e| panic!("cannot run knights: {e}"));
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(out.contains("| tak |"), "{out}");
    // stderr is a pipe here: a status line instead of a bar; and a closing ratio line.
    assert!(
        err.contains("knights bench --suite: ") && err.contains(" runs, 0m"),
        "{err}"
    );
    let swipl = !err.contains("swipl is not on the PATH");
    let want = if swipl {
        "summary: knightlog "
    } else {
        "summary: no SWI-Prolog"
    };
    assert!(out.contains(want), "{out}");
    let o = knights(&["bench", "--root", "/nonexistent"]);
    assert!(text(&o).1.contains("holds no programs/knight_tour.pl"));
}

#[test]
fn count_estimates_before_it_starts() {
    let o = knights(&["count", "--board", "5x5"]);
    let (out, err) = text(&o);
    assert!(out.contains("1728"), "{out}");
    assert!(
        err.contains("estimate: at most") && err.contains("this machine:"),
        "{err}"
    );
    // 8x8 closed: a window of 17 cells, 6.965 billion configurations, 16-byte entries (the
    // dense key);
    // with a 1 GiB cap it must spill.
    let o = knights(&[
        "count",
        "--board",
        "8x8",
        "--closed",
        "--estimate",
        "--memory-cap",
        "1G",
    ]);
    let (out, _) = text(&o);
    assert!(o.status.success());
    assert!(
        out.contains("estimate: at most 6.965e9 states in a layer, 16 bytes"),
        "{out}"
    );
    assert!(out.contains("spilled to disk: up to"), "{out}");
}
