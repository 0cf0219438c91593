//! The library floor: SWI-Prolog's libraries as Prolog source files laid out
//! like SWI's (`library/rbtrees.pl`, `library/dcg/basics.pl` at the
//! repository root), embedded at build time (build.rs) and loaded on first
//! use: by `use_module/1,2` (or `ensure_loaded/1`, `consult/1`) of
//! `library(Name)`, or when a goal calls one of a library's exports
//! (autoloading, as SWI-Prolog's). Start-up loads none of them.
//!
//! The floors below do not name this one: `new_machine` installs two hooks,
//! `Modules::autoloader` (the engine's unknown-procedure path) and
//! `Ext::library_loader` (use_module and friends).
//!
//! `KNIGHTLOG_LIBRARY_DIR=dir` reads the libraries from `dir` instead of the
//! embedded copies, for developing a library without rebuilding.
//!
//! Tested by: tests/library.rs (every library loads and defines its exports;
//! autoloading; unknown libraries), tests/prolog/lib_*.pl (each library
//! against SWI-Prolog), tests/coverage.rs (docs/MISSING_PREDICATES.md).

use crate::builtins;
use crate::engine::error::Res;
use crate::engine::module::{Autoloader, ModKind};
use crate::engine::Machine;
use crate::syntax::read_term::{Node, ReadTerm};
use crate::syntax::reader::{ReadOptions, Reader};
use crate::term::atom::Atom;
use crate::term::ops::OpTable;
use std::collections::HashMap;
use std::sync::OnceLock;

pub mod files;

include!(concat!(env!("OUT_DIR"), "/library_files.rs"));

/// Libraries loaded only by use_module/ensure_loaded, as in SWI-Prolog:
/// their operators (`#=`, ...) are not the program's unless it asks.
const NOT_AUTOLOADED: &[&str] = &["clpfd"];

/// One library: its name in `library(Name)`, its source, and what its
/// `:- module(Module, Exports)` header declares.
pub struct Library {
    pub name: String,
    pub text: &'static str,
    pub module: Atom,
    pub exports: Vec<(Atom, usize)>,
}

/// Every library, and which exports which predicate.
struct Index {
    libraries: Vec<Library>,
    by_name: HashMap<String, usize>,
    by_export: HashMap<(Atom, usize), usize>,
}

/// The index, read once per process from the libraries' headers.
fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        // Sorted by name, as both sources list them.
        let libraries: Vec<Library> = sources()
            .into_iter()
            .filter_map(|(name, text)| {
                let (module, exports) = header(text)?;
                Some(Library {
                    name,
                    text,
                    module,
                    exports,
                })
            })
            .collect();
        let by_name = libraries
            .iter()
            .enumerate()
            .map(|(i, l)| (l.name.clone(), i))
            .collect();
        let mut by_export = HashMap::new();
        for (i, l) in libraries.iter().enumerate() {
            if NOT_AUTOLOADED.contains(&l.name.as_str()) {
                continue;
            }
            for &pi in &l.exports {
                // The first library (by name) exporting a predicate autoloads it.
                by_export.entry(pi).or_insert(i);
            }
        }
        Index {
            libraries,
            by_name,
            by_export,
        }
    })
}

/// The libraries' (name, text): the embedded ones, or with
/// `KNIGHTLOG_LIBRARY_DIR` set, the files under that directory.
fn sources() -> Vec<(String, &'static str)> {
    match std::env::var_os("KNIGHTLOG_LIBRARY_DIR") {
        Some(dir) => files::library_files(std::path::Path::new(&dir))
            .into_iter()
            .filter_map(|(name, path)| {
                let text = std::fs::read_to_string(path).ok()?;
                // Read once per process and kept for its life.
                Some((name, &*Box::leak(text.into_boxed_str())))
            })
            .collect(),
        None => LIBRARY_FILES
            .iter()
            .map(|&(n, t)| (n.to_string(), t))
            .collect(),
    }
}

/// The module name and exported predicates of a `:- module(M, Exports)`
/// first clause; None if the text does not start with one.
fn header(text: &str) -> Option<(Atom, Vec<(Atom, usize)>)> {
    let rt = Reader::new(text)
        .next_term(&OpTable::standard(), &ReadOptions::default())
        .ok()??;
    let (directive, [body]) = compound(&rt, rt.root)?;
    let (module_f, [name, list]) = compound(&rt, body)?;
    if directive.name() != ":-" || module_f.name() != "module" {
        return None;
    }
    let Node::Atom(module) = rt.node(name) else {
        return None;
    };
    let mut exports = Vec::new();
    let mut cell = list;
    while let Some((cons, [item, rest])) = compound(&rt, cell) {
        if cons.name() != "[|]" {
            break;
        }
        if let Some((slash, [n, a])) = compound(&rt, item) {
            if let (Node::Atom(n), Node::Int(a)) = (rt.node(n), rt.node(a)) {
                match slash.name() {
                    "/" => exports.push((*n, *a as usize)),
                    "//" => exports.push((*n, *a as usize + 2)),
                    _ => {}
                }
            }
        }
        cell = rest;
    }
    Some((*module, exports))
}

/// A compound node's name and its N arguments (as node indices).
fn compound<const N: usize>(rt: &ReadTerm, i: u32) -> Option<(Atom, [u32; N])> {
    match rt.node(i) {
        Node::Compound { name, first, arity } if *arity as usize == N => {
            let args: [u32; N] = rt.args_of(*first, *arity).try_into().ok()?;
            Some((*name, args))
        }
        _ => None,
    }
}

/// Every library knightlog has, by name.
pub fn libraries() -> impl Iterator<Item = &'static Library> {
    index().libraries.iter()
}

/// A machine with every builtin, the system predicates written in Prolog and the hooks that
/// load the rest on first use.
pub fn new_machine() -> Machine {
    let mut m = builtins::new_machine();
    m.ext.library_loader = Some(load_by_name);
    m.modules.autoloader = Some(Autoloader {
        knows: |name, arity| index().by_export.contains_key(&(name, arity)),
        load: |m, name, arity| {
            let Some(&i) = index().by_export.get(&(name, arity)) else {
                return false;
            };
            let r = load(m, &index().libraries[i]);
            let loaded = r.is_ok();
            report_failure(m, r);
            loaded
        },
    });
    m
}

/// Loads every library that exports Name (of `arity`, or any arity), for
/// help/1 and listing/1 on a predicate not called yet.
pub fn load_exporting(m: &mut Machine, name: Atom, arity: Option<usize>) {
    for lib in libraries() {
        if lib
            .exports
            .iter()
            .any(|&(n, a)| n == name && arity.is_none_or(|x| x == a))
        {
            let r = load(m, lib);
            report_failure(m, r);
        }
    }
}

/// Loads every library that autoloads, for apropos/1.
pub fn load_autoloadable(m: &mut Machine) {
    for lib in libraries().filter(|l| !NOT_AUTOLOADED.contains(&l.name.as_str())) {
        let r = load(m, lib);
        report_failure(m, r);
    }
}

/// Prints why a library did not load (it is a bug in the library).
fn report_failure(m: &mut Machine, r: Res<Atom>) {
    if let Err(e) = r {
        let ball = e.to_term(&mut m.heap, None);
        let msg = builtins::messages::message_text(m, ball);
        m.emit_error(&builtins::messages::error_lines("", &msg));
    }
}

/// `library(Name)`'s module, loaded now if it was not; None if there is no
/// such library.
fn load_by_name(m: &mut Machine, name: &str) -> Res<Option<Atom>> {
    match index().by_name.get(name) {
        Some(&i) => load(m, &index().libraries[i]).map(Some),
        None => Ok(None),
    }
}

/// Loads a library into its module once, and makes its exports reachable
/// from every module (the autoload table).
fn load(m: &mut Machine, lib: &'static Library) -> Res<Atom> {
    if m.modules
        .get(lib.module)
        .is_some_and(|md| md.kind == ModKind::Library)
    {
        return Ok(lib.module);
    }
    m.modules.ensure_library(lib.module);
    let saved = m.module;
    m.module = crate::term::atom::atoms::USER;
    let path = format!("library/{}.pl", lib.name);
    let r = builtins::consult::load_embedded(m, &path, lib.text);
    m.module = saved;
    r?;
    for p in m.preds.iter_mut().filter(|p| p.module == lib.module) {
        // Library clauses belong to no user file (listing, make/0).
        p.file = None;
        p.library = true;
    }
    for &(name, arity) in &lib.exports {
        if let Some(id) = m.lookup_pred_in(lib.module, name, arity) {
            // A system builtin is reached before the autoload table anyway.
            if m.preds[id as usize].module != crate::term::atom::atoms::SYSTEM {
                m.modules.autoload.entry((name, arity)).or_insert(id);
            }
        }
    }
    Ok(lib.module)
}
