//! Builtin-owned machine state: streams, consulted files, flags. It lives in the engine's
//! type-erased `ExtSlot` (`m.ext`), which derefs to `Ext` here.
//!
//! Tested by: nothing directly; the streams and flags it holds are tested through
//! tests/prolog/io.pl and tests/prolog/flags.pl.

use super::stream::Streams;
use crate::engine::error::Res;
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::Cell;
use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Instant, SystemTime};

/// A file consulted into the machine (for make/0 and reconsult).
#[derive(Clone, Debug)]
pub struct LoadedFile {
    pub path: PathBuf,
    pub modified: Option<SystemTime>,
}

/// What the file being consulted right now has defined so far.
#[derive(Default)]
pub struct ConsultCtx {
    pub file: u32,
    /// Predicates defined by this load, with the line of their first clause.
    pub defined: HashMap<u32, usize>,
    pub last_pred: Option<u32>,
    pub line: usize,
    /// Goals of initialization/1 to run after the load.
    pub init_goals: Vec<crate::term::store::Stored>,
    /// The plunit unit between begin_tests/1 and end_tests/1, if any.
    pub test_unit: Option<Atom>,
    /// The module this file declared with module/2, if any.
    pub module: Option<Atom>,
    /// Set by an `encoding/1` directive: the rest of the file is decoded anew.
    pub encoding: Option<crate::syntax::decode::Encoding>,
}

pub struct Ext {
    pub streams: Streams,
    pub files: Vec<LoadedFile>,
    pub consult: Vec<ConsultCtx>,
    /// initialization(G, main) goal of the last loaded script.
    pub main_goal: Option<crate::term::store::Stored>,
    /// `file:line` of that initialization/2 directive (for its messages).
    pub main_where: String,
    pub other_flags: HashMap<Atom, crate::term::store::Stored>,
    /// Type and access of the flags made by create_prolog_flag/3 (sys_globals.rs).
    pub flag_decls: HashMap<Atom, super::sys_globals::FlagDecl>,
    pub start: Instant,
    pub last_runtime_ms: u64,
    pub last_walltime_ms: u64,
    pub warnings: usize,
    /// tmp_file/2 names made so far.
    pub tmp_counter: u64,
    /// Set by halt/0,1 during consult or a goal: the exit code.
    pub halted: Option<i32>,
    pub quiet: bool,
    /// The top level's `$X`: the latest answer's binding of each query variable.
    pub answer_bindings: HashMap<String, crate::term::store::Stored>,
    /// The tables of tabled predicates.
    pub tables: super::table_store::Tables,
    /// The debugger's settings and state (trace.rs).
    pub debugger: super::trace::Debugger,
    /// help/1's one-line descriptions: (name, arity) -> (template, description) (docs.rs).
    pub docs: HashMap<(Atom, usize), (String, String)>,
    /// Loads `library(Name)` from the library floor (src/library) on first
    /// use: Ok(Some(module)) once loaded, Ok(None) if there is no such library.
    pub library_loader: Option<LibraryLoader>,
    /// format_predicate/2's directives.
    pub format_preds: Vec<super::fmt_pred::FormatPred>,
    /// break/0: runs a nested top level until its input ends (the top
    /// level floor installs it; builtins may not name the top level).
    pub break_hook: Option<BreakHook>,
    /// library(process)'s children not yet waited for.
    pub children: super::process::Children,
}

/// See `Ext::library_loader`.
pub type LibraryLoader = fn(&mut Machine, &str) -> Res<Option<Atom>>;

/// See `Ext::break_hook`: Ok when the nested top level's input ended,
/// `PErr::Halt` when a query in it halted.
pub type BreakHook = fn(&mut Machine) -> Res<()>;

impl Default for Ext {
    fn default() -> Self {
        Ext {
            streams: Streams::new(),
            files: Vec::new(),
            consult: Vec::new(),
            main_goal: None,
            main_where: String::new(),
            other_flags: HashMap::from([
                (
                    Atom::new("char_conversion"),
                    crate::term::store::Stored::atomic(Cell::atom(atoms::FALSE)),
                ),
                (
                    Atom::new("debug_on_error"),
                    crate::term::store::Stored::atomic(Cell::atom(atoms::TRUE)),
                ),
                (
                    Atom::new("pid"),
                    crate::term::store::Stored::atomic(Cell::small_int(std::process::id() as i64)),
                ),
            ]),
            flag_decls: HashMap::from([(
                Atom::new("pid"),
                super::sys_globals::FlagDecl {
                    ty: super::sys_globals::FlagType::Integer,
                    read_only: true,
                },
            )]),
            start: Instant::now(),
            last_runtime_ms: 0,
            last_walltime_ms: 0,
            warnings: 0,
            tmp_counter: 0,
            halted: None,
            quiet: false,
            answer_bindings: HashMap::new(),
            tables: Default::default(),
            debugger: Default::default(),
            docs: HashMap::new(),
            library_loader: None,
            format_preds: Vec::new(),
            break_hook: None,
            children: Default::default(),
        }
    }
}

impl std::ops::Deref for crate::engine::ext::ExtSlot {
    type Target = Ext;
    #[inline]
    fn deref(&self) -> &Ext {
        self.get().expect("machine made by builtins::new_machine")
    }
}

impl std::ops::DerefMut for crate::engine::ext::ExtSlot {
    #[inline]
    fn deref_mut(&mut self) -> &mut Ext {
        self.get_mut()
            .expect("machine made by builtins::new_machine")
    }
}
