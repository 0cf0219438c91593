//! What the operating system tells this process, read in one place: available memory for
//! the engine's memory limit and the native path's up-front refusals (the least of
//! `MemAvailable`, the cgroup's remaining allowance and the address-space rlimit's room), and
//! the one CPU clock (`X is cputime`, `statistics/2`, `time/1`).
//!
//! Tested by: the unit tests below; tests/robustness.rs (limits under `ulimit -v`).

/// User CPU time of the calling thread in seconds (SWI's `cputime`: the thread that runs
/// Prolog; native searches on worker threads are not counted). Wall time since first use
/// where the system cannot say.
pub fn cpu_seconds() -> f64 {
    #[cfg(unix)]
    {
        #[cfg(target_os = "linux")]
        let who = libc::RUSAGE_THREAD;
        #[cfg(not(target_os = "linux"))]
        let who = libc::RUSAGE_SELF;
        let mut usage = std::mem::MaybeUninit::<libc::rusage>::uninit();
        // SAFETY: getrusage writes a whole `rusage` into the pointer on success (rc == 0),
        // and only then is it read.
        if unsafe { libc::getrusage(who, usage.as_mut_ptr()) } == 0 {
            let u = unsafe { usage.assume_init() }.ru_utime;
            return u.tv_sec as f64 + u.tv_usec as f64 / 1e6;
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

#[cfg(test)]
mod tests {
    use super::*;

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
