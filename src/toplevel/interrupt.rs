//! Ctrl-C: a SIGINT handler that asks the running query to stop (SIGTERM and SIGHUP end
//! the process, as in SWI-Prolog).
//!
//! The handler only sets the machine's interrupt flag; the run loop polls it
//! at every call. On a terminal it then shows SWI-Prolog's action menu
//! (`action_menu`: continue, abort, trace, goals, exit); otherwise it throws
//! `'$aborted'`, which the top level reports as `% Execution Aborted` before
//! prompting again. While the line editor or
//! the answer prompt reads keys the terminal is in raw mode, so Ctrl-C
//! arrives there as a key, not as this signal.
//!
//! A Rust loop that makes no Prolog calls (a huge builtin) cannot see the
//! flag. If Ctrl-C is pressed three times without the flag being taken, the
//! process exits rather than leave the user stuck.
//!
//! Tested by: tests/repl_pty.rs (Ctrl-C stops a running query),
//! tests/scenarios/debugger/ctrl_c_menu.txt (the action menu).

use super::keys::{read_key, Key};
use crate::engine::{Machine, PErr, Res};
use crate::term::atom::Atom;
use crate::term::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// A SIGINT arrived since the last `take_signal` (the terminal echoed `^C`).
static SIGNALLED: AtomicBool = AtomicBool::new(false);
/// Interrupts in a row that found the previous one not yet taken.
static UNTAKEN: AtomicUsize = AtomicUsize::new(0);

/// Installs the handler for the machine's interrupt flag (once per process).
pub fn install(m: &Machine) {
    let gate = m.gate.clone();
    let _ = ctrlc::set_handler(move || {
        SIGNALLED.store(true, Ordering::SeqCst);
        if gate.interrupt() {
            if UNTAKEN.fetch_add(1, Ordering::SeqCst) + 1 >= 2 {
                eprintln!("\nknightlog: not responding to Ctrl-C; exiting");
                std::process::exit(130);
            }
        } else {
            UNTAKEN.store(0, Ordering::SeqCst);
        }
    });
    // ctrlc's "termination" feature (which `knights count` needs to clean up) routes SIGTERM
    // and SIGHUP here too; the interpreter lets them end the process, as SWI-Prolog does,
    // instead of aborting the query and reading the next one.
    // SAFETY: setting a signal's disposition to the default has no preconditions.
    unsafe {
        libc::signal(libc::SIGTERM, libc::SIG_DFL);
        libc::signal(libc::SIGHUP, libc::SIG_DFL);
    }
}

/// Whether a SIGINT arrived since the last call (and forget it).
pub fn take_signal() -> bool {
    UNTAKEN.store(0, Ordering::SeqCst);
    SIGNALLED.swap(false, Ordering::SeqCst)
}

const MENU_HELP: &str = "\
Options:
a:           abort         c:           continue
e:           exit          g:           goals
t:           trace         h (?):       help
";

/// SWI-Prolog's menu after Ctrl-C in a running query (installed as the
/// engine's `on_interrupt` when standard input is a terminal).
pub fn action_menu(m: &mut Machine) -> Res<()> {
    take_signal();
    loop {
        m.emit_error("\nAction (h for help) ? ");
        match read_key() {
            Key::Char('c') | Key::Char(' ') | Key::Enter => {
                m.emit_error("continue\n");
                return Ok(());
            }
            Key::Char('a') | Key::Interrupt | Key::Eof => {
                m.emit_error("abort\n");
                return Err(PErr::Throw(Cell::atom(Atom::new("$aborted"))));
            }
            Key::Char('t') => {
                m.emit_error("trace\ncontinue (trace mode)\n");
                crate::builtins::trace::start_tracing(m);
                return Ok(());
            }
            Key::Char('g') => {
                m.emit_error("goals\n");
                let text = crate::builtins::trace::backtrace(m);
                m.emit_error(&text);
            }
            Key::Char('e') => {
                m.emit_error("exit\n");
                return Err(PErr::Halt(0));
            }
            Key::Char('h' | '?') => m.emit_error(MENU_HELP),
            _ => m.emit_error("Unknown option (h for help)"),
        }
    }
}
