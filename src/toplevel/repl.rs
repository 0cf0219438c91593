//! The top level: interactive on a terminal (line editor, one-key answer
//! prompt), and its non-interactive twin that answers queries read from a
//! pipe, so `echo "X is 1+1." | knightlog` works in scripts.
//!
//! Tested by: tests/repl_pipe.rs (queries from a pipe), tests/repl_pty.rs and
//! tests/repl_readme.rs (interactive).

use super::keys::{read_key, Key};
use super::query::{out, run_query, split_queries, Action, Prompter};
use crate::builtins::stream::USER_OUTPUT;
use crate::engine::Machine;
use crate::syntax::lexer::EndScan;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How many break/0 top levels run inside each other (0: the main one).
static BREAK_LEVEL: AtomicUsize = AtomicUsize::new(0);

/// The current break level (the prompt shows it).
pub fn break_level() -> usize {
    BREAK_LEVEL.load(Ordering::Relaxed)
}

/// break/0 (installed as `Ext::break_hook`): a top level nested in the
/// running query, until its input ends; a halt in it ends the process.
pub fn nested_toplevel(m: &mut Machine) -> crate::engine::Res<()> {
    let level = BREAK_LEVEL.fetch_add(1, Ordering::Relaxed) + 1;
    if !m.ext.quiet {
        m.emit_error(&format!("% Break level {level}\n"));
    }
    // The running query's error reporting, which each nested query resets.
    let saved = (
        m.debug.backtraces,
        m.debug.backtrace.take(),
        m.debug.on_uncaught,
        m.debug.trapped,
    );
    toplevel(m);
    (
        m.debug.backtraces,
        m.debug.backtrace,
        m.debug.on_uncaught,
        m.debug.trapped,
    ) = saved;
    BREAK_LEVEL.fetch_sub(1, Ordering::Relaxed);
    if let Some(code) = m.ext.halted {
        return Err(crate::engine::PErr::Halt(code));
    }
    if !m.ext.quiet {
        m.emit_error(&format!("% Exit break level {level}\n"));
    }
    Ok(())
}

/// Answers on a terminal: after each answer that may have alternatives,
/// wait for one key.
pub struct TtyPrompter;

impl Prompter for TtyPrompter {
    fn ask(&mut self) -> Action {
        loop {
            return match read_key() {
                Key::Char(';' | 'n' | 'r' | ' ') | Key::Tab => Action::Next,
                Key::Char('.' | 'c' | 'a') | Key::Enter => Action::Stop,
                // Ctrl-C or Ctrl-D at this prompt: keep the answer, stop.
                Key::Interrupt | Key::Eof => Action::Stop,
                Key::Char('w') => Action::Write,
                Key::Char('p') => Action::Print,
                Key::Char('h' | '?') => Action::Help,
                Key::Char(c) => Action::Unknown(c),
                Key::Other => continue,
            };
        }
    }

    fn interactive(&self) -> bool {
        true
    }

    fn confirm(&mut self) -> Option<bool> {
        loop {
            match read_key() {
                Key::Char('y' | 'Y') | Key::Enter => return Some(true),
                Key::Char('n' | 'N') | Key::Interrupt | Key::Eof => return Some(false),
                _ => eprint!("Please answer 'y' or 'n'? "),
            }
        }
    }
}

/// Answers for a pipe: nobody to ask, so the first answer is final.
pub struct PipePrompter;

impl Prompter for PipePrompter {
    fn ask(&mut self) -> Action {
        Action::Stop
    }
    fn interactive(&self) -> bool {
        false
    }
}

/// Runs the top level until end of input or halt; returns the exit code.
pub fn toplevel(m: &mut Machine) -> i32 {
    let tty = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    if tty {
        super::editor::interactive_loop(m, &mut TtyPrompter)
    } else {
        pipe_loop(m)
    }
}

/// Queries from a non-terminal input: collect lines until they hold complete
/// queries, answer each. Standard input is locked only while a line is read,
/// since a query may itself read from it (`read/1`).
pub fn pipe_loop(m: &mut Machine) -> i32 {
    let mut buf = String::new();
    let mut line = String::new();
    // Lines are only split into queries once they hold an end token, found
    // by rescanning just the new tail: a long query reads in linear time.
    let mut scan = EndScan::default();
    loop {
        line.clear();
        match crate::builtins::stream::stdin_line(&mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        // The protocol (protocol/1) records the queries read.
        m.ext.streams.record(&line);
        buf.push_str(&line);
        if !scan.complete(&buf) {
            continue;
        }
        scan = EndScan::default();
        let (queries, rest) = split_queries(&buf);
        if queries.is_empty() {
            continue;
        }
        let queries: Vec<String> = queries.iter().map(|q| q.to_string()).collect();
        buf = rest.to_string();
        for q in &queries {
            if !run_query(m, q, &mut PipePrompter) {
                m.ext.streams.flush_all();
                return m.ext.halted.unwrap_or(0);
            }
            // Nobody reads the answers any more: stop (the caller reports it).
            if m.ext.streams.error(USER_OUTPUT).is_some() {
                return m.ext.halted.unwrap_or(0);
            }
        }
    }
    if !buf.trim().is_empty() {
        // The input ended inside a query: let the reader say what is missing.
        if !run_query(m, &buf, &mut PipePrompter) {
            m.ext.streams.flush_all();
            return m.ext.halted.unwrap_or(0);
        }
    }
    // SWI-Prolog ends the session's output with a newline at end of input.
    out(m, "\n");
    m.ext.streams.flush_all();
    m.ext.halted.unwrap_or(0)
}
