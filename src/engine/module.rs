//! Modules (SWI-Prolog's semantics), resolved when code is compiled, not per
//! call.
//!
//! Every predicate belongs to one module (`Pred::module`). `pred_map` maps
//! (module, name, arity) to the procedure a goal in that module reaches: its
//! own predicate, or a `system` builtin (cached under the module's key, so a
//! lookup is one hash probe). A goal naming a predicate the module neither
//! defines nor finds in `system` gets a local *undefined* entry; its first call
//! links it (`PredKind::Import`) through the module's default import chain
//! (`user` for program modules, then the autoload index of the library
//! modules). Imports made by `use_module/1,2` link entries the same way at load
//! time. A later local definition replaces the link, so a user predicate named
//! like a library one overrides it only in the module that defines it.
//!
//! Meta-predicate arguments are qualified with the caller's module by the
//! compiler (`qualify_meta_args`) and by `call/N` for goals run in a program
//! module or passed to a meta-predicate the program declared; goals `user`
//! passes to library meta-predicates stay unqualified, and an unqualified
//! goal reached by `call/N` runs in `user`. The knight query and other
//! `user` code calling the library therefore compile and run as before.
//!
//! A call that reaches an entry with no clauses (`call_undefined`) follows the
//! link, links it now, or fails / warns / raises per the `unknown` flag.
//!
//! Tested by: tests/modules.rs, tests/compat.rs.

use super::error::{PErr, Res};
use super::instr::PredId;
use super::machine::Machine;
use super::pred::{Pred, PredKind};
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::FastMap;

/// A meta-argument specifier: 0..=9 (a goal called with N more arguments),
/// or one of the constants below.
pub type MetaArg = u8;
/// `:` — module-sensitive, not a goal.
pub const META_COLON: MetaArg = 10;
/// `^` — a bagof/setof goal with `V^` prefixes.
pub const META_HAT: MetaArg = 11;
/// `//` — a DCG body.
pub const META_DCG: MetaArg = 12;
/// `?`, `+`, `-`, `*`, ... — not module-sensitive.
pub const META_NONE: MetaArg = 255;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ModKind {
    /// `system`: the builtins and boot.pl.
    System,
    /// A library module compiled into the binary (lists, apply, ...).
    Library,
    /// `user` or a module loaded from a program's file.
    Program,
}

pub struct Module {
    pub name: Atom,
    pub kind: ModKind,
    /// The file that defines it (index into the loaded files), if any.
    pub file: Option<u32>,
    pub exports: Vec<(Atom, usize)>,
    /// Exported operators, as `op(P, T, Name)` triples.
    pub export_ops: Vec<(u32, Atom, Atom)>,
}

/// What the library floor (src/library) tells the engine about the
/// libraries it can load on first use, without the engine naming it.
#[derive(Copy, Clone)]
pub struct Autoloader {
    /// Whether a library not loaded yet exports Name/Arity.
    pub knows: fn(Atom, usize) -> bool,
    /// Loads the library that exports Name/Arity; true if it is now loaded.
    pub load: fn(&mut Machine, Atom, usize) -> bool,
}

#[derive(Default)]
pub struct Modules {
    pub list: Vec<Module>,
    by_name: FastMap<Atom, usize>,
    /// Library predicates reachable unqualified from every module: the
    /// exports of the library modules loaded so far (used or autoloaded).
    pub autoload: FastMap<(Atom, usize), PredId>,
    /// The libraries not loaded yet, as the library floor describes them.
    pub autoloader: Option<Autoloader>,
    /// While a clause of a meta-predicate is compiled: the head variables
    /// at its goal positions. They arrive qualified, so passing one on to
    /// another meta-predicate does not qualify it again (no `m:m:G`).
    pub meta_head_vars: Vec<Cell>,
}

impl Modules {
    pub fn with_defaults() -> Modules {
        let mut m = Modules::default();
        m.ensure(atoms::SYSTEM, ModKind::System);
        m.ensure(atoms::USER, ModKind::Program);
        m
    }

    /// The module named `name`, created (with `kind`) if it does not exist.
    pub fn ensure(&mut self, name: Atom, kind: ModKind) -> &mut Module {
        let i = match self.by_name.get(&name) {
            Some(&i) => i,
            None => {
                self.list.push(Module {
                    name,
                    kind,
                    file: None,
                    exports: Vec::new(),
                    export_ops: Vec::new(),
                });
                self.by_name.insert(name, self.list.len() - 1);
                self.list.len() - 1
            }
        };
        &mut self.list[i]
    }

    /// The library module `name`, created if need be. A module named
    /// before its library was loaded (a qualified goal in boot.pl or in a
    /// program) was made a program module then: it is a library.
    pub fn ensure_library(&mut self, name: Atom) -> &mut Module {
        let md = self.ensure(name, ModKind::Library);
        md.kind = ModKind::Library;
        md
    }

    pub fn get(&self, name: Atom) -> Option<&Module> {
        self.by_name.get(&name).map(|&i| &self.list[i])
    }

    pub fn kind(&self, name: Atom) -> ModKind {
        self.get(name).map_or(ModKind::Program, |m| m.kind)
    }

    /// A module written by the program (not `user`, not system or library):
    /// its meta-arguments are qualified.
    pub fn is_program_module(&self, name: Atom) -> bool {
        name != atoms::USER && self.kind(name) == ModKind::Program
    }
}

impl Machine {
    /// The procedure Name/Arity reached from the current source module
    /// (`self.module`); an undefined local entry is created if needed.
    pub fn pred_id(&mut self, name: Atom, arity: usize) -> PredId {
        self.pred_id_in(self.module, name, arity)
    }

    /// The procedure Name/Arity reached from module `module`.
    pub fn pred_id_in(&mut self, module: Atom, name: Atom, arity: usize) -> PredId {
        if let Some(&id) = self.pred_map.get(&(module, name, arity)) {
            return id;
        }
        if module != atoms::SYSTEM {
            if let Some(&id) = self.pred_map.get(&(atoms::SYSTEM, name, arity)) {
                if self.preds[id as usize].redefinable {
                    let local = self.new_local_pred(module, name, arity);
                    self.preds[local as usize].kind = PredKind::Import(id);
                    return local;
                }
                if self.preds[id as usize].builtin {
                    self.pred_map.insert((module, name, arity), id);
                    return id;
                }
            }
        }
        self.new_local_pred(module, name, arity)
    }

    /// A fresh predicate entry owned by `module` (replacing what the module's
    /// key reached before, e.g. a cached system predicate).
    pub fn new_local_pred(&mut self, module: Atom, name: Atom, arity: usize) -> PredId {
        let id = self.preds.len() as PredId;
        let mut p = Pred::new(name, arity);
        p.module = module;
        self.preds.push(p);
        self.pred_map.insert((module, name, arity), id);
        // What a (module, name, arity) reaches may have changed.
        self.call_preds.epoch = self.call_preds.epoch.wrapping_add(1);
        if self.modules.get(module).is_none() {
            self.modules.ensure(module, ModKind::Program);
        }
        id
    }

    /// The defined procedure Name/Arity visible from the source module
    /// (local, system, linked import, or the autoload index); no entry is
    /// created.
    pub fn lookup_pred(&self, name: Atom, arity: usize) -> Option<PredId> {
        self.lookup_pred_in(self.module, name, arity)
    }

    pub fn lookup_pred_in(&self, module: Atom, name: Atom, arity: usize) -> Option<PredId> {
        let local = self
            .pred_map
            .get(&(module, name, arity))
            .or_else(|| self.pred_map.get(&(atoms::SYSTEM, name, arity)))
            .map(|&id| self.resolved(id));
        match local {
            Some(id) if self.preds[id as usize].is_defined() => Some(id),
            _ => self.default_import(module, name, arity),
        }
    }

    /// Follows import links to the predicate that holds the code.
    pub fn resolved(&self, mut id: PredId) -> PredId {
        for _ in 0..64 {
            match self.preds[id as usize].kind {
                PredKind::Import(t) => id = t,
                _ => break,
            }
        }
        id
    }

    /// Where an undefined predicate of `module` comes from: `user` (for
    /// program modules and `system` hooks), then the library.
    fn default_import(&self, module: Atom, name: Atom, arity: usize) -> Option<PredId> {
        let from_user = || {
            self.pred_map
                .get(&(atoms::USER, name, arity))
                .map(|&id| self.resolved(id))
                .filter(|&id| self.preds[id as usize].is_defined())
        };
        let from_lib = || {
            self.modules
                .autoload
                .get(&(name, arity))
                .copied()
                .filter(|&id| self.preds[id as usize].module != module)
        };
        match self.modules.kind(module) {
            _ if module == atoms::USER => from_lib(),
            ModKind::Library | ModKind::System => from_lib().or_else(from_user),
            _ => from_user().or_else(from_lib),
        }
    }

    /// Links an undefined entry to the predicate its module imports by
    /// default; false if there is none (the call is an unknown procedure).
    pub(crate) fn link_undefined(&mut self, p: PredId) -> bool {
        let (module, name, arity) = {
            let pred = &self.preds[p as usize];
            (pred.module, pred.name, pred.arity)
        };
        match self.default_import(module, name, arity) {
            Some(t) if t != p => {
                self.preds[p as usize].kind = PredKind::Import(t);
                true
            }
            _ => false,
        }
    }

    /// The meta-argument specification of the predicate `p` reaches (through
    /// links and the default import chain), if it has one.
    pub fn meta_spec(&self, p: PredId) -> Option<&[MetaArg]> {
        let pred = &self.preds[p as usize];
        let id = match pred.kind {
            PredKind::Undefined if !pred.dynamic => {
                self.default_import(pred.module, pred.name, pred.arity)?
            }
            _ => self.resolved(p),
        };
        self.preds[id as usize].meta.as_deref()
    }

    /// Wraps the meta-arguments of a call of `p` made from module `caller`
    /// as `caller:Arg` (compile time, and call/N). Goals that `user` passes
    /// to library and system meta-predicates stay unqualified (they run in
    /// `user` all the same, and maplist/N & co. stay as fast as before);
    /// goals passed to a meta-predicate the program defines (in `user` or a
    /// module) arrive as `user:G`, as in SWI-Prolog.
    pub fn qualify_meta_args(&mut self, caller: Atom, p: PredId, args: &mut [Cell]) {
        // Library and system code qualifies only the goals and clauses it
        // writes literally (its own helpers, its own dynamic predicates);
        // a variable there is the caller's goal, which runs in `user`.
        let (wrap, literal_only) = if caller == atoms::USER {
            (self.is_program_meta(p), false)
        } else {
            (true, !self.modules.is_program_module(caller))
        };
        if !wrap {
            return;
        }
        let Some(spec) = self.meta_spec(p).map(|s| s.to_vec()) else {
            return;
        };
        self.wrap_meta_args(caller, &spec, args, literal_only);
    }

    /// Wraps each argument at a module-sensitive position of `spec` as
    /// `context:Arg`, unless it is qualified already (or, with
    /// `literal_only`, unbound; or the clause's own meta head variable).
    pub fn wrap_meta_args(
        &mut self,
        caller: Atom,
        spec: &[MetaArg],
        args: &mut [Cell],
        literal_only: bool,
    ) {
        for (a, &s) in args.iter_mut().zip(spec.iter()) {
            if s == META_NONE {
                continue;
            }
            let d = self.heap.deref(*a);
            if d.tag() == REF && (literal_only || self.modules.meta_head_vars.contains(&d)) {
                continue;
            }
            if d.tag() == STR && self.heap.get(d.addr()) == Cell::functor(atoms::COLON, 2) {
                continue;
            }
            *a = self
                .heap
                .new_compound(atoms::COLON, &[Cell::atom(caller), *a]);
        }
    }

    /// Before a clause is compiled: notes which head variables stand at
    /// module-sensitive positions of its predicate's meta_predicate spec.
    pub(crate) fn note_meta_head(&mut self, head: Cell, head_args: &[Cell]) {
        self.modules.meta_head_vars.clear();
        let Some((name, arity)) = self.heap.callable_key(head) else {
            return;
        };
        let Some(&p) = self.pred_map.get(&(self.module, name, arity)) else {
            return;
        };
        let Some(spec) = self.preds[p as usize].meta.as_deref() else {
            return;
        };
        for (&a, &s) in head_args.iter().zip(spec) {
            let d = self.heap.deref(a);
            if s != META_NONE && d.tag() == REF {
                self.modules.meta_head_vars.push(d);
            }
        }
    }

    /// Whether `p` leads to a meta-predicate the program declared (its
    /// module is `user` or a program module, not the library or `system`).
    pub fn is_program_meta(&self, p: PredId) -> bool {
        let target = &self.preds[self.resolved(p) as usize];
        target.meta.is_some() && self.modules.kind(target.module) == ModKind::Program
    }

    /// Splits `M:T` (nested, innermost wins) into the module and `T`;
    /// `default` when unqualified. `None` if a module part is not an atom.
    pub fn strip_module(&self, t: Cell, default: Atom) -> Option<(Atom, Cell)> {
        let mut module = default;
        let mut t = self.heap.deref(t);
        while t.tag() == STR && self.heap.get(t.addr()) == Cell::functor(atoms::COLON, 2) {
            let m = self.heap.deref(self.heap.get(t.addr() + 1));
            if m.tag() != ATM {
                return None;
            }
            module = m.get_atom();
            t = self.heap.deref(self.heap.get(t.addr() + 2));
        }
        Some((module, t))
    }

    /// Imports `from:Name/Arity` into `into`. Err(text) if `into` already
    /// defines it or imports it from elsewhere (SWI's permission error).
    pub fn import_pred(
        &mut self,
        into: Atom,
        from: Atom,
        name: Atom,
        arity: usize,
    ) -> Result<(), String> {
        self.import_pred_as(into, from, name, arity, name)
    }

    /// True when Name/Arity is a builtin of the system module.
    fn is_builtin(&self, name: Atom, arity: usize) -> bool {
        self.pred_map
            .get(&(atoms::SYSTEM, name, arity))
            .is_some_and(|&id| self.preds[id as usize].builtin)
    }

    /// Imports `from:Name/Arity` into `into` under the name `alias`
    /// (`use_module(File, [Name/Arity as Alias])`).
    pub fn import_pred_as(
        &mut self,
        into: Atom,
        from: Atom,
        name: Atom,
        arity: usize,
        alias: Atom,
    ) -> Result<(), String> {
        // A library may export what knightlog has built in (SWI's
        // library(backcomp) exports string_to_atom/2): no module can define
        // a builtin, so the import would only hide it. Importing nothing
        // leaves both modules reaching the builtin.
        if alias == name && self.is_builtin(name, arity) {
            return Ok(());
        }
        let target = match self.pred_map.get(&(from, name, arity)) {
            Some(&t) if self.preds[t as usize].module == from => t,
            _ => self.new_local_pred(from, name, arity),
        };
        if into == from && alias == name {
            return Ok(());
        }
        let existing = self.pred_map.get(&(into, alias, arity)).copied();
        let p = match existing {
            Some(e) if self.preds[e as usize].module == into => e,
            _ => self.new_local_pred(into, alias, arity),
        };
        let pred = &self.preds[p as usize];
        match pred.kind {
            PredKind::Import(t) if self.resolved(t) == self.resolved(target) => Ok(()),
            PredKind::Import(t) => {
                let other = self.preds[self.resolved(t) as usize].module;
                if self.modules.kind(other) == ModKind::Library {
                    self.preds[p as usize].kind = PredKind::Import(target);
                    return Ok(());
                }
                Err(format!(
                    "No permission to import {}:{}/{arity} into {} (already imported from {})",
                    from.name(),
                    name.name(),
                    into.name(),
                    other.name()
                ))
            }
            PredKind::Undefined if !pred.dynamic => {
                self.preds[p as usize].kind = PredKind::Import(target);
                self.preds[p as usize].import_explicit = true;
                Ok(())
            }
            _ => Err(format!(
                "No permission to import {}:{}/{arity} into {} (already defined locally)",
                from.name(),
                name.name(),
                into.name()
            )),
        }
    }

    /// Turns an import link of `p` into a local (still empty) definition:
    /// a local definition overrides the import, as in SWI-Prolog.
    pub fn unlink_import(&mut self, p: PredId) -> Option<PredId> {
        let pred = &mut self.preds[p as usize];
        match pred.kind {
            PredKind::Import(t) => {
                pred.kind = PredKind::Undefined;
                Some(t)
            }
            _ => None,
        }
    }
}

/// Calls of procedures with no clauses: imports, autoloading and the `unknown` flag.
impl Machine {
    /// A program or library module's call of a meta-predicate through a
    /// link: its goal arguments are qualified with the caller's module, as the compiler
    /// does when it knows the meta-predicate. A library autoloaded at the
    /// first call was not known when the caller's clause was compiled.
    #[cold]
    fn qualify_linked_call(&mut self, link: PredId, target: PredId) {
        let caller = self.preds[link as usize].module;
        // A library module's closures name its own (often unexported)
        // predicates: a library loaded lazily meets them at run time.
        if !self.modules.is_program_module(caller) && self.modules.kind(caller) != ModKind::Library
        {
            return;
        }
        let Some(spec) = self.preds[target as usize].meta.clone() else {
            return;
        };
        let n = spec.len().min(self.regs.len());
        let mut args = self.regs[..n].to_vec();
        self.wrap_meta_args(caller, &spec, &mut args, false);
        self.regs[..n].copy_from_slice(&args);
    }

    /// Whether a library not loaded yet exports Name/Arity (it is callable:
    /// the first call loads it).
    pub fn autoloadable(&self, name: Atom, arity: usize) -> bool {
        self.modules
            .autoloader
            .is_some_and(|a| (a.knows)(name, arity))
    }

    /// Loads the library exporting the undefined entry `p`'s name and arity,
    /// if there is one, and links `p` to it. The call's argument registers
    /// are kept: loading runs directives.
    #[cold]
    fn autoload(&mut self, p: PredId) -> bool {
        let (name, arity) = (self.preds[p as usize].name, self.preds[p as usize].arity);
        // `lists:append(...)` before library(lists) is loaded: loading it
        // defines `p` itself.
        self.autoload_library_of(name, arity, arity)
            && (self.preds[p as usize].is_defined() || self.link_undefined(p))
    }

    /// Loads the library (not loaded yet) that exports Name/Arity; true if
    /// it is loaded now. The first `keep` argument registers survive the
    /// load (its directives run goals).
    #[cold]
    pub fn autoload_library_of(&mut self, name: Atom, arity: usize, keep: usize) -> bool {
        let Some(a) = self.modules.autoloader else {
            return false;
        };
        if !(a.knows)(name, arity) {
            return false;
        }
        let saved: Vec<Cell> = self.regs[..keep.min(self.regs.len())].to_vec();
        let loaded = (a.load)(self, name, arity);
        self.regs[..saved.len()].copy_from_slice(&saved);
        loaded
    }

    /// A call of an import link (engine/module.rs) or of an undefined entry:
    /// the link's target is called; an undefined entry is linked to its
    /// module's default import and called, or fails / warns / raises per the
    /// `unknown` flag. Out of line, so that call_pred itself stays small and
    /// not self-recursive for the common kinds.
    #[inline(never)]
    pub(crate) fn call_undefined(&mut self, p: PredId) -> Res<bool> {
        if let PredKind::Import(_) = self.preds[p as usize].kind {
            // The link is not a call of its own: counted once.
            self.inferences -= 1;
            let target = self.resolved(p);
            if self.preds[target as usize].meta.is_some() {
                self.qualify_linked_call(p, target);
            }
            return self.call_pred(target);
        }
        let pred = &self.preds[p as usize];
        if pred.dynamic {
            return self.fail();
        }
        if self.link_undefined(p) || self.autoload(p) {
            self.inferences -= 1;
            return self.call_pred(p);
        }
        if self.flags.unknown == atoms::FAIL {
            return self.fail();
        }
        let pred = &self.preds[p as usize];
        let (name, arity, module) = (pred.name, pred.arity, pred.module);
        if self.flags.unknown == Atom::new("warning") {
            let q = if module == atoms::USER || module == atoms::SYSTEM {
                String::new()
            } else {
                format!("{}:", module.name())
            };
            eprintln!("Warning: Unknown procedure: {q}{}/{arity}", name.name());
            return self.fail();
        }
        let mut pi = self.heap.new_compound(
            atoms::SLASH,
            &[Cell::atom(name), Cell::small_int(arity as i64)],
        );
        if module != atoms::USER && module != atoms::SYSTEM {
            pi = self
                .heap
                .new_compound(atoms::COLON, &[Cell::atom(module), pi]);
        }
        let formal = self
            .heap
            .new_compound(atoms::EXISTENCE_ERROR, &[Cell::atom(atoms::PROCEDURE), pi]);
        let err = self.heap.new_compound(atoms::ERROR, &[formal, pi]);
        self.throw_resume(PErr::Throw(err))
    }
}
