//! Error and warning text in SWI-Prolog's wording, so users recognise it:
//! `ERROR: atom_length/2: Type error: `text' expected, found `f(x)' (a compound)`.
//!
//! Tested by: tests/repl_pipe.rs and tests/engine_tests.rs (`ERROR:` text), tests/robustness.rs
//! (warnings while consulting).

use crate::engine::Machine;
use crate::syntax::writer::WriteOptions;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;

fn q(m: &Machine, c: Cell) -> String {
    m.term_text(c, &WriteOptions::writeq())
}

/// "a compound", "an atom", ... as SWI describes a culprit.
fn kind_of(m: &Machine, c: Cell) -> &'static str {
    match m.heap.view(c) {
        View::Var(_) => "a var",
        View::Atom(_) => "an atom",
        View::Int(_) | View::BigInt(_) => "an integer",
        View::Float(_) => "a float",
        View::Rational(_) => "a rational",
        View::Str(_) => "a string",
        View::Compound { .. } if !m.heap.is_acyclic(c) => "a cyclic",
        View::Compound { name, arity: 2, .. } if name == atoms::DOT => "a list",
        View::Compound { .. } => "a compound",
    }
}

/// `ERROR: ` before every line of a message (SWI-Prolog's layout), `first`
/// after it on the first line.
pub fn error_lines(first: &str, msg: &str) -> String {
    let mut out = String::new();
    for (i, line) in msg.lines().enumerate() {
        let lead = if i == 0 { first } else { "" };
        out.push_str(&format!("ERROR: {lead}{line}\n"));
    }
    out
}

/// The message for an exception term (without the `ERROR: ` prefix), with
/// the `pred/N: ` context prefix as SWI prints it for goals and directives.
pub fn message_text(m: &Machine, ball: Cell) -> String {
    message_text_ctx(m, ball, true)
}

/// As `message_text`; the top level leaves the context out, as SWI's does.
pub fn message_text_ctx(m: &Machine, ball: Cell, with_context: bool) -> String {
    let ball = m.heap.deref(ball);
    if ball == Cell::atom(Atom::new("time_limit_exceeded")) {
        return "Time limit exceeded".into();
    }
    let View::Compound {
        name,
        arity: 2,
        args,
    } = m.heap.view(ball)
    else {
        return format!("Unknown message: {}", q(m, ball));
    };
    if name != atoms::ERROR {
        return format!("Unknown message: {}", q(m, ball));
    }
    let formal = m.heap.deref(m.heap.get(args));
    let ctx = m.heap.deref(m.heap.get(args + 1));
    let mut prefix = String::new();
    let mut extra = String::new();
    if let View::Compound {
        name,
        arity: 2,
        args: cargs,
    } = m.heap.view(ctx)
    {
        if name == atoms::CONTEXT {
            let pi = m.heap.deref(m.heap.get(cargs));
            if pi.tag() != REF && with_context {
                prefix = caller_text(m, pi);
            }
            let msg = m.heap.deref(m.heap.get(cargs + 1));
            if msg.tag() != REF {
                extra = format!(" ({})", m.term_text(msg, &WriteOptions::write()));
            }
        }
    }
    if let Some(at) = stream_position(m, ctx) {
        prefix = at;
    }
    let body = formal_text(m, formal);
    format!("{prefix}{body}{extra}")
}

/// An error's context as SWI-Prolog writes it before the message: `Name/Arity`
/// with the name quoted if need be (`is/2`, not `(is)/2`), qualified by a
/// module other than `user`, `system` and `$`-modules; any other term printed.
fn caller_text(m: &Machine, pi: Cell) -> String {
    let (module, pi) = match m.heap.view(pi) {
        View::Compound {
            name,
            arity: 2,
            args,
        } if name == atoms::COLON => (
            Some(m.heap.deref(m.heap.get(args))),
            m.heap.deref(m.heap.get(args + 1)),
        ),
        _ => (None, pi),
    };
    let View::Compound {
        name,
        arity: 2,
        args,
    } = m.heap.view(pi)
    else {
        return format!("{}: ", m.term_text(pi, &WriteOptions::print()));
    };
    let (n, a) = (
        m.heap.deref(m.heap.get(args)),
        m.heap.deref(m.heap.get(args + 1)),
    );
    if name != atoms::SLASH || n.tag() != ATM {
        return format!("{}: ", m.term_text(pi, &WriteOptions::print()));
    }
    let q = |c| m.term_text(c, &WriteOptions::writeq());
    let hidden = |md: Cell| {
        md.tag() == ATM
            && matches!(md.get_atom(), a if a == atoms::USER || a == atoms::SYSTEM || a.name().starts_with('$'))
    };
    let shown = module.filter(|&md| !hidden(md));
    match shown {
        Some(md) => format!("{}:{}/{}: ", q(md), q(n), q(a)),
        None => format!("{}/{}: ", q(n), q(a)),
    }
}

/// SWI-Prolog's words for the syntax error terms the reader raises.
fn syntax_message(id: &str) -> &str {
    match id {
        "operator_expected" => "Operator expected",
        "operator_clash" => "Operator priority clash",
        "operator_balance" => "Unbalanced operator",
        "cannot_start_term" => "Illegal start of term",
        "end_of_clause" => "Unexpected end of clause",
        "end_of_file" => "Unexpected end of file",
        "end_of_clause_expected" => "End of clause expected",
        "illegal_number" => "Illegal number",
        "illegal_character" => "Illegal character",
        "illegal_character_code" => "Illegal character code",
        other => other,
    }
}

/// Where a `stream(S, Line, LinePos, CharNo)` context points, as SWI writes
/// it before the message: `File:Line:LinePos: `, or `Stream S:Line:LinePos `.
fn stream_position(m: &Machine, ctx: Cell) -> Option<String> {
    let View::Compound {
        name,
        arity: 4,
        args,
    } = m.heap.view(ctx)
    else {
        return None;
    };
    if name.name() != "stream" {
        return None;
    }
    let arg = |i: usize| m.heap.deref(m.heap.get(args + i));
    let (line, col) = (arg(1), arg(2));
    if line.tag() != INT || col.tag() != INT {
        return None;
    }
    let (line, col) = (line.get_int(), col.get_int());
    let s = arg(0);
    let file = match m.heap.view(s) {
        View::Compound { arity: 1, args, .. } => {
            let n = m.heap.deref(m.heap.get(args));
            (n.tag() == INT)
                .then(|| m.ext.streams.get(n.get_int() as usize))
                .flatten()
                .and_then(|st| st.file_name.clone())
        }
        _ => None,
    };
    Some(match file {
        Some(f) => format!("{f}:{line}:{col}: "),
        None => format!("Stream {}:{line}:{col} ", stream_name(m, s)),
    })
}

/// A stream as SWI names it in messages: its alias, else `<stream>(N)`.
fn stream_name(m: &Machine, s: Cell) -> String {
    if let View::Compound {
        name,
        arity: 1,
        args,
    } = m.heap.view(s)
    {
        let n = m.heap.deref(m.heap.get(args));
        if name.name() == "$stream" && n.tag() == INT {
            let id = n.get_int() as usize;
            return match m.ext.streams.get(id).and_then(|st| st.alias) {
                Some(a) => a.name().to_string(),
                None => format!("<stream>({id})"),
            };
        }
    }
    q(m, s)
}

fn formal_text(m: &Machine, f: Cell) -> String {
    let arg = |i: usize| match m.heap.view(f) {
        View::Compound { args, .. } => m.heap.deref(m.heap.get(args + i)),
        _ => f,
    };
    let (name, arity) = m.heap.callable_key(f).unwrap_or((atoms::EMPTY, 0));
    match (name.name(), arity) {
        ("instantiation_error", 0) => "Arguments are not sufficiently instantiated".into(),
        ("system_error", 1) => format!(
            "Internal error (a bug in knightlog; please report it): {}",
            m.term_text(arg(0), &WriteOptions::write())
        ),
        ("uninstantiation_error", 1) => {
            format!(
                "Cannot unify {} with a fresh variable: already bound",
                q(m, arg(0))
            )
        }
        ("type_error", 2) => {
            let (t, c) = (arg(0), arg(1));
            if m.term_text(t, &WriteOptions::write()) == "evaluable" {
                return format!("Arithmetic: `{}' is not a function", q(m, c));
            }
            format!(
                "Type error: `{}' expected, found `{}' ({})",
                m.term_text(t, &WriteOptions::write()),
                q(m, c),
                kind_of(m, c)
            )
        }
        ("domain_error", 2) => format!(
            "Domain error: `{}' expected, found `{}'",
            q(m, arg(0)),
            q(m, arg(1))
        ),
        ("existence_error", 2) => {
            let (k, c) = (arg(0), arg(1));
            match m.term_text(k, &WriteOptions::write()).as_str() {
                "procedure" => {
                    let mut text = format!("Unknown procedure: {}", q(m, c));
                    if let Ok((name, arity)) = m.get_pi(c) {
                        for line in super::dwim::however_lines(m, name, arity, 2) {
                            text.push('\n');
                            text.push_str(&line);
                        }
                    }
                    text
                }
                "matching_rule" => format!("No rule matches {}", q(m, c)),
                kind => format!("{kind} `{}' does not exist", q(m, c)),
            }
        }
        ("existence_error", 3) => format!(
            "{} `{}' does not exist in {}",
            m.term_text(arg(0), &WriteOptions::write()),
            q(m, arg(1)),
            q(m, arg(2))
        ),
        ("duplicate_key", 1) => format!("Duplicate key: {}", q(m, arg(0))),
        ("permission_error", 3) => {
            let ty = m.term_text(arg(1), &WriteOptions::write());
            // SWI spells out procedure kinds but prints other types as they are.
            let ty = if ty.ends_with("procedure") {
                ty.replace('_', " ")
            } else {
                ty
            };
            format!(
                "No permission to {} {ty} `{}'",
                m.term_text(arg(0), &WriteOptions::write()),
                q(m, arg(2))
            )
        }
        ("io_error", 2) => format!(
            "I/O error in {} on stream {}",
            m.term_text(arg(0), &WriteOptions::write()),
            stream_name(m, arg(1))
        ),
        ("representation_error", 1) => format!(
            "Cannot represent due to `{}'",
            m.term_text(arg(0), &WriteOptions::write())
        ),
        ("evaluation_error", 1) => format!(
            "Arithmetic: evaluation error: `{}'",
            m.term_text(arg(0), &WriteOptions::write())
        ),
        ("resource_error", 1) => format!(
            "Not enough resources: {}",
            m.term_text(arg(0), &WriteOptions::write())
        ),
        ("syntax_error", 1) => {
            let id = m.term_text(arg(0), &WriteOptions::write());
            format!("Syntax error: {}", syntax_message(&id))
        }
        ("format", 1) => format!(
            "Format error: {}",
            m.term_text(arg(0), &WriteOptions::write())
        ),
        _ => format!("Unknown error term: {}", q(m, f)),
    }
}
