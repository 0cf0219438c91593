//! Ctrl-C: a SIGINT handler that asks the running query to stop.
//!
//! The handler only sets the machine's interrupt flag; the run loop polls it
//! at every call and throws `'$aborted'`, which the top level reports as
//! `% Execution Aborted` before prompting again. While the line editor or
//! the answer prompt reads keys the terminal is in raw mode, so Ctrl-C
//! arrives there as a key, not as this signal.
//!
//! A Rust loop that makes no Prolog calls (a huge builtin) cannot see the
//! flag. If Ctrl-C is pressed three times without the flag being taken, the
//! process exits rather than leave the user stuck.
//!
//! Tested by: tests/repl_pty.rs (Ctrl-C stops a running query).

use crate::engine::Machine;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// A SIGINT arrived since the last `take_signal` (the terminal echoed `^C`).
static SIGNALLED: AtomicBool = AtomicBool::new(false);
/// Interrupts in a row that found the previous one not yet taken.
static UNTAKEN: AtomicUsize = AtomicUsize::new(0);

/// Installs the handler for the machine's interrupt flag (once per process).
pub fn install(m: &Machine) {
    let flag = m.interrupt.clone();
    let _ = ctrlc::set_handler(move || {
        SIGNALLED.store(true, Ordering::SeqCst);
        if flag.swap(true, Ordering::SeqCst) {
            if UNTAKEN.fetch_add(1, Ordering::SeqCst) + 1 >= 2 {
                eprintln!("\nknightlog: not responding to Ctrl-C; exiting");
                std::process::exit(130);
            }
        } else {
            UNTAKEN.store(0, Ordering::SeqCst);
        }
    });
}

/// Whether a SIGINT arrived since the last call (and forget it).
pub fn take_signal() -> bool {
    UNTAKEN.store(0, Ordering::SeqCst);
    SIGNALLED.swap(false, Ordering::SeqCst)
}
