//! Checks on the programs' results that do not depend on comparing outputs:
//! the walk lengths seed 001 reports, and the PostScript it describes.

use std::path::PathBuf;
use std::process::Command;

const KNIGHTLOG: &str = env!("CARGO_BIN_EXE_knightlog");

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs a goal against a program file in a working directory; returns stdout.
fn run_in(dir: &std::path::Path, prog: &str, goal: &str) -> String {
    let file = root().join("programs").join(prog);
    let o = Command::new(KNIGHTLOG)
        .args(["-q", "-g", goal, "-t", "halt"])
        .arg(&file)
        .current_dir(dir)
        .output()
        .expect("run knightlog");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        o.status.success() && err.is_empty(),
        "{prog} -g {goal}: {err}"
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Seed 001 reports `?- solve(X), length(X, N).` giving `N = 257` for the first
/// solver ("That's 256 moves after the initial position"), and "the solution
/// consists of only 58 moves" (59 positions) for the greedy find_closest/3 one.
#[test]
fn queen_walk_lengths_are_the_documents() {
    let dir = std::env::temp_dir();
    let goal = "solve(X), length(X, N), write(N), nl";
    assert_eq!(run_in(&dir, "jump.pl", goal), "257\n");
    assert_eq!(run_in(&dir, "jump_closest.pl", goal), "59\n");
}

/// write_ps/0 writes knight.ps with one page per board state, as the post's
/// show/1 does; Ghostscript (installed by CI) renders it to PDF without errors.
#[test]
fn knight_ps_is_written_and_renders() {
    for (prog, pages) in [("jump.pl", 257), ("jump_closest.pl", 59)] {
        let dir = std::env::temp_dir().join(format!("knightlog-ps-{}-{prog}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        run_in(&dir, prog, "write_ps");
        let ps = std::fs::read_to_string(dir.join("knight.ps")).expect("knight.ps written");
        assert!(
            ps.starts_with("%!PS-Adobe-2.0\n%%BoundingBox: 0 0 500 500\n"),
            "{prog}"
        );
        assert_eq!(
            ps.matches("showpage").count(),
            pages,
            "{prog}: one page per state"
        );
        assert_eq!(
            ps.matches("rectstroke").count(),
            pages,
            "{prog}: board outline per page"
        );
        let gs = Command::new("gs")
            .args([
                "-q",
                "-dSAFER",
                "-dBATCH",
                "-dNOPAUSE",
                "-sDEVICE=pdfwrite",
                "-g5000x5000",
            ])
            .arg("-o")
            .arg(dir.join("knight.pdf"))
            .arg(dir.join("knight.ps"))
            .output()
            .expect("Ghostscript (gs) must be installed: CI installs ghostscript");
        assert!(
            gs.status.success(),
            "gs failed: {}",
            String::from_utf8_lossy(&gs.stderr)
        );
        let pdf = std::fs::read(dir.join("knight.pdf")).expect("knight.pdf");
        assert!(pdf.starts_with(b"%PDF"), "{prog}: not a PDF");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Every tour the programs print, as a board of move numbers or as a list of `[File,Rank]`
/// squares, read back and checked by the native checker (`knights::check`), independently of
/// the Prolog code that printed it; where the program says "closed" or "open", that too.
#[test]
fn printed_tours_pass_the_native_checker() {
    let dir = std::env::temp_dir();
    let runs = [
        ("warnsdorff.pl", "demo", 3),
        ("backtrack.pl", "demo", 3),
        ("tour_utils.pl", "tour_utils_demo", 2),
        ("compare_verify.pl", "symmetry_demo", 2),
    ];
    crate::table::each(runs, |(prog, goal, at_least)| {
        let out = run_in(&dir, prog, goal);
        let n = check_printed_tours(&out);
        assert!(n >= at_least, "{prog} -g {goal}: {n} tours checked\n{out}");
    });
    // The paper's first tour takes a minute to find; its output is the expected file, which
    // the slow test in programs_vs_swi.rs holds knightlog's and SWI-Prolog's output to.
    let first =
        std::fs::read_to_string(root().join("tests/programs_expected/knight_tour.first_tour.out"))
            .expect("expected first tour");
    assert!(check_printed_tours(&first) >= 2, "{first}");
}

/// Checks the tours in a program's output; returns how many it checked.
fn check_printed_tours(out: &str) -> usize {
    use knightlog::knights::board::check;
    use knightlog::knights::io::input::{parse_json_squares, parse_tour};
    use knightlog::knights::{Board, Tour};
    let lines: Vec<&str> = out.lines().collect();
    let mut checked = 0;
    // Number boards: runs of lines holding only numbers (after an optional "8 |" rank label).
    let mut i = 0;
    while i < lines.len() {
        let mut j = i;
        while j < lines.len() && number_row(lines[j]).is_some() {
            j += 1;
        }
        if j - i >= 2 {
            let rows: Vec<Vec<u64>> = lines[i..j].iter().filter_map(|l| number_row(l)).collect();
            let mut all: Vec<u64> = rows.concat();
            all.sort_unstable();
            // A permutation of 1..n is a tour to check; other matrices (walks) are not tours.
            if all.iter().enumerate().all(|(k, &v)| v == k as u64 + 1) {
                let text = rows
                    .iter()
                    .map(|r| {
                        r.iter()
                            .map(|v| v.to_string())
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect::<Vec<_>>()
                    .join("\n");
                let (board, squares) = parse_tour(&text, None).expect("a number board");
                let info = check::validate(board, &squares)
                    .unwrap_or_else(|e| panic!("not a tour: {e}\n{text}"));
                let claim = lines.get(j).copied().unwrap_or_default();
                if claim.contains("closed tour") {
                    assert!(info.closed, "said closed, is not:\n{text}");
                }
                if claim.contains("open tour") {
                    assert!(!info.closed, "said open, is closed:\n{text}");
                }
                checked += 1;
            }
        }
        i = j.max(i + 1);
    }
    // Lists of squares: `[[1,8],[3,7],...]` on a line, on the smallest board holding them when
    // that board has exactly as many squares as the list.
    for line in &lines {
        let Some(start) = line.find("[[") else {
            continue;
        };
        let Some(end) = line.rfind("]]") else {
            continue;
        };
        let squares = parse_json_squares(&line[start..end + 2]).expect("a list of squares");
        let w = squares.iter().map(|s| s.file).max().unwrap_or(0);
        let h = squares.iter().map(|s| s.rank).max().unwrap_or(0);
        if (w * h) as usize == squares.len() {
            let board = Board::new(w, h).unwrap();
            Tour::from_squares(board, &squares).unwrap_or_else(|e| panic!("{e}: {line}"));
            checked += 1;
        }
    }
    checked
}

/// The numbers of a board row (`  1  16  51` or `8 |  1 38 55`), if the line is one.
fn number_row(line: &str) -> Option<Vec<u64>> {
    let body = match line.split_once('|') {
        Some((label, rest)) if label.trim().parse::<u64>().is_ok() => rest,
        Some(_) => return None,
        None => line,
    };
    let nums: Option<Vec<u64>> = body.split_whitespace().map(|t| t.parse().ok()).collect();
    nums.filter(|v| v.len() >= 2)
}
