//! Replays the fuzz targets (`fuzz/targets.rs`) on stable Rust over the seed
//! corpus (`fuzz/seeds/`, from programs/ and the tests) and every input that
//! once crashed a target (`fuzz/regressions/`), so CI checks them without
//! libFuzzer. Long fuzzing runs use `cargo fuzz` (see docs/ARCHITECTURE.md).

#[path = "../fuzz/targets.rs"]
mod targets;

use std::path::PathBuf;

fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut out = Vec::new();
    for dir in ["seeds", "regressions"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir).join(target)) else {
            continue;
        };
        for e in entries.flatten() {
            let data = std::fs::read(e.path()).expect("readable corpus file");
            out.push((e.path(), data));
        }
    }
    out.sort();
    out
}

fn replay(target: &str, run: fn(&[u8]), at_least: usize) {
    let all = inputs(target);
    assert!(all.len() >= at_least, "{target}: only {} inputs", all.len());
    for (path, data) in all {
        let r = std::panic::catch_unwind(|| run(&data));
        assert!(r.is_ok(), "{target} panicked on {}", path.display());
    }
}

#[test]
fn reader_target_replays() {
    replay("reader", targets::reader, 20);
}

#[test]
#[ignore = "slow tier: the whole goal fuzz corpus (about 10 s)"]
fn goal_target_replays() {
    replay("goal", targets::goal, 500);
}

#[test]
#[ignore = "slow tier: the whole writer fuzz corpus (about 30 s)"]
fn writer_target_replays() {
    replay("writer", targets::writer, 500);
}

/// Mutants from `examples/mutfuzz.rs` that once crashed (there are no seeds:
/// the driver mutates programs/ and the tests' Prolog files itself).
#[test]
fn program_target_replays() {
    replay("program", targets::program, 2);
}
