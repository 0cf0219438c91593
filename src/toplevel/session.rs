//! A Prolog session for embedding and tests: consult text, run queries, and
//! read back answers and output as text.
//!
//! Tested by: tests/engine_tests.rs, tests/robustness.rs, tests/native_bridge.rs,
//! tests/queen_puzzle.rs (they run their queries through it), the unit test of portray.rs.

use super::answer::format_bindings;
use super::query::print_error;
use crate::builtins::consult::consult_text;
use crate::engine::error::PErr;
use crate::engine::Machine;

pub struct Session {
    pub m: Machine,
}

impl Default for Session {
    fn default() -> Self {
        Self::new()
    }
}

impl Session {
    /// A fresh machine whose user_output and user_error are captured.
    pub fn new() -> Session {
        let mut m = super::new_toplevel_machine();
        m.ext.streams.capture_stdout = Some(String::new());
        m.ext.streams.capture_stderr = Some(String::new());
        Session { m }
    }

    /// Consults program text (as file `user.pl`).
    pub fn consult(&mut self, text: &str) -> &mut Self {
        if let Err(e) = consult_text(&mut self.m, "user.pl", text) {
            print_error(&mut self.m, e);
        }
        self
    }

    /// All answers to a query (at most `limit`): each is the answer text as the
    /// top level prints it (`X = 1`, `true`), an error as `ERROR: message`.
    /// No answer at all means the query failed.
    pub fn answers(&mut self, query: &str, limit: usize) -> Vec<String> {
        let m = &mut self.m;
        let mark = m.heap.len();
        let (goal, names, rt) = match m.read_text(query) {
            Ok(parsed) => parsed,
            Err(e) => return vec![format!("SYNTAX ERROR: {}", e.message)],
        };
        let goal = if rt.dict_calls {
            crate::builtins::dicts::expand_query(m, goal).unwrap_or(goal)
        } else {
            goal
        };
        let mut q = m.query_start(goal);
        let mut out = Vec::new();
        while out.len() < limit {
            match m.query_next(&mut q) {
                Ok(true) => {
                    out.push(format_bindings(m, &names, false).unwrap_or_else(|| "true".into()))
                }
                Ok(false) => break,
                Err(PErr::Halt(c)) => {
                    out.push(format!("HALT {c}"));
                    break;
                }
                Err(e) => {
                    let ball = e.to_term(&mut m.heap, None);
                    out.push(format!(
                        "ERROR: {}",
                        crate::builtins::messages::message_text(m, ball)
                    ));
                    let t = m.term_text(ball, &crate::syntax::writer::WriteOptions::writeq());
                    out.push(t);
                    break;
                }
            }
        }
        m.query_end(q);
        m.heap.truncate(mark.min(m.heap.len()));
        out
    }

    /// The first answer only ("false" if none).
    pub fn first(&mut self, query: &str) -> String {
        self.answers(query, 1)
            .into_iter()
            .next()
            .unwrap_or_else(|| "false".into())
    }

    /// Text written to user_output since the last call.
    pub fn output(&mut self) -> String {
        self.m
            .ext
            .streams
            .capture_stdout
            .replace(String::new())
            .unwrap_or_default()
    }

    /// Text written to user_error since the last call.
    pub fn errors(&mut self) -> String {
        self.m
            .ext
            .streams
            .capture_stderr
            .replace(String::new())
            .unwrap_or_default()
    }
}
