//! The alarm clock: one thread for the whole process that rings a gate
//! (gate.rs) when an alarm's time comes. The machine then runs the alarm's
//! goal at its next call (library(time): `alarm/4`, `call_with_time_limit/2`).
//! The thread starts with the first alarm and sleeps until the earliest one.
//!
//! Tested by: tests/prolog/lib_time.pl (alarms, time limits), under both systems.

use super::gate::Gate;
use std::collections::BTreeMap;
use std::sync::{Arc, Condvar, Mutex, OnceLock, Weak};
use std::time::{Duration, Instant};

/// The alarms waiting for their time, by (time, number).
#[derive(Default)]
struct Schedule {
    due: BTreeMap<(Instant, u64), Weak<Gate>>,
}

struct Clock {
    schedule: Mutex<Schedule>,
    changed: Condvar,
}

fn clock() -> &'static Clock {
    static CLOCK: OnceLock<Clock> = OnceLock::new();
    CLOCK.get_or_init(|| {
        let spawned = std::thread::Builder::new()
            .name("knightlog-alarms".into())
            .spawn(run_clock);
        if spawned.is_err() {
            // No thread: alarms never ring (the error surfaces as a time
            // limit that does not stop a goal, not as a crash).
            eprintln!("knightlog: cannot start the alarm thread");
        }
        Clock {
            schedule: Mutex::new(Schedule::default()),
            changed: Condvar::new(),
        }
    })
}

fn run_clock() {
    let c = clock();
    let mut s = c.schedule.lock().unwrap_or_else(|e| e.into_inner());
    loop {
        let now = Instant::now();
        while let Some(entry) = s.due.first_entry() {
            let (at, id) = *entry.key();
            if at > now {
                break;
            }
            if let Some(g) = entry.remove().upgrade() {
                g.ring(id);
            }
        }
        s = match s.due.keys().next() {
            Some(&(at, _)) => {
                let wait = at.saturating_duration_since(Instant::now());
                c.changed
                    .wait_timeout(s, wait)
                    .unwrap_or_else(|e| e.into_inner())
                    .0
            }
            None => c.changed.wait(s).unwrap_or_else(|e| e.into_inner()),
        };
    }
}

/// Rings `gate` with `id` after `delay` (at once if it is zero).
pub fn schedule(gate: &Arc<Gate>, id: u64, delay: Duration) {
    let at = Instant::now()
        .checked_add(delay)
        .unwrap_or_else(|| Instant::now() + Duration::from_secs(100 * 365 * 86_400));
    let c = clock();
    let mut s = c.schedule.lock().unwrap_or_else(|e| e.into_inner());
    s.due.retain(|&(_, i), _| i != id);
    s.due.insert((at, id), Arc::downgrade(gate));
    c.changed.notify_all();
}

/// Forgets alarm `id` if it has not rung yet.
pub fn cancel(id: u64) {
    let c = clock();
    let mut s = c.schedule.lock().unwrap_or_else(|e| e.into_inner());
    s.due.retain(|&(_, i), _| i != id);
}
