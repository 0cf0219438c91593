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
