//! The interactive top level (rustyline) and its non-interactive twin that
//! reads queries from a pipe.

use super::query::{run_query, Action, Prompter};
use crate::engine::Machine;
use crate::syntax::reader::is_complete;
use std::io::{BufRead, IsTerminal, Write};

/// Reads one key from the terminal in raw mode (for the `;` / Enter prompt).
fn read_key() -> Option<crossterm::event::KeyEvent> {
    use crossterm::event::{read, Event, KeyEventKind};
    crossterm::terminal::enable_raw_mode().ok()?;
    let key = loop {
        match read() {
            Ok(Event::Key(k)) if k.kind == KeyEventKind::Press => break Some(k),
            Ok(_) => continue,
            Err(_) => break None,
        }
    };
    let _ = crossterm::terminal::disable_raw_mode();
    key
}

struct TtyPrompter;

impl Prompter for TtyPrompter {
    fn ask(&mut self) -> Action {
        use crossterm::event::{KeyCode, KeyModifiers};
        loop {
            let Some(k) = read_key() else {
                return Action::Stop;
            };
            match k.code {
                KeyCode::Char('c') if k.modifiers.contains(KeyModifiers::CONTROL) => {
                    return Action::Stop
                }
                KeyCode::Char(';' | 'n' | 'r' | ' ') | KeyCode::Tab => return Action::Next,
                KeyCode::Enter | KeyCode::Char('.' | 'a' | 'c') => return Action::Stop,
                KeyCode::Char('w') => return Action::Full(true),
                KeyCode::Char('p') => return Action::Full(false),
                KeyCode::Char('h' | '?') => {
                    eprint!(
                        "\nActions:\n ; (n, r, space, tab): next answer   Enter (., a, c): stop\n w: write in full   p: print abbreviated   h (?): this help\n\n"
                    );
                    return Action::Full(false);
                }
                _ => {}
            }
        }
    }

    fn interactive(&self) -> bool {
        true
    }

    fn out(&mut self, m: &mut Machine, text: &str) {
        m.ext.streams.flush_all();
        print!("{text}");
        let _ = std::io::stdout().flush();
    }
}

struct PipePrompter;

impl Prompter for PipePrompter {
    fn ask(&mut self) -> Action {
        Action::Stop
    }
    fn interactive(&self) -> bool {
        false
    }
    fn out(&mut self, m: &mut Machine, text: &str) {
        let _ = m
            .ext
            .streams
            .write(crate::builtins::stream::USER_OUTPUT, text);
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

/// Queries from a non-terminal stdin: read until a complete term, answer it.
fn pipe_loop(m: &mut Machine) -> i32 {
    let stdin = std::io::stdin();
    let mut buf = String::new();
    let mut lines = stdin.lock().lines();
    while let Some(Ok(line)) = lines.next() {
        buf.push_str(&line);
        buf.push('\n');
        if !is_complete(&buf) {
            continue;
        }
        let text = std::mem::take(&mut buf);
        if text.trim().is_empty() {
            continue;
        }
        if !run_query(m, &text, &mut PipePrompter) {
            break;
        }
    }
    m.ext.streams.flush_all();
    m.ext.halted.unwrap_or(0)
}
