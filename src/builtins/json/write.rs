//! The JSON writer behind json_write/3 and json_write_dict/3, with SWI-Prolog
//! 9's layout (observed from its output; its code is not used): an array or
//! object goes on one line when its estimated length fits the width left at
//! its indentation, else one element per line, indented by `step` columns
//! made of tabs of `tab` columns and spaces. On one line: `[1, 2 ]`,
//! `[ [1 ],  {"a":1} ]` and `{"a":1, "b": [2 ]}`: an array or object is
//! preceded by a space unless the line is at its margin (its indentation,
//! as the stream counts columns).
//!
//! The term is walked with an explicit stack; arrays and objects are read
//! lazily from the term, and the estimate stops as soon as it exceeds the
//! width, so the work is linear in the output (times the width, at worst).

use super::record;
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::syntax::float_fmt::format_float;
use crate::syntax::writer::WriteOptions as TermOptions;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;
use crate::term::number::Number;
use std::cmp::Ordering;
use std::fmt::Write as _;

/// What json_write/3 or json_write_dict/3 was asked for.
pub struct WriteOptions {
    dicts: bool,
    /// 0: everything on one line.
    width: usize,
    step: usize,
    tab: usize,
    null_term: Cell,
    true_term: Cell,
    false_term: Cell,
    /// The key under which a dict's tag is written.
    tag_key: Option<Atom>,
    serialize_unknown: bool,
}

impl WriteOptions {
    pub fn from_term(m: &Machine, t: Cell) -> Res<WriteOptions> {
        let a = record(m, t, "json_write_options", 9)?;
        let arg = |i: usize| m.heap.deref(m.heap.get(a + i));
        let int = |i: usize| m.get_nonneg(arg(i));
        let key = arg(7);
        Ok(WriteOptions {
            dicts: arg(0) == Cell::atom(atoms::TRUE),
            width: int(1)?,
            step: int(2)?,
            tab: int(3)?,
            null_term: arg(4),
            true_term: arg(5),
            false_term: arg(6),
            tag_key: (key.tag() == ATM && key.get_atom() != atoms::NIL).then(|| key.get_atom()),
            serialize_unknown: arg(8) == Cell::atom(atoms::TRUE),
        })
    }
}

/// The members of an array or object, read from the term one at a time.
#[derive(Clone, Copy)]
enum Members {
    /// The rest of a list of values.
    List(Cell),
    /// The rest of `json(Pairs)`'s list.
    Pairs(Cell),
    /// A dict's pairs from index `i` of `n`, after its tag pair if any.
    Dict {
        args: usize,
        i: usize,
        n: usize,
        tag: Option<(Atom, Atom)>,
    },
}

/// A member: its key (objects) and value.
type Member = (Option<Cell>, Cell);

impl Members {
    fn next(&mut self, m: &Machine) -> Res<Option<Member>> {
        match self {
            Members::List(l) => {
                let c = m.heap.deref(*l);
                if c.tag() != LIS {
                    return Ok(None);
                }
                *l = m.heap.get(c.addr() + 1);
                Ok(Some((None, m.heap.get(c.addr()))))
            }
            Members::Pairs(l) => {
                let c = m.heap.deref(*l);
                if c.tag() != LIS {
                    return Ok(None);
                }
                *l = m.heap.get(c.addr() + 1);
                let pair = m.heap.deref(m.heap.get(c.addr()));
                let (k, v) = match m.heap.view(pair) {
                    View::Compound {
                        name,
                        arity: 2,
                        args,
                    } if matches!(name.name(), "=" | "-") => {
                        (m.heap.get(args), m.heap.get(args + 1))
                    }
                    View::Compound {
                        name,
                        arity: 1,
                        args,
                    } => (Cell::atom(name), m.heap.get(args)),
                    View::Var(_) => return Err(PErr::Instantiation),
                    _ => return Err(m.type_error(Atom::new("pair"), pair)),
                };
                Ok(Some((Some(k), v)))
            }
            Members::Dict { args, i, n, tag } => {
                if let Some((key, name)) = tag.take() {
                    return Ok(Some((Some(Cell::atom(key)), Cell::atom(name))));
                }
                if *i >= *n {
                    return Ok(None);
                }
                let at = *args + 1 + 2 * *i;
                *i += 1;
                Ok(Some((Some(m.heap.get(at + 1)), m.heap.get(at))))
            }
        }
    }
}

/// A value as JSON sees it.
enum Shape {
    /// Written as this text (numbers, literals, `[]`, `{}`).
    Text(String),
    /// Written as a JSON string of this text.
    Str(String),
    Array(Members),
    Object(Members),
}

/// Is `t` written as an array or object (a list, `json(Pairs)` or a dict)?
fn is_container(m: &Machine, t: Cell) -> bool {
    let t = m.heap.deref(t);
    match t.tag() {
        LIS => true,
        ATM => t.get_atom() == atoms::NIL,
        STR => {
            let f = m.heap.get(t.addr());
            (f.fun_name() == atoms::DICT && f.fun_arity() % 2 == 1)
                || (f.fun_arity() == 1 && f.fun_name().name() == "json")
        }
        _ => false,
    }
}

fn shape(m: &Machine, t: Cell, o: &WriteOptions) -> Res<Shape> {
    let t = m.heap.deref(t);
    let is = |term: Cell| m.compare(t, term) == Ordering::Equal;
    if t.tag() == REF {
        return Err(PErr::Instantiation);
    }
    if is(o.null_term) {
        return Ok(Shape::Text("null".into()));
    }
    if is(o.true_term) {
        return Ok(Shape::Text("true".into()));
    }
    if is(o.false_term) {
        return Ok(Shape::Text("false".into()));
    }
    Ok(match m.heap.view(t) {
        View::Var(_) => return Err(PErr::Instantiation),
        View::Int(i) => Shape::Text(i.to_string()),
        View::BigInt(b) => Shape::Text(b.to_string()),
        View::Float(f) => Shape::Text(format_float(f)),
        View::Rational(r) => Shape::Text(format_float(Number::Rat(Box::new(r)).to_f64())),
        View::Atom(a) if a == atoms::NIL => Shape::Text("[]".into()),
        View::Atom(a) => Shape::Str(a.name().to_string()),
        View::Str(s) => Shape::Str(s.to_string()),
        View::Compound { name, arity, args } => {
            if name == atoms::DOT && arity == 2 {
                let (_, end) = m.skip_list(t);
                if !matches!(end, crate::builtins::args::ListEnd::Nil) {
                    return unknown(m, t, o);
                }
                return Ok(Shape::Array(Members::List(t)));
            }
            if name == atoms::DICT && arity % 2 == 1 {
                let n = arity / 2;
                let tag = m.heap.deref(m.heap.get(args));
                let tag = match o.tag_key {
                    Some(k) if tag.tag() == ATM => Some((k, tag.get_atom())),
                    _ => None,
                };
                if n == 0 && tag.is_none() {
                    return Ok(Shape::Text("{}".into()));
                }
                return Ok(Shape::Object(Members::Dict { args, i: 0, n, tag }));
            }
            match (name.name(), arity) {
                ("json", 1) => {
                    let list = m.heap.get(args);
                    m.get_list(list)?;
                    if m.heap.deref(list) == Cell::atom(atoms::NIL) {
                        return Ok(Shape::Text("{}".into()));
                    }
                    Shape::Object(Members::Pairs(list))
                }
                ("#", 1) => {
                    let inner = m.heap.get(args);
                    Shape::Str(match m.heap.view(inner) {
                        View::Atom(a) => a.name().to_string(),
                        View::Str(s) => s.to_string(),
                        _ => m.term_text(inner, &TermOptions::writeq()),
                    })
                }
                ("@", 1) if !o.dicts => {
                    let inner = m.heap.deref(m.heap.get(args));
                    match m.heap.view(inner) {
                        View::Atom(a) if matches!(a.name(), "true" | "false" | "null") => {
                            Shape::Text(a.name().to_string())
                        }
                        _ => return unknown(m, t, o),
                    }
                }
                _ => return unknown(m, t, o),
            }
        }
    })
}

/// A term with no JSON form: its text as a string (`serialize_unknown`) or
/// `type_error(json_term, T)`.
fn unknown(m: &Machine, t: Cell, o: &WriteOptions) -> Res<Shape> {
    if o.serialize_unknown {
        return Ok(Shape::Str(m.term_text(t, &TermOptions::writeq())));
    }
    Err(m.type_error(Atom::new("json_term"), t))
}

/// The text of an object key (atom or string; numbers are a type error, as SWI).
fn key_text(m: &Machine, k: Cell) -> Res<String> {
    match m.heap.view(k) {
        View::Atom(a) => Ok(a.name().to_string()),
        View::Str(s) => Ok(s.to_string()),
        View::Var(_) => Err(PErr::Instantiation),
        _ => Err(m.type_error(Atom::new("text"), k)),
    }
}

/// Does `t` written on one line take at most `budget` columns, as SWI
/// estimates it (a string is its length plus quotes, a member separator two,
/// a key its length plus quotes, colon and a space)? False for a term that
/// cannot be written: the layout then breaks and the writer raises the error.
fn fits(m: &Machine, t: Cell, budget: usize, o: &WriteOptions) -> bool {
    let mut total = 0usize;
    let mut stack: Vec<(Members, bool)> = Vec::new();
    let mut value = Some(t);
    loop {
        if let Some(v) = value.take() {
            let Ok(s) = shape(m, v, o) else { return false };
            match s {
                Shape::Text(text) => total += text.len(),
                Shape::Str(text) => total += 2 + char_count(&text, budget + 1),
                Shape::Array(ms) | Shape::Object(ms) => {
                    total += 2;
                    stack.push((ms, true));
                }
            }
            if total > budget {
                return false;
            }
        }
        let Some((ms, first)) = stack.last_mut() else {
            return true;
        };
        match ms.next(m) {
            Err(_) => return false,
            Ok(None) => {
                stack.pop();
            }
            Ok(Some((key, v))) => {
                if !*first {
                    total += 2;
                }
                *first = false;
                if let Some(k) = key {
                    let Ok(k) = key_text(m, k) else { return false };
                    total += char_count(&k, budget + 1) + 4;
                }
                value = Some(v);
            }
        }
    }
}

/// The number of characters of `s`, counting no further than `limit`.
fn char_count(s: &str, limit: usize) -> usize {
    if s.is_ascii() {
        return s.len();
    }
    s.chars().take(limit).count()
}

/// What is left to write.
enum Task {
    Value {
        t: Cell,
        level: usize,
        one_line: bool,
    },
    Members {
        ms: Members,
        object: bool,
        level: usize,
        one_line: bool,
        first: bool,
    },
}

struct Out<'o> {
    buf: String,
    o: &'o WriteOptions,
}

impl Out<'_> {
    fn newline(&mut self, level: usize) {
        let col = level * self.o.step;
        self.buf.push('\n');
        let (tabs, spaces) = match self.o.tab {
            0 => (0, col),
            tab => (col / tab, col % tab),
        };
        self.buf.extend(std::iter::repeat_n('\t', tabs));
        self.buf.extend(std::iter::repeat_n(' ', spaces));
    }

    /// Does the indentation of `level` end elsewhere than `level * step` as a
    /// stream counts columns (a tab to the next multiple of 8)? SWI then sees
    /// the line as not at its margin and writes a space before a nested array
    /// or object.
    fn misaligned(&self, level: usize) -> bool {
        let col = level * self.o.step;
        let tab = self.o.tab;
        tab != 0 && tab != 8 && col >= tab && (col / tab) * 8 + col % tab != col
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\n`-style
    /// or `\u00XX` escapes, and `</` as `<\/` (safe inside an HTML script).
    fn string(&mut self, s: &str) {
        let b = &mut self.buf;
        b.push('"');
        let mut prev = '\0';
        for c in s.chars() {
            match c {
                '"' => b.push_str("\\\""),
                '\\' => b.push_str("\\\\"),
                '\n' => b.push_str("\\n"),
                '\r' => b.push_str("\\r"),
                '\t' => b.push_str("\\t"),
                '\u{8}' => b.push_str("\\b"),
                '\u{c}' => b.push_str("\\f"),
                '/' if prev == '<' => b.push_str("\\/"),
                c if (c as u32) < 0x20 => {
                    let _ = write!(b, "\\u{:04x}", c as u32);
                }
                c => b.push(c),
            }
            prev = c;
        }
        b.push('"');
    }
}

/// Writes `t` as JSON to output stream `id`; what was written before an error
/// stays written, as in SWI.
pub fn write_value(m: &mut Machine, id: usize, t: Cell, o: &WriteOptions) -> Res<()> {
    let mut out = Out {
        buf: String::new(),
        o,
    };
    // Not at the start of a line, SWI writes a space before an array or object.
    let column = m.ext.streams.get(id).map_or(0, |s| s.column);
    if column != 0 && is_container(m, t) {
        out.buf.push(' ');
    }
    let r = write_into(m, id, t, &mut out);
    m.emit_to(id, &out.buf)?;
    r
}

fn write_into(m: &mut Machine, id: usize, t: Cell, out: &mut Out) -> Res<()> {
    let o = out.o;
    let mut stack = vec![Task::Value {
        t,
        level: 0,
        one_line: o.width == 0,
    }];
    while let Some(task) = stack.pop() {
        if out.buf.len() >= 1 << 16 {
            m.emit_to(id, &out.buf)?;
            out.buf.clear();
        }
        match task {
            Task::Value { t, level, one_line } => {
                let s = shape(m, t, o)?;
                match s {
                    Shape::Text(text) => out.buf.push_str(&text),
                    Shape::Str(text) => out.string(&text),
                    Shape::Array(ms) | Shape::Object(ms) => {
                        let object = matches!(s, Shape::Object(_));
                        let budget = o.width.saturating_sub(level * o.step);
                        let one_line = one_line || fits(m, t, budget, o);
                        out.buf.push(if object { '{' } else { '[' });
                        stack.push(Task::Members {
                            ms,
                            object,
                            level,
                            one_line,
                            first: true,
                        });
                    }
                }
            }
            Task::Members {
                mut ms,
                object,
                level,
                one_line,
                first,
            } => {
                let Some((key, v)) = ms.next(m)? else {
                    match (one_line, object) {
                        (true, true) => out.buf.push('}'),
                        (true, false) => out.buf.push_str(" ]"),
                        (false, _) => {
                            out.newline(level);
                            out.buf.push(if object { '}' } else { ']' });
                        }
                    }
                    continue;
                };
                if !first {
                    out.buf.push_str(if one_line { ", " } else { "," });
                }
                if !one_line {
                    out.newline(level + 1);
                }
                let nested = is_container(m, v);
                if let Some(k) = key {
                    let k = key_text(m, k)?;
                    out.string(&k);
                    out.buf.push_str(if nested { ": " } else { ":" });
                } else if nested && (one_line || out.misaligned(level + 1)) {
                    out.buf.push(' ');
                }
                stack.push(Task::Members {
                    ms,
                    object,
                    level,
                    one_line,
                    first: false,
                });
                stack.push(Task::Value {
                    t: v,
                    level: level + 1,
                    one_line,
                });
            }
        }
    }
    Ok(())
}
