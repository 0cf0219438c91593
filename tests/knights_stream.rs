//! Tours written and checked as streams: the text board a band of rows at a time, JSON
//! square by square, `knights check` of both in bounded memory (peak resident memory of the
//! child process measured from /proc), the streamed checker's refusals, and write errors.

use crate::knights_cli::{knights, text, tmp};
use knightlog::knights::board::check::{self, describe};
use knightlog::knights::cli::check::check_stream;
use knightlog::knights::io::input::parse_tour;
use knightlog::knights::io::render::{json, number_board};
use knightlog::knights::solvers::{divide, warnsdorff};
use knightlog::knights::{Board, Square, Tour};
use std::process::Command;
use std::time::Duration;

fn board(w: u32, h: u32) -> Board {
    Board::new(w, h).unwrap_or_else(|e| panic!("{e}"))
}

fn some_tour(w: u32, h: u32, closed: bool) -> Tour {
    divide::tour(board(w, h), Some(Square::new(1, 1)), closed).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_banded_text_board_equals_the_numbering() {
    for (w, h, closed) in [(1, 1, false), (3, 4, false), (8, 8, true), (37, 23, false)] {
        let t = some_tour(w, h, closed);
        let text = number_board(&t);
        let numbers: Vec<u32> = text
            .lines()
            .rev()
            .flat_map(|l| l.split_whitespace().map(|n| n.parse().unwrap_or(0)))
            .collect();
        assert_eq!(numbers, t.numbering(), "{w}x{h}");
    }
    let t = warnsdorff::tour(board(50, 7), Square::new(3, 3), &Default::default())
        .unwrap_or_else(|e| panic!("{e}"))
        .tour;
    let (b, squares) = parse_tour(&number_board(&t), None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((b, squares.as_slice()), (t.board(), t.indices()));
}

#[test]
fn streamed_check_agrees_with_the_in_memory_reading() {
    for (w, h, closed) in [(5, 5, false), (8, 8, true), (31, 12, false)] {
        let t = some_tour(w, h, closed);
        assert!(t.is_closed() || !closed);
        let want = check::summarize(t.board(), t.indices()).unwrap_or_else(|e| panic!("{e}"));
        for written in [number_board(&t), json(&t)] {
            let got = check_stream(written.as_bytes(), None, Some(written.len() as u64))
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(got, want);
            let (b, squares) = parse_tour(&written, None).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!((b, squares.as_slice()), (t.board(), t.indices()));
        }
        assert!(describe(&want).starts_with(if want.closed {
            "valid closed"
        } else {
            "valid open"
        }));
    }
}

#[test]
fn streamed_check_refuses_with_reasons() {
    let refuse = |input: &str, b: Option<Board>| {
        check_stream(input.as_bytes(), b, None)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_else(|| panic!("accepted {input:?}"))
    };
    // 3x4: a1 c2 a3 b1 c3 a2 c1 b3 ... as JSON, broken in several ways.
    let good = number_board(&some_tour(3, 4, false));
    assert!(check_stream(good.as_bytes(), None, None).is_ok());
    let e = refuse(r#"{"board":"3x4","tour":[[1,1],[2,3],[1,1]]}"#, None);
    assert!(e.contains("a1 is visited twice (again at move 3)"), "{e}");
    let e = refuse(r#"{"board":"3x4","tour":[[1,1],[2,2]]}"#, None);
    assert!(e.contains("not a knight's move"), "{e}");
    let e = refuse(r#"{"board":"3x4","tour":[[1,1],[2,3]]}"#, None);
    assert!(e.contains("it has 2 squares, the 3x4 board has 12"), "{e}");
    let e = refuse(r#"{"board":"3x4","tour":[[1,1],[9,3]]}"#, None);
    assert!(e.contains("off the 3x4 board"), "{e}");
    let e = refuse(r#"{"tour":[[1,1]],"board":"3x4"}"#, None);
    assert!(e.contains("before its \"tour\""), "{e}");
    let e = refuse("[[1,1],[2,3]]", None);
    assert!(e.contains("needs --board"), "{e}");
    let e = refuse(r#"{"board":"3x4","tour":[[1,1] [2,3]]}"#, None);
    assert!(e.contains("expected a comma"), "{e}");
    let e = refuse(r#"{"board":"3x4","tour":[[1,1],[2,3]"#, None);
    assert!(e.contains("expected a comma"), "{e}");
    let e = refuse(&good, Some(board(4, 3)));
    assert!(
        e.contains("the rows have 3 squares, the 4x3 board's have 4"),
        "{e}"
    );
    let swapped = good.replacen(" 1 ", " 2 ", 1);
    let e = refuse(&swapped, None);
    assert!(e.contains("appears twice"), "{e}");
    let e = refuse("1 2 x\n", None);
    assert!(e.contains("not a move number"), "{e}");
}

/// Runs `knights args` and returns its exit status and its peak resident memory in KiB
/// (VmHWM, read from /proc while it runs: it only grows, so the last reading is the peak up
/// to a few milliseconds before the end).
fn peak_kib(args: &[&str]) -> (bool, u64) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_knights"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    loop {
        if let Some(s) = child.try_wait().unwrap_or_else(|e| panic!("{e}")) {
            return (s.success(), peak);
        }
        let status = std::fs::read_to_string(&status_file).unwrap_or_default();
        if let Some(kb) = status
            .lines()
            .find(|l| l.starts_with("VmHWM:"))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse::<u64>().ok())
        {
            peak = peak.max(kb);
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_large_tour_is_written_and_checked_in_bounded_memory() {
    // 16 million squares: the tour is 64 MB of indices, the JSON about 190 MB, the text
    // board 144 MB. Held whole, as before, the JSON string cost ~190 MB more and the text
    // board ~210 MB (numbering and string); streamed, JSON adds a buffer, text a band of
    // numbers, and checking holds one bit a square (2 MB).
    let (json_file, text_file) = (tmp("stream_4000.json"), tmp("stream_4000.txt"));
    let (json_path, text_path) = (
        json_file.to_string_lossy().into_owned(),
        text_file.to_string_lossy().into_owned(),
    );
    let tour = ["tour", "--board", "4000x4000", "--method", "divide"];
    let (ok, none) = peak_kib(&[&tour[..], &["--format", "none"]].concat());
    assert!(ok);
    // The text board is written a band of up to 64 MiB of move numbers at a time.
    for (format, path, extra) in [("json", &json_path, 40), ("text", &text_path, 100)] {
        let (ok, kib) = peak_kib(&[&tour[..], &["--format", format, "-o", path]].concat());
        assert!(ok, "{format}");
        assert!(
            kib < none + extra * 1024,
            "{format}: peak {kib} KiB writing, {none} KiB without writing"
        );
        let (ok, kib) = peak_kib(&["check", path]);
        assert!(ok, "check {format}");
        assert!(kib < 40 * 1024, "check {format}: peak {kib} KiB");
    }
    let o = knights(&["check", &json_path]);
    assert!(text(&o)
        .0
        .contains("of the 4000x4000 board (16000000 squares)"));
    let _ = std::fs::remove_file(json_file);
    let _ = std::fs::remove_file(text_file);
}

#[cfg(target_os = "linux")]
#[test]
fn write_errors_end_with_status_2_not_a_panic() {
    for args in [
        &["exists", "8x8"][..],
        &["tour", "--board", "8x8"],
        &["tour", "--board", "300x300", "--format", "json"],
        &["count", "--board", "3x4"],
        &["tour", "--board", "5x5", "--format", "none"],
    ] {
        let full = std::fs::File::create("/dev/full").unwrap_or_else(|e| panic!("{e}"));
        let o = Command::new(env!("CARGO_BIN_EXE_knights"))
            .args(args)
            .stdout(full)
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        let err = String::from_utf8_lossy(&o.stderr);
        if args.contains(&"none") {
            // Nothing on stdout: nothing to fail.
            assert!(o.status.success(), "{args:?}: {err}");
            continue;
        }
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("cannot write to stdout"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
