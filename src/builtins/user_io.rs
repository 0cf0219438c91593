//! The user streams as a whole: protocol/1, protocola/1, noprotocol/0 and
//! protocolling/1 (a copy of the session in a file), set_prolog_IO/3
//! (rebinding user_input, user_output and user_error) and set_system_IO/3
//! (rebinding the process's file descriptors 0-2).
//!
//! The binding and the protocol live in `Streams` (stream.rs): every access
//! to a stream by id goes through `Streams::slot`, which maps slots 0-2 to
//! the streams bound to them, and `Streams::write` copies what the bound
//! user_output and user_error write to the protocol file.
//!
//! Tested by: tests/prolog/sys_protocol.pl, tests/repl_pipe.rs.

use super::docs::reg_doc;
use super::io::{as_pred, os_error, stream_id};
use super::reg_det;
use super::stream::{Kind, Sink, USER_ERROR, USER_INPUT, USER_OUTPUT};
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::Cell;

pub fn register(m: &mut Machine) {
    reg_doc(
        m,
        "protocol(+File)",
        "Start copying what user_output and user_error write, and what is read from user_input, to File (emptied first).",
    );
    reg_det(m, "protocol", 1, |m| start(m, false, ("protocol", 1)));
    reg_doc(m, "protocola(+File)", "As protocol/1, appending to File.");
    reg_det(m, "protocola", 1, |m| start(m, true, ("protocola", 1)));
    reg_doc(
        m,
        "noprotocol",
        "Stop the protocol protocol/1 started (if any).",
    );
    reg_det(m, "noprotocol", 0, |m| {
        m.ext.streams.stop_protocol();
        Ok(true)
    });
    reg_doc(
        m,
        "protocolling(-File)",
        "File is the protocol file; fails when there is none.",
    );
    reg_det(m, "protocolling", 1, |m| {
        let Some(name) = m.ext.streams.protocol().map(|p| p.name) else {
            return Ok(false);
        };
        Ok(m.unify(m.regs[0], Cell::atom(name)))
    });
    reg_doc(
        m,
        "set_prolog_IO(+In, +Out, +Error)",
        "Bind user_input, user_output and user_error (and the current input and output) to In, Out and Error.",
    );
    reg_det(m, "set_prolog_IO", 3, |m| {
        let r = user_streams(m);
        let (i, o, e) = as_pred(m, r, ("set_prolog_IO", 3))?;
        m.ext.streams.bind_user(i, o, e);
        Ok(true)
    });
    // stream_property(S, alias(A)) for an atom A: the stream, without
    // enumerating them all (no choicepoint, as in SWI).
    reg_det(m, "$alias_stream", 2, |m| {
        let name = m.arg(0).get_atom();
        let streams = &m.ext.streams;
        let id = match name.name() {
            "user_input" => Some(streams.slot(USER_INPUT)),
            "user_output" => Some(streams.slot(USER_OUTPUT)),
            "user_error" => Some(streams.slot(USER_ERROR)),
            "current_output" => Some(streams.cur_out),
            "current_input" => Some(streams.cur_in),
            _ => streams.by_alias(name),
        };
        let Some(id) = id.filter(|&i| streams.get(i).is_some()) else {
            return Ok(false);
        };
        let t = super::io::stream_term(m, id);
        Ok(m.unify(m.regs[1], t))
    });
    reg_doc(
        m,
        "set_system_IO(+In, +Out, +Error)",
        "Make the process's standard input, output and error (file descriptors 0-2) refer to the files of In, Out and Error.",
    );
    reg_det(m, "set_system_IO", 3, |m| {
        let r = set_system_io(m);
        as_pred(m, r, ("set_system_IO", 3))
    });
}

/// protocol/1, protocola/1.
fn start(m: &mut Machine, append: bool, pred: (&str, usize)) -> Res {
    let f = m.arg(0);
    let r = if m.heap.number(f).is_some() {
        Err(m.type_error(Atom::new("text"), f))
    } else {
        m.get_text(f, Atom::new("text"))
    };
    let path = as_pred(m, r, pred)?;
    let name = Atom::new(&path);
    match m.ext.streams.start_protocol(&path, name, append) {
        Ok(()) => Ok(true),
        Err(e) => Err(os_error(m, &e, "open", &path, pred)),
    }
}

/// The three stream arguments of set_prolog_IO/3 and set_system_IO/3.
fn user_streams(m: &mut Machine) -> Res<(usize, usize, usize)> {
    let (i, o, e) = (m.regs[0], m.regs[1], m.regs[2]);
    Ok((
        stream_id(m, i, false)?,
        stream_id(m, o, true)?,
        stream_id(m, e, true)?,
    ))
}

/// set_system_IO/3: `dup2` of each stream's file descriptor onto 0, 1 and 2.
/// knightlog reads an input file whole when it opens it, so only the
/// process's own standard input has a descriptor to give.
fn set_system_io(m: &mut Machine) -> Res {
    let (i, o, e) = user_streams(m)?;
    let fd_in = match i {
        USER_INPUT => 0,
        _ => return Err(not_file_stream(m, 0)),
    };
    let fd_out = output_fd(m, o).ok_or_else(|| not_file_stream(m, 1))?;
    let fd_err = output_fd(m, e).ok_or_else(|| not_file_stream(m, 2))?;
    m.ext.streams.flush_all();
    for (from, to) in [(fd_in, 0), (fd_out, 1), (fd_err, 2)] {
        if from != to {
            if let Err(err) = dup2(from, to) {
                let c = m.heap.deref(m.regs[to as usize]);
                let action = Cell::atom(Atom::new(if to == 0 { "read" } else { "write" }));
                let io = m.heap.new_compound(Atom::new("io_error"), &[action, c]);
                let v = m.heap.new_var();
                let e = PErr::Throw(m.heap.new_compound(atoms::ERROR, &[io, v]));
                let why = super::stream::reason(&err);
                return Err(super::io::error_in(m, e, ("set_system_IO", 3), Some(&why)));
            }
        }
    }
    m.ext.streams.stdout_changed();
    Ok(true)
}

/// `domain_error(file_stream, S)` for argument `k` (SWI's error for a
/// stream without a file descriptor).
fn not_file_stream(m: &Machine, k: usize) -> PErr {
    PErr::Domain(Atom::new("file_stream"), m.heap.deref(m.regs[k]))
}

/// The file descriptor an output stream writes to, if it has one.
fn output_fd(m: &Machine, id: usize) -> Option<i32> {
    match &m.ext.streams.get(id)?.kind {
        Kind::Out(Sink::Stdout) if id == USER_OUTPUT => Some(1),
        Kind::Out(Sink::Stderr) if id == USER_ERROR => Some(2),
        Kind::Out(Sink::File(f)) => file_fd(f.get_ref()),
        _ => None,
    }
}

#[cfg(unix)]
fn file_fd(f: &std::fs::File) -> Option<i32> {
    use std::os::fd::AsRawFd;
    Some(f.as_raw_fd())
}

#[cfg(not(unix))]
fn file_fd(_: &std::fs::File) -> Option<i32> {
    None
}

#[cfg(unix)]
fn dup2(from: i32, to: i32) -> std::io::Result<()> {
    // SAFETY: dup2 on descriptors this process owns; `to` is 0, 1 or 2.
    if unsafe { libc::dup2(from, to) } < 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

#[cfg(not(unix))]
fn dup2(_: i32, _: i32) -> std::io::Result<()> {
    Err(std::io::Error::from(std::io::ErrorKind::Unsupported))
}
