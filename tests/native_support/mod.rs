//! The paper's program with its go/3 calls counted: `programs/knight_tour.pl` copied to a
//! temporary directory with its go/3 clauses renamed to `'$go'/3` and a counting go/3 in front
//! (`nb_getval(go_calls, N)` after a query), and, for boards other than 8x8, the tour length and
//! `verify/2` made to fit the board. Nothing else of the program changes.

use std::path::{Path, PathBuf};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A directory holding the counting `knight_tour.pl` (and what it loads) for a `w x h` board.
pub fn counted_program(w: u32, h: u32) -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "knightlog-counted-{}-{}-{w}x{h}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let programs = root().join("programs");
    let source = std::fs::read_to_string(programs.join("knight_tour.pl")).unwrap();
    let mut text = String::new();
    for line in source.lines() {
        // Clause heads start in column 0; calls in bodies are indented and keep the name.
        match line.strip_prefix("go(") {
            Some(rest) => text += &format!("'$go'({rest}\n"),
            None => text += &format!("{line}\n"),
        }
    }
    assert!(text.contains("'$go'(Current, Path, Z) :-"), "go/3 renamed");
    text += "\n% Test scaffolding: count the calls of go/3.\n\
             go(Current, Path, Z) :-\n    \
                 nb_getval(go_calls, N0), N is N0 + 1, nb_setval(go_calls, N),\n    \
                 '$go'(Current, Path, Z).\n";
    if (w, h) != (8, 8) {
        let length = "length(Path, 64)";
        assert!(text.contains(length));
        text = text.replace(length, &format!("length(Path, {})", w * h));
        let verify = format!(
            "% verify/2 for a {w}x{h} board (test scaffolding)\n\
             verify(X, Y) :- X >= 1, X =< {w}, Y >= 1, Y =< {h}.\n"
        );
        std::fs::write(dir.join("verify_improved.pl"), verify).unwrap();
    } else {
        copy(&programs, &dir, "verify_improved.pl");
    }
    copy(&programs, &dir, "verify_original.pl");
    copy(&programs, &dir, "tour_utils.pl");
    std::fs::write(dir.join("knight_tour.pl"), text).unwrap();
    dir
}

fn copy(from: &Path, to: &Path, name: &str) {
    std::fs::copy(from.join(name), to.join(name)).unwrap();
}
