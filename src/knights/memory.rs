//! Refusing work that would not fit in memory, with a message, before allocating it.
//!
//! Boards are limited only by memory, and on Linux an allocation that is too large tends to
//! succeed and then bring the OOM killer. So each solver estimates its bytes up front and asks
//! [`ensure`], which compares them with the memory the OS lets this process have
//! ([`crate::os::memory_available`]: `MemAvailable`, cgroup and `ulimit -v` room) or, if set,
//! the `KNIGHTS_MEMORY_LIMIT` environment variable, in bytes. Where neither is known, it allows.
//!
//! Tested by: the unit tests below; tests/adversarial.rs, tests/robustness.rs (refusals under small
//! limits).

use crate::knights::error::KnightsError;

/// The memory the native path may use, if known.
pub fn limit() -> Option<u64> {
    if let Some(v) = std::env::var("KNIGHTS_MEMORY_LIMIT")
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
    {
        return Some(v);
    }
    crate::os::memory_available()
}

/// Refuses `what` if it needs more than the available memory.
pub fn ensure(bytes: u64, what: &str) -> Result<(), KnightsError> {
    match limit() {
        Some(available) if bytes > available => Err(KnightsError::Unsupported {
            what: format!(
                "{what} needs about {} of memory, but only {} is available",
                human(bytes),
                human(available)
            ),
        }),
        _ => Ok(()),
    }
}

fn human(bytes: u64) -> String {
    let gb = bytes as f64 / (1u64 << 30) as f64;
    if gb >= 1.0 {
        format!("{gb:.1} GiB")
    } else {
        format!("{:.0} MiB", bytes as f64 / (1u64 << 20) as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absurd_requests_are_refused_when_memory_is_known() {
        if limit().is_some() {
            assert!(ensure(u64::MAX, "this").is_err());
        }
        assert!(ensure(1, "a byte").is_ok());
    }
}
