//! Running a child process and reading what it cost: CPU seconds and peak resident memory from
//! `wait4`'s rusage (per child, so runs do not blur into each other), and its output.
//!
//! Tested by: tests/bench_suite.rs (every suite run is a child run).

use std::io::{self, Read};
use std::process::{Command, Stdio};

/// What one child run produced and cost.
#[derive(Clone, Debug)]
pub struct ChildRun {
    pub stdout: String,
    pub stderr: String,
    pub success: bool,
    /// User + system CPU seconds of the whole process (start-up included).
    pub cpu_seconds: f64,
    /// Peak resident set size in kilobytes.
    pub peak_rss_kb: u64,
}

/// Runs `cmd` to completion, collecting stdout and stderr and the child's own rusage.
pub fn run(cmd: &mut Command) -> io::Result<ChildRun> {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    // Drain stderr on a thread so neither pipe can fill up and block the child.
    let mut err_pipe = child.stderr.take();
    let err_thread = std::thread::spawn(move || {
        let mut s = String::new();
        if let Some(p) = err_pipe.as_mut() {
            let _ = p.read_to_string(&mut s);
        }
        s
    });
    let mut stdout = String::new();
    if let Some(mut p) = child.stdout.take() {
        p.read_to_string(&mut stdout)?;
    }
    let (success, cpu_seconds, peak_rss_kb) = wait_with_rusage(child)?;
    let stderr = err_thread.join().unwrap_or_default();
    Ok(ChildRun {
        stdout,
        stderr,
        success,
        cpu_seconds,
        peak_rss_kb,
    })
}

#[cfg(unix)]
fn wait_with_rusage(child: std::process::Child) -> io::Result<(bool, f64, u64)> {
    let pid = child.id() as libc::pid_t;
    let mut status: libc::c_int = 0;
    // SAFETY: rusage is plain old data; wait4 fills it for our own child, which std has not
    // reaped (we never call wait on `child`).
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    if r < 0 {
        return Err(io::Error::last_os_error());
    }
    std::mem::forget(child);
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    let cpu = secs(usage.ru_utime) + secs(usage.ru_stime);
    let ok = libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
    Ok((ok, cpu, usage.ru_maxrss.max(0) as u64))
}

#[cfg(not(unix))]
fn wait_with_rusage(mut child: std::process::Child) -> io::Result<(bool, f64, u64)> {
    Ok((child.wait()?.success(), f64::NAN, 0))
}

/// Whether `program` can be run (found on the PATH or as a path).
pub fn available(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}
