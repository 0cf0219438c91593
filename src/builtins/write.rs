//! Term output: write/print/writeq/write_canonical/writeln, write_term/2,3
//! (options parsed by `syntax::write_options`), print/1 through the user's
//! `portray/1` hook, and format/1,2,3 driving the resumable `Formatter`
//! (answering its `~p`, `~@`, `~W` and arithmetic requests with the engine).
//!
//! Tested by: the unit tests below; tests/prolog/format.pl, tests/prolog/io.pl,
//! tests/writer_options_tests.rs.

use super::atoms::{make_text, Kind};
use super::docs::reg_doc;
use super::io::stream_id;
use super::reg_det;
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::syntax::format::{FormatError, Formatter, Request, Step};
use crate::syntax::write_options::{
    parse_write_options, AttrWrite, ParsedWriteOptions, WriteOptionError,
};
use crate::syntax::writer::{write_canonical, write_term, WriteOptions};
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;
use crate::term::walk::AddrMap;

type OptionsFn = fn() -> WriteOptions;

/// The plain write predicates: name, options and how they write (help/1).
const PLAIN: &[(&str, OptionsFn, &str)] = &[
    (
        "write",
        WriteOptions::write,
        "as text, operators applied, atoms unquoted",
    ),
    (
        "writeq",
        WriteOptions::writeq,
        "so that it reads back: atoms quoted where needed",
    ),
    (
        "write_canonical",
        WriteOptions::canonical,
        "quoted, ignoring operators and portray, variables as _N",
    ),
];

pub fn register(m: &mut Machine) {
    for &(name, _, how) in PLAIN {
        reg_det(m, name, 1, |m| plain_write(m, None, 0));
        reg_doc(
            m,
            &format!("{name}(@Term)"),
            &format!("Write Term to the current output {how}."),
        );
        reg_det(m, name, 2, |m| {
            let s = m.regs[0];
            plain_write(m, Some(s), 1)
        });
        reg_doc(
            m,
            &format!("{name}(+Stream, @Term)"),
            &format!("Write Term to Stream {how}."),
        );
    }
    reg_det(m, "print", 1, |m| print(m, None, 0));
    reg_doc(
        m,
        "print(@Term)",
        "Write Term for a person to read: portray/1 hooks, quoted, depth-limited as the flags say.",
    );
    reg_det(m, "print", 2, |m| {
        let s = m.regs[0];
        print(m, Some(s), 1)
    });
    reg_doc(m, "print(+Stream, @Term)", "As print/1, to Stream.");
    reg_det(m, "writeln", 1, |m| writeln(m, None, 0));
    reg_doc(
        m,
        "writeln(@Term)",
        "Write Term as write/1 does, then a new line.",
    );
    reg_det(m, "writeln", 2, |m| {
        let s = m.regs[0];
        writeln(m, Some(s), 1)
    });
    reg_doc(
        m,
        "writeln(+Stream, @Term)",
        "Write Term to Stream as write/2 does, then a new line.",
    );
    reg_det(m, "write_term", 2, |m| write_term_opts(m, None, 0));
    reg_doc(
        m,
        "write_term(@Term, +Options)",
        "Write Term as Options say (quoted(true), max_depth(N), ignore_ops(true), ...).",
    );
    reg_det(m, "write_term", 3, |m| {
        let s = m.regs[0];
        write_term_opts(m, Some(s), 1)
    });
    reg_doc(
        m,
        "write_term(+Stream, @Term, +Options)",
        "As write_term/2, to Stream.",
    );
    reg_det(m, "format", 1, |m| {
        let f = m.regs[0];
        format(m, None, f, Cell::atom(atoms::NIL))
    });
    reg_doc(
        m,
        "format(+Format)",
        "Write the text Format, its ~ directives taking no arguments (~n, ~~, ~t~|).",
    );
    reg_det(m, "format", 2, |m| {
        let (f, a) = (m.regs[0], m.regs[1]);
        format(m, None, f, a)
    });
    reg_doc(m, "format(+Format, :Arguments)", "Write Format, each ~ directive (~w, ~q, ~a, ~d, ~p, ~e, ~t~|, ...) taking the next of Arguments.");
    reg_det(m, "format", 3, format3);
    reg_doc(
        m,
        "format(+Output, +Format, :Arguments)",
        "As format/2, to a stream or to atom(A), string(S), codes(C), chars(C).",
    );
}

/// write/1,2, writeq/1,2, write_canonical/1,2 (the predicate name picks the options).
fn plain_write(m: &mut Machine, stream: Option<Cell>, at: usize) -> Res {
    let name = m.preds[m.cur_pred as usize].name;
    let id = out_stream(m, stream)?;
    let t = m.regs[at];
    let mut s = String::new();
    if name.name() == "write_canonical" {
        write_canonical(&m.heap, &m.ops, t, &mut s);
    } else {
        let opts = PLAIN
            .iter()
            .find(|(n, _, _)| *n == name.name())
            .map_or_else(WriteOptions::write, |(_, o, _)| o());
        write_term(&m.heap, &m.ops, t, &opts, None, &mut s);
    }
    m.emit_to(id, &s)
}

fn writeln(m: &mut Machine, stream: Option<Cell>, at: usize) -> Res {
    let id = out_stream(m, stream)?;
    let mut s = m.term_text(m.regs[at], &WriteOptions::write());
    s.push('\n');
    m.emit_to(id, &s)
}

fn print(m: &mut Machine, stream: Option<Cell>, at: usize) -> Res {
    let id = out_stream(m, stream)?;
    let t = m.regs[at];
    let s = m.print_text(t)?;
    m.emit_to(id, &s)
}

fn out_stream(m: &mut Machine, stream: Option<Cell>) -> Res<usize> {
    match stream {
        Some(s) => stream_id(m, s, true),
        None => Ok(m.ext.streams.cur_out),
    }
}

/// Maps a write option error to the ISO error SWI raises.
pub fn write_option_error(e: WriteOptionError) -> PErr {
    match e {
        WriteOptionError::Instantiation => PErr::Instantiation,
        WriteOptionError::Type { expected, culprit } => PErr::Type(Atom::new(expected), culprit),
        WriteOptionError::Domain { domain, culprit } => PErr::Domain(Atom::new(domain), culprit),
    }
}

fn write_term_opts(m: &mut Machine, stream: Option<Cell>, at: usize) -> Res {
    let t = m.regs[at];
    let parsed = parse_write_options(&m.heap, m.regs[at + 1]).map_err(write_option_error)?;
    let id = out_stream(m, stream)?;
    let s = m.write_term_text(t, &parsed)?;
    m.emit_to(id, &s)
}

impl Machine {
    /// Text of a term as the writer prints it with these options.
    pub fn term_text(&self, t: Cell, opts: &WriteOptions) -> String {
        let mut s = String::new();
        write_term(&self.heap, &self.ops, t, opts, None, &mut s);
        s
    }

    /// Writes text to stream `id`, raising the ISO permission error if it cannot.
    pub fn emit_to(&mut self, id: usize, text: &str) -> Res {
        match self.ext.streams.write(id, text) {
            Ok(()) => Ok(true),
            Err(e) => Err(super::io::write_error(self, id, e)),
        }
    }

    /// Is a user `portray/1` hook defined?
    fn has_portray(&self) -> bool {
        self.lookup_pred(Atom::new("portray"), 1)
            .is_some_and(|p| self.preds[p as usize].live_clauses() > 0)
    }

    /// The text `portray(T)` writes if it succeeds (None if it fails or is not defined).
    fn try_portray(&mut self, t: Cell) -> Res<Option<String>> {
        if !self.has_portray() {
            return Ok(None);
        }
        let goal = self.heap.new_compound(Atom::new("portray"), &[t]);
        let (ok, text) = self.capture_output(goal)?;
        Ok(ok.then_some(text))
    }

    /// Runs `goal` once with current output going to memory; returns whether it
    /// succeeded and what it wrote. Errors propagate (output is discarded).
    pub fn capture_output(&mut self, goal: Cell) -> Res<(bool, String)> {
        self.capture_output_at(goal, 0)
    }

    /// As capture_output, the output starting at `column` (format's
    /// directives see the column they write at).
    pub fn capture_output_at(&mut self, goal: Cell, column: usize) -> Res<(bool, String)> {
        let id = self.ext.streams.open_memory();
        if let Some(s) = self.ext.streams.get_mut(id) {
            s.column = column;
        }
        let prev = self.ext.streams.cur_out;
        self.ext.streams.cur_out = id;
        let r = self.run_once(goal);
        self.ext.streams.cur_out = prev;
        let text = self.ext.streams.close(id).unwrap_or_default();
        r.map(|ok| (ok, text))
    }

    /// The text of `print(T)`: the portray hook on the whole term, else
    /// `writeq` with `portray(true), numbervars(true)`.
    pub fn print_text(&mut self, t: Cell) -> Res<String> {
        if let Some(s) = self.try_portray(t)? {
            return Ok(s);
        }
        Ok(self.term_text(t, &WriteOptions::print()))
    }

    /// The text of `print(T)` with other write options (the debugger's depth limit).
    pub fn print_text_with(&mut self, t: Cell, opts: &WriteOptions) -> Res<String> {
        if let Some(s) = self.try_portray(t)? {
            return Ok(s);
        }
        Ok(self.term_text(t, opts))
    }

    /// The text `write_term/2` writes with parsed options (portray included).
    pub fn write_term_text(&mut self, t: Cell, parsed: &ParsedWriteOptions) -> Res<String> {
        if parsed.portray {
            if let Some(mut s) = self.try_portray(t)? {
                if parsed.fullstop {
                    s.push('.');
                    s.push(if parsed.nl { '\n' } else { ' ' });
                } else if parsed.nl {
                    s.push('\n');
                }
                return Ok(s);
            }
        }
        let suffixes = self.attribute_suffixes(t, parsed)?;
        let mut s = String::new();
        parsed.write_with_suffixes(&self.heap, &self.ops, t, &suffixes, &mut s);
        Ok(s)
    }

    /// What `attributes(Mode)` writes after each attributed variable of `t`.
    /// Attribute values are written without their own attributes: SWI
    /// recurses into them and overflows its C stack on `put_attr(X, m, f(X))`.
    fn attribute_suffixes(&mut self, t: Cell, parsed: &ParsedWriteOptions) -> Res<AddrMap<String>> {
        let mut suffixes = AddrMap::default();
        if parsed.attributes == AttrWrite::Ignore {
            return Ok(suffixes);
        }
        for var in super::attvar::term_attvars(self, t) {
            let Some((addr, atts)) = self.attvar_of(var) else {
                continue;
            };
            let text = match parsed.attributes {
                AttrWrite::Ignore => continue,
                AttrWrite::Dots => "...".to_string(),
                AttrWrite::Write => {
                    let mut s = String::new();
                    write_term(&self.heap, &self.ops, atts, &parsed.options, None, &mut s);
                    s
                }
                AttrWrite::Portray => self.portray_attributes(var, atts)?,
            };
            suffixes.insert(addr, format!("{{{text}}}"));
        }
        Ok(suffixes)
    }

    /// `Module:attr_portray_hook(Value, Var)` for each attribute, else `Module = ...`.
    fn portray_attributes(&mut self, var: Cell, mut atts: Cell) -> Res<String> {
        let mut parts = Vec::new();
        let att = Atom::new("att");
        while let View::Compound {
            name,
            arity: 3,
            args,
        } = self.heap.view(atts)
        {
            if name != att {
                break;
            }
            let (module, value) = (self.heap.get(args), self.heap.get(args + 1));
            atts = self.heap.get(args + 2);
            let hook = self
                .heap
                .new_compound(Atom::new("attr_portray_hook"), &[value, var]);
            let goal = self.heap.new_compound(atoms::COLON, &[module, hook]);
            let text = match self.capture_output(goal) {
                Ok((true, text)) => text,
                // A failing or missing hook, or one that raises: SWI's elision.
                _ => format!("{} = ...", self.term_text(module, &WriteOptions::write())),
            };
            parts.push(text);
        }
        Ok(parts.join(", "))
    }
}

/// format/2 on stream `stream` (None: current output).
fn format(m: &mut Machine, stream: Option<Cell>, f: Cell, args: Cell) -> Res {
    let id = out_stream(m, stream)?;
    match format_text_keeping(m, f, args, id) {
        Ok(Formatted::Text(text)) => m.emit_to(id, &text),
        Ok(Formatted::Failed(written)) => {
            // As SWI: what was formatted before a failing `~@` is written.
            if !written.is_empty() {
                m.emit_to(id, &written)?;
            }
            Ok(false)
        }
        Err((e, written)) => {
            // As SWI: what was formatted before the error is written.
            if !written.is_empty() {
                m.emit_to(id, &written)?;
            }
            Err(e)
        }
    }
}

/// Runs the formatter to completion, answering its requests. None: a `~@`
/// goal failed (format/2 then fails, as in SWI).
pub fn format_text(m: &mut Machine, f: Cell, args: Cell, id: usize) -> Res<Option<String>> {
    match format_text_keeping(m, f, args, id) {
        Ok(Formatted::Text(s)) => Ok(Some(s)),
        Ok(Formatted::Failed(_)) => Ok(None),
        Err((e, _)) => Err(e),
    }
}

/// What the formatter made: the whole text, or the text before a goal of
/// `~@` or of a format_predicate/2 directive failed.
enum Formatted {
    Text(String),
    Failed(String),
}

/// As format_text, an error coming with the text formatted before it.
fn format_text_keeping(
    m: &mut Machine,
    f: Cell,
    args: Cell,
    id: usize,
) -> Result<Formatted, (PErr, String)> {
    let none = |e| (e, String::new());
    let fd = m.heap.deref(f);
    if m.heap.number(fd).is_some() {
        return Err(none(m.type_error(Atom::new("text"), fd)));
    }
    let fmt = m.any_text(fd, Atom::new("text")).map_err(none)?;
    let argv: Vec<Cell> = match m.list_items(args) {
        Ok(v) => v,
        Err(_) => vec![args],
    };
    let column = m.ext.streams.get(id).map_or(0, |s| s.column);
    let mut fm = Formatter::new(&fmt, &argv, column);
    if !m.ext.format_preds.is_empty() {
        fm.set_user_directives(m.format_directives());
    }
    loop {
        let step = match fm.resume(&m.heap, &m.ops) {
            Ok(step) => step,
            Err(e) => return Err((format_error(m, e), fm.written())),
        };
        let supplied = match step {
            Step::Done(s) => return Ok(Formatted::Text(s)),
            Step::Need(Request::Print(t)) => m.print_text(t).map(|s| fm.supply_text(&s)),
            Step::Need(Request::User {
                directive,
                arg,
                args,
                column,
            }) => match m.run_format_directive(directive, arg, &args, column) {
                Ok(None) => return Ok(Formatted::Failed(fm.written())),
                Ok(Some(s)) => {
                    fm.supply_text(&s);
                    Ok(())
                }
                Err(e) => Err(e),
            },
            Step::Need(Request::Call(g)) => match m.capture_output(g) {
                Ok((false, _)) => return Ok(Formatted::Failed(fm.written())),
                Ok((true, s)) => {
                    fm.supply_text(&s);
                    Ok(())
                }
                Err(e) => Err(e),
            },
            Step::Need(Request::WriteTerm { term, options }) => {
                parse_write_options(&m.heap, options)
                    .map_err(write_option_error)
                    .and_then(|parsed| m.write_term_text(term, &parsed))
                    .map(|s| fm.supply_text(&s))
            }
            Step::Need(Request::Eval { expr, .. }) => {
                super::arith::eval(m, expr).map(|n| fm.supply_number(n))
            }
        };
        if let Err(e) = supplied {
            return Err((e, fm.written()));
        }
    }
}

/// The error terms SWI-Prolog 9 raises for format/2 problems.
fn format_error(m: &mut Machine, e: FormatError) -> PErr {
    // error(format(Msg), context(format/N, _)), N the running format's arity.
    let fmt_msg = |m: &mut Machine, msg: &str| {
        let t = m
            .heap
            .new_compound(Atom::new("format"), &[Cell::atom(Atom::new(msg))]);
        let p = &m.preds[m.cur_pred as usize];
        let pi = m.make_pi(p.name, p.arity);
        let v = m.heap.new_var();
        let ctx = m.heap.new_compound(atoms::CONTEXT, &[pi, v]);
        PErr::Throw(m.heap.new_compound(atoms::ERROR, &[t, ctx]))
    };
    match e {
        FormatError::NotEnoughArgs => fmt_msg(m, "not enough arguments"),
        FormatError::TooManyArgs => fmt_msg(m, "too many arguments"),
        FormatError::UnknownDirective(c) => {
            let ch = Cell::atom(Atom::new(c.encode_utf8(&mut [0; 4])));
            PErr::Existence(Atom::new("format_character"), ch)
        }
        FormatError::BadArg {
            expected: "evaluable",
            culprit,
            ..
        } => {
            let (n, a) = m.heap.callable_key(culprit).unwrap_or((atoms::EMPTY, 0));
            let pi = m.make_pi(n, a);
            PErr::Type(atoms::EVALUABLE, pi)
        }
        FormatError::BadArg {
            directive, culprit, ..
        } => {
            let d = Cell::atom(Atom::new(directive.encode_utf8(&mut [0; 4])));
            let t = m
                .heap
                .new_compound(Atom::new("format_argument_type"), &[d, culprit]);
            let v = m.heap.new_var();
            PErr::Throw(m.heap.new_compound(atoms::ERROR, &[t, v]))
        }
        FormatError::Instantiation { .. } => PErr::Instantiation,
        FormatError::BadStarArg { .. } => fmt_msg(m, "no or negative integer for `*' argument"),
        FormatError::BadRadix(n) => PErr::Domain(Atom::new("radix"), m.heap.new_int(n as i64)),
        FormatError::TooLarge(_) => PErr::Resource(atoms::MEMORY),
        FormatError::Unsupported(c) => fmt_msg(m, &format!("~{c} is not supported")),
    }
}

/// format/3: the first argument is a stream or atom(A), string(S), codes(C), chars(C).
fn format3(m: &mut Machine) -> Res {
    let sink = m.arg(0);
    let (f, args) = (m.regs[1], m.regs[2]);
    // codes(C, Tail) and chars(C, Tail): difference lists, as in SWI.
    let (kind, diff) = match m.heap.view(sink) {
        View::Compound { name, arity, .. } if arity <= 2 => match (name.name(), arity) {
            ("atom", 1) => (Some(Kind::Atom), false),
            ("string", 1) => (Some(Kind::Str), false),
            ("codes", _) => (Some(Kind::Codes), arity == 2),
            ("chars", _) => (Some(Kind::Chars), arity == 2),
            _ => (None, false),
        },
        _ => (None, false),
    };
    let Some(kind) = kind else {
        return format(m, Some(sink), f, args);
    };
    let id = m.ext.streams.open_memory();
    let r = format_text(m, f, args, id);
    m.ext.streams.close(id);
    let Some(text) = r? else {
        return Ok(false);
    };
    let mut t = make_text(m, &text, kind);
    if diff {
        let items = m.list_items(t).unwrap_or_default();
        let tail = m.heap.get(sink.addr() + 2);
        t = m.heap.list_from_slice(&items, tail);
    }
    let target = m.heap.get(sink.addr() + 1);
    Ok(m.unify(target, t))
}

#[cfg(test)]
mod tests {
    /// Each goal must succeed (checked against SWI-Prolog 9.0.4); every one that does not is reported.
    #[test]
    fn goals_hold() {
        // format/2,3 to atoms, with_output_to/2, write_term/2, writeq spacing
        let failing = crate::builtins::goals_not_holding(&[
            r#"format(atom(A), "~w-~a", [f(x), b]), A == 'f(x)-b'"#,
            r#"with_output_to(string(S), print([1, 2])), S == "[1,2]""#,
            r#"format(atom(A), "~q", ['A b']), A == '\'A b\''"#,
            r#"with_output_to(atom(A), write_term('b c', [quoted(true)])), A == '\'b c\''"#,
            r#"with_output_to(atom(A), writeln(x)), A == 'x\n'"#,
            r#"format(atom(A), "~t~w~10||", [abc]), A == '       abc|'"#,
            r#"format(atom(A), "~D", [1234567]), A == '1,234,567'"#,
            r#"with_output_to(atom(A), write(1 - (-1))), A == '1- -1'"#,
            r#"with_output_to(atom(A), writeq(- (1))), A == '- 1'"#,
        ]);
        assert!(failing.is_empty(), "\n{}", failing.join("\n"));
    }
}
