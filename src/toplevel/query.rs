//! Running one top-level query: parse, solve, print answers SWI-style.

use super::answer::format_bindings;
use crate::builtins::consult::rt_to_heap;
use crate::engine::atom::Atom;
use crate::engine::error::PErr;
use crate::engine::Machine;
use crate::syntax::reader::{format_syntax_error, read_term_from_str};

/// What the user asked for after an answer.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Action {
    Next,
    Stop,
    /// Print the answer again in full (SWI's `w`), or abbreviated (`p`).
    Full(bool),
}

/// How the answers are presented and continued.
pub trait Prompter {
    /// Called after an answer when more may follow; returns the user's choice.
    fn ask(&mut self) -> Action;
    /// Whether the user can ask for more answers (a terminal); otherwise the
    /// first answer is printed as final, as SWI does for piped input.
    fn interactive(&self) -> bool;
    fn out(&mut self, m: &mut Machine, text: &str);
}

/// Reports an uncaught error the way SWI's top level does.
pub fn print_error(m: &mut Machine, e: PErr) {
    match e {
        PErr::Throw(ball)
            if m.heap.deref(ball) == crate::engine::cell::Cell::atom(Atom::new("$aborted")) =>
        {
            m.emit_error("% Execution Aborted\n");
        }
        e => {
            let ball = e.to_term(&mut m.heap, None);
            let msg = toplevel_message(m, ball);
            m.emit_error(&format!("ERROR: {msg}\n"));
        }
    }
}

/// The message without the `pred/N: ` context prefix (as the SWI top level shows it).
fn toplevel_message(m: &Machine, ball: crate::engine::cell::Cell) -> String {
    crate::builtins::messages::message_text_ctx(m, ball, false)
}

/// Runs the query in `text` (which ends with a full stop). Returns false if the
/// user asked to halt.
pub fn run_query(m: &mut Machine, text: &str, p: &mut dyn Prompter) -> bool {
    let opts = m.read_options();
    let rt = match read_term_from_str(text, &m.ops, &opts) {
        Ok(rt) => rt,
        Err(e) => {
            let msg = format_syntax_error("user", text, &e);
            m.emit_error(&format!("ERROR: {msg}\n"));
            return true;
        }
    };
    let mark = m.heap.len();
    let (goal, names) = rt_to_heap(m, &rt);
    let mut q = m.query_start(goal);
    let mut keep_going = true;
    loop {
        match m.query_next(&mut q) {
            Ok(true) => {
                let more = m.query_has_alternatives(&q) && p.interactive();
                let mut full = false;
                loop {
                    let text = format_bindings(m, &names, full).unwrap_or_else(|| "true".into());
                    if !more {
                        p.out(m, &format!("{text}.\n\n"));
                        break;
                    }
                    p.out(m, &format!("{text} "));
                    match p.ask() {
                        Action::Next => {
                            p.out(m, ";\n");
                            break;
                        }
                        Action::Stop => {
                            p.out(m, ".\n\n");
                            keep_going = false;
                            break;
                        }
                        Action::Full(f) => {
                            full = f;
                            p.out(m, "\n");
                        }
                    }
                }
                if !more || !keep_going {
                    break;
                }
            }
            Ok(false) => {
                p.out(m, "false.\n\n");
                break;
            }
            Err(PErr::Halt(code)) => {
                m.query_end(q);
                m.ext.halted = Some(code);
                return false;
            }
            Err(e) => {
                m.ext.streams.flush_all();
                print_error(m, e);
                break;
            }
        }
    }
    m.query_end(q);
    m.heap.truncate(mark.min(m.heap.len()));
    m.ext.streams.flush_all();
    true
}
