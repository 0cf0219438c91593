//! Stream builtins: open/close, current and Edinburgh-style (see/tell)
//! streams, character and line input, character output, stream properties,
//! and the capture primitives behind with_output_to/2.
//! Term output is in `write.rs`, term input in `read.rs`.
//!
//! Tested by: the unit tests below; tests/prolog/io.pl, tests/io_errors.rs,
//! tests/adversarial.rs, tests/builtins_differential.rs.

use super::atoms::{make_text, Kind};
use super::docs::reg_doc;
use super::reg_det;
use super::stream::{reason, EofAction, WriteErr, USER_ERROR, USER_INPUT, USER_OUTPUT};
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::syntax::decode::Encoding;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;

pub fn register(m: &mut Machine) {
    reg_det(m, "nl", 0, |m| m.emit(None, "\n"));
    reg_doc(m, "nl", "Write a new line to the current output.");
    reg_det(m, "nl", 1, |m| m.emit(Some(m.regs[0]), "\n"));
    reg_doc(m, "nl(+Stream)", "Write a new line to Stream.");
    reg_doc(
        m,
        "tab(+Amount)",
        "Write Amount spaces (an evaluated expression) to the current output.",
    );
    reg_det(m, "tab", 1, |m| tab(m, None, 0));
    reg_doc(
        m,
        "tab(+Stream, +Amount)",
        "Write Amount spaces (an evaluated expression) to Stream.",
    );
    reg_det(m, "tab", 2, |m| tab(m, Some(m.regs[0]), 1));
    reg_doc(
        m,
        "put_char(+Char)",
        "Write the one-character atom Char to the current output.",
    );
    reg_det(m, "put_char", 1, |m| put_char(m, None, 0, false));
    reg_doc(
        m,
        "put_char(+Stream, +Char)",
        "Write the one-character atom Char to Stream.",
    );
    reg_det(m, "put_char", 2, |m| put_char(m, Some(m.regs[0]), 1, false));
    reg_doc(
        m,
        "put_code(+Code)",
        "Write the character with code Code to the current output.",
    );
    reg_det(m, "put_code", 1, |m| put_char(m, None, 0, true));
    reg_doc(
        m,
        "put_code(+Stream, +Code)",
        "Write the character with code Code to Stream.",
    );
    reg_det(m, "put_code", 2, |m| put_char(m, Some(m.regs[0]), 1, true));
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
    reg_doc(
        m,
        "flush_output",
        "Write out whatever is buffered for the current output.",
    );
    reg_det(m, "flush_output", 0, |m| {
        m.ext.streams.flush_all();
        Ok(true)
    });
    reg_doc(
        m,
        "flush_output(+Stream)",
        "Write out whatever is buffered for Stream.",
    );
    reg_det(m, "flush_output", 1, |m| {
        stream_id(m, m.regs[0], true)?;
        m.ext.streams.flush_all();
        Ok(true)
    });
    reg_doc(
        m,
        "open(+SrcDest, +Mode, --Stream)",
        "Open file SrcDest for read, write, append or update; Stream is its new handle.",
    );
    reg_det(m, "open", 3, |m| open(m, None));
    reg_doc(
        m,
        "open(+SrcDest, +Mode, --Stream, +Options)",
        "As open/3, with Options such as alias(A), type(binary) and encoding(E).",
    );
    reg_det(m, "open", 4, |m| {
        let o = m.regs[3];
        open(m, Some(o))
    });
    reg_doc(m, "close(+Stream)", "Close Stream.");
    reg_det(m, "close", 1, close);
    reg_doc(
        m,
        "close(+Stream, +Options)",
        "Close Stream; option force(true) ignores errors.",
    );
    reg_det(m, "close", 2, |m| {
        m.get_list(m.regs[1])?;
        close(m)
    });
    reg_doc(
        m,
        "current_output(-Stream)",
        "Stream is the current output stream.",
    );
    reg_det(m, "current_output", 1, |m| current_stream(m, true));
    // is_stream(T): an open stream or alias; never an error.
    reg_doc(
        m,
        "is_stream(@Term)",
        "True if Term is a stream handle or alias of a stream that is currently open.",
    );
    reg_det(m, "is_stream", 1, |m| {
        let t = m.arg(0);
        Ok(t.tag() != REF && any_stream(m, t).is_ok())
    });
    reg_doc(
        m,
        "current_input(-Stream)",
        "Stream is the current input stream.",
    );
    reg_det(m, "current_input", 1, |m| current_stream(m, false));
    reg_doc(m, "set_output(+Stream)", "Make Stream the current output.");
    reg_det(m, "set_output", 1, |m| {
        m.ext.streams.cur_out = stream_id(m, m.regs[0], true)?;
        Ok(true)
    });
    reg_doc(m, "set_input(+Stream)", "Make Stream the current input.");
    reg_det(m, "set_input", 1, |m| {
        m.ext.streams.cur_in = stream_id(m, m.regs[0], false)?;
        Ok(true)
    });
    // The text print_message/2 would show, for library(plunit)'s reports.
    reg_det(m, "$message_text", 2, |m| {
        let msg = super::messages::message_text(m, m.regs[0]);
        let s = m.heap.new_string(&msg);
        Ok(m.unify(m.regs[1], s))
    });
    reg_doc(
        m,
        "get_char(-Char)",
        "Read the next character from the current input (end_of_file at the end).",
    );
    reg_doc(
        m,
        "get_char(+Stream, -Char)",
        "Read the next character from Stream (end_of_file at the end).",
    );
    reg_doc(
        m,
        "get_code(-Code)",
        "Read the next character code from the current input (-1 at the end).",
    );
    reg_doc(
        m,
        "get_code(+Stream, -Code)",
        "Read the next character code from Stream (-1 at the end).",
    );
    for (name, peek, code) in [
        ("get_char", false, false),
        ("peek_char", true, false),
        ("get_code", false, true),
        ("peek_code", true, true),
    ] {
        let _ = (peek, code);
        reg_det(m, name, 1, |m| get_char(m, None, 0));
        reg_det(m, name, 2, |m| get_char(m, Some(m.regs[0]), 1));
    }
    reg_doc(
        m,
        "get_byte(-Byte)",
        "Read the next byte (-1 at end of file) from the current binary input.",
    );
    reg_doc(
        m,
        "get_byte(+Stream, -Byte)",
        "Read the next byte (-1 at end of file) from binary Stream.",
    );
    for name in ["get_byte", "peek_byte"] {
        reg_det(m, name, 1, |m| byte_io(m, None, false));
        reg_det(m, name, 2, |m| byte_io(m, Some(m.regs[0]), false));
    }
    reg_doc(
        m,
        "put_byte(+Byte)",
        "Write the byte Byte (0-255) to the current binary output.",
    );
    reg_doc(m, "peek_byte(-Byte)", "Byte is the next byte of the current binary input, without consuming it; -1 at end of file.");
    reg_doc(
        m,
        "peek_byte(+Stream, -Byte)",
        "As peek_byte/1, from binary input Stream.",
    );
    reg_doc(m, "peek_char(-Char)", "Char is the next character of the current input, without consuming it; end_of_file at the end.");
    reg_doc(
        m,
        "peek_char(+Stream, -Char)",
        "As peek_char/1, from Stream.",
    );
    reg_doc(m, "peek_code(-Code)", "Code is the next character code of the current input, without consuming it; -1 at the end.");
    reg_doc(
        m,
        "peek_code(+Stream, -Code)",
        "As peek_code/1, from Stream.",
    );
    reg_det(m, "put_byte", 1, |m| byte_io(m, None, true));
    reg_doc(
        m,
        "put_byte(+Stream, +Byte)",
        "Write the byte Byte (0-255) to binary output Stream.",
    );
    reg_det(m, "put_byte", 2, |m| byte_io(m, Some(m.regs[0]), true));
    reg_doc(
        m,
        "at_end_of_stream",
        "The current input has no more characters to read.",
    );
    reg_det(m, "at_end_of_stream", 0, |m| {
        let id = m.ext.streams.cur_in;
        Ok(m.ext.streams.peek_char(id).is_none())
    });
    reg_doc(
        m,
        "at_end_of_stream(+Stream)",
        "Stream has no more characters to read.",
    );
    reg_det(m, "at_end_of_stream", 1, |m| {
        let id = stream_id(m, m.regs[0], false)?;
        Ok(m.ext.streams.peek_char(id).is_none())
    });
    reg_doc(
        m,
        "read_line_to_string(+Stream, -String)",
        "String is the next line of Stream without the newline; end_of_file at end of file.",
    );
    reg_det(m, "read_line_to_string", 2, |m| read_line(m, Kind::Str));
    reg_doc(
        m,
        "read_line_to_codes(+Stream, -Line)",
        "Line is the codes of the next line of Stream without the newline; -1 at end of file.",
    );
    reg_det(m, "read_line_to_codes", 2, |m| read_line(m, Kind::Codes));
    reg_doc(
        m,
        "see(+SrcDest)",
        "Edinburgh-style: make file or stream SrcDest the current input, opening it if needed.",
    );
    reg_det(m, "see", 1, |m| see_tell(m, false, "read"));
    reg_doc(m, "tell(+SrcDest)", "Edinburgh-style: make file or stream SrcDest the current output, opening the file if needed.");
    reg_det(m, "tell", 1, |m| see_tell(m, true, "write"));
    reg_doc(
        m,
        "append(+File)",
        "Open File for appending and make it the current output (Edinburgh style).",
    );
    reg_det(m, "append", 1, |m| see_tell(m, true, "append"));
    reg_doc(
        m,
        "seen",
        "Close the current input and make user_input current again.",
    );
    reg_det(m, "seen", 0, |m| {
        let id = m.ext.streams.cur_in;
        m.ext.streams.close(id);
        m.ext.streams.cur_in = USER_INPUT;
        Ok(true)
    });
    reg_doc(
        m,
        "told",
        "Close the current output and make user_output current again.",
    );
    reg_det(m, "told", 0, |m| {
        let id = m.ext.streams.cur_out;
        m.ext.streams.close(id);
        m.ext.streams.cur_out = USER_OUTPUT;
        Ok(true)
    });
    reg_doc(
        m,
        "seeing(?SrcDest)",
        "SrcDest is the current input stream (user when it is the terminal).",
    );
    reg_det(m, "seeing", 1, |m| seeing_telling(m, false));
    reg_doc(
        m,
        "telling(?SrcDest)",
        "SrcDest is the current output stream (user when it is the terminal).",
    );
    reg_det(m, "telling", 1, |m| seeing_telling(m, true));
    reg_det(m, "$streams", 1, |m| {
        // A rebound user stream's slot stands for another stream: not listed.
        let ids: Vec<usize> = (0..m.ext.streams.table.len())
            .filter(|&i| {
                !m.ext.streams.rebound(i)
                    && m.ext
                        .streams
                        .get(i)
                        .is_some_and(|s| !matches!(s.kind, super::stream::Kind::Pair(..)))
            })
            .collect();
        let items: Vec<Cell> = ids.into_iter().map(|i| stream_term(m, i)).collect();
        let l = m.make_list(&items);
        Ok(m.unify(m.regs[0], l))
    });
    reg_det(m, "$stream_props", 2, |m| {
        let r = stream_props(m);
        as_pred(m, r, ("stream_property", 2))
    });
    reg_det(m, "$set_stream", 2, |m| {
        let r = set_stream(m);
        as_pred(m, r, ("set_stream", 2))
    });
}

impl Machine {
    /// Writes text to a stream argument (or current output), with ISO errors.
    pub fn emit(&mut self, stream: Option<Cell>, text: &str) -> Res {
        let id = match stream {
            Some(s) => stream_id(self, s, true)?,
            None => self.ext.streams.cur_out,
        };
        self.emit_to(id, text)
    }

    /// Prints to user_error (messages, warnings).
    pub fn emit_error(&mut self, text: &str) {
        let _ = self.ext.streams.write(USER_ERROR, text);
    }
}

/// An error with the user-visible predicate as context and, if given, the
/// reason as its message (SWI-Prolog prints `consult/1: ... (Reason)`).
pub fn error_in(m: &mut Machine, e: PErr, pred: (&str, usize), why: Option<&str>) -> PErr {
    let t = e.to_term(&mut m.heap, None);
    let formal = match m.heap.view(t) {
        View::Compound { args, .. } => m.heap.get(args),
        _ => t,
    };
    let pi = m.heap.new_compound(
        atoms::SLASH,
        &[
            Cell::atom(Atom::new(pred.0)),
            Cell::small_int(pred.1 as i64),
        ],
    );
    let msg = match why {
        Some(w) => Cell::atom(Atom::new(w)),
        None => m.heap.new_var(),
    };
    let ctx = m.heap.new_compound(atoms::CONTEXT, &[pi, msg]);
    PErr::Throw(m.heap.new_compound(atoms::ERROR, &[formal, ctx]))
}

/// The errors of a hidden helper (`'$set_stream'/2`) as raised by the
/// predicate the user called (`set_stream/2`). Balls thrown by Prolog code
/// pass unchanged.
pub fn as_pred<T>(m: &mut Machine, r: Res<T>, pred: (&str, usize)) -> Res<T> {
    match r {
        Err(e @ (PErr::Throw(_) | PErr::Halt(_))) => Err(e),
        Err(e) => Err(error_in(m, e, pred, None)),
        ok => ok,
    }
}

/// The ISO error for a failed file operation (`action` is `read`, `write`
/// or `open`): a missing file, no permission only when the system said so,
/// else `io_error`, each with the system's reason.
pub fn os_error(
    m: &mut Machine,
    e: &std::io::Error,
    action: &str,
    file: &str,
    pred: (&str, usize),
) -> PErr {
    use std::io::ErrorKind as K;
    let c = Cell::atom(Atom::new(file));
    let err = match e.kind() {
        K::NotFound | K::IsADirectory | K::NotADirectory => {
            PErr::Existence(Atom::new("source_sink"), c)
        }
        K::PermissionDenied => PErr::Permission(Atom::new("open"), Atom::new("source_sink"), c),
        _ => {
            let io = m
                .heap
                .new_compound(Atom::new("io_error"), &[Cell::atom(Atom::new(action)), c]);
            let v = m.heap.new_var();
            PErr::Throw(m.heap.new_compound(atoms::ERROR, &[io, v]))
        }
    };
    error_in(m, err, pred, Some(&reason(e)))
}

/// Resolves a stream argument (a '$stream'(N) term or an alias) with SWI's errors.
pub fn stream_id(m: &mut Machine, s: Cell, output: bool) -> Res<usize> {
    let s = m.heap.deref(s);
    let id = match m.heap.view(s) {
        View::Var(_) => return Err(PErr::Instantiation),
        View::Atom(a) => match a.name() {
            "user_output" => Some(USER_OUTPUT),
            "user_error" => Some(USER_ERROR),
            "user_input" => Some(USER_INPUT),
            // SWI's aliases of the current streams (off the common path).
            _ => m.ext.streams.by_alias(a).or_else(|| match a.name() {
                "current_output" => Some(m.ext.streams.cur_out),
                "current_input" => Some(m.ext.streams.cur_in),
                _ => None,
            }),
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
    // user_input, user_output, user_error: the streams set_prolog_IO/3 bound.
    let streams = &m.ext.streams;
    let Some((mut id, mut st)) = id.and_then(|i| streams.resolve(i)) else {
        return Err(PErr::Existence(Atom::new("stream"), s));
    };
    // A stream pair reads from its first stream and writes to its second.
    if let super::stream::Kind::Pair(i, o) = st.kind {
        let Some(part) = streams.resolve(if output { o } else { i }) else {
            return Err(PErr::Existence(Atom::new("stream"), s));
        };
        (id, st) = part;
    }
    if st.is_output() != output {
        let what = if output { "output" } else { "input" };
        return Err(PErr::Permission(Atom::new(what), Atom::new("stream"), s));
    }
    Ok(id)
}

/// Any open stream, input or output.
pub fn any_stream(m: &mut Machine, s: Cell) -> Res<usize> {
    match stream_id(m, s, true) {
        Err(PErr::Permission(..)) => stream_id(m, s, false),
        r => r,
    }
}

/// The table index of a stream pair handle (stream_pair/3), if `s` is one.
pub fn pair_id(m: &Machine, s: Cell) -> Option<usize> {
    let View::Compound {
        name,
        arity: 1,
        args,
    } = m.heap.view(m.heap.deref(s))
    else {
        return None;
    };
    let n = m.heap.deref(m.heap.get(args));
    let id = (name.name() == "$stream" && n.tag() == INT).then(|| n.get_int() as usize)?;
    let pair = m.ext.streams.get(id).map(|st| &st.kind);
    matches!(pair, Some(super::stream::Kind::Pair(..))).then_some(id)
}

pub fn stream_term(m: &mut Machine, id: usize) -> Cell {
    m.heap
        .new_compound(Atom::new("$stream"), &[Cell::small_int(id as i64)])
}

fn current_stream(m: &mut Machine, output: bool) -> Res {
    let a = m.arg(0);
    match m.heap.view(a) {
        View::Var(_) => {}
        View::Compound { name, arity: 1, .. } if name.name() == "$stream" => {}
        View::Atom(_) => return Err(PErr::Existence(Atom::new("stream"), a)),
        _ => return Err(PErr::Domain(Atom::new("stream"), a)),
    }
    let id = if output {
        m.ext.streams.cur_out
    } else {
        m.ext.streams.cur_in
    };
    // told/0 and friends reset to slot 1 or 0: the stream bound there.
    let id = m.ext.streams.slot(id);
    let s = stream_term(m, id);
    Ok(m.unify(a, s))
}

fn tab(m: &mut Machine, stream: Option<Cell>, at: usize) -> Res {
    let n = match crate::builtins::arith::eval(m, m.regs[at])? {
        crate::term::number::Number::Int(i) => i.max(0) as usize,
        _ => return Err(PErr::Type(atoms::INTEGER, m.arg(at))),
    };
    if n > 1 << 24 {
        return Err(PErr::Resource(atoms::MEMORY));
    }
    m.emit(stream, &" ".repeat(n))
}

fn put_char(m: &mut Machine, stream: Option<Cell>, at: usize, code: bool) -> Res {
    let c = m.arg(at);
    let ch = if code {
        if c.tag() == REF {
            return Err(PErr::Instantiation);
        }
        let i = m.get_int(c)?;
        match u32::try_from(i).ok().and_then(char::from_u32) {
            Some(ch) => ch,
            None => return Err(PErr::Representation(Atom::new("character_code"))),
        }
    } else {
        if c.tag() == REF {
            return Err(PErr::Instantiation);
        }
        let name = if c.tag() == ATM {
            c.get_atom().name()
        } else {
            ""
        };
        let mut it = name.chars();
        match (it.next(), it.next()) {
            (Some(ch), None) => ch,
            _ => return Err(m.type_error(atoms::CHARACTER, c)),
        }
    };
    m.emit(stream, ch.encode_utf8(&mut [0; 4]))
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

/// The path named by a source/sink argument.
fn source_sink(m: &Machine, src: Cell) -> Res<String> {
    match m.heap.view(src) {
        View::Var(_) => Err(PErr::Instantiation),
        View::Atom(a) => Ok(a.name().to_string()),
        View::Str(s) => Ok(s.to_string()),
        _ => Err(PErr::Domain(Atom::new("source_sink"), src)),
    }
}

/// Options of open/4 that change how the stream is made.
struct OpenOpts {
    alias: Option<Atom>,
    encoding: Encoding,
    eof_action: EofAction,
    /// type(binary): recorded for fast_read/2 and fast_write/2 only.
    binary: bool,
}

impl Default for OpenOpts {
    fn default() -> Self {
        OpenOpts {
            alias: None,
            encoding: Encoding::Utf8,
            eof_action: EofAction::EofCode,
            binary: false,
        }
    }
}

fn open_path(
    m: &mut Machine,
    src: Cell,
    mode_c: Cell,
    enc: Encoding,
    pred: (&str, usize),
) -> Res<usize> {
    let path = source_sink(m, src)?;
    let mode = m.get_atom(mode_c)?;
    let res = match mode.name() {
        "read" => m.ext.streams.open_read(&path, enc),
        "write" => m.ext.streams.open_write(&path, false, enc),
        "append" | "update" => m.ext.streams.open_write(&path, true, enc),
        _ => return Err(PErr::Domain(Atom::new("io_mode"), mode_c)),
    };
    res.map_err(|e| {
        let action = if mode.name() == "read" {
            "read"
        } else {
            "write"
        };
        os_error(m, &e, action, &path, pred)
    })
}

/// The value of a one-argument option as an atom.
fn option_atom(m: &mut Machine, args: usize) -> Res<Atom> {
    m.get_atom(m.heap.get(args))
}

fn open(m: &mut Machine, options: Option<Cell>) -> Res {
    let (src, mode_c, out) = (m.arg(0), m.arg(1), m.arg(2));
    if src.tag() == REF || mode_c.tag() == REF {
        return Err(PErr::Instantiation);
    }
    if out.tag() != REF {
        return Err(PErr::Uninstantiation(out));
    }
    let mut o = OpenOpts::default();
    if let Some(opts) = options {
        for opt in m.get_list(opts)? {
            let opt = m.heap.deref(opt);
            // `Name(Value)`, or `Name = Value` as SWI also takes it.
            let (name, args) = match m.heap.view(opt) {
                View::Var(_) => return Err(PErr::Instantiation),
                View::Compound {
                    name,
                    arity: 1,
                    args,
                } => (name, args),
                View::Compound {
                    name,
                    arity: 2,
                    args,
                } if name == atoms::EQUALS => match m.heap.view(m.heap.get(args)) {
                    View::Atom(a) => (a, args + 1),
                    _ => return Err(m.type_error(Atom::new("option"), opt)),
                },
                _ => return Err(m.type_error(Atom::new("option"), opt)),
            };
            {
                match name.name() {
                    "alias" => {
                        let a = option_atom(m, args)?;
                        if m.ext.streams.by_alias(a).is_some() {
                            let c = Cell::atom(a);
                            return Err(PErr::Permission(
                                Atom::new("open"),
                                Atom::new("source_sink"),
                                m.heap.new_compound(Atom::new("alias"), &[c]),
                            ));
                        }
                        o.alias = Some(a);
                    }
                    "encoding" => {
                        let a = option_atom(m, args)?;
                        o.encoding = Encoding::from_name(a.name()).ok_or_else(|| {
                            PErr::Domain(Atom::new("encoding"), m.heap.deref(m.heap.get(args)))
                        })?;
                    }
                    "eof_action" => {
                        let a = option_atom(m, args)?;
                        o.eof_action = EofAction::from_name(a.name()).ok_or_else(|| {
                            PErr::Domain(Atom::new("eof_action"), m.heap.deref(m.heap.get(args)))
                        })?;
                    }
                    // type(binary) is recorded (fast_read/2, fast_write/2), but the
                    // stream stays a text stream (byte I/O raises).
                    "type" => {
                        let t = m.heap.deref(m.heap.get(args));
                        o.binary = t == Cell::atom(Atom::new("binary"));
                    }
                    _ => {}
                }
            }
        }
    }
    let pred = ("open", if options.is_some() { 4 } else { 3 });
    let id = open_path(m, src, mode_c, o.encoding, pred)?;
    if let Some(st) = m.ext.streams.get_mut(id) {
        st.alias = o.alias;
        st.eof_action = o.eof_action;
        st.binary = o.binary;
    }
    let s = stream_term(m, id);
    Ok(m.unify(m.regs[2], s))
}

fn close(m: &mut Machine) -> Res {
    let s = m.arg(0);
    let id = match pair_id(m, s) {
        Some(p) => p,
        None => any_stream(m, s)?,
    };
    let child = m.ext.streams.pipe_pid(id);
    let closed = m.ext.streams.close_checked(id);
    if let Some(pid) = child {
        super::process::pipe_closed(m, pid)?;
    }
    match closed {
        Ok(_) => Ok(true),
        Err(why) => Err(io_error(m, "write", id, &why)),
    }
}

/// `io_error(Action, Stream)` raised by the current builtin, with the
/// system's reason as the message (SWI: `I/O error in write on stream
/// user_output (Broken pipe)`).
pub fn io_error(m: &mut Machine, action: &str, id: usize, why: &str) -> PErr {
    let s = stream_term(m, id);
    let f = m
        .heap
        .new_compound(Atom::new("io_error"), &[Cell::atom(Atom::new(action)), s]);
    let v = m.heap.new_var();
    let e = PErr::Throw(m.heap.new_compound(atoms::ERROR, &[f, v]));
    let p = &m.preds[m.cur_pred as usize];
    let (name, arity) = (p.name.name(), p.arity);
    error_in(m, e, (name, arity), Some(why))
}

/// Maps a failed write on stream `id` to its ISO error.
pub fn write_error(m: &mut Machine, id: usize, e: WriteErr) -> PErr {
    match e {
        WriteErr::Io(why) => io_error(m, "write", id, &why),
        WriteErr::NotOutput => {
            let s = stream_term(m, id);
            PErr::Permission(Atom::new("output"), Atom::new("stream"), s)
        }
    }
}

/// Reading from a stream that has returned end of file: an error if the
/// stream was opened with `eof_action(error)`; otherwise marks the end.
pub fn past_eof(m: &mut Machine, id: usize, at_end: bool) -> Res<()> {
    let Some(st) = m.ext.streams.get_mut(id) else {
        return Ok(());
    };
    if st.past_eof && st.eof_action == EofAction::Error {
        let s = stream_term(m, id);
        return Err(PErr::Permission(
            Atom::new("input"),
            Atom::new("past_end_of_stream"),
            s,
        ));
    }
    if at_end && st.eof_action != EofAction::Reset {
        st.past_eof = true;
    }
    Ok(())
}

/// get_char/peek_char/get_code/peek_code, /1 and /2 (the name says which).
fn get_char(m: &mut Machine, stream: Option<Cell>, at: usize) -> Res {
    let name = m.preds[m.cur_pred as usize].name.name();
    let peek = name.starts_with("peek");
    let code = name.ends_with("code");
    let id = match stream {
        Some(s) => stream_id(m, s, false)?,
        None => m.ext.streams.cur_in,
    };
    let out = m.arg(at);
    match m.heap.view(out) {
        View::Var(_) => {}
        View::Int(i) if code && i >= -1 => {}
        View::Int(_) if code => return Err(PErr::Representation(Atom::new("in_character_code"))),
        View::Atom(a) if !code && (a == atoms::END_OF_FILE || a.name().chars().count() == 1) => {}
        _ if code => return Err(m.type_error(atoms::INTEGER, out)),
        _ => return Err(m.type_error(Atom::new("in_character"), out)),
    }
    let c = next_char(m, id, peek)?;
    let t = match (c, code) {
        (Some(ch), true) => Cell::small_int(ch as i64),
        (Some(ch), false) => Cell::atom(Atom::new(ch.encode_utf8(&mut [0; 4]))),
        (None, true) => Cell::small_int(-1),
        (None, false) => Cell::atom(atoms::END_OF_FILE),
    };
    Ok(m.unify(out, t))
}

/// The next character of input stream `id` (None at its end), read or
/// peeked at, with its eof_action.
fn next_char(m: &mut Machine, id: usize, peek: bool) -> Res<Option<char>> {
    past_eof(m, id, false)?;
    let c = if peek {
        m.ext.streams.peek_char(id)
    } else {
        m.ext.streams.read_char(id)
    };
    if c.is_none() && !peek {
        past_eof(m, id, true)?;
    }
    Ok(c)
}

/// Byte I/O: on a binary stream of octets (a pipe made with type(binary));
/// other streams are text streams, on which (as SWI does) these raise
/// permission errors after checking their arguments.
fn byte_io(m: &mut Machine, stream: Option<Cell>, output: bool) -> Res {
    let at = usize::from(stream.is_some());
    let v = m.arg(at);
    if output {
        let b = m.get_int(v)?;
        if !(0..=255).contains(&b) {
            return Err(m.type_error(Atom::new("byte"), v));
        }
    } else if v.tag() != REF && !matches!(m.heap.view(v), View::Int(-1..=255)) {
        return Err(m.type_error(Atom::new("in_byte"), v));
    }
    let (culprit, id) = match stream {
        Some(s) => {
            let id = stream_id(m, s, output)?;
            (m.heap.deref(s), id)
        }
        None if output => (
            Cell::atom(Atom::new("current_output")),
            m.ext.streams.cur_out,
        ),
        None => (Cell::atom(Atom::new("current_input")), m.ext.streams.cur_in),
    };
    let octets = |s: &super::stream::Stream| s.binary && s.encoding == Encoding::Octet;
    if m.ext.streams.get(id).is_some_and(octets) {
        if output {
            let b = m.get_int(v)? as u8;
            let c = char::from(b);
            return m.emit_to(id, c.encode_utf8(&mut [0; 4]));
        }
        let peek = m.preds[m.cur_pred as usize].name.name().starts_with("peek");
        let c = next_char(m, id, peek)?;
        return Ok(m.unify_int(v, c.map_or(-1, |c| c as i64)));
    }
    let act = if output { "output" } else { "input" };
    Err(PErr::Permission(
        Atom::new(act),
        Atom::new("text_stream"),
        culprit,
    ))
}

/// read_line_to_string/2, read_line_to_codes/2: a line without its terminator,
/// or end_of_file (-1 for codes) at the end of input.
fn read_line(m: &mut Machine, kind: Kind) -> Res {
    let id = stream_id(m, m.regs[0], false)?;
    past_eof(m, id, false)?;
    let mut line = String::new();
    let mut any = false;
    while let Some(c) = m.ext.streams.read_char(id) {
        any = true;
        if c == '\n' {
            break;
        }
        line.push(c);
    }
    if !any {
        past_eof(m, id, true)?;
        let eof = match kind {
            Kind::Codes => Cell::small_int(-1),
            _ => Cell::atom(atoms::END_OF_FILE),
        };
        return Ok(m.unify(m.regs[1], eof));
    }
    if line.ends_with('\r') {
        line.pop();
    }
    let t = make_text(m, &line, kind);
    Ok(m.unify(m.regs[1], t))
}

/// see/1, tell/1, append/1: switch current input/output to a stream, an alias,
/// or a file (opened once and remembered under its name).
fn see_tell(m: &mut Machine, output: bool, mode: &str) -> Res {
    let a = m.arg(0);
    if a.tag() == REF {
        return Err(PErr::Instantiation);
    }
    if let Ok(id) = stream_id(m, a, output) {
        if output {
            m.ext.streams.cur_out = id;
        } else {
            m.ext.streams.cur_in = id;
        }
        return Ok(true);
    }
    let path = source_sink(m, a)?;
    let existing = (3..m.ext.streams.table.len()).find(|&i| {
        m.ext.streams.get(i).is_some_and(|s| {
            s.file_name.as_deref() == Some(path.as_str()) && s.is_output() == output
        })
    });
    let id = match existing {
        Some(id) => id,
        None => {
            let pred = (m.preds[m.cur_pred as usize].name.name(), 1);
            open_path(m, a, Cell::atom(Atom::new(mode)), Encoding::Utf8, pred)?
        }
    };
    if output {
        m.ext.streams.cur_out = id;
    } else {
        m.ext.streams.cur_in = id;
    }
    Ok(true)
}

/// seeing/1, telling/1: the file name of the current stream, or `user`.
fn seeing_telling(m: &mut Machine, output: bool) -> Res {
    let id = if output {
        m.ext.streams.cur_out
    } else {
        m.ext.streams.cur_in
    };
    let t = match id {
        USER_INPUT | USER_OUTPUT => Cell::atom(atoms::USER),
        _ => match m.ext.streams.get(id).and_then(|s| s.file_name.clone()) {
            Some(f) => Cell::atom(Atom::new(&f)),
            None => stream_term(m, id),
        },
    };
    Ok(m.unify(m.regs[0], t))
}

/// '$stream_props'(S, Props): the properties of an open stream as a list.
fn stream_props(m: &mut Machine) -> Res {
    let s = m.arg(0);
    let id = any_stream(m, s)?;
    let Some(st) = m.ext.streams.get(id) else {
        return Ok(false);
    };
    let output = st.is_output();
    let file = st.file_name.clone();
    let alias = st.alias;
    let mut props = Vec::new();
    let a = |s: &str| Cell::atom(Atom::new(s));
    let one = |m: &mut Machine, name: &str, v: Cell| m.heap.new_compound(Atom::new(name), &[v]);
    if let Some(f) = file {
        props.push(one(m, "file_name", a(&f)));
    }
    let mode = match (output, id) {
        (false, _) => "read",
        (true, _) => "write",
    };
    props.push(one(m, "mode", a(mode)));
    props.push(a(if output { "output" } else { "input" }));
    if let Some(al) = alias {
        props.push(one(m, "alias", Cell::atom(al)));
    }
    if let Some(al) = m.ext.streams.user_alias_of(id) {
        props.push(one(m, "alias", Cell::atom(al)));
    }
    if !output {
        let eof = if m.ext.streams.peek_char(id).is_none() {
            "at"
        } else {
            "not"
        };
        props.push(one(m, "end_of_stream", a(eof)));
    }
    let (eof_action, enc) = m.ext.streams.get(id).map_or(("eof_code", "utf8"), |s| {
        (s.eof_action.name(), s.encoding.name())
    });
    props.push(one(m, "eof_action", a(eof_action)));
    props.push(one(m, "encoding", a(enc)));
    let pos = super::stream_pos::position_term(m, id);
    props.push(one(m, "position", pos));
    let (line, column, repos) = m.ext.streams.get(id).map_or((1, 0, false), |s| {
        (s.line, s.column, super::stream_pos::repositionable(s))
    });
    let lc = Cell::small_int(line as i64);
    props.push(one(m, "line_count", lc));
    let pos = Cell::small_int(column as i64);
    props.push(one(m, "line_position", pos));
    props.push(one(
        m,
        "reposition",
        a(if repos { "true" } else { "false" }),
    ));
    let binary = m.ext.streams.get(id).is_some_and(|s| s.binary);
    props.push(one(m, "type", a(if binary { "binary" } else { "text" })));
    let l = m.make_list(&props);
    Ok(m.unify(m.regs[1], l))
}

/// '$set_stream'(S, Prop): set_stream/2 for alias/1 (other properties are accepted).
fn set_stream(m: &mut Machine) -> Res {
    let s = m.arg(0);
    let id = any_stream(m, s)?;
    let p = m.arg(1);
    match m.heap.view(p) {
        View::Var(_) => Err(PErr::Instantiation),
        View::Compound {
            name,
            arity: 1,
            args,
        } => {
            let v = m.heap.deref(m.heap.get(args));
            let a = match name.name() {
                "alias" | "encoding" | "eof_action" => m.get_atom(v)?,
                _ => return Ok(true),
            };
            let bad = |what: &str| PErr::Domain(Atom::new(what), v);
            let enc = Encoding::from_name(a.name());
            let eof = EofAction::from_name(a.name());
            let Some(st) = m.ext.streams.get_mut(id) else {
                return Ok(true);
            };
            match name.name() {
                "alias" => st.alias = Some(a),
                // Input is decoded when opened: this changes what is written.
                "encoding" => st.encoding = enc.ok_or_else(|| bad("encoding"))?,
                _ => st.eof_action = eof.ok_or_else(|| bad("eof_action"))?,
            }
            Ok(true)
        }
        _ => Err(PErr::Domain(Atom::new("stream_property"), p)),
    }
}

#[cfg(test)]
mod tests {
    /// Each goal must succeed (checked against SWI-Prolog 9.0.4); every one that does not is reported.
    #[test]
    fn goals_hold() {
        // character output, current streams, a file written and read back, open/see errors
        let failing = crate::builtins::goals_not_holding(&[
            r#"with_output_to(atom(A), (put_char(a), nl, tab(2))), A == 'a\n  '"#,
            r#"current_output(S), with_output_to(atom(A), (current_output(S2), S2 \== S, write(x))), A == x, current_output(S3), S3 == S"#,
            r#"tmp_file(t, F), open(F, write, S), write(S, 'hello.'), close(S), open(F, read, R), read_term(R, T, []), read_term(R, End, []), close(R), delete_file(F), T == hello, End == end_of_file"#,
            r#"catch(see(no_such_file_u13), error(E, _), true), E = existence_error(source_sink, _)"#,
            r#"catch(open(_, read, _), error(E, _), true), E == instantiation_error"#,
        ]);
        assert!(failing.is_empty(), "\n{}", failing.join("\n"));
    }
}
