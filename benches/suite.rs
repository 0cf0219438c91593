//! `cargo bench --bench suite`: the classic Prolog benchmarks of `benches/prolog/` in knightlog
//! and, when `swipl` is installed, in SWI-Prolog, side by side (the same as
//! `knights bench --suite`, whose code, `src/knights/bench/suite.rs`, it calls). `SUITE_RUNS`
//! sets the runs per benchmark (default 3).

use knightlog::knights::bench::{process, suite};
use std::path::PathBuf;

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let runs = std::env::var("SUITE_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3);
    let b = suite::SuiteBench {
        knightlog: PathBuf::from(env!("CARGO_BIN_EXE_knightlog")),
        swipl: process::available("swipl").then(|| "swipl".to_string()),
        dir: root.join("benches/prolog"),
        runs,
        only: Vec::new(),
        progress: true,
    };
    match suite::run(&b) {
        Ok(rows) => print!("{}", suite::table(&rows)),
        Err(e) => {
            eprintln!("suite: {e}");
            std::process::exit(1);
        }
    }
}
