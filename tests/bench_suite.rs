//! The classic benchmark programs compute what they claim: each one's `expected/1` accepts its
//! result in knightlog and in SWI-Prolog (timing is for `knights bench --suite`, not tests).

use std::path::PathBuf;
use std::process::Command;

#[test]
#[ignore = "slow tier: every classic benchmark under both systems (about 40 s)"]
fn every_benchmark_is_right_in_both_systems() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("benches/prolog");
    let names = knightlog::knights::bench::suite::programs(&dir).expect("benches/prolog");
    assert!(names.len() >= 19, "{names:?}");
    for name in &names {
        for exe in [env!("CARGO_BIN_EXE_knightlog"), "swipl"] {
            let o = Command::new(exe)
                .args(["-q", "-g", "bench_main", "-t", "halt"])
                .arg(dir.join("harness.pl"))
                .arg(dir.join(format!("{name}.pl")))
                .output()
                .unwrap_or_else(|e| panic!("cannot run {exe}: {e} (CI installs swi-prolog-nox)"));
            let out = String::from_utf8_lossy(&o.stdout);
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(
                o.status.success() && out.starts_with("ok ") && err.is_empty(),
                "{exe} {name}: {out}{err}"
            );
        }
    }
}
