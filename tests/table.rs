//! Table tests that report every failing case: each case runs on its own, a
//! failing one (any `assert!` or panic inside it) is recorded with its label,
//! and the test fails once at the end with all of them listed, instead of
//! stopping at the first. Also the data files of `tests/scenarios/`.

use std::fmt::Debug;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

/// Runs `check` on every case; panics at the end listing each case that
/// panicked (`{case:?}: message`). The panic hook still prints each failure
/// as it happens (shown with the test's output).
pub fn each<C: Debug>(cases: impl IntoIterator<Item = C>, mut check: impl FnMut(C)) {
    let mut failures = Failures::default();
    for case in cases {
        let label = format!("{case:?}");
        if let Err(payload) = catch_unwind(AssertUnwindSafe(|| check(case))) {
            failures.push(format!("{label}: {}", message(payload.as_ref())));
        }
    }
    failures.finish();
}

/// Failures collected by hand, for tables whose cases compare without panicking.
#[derive(Default)]
pub struct Failures(Vec<String>);

impl Failures {
    pub fn push(&mut self, failure: impl Into<String>) {
        self.0.push(failure.into());
    }

    /// Panics listing every failure, if there are any.
    pub fn finish(self) {
        assert!(
            self.0.is_empty(),
            "{} failing case(s):\n{}",
            self.0.len(),
            self.0.join("\n---\n")
        );
    }
}

fn message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else {
        "panic with a non-text payload".to_string()
    }
}

/// The `.txt` files of `tests/scenarios/FOLDER/`, sorted; at least `at_least`
/// of them (a check that the folder was found and read).
pub fn scenario_files(folder: &str, at_least: usize) -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios")
        .join(folder);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir:?}: {e}"))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    assert!(
        files.len() >= at_least,
        "{dir:?}: {} scenario files, expected at least {at_least}",
        files.len()
    );
    files
}
