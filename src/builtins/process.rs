//! Child processes, the natives under library(process) (library/process.pl
//! checks the options and calls these): '$process_create'/5 spawns a program
//! with its standard streams shared, null, pipes (stream_pipe.rs) or the
//! descriptors of open streams; '$process_wait'/3, '$process_kill'/3 and
//! '$process_orphan'/1. Every child is kept in the table until it is waited
//! for, so none is left a zombie: a process created without process(Pid) is
//! waited for at once, or when the last of its pipes is closed (as SWI-Prolog
//! does), and one whose Pid can never be seen is reaped by a thread.
//!
//! Tested by: tests/prolog/lib_process.pl.

use super::docs::reg_doc;
use super::io::{error_in, stream_id, stream_term};
use super::reg_det;
use super::stream::{Kind, Sink, Source, USER_INPUT, USER_OUTPUT};
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::syntax::decode::Encoding;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;
use std::collections::HashMap;
use std::io::{Seek, SeekFrom};
use std::os::fd::{BorrowedFd, OwnedFd, RawFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// The children not yet waited for, by process id.
#[derive(Default)]
pub struct Children {
    map: HashMap<u32, Child>,
}

struct Child {
    proc: std::process::Child,
    /// The program, for process_error(Exe, Status).
    exe: Atom,
    /// Created without process(Pid): waited for when its last pipe closes.
    wait_on_close: bool,
}

pub fn register(m: &mut Machine) {
    reg_doc(m, "'$process_create'(+Exe, +Args, +Spec, -Pid, -Status)", "library(process): spawn Exe; Status is its exit status when it was waited for, else running.");
    reg_det(m, "$process_create", 5, create);
    reg_doc(m, "'$process_wait'(+Pid, -Status, +Timeout)", "library(process): wait for child Pid (Timeout: infinite or seconds); Status exit(N), killed(S) or timeout.");
    reg_det(m, "$process_wait", 3, wait);
    reg_doc(
        m,
        "'$process_kill'(+Pid, +Signal, +Group)",
        "library(process): send Signal (a number or name) to Pid, or to its process group.",
    );
    reg_det(m, "$process_kill", 3, kill);
    reg_doc(
        m,
        "'$process_orphan'(+Pid)",
        "library(process): reap child Pid in the background.",
    );
    reg_det(m, "$process_orphan", 1, |m| {
        let pid = pid_arg(m, 0)?;
        if let Some(mut c) = m.ext.children.map.remove(&pid) {
            std::thread::spawn(move || c.proc.wait());
        }
        Ok(true)
    });
}

fn pid_arg(m: &Machine, reg: usize) -> Res<u32> {
    let c = m.arg(reg);
    let n = m.get_int(c)?;
    u32::try_from(n).map_err(|_| PErr::Domain(Atom::new("not_less_than_zero"), c))
}

/// The argument `k` of compound `t`, dereferenced.
fn field(m: &Machine, t: Cell, k: usize) -> Cell {
    match m.heap.view(t) {
        View::Compound { args, arity, .. } if k < arity => m.heap.deref(m.heap.get(args + k)),
        _ => Cell::atom(atoms::NIL),
    }
}

/// How one standard stream of the child is bound.
enum Bind {
    Std,
    Null,
    /// A new pipe: the variable for its stream, its encoding, binary or not.
    Pipe(Cell, Encoding, bool),
    /// The descriptor of an open stream.
    Fd(OwnedFd),
    /// Standard error into standard output's pipe.
    Same,
}

fn bind(m: &mut Machine, spec: Cell, which: usize) -> Res<Bind> {
    let name = match m.heap.view(spec) {
        View::Atom(a) => a.name(),
        View::Compound { name, .. } => name.name(),
        _ => "",
    };
    Ok(match name {
        "std" => Bind::Std,
        "null" => Bind::Null,
        "same" => Bind::Same,
        "pipe" => {
            let enc_c = field(m, spec, 1);
            let enc = Encoding::from_name(m.get_atom(enc_c)?.name())
                .ok_or(PErr::Domain(Atom::new("encoding"), enc_c))?;
            let binary = field(m, spec, 2) == Cell::atom(Atom::new("binary"));
            Bind::Pipe(field(m, spec, 0), enc, binary)
        }
        "stream" => {
            let s = field(m, spec, 0);
            let id = stream_id(m, s, which != USER_INPUT)?;
            match stream_fd(m, id)? {
                Some(fd) => Bind::Fd(fd),
                None => return Err(PErr::Domain(Atom::new("file_stream"), s)),
            }
        }
        _ => return Err(PErr::Domain(Atom::new("process_stream"), spec)),
    })
}

/// A descriptor for open stream `id`, if it has one (an input file is
/// opened again at the place it was read to: its text is in memory).
fn stream_fd(m: &mut Machine, id: usize) -> Res<Option<OwnedFd>> {
    use std::os::fd::AsRawFd;
    let streams = &mut m.ext.streams;
    streams.flush_all();
    let id = streams.slot(id);
    let pipe_fd = streams.pipe_fd(id);
    let Some(st) = streams.get_mut(id) else {
        return Ok(None);
    };
    let raw: RawFd = match &st.kind {
        _ if st.pipe.is_some() => match pipe_fd {
            Some(fd) => fd,
            None => return Ok(None),
        },
        Kind::In(Source::Stdin) => 0,
        Kind::In(Source::Text { .. }) if id == USER_INPUT => 0,
        Kind::Out(Sink::Stdout) => 1,
        Kind::Out(Sink::Stderr) => 2,
        Kind::Out(Sink::File(f)) => f.get_ref().as_raw_fd(),
        Kind::In(Source::Text { .. }) => {
            let Some(name) = st.file_name.clone() else {
                return Ok(None);
            };
            st.sync();
            let at = st.bytes;
            let mut f = std::fs::File::open(&name).map_err(|_| {
                PErr::Existence(Atom::new("source_sink"), Cell::atom(Atom::new(&name)))
            })?;
            let _ = f.seek(SeekFrom::Start(at));
            return Ok(Some(OwnedFd::from(f)));
        }
        _ => return Ok(None),
    };
    // SAFETY: `raw` is open for the duration of the call (its stream is).
    let fd = unsafe { BorrowedFd::borrow_raw(raw) };
    Ok(fd.try_clone_to_owned().ok())
}

/// `std`: the descriptor of the stream user stream `k` stands for, when
/// set_prolog_IO/3 bound it to one; else the process's own.
fn std_stdio(m: &mut Machine, k: usize) -> Stdio {
    if m.ext.streams.rebound(k) {
        let id = m.ext.streams.slot(k);
        if let Ok(Some(fd)) = stream_fd(m, id) {
            return Stdio::from(fd);
        }
    }
    Stdio::inherit()
}

fn texts(m: &Machine, l: Cell) -> Res<Vec<String>> {
    m.get_list(l)?
        .into_iter()
        .map(|c| m.get_text(c, atoms::ATOM))
        .collect()
}

/// '$process_create'(+Exe, +Args, spec(Cwd, Env, In, Out, Err, Detached,
/// Priority, Wait), -Pid, -Status): Cwd is [] or a directory, Env is
/// `inherit`, env(Pairs) or environment(Pairs), In, Out and Err are std,
/// null, pipe(S, Encoding, Type), stream(S) or (Err) same.
fn create(m: &mut Machine) -> Res {
    let exe = m.get_text(m.regs[0], atoms::ATOM)?;
    let args = texts(m, m.regs[1])?;
    let spec = m.arg(2);
    let mut cmd = Command::new(&exe);
    cmd.args(&args);
    let cwd = field(m, spec, 0);
    if cwd != Cell::atom(atoms::NIL) {
        cmd.current_dir(m.get_text(cwd, atoms::ATOM)?);
    }
    let env = field(m, spec, 1);
    if let View::Compound { name, .. } = m.heap.view(env) {
        if name.name() == "env" {
            cmd.env_clear();
        }
        for pair in m.get_list(field(m, env, 0))? {
            let pair = m.heap.deref(pair);
            let k = m.get_text(field(m, pair, 0), atoms::ATOM)?;
            let v = m.get_text(field(m, pair, 1), atoms::ATOM)?;
            cmd.env(k, v);
        }
    }
    let mut binds = Vec::with_capacity(3);
    for k in 0..3 {
        let b = field(m, spec, 2 + k);
        binds.push(bind(m, b, k)?);
    }
    let detached = field(m, spec, 5) == Cell::atom(atoms::TRUE);
    let priority = match m.heap.view(field(m, spec, 6)) {
        View::Int(p) => Some(p as i32),
        _ => None,
    };
    let wait = field(m, spec, 7) == Cell::atom(atoms::TRUE);
    // SAFETY: between fork and exec the child calls only setsid(2) and
    // setpriority(2), which are async-signal-safe.
    unsafe {
        cmd.pre_exec(move || {
            if detached {
                libc::setsid();
            }
            if let Some(p) = priority {
                libc::setpriority(libc::PRIO_PROCESS, 0, p);
            }
            Ok(())
        });
    }
    // The pipes' ends kept here: (k, reader or writer, binding).
    let mut ours: Vec<(usize, OwnedFd)> = Vec::new();
    let mut out_writer: Option<std::io::PipeWriter> = None;
    for (k, b) in binds.iter_mut().enumerate() {
        let stdio = match std::mem::replace(b, Bind::Null) {
            Bind::Std => std_stdio(m, k),
            Bind::Null => Stdio::null(),
            Bind::Fd(fd) => Stdio::from(fd),
            Bind::Same => match &out_writer {
                Some(w) => Stdio::from(w.try_clone().map_err(|e| spawn_error(m, &e))?),
                None => Stdio::null(),
            },
            Bind::Pipe(v, enc, bin) => {
                *b = Bind::Pipe(v, enc, bin);
                let (r, w) = std::io::pipe().map_err(|e| spawn_error(m, &e))?;
                if k == USER_INPUT {
                    ours.push((k, OwnedFd::from(w)));
                    Stdio::from(r)
                } else {
                    ours.push((k, OwnedFd::from(r)));
                    if k == USER_OUTPUT {
                        out_writer = Some(w.try_clone().map_err(|e| spawn_error(m, &e))?);
                    }
                    Stdio::from(w)
                }
            }
        };
        match k {
            USER_INPUT => cmd.stdin(stdio),
            USER_OUTPUT => cmd.stdout(stdio),
            _ => cmd.stderr(stdio),
        };
    }
    m.ext.streams.flush_all();
    let spawned = cmd.spawn();
    // The child's ends of the pipes close with the command.
    drop(cmd);
    drop(out_writer);
    let mut proc = spawned.map_err(|e| spawn_error(m, &e))?;
    let pid = proc.id();
    let exe_atom = Atom::new(&exe);
    for (k, fd) in ours {
        let Bind::Pipe(var, enc, binary) = binds[k] else {
            continue;
        };
        let id = if k == USER_INPUT {
            m.ext.streams.open_pipe_out(fd, pid, enc, binary)
        } else {
            m.ext.streams.open_pipe_in(fd, pid, enc, binary)
        };
        let s = stream_term(m, id);
        m.unify(var, s);
    }
    let piped = binds.iter().any(|b| matches!(b, Bind::Pipe(..)));
    let status = if wait && !piped {
        let st = proc.wait().map_err(|e| spawn_error(m, &e))?;
        status_term(m, st)
    } else {
        let child = Child {
            proc,
            exe: exe_atom,
            wait_on_close: wait,
        };
        m.ext.children.map.insert(pid, child);
        Cell::atom(Atom::new("running"))
    };
    Ok(m.unify_int(m.regs[3], pid as i64) && m.unify(m.regs[4], status))
}

fn spawn_error(m: &mut Machine, e: &std::io::Error) -> PErr {
    let exe = m.arg(0);
    let err = match e.kind() {
        std::io::ErrorKind::NotFound => PErr::Existence(Atom::new("source_sink"), exe),
        _ => PErr::Permission(Atom::new("execute"), Atom::new("file"), exe),
    };
    error_in(
        m,
        err,
        ("process_create", 3),
        Some(&super::stream::reason(e)),
    )
}

/// exit(Code) or killed(Signal).
fn status_term(m: &mut Machine, st: ExitStatus) -> Cell {
    let (name, n) = match (st.code(), st.signal()) {
        (Some(c), _) => ("exit", c),
        (None, Some(s)) => ("killed", s),
        _ => ("exit", -1),
    };
    m.heap
        .new_compound(Atom::new(name), &[Cell::small_int(n as i64)])
}

/// SWI's error for a process that is not (or no longer) our child.
fn no_child(m: &mut Machine) -> PErr {
    let ctx = m.heap.new_var();
    let msg = Cell::atom(Atom::new("No child processes"));
    let context = m.heap.new_compound(atoms::CONTEXT, &[ctx, msg]);
    let formal = Cell::atom(Atom::new("system_error"));
    PErr::Throw(m.heap.new_compound(atoms::ERROR, &[formal, context]))
}

fn wait(m: &mut Machine) -> Res {
    let pid = pid_arg(m, 0)?;
    let limit = match m.heap.view(m.arg(2)) {
        View::Atom(_) => None,
        _ => Some(Duration::from_secs_f64(
            m.get_number(m.arg(2))?.to_f64().clamp(0.0, 1e9),
        )),
    };
    let Some(child) = m.ext.children.map.get_mut(&pid) else {
        return Err(no_child(m));
    };
    let st = match limit {
        None => Some(child.proc.wait()),
        Some(limit) => {
            let end = Instant::now() + limit;
            loop {
                match child.proc.try_wait() {
                    Ok(None) if Instant::now() < end => {
                        std::thread::sleep(Duration::from_millis(5))
                    }
                    Ok(None) => break None,
                    r => break Some(r.map(|s| s.unwrap_or_default())),
                }
            }
        }
    };
    let t = match st {
        None => Cell::atom(Atom::new("timeout")),
        Some(st) => {
            m.ext.children.map.remove(&pid);
            match st {
                Ok(st) => status_term(m, st),
                Err(_) => return Err(no_child(m)),
            }
        }
    };
    Ok(m.unify(m.regs[1], t))
}

/// After a pipe of child `pid` was closed: a child created without
/// process(Pid) is waited for when its last pipe is closed, and must have
/// exited with status 0.
pub fn pipe_closed(m: &mut Machine, pid: u32) -> Res<()> {
    let streams = &m.ext.streams;
    let open = (0..streams.table.len()).any(|id| streams.pipe_pid(id) == Some(pid));
    if open
        || !m
            .ext
            .children
            .map
            .get(&pid)
            .is_some_and(|c| c.wait_on_close)
    {
        return Ok(());
    }
    let Some(mut child) = m.ext.children.map.remove(&pid) else {
        return Ok(());
    };
    let Ok(st) = child.proc.wait() else {
        return Ok(());
    };
    if st.success() {
        return Ok(());
    }
    let status = status_term(m, st);
    let formal = m
        .heap
        .new_compound(Atom::new("process_error"), &[Cell::atom(child.exe), status]);
    let ctx = m.heap.new_var();
    Err(PErr::Throw(
        m.heap.new_compound(atoms::ERROR, &[formal, ctx]),
    ))
}

/// A signal given as a number, `SIGTERM` or `term`.
fn signal_number(m: &Machine, c: Cell) -> Res<i32> {
    let bad = || PErr::Domain(Atom::new("signal"), c);
    let name = match m.heap.view(c) {
        View::Var(_) => return Err(PErr::Instantiation),
        View::Int(n) if (1..=64).contains(&n) => return Ok(n as i32),
        View::Int(_) => return Err(bad()),
        View::Atom(a) => a.name(),
        _ => return Err(m.type_error(Atom::new("signal"), c)),
    };
    let name = match name.strip_prefix("SIG") {
        Some(n) => n.to_ascii_lowercase(),
        None => name.to_string(),
    };
    let n = match name.as_str() {
        "hup" => libc::SIGHUP,
        "int" => libc::SIGINT,
        "quit" => libc::SIGQUIT,
        "ill" => libc::SIGILL,
        "trap" => libc::SIGTRAP,
        "abrt" => libc::SIGABRT,
        "bus" => libc::SIGBUS,
        "fpe" => libc::SIGFPE,
        "kill" => libc::SIGKILL,
        "usr1" => libc::SIGUSR1,
        "segv" => libc::SIGSEGV,
        "usr2" => libc::SIGUSR2,
        "pipe" => libc::SIGPIPE,
        "alrm" => libc::SIGALRM,
        "term" => libc::SIGTERM,
        "chld" => libc::SIGCHLD,
        "cont" => libc::SIGCONT,
        "stop" => libc::SIGSTOP,
        "tstp" => libc::SIGTSTP,
        "ttin" => libc::SIGTTIN,
        "ttou" => libc::SIGTTOU,
        "urg" => libc::SIGURG,
        "xcpu" => libc::SIGXCPU,
        "xfsz" => libc::SIGXFSZ,
        "vtalrm" => libc::SIGVTALRM,
        "prof" => libc::SIGPROF,
        "winch" => libc::SIGWINCH,
        "io" | "poll" => libc::SIGIO,
        "sys" => libc::SIGSYS,
        _ => return Err(bad()),
    };
    Ok(n)
}

fn kill(m: &mut Machine) -> Res {
    let pid = pid_arg(m, 0)?;
    let sig = signal_number(m, m.arg(1))?;
    let group = m.arg(2) == Cell::atom(atoms::TRUE);
    let Ok(target) = libc::pid_t::try_from(pid) else {
        return Err(PErr::Existence(Atom::new("process"), m.arg(0)));
    };
    // SAFETY: kill(2) and killpg(2) take plain integers.
    let r = unsafe {
        if group {
            libc::killpg(target, sig)
        } else {
            libc::kill(target, sig)
        }
    };
    if r == 0 {
        return Ok(true);
    }
    let e = std::io::Error::last_os_error();
    let c = m.arg(0);
    let err = match e.raw_os_error() {
        Some(libc::EPERM) => PErr::Permission(Atom::new("kill"), Atom::new("process"), c),
        _ => PErr::Existence(Atom::new("process"), c),
    };
    Err(error_in(m, err, ("process_kill", 2), None))
}
