//! The keys of the tracer's ports, as SWI-Prolog's tracer reads them: what
//! each key says and does at each port (builtins/trace.rs shows the ports).
//!
//! Tested by: tests/scenarios/debugger/*.txt (keys pressed in a terminal,
//! compared with golden transcripts), tests/trace_ports.rs.

use super::trace::{backtrace, Mode, CALL, EXCEPTION, FAIL, REDO, UNIFY};
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::Atom;
use crate::term::cell::*;

/// What a key leaves the port to do.
pub(super) enum Action {
    /// Leave the port with this action (`creep`, `fail`, `retry`, `ignore`).
    Go(&'static str),
    /// Show the port again, written quoted only (`w`) or printed (`p`).
    Show(bool),
    /// Show the port again.
    Again,
}

/// The port a key is pressed at.
pub(super) struct At {
    pub port: u8,
    pub depth: i64,
    /// The exception of an Exception port.
    pub ball: Option<Cell>,
    /// The goal's predicate (for the spy point keys and the listing).
    pub name: Atom,
    pub arity: usize,
}

/// SWI-Prolog 9's help text at a port (the keys marked there that knightlog
/// does not offer are listed in tests/KNOWN_DIFFERENCES.md).
const HELP: &str = "\
Trace commands:
+                 set spy point         | -              clear spy point
/c|e|r|f|u|a goal find goal at port     | .              repeat find
a                 abort to toplevel     | A              alternatives
b                 break (new toplevel)  | c (ret, space) creep to next port
[depth] d         depth for printing    | e              exit Prolog
f                 make goal fail        | [depth] g      backtrace (-N from top)
h (?)             help                  | i              ignore current goal
l                 leap to spy point     | L              list current goal
[level] r         retry goal [at level] | s              skip over
[level] S         save goal [at level]  | u              up (complete goal)
p                 print goals           | w              (quoted) write goals
m                 exception details     | C              toggle show context
";

/// What a key does at a port (None: ignored, read another).
pub(super) fn key_action(m: &mut Machine, key: Option<char>, at: &At) -> Res<Option<Action>> {
    let say = |m: &mut Machine, w: &str| m.emit_error(&format!("{w}\n"));
    let (port, depth) = (at.port, at.depth);
    Ok(Some(match key {
        Some('c' | '\n' | '\r' | ' ') => {
            say(m, "creep");
            Action::Go("creep")
        }
        Some('s') if port & (CALL | REDO) != 0 => {
            m.ext.debugger.mode = Mode::Skip(depth);
            say(m, "skip");
            Action::Go("creep")
        }
        // Nothing to skip over once the goal is done: SWI-Prolog creeps.
        Some('s') => {
            say(m, "creep");
            Action::Go("creep")
        }
        Some('l') => {
            m.ext.debugger.mode = Mode::Off;
            m.ext.debugger.debug_mode = true;
            say(m, "leap");
            Action::Go("creep")
        }
        Some('u') => {
            m.ext.debugger.mode = Mode::Skip(depth - 1);
            say(m, "up");
            Action::Go("creep")
        }
        Some('n') => {
            m.ext.debugger.mode = Mode::Off;
            m.ext.debugger.debug_mode = false;
            super::trace::sync(m);
            say(m, "no debug");
            Action::Go("creep")
        }
        // At Unify the goal has only just started: as at Call.
        Some('r') if port & (CALL | UNIFY) != 0 => {
            m.emit_error("Can't retry at this port\n");
            Action::Again
        }
        Some('r') => {
            say(m, "retry");
            Action::Go("retry")
        }
        Some('f') if port == FAIL => {
            say(m, "fail");
            Action::Go("creep")
        }
        Some('f') => {
            say(m, "fail");
            Action::Go("fail")
        }
        Some('i') if port == CALL => {
            say(m, "ignore");
            Action::Go("ignore")
        }
        Some('i') => {
            m.emit_error("Can't ignore goal at this port\n");
            Action::Again
        }
        Some('+') => {
            let spec = (at.name, Some(at.arity));
            let d = &mut m.ext.debugger;
            if !d.spies.contains(&spec) {
                d.spies.push(spec);
            }
            d.debug_mode = true;
            say(m, "spy");
            Action::Again
        }
        Some('-') => {
            let (name, arity) = (at.name, at.arity);
            m.ext
                .debugger
                .spies
                .retain(|s| !(s.0 == name && s.1.is_none_or(|a| a == arity)));
            say(m, "no spy");
            Action::Again
        }
        Some('L') => {
            say(m, "Listing");
            listing(m, at.name, at.arity)?;
            Action::Again
        }
        Some('C') => {
            let d = &mut m.ext.debugger;
            d.show_context = !d.show_context;
            say(m, "Show context");
            Action::Again
        }
        Some('a') | Some('\x03') | None => {
            say(m, "abort");
            m.ext.debugger.mode = Mode::Off;
            super::trace::sync(m);
            return Err(PErr::Throw(Cell::atom(Atom::new("$aborted"))));
        }
        Some('e') => {
            say(m, "exit");
            return Err(PErr::Halt(0));
        }
        Some('p') => {
            say(m, "print");
            Action::Show(false)
        }
        Some('w') => {
            say(m, "write");
            Action::Show(true)
        }
        Some('g') => {
            say(m, "goals");
            let text = backtrace(m);
            m.emit_error(&text);
            Action::Again
        }
        Some('m') => {
            say(m, "exception details");
            if let Some(b) = at.ball.filter(|_| port == EXCEPTION) {
                let text = super::messages::message_text(m, b);
                m.emit_error(&format!("{text}\n"));
            } else {
                m.emit_error("No exception\n");
            }
            Action::Again
        }
        // Repeat the last find (`/`, not offered): there is none.
        Some('.') => {
            m.emit_error("No previous search\n");
            Action::Again
        }
        Some('h' | '?') => {
            say(m, "help");
            m.emit_error(HELP);
            Action::Again
        }
        Some(_) => {
            m.emit_error("Unknown option (h for help)\n");
            Action::Again
        }
    }))
}

/// `L`: the current goal's predicate as listing/1 shows it (the listing's own
/// calls are not traced).
fn listing(m: &mut Machine, name: Atom, arity: usize) -> Res<()> {
    let pi = m.heap.new_compound(
        crate::term::atom::atoms::SLASH,
        &[Cell::atom(name), Cell::small_int(arity as i64)],
    );
    let goal = m.heap.new_compound(Atom::new("listing"), &[pi]);
    let on = m.debug.on;
    m.debug.on = false;
    let r = m.solve_keep(goal);
    m.set_debug(on);
    match r {
        Err(PErr::Halt(c)) => Err(PErr::Halt(c)),
        _ => Ok(()),
    }
}
