//! Term output and input: write family, format/1,2,3, streams, read_term.

use super::atoms::{make_text, Kind};
use super::reg_det;
use super::stream::{USER_ERROR, USER_INPUT, USER_OUTPUT};
use crate::engine::atom::{atoms, Atom};
use crate::engine::cell::*;
use crate::engine::error::{PErr, Res};
use crate::engine::heap::View;
use crate::engine::Machine;
use crate::syntax::reader::{ReadOptions, Reader};
use crate::syntax::writer::{write_term, WriteOptions};

pub fn register(m: &mut Machine) {
    for (name, opts) in [
        ("write", WriteOptions::write as fn() -> WriteOptions),
        ("print", WriteOptions::print),
        ("writeq", WriteOptions::writeq),
        ("write_canonical", WriteOptions::canonical),
    ] {
        reg_det(m, name, 1, move |m| {
            let t = m.regs[0];
            let o = match m.preds[m.cur_pred as usize].name.name() {
                "write" => WriteOptions::write(),
                "print" => WriteOptions::print(),
                "writeq" => WriteOptions::writeq(),
                _ => WriteOptions::canonical(),
            };
            let s = m.term_text(t, &o);
            m.emit(None, &s)
        });
        let _ = opts;
        reg_det(m, name, 2, |m| {
            let o = match m.preds[m.cur_pred as usize].name.name() {
                "write" => WriteOptions::write(),
                "print" => WriteOptions::print(),
                "writeq" => WriteOptions::writeq(),
                _ => WriteOptions::canonical(),
            };
            let t = m.regs[1];
            let s = m.term_text(t, &o);
            let out = m.regs[0];
            m.emit(Some(out), &s)
        });
    }
    reg_det(m, "write_term", 2, |m| write_term_opts(m, None, 0));
    reg_det(m, "write_term", 3, |m| {
        let s = m.regs[0];
        write_term_opts(m, Some(s), 1)
    });
    reg_det(m, "nl", 0, |m| m.emit(None, "\n"));
    reg_det(m, "nl", 1, |m| m.emit(Some(m.regs[0]), "\n"));
    reg_det(m, "tab", 1, |m| tab(m, None, 0));
    reg_det(m, "tab", 2, |m| tab(m, Some(m.regs[0]), 1));
    reg_det(m, "put_char", 1, |m| put_char(m, None, 0));
    reg_det(m, "put_char", 2, |m| put_char(m, Some(m.regs[0]), 1));
    reg_det(m, "format", 1, |m| format(m, None, 0, None));
    reg_det(m, "format", 2, |m| {
        let args = m.regs[1];
        format(m, None, 0, Some(args))
    });
    reg_det(m, "format", 3, format3);
    reg_det(m, "$push_output", 1, |m| {
        let id = m.ext.streams.open_memory();
        let prev = m.ext.streams.cur_out;
        m.ext.streams.cur_out = id;
        let t = m.heap.new_compound(
            Atom::new("$out"),
            &[Cell::small_int(id as i64), Cell::small_int(prev as i64)],
        );
        Ok(m.unify(m.regs[0], t))
    });
    reg_det(m, "$pop_output", 3, pop_output);
    reg_det(m, "flush_output", 0, |m| {
        m.ext.streams.flush_all();
        Ok(true)
    });
    reg_det(m, "flush_output", 1, |m| {
        stream_id(m, m.regs[0], true)?;
        m.ext.streams.flush_all();
        Ok(true)
    });
    reg_det(m, "open", 3, |m| open(m, None));
    reg_det(m, "open", 4, |m| {
        let o = m.regs[3];
        open(m, Some(o))
    });
    reg_det(m, "close", 1, close);
    reg_det(m, "close", 2, close);
    reg_det(m, "current_output", 1, |m| {
        let s = stream_term(m, m.ext.streams.cur_out);
        Ok(m.unify(m.regs[0], s))
    });
    reg_det(m, "current_input", 1, |m| {
        let s = stream_term(m, m.ext.streams.cur_in);
        Ok(m.unify(m.regs[0], s))
    });
    reg_det(m, "set_output", 1, |m| {
        m.ext.streams.cur_out = stream_id(m, m.regs[0], true)?;
        Ok(true)
    });
    reg_det(m, "set_input", 1, |m| {
        m.ext.streams.cur_in = stream_id(m, m.regs[0], false)?;
        Ok(true)
    });
    reg_det(m, "read_term", 2, |m| read_term(m, None, 0));
    reg_det(m, "read_term", 3, |m| {
        let s = m.regs[0];
        read_term(m, Some(s), 1)
    });
    reg_det(m, "read", 1, |m| {
        m.regs[1] = Cell::atom(atoms::NIL);
        read_term(m, None, 0)
    });
    reg_det(m, "read", 2, |m| {
        m.regs[2] = Cell::atom(atoms::NIL);
        let s = m.regs[0];
        read_term(m, Some(s), 1)
    });
    reg_det(m, "$print_message", 2, |m| {
        let kind = m.get_atom(m.regs[0])?;
        let msg = super::messages::message_text(m, m.regs[1]);
        match kind.name() {
            "error" => m.emit_error(&format!("ERROR: {msg}\n")),
            "warning" => m.emit_error(&format!("Warning: {msg}\n")),
            _ => {}
        }
        Ok(true)
    });
    reg_det(m, "get_char", 1, |m| get_char(m, None, 0, false, false));
    reg_det(m, "get_char", 2, |m| {
        get_char(m, Some(m.regs[0]), 1, false, false)
    });
    reg_det(m, "peek_char", 1, |m| get_char(m, None, 0, true, false));
    reg_det(m, "peek_char", 2, |m| {
        get_char(m, Some(m.regs[0]), 1, true, false)
    });
    reg_det(m, "get_code", 1, |m| get_char(m, None, 0, false, true));
    reg_det(m, "get_code", 2, |m| {
        get_char(m, Some(m.regs[0]), 1, false, true)
    });
    reg_det(m, "peek_code", 1, |m| get_char(m, None, 0, true, true));
    reg_det(m, "peek_code", 2, |m| {
        get_char(m, Some(m.regs[0]), 1, true, true)
    });
}

impl Machine {
    /// Text of a term as the writer prints it with these options.
    pub fn term_text(&self, t: Cell, opts: &WriteOptions) -> String {
        let mut s = String::new();
        write_term(&self.heap, &self.ops, t, opts, None, &mut s);
        s
    }

    /// Writes text to a stream argument (or current output), with ISO errors.
    pub fn emit(&mut self, stream: Option<Cell>, text: &str) -> Res {
        let id = match stream {
            Some(s) => stream_id(self, s, true)?,
            None => self.ext.streams.cur_out,
        };
        if self.ext.streams.write(id, text).is_err() {
            let s = stream_term(self, id);
            return Err(PErr::Permission(
                Atom::new("output"),
                Atom::new("stream"),
                s,
            ));
        }
        Ok(true)
    }

    /// Prints to user_error (messages, warnings).
    pub fn emit_error(&mut self, text: &str) {
        let _ = self.ext.streams.write(USER_ERROR, text);
    }
}

/// Resolves a stream argument (a '$stream'(N) term or an alias).
pub fn stream_id(m: &mut Machine, s: Cell, output: bool) -> Res<usize> {
    let s = m.heap.deref(s);
    let id = match m.heap.view(s) {
        View::Var(_) => return Err(PErr::Instantiation),
        View::Atom(a) => match a.name() {
            "user_output" => Some(USER_OUTPUT),
            "user_error" => Some(USER_ERROR),
            "user_input" => Some(USER_INPUT),
            _ => m.ext.streams.by_alias(a),
        },
        View::Compound {
            name,
            arity: 1,
            args,
        } if name.name() == "$stream" => {
            let n = m.heap.deref(m.heap.get(args));
            (n.tag() == INT).then(|| n.get_int() as usize)
        }
        _ => return Err(PErr::Domain(Atom::new("stream_or_alias"), s)),
    };
    let Some(id) = id.filter(|&i| m.ext.streams.get(i).is_some()) else {
        return Err(PErr::Existence(Atom::new("stream"), s));
    };
    let is_out = m.ext.streams.get(id).is_some_and(|st| st.is_output());
    if is_out != output {
        let what = if output { "output" } else { "input" };
        return Err(PErr::Permission(Atom::new(what), Atom::new("stream"), s));
    }
    Ok(id)
}

pub fn stream_term(m: &mut Machine, id: usize) -> Cell {
    m.heap
        .new_compound(Atom::new("$stream"), &[Cell::small_int(id as i64)])
}

fn write_term_opts(m: &mut Machine, stream: Option<Cell>, at: usize) -> Res {
    let t = m.regs[at];
    let list = m.get_list(m.regs[at + 1])?;
    let mut o = WriteOptions::write();
    for opt in list {
        let opt = m.heap.deref(opt);
        let View::Compound {
            name,
            arity: 1,
            args,
        } = m.heap.view(opt)
        else {
            if opt.tag() == REF {
                return Err(PErr::Instantiation);
            }
            return Err(PErr::Domain(Atom::new("write_option"), opt));
        };
        let v = m.heap.deref(m.heap.get(args));
        let flag = || -> Res<bool> {
            match v.tag() {
                REF => Err(PErr::Instantiation),
                ATM if v.get_atom() == atoms::TRUE => Ok(true),
                ATM if v.get_atom() == atoms::FALSE => Ok(false),
                _ => Err(PErr::Domain(Atom::new("write_option"), opt)),
            }
        };
        match name.name() {
            "quoted" => o.quoted = flag()?,
            "ignore_ops" => o.ignore_ops = flag()?,
            "numbervars" => o.numbervars = flag()?,
            "portray" | "portrayed" | "character_escapes" | "cycles" | "fullstop" | "nl"
            | "attributes" | "variable_names" | "priority" | "partial" | "spacing" | "module"
            | "blobs" | "portray_goal" => {}
            "max_depth" => o.max_depth = m.get_nonneg(v)?,
            _ => return Err(PErr::Domain(Atom::new("write_option"), opt)),
        }
    }
    let s = m.term_text(t, &o);
    m.emit(stream, &s)
}

fn tab(m: &mut Machine, stream: Option<Cell>, at: usize) -> Res {
    let n = crate::builtins::arith::eval(m, m.regs[at])?;
    let n = match n {
        crate::arith::number::Number::Int(i) => i.max(0) as usize,
        _ => return Err(PErr::Type(atoms::INTEGER, m.arg(at))),
    };
    m.emit(stream, &" ".repeat(n))
}

fn put_char(m: &mut Machine, stream: Option<Cell>, at: usize) -> Res {
    let c = m.arg(at);
    let a = m.get_atom(c)?;
    if a.name().chars().count() != 1 {
        return Err(PErr::Type(atoms::CHARACTER, c));
    }
    m.emit(stream, a.name())
}

/// format(Fmt), format(Fmt, Args), and the stream / sink forms.
fn format(m: &mut Machine, stream: Option<Cell>, at: usize, args: Option<Cell>) -> Res {
    let f = m.arg(at);
    let fmt = m.get_text(f, Atom::new("text"))?;
    let argv: Vec<Cell> = match args {
        None => Vec::new(),
        Some(a) => match m.heap.list_to_vec(a) {
            Ok(v) => v,
            Err(_) => vec![a],
        },
    };
    let id = match stream {
        Some(s) => stream_id(m, s, true)?,
        None => m.ext.streams.cur_out,
    };
    let column = m.ext.streams.get(id).map_or(0, |s| s.column);
    let text = crate::syntax::format::format(&m.heap, &m.ops, &fmt, &argv, column)
        .map_err(|e| format_error(m, e))?;
    if m.ext.streams.write(id, &text).is_err() {
        let s = stream_term(m, id);
        return Err(PErr::Permission(
            Atom::new("output"),
            Atom::new("stream"),
            s,
        ));
    }
    Ok(true)
}

fn format_error(m: &mut Machine, e: crate::syntax::format::FormatError) -> PErr {
    use crate::syntax::format::FormatError as F;
    match e {
        F::BadArg {
            expected, culprit, ..
        } => PErr::Type(Atom::new(expected), culprit),
        F::Instantiation { .. } => PErr::Instantiation,
        other => {
            let msg = Cell::atom(Atom::new(&format!("{other:?}")));
            let t = m.heap.new_compound(Atom::new("format"), &[msg]);
            let err = m.heap.new_compound(atoms::ERROR, &[t, Cell::new_ref(0)]);
            let v = m.heap.new_var();
            let err2 = m.heap.new_compound(atoms::ERROR, &[t, v]);
            let _ = err;
            PErr::Throw(err2)
        }
    }
}

/// format/3: the first argument is a stream or atom(A), string(S), codes(C), chars(C).
fn format3(m: &mut Machine) -> Res {
    let sink = m.arg(0);
    let kind = match m.heap.view(sink) {
        View::Compound { name, arity: 1, .. } => match name.name() {
            "atom" => Some(Kind::Atom),
            "string" => Some(Kind::Str),
            "codes" => Some(Kind::Codes),
            "chars" => Some(Kind::Chars),
            _ => None,
        },
        _ => None,
    };
    let args = m.regs[2];
    let Some(kind) = kind else {
        return format(m, Some(sink), 1, Some(args));
    };
    let id = m.ext.streams.open_memory();
    let st = stream_term(m, id);
    let r = format(m, Some(st), 1, Some(args));
    let text = m.ext.streams.close(id).unwrap_or_default();
    r?;
    let t = make_text(m, &text, kind);
    let target = m.heap.get(sink.addr() + 1);
    Ok(m.unify(target, t))
}

/// '$pop_output'('$out'(Id, Prev), Kind, Text): ends a with_output_to/2 capture.
fn pop_output(m: &mut Machine) -> Res {
    let t = m.arg(0);
    let View::Compound { args, .. } = m.heap.view(t) else {
        return Err(PErr::Instantiation);
    };
    let id = m.heap.deref(m.heap.get(args)).get_int() as usize;
    let prev = m.heap.deref(m.heap.get(args + 1)).get_int() as usize;
    let text = m.ext.streams.close(id).unwrap_or_default();
    m.ext.streams.cur_out = prev;
    let k = m.arg(1);
    let kind = match k.tag() {
        ATM => match k.get_atom().name() {
            "atom" => Kind::Atom,
            "string" => Kind::Str,
            "codes" => Kind::Codes,
            "chars" => Kind::Chars,
            _ => return Ok(true),
        },
        _ => return Ok(true),
    };
    let c = make_text(m, &text, kind);
    Ok(m.unify(m.regs[2], c))
}

fn open(m: &mut Machine, options: Option<Cell>) -> Res {
    let src = m.arg(0);
    let path = match m.heap.view(src) {
        View::Var(_) => return Err(PErr::Instantiation),
        View::Atom(a) => a.name().to_string(),
        View::Str(s) => s.to_string(),
        _ => return Err(PErr::Domain(Atom::new("source_sink"), src)),
    };
    let mode_c = m.arg(1);
    let mode = m.get_atom(mode_c)?;
    if m.arg(2).tag() != REF {
        return Err(PErr::Uninstantiation(m.arg(2)));
    }
    let res = match mode.name() {
        "read" => m.ext.streams.open_read(&path),
        "write" => m.ext.streams.open_write(&path, false),
        "append" => m.ext.streams.open_write(&path, true),
        _ => return Err(PErr::Domain(Atom::new("io_mode"), mode_c)),
    };
    let id = match res {
        Ok(id) => id,
        Err(e) => {
            let (kind, ty) = match e.kind() {
                std::io::ErrorKind::NotFound => (None, "source_sink"),
                _ => (Some(Atom::new("open")), "source_sink"),
            };
            return Err(match kind {
                None => PErr::Existence(Atom::new(ty), src),
                Some(k) => PErr::Permission(k, Atom::new(ty), src),
            });
        }
    };
    if let Some(o) = options {
        for opt in m.get_list(o)? {
            if let View::Compound {
                name,
                arity: 1,
                args,
            } = m.heap.view(opt)
            {
                if name.name() == "alias" {
                    let a = m.get_atom(m.heap.get(args))?;
                    if let Some(st) = m.ext.streams.get_mut(id) {
                        st.alias = Some(a);
                    }
                }
            }
        }
    }
    let s = stream_term(m, id);
    Ok(m.unify(m.regs[2], s))
}

fn close(m: &mut Machine) -> Res {
    let s = m.arg(0);
    let id = match stream_id(m, s, true) {
        Ok(id) => id,
        Err(PErr::Permission(..)) => stream_id(m, s, false)?,
        Err(e) => return Err(e),
    };
    m.ext.streams.close(id);
    Ok(true)
}

fn get_char(m: &mut Machine, stream: Option<Cell>, at: usize, peek: bool, code: bool) -> Res {
    let id = match stream {
        Some(s) => stream_id(m, s, false)?,
        None => m.ext.streams.cur_in,
    };
    let c = if peek {
        m.ext.streams.peek_char(id)
    } else {
        m.ext.streams.read_char(id)
    };
    let t = match (c, code) {
        (Some(ch), true) => Cell::small_int(ch as i64),
        (Some(ch), false) => Cell::atom(Atom::new(ch.encode_utf8(&mut [0; 4]))),
        (None, true) => Cell::small_int(-1),
        (None, false) => Cell::atom(atoms::END_OF_FILE),
    };
    Ok(m.unify(m.regs[at], t))
}

impl Machine {
    pub fn read_options(&self) -> ReadOptions {
        use crate::syntax::reader::DoubleQuotes;
        let dq = |a: Atom| match a.name() {
            "codes" => DoubleQuotes::Codes,
            "chars" => DoubleQuotes::Chars,
            "atom" => DoubleQuotes::Atom,
            _ => DoubleQuotes::String,
        };
        ReadOptions {
            double_quotes: dq(self.flags.double_quotes),
            back_quotes: dq(self.flags.back_quotes),
        }
    }
}

/// read_term(Stream, Term, Options): variable_names/1, variables/1, singletons/1.
fn read_term(m: &mut Machine, stream: Option<Cell>, at: usize) -> Res {
    let id = match stream {
        Some(s) => stream_id(m, s, false)?,
        None => m.ext.streams.cur_in,
    };
    let opts = m.read_options();
    loop {
        m.ext.streams.ensure_buffered(id);
        let text = m.ext.streams.remaining(id).unwrap_or("").to_string();
        if id == USER_INPUT
            && !crate::syntax::reader::is_complete(&text)
            && m.ext.streams.read_more_stdin(id)
        {
            continue;
        }
        let mut r = Reader::new(&text);
        let res = r.next_term(&m.ops, &opts);
        let used = r.offset();
        m.ext.streams.advance(id, used);
        return match res {
            Ok(None) => {
                let eof = Cell::atom(atoms::END_OF_FILE);
                Ok(m.unify(m.regs[at], eof))
            }
            Ok(Some(rt)) => {
                let (t, names) = super::consult::rt_to_heap(m, &rt);
                if !m.unify(m.regs[at], t) {
                    return Ok(false);
                }
                read_term_options(m, m.regs[at + 1], &rt, &names)
            }
            Err(e) => Err(PErr::Syntax(e.message.into())),
        };
    }
}

fn read_term_options(
    m: &mut Machine,
    opts: Cell,
    rt: &crate::syntax::read_term::ReadTerm,
    names: &[(String, Cell)],
) -> Res {
    for opt in m.get_list(opts)? {
        let View::Compound {
            name,
            arity: 1,
            args,
        } = m.heap.view(opt)
        else {
            continue;
        };
        let target = m.heap.get(args);
        let items: Vec<Cell> = match name.name() {
            "variable_names" => names
                .iter()
                .filter(|(n, _)| n != "_")
                .map(|(n, v)| (Atom::new(n), *v))
                .collect::<Vec<_>>()
                .into_iter()
                .map(|(n, v)| m.heap.new_compound(atoms::EQUALS, &[Cell::atom(n), v]))
                .collect(),
            "variables" => names.iter().map(|(_, v)| *v).collect(),
            "singletons" => names
                .iter()
                .zip(rt.vars.iter())
                .filter(|(_, info)| info.occurrences == 1 && !info.name.starts_with('_'))
                .map(|((n, v), _)| (Atom::new(n), *v))
                .collect::<Vec<_>>()
                .into_iter()
                .map(|(n, v)| m.heap.new_compound(atoms::EQUALS, &[Cell::atom(n), v]))
                .collect(),
            _ => continue,
        };
        let l = m.make_list(&items);
        if !m.unify(target, l) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// term_to_atom(?Term, ?Atom).
pub fn term_to_atom(m: &mut Machine) -> Res {
    let t = m.arg(0);
    let a = m.arg(1);
    if a.tag() == REF {
        if t.tag() == REF {
            return Err(PErr::Instantiation);
        }
        let s = m.term_text(t, &WriteOptions::writeq());
        return Ok(m.unify_atom(a, Atom::new(&s)));
    }
    let text = m.get_text(a, atoms::ATOM)?;
    let term = parse_text(m, &text)?;
    Ok(m.unify(t, term.0))
}

fn parse_text(m: &mut Machine, text: &str) -> Res<(Cell, Vec<(String, Cell)>)> {
    let opts = m.read_options();
    match crate::syntax::reader::read_term_from_str(text, &m.ops, &opts) {
        Ok(rt) => Ok(super::consult::rt_to_heap(m, &rt)),
        Err(e) => Err(PErr::Syntax(e.message.into())),
    }
}

/// atom_to_term(+Atom, -Term, -Bindings) and read_term_from_atom(+Atom, -Term, +Options).
pub fn parse_term_builtin(m: &mut Machine, bindings: bool) -> Res {
    let text = m.get_text(m.regs[0], atoms::ATOM)?;
    let (t, names) = parse_text(m, &text)?;
    if !m.unify(m.regs[1], t) {
        return Ok(false);
    }
    if bindings {
        let items: Vec<Cell> = names
            .iter()
            .filter(|(n, _)| n != "_")
            .map(|(n, v)| (Atom::new(n), *v))
            .collect::<Vec<_>>()
            .into_iter()
            .map(|(n, v)| m.heap.new_compound(atoms::EQUALS, &[Cell::atom(n), v]))
            .collect();
        let l = m.make_list(&items);
        return Ok(m.unify(m.regs[2], l));
    }
    Ok(true)
}
