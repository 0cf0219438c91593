//! Running one top-level query: parse, solve, print answers SWI-style, and
//! ask the user (through a `Prompter`) whether to look for more.
//!
//! Tested by: the unit tests below; tests/repl_pipe.rs, tests/repl_pty.rs.

use super::answer::format_bindings;
use crate::builtins::stream::{USER_ERROR, USER_OUTPUT};
use crate::engine::error::PErr;
use crate::engine::Machine;
use crate::syntax::lexer::{ClauseScan, Lexer, TokenBuf};
use crate::syntax::read_term::ReadTerm;
use crate::syntax::reader::SyntaxError;
use crate::term::atom::Atom;
use crate::term::cell::{Cell, REF, STR};
use crate::term::heap::View;

/// What the user asked for after an answer.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Action {
    /// Backtrack for the next answer (`;`, `n`, `r`, space, tab).
    Next,
    /// Keep this answer (Enter, `.`, `c`, `a`).
    Stop,
    /// Show the answer again in full (`w`) ...
    Write,
    /// ... or abbreviated again (`p`).
    Print,
    Help,
    Unknown(char),
}

/// How the answers are presented and continued.
pub trait Prompter {
    /// Called after an answer when more may follow; returns the user's choice.
    fn ask(&mut self) -> Action;
    /// Whether the user can ask for more answers (a terminal); otherwise the
    /// first answer is printed as final.
    fn interactive(&self) -> bool;
    /// A yes/no question's answer (None: nobody to ask).
    fn confirm(&mut self) -> Option<bool> {
        None
    }
}

/// The help text for the answer prompt, in the layout of SWI-Prolog's.
const ACTIONS_HELP: &str = "
  Possible actions:
  ; (n,r,space,TAB): redo     | c (a,RET,.): stop
  w:                 write    | p:           print
  h (?):             help

Action? ";

/// Writes top-level output to user_output (so its column is tracked, and
/// tests and embedders can capture it) and shows it at once.
pub fn out(m: &mut Machine, text: &str) {
    let _ = m.ext.streams.write(USER_OUTPUT, text);
    m.ext.streams.flush_stdout();
}

/// Starts a new line on user_output and user_error if the query left either
/// in the middle of one (`?- write(a).` prints `a`, then `true.` below it).
fn fresh_line(m: &mut Machine) {
    for s in [USER_OUTPUT, USER_ERROR] {
        if m.ext.streams.get(s).is_some_and(|st| st.column != 0) {
            let _ = m.ext.streams.write(s, "\n");
        }
    }
    m.ext.streams.flush_stdout();
}

pub(super) fn is_aborted(m: &Machine, ball: Cell) -> bool {
    m.heap.deref(ball) == Cell::atom(Atom::new("$aborted"))
}

/// Reports an uncaught error the way SWI's top level does.
pub fn print_error(m: &mut Machine, e: PErr) {
    fresh_line(m);
    match e {
        PErr::Throw(ball) if is_aborted(m, ball) => {
            // After Ctrl-C the terminal has echoed `^C` on the current line.
            let nl = if super::interrupt::take_signal() {
                "\n"
            } else {
                ""
            };
            m.emit_error(&format!("{nl}% Execution Aborted\n"));
        }
        // debug_on_error reported it when it was raised (`trap_error`).
        _ if m.ext.debugger.error_trapped => {}
        e => {
            let ball = e.to_term(&mut m.heap, None);
            report_uncaught(m, ball);
        }
    }
}

/// The message of an uncaught error and its backtrace. As in SWI-Prolog, a
/// ball that is no `error(_, _)` term, or any ball when the
/// `debug_on_error` flag is false, is an "Unhandled exception".
fn report_uncaught(m: &mut Machine, ball: Cell) {
    let msg = crate::builtins::messages::message_text_ctx(m, ball, false);
    let error = match m.heap.view(ball) {
        View::Compound { name, arity: 2, .. } => name.name() == "error",
        _ => false,
    };
    let prefix = if error && debug_on_error(m) {
        ""
    } else {
        "Unhandled exception: "
    };
    let mut lines = crate::builtins::messages::error_lines(prefix, &msg);
    if error {
        lines.push_str(&backtrace_lines(m, ball));
    }
    m.emit_error(&lines);
}

/// The `debug_on_error` flag (true unless set otherwise, as in SWI-Prolog).
fn debug_on_error(m: &Machine) -> bool {
    m.ext
        .other_flags
        .get(&Atom::new("debug_on_error"))
        .is_none_or(|v| v.as_atomic() != Some(Cell::atom(crate::term::atom::atoms::FALSE)))
}

/// The engine's `on_uncaught` hook (debug mode): an error no catch/3 will
/// take is reported where it is raised and, with `debug_on_error`, the
/// tracer starts so that its Exception ports show on the way out, as
/// SWI-Prolog does; the top level then stops tracing (debug mode stays).
fn trap_error(m: &mut Machine, ball: Cell) {
    let error = matches!(m.heap.view(ball), View::Compound { name, arity: 2, .. } if name.name() == "error");
    if !error || !debug_on_error(m) {
        return;
    }
    fresh_line(m);
    m.ext.streams.flush_all();
    report_uncaught(m, ball);
    m.ext.debugger.error_trapped = true;
    // Tracing already (trace/0) goes on after the query; else it stops there.
    m.ext.debugger.trace_after_error = crate::builtins::trace::mode_tag(m) == Some("trace");
    crate::builtins::trace::start_tracing(m);
}

/// SWI-Prolog's `ERROR: In:` lines: the goal stack the uncaught error `ball`
/// came through (engine/backtrace.rs), innermost first, with each clause's
/// file and line; empty if none was recorded for this ball.
fn backtrace_lines(m: &mut Machine, ball: Cell) -> String {
    let Some(bt) = m.debug.backtrace.take() else {
        return String::new();
    };
    let recorded = bt.ball.to_heap(&mut m.heap);
    if !crate::builtins::terms::variant(m, recorded, ball) || bt.levels.is_empty() {
        return String::new();
    }
    let mut out = String::from("ERROR: In:\n");
    for level in &bt.levels {
        let pred = &m.preds[level.pred as usize];
        if pred.hidden || pred.builtin && level.goal.is_none() {
            continue;
        }
        let goal = match &level.goal {
            Some(g) => {
                let g = g.to_heap(&mut m.heap);
                crate::builtins::trace::backtrace_goal_text(m, g)
            }
            None => format!("{}/{}", pred.name.name(), pred.arity),
        };
        let at = match level.file {
            Some(f) => format!(
                " at {}:{}",
                m.ext.files[f as usize].path.display(),
                level.line
            ),
            None => String::new(),
        };
        out.push_str(&format!(
            "ERROR: {:>6} {goal}{at}\n",
            format!("[{}]", level.depth)
        ));
    }
    if bt.missing {
        out.push_str("ERROR: \nERROR: Note: some frames are missing due to last-call optimization.\nERROR: Re-run your program in debug mode (:- debug.) to get more detail.\n");
    }
    out
}

/// A syntax error in a query, with the offending line and a caret under the
/// column (each line prefixed like SWI's messages, so the caret lines up).
pub fn syntax_error_text(src: &str, err: &SyntaxError) -> String {
    let line_no = err.pos.line.max(1);
    let text = src.split('\n').nth(line_no - 1).unwrap_or("");
    let text = text.strip_suffix('\r').unwrap_or(text);
    let pad: String = text
        .chars()
        .take(err.pos.column.saturating_sub(1))
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    let where_ = if src.trim_end().contains('\n') {
        format!(" (line {line_no}, column {})", err.pos.column)
    } else {
        String::new()
    };
    format!(
        "ERROR: Syntax error: {}{where_}\nERROR: {text}\nERROR: {pad}^\n",
        err.message
    )
}

/// Splits input into complete queries (each ending with its end token) and
/// the incomplete rest, which waits for more lines.
pub fn split_queries(text: &str) -> (Vec<&str>, &str) {
    let mut lexer = Lexer::new(text);
    let mut buf = TokenBuf::default();
    let mut out = Vec::new();
    let mut start = 0;
    loop {
        buf.clear();
        match lexer.next_clause(&mut buf) {
            ClauseScan::Clause | ClauseScan::Error(_) => {
                let end = lexer.offset().max(start);
                // An error at the very end may be an unterminated quote or
                // comment: more lines can still complete it.
                if end >= text.len() && !crate::syntax::reader::is_complete(&text[start..]) {
                    return (out, &text[start..]);
                }
                out.push(&text[start..end]);
                start = end;
            }
            ClauseScan::Partial => return (out, &text[start..]),
            ClauseScan::Eof => return (out, ""),
        }
    }
}

/// Runs the query in `text` (which ends with a full stop). Returns false if
/// the query called halt/0,1 (the code is in `m.ext.halted`).
pub fn run_query(m: &mut Machine, text: &str, p: &mut dyn Prompter) -> bool {
    // A Ctrl-C that came in while no query ran must not abort this one.
    m.gate.clear_interrupt();
    super::interrupt::take_signal();
    let mark = m.heap.len();
    let (goal, mut names, rt) = match m.read_text(text) {
        Ok(parsed) => parsed,
        Err(e) => {
            let msg = syntax_error_text(text, &e);
            m.emit_error(&msg);
            return true;
        }
    };
    let goal = match previous_bindings(m, goal, &rt, &mut names) {
        Ok(goal) => goal,
        Err(name) => {
            m.emit_error(&format!(
                "ERROR: ${name} was not bound by a previous query\n"
            ));
            m.heap.truncate(mark);
            return true;
        }
    };
    let goal = if rt.dict_calls {
        match crate::builtins::dicts::expand_query(m, goal) {
            Ok(g) => g,
            Err(e) => {
                print_error(m, e);
                return true;
            }
        }
    } else {
        goal
    };
    if m.heap.deref(goal).tag() == REF {
        // SWI-Prolog's answer to the ultimate question.
        out(m, "% ... 1,000,000 ............ 10,000,000 years later\n% \n%       >> 42 << (last release gives the question)\n");
        m.heap.truncate(mark);
        return true;
    }
    if let Some((name, arity)) = super::dwim::unknown_goal(m, goal) {
        let fixed = super::dwim::correct(m, text, name, arity, p);
        m.heap.truncate(mark);
        return match fixed {
            Some(fixed) => run_query(m, &fixed, p),
            None => true,
        };
    }
    let mut q = m.query_start(goal);
    let mut halted = false;
    m.debug.backtraces = true;
    m.debug.backtrace = None;
    m.debug.on_uncaught = Some(trap_error);
    m.debug.trapped = false;
    loop {
        match m.query_next(&mut q) {
            Ok(true) => {
                fresh_line(m);
                remember_bindings(m, &names);
                let more = m.query_has_alternatives(&q) && p.interactive();
                if !show_answer(m, &names, more, p) {
                    break;
                }
            }
            Ok(false) => {
                fresh_line(m);
                out(m, "false.\n\n");
                break;
            }
            Err(PErr::Halt(code)) => {
                m.ext.halted = Some(code);
                halted = true;
                break;
            }
            Err(e) => {
                m.ext.streams.flush_all();
                print_error(m, e);
                break;
            }
        }
    }
    m.debug.backtraces = false;
    m.debug.backtrace = None;
    m.debug.trapped = false;
    if std::mem::take(&mut m.ext.debugger.error_trapped) && !m.ext.debugger.trace_after_error {
        crate::builtins::trace::stop_tracing(m);
    }
    m.query_end(q);
    m.heap.truncate(mark.min(m.heap.len()));
    m.ext.streams.flush_all();
    !halted
}

/// SWI's `$X` in a query: each `$(X)` whose X is a query variable is replaced by X's value
/// in the latest answer that bound X (the goal was just read, so its cells are rewritten in
/// place). As in SWI the answer then shows `X = Value` after the query's own variables, and
/// X itself only if it also occurs outside `$`. Err(name) for a variable no answer has bound.
fn previous_bindings(
    m: &mut Machine,
    goal: Cell,
    rt: &ReadTerm,
    names: &mut Vec<(String, Cell)>,
) -> Result<Cell, String> {
    let dollar = Cell::functor(Atom::new("$"), 1);
    let var_name = |m: &Machine, c: Cell| {
        let v = m.heap.deref(c);
        (v.tag() == REF)
            .then(|| names.iter().find(|(_, n)| m.heap.deref(*n) == v))
            .flatten()
            .map(|(name, _)| name.clone())
    };
    // Places holding a `$(Var)`: None for the goal itself, Some(address) for an argument.
    let mut found: Vec<(Option<usize>, String)> = Vec::new();
    let mut stack: Vec<(Option<usize>, Cell)> = vec![(None, goal)];
    while let Some((at, c)) = stack.pop() {
        let c = m.heap.deref(c);
        let Some((args, n)) = m.heap.args_of(c) else {
            continue;
        };
        if c.tag() == STR && m.heap.get(c.addr()) == dollar {
            if let Some(name) = var_name(m, m.heap.get(args)) {
                found.push((at, name));
                continue;
            }
        }
        stack.extend((0..n).rev().map(|i| (Some(args + i), m.heap.get(args + i))));
    }
    let mut goal = goal;
    let mut shown: Vec<(String, Cell)> = Vec::new();
    for (at, name) in &found {
        let Some(value) = m.ext.answer_bindings.get(name).cloned() else {
            return Err(name.clone());
        };
        let value = value.to_heap(&mut m.heap);
        match at {
            Some(addr) => m.heap.set(*addr, value),
            None => goal = value,
        }
        if !shown.iter().any(|(n, _)| n == name) {
            shown.push((name.clone(), value));
        }
    }
    // A variable written only as `$X` is not a query variable of its own.
    let only_dollar = |name: &str| {
        let uses = found.iter().filter(|(_, n)| n == name).count();
        rt.vars
            .iter()
            .any(|v| v.name == name && v.occurrences as usize == uses)
    };
    names.retain(|(n, _)| !only_dollar(n));
    names.extend(shown);
    Ok(goal)
}

/// Keeps this answer's bindings for `$X` in later queries.
fn remember_bindings(m: &mut Machine, names: &[(String, Cell)]) {
    for (name, v) in names {
        let v = m.heap.deref(*v);
        if name.starts_with('_') || v.tag() == REF {
            continue;
        }
        let stored = crate::term::store::Stored::from_heap(&m.heap, v);
        m.ext.answer_bindings.insert(name.clone(), stored);
    }
}

/// Prints one answer and, if more may follow, asks what to do. Returns true
/// to look for the next answer.
fn show_answer(
    m: &mut Machine,
    names: &[(String, Cell)],
    more: bool,
    p: &mut dyn Prompter,
) -> bool {
    let text = |m: &mut Machine, full: bool| {
        format_bindings(m, names, full).unwrap_or_else(|| "true".into())
    };
    let answer = text(m, false);
    if !more {
        out(m, &format!("{answer}.\n\n"));
        return false;
    }
    out(m, &format!("{answer} "));
    loop {
        match p.ask() {
            Action::Next => {
                out(m, ";\n");
                return true;
            }
            Action::Stop => {
                out(m, ".\n\n");
                return false;
            }
            Action::Write => {
                let t = text(m, true);
                out(m, &format!("[write]\n{t} "));
            }
            Action::Print => {
                let t = text(m, false);
                out(m, &format!("[print]\n{t} "));
            }
            Action::Help => out(m, ACTIONS_HELP),
            Action::Unknown(c) => out(m, &format!("\nUnknown action: {c} (h for help)\nAction? ")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_splits_into_queries_and_a_rest() {
        assert_eq!(split_queries("a. b.\n"), (vec!["a.", " b."], ""));
        assert_eq!(split_queries("a. foo(\n"), (vec!["a."], " foo(\n"));
        assert_eq!(split_queries("X = 'a. b"), (vec![], "X = 'a. b"));
        assert_eq!(split_queries("X = \"a.\n"), (vec![], "X = \"a.\n"));
        assert_eq!(split_queries("  \n"), (vec![], ""));
        // A lexical error still ends a query at its full stop.
        assert_eq!(
            split_queries("X = \u{1}. Y.\n"),
            (vec!["X = \u{1}.", " Y."], "")
        );
    }

    #[test]
    fn syntax_errors_point_at_the_column() {
        let e = crate::syntax::reader::read_term_from_str(
            "X = f(a b).",
            &Default::default(),
            &Default::default(),
        );
        let msg = syntax_error_text("X = f(a b).", &e.unwrap_err());
        assert_eq!(
            msg,
            "ERROR: Syntax error: Operator expected\nERROR: X = f(a b).\nERROR:         ^\n"
        );
    }
}
