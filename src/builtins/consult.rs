//! Loading Prolog text: consult/1, ensure_loaded/1, include/1, make/0,
//! directives and initialization goals, and SWI-style load warnings.
//!
//! A file is read clause by clause, so an `op/3` directive affects the
//! clauses after it and a syntax error skips only the clause it is in.
//!
//! Tested by: tests/robustness.rs (consulting through syntax and directive errors),
//! tests/adversarial.rs (malformed files, encodings), tests/compat.rs.

use super::docs::reg_doc;
use super::io::{as_pred, error_in, os_error};
use super::reg_det;
use super::stream::{USER_INPUT, USER_OUTPUT};
use crate::engine::db::Where;
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::syntax::decode::{self, Encoding};
use crate::syntax::read_term::ReadTerm;
use crate::syntax::reader::Reader;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;
use crate::term::store::Stored;
use std::path::{Path, PathBuf};
use std::time::Instant;

pub fn register(m: &mut Machine) {
    reg_det(m, "$consult", 1, |m| {
        let f = file_arg(m, m.regs[0]);
        let f = as_pred(m, f, ("consult", 1))?;
        consult_file(m, &f, false)?;
        Ok(true)
    });
    reg_det(m, "$ensure_loaded", 1, |m| {
        let f = file_arg(m, m.regs[0]);
        let f = as_pred(m, f, ("ensure_loaded", 1))?;
        consult_file(m, &f, true)?;
        Ok(true)
    });
    reg_det(m, "$include", 1, |m| {
        let r = include(m);
        as_pred(m, r, ("include", 1))
    });
    reg_doc(
        m,
        "encoding(+Encoding)",
        "Directive: the rest of the file being loaded is in Encoding (utf8, iso_latin_1, ...).",
    );
    reg_det(m, "encoding", 1, |m| {
        let e = m.get_atom(m.regs[0])?;
        let Some(enc) = Encoding::from_name(e.name()) else {
            return Err(PErr::Domain(Atom::new("encoding"), m.arg(0)));
        };
        if let Some(ctx) = m.ext.consult.last_mut() {
            ctx.encoding = Some(enc);
        }
        Ok(true)
    });
    reg_doc(
        m,
        "make",
        "Reload every loaded source file that has changed on disk since it was loaded.",
    );
    reg_det(m, "make", 0, make);
    reg_doc(
        m,
        "initialization(:Goal)",
        "Directive: run Goal after the file being loaded is loaded.",
    );
    reg_det(m, "initialization", 1, |m| initialization(m, false));
    reg_doc(
        m,
        "initialization(:Goal, +When)",
        "Run Goal as When says: now, after_load (once the file is loaded) or main (as the program, then halt).",
    );
    reg_det(m, "initialization", 2, |m| {
        let w = m.arg(1);
        let when = m.get_atom(w)?;
        match when.name() {
            "main" => initialization(m, true),
            "now" => {
                let g = m.regs[0];
                run_directive(m, g);
                Ok(true)
            }
            _ => initialization(m, false),
        }
    });
    reg_det(m, "$test_unit", 2, test_unit);
    // '$compile_aux_clause'(+Clause): while a file loads, Clause joins it as
    // if it were in the source (compile_aux_clauses/1); fails otherwise.
    reg_det(m, "$compile_aux_clause", 1, |m| {
        let Some(ctx) = m.ext.consult.last() else {
            return Ok(false);
        };
        let (file, line) = (ctx.file as usize, ctx.line);
        let path = m.ext.files[file].path.display().to_string();
        let t = m.arg(0);
        handle_expanded(m, &path, line, t, false)?;
        Ok(true)
    });
    reg_det(m, "$source_location", 2, |m| {
        let Some(ctx) = m.ext.consult.last() else {
            return Ok(false);
        };
        let (file, line) = (ctx.file as usize, ctx.line);
        let path = m.ext.files[file].path.display().to_string();
        Ok(m.unify_atom(m.regs[0], Atom::new(&path)) && m.unify_int(m.regs[1], line as i64))
    });
}

/// `'$test_unit'(Old, New)`: the plunit unit open in the file being loaded
/// (`[]` for none) is Old and becomes New; fails outside a load.
fn test_unit(m: &mut Machine) -> Res {
    let new = m.arg(1);
    let new = match new.tag() {
        REF => None,
        ATM if new.get_atom() == atoms::NIL => Some(None),
        ATM => Some(Some(new.get_atom())),
        _ => return Err(m.type_error(atoms::ATOM, new)),
    };
    let Some(ctx) = m.ext.consult.last_mut() else {
        return Ok(false);
    };
    let old = ctx.test_unit.unwrap_or(atoms::NIL);
    if let Some(n) = new {
        ctx.test_unit = n;
    }
    Ok(m.unify_atom(m.regs[0], old))
}

/// A file name argument: atom, string, or library(Name) (library files are built in).
pub fn file_arg(m: &mut Machine, c: Cell) -> Res<String> {
    let c = m.heap.deref(c);
    match m.heap.view(c) {
        View::Compound {
            name,
            arity: 1,
            args,
        } if name.name() == "library" => {
            let _ = args;
            let n = super::modules::library_name(m, c).unwrap_or_default();
            Ok(format!("library({n})"))
        }
        View::Var(_) => Err(PErr::Instantiation),
        // As SWI-Prolog: a term that is no file name names no source.
        _ => m
            .get_text(c, atoms::ATOM)
            .map_err(|_| PErr::Existence(Atom::new("source_sink"), c)),
    }
}

/// Why a file name names no source file.
enum NotFound {
    Missing,
    /// The name (as given) is a directory.
    Directory(PathBuf),
}

/// Finds a source file: as given, with `.pl`, relative to the loading file first.
fn resolve(m: &Machine, name: &str) -> Result<PathBuf, NotFound> {
    let mut bases: Vec<PathBuf> = Vec::new();
    if let Some(ctx) = m.ext.consult.last() {
        if let Some(dir) = m.ext.files[ctx.file as usize].path.parent() {
            bases.push(dir.to_path_buf());
        }
    }
    bases.push(PathBuf::from("."));
    let p = Path::new(name);
    let mut dir = None;
    for base in &bases {
        let full = if p.is_absolute() {
            p.to_path_buf()
        } else {
            base.join(p)
        };
        for cand in [full.with_extension("pl"), full.clone()] {
            let cand = if full.extension().is_some() && cand != full {
                continue;
            } else {
                cand
            };
            if cand.is_file() {
                return Ok(cand.canonicalize().unwrap_or(cand));
            }
        }
        let with_pl = PathBuf::from(format!("{}.pl", full.display()));
        if with_pl.is_file() {
            return Ok(with_pl.canonicalize().unwrap_or(with_pl));
        }
        if full.is_dir() && dir.is_none() {
            dir = Some(full.canonicalize().unwrap_or(full));
        }
    }
    Err(dir.map_or(NotFound::Missing, NotFound::Directory))
}

/// `existence_error(source_sink, Spec)` with no context: SWI names no
/// predicate (the loader's are internal).
pub fn no_source(m: &mut Machine, spec: Cell) -> PErr {
    let formal = m.heap.new_compound(
        atoms::EXISTENCE_ERROR,
        &[Cell::atom(Atom::new("source_sink")), spec],
    );
    let ctx = m.heap.new_var();
    PErr::Throw(m.heap.new_compound(atoms::ERROR, &[formal, ctx]))
}

/// Finds and reads a source file, with SWI's errors: a missing file, a
/// directory, and no permission only when the system refused it.
fn find_source(m: &mut Machine, name: &str, pred: (&str, usize)) -> Res<(PathBuf, Vec<u8>)> {
    let path = match resolve(m, name) {
        Ok(p) => p,
        Err(NotFound::Missing) => {
            let c = Cell::atom(Atom::new(name));
            return Err(no_source(m, c));
        }
        Err(NotFound::Directory(d)) => {
            let c = Cell::atom(Atom::new(&d.display().to_string()));
            let e = PErr::Existence(Atom::new("file"), c);
            return Err(error_in(m, e, pred, Some("is a directory")));
        }
    };
    match std::fs::read(&path) {
        Ok(bytes) => Ok((path, bytes)),
        Err(e) => Err(os_error(m, &e, "read", &path.display().to_string(), pred)),
    }
}

/// consult/1 and ensure_loaded/1 (which skips files already loaded); a
/// module file's exports are imported into the loading module.
pub fn consult_file(m: &mut Machine, name: &str, once: bool) -> Res<()> {
    if name == "user" {
        return consult_user(m);
    }
    let into = m.module;
    if let Some(md) = load_file(m, name, once)? {
        super::modules::import_all(m, into, md);
    }
    Ok(())
}

/// Loads a file (or finds a preloaded library); returns the module it
/// defines, if it is a module file.
pub fn load_file(m: &mut Machine, name: &str, once: bool) -> Res<Option<Atom>> {
    if let Some(lib) = name
        .strip_prefix("library(")
        .and_then(|n| n.strip_suffix(')'))
    {
        if let Some(md) = super::modules::find_library(m, lib)? {
            return Ok(Some(md));
        }
        if !super::modules::is_system_library(lib) {
            let spec = format!("library({lib})");
            let mut reader = Reader::new(&spec);
            let opts = m.read_options();
            let c = match reader.next_term(&m.ops, &opts) {
                Ok(Some(rt)) => rt.to_heap(&mut m.heap).0,
                _ => Cell::atom(Atom::new(name)),
            };
            return Err(no_source(m, c));
        }
        return Ok(None);
    }
    let pred = if once {
        ("ensure_loaded", 1)
    } else {
        ("consult", 1)
    };
    if once {
        if let Ok(path) = resolve(m, name) {
            if let Some(i) = m.ext.files.iter().position(|f| f.path == path) {
                let md = m.modules.list.iter().find(|md| md.file == Some(i as u32));
                return Ok(md.map(|md| md.name));
            }
        }
    }
    let (path, bytes) = find_source(m, name, pred)?;
    load_source(m, path, &bytes, true)
}

/// Loads a library file embedded in the binary (the library floor's
/// autoloading), shown as `path` in messages: its module, if it has one.
pub fn load_embedded(m: &mut Machine, path: &str, text: &str) -> Res<Option<Atom>> {
    load_source(m, PathBuf::from(path), text.as_bytes(), false)
}

/// Loads (or reloads) the source `bytes` of the file `path` into the current
/// module and runs its initialization goals: its module, if it has one.
fn load_source(m: &mut Machine, path: PathBuf, bytes: &[u8], on_disk: bool) -> Res<Option<Atom>> {
    let existing = m.ext.files.iter().position(|f| f.path == path);
    let modified = on_disk
        .then(|| std::fs::metadata(&path).and_then(|md| md.modified()).ok())
        .flatten();
    let file = match existing {
        Some(i) => {
            m.ext.files[i].modified = modified;
            // Reconsult: the file's predicates are replaced by what it says now.
            for p in 0..m.preds.len() {
                if m.preds[p].file == Some(i as u32) {
                    m.wipe_pred(p as u32);
                    m.preds[p].dynamic = false;
                    m.preds[p].kind = crate::engine::pred::PredKind::Undefined;
                }
            }
            i as u32
        }
        None => {
            m.ext.files.push(super::state::LoadedFile {
                path: path.clone(),
                modified,
            });
            (m.ext.files.len() - 1) as u32
        }
    };
    let saved_flags = (m.flags.double_quotes, m.flags.back_quotes);
    m.ext.consult.push(super::state::ConsultCtx {
        file,
        ..Default::default()
    });
    let shown = path.display().to_string();
    let saved_module = m.module;
    let r = load_bytes(m, &shown, bytes);
    let ctx = m.ext.consult.pop().unwrap_or_default();
    m.module = saved_module;
    m.flags.double_quotes = saved_flags.0;
    m.flags.back_quotes = saved_flags.1;
    r?;
    for g in ctx.init_goals {
        let goal = g.to_heap(&mut m.heap);
        run_directive(m, goal);
    }
    Ok(ctx.module)
}

/// A goal to run for the file being loaded: qualified with its module when
/// that is not `user`.
fn in_source_module(m: &mut Machine, goal: Cell) -> Cell {
    if m.module == atoms::USER {
        goal
    } else {
        let md = Cell::atom(m.module);
        m.heap.new_compound(atoms::COLON, &[md, goal])
    }
}

/// How many invalid UTF-8 sequences of one file are reported one by one.
const BAD_SHOWN: usize = 10;

/// Loads the bytes of a source file: UTF-8 unless an `encoding/1` directive
/// says otherwise (the rest of the file is then decoded again from the byte
/// after the directive). Each invalid sequence is reported with its position
/// and reads as U+FFFD, as in SWI-Prolog.
fn load_bytes(m: &mut Machine, file: &str, bytes: &[u8]) -> Res<()> {
    if decode::looks_binary(bytes) {
        m.emit_error(&format!(
            "ERROR: {file}:1:\nERROR:    Not Prolog source text: the file holds binary data; nothing was loaded\n"
        ));
        m.ext.warnings += 1;
        return Ok(());
    }
    let (mut enc, mut raw_start, mut text_start) = (Encoding::Utf8, 0, 0);
    let mut text = String::new();
    loop {
        let d = decode::decode(&bytes[raw_start..], enc, raw_start == 0);
        text.truncate(text_start);
        text.push_str(&d.text);
        if text_start == 0 && text.starts_with("#!") {
            // A script's `#!` line is a comment, as SWI reads it (same
            // length: lines and columns stay where they are).
            text.replace_range(0..1, "%");
        }
        // Shown as the reader passes them; past a few, one line says how many more.
        let mut bad: Vec<(usize, String)> = Vec::new();
        for (k, &(at, what)) in d.bad.iter().enumerate() {
            let at = text_start + at;
            let (line, col) = decode::line_col(&text, at);
            let msg = match k {
                0..BAD_SHOWN => {
                    format!("Warning: {file}:{line}:\nWarning:    {file}:{line}:{col}: {what}\n")
                }
                _ => format!(
                    "Warning: {file}:{line}:\nWarning:    {} more illegal UTF-8 sequences not shown\n",
                    d.bad.len() - BAD_SHOWN
                ),
            };
            bad.push((at, msg));
            if k == BAD_SHOWN {
                break;
            }
        }
        match load_text_from(m, file, &text, text_start, bad)? {
            None => return Ok(()),
            Some((at, new_enc)) => {
                raw_start += d.raw_offset(at - text_start);
                text_start = at;
                enc = new_enc;
            }
        }
    }
}

/// Reads and loads every clause of `text` into the current consult context.
fn load_text(m: &mut Machine, file: &str, text: &str) -> Res<()> {
    load_text_from(m, file, text, 0, Vec::new()).map(|_| ())
}

/// Loads the clauses of `text` from byte `start` on. Stops early after an
/// `encoding/1` directive, returning where the rest of the text starts and
/// how it is encoded. `bad` holds decoding warnings in text order, each
/// shown when the reader gets past its offset (so not if an encoding
/// directive comes first).
fn load_text_from(
    m: &mut Machine,
    file: &str,
    text: &str,
    start: usize,
    bad: Vec<(usize, String)>,
) -> Res<Option<(usize, Encoding)>> {
    let mut reader = Reader::new_at(text, start);
    let mut bad = bad.into_iter().peekable();
    loop {
        let opts = m.read_options();
        let r = reader.next_term(&m.ops, &opts);
        while let Some((_, msg)) = bad.next_if(|(at, _)| *at < reader.offset()) {
            m.emit_error(&msg);
            m.ext.warnings += 1;
        }
        let rt = match r {
            Ok(Some(rt)) => rt,
            Ok(None) if !user_hook(m, atoms::TERM_EXPANSION) => return Ok(None),
            Ok(None) => {
                let line = text[..reader.offset().min(text.len())]
                    .lines()
                    .count()
                    .max(1);
                match expand_end_of_file(m, file, line) {
                    Err(PErr::Halt(code)) => {
                        m.ext.halted = Some(code);
                        return Err(PErr::Halt(code));
                    }
                    _ => return Ok(None),
                }
            }
            Err(e) => {
                let msg = crate::syntax::reader::format_file_syntax_error(file, text, &e);
                m.emit_error(&format!("ERROR: {msg}\n"));
                m.ext.warnings += 1;
                continue;
            }
        };
        if let Some(ctx) = m.ext.consult.last_mut() {
            ctx.line = rt.start.line;
        }
        let mark = m.heap.len();
        let (t, _) = rt.to_heap(&mut m.heap);
        let r = handle_term(m, file, &rt, t);
        m.heap.truncate(mark);
        if let Err(PErr::Halt(code)) = r {
            m.ext.halted = Some(code);
            return Err(PErr::Halt(code));
        }
        if let Some(enc) = m.ext.consult.last_mut().and_then(|c| c.encoding.take()) {
            return Ok(Some((reader.offset(), enc)));
        }
    }
}

/// A term read from a file: the user's term_expansion/2 first (its result may be a list of
/// clauses and directives), then each result as [`handle_expanded`] does.
fn handle_term(m: &mut Machine, file: &str, rt: &ReadTerm, t: Cell) -> Res<()> {
    let line = rt.start.line;
    let directive = matches!(m.heap.view(t), View::Compound { name, arity: 1, .. }
        if name == atoms::NECK || name == atoms::QUERY);
    if !directive {
        let singles = rt.singletons();
        if !singles.is_empty() {
            let names: Vec<String> = singles.iter().map(|s| s.to_string()).collect();
            m.emit_error(&format!(
                "Warning: {file}:{line}:\nWarning:    Singleton variables: [{}]\n",
                names.join(",")
            ));
            m.ext.warnings += 1;
        }
    }
    match expand_term(m, file, line, t)? {
        Some(items) => {
            for item in items {
                handle_expanded(m, file, line, item, rt.dict_calls)?;
            }
            Ok(())
        }
        None => handle_expanded(m, file, line, t, rt.dict_calls),
    }
}

/// Has the program given clauses to an expansion hook Name (term_expansion,
/// goal_expansion): `user:Name/2,4` or `system:Name/2,4`?
fn user_hook(m: &Machine, name: Atom) -> bool {
    [
        (atoms::USER, 2),
        (atoms::USER, 4),
        (atoms::SYSTEM, 2),
        (atoms::SYSTEM, 4),
    ]
    .iter()
    .any(|&(module, arity)| {
        m.lookup_pred_in(module, name, arity).is_some_and(|p| {
            m.preds[p as usize].module == module && m.preds[p as usize].live_clauses() > 0
        })
    })
}

/// The user's term_expansion/2 of `t` as a list of terms (`None`: no hook, or it failed).
fn expand_term(m: &mut Machine, file: &str, line: usize, t: Cell) -> Res<Option<Vec<Cell>>> {
    if !user_hook(m, atoms::TERM_EXPANSION) {
        return Ok(None);
    }
    match translate(m, "$term_expansion", t) {
        Ok(Some(x)) => Ok(Some(m.heap.list_to_vec(x).unwrap_or_else(|_| vec![x]))),
        Ok(None) => Ok(None),
        Err(e) => {
            report_error(m, file, line, e);
            Ok(Some(Vec::new()))
        }
    }
}

/// At the end of a file: the user's term_expansion/2 of `end_of_file` may add clauses.
fn expand_end_of_file(m: &mut Machine, file: &str, line: usize) -> Res<()> {
    let eof = Cell::atom(atoms::END_OF_FILE);
    if let Some(items) = expand_term(m, file, line, eof)? {
        for item in items {
            if m.heap.deref(item) != eof {
                handle_expanded(m, file, line, item, false)?;
            }
        }
    }
    Ok(())
}

/// One expansion pass over a read term: the term it becomes (itself when the pass
/// leaves it alone), or `None` after reporting the pass's error.
fn expansion_step(m: &mut Machine, file: &str, line: usize, pass: &str, t: Cell) -> Option<Cell> {
    match translate(m, pass, t) {
        Ok(x) => Some(x.unwrap_or(t)),
        Err(e) => {
            report_error(m, file, line, e);
            None
        }
    }
}

/// A clause or directive after term expansion: DCG translation, goal expansion (and, for a
/// term read with `D.key`, dict functional notation), then the directive runs or the
/// clause is added.
fn handle_expanded(m: &mut Machine, file: &str, line: usize, t: Cell, dicts: bool) -> Res<()> {
    let mut t = t;
    if dicts {
        let Some(x) = expansion_step(m, file, line, "$expand_dict_calls", t) else {
            return Ok(());
        };
        t = x;
    }
    if user_hook(m, atoms::GOAL_EXPANSION) {
        let Some(x) = expansion_step(m, file, line, "$expand_clause_goals", t) else {
            return Ok(());
        };
        t = x;
    }
    if let View::Compound {
        name,
        arity: 1,
        args,
    } = m.heap.view(t)
    {
        if name == atoms::NECK || name == atoms::QUERY {
            let goal = m.heap.get(args);
            let goal = in_source_module(m, goal);
            if let Some(code) = run_directive_at(m, goal, file, line) {
                return Err(PErr::Halt(code));
            }
            return Ok(());
        }
    }
    // DCG rules are translated by the library.
    let t = if let View::Compound { name, arity: 2, .. } = m.heap.view(t) {
        let rule = match name.name() {
            "-->" => Some("dcg_translate_rule"),
            "==>" => Some("$dcg_ssu_rule"),
            _ => None,
        };
        if let Some(rule) = rule {
            match translate(m, rule, t) {
                Ok(Some(c)) if dicts => match translate(m, "$expand_dict_calls", c) {
                    Ok(Some(x)) => x,
                    _ => c,
                },
                Ok(Some(c)) => c,
                Ok(None) => {
                    report_error(m, file, line, PErr::Type(Atom::new("dcg_rule"), t));
                    return Ok(());
                }
                Err(e) => {
                    report_error(m, file, line, e);
                    return Ok(());
                }
            }
        } else {
            t
        }
    } else {
        t
    };
    // Inside begin_tests/end_tests, library(plunit) takes test/1,2 clauses.
    if m.ext.consult.last().is_some_and(|c| c.test_unit.is_some()) {
        match translate_in(m, Some("plunit"), "$plunit_expand", t) {
            Ok(Some(_)) => return Ok(()),
            Ok(None) => {}
            Err(e) => {
                report_error(m, file, line, e);
                return Ok(());
            }
        }
    }
    let (t, module) = qualified_clause(m, t);
    let saved = m.module;
    if let Some(md) = module {
        m.modules
            .ensure(md, crate::engine::module::ModKind::Program);
        m.module = md;
    }
    let r = if super::ssu::is_rule(m, t) {
        super::ssu::load_rule(m, t, Where::Last, translate, |m, c| {
            add_file_clause(m, c, file, line, true)
        })
        .map(|_| ())
    } else {
        add_file_clause(m, t, file, line, false)
    };
    m.module = saved;
    if let Err(e) = r {
        report_error(m, file, line, e);
    }
    Ok(())
}

/// `M:Clause` and `M:Head :- Body` in a file: the clause and the module it goes to
/// (its body runs in M as well; SWI-Prolog runs it in the source module).
fn qualified_clause(m: &mut Machine, t: Cell) -> (Cell, Option<Atom>) {
    let d = m.heap.deref(t);
    let split = |m: &Machine, c: Cell| -> Option<(Atom, Cell)> {
        let c = m.heap.deref(c);
        if c.tag() != STR || m.heap.get(c.addr()) != Cell::functor(atoms::COLON, 2) {
            return None;
        }
        let md = m.heap.deref(m.heap.get(c.addr() + 1));
        (md.tag() == ATM).then(|| (md.get_atom(), m.heap.get(c.addr() + 2)))
    };
    if let Some((md, c)) = split(m, d) {
        return (c, Some(md));
    }
    if d.tag() == STR && m.heap.get(d.addr()) == Cell::functor(atoms::NECK, 2) {
        let (h, b) = (m.heap.get(d.addr() + 1), m.heap.get(d.addr() + 2));
        if let Some((md, h)) = split(m, h) {
            let c = m.heap.new_compound(atoms::NECK, &[h, b]);
            return (c, Some(md));
        }
    }
    (t, None)
}

/// Runs the library translation `Pred(Term, Out)` once; `None` if it fails.
pub(crate) fn translate(m: &mut Machine, pred: &str, term: Cell) -> Res<Option<Cell>> {
    translate_in(m, None, pred, term)
}

/// As translate/3, calling `module:pred` (a library's translation).
fn translate_in(
    m: &mut Machine,
    module: Option<&str>,
    pred: &str,
    term: Cell,
) -> Res<Option<Cell>> {
    let out = m.heap.new_var();
    let mut goal = m.heap.new_compound(Atom::new(pred), &[term, out]);
    if let Some(md) = module {
        goal = m
            .heap
            .new_compound(atoms::COLON, &[Cell::atom(Atom::new(md)), goal]);
    }
    let mut q = m.query_start(goal);
    let r = m.query_next(&mut q);
    // Copy the translation (or the ball) out before query_end undoes the bindings.
    let kept = match &r {
        Ok(true) => Some(Stored::from_heap(&m.heap, out)),
        Err(PErr::Throw(b)) => Some(Stored::from_heap(&m.heap, *b)),
        _ => None,
    };
    m.query_end(q);
    match (r, kept) {
        (Ok(true), Some(st)) => Ok(Some(st.to_heap(&mut m.heap))),
        (Err(PErr::Throw(_)), Some(st)) => Err(PErr::Throw(st.to_heap(&mut m.heap))),
        (Err(e), _) => Err(e),
        _ => Ok(None),
    }
}

/// Adds a clause from a file with SWI's redefinition and discontiguity warnings;
/// `rule`: the clause is an `=>` rule's translation (builtins/ssu.rs).
fn add_file_clause(m: &mut Machine, t: Cell, file: &str, line: usize, rule: bool) -> Res<()> {
    let t = super::tabling::rename_tabled(m, t);
    let (head, _) = m.clause_parts(t);
    let p = m.head_pred(head)?;
    m.check_modifiable(p)?;
    let Some(ctx) = m.ext.consult.last() else {
        super::ssu::check_kind(m, p, rule)?;
        m.add_clause(t, Where::Last, None)?;
        return Ok(());
    };
    let fid = ctx.file;
    let first_here = !ctx.defined.contains_key(&p);
    let last = ctx.last_pred;
    if first_here {
        // A local definition overrides an import (engine/module.rs).
        if let Some(t) = m.unlink_import(p) {
            if m.preds[p as usize].import_explicit {
                let (n, a, md) = (
                    m.preds[p as usize].name,
                    m.preds[p as usize].arity,
                    m.preds[p as usize].module,
                );
                let from = m.preds[t as usize].module;
                m.emit_error(&format!(
                    "Warning: {file}:{line}:\nWarning:    Local definition of {}:{}/{a} overrides weak import from {}\n",
                    md.name(), n.name(), from.name()
                ));
            }
        }
    }
    let pred = &m.preds[p as usize];
    if first_here {
        let (name, arity) = (pred.name, pred.arity);
        if pred.multifile {
            // Clauses from every file add up; the predicate keeps its first file.
            if pred.file.is_none() && pred.live_clauses() == 0 {
                m.preds[p as usize].file = Some(fid);
                m.preds[p as usize].line = line as u32;
            }
        } else if pred.library && !pred.dynamic {
            // A user definition replaces the library's (as user-module code does in SWI).
            m.wipe_pred(p);
            m.preds[p as usize].library = false;
        } else if let Some(other) = pred.file.filter(|&f| f != fid) {
            if pred.live_clauses() > 0 && !pred.dynamic {
                let where_ = m.ext.files[other as usize].path.display().to_string();
                let old_line = pred.line;
                // A warning: SWI prints it under -q too.
                m.emit_error(&format!(
                    "Warning: {file}:{line}:\nWarning:    Redefined static procedure {}/{arity}\nWarning:    Previously defined at {where_}:{old_line}\n",
                    name.name()
                ));
                m.wipe_pred(p);
            }
        } else if pred.file.is_none() && pred.live_clauses() > 0 && !pred.dynamic {
            m.wipe_pred(p);
        }
        if !m.preds[p as usize].multifile {
            m.preds[p as usize].file = Some(fid);
            m.preds[p as usize].line = line as u32;
        }
    } else if last != Some(p) && !m.preds[p as usize].discontiguous && !m.preds[p as usize].dynamic
    {
        let first_line = m
            .ext
            .consult
            .last()
            .and_then(|c| c.defined.get(&p).copied())
            .unwrap_or(0);
        let (name, arity) = (m.preds[p as usize].name, m.preds[p as usize].arity);
        // SWI-Prolog names the predicate whose clauses came just before.
        let current = match last {
            Some(q) => {
                let pi = m.make_pi(m.preds[q as usize].name, m.preds[q as usize].arity);
                let text = m.term_text(pi, &crate::syntax::writer::WriteOptions::writeq());
                format!("Warning:    Current predicate: {text}\n")
            }
            None => String::new(),
        };
        m.emit_error(&format!(
            "Warning: {file}:{line}:\nWarning:    Clauses of {}/{arity} are not together in the source-file\nWarning:    Earlier definition at {file}:{first_line}\n{current}Warning:    Use :- discontiguous {}/{arity}. to suppress this message\n",
            name.name(), name.name()
        ));
        m.ext.warnings += 1;
    }
    super::ssu::check_kind(m, p, rule)?;
    m.add_clause(t, Where::Last, Some(fid))?;
    if let Some(c) = m.preds[p as usize].clauses.last_mut() {
        c.line = line as u32;
    }
    if let Some(ctx) = m.ext.consult.last_mut() {
        ctx.defined.entry(p).or_insert(line);
        ctx.last_pred = Some(p);
    }
    Ok(())
}

pub fn report_error(m: &mut Machine, file: &str, line: usize, e: PErr) {
    let ball = e.to_term(&mut m.heap, None);
    let msg = super::messages::message_text(m, ball);
    let lines = super::messages::error_lines("   ", &msg);
    m.emit_error(&format!("ERROR: {file}:{line}:\n{lines}"));
    m.ext.warnings += 1;
}

/// Runs a directive; reports failure and errors as SWI does. Returns the exit
/// code if the directive called halt.
fn run_directive_at(m: &mut Machine, goal: Cell, file: &str, line: usize) -> Option<i32> {
    match m.run_once(goal) {
        Ok(true) => None,
        Ok(false) => {
            let g = m.term_text(goal, &crate::syntax::writer::WriteOptions::writeq());
            m.emit_error(&format!(
                "Warning: {file}:{line}:\nWarning:    Goal (directive) failed: user:{g}\n"
            ));
            m.ext.warnings += 1;
            None
        }
        Err(PErr::Halt(code)) => Some(code),
        Err(e) => {
            report_error(m, file, line, e);
            None
        }
    }
}

/// Runs a goal outside any file (initialization, -g): reports errors.
pub fn run_directive(m: &mut Machine, goal: Cell) -> bool {
    match m.run_once(goal) {
        Ok(true) => true,
        Ok(false) => {
            let g = m.term_text(goal, &crate::syntax::writer::WriteOptions::writeq());
            m.emit_error(&format!(
                "Warning: Goal (initialization) failed: user:{g}\n"
            ));
            false
        }
        Err(PErr::Halt(code)) => {
            m.ext.halted = Some(code);
            false
        }
        Err(e) => {
            let ball = e.to_term(&mut m.heap, None);
            let msg = super::messages::message_text(m, ball);
            m.emit_error(&super::messages::error_lines("", &msg));
            false
        }
    }
}

fn initialization(m: &mut Machine, main: bool) -> Res {
    let g = m.arg(0);
    if g.tag() == REF {
        return Err(PErr::Instantiation);
    }
    let g = in_source_module(m, g);
    let st = Stored::from_heap(&m.heap, g);
    if main {
        m.ext.main_goal = Some(st);
        m.ext.main_where = match m.ext.consult.last() {
            Some(ctx) => format!(
                "{}:{}",
                m.ext.files[ctx.file as usize].path.display(),
                ctx.line
            ),
            None => String::new(),
        };
        return Ok(true);
    }
    match m.ext.consult.last_mut() {
        Some(ctx) => ctx.init_goals.push(st),
        None => {
            run_directive(m, g);
        }
    }
    Ok(true)
}

/// include(File): the file's clauses are read as if they stood here.
fn include(m: &mut Machine) -> Res {
    let name = file_arg(m, m.regs[0])?;
    let (path, bytes) = find_source(m, &name, ("include", 1))?;
    load_bytes(m, &path.display().to_string(), &bytes)?;
    Ok(true)
}

/// make/0: reconsult every loaded file that changed on disk.
fn make(m: &mut Machine) -> Res {
    let changed: Vec<PathBuf> = m
        .ext
        .files
        .iter()
        .filter(|f| {
            let now = std::fs::metadata(&f.path).and_then(|md| md.modified()).ok();
            now.is_some() && now != f.modified
        })
        .map(|f| f.path.clone())
        .collect();
    for p in changed {
        let name = p.display().to_string();
        consult_file(m, &name, false)?;
        if !m.ext.quiet {
            m.emit_error(&format!("% {name} reloaded\n"));
        }
    }
    let report = super::undefined::undefined_report(m);
    m.emit_error(&report);
    Ok(true)
}

/// `[user]`, `consult(user)`: clauses typed at the terminal (or piped in), up
/// to `end_of_file.` or the end of input, loaded as the source `user://N`,
/// with SWI's `|: ` prompt and closing line.
fn consult_user(m: &mut Machine) -> Res<()> {
    // The input stream shows the `|: ` prompt before each line it reads.
    let mut text = String::new();
    loop {
        let mut line = String::new();
        while m.ext.streams.ensure_buffered(USER_INPUT) {
            let Some(c) = m.ext.streams.read_char(USER_INPUT) else {
                break;
            };
            line.push(c);
            if c == '\n' {
                break;
            }
        }
        if line.is_empty() || line.trim() == "end_of_file." {
            break;
        }
        text.push_str(&line);
    }
    // SWI ends the reading on a fresh line (after ^D the cursor is mid-line).
    m.emit_to(USER_OUTPUT, "\n")?;
    let n = 1 + m
        .ext
        .files
        .iter()
        .filter(|f| f.path.starts_with("user:"))
        .count();
    let name = format!("user://{n}");
    let started = Instant::now();
    consult_text(m, &name, &text)?;
    if !m.ext.quiet {
        let file = m.ext.files.len() as u32 - 1;
        let clauses: usize = (0..m.preds.len())
            .filter(|&p| m.preds[p].file == Some(file))
            .map(|p| m.preds[p].live_clauses())
            .sum();
        let secs = started.elapsed().as_secs_f64();
        m.emit_error(&format!(
            "% {name} compiled {secs:.2} sec, {clauses} clauses\n"
        ));
    }
    Ok(())
}

/// Consults text as if it were a file named `name` (the REPL's `[user]`, tests, embedding).
pub fn consult_text(m: &mut Machine, name: &str, text: &str) -> Res<()> {
    let path = PathBuf::from(name);
    let file = match m.ext.files.iter().position(|f| f.path == path) {
        Some(i) => {
            for p in 0..m.preds.len() {
                if m.preds[p].file == Some(i as u32) {
                    m.wipe_pred(p as u32);
                    m.preds[p].kind = crate::engine::pred::PredKind::Undefined;
                    m.preds[p].dynamic = false;
                }
            }
            i as u32
        }
        None => {
            m.ext.files.push(super::state::LoadedFile {
                path,
                modified: None,
            });
            (m.ext.files.len() - 1) as u32
        }
    };
    m.ext.consult.push(super::state::ConsultCtx {
        file,
        ..Default::default()
    });
    let r = load_text(m, name, text);
    let ctx = m.ext.consult.pop().unwrap_or_default();
    r?;
    for g in ctx.init_goals {
        let goal = g.to_heap(&mut m.heap);
        run_directive(m, goal);
    }
    Ok(())
}

/// Loads library Prolog text at machine creation (errors are bugs: reported loudly).
pub fn load_library(m: &mut Machine, name: &str, text: &str) {
    m.ext.files.push(super::state::LoadedFile {
        path: PathBuf::from(format!("library/{name}")),
        modified: None,
    });
    let file = (m.ext.files.len() - 1) as u32;
    m.ext.consult.push(super::state::ConsultCtx {
        file,
        ..Default::default()
    });
    let before = m.ext.warnings;
    let saved = m.ext.streams.capture_stderr.replace(String::new());
    let _ = load_text(m, name, text);
    let msgs = std::mem::replace(&mut m.ext.streams.capture_stderr, saved).unwrap_or_default();
    m.ext.consult.pop();
    // The library is part of the binary: a message here is a bug, never user input.
    assert!(
        m.ext.warnings == before && msgs.is_empty(),
        "library {name}:\n{msgs}"
    );
    // Library clauses belong to no user file.
    for p in m.preds.iter_mut() {
        if p.file.is_some_and(|f| f as usize == m.ext.files.len() - 1) {
            p.file = None;
        }
    }
}
