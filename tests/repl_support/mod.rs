//! Driving the real `knightlog` binary in a pseudo-terminal (rexpect), as a
//! person at a terminal would: shared by the REPL acceptance tests.
//!
//! Every session gets its own data directory (XDG_DATA_HOME and HOME point
//! there), so tests never read or write the history of the person running them.

#![allow(dead_code)] // each test file uses its own part of this module

use rexpect::session::{spawn_with_options, Options, PtySession};
use std::path::{Path, PathBuf};
use std::process::Command;

pub const BIN: &str = env!("CARGO_BIN_EXE_knightlog");

/// The repository root: the working directory of every session, so
/// `programs/knight_tour.pl` names the program.
pub fn repo_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A directory of its own for one test, removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("knightlog_{tag}_{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create a temporary directory");
        TempDir(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// How a session is started.
pub struct Launch<'a> {
    pub args: &'a [&'a str],
    /// The user's data directory (history lives below it).
    pub data: &'a Path,
    /// Extra environment; NO_COLOR=1 and TERM=xterm unless overridden here.
    pub env: &'a [(&'a str, &'a str)],
    /// How long any one expectation may wait.
    pub timeout_ms: u64,
}

impl Launch<'_> {
    pub fn spawn(&self) -> PtySession {
        let mut cmd = Command::new(BIN);
        cmd.args(self.args)
            .current_dir(repo_root())
            .env_remove("KNIGHTLOG_HISTORY")
            .env("XDG_DATA_HOME", self.data)
            .env("HOME", self.data)
            .env("NO_COLOR", "1")
            .env("TERM", "xterm");
        for (k, v) in self.env {
            cmd.env(k, v);
        }
        let opts = Options::new().timeout_ms(Some(self.timeout_ms));
        spawn_with_options(cmd, opts).expect("start knightlog in a pseudo-terminal")
    }
}

/// A session in `data` with `args`, 30 s per expectation.
pub fn session(args: &[&str], data: &Path) -> PtySession {
    Launch {
        args,
        data,
        env: &[],
        timeout_ms: 30_000,
    }
    .spawn()
}

/// Waits for `needle`; on failure the panic shows what was seen instead.
pub fn expect(s: &mut PtySession, needle: &str) -> String {
    match s.exp_string(needle) {
        Ok(before) => before,
        Err(e) => panic!("expected {needle:?}: {e}"),
    }
}

/// Types a line and presses Enter, as at a terminal.
pub fn type_line(s: &mut PtySession, line: &str) {
    s.send(line).expect("write to the terminal");
    s.send("\r").expect("write to the terminal");
    s.flush().expect("flush the terminal");
}

/// Presses keys without Enter.
pub fn press(s: &mut PtySession, keys: &str) {
    s.send(keys).expect("write to the terminal");
    s.flush().expect("flush the terminal");
}
