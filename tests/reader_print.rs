//! A test-only writer from `ReadTerm` to canonical text, shared by the reader
//! tests (included with `#[path]`; as a test target of its own it is empty).
//! Iterative, so it can print the million-deep terms of the deep tests.
#![allow(dead_code)]

use knightlog::syntax::read_term::{Node, ReadTerm};
use knightlog::term::atom::atoms;

/// Canonical text of a term: functional notation everywhere (lists as
/// `'[|]'(H,T)`), atoms quoted when needed. Iterative, for the deep terms.
pub fn canon(t: &ReadTerm) -> String {
    write_term(t, false)
}

/// Like SWI-Prolog's `write_term(T, [quoted(true), ignore_ops(true)])` with
/// every variable written `_`: lists in bracket notation. Used to compare with
/// SWI-Prolog in `matches_swi_prolog`.
pub fn swi_canon(t: &ReadTerm) -> String {
    write_term(t, true)
}

fn write_term(t: &ReadTerm, swi: bool) -> String {
    enum Work {
        Node(u32),
        Text(&'static str),
        /// The rest of a list in bracket notation.
        ListTail(u32),
    }
    let mut out = String::new();
    let mut stack = vec![Work::Node(t.root)];
    while let Some(w) = stack.pop() {
        let i = match w {
            Work::Text(s) => {
                out.push_str(s);
                continue;
            }
            Work::ListTail(i) => {
                match t.node(i) {
                    Node::Atom(a) if *a == atoms::NIL => {}
                    Node::Compound {
                        name,
                        first,
                        arity: 2,
                    } if *name == atoms::DOT => {
                        let args = t.args_of(*first, 2);
                        out.push(',');
                        stack.push(Work::ListTail(args[1]));
                        stack.push(Work::Node(args[0]));
                    }
                    _ => {
                        out.push('|');
                        stack.push(Work::Node(i));
                    }
                }
                continue;
            }
            Work::Node(i) => i,
        };
        match t.node(i) {
            Node::Var(v) if swi => {
                let _ = v;
                out.push('_')
            }
            Node::Var(v) => out.push_str(&t.vars[*v as usize].name),
            Node::Atom(a) => out.push_str(&quote(a.name())),
            Node::Int(n) => out.push_str(&n.to_string()),
            Node::BigInt(b) => out.push_str(&b.to_string()),
            Node::Float(f) => out.push_str(&float(*f)),
            Node::Rational(r) => out.push_str(&knightlog::term::number::rational_text(r)),
            Node::Str(s) => {
                out.push('"');
                out.push_str(&escape(s, '"'));
                out.push('"');
            }
            Node::Compound { name, first, arity } => {
                let args = t.args_of(*first, *arity);
                if swi && *name == atoms::DOT && *arity == 2 {
                    out.push('[');
                    stack.push(Work::Text("]"));
                    stack.push(Work::ListTail(args[1]));
                    stack.push(Work::Node(args[0]));
                    continue;
                }
                if swi && *name == atoms::CURLY && *arity == 1 {
                    out.push('{');
                    stack.push(Work::Text("}"));
                    stack.push(Work::Node(args[0]));
                    continue;
                }
                out.push_str(&quote(name.name()));
                out.push('(');
                stack.push(Work::Text(")"));
                for (k, &a) in args.iter().enumerate().rev() {
                    stack.push(Work::Node(a));
                    if k > 0 {
                        stack.push(Work::Text(","));
                    }
                }
            }
        }
    }
    out
}

fn quote(name: &str) -> String {
    let graphic = |c: char| "#$&*+-./:<=>?@^~\\".contains(c);
    let mut chars = name.chars();
    let plain = match chars.next() {
        Some(c) if c.is_alphabetic() && !c.is_uppercase() => {
            name.chars().all(|c| c.is_alphanumeric() || c == '_')
        }
        Some(c) if graphic(c) => name != "." && name.chars().all(graphic),
        _ => matches!(name, "[]" | "{}" | "!" | ";"),
    };
    if plain {
        name.to_string()
    } else {
        format!("'{}'", escape(name, '\''))
    }
}

fn escape(s: &str, q: char) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c == q => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:X}\\", c as u32))
            }
            c => out.push(c),
        }
    }
    out
}

/// Floats as SWI-Prolog writes them: always a dot, `1.0Inf`, `1.5NaN`.
fn float(f: f64) -> String {
    if f.is_nan() {
        return "1.5NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "1.0Inf" } else { "-1.0Inf" }.into();
    }
    let s = format!("{f:?}");
    match s.find('e') {
        Some(e) if !s[..e].contains('.') => format!("{}.0e{}", &s[..e], &s[e + 1..]),
        _ => s,
    }
}
