//! What the operating system tells this process, read in one place: available memory for
//! the engine's memory limit and the native path's up-front refusals (the least of
//! `MemAvailable`, the cgroup's remaining allowance and the address-space rlimit's room); the
//! one CPU clock (`X is cputime`, `statistics/2`, `time/1`); and the one parser of sizes users
//! type (`--stack-limit 256m`, `--memory-cap 1.5G`); and whether standard input has a byte
//! waiting (wait_for_input/3, get_single_char/1, the top level's keys).
//!
//! Tested by: the unit tests below; tests/robustness.rs (limits under `ulimit -v`,
//! `--stack-limit`); tests/adversarial.rs (`knights count --memory-cap` refusals).

/// CPU time of the calling thread in seconds, user and system, to the nanosecond (the thread
/// that runs Prolog: native searches on worker threads are not counted). The one CPU clock:
/// `X is cputime`, `statistics(cputime, _)`, `time/1` and `knights bench`'s in-process runs.
/// Wall time since first use where the system cannot say.
pub fn cpu_seconds() -> f64 {
    #[cfg(unix)]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: clock_gettime writes only the timespec we pass.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0 {
            return ts.tv_sec as f64 + ts.tv_nsec as f64 / 1e9;
        }
    }
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_secs_f64()
}

/// Bytes this process may still allocate, if anything bounds it.
pub fn memory_available() -> Option<u64> {
    [meminfo_available(), cgroup_room(), rlimit_room()]
        .into_iter()
        .flatten()
        .min()
}

fn meminfo_available() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    kib_field(line)
}

/// `VmSize:  1234 kB`-style lines: the number, in bytes.
fn kib_field(line: &str) -> Option<u64> {
    let kb = line.split_whitespace().nth(1)?.parse::<u64>().ok()?;
    Some(kb * 1024)
}

fn read_u64(path: &str) -> Option<u64> {
    std::fs::read_to_string(path).ok()?.trim().parse().ok()
}

/// cgroup v2 (`memory.max`, "max" when unbounded), else v1 (`memory.limit_in_bytes`).
fn cgroup_room() -> Option<u64> {
    let (limit, used) = match read_u64("/sys/fs/cgroup/memory.max") {
        Some(l) => (l, read_u64("/sys/fs/cgroup/memory.current")?),
        None => (
            read_u64("/sys/fs/cgroup/memory/memory.limit_in_bytes")?,
            read_u64("/sys/fs/cgroup/memory/memory.usage_in_bytes")?,
        ),
    };
    // v1 reports "no limit" as a number near 2^63.
    (limit < 1 << 60).then(|| limit.saturating_sub(used))
}

/// Room left under `ulimit -v` (RLIMIT_AS): the limit less the current virtual size.
#[cfg(unix)]
fn rlimit_room() -> Option<u64> {
    let mut rl = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes only into the struct it is given.
    if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut rl) } != 0
        || rl.rlim_cur == libc::RLIM_INFINITY
    {
        return None;
    }
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let size = kib_field(status.lines().find(|l| l.starts_with("VmSize:"))?)?;
    Some(rl.rlim_cur.saturating_sub(size))
}

#[cfg(not(unix))]
fn rlimit_room() -> Option<u64> {
    None
}

/// A size as users type it: a number of bytes, or a number (fractions allowed) with a unit
/// K, M, G or T (powers of 1024), in either case, optionally followed by B or iB: `100`,
/// `256m`, `512M`, `8G`, `1.5GiB`. `None` for anything else, negative, or beyond `u64`.
pub fn parse_size(text: &str) -> Option<u64> {
    let t = text.trim().to_ascii_uppercase();
    let t = t.trim_end_matches("IB").trim_end_matches('B');
    let (num, unit) = match t.chars().last() {
        Some('K') => (&t[..t.len() - 1], 1u64 << 10),
        Some('M') => (&t[..t.len() - 1], 1 << 20),
        Some('G') => (&t[..t.len() - 1], 1 << 30),
        Some('T') => (&t[..t.len() - 1], 1 << 40),
        _ => (t, 1),
    };
    let v: f64 = num.trim().parse().ok()?;
    if !(v.is_finite() && v >= 0.0) || v * unit as f64 > u64::MAX as f64 {
        return None;
    }
    Some((v * unit as f64) as u64)
}

/// Whether standard input has a byte to read within `timeout_ms` (-1: wait for ever).
#[cfg(unix)]
pub fn stdin_ready(timeout_ms: i32) -> bool {
    fds_ready(&[0], timeout_ms)[0]
}

/// Which of the descriptors have input (or are at its end) within
/// `timeout_ms` (-1: wait for ever, 0: do not wait).
#[cfg(unix)]
pub fn fds_ready(fds: &[i32], timeout_ms: i32) -> Vec<bool> {
    let mut pfds: Vec<libc::pollfd> = fds
        .iter()
        .map(|&fd| libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        })
        .collect();
    loop {
        // SAFETY: `pfds` holds pfds.len() valid pollfds for the duration of the call.
        let r = unsafe { libc::poll(pfds.as_mut_ptr(), pfds.len() as libc::nfds_t, timeout_ms) };
        if r < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
            continue;
        }
        return pfds.iter().map(|p| r > 0 && p.revents != 0).collect();
    }
}

#[cfg(not(unix))]
pub fn stdin_ready(_timeout_ms: i32) -> bool {
    true
}

#[cfg(not(unix))]
pub fn fds_ready(fds: &[i32], _timeout_ms: i32) -> Vec<bool> {
    vec![true; fds.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        for (text, want) in [
            ("512M", Some(512 << 20)),
            ("256m", Some(256 << 20)),
            ("1.5GiB", Some(3 << 29)),
            ("8g", Some(8 << 30)),
            ("64k", Some(64 << 10)),
            ("100", Some(100)),
            (" 2G ", Some(2 << 30)),
            ("lots", None),
            ("-1G", None),
            ("", None),
            ("1e30T", None),
        ] {
            assert_eq!(parse_size(text), want, "{text:?}");
        }
    }

    #[test]
    fn available_memory_is_known_and_plausible_on_linux() {
        if cfg!(target_os = "linux") {
            let m = memory_available().expect("Linux reports MemAvailable");
            assert!(m > 1 << 20, "{m}");
        }
    }

    #[test]
    fn kib_fields_parse() {
        assert_eq!(kib_field("VmSize:\t  2048 kB"), Some(2 << 20));
        assert_eq!(kib_field("VmSize:"), None);
    }
}
