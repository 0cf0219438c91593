//! The line editor of the interactive top level: rustyline with a validator
//! (a query ends with a full stop) and persistent history.

use super::query::{run_query, Prompter};
use crate::engine::Machine;
use crate::syntax::reader::is_complete;
use rustyline::error::ReadlineError;
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Completer, Helper, Highlighter, Hinter};
use std::path::PathBuf;

#[derive(Helper, Completer, Hinter, Highlighter)]
struct PrologHelper;

impl Validator for PrologHelper {
    fn validate(&self, ctx: &mut ValidationContext) -> rustyline::Result<ValidationResult> {
        let input = ctx.input();
        if input.trim().is_empty() || is_complete(input) {
            Ok(ValidationResult::Valid(None))
        } else {
            Ok(ValidationResult::Incomplete)
        }
    }
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

pub fn interactive_loop(m: &mut Machine, p: &mut dyn Prompter) -> i32 {
    let config = rustyline::Config::builder()
        .auto_add_history(false)
        .max_history_size(5000)
        .unwrap_or_default()
        .build();
    let mut rl: rustyline::Editor<PrologHelper, rustyline::history::DefaultHistory> =
        match rustyline::Editor::with_config(config) {
            Ok(rl) => rl,
            Err(_) => return 1,
        };
    rl.set_helper(Some(PrologHelper));
    let hist = history_path();
    if let Some(h) = &hist {
        let _ = rl.load_history(h);
    }
    let code = loop {
        m.ext.streams.flush_all();
        match rl.readline("?- ") {
            Ok(line) => {
                if line.trim().is_empty() {
                    continue;
                }
                let _ = rl.add_history_entry(line.trim_end());
                if let Some(h) = &hist {
                    let _ = rl.append_history(h);
                }
                if !run_query(m, &line, p) {
                    break m.ext.halted.unwrap_or(0);
                }
            }
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => {
                println!();
                break 0;
            }
            Err(_) => break 1,
        }
    };
    m.ext.streams.flush_all();
    code
}
