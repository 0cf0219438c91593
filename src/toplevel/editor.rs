//! The line editor of the interactive top level: rustyline with a Prolog
//! helper (colouring, completion), SWI's prompts and persistent history.
//!
//! A query is read line by line, as SWI-Prolog does: `?- ` for its first
//! line, `|    ` for the lines that continue it, until the text holds an end
//! token. (rustyline's validator could keep a multi-line query in one edit
//! buffer, but it has no continuation prompt: rustyline computes the cursor
//! position from the raw text, so a prompt painted in by the highlighter
//! would put the cursor in the wrong column.) The whole query goes into the
//! history as one entry, and recalling it brings back all its lines.
//!
//! Tested by: tests/repl_pty.rs and tests/repl_readme.rs (the real binary in a pseudo-
//! terminal).

use super::complete::{complete, predicate_names};
use super::highlight::render;
use super::query::{run_query, split_queries, Prompter};
use crate::engine::Machine;
use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::history::DefaultHistory;
use rustyline::{ColorMode, CompletionType, Context, Editor, Helper, Hinter, Validator};
use std::borrow::Cow;
use std::cell::Cell;
use std::path::PathBuf;

pub const PROMPT: &str = "?- ";
pub const CONTINUATION: &str = "|    ";

#[derive(Helper, Hinter, Validator)]
pub struct PrologHelper {
    /// Predicate names for completion, refreshed before each prompt.
    pub names: Vec<(String, Vec<usize>)>,
    /// The earlier lines of the query being typed: colouring needs them to
    /// know whether this line starts inside a quoted item or comment.
    pub context: String,
    pub color: bool,
    /// The editor is redrawing the accepted line: no bracket marks then.
    final_refresh: Cell<bool>,
}

impl PrologHelper {
    pub fn new(color: bool) -> Self {
        PrologHelper {
            names: Vec::new(),
            context: String::new(),
            color,
            final_refresh: Cell::new(false),
        }
    }
}

impl Completer for PrologHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        Ok(complete(line, pos, &self.names))
    }
}

impl Highlighter for PrologHelper {
    fn highlight<'l>(&self, line: &'l str, pos: usize) -> Cow<'l, str> {
        if !self.color {
            return Cow::Borrowed(line);
        }
        let src = format!("{}{line}", self.context);
        let from = self.context.len();
        let cursor = (!self.final_refresh.get()).then_some(from + pos);
        Cow::Owned(render(&src, from, cursor))
    }

    fn highlight_char(&self, _line: &str, _pos: usize, kind: CmdKind) -> bool {
        // Bracket matching depends on the cursor, so every move repaints.
        self.final_refresh.set(kind == CmdKind::ForcedRefresh);
        self.color
    }
}

/// Whether to colour: not when NO_COLOR is set (no-color.org) or the
/// terminal cannot (rustyline itself checks that output is a terminal).
pub fn color_wanted() -> bool {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let dumb = std::env::var("TERM").is_ok_and(|t| t == "dumb");
    !no_color && !dumb
}

/// Where the history lives: `$XDG_DATA_HOME/knightlog/history` or the
/// platform's data directory (overridable with KNIGHTLOG_HISTORY).
pub fn history_path() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("KNIGHTLOG_HISTORY") {
        return Some(PathBuf::from(p));
    }
    let dir = dirs::data_dir()?.join("knightlog");
    std::fs::create_dir_all(&dir).ok()?;
    Some(dir.join("history"))
}

/// Runs the interactive top level until halt or end of input; returns the
/// exit code.
pub fn interactive_loop(m: &mut Machine, p: &mut dyn Prompter) -> i32 {
    let color = color_wanted();
    let config = rustyline::Config::builder()
        .auto_add_history(false)
        .history_ignore_dups(true)
        .unwrap_or_default()
        .max_history_size(5000)
        .unwrap_or_default()
        .completion_type(CompletionType::List)
        .color_mode(if color {
            ColorMode::Enabled
        } else {
            ColorMode::Disabled
        })
        .build();
    let mut rl: Editor<PrologHelper, DefaultHistory> = match Editor::with_config(config) {
        Ok(rl) => rl,
        Err(e) => {
            eprintln!("knightlog: cannot start the line editor: {e}");
            return 1;
        }
    };
    rl.set_helper(Some(PrologHelper::new(color)));
    let hist = history_path();
    if let Some(h) = &hist {
        let _ = rl.load_history(h);
    }
    let mut pending = String::new();
    let code = loop {
        m.ext.streams.flush_all();
        if let Some(h) = rl.helper_mut() {
            h.names = predicate_names(m);
            h.context.clone_from(&pending);
        }
        let level = super::repl::break_level();
        let prompt = if !pending.is_empty() {
            CONTINUATION.to_string()
        } else {
            let tag = match crate::builtins::trace::mode_tag(m) {
                Some("trace") => "[trace]  ",
                Some(_) => "[debug]  ",
                None => "",
            };
            // Inside break/0: SWI's `[1] ?- `.
            match level {
                0 => format!("{tag}{PROMPT}"),
                n => format!("{tag}[{n}] {PROMPT}"),
            }
        };
        let prompt = prompt.as_str();
        match rl.readline(prompt) {
            Ok(line) => {
                // The protocol (protocol/1) records the prompt and the query typed.
                if m.ext.streams.protocol().is_some() {
                    m.ext.streams.record(&format!("{prompt}{line}\n"));
                }
                pending.push_str(&line);
                pending.push('\n');
                let (queries, rest) = split_queries(&pending);
                let rest = if rest.trim().is_empty() { "" } else { rest };
                if queries.is_empty() {
                    if rest.is_empty() {
                        pending.clear();
                    }
                    continue;
                }
                let done = &pending[..pending.len() - rest.len()];
                let entry = done.trim();
                if !entry.is_empty() {
                    let _ = rl.add_history_entry(entry);
                    if let Some(h) = &hist {
                        let _ = rl.append_history(h);
                    }
                }
                let queries: Vec<String> = queries.iter().map(|q| q.to_string()).collect();
                pending = rest.to_string();
                if let Some(code) = run_all(m, &queries, p) {
                    break code;
                }
            }
            // Ctrl-C: drop what was typed of the query and prompt afresh.
            Err(ReadlineError::Interrupted) => pending.clear(),
            Err(ReadlineError::Eof) if !pending.is_empty() => {
                println!();
                pending.clear();
            }
            Err(ReadlineError::Eof) => {
                println!();
                // Leaving a break level is reported by break/0 itself.
                if !m.ext.quiet && level == 0 {
                    m.emit_error("% halt\n");
                }
                break m.ext.halted.unwrap_or(0);
            }
            Err(e) => {
                eprintln!("knightlog: {e}");
                break 1;
            }
        }
    };
    m.ext.streams.flush_all();
    code
}

/// Runs queries in order; the exit code if one of them halted.
fn run_all(m: &mut Machine, queries: &[String], p: &mut dyn Prompter) -> Option<i32> {
    for q in queries {
        if !run_query(m, q, p) {
            return Some(m.ext.halted.unwrap_or(0));
        }
    }
    None
}
