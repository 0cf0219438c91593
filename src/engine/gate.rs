//! The call gate: the one test a predicate call makes for everything that is
//! not the call itself (invariant 8, docs/ARCHITECTURE.md "The call gate").
//!
//! `call_pred` compares `heap + 2 * trail` with one word, `Gate::word`.
//! Normally the word is the collector's threshold (`gc.next`); whatever needs
//! the next call's attention lowers it to 0: Ctrl-C (from the signal
//! handler's thread), a full atom table (from whichever machine made the
//! atom: every gate of the process is alerted), an alarm (timer.rs), pending
//! wake-ups, debug mode, an inference limit, `garbage_collect/0`. The slow path then finds out
//! which, and `settle_gate` sets the word again from what is still pending.
//! A word lowered by another thread between the slow path's store and its
//! look at the flags is not lost: the store comes first and the flags are
//! read after it (both sequentially consistent), so either the slow path sees
//! the flag or the other thread's 0 lands after its store.
//!
//! Tested by: tests/robustness.rs (interrupts, inference and atom limits,
//! memory limits), tests/engine_tests.rs (the inference limit in member/2),
//! tests/prolog/lib_time.pl (alarms).

use super::machine::Machine;
use crate::term::atom::Atom;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, Weak};
use std::time::{Duration, Instant};

/// The word the call path tests, and the asynchronous requests behind it.
#[derive(Debug, Default)]
pub struct Gate {
    word: AtomicUsize,
    interrupt: AtomicBool,
    /// An alarm rang (timer.rs): `rung` holds which, until the machine runs them.
    alarm: AtomicBool,
    rung: Mutex<Vec<u64>>,
    /// Wakes `sleep/1` when an alarm rings or Ctrl-C comes.
    attention: Condvar,
}

/// Every live gate of the process: a full atom table alerts them all.
static GATES: Mutex<Vec<Weak<Gate>>> = Mutex::new(Vec::new());

impl Gate {
    /// A gate at `word`, registered for atom-table alerts.
    pub fn new(word: usize) -> Arc<Gate> {
        let g = Arc::new(Gate {
            word: AtomicUsize::new(word),
            ..Gate::default()
        });
        let mut gates = GATES.lock().unwrap_or_else(|e| e.into_inner());
        gates.retain(|w| w.strong_count() > 0);
        gates.push(Arc::downgrade(&g));
        Atom::on_table_full(alert_all);
        g
    }

    /// The threshold the call path compares `heap + 2 * trail` with.
    #[inline(always)]
    pub fn word(&self) -> usize {
        self.word.load(Ordering::Relaxed)
    }

    /// Makes the next call take the slow path.
    #[inline]
    pub fn arm(&self) {
        self.word.store(0, Ordering::SeqCst);
    }

    /// Asks the running query to stop (Ctrl-C); true if a request was
    /// already waiting (not yet taken by the run loop).
    pub fn interrupt(&self) -> bool {
        let was = self.interrupt.swap(true, Ordering::SeqCst);
        self.arm();
        self.attention.notify_all();
        was
    }

    /// An alarm's time came (from the alarm thread): its goal runs at the
    /// machine's next call.
    pub fn ring(&self, id: u64) {
        self.rung.lock().unwrap_or_else(|e| e.into_inner()).push(id);
        self.alarm.store(true, Ordering::SeqCst);
        self.arm();
        self.attention.notify_all();
    }

    /// Whether an alarm rang and has not been taken.
    #[inline(always)]
    pub fn alarm_rang(&self) -> bool {
        self.alarm.load(Ordering::Relaxed)
    }

    /// The alarms that rang and have not run yet, oldest first.
    #[inline]
    pub fn take_alarms(&self) -> Vec<u64> {
        if !self.alarm.load(Ordering::Relaxed) || !self.alarm.swap(false, Ordering::SeqCst) {
            return Vec::new();
        }
        std::mem::take(&mut *self.rung.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// Puts back alarms taken but not run (one before them raised).
    pub fn put_back_alarms(&self, ids: &[u64]) {
        if ids.is_empty() {
            return;
        }
        let mut rung = self.rung.lock().unwrap_or_else(|e| e.into_inner());
        rung.splice(0..0, ids.iter().copied());
        self.alarm.store(true, Ordering::SeqCst);
        self.arm();
    }

    /// Sleeps for `time`, or less if an alarm rings or Ctrl-C comes first;
    /// true if the whole time passed.
    pub fn sleep(&self, time: Duration) -> bool {
        let end = Instant::now().checked_add(time);
        let mut rung = self.rung.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if self.alarm.load(Ordering::SeqCst) || self.interrupt.load(Ordering::SeqCst) {
                return false;
            }
            let left = match end {
                Some(end) => end.saturating_duration_since(Instant::now()),
                None => Duration::from_secs(86_400),
            };
            if left.is_zero() {
                return true;
            }
            rung = self
                .attention
                .wait_timeout(rung, left)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    /// Forgets an interrupt request (a new query starts).
    pub fn clear_interrupt(&self) {
        self.interrupt.store(false, Ordering::SeqCst);
    }

    /// Takes an interrupt request, if there is one.
    #[inline]
    pub fn take_interrupt(&self) -> bool {
        self.interrupt.load(Ordering::Relaxed) && self.interrupt.swap(false, Ordering::SeqCst)
    }

    /// Sets the word to `word`, or 0 if an asynchronous request is waiting.
    fn settle(&self, word: usize) {
        self.word.store(word, Ordering::SeqCst);
        if self.interrupt.load(Ordering::SeqCst)
            || self.alarm.load(Ordering::SeqCst)
            || Atom::full_pending()
        {
            self.arm();
        }
    }
}

/// The atom table reached its bound: every machine's next call looks.
fn alert_all() {
    let gates = GATES.lock().unwrap_or_else(|e| e.into_inner());
    for g in gates.iter().filter_map(Weak::upgrade) {
        g.arm();
    }
}

impl Machine {
    /// Sets the gate from what is still pending: 0 while wake-ups wait, in
    /// debug mode or under an inference limit (each call must look), else
    /// the collector's threshold.
    pub(crate) fn settle_gate(&mut self) {
        let every_call = self.wake_pending() || self.debug.on || self.inference_limit().is_some();
        self.gate.settle(if every_call { 0 } else { self.gc.next });
    }
}
