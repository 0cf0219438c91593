//! Runs a child process to completion under a time limit, collecting its
//! output on reader threads (a full pipe must not stall the child while we
//! poll). Shared by the tests that drive knightlog and SWI-Prolog as programs.

use std::io::Read;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// What a finished (or killed) child printed.
pub struct Finished {
    /// `None` when the time limit killed it.
    pub status: Option<ExitStatus>,
    pub stdout: String,
    pub stderr: String,
}

/// Spawns `cmd` with stdin closed and its output piped; kills it after `limit`.
pub fn run_with_limit(cmd: &mut Command, limit: Duration) -> Finished {
    let name = cmd.get_program().to_string_lossy().into_owned();
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {name}: {e} (CI installs swi-prolog-nox)"));
    let collect = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut s = String::new();
            let _ = pipe.read_to_string(&mut s);
            s
        })
    };
    let out = collect(Box::new(child.stdout.take().expect("stdout")));
    let err = collect(Box::new(child.stderr.take().expect("stderr")));
    let deadline = Instant::now() + limit;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break Some(status);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Finished {
        status,
        stdout: out.join().expect("stdout reader"),
        stderr: err.join().expect("stderr reader"),
    }
}
