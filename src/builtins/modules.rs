//! Module builtins: module/2 (the directive), use_module/1,2 and
//! reexport/1,2 with import lists, export/1, import/1, meta_predicate/1,
//! module/1, current_module/1, import_module/2, strip_module/3,
//! context_module/1, and the library table that decides what
//! `library(Name)` means. The resolution itself is engine/module.rs.
//!
//! Tested by: tests/modules.rs, tests/compat.rs.

use super::docs::reg_doc;
use super::reg_det;
use crate::engine::error::{PErr, Res};
use crate::engine::module::{MetaArg, ModKind, META_COLON, META_DCG, META_HAT, META_NONE};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;

/// Libraries whose predicates knightlog keeps in `system` (builtins or
/// boot.pl): loading them is accepted and imports nothing.
const SYSTEM_LIBRARIES: &[&str] = &[
    "dialect",
    "statistics",
    "listing",
    "system",
    "tables",
    "tabling",
];

pub fn register(m: &mut Machine) {
    reg_doc(m, "module(+Module, +PublicList)", "Directive opening a module file: the file defines Module, exporting the predicates in PublicList.");
    reg_det(m, "module", 2, module_directive);
    reg_det(m, "$use_module", 2, |m| use_module(m, false));
    reg_det(m, "$reexport", 2, |m| use_module(m, true));
    reg_det(m, "export", 1, |m| {
        in_module(m, 0, |m| {
            let spec = m.arg(0);
            export(m, spec)
        })
    });
    reg_det(m, "import", 1, import);
    reg_doc(
        m,
        "export(+PredicateIndicators)",
        "Adds the predicates (Name/Arity, or a conjunction of them) to the current module's exports.",
    );
    reg_doc(
        m,
        "import(+Module:PredicateIndicators)",
        "Imports the predicates into the current module (with a warning when Module does not export one).",
    );
    reg_det(m, "$module_props", 2, module_props);
    reg_det(m, "$qualify_meta", 3, qualify_meta);
    // current_functor/2 (boot.pl): the functors of predicates and of the
    // terms read so far (terms built at run time are not tracked).
    reg_det(m, "$functors", 1, |m| {
        let mut fs = crate::syntax::read_term::read_functors();
        fs.extend(
            m.preds
                .iter()
                .filter(|p| p.arity > 0)
                .map(|p| (p.name, p.arity)),
        );
        fs.sort_unstable_by(|a, b| (a.0.name(), a.1).cmp(&(b.0.name(), b.1)));
        fs.dedup();
        let items: Vec<Cell> = fs.into_iter().map(|(n, a)| m.make_pi(n, a)).collect();
        let l = m.make_list(&items);
        Ok(m.unify(m.regs[0], l))
    });
    reg_det(m, "$current_functor", 2, |m| {
        let name = m.get_atom(m.regs[0])?;
        let arity = m.get_nonneg(m.regs[1])?;
        Ok(arity > 0
            && (crate::syntax::read_term::functor_was_read(name, arity)
                || m.preds.iter().any(|p| p.name == name && p.arity == arity)))
    });
    reg_det(m, "$meta_predicate", 1, |m| {
        in_module(m, 0, |m| {
            let spec = m.arg(0);
            meta_predicate(m, spec)
        })
    });
    reg_det(m, "$modules", 1, |m| {
        let names: Vec<Cell> = m
            .modules
            .list
            .iter()
            .map(|md| Cell::atom(md.name))
            .collect();
        let l = m.make_list(&names);
        Ok(m.unify(m.regs[0], l))
    });
    reg_doc(
        m,
        "module(+Module)",
        "Make Module (created if needed) the module the toplevel runs goals in.",
    );
    reg_det(m, "module", 1, |m| {
        let name = m.get_atom(m.regs[0])?;
        m.modules.ensure(name, ModKind::Program);
        m.module = name;
        Ok(true)
    });
    reg_det(m, "$current_source_module", 1, |m| {
        let md = m.module;
        Ok(m.unify_atom(m.regs[0], md))
    });
    reg_doc(m, "strip_module(+Term, -Module, -Plain)", "Plain is Term without its Module: qualifiers; Module is the innermost one, or the context module.");
    reg_det(m, "strip_module", 3, |m| {
        let default = m.module;
        let t = m.regs[0];
        let Some((md, plain)) = m.strip_module(t, default) else {
            return Err(PErr::Type(atoms::ATOM, t));
        };
        Ok(m.unify_atom(m.regs[1], md) && m.unify(m.regs[2], plain))
    });
    // context_module/1 is declared `:` (boot.pl): a program module's goal
    // passes `M:Var`, other goals run in `user`.
    reg_doc(
        m,
        "context_module(-Module)",
        "Module is the module the current goal runs in.",
    );
    reg_det(m, "context_module", 1, |m| {
        let t = m.regs[0];
        let (md, v) = m.strip_module(t, atoms::USER).unwrap_or((atoms::USER, t));
        Ok(m.unify_atom(v, md))
    });
    reg_doc(
        m,
        "import_module(+Module, -Import)",
        "Import is a module Module inherits predicates from (user, system); enumerates them.",
    );
    reg_det(m, "import_module", 2, |m| {
        let name = m.get_atom(m.regs[0])?;
        let from = match m.modules.get(name).map(|md| md.kind) {
            None => return Ok(false),
            Some(ModKind::System) => return Ok(false),
            Some(_) if name == atoms::USER => atoms::SYSTEM,
            Some(ModKind::Library) => atoms::SYSTEM,
            Some(_) => atoms::USER,
        };
        Ok(m.unify_atom(m.regs[1], from))
    });
    reg_det(m, "$module_exports", 2, |m| {
        let name = m.get_atom(m.regs[0])?;
        let Some(md) = m.modules.get(name) else {
            return Ok(false);
        };
        let ex = md.exports.clone();
        let items: Vec<Cell> = ex.into_iter().map(|(n, a)| m.make_pi(n, a)).collect();
        let l = m.make_list(&items);
        Ok(m.unify(m.regs[1], l))
    });
}

/// Runs `f` with register `reg`'s `M:T` stripped to `T` and `M` as the
/// source module (the `:` meta-argument convention of the db builtins).
pub fn in_module<T>(m: &mut Machine, reg: usize, f: impl FnOnce(&mut Machine) -> Res<T>) -> Res<T> {
    let original = m.regs[reg];
    let (md, plain) = strip_module_checked(m, original, m.module)?;
    m.regs[reg] = plain;
    let saved = std::mem::replace(&mut m.module, md);
    let height = m.cps.len();
    let r = f(m);
    m.module = saved;
    // A redo choicepoint f left saved the stripped argument: its retry must
    // see the qualified one again, or it looks in the caller's module.
    if m.cps.len() > height {
        if let Some(b) = m.cps.last() {
            if reg < b.nargs {
                m.cp_args[b.args + reg] = original;
            }
        }
    }
    r
}

/// `M:T` split as strip_module/3 does; a module part that is not an atom
/// is an instantiation or type error.
fn strip_module_checked(m: &Machine, t: Cell, default: Atom) -> Res<(Atom, Cell)> {
    m.strip_module(t, default).ok_or_else(|| {
        // strip_module stops at the first `M:` whose M is not an atom.
        let mut t = m.heap.deref(t);
        loop {
            let inner = m.heap.deref(m.heap.get(t.addr() + 1));
            match inner.tag() {
                REF => return PErr::Instantiation,
                ATM => t = m.heap.deref(m.heap.get(t.addr() + 2)),
                _ => return PErr::Type(Atom::new("module"), inner),
            }
        }
    })
}

/// `:- module(Name, Exports)`: the rest of the file is loaded into Name.
fn module_directive(m: &mut Machine) -> Res {
    let name = m.get_atom(m.regs[0])?;
    let exports = m.get_list(m.regs[1])?;
    let mut preds = Vec::new();
    let mut ops = Vec::new();
    for e in exports {
        let e = m.heap.deref(e);
        match m.heap.view(e) {
            View::Compound {
                name: op,
                arity: 3,
                args,
            } if op.name() == "op" => {
                let p = m.get_int(m.heap.get(args))?;
                let ty = m.get_atom(m.heap.get(args + 1))?;
                let n = m.get_atom(m.heap.get(args + 2))?;
                ops.push((p as u32, ty, n));
            }
            _ => preds.push(export_pi(m, e)?),
        }
    }
    let file = m.ext.consult.last().map(|c| c.file);
    let md = m.modules.ensure(name, ModKind::Program);
    md.exports = preds;
    md.export_ops = ops.clone();
    md.file = file;
    if let Some(ctx) = m.ext.consult.last_mut() {
        ctx.module = Some(name);
    }
    m.module = name;
    // The operator table is global: exported operators apply at once.
    for (p, ty, n) in ops {
        let args = [Cell::small_int(p as i64), Cell::atom(ty), Cell::atom(n)];
        let g = m.heap.new_compound(Atom::new("op"), &args);
        m.run_once(g)?;
    }
    Ok(true)
}

/// `Name/Arity` or `Name//Arity` (a DCG non-terminal: Arity + 2).
fn export_pi(m: &Machine, e: Cell) -> Res<(Atom, usize)> {
    if let View::Compound {
        name,
        arity: 2,
        args,
    } = m.heap.view(e)
    {
        if name.name() == "//" {
            let n = m.get_atom(m.heap.get(args))?;
            let a = m.get_nonneg(m.heap.get(args + 1))?;
            return Ok((n, a + 2));
        }
    }
    m.get_pi(e)
}

/// Which imports a use_module/2 list asks for.
enum Imports {
    All,
    /// (Name, Arity, name in the importing module): `Name/Arity as New`.
    Only(Vec<(Atom, usize, Atom)>),
    Except(Vec<(Atom, usize)>),
}

fn parse_imports(m: &Machine, spec: Cell) -> Res<Imports> {
    let spec = m.heap.deref(spec);
    if spec == Cell::atom(Atom::new("all")) {
        return Ok(Imports::All);
    }
    if let View::Compound {
        name,
        arity: 1,
        args,
    } = m.heap.view(spec)
    {
        if name.name() == "except" {
            let items = m.get_list(m.heap.get(args))?;
            let pis = items
                .into_iter()
                .map(|i| export_pi(m, m.heap.deref(i)))
                .collect::<Res<Vec<_>>>()?;
            return Ok(Imports::Except(pis));
        }
    }
    let items = m.get_list(spec)?;
    let mut pis = Vec::new();
    for i in items {
        let i = m.heap.deref(i);
        // `Name/Arity as NewName` imports under another name.
        let (i, alias) = match m.heap.view(i) {
            View::Compound {
                name,
                arity: 2,
                args,
            } if name.name() == "as" => (
                m.heap.deref(m.heap.get(args)),
                Some(m.get_atom(m.heap.get(args + 1))?),
            ),
            _ => (i, None),
        };
        let (name, arity) = export_pi(m, i)?;
        pis.push((name, arity, alias.unwrap_or(name)));
    }
    Ok(Imports::Only(pis))
}

/// `'$use_module'(Importer:File, Imports)`: loads File once (or finds the
/// library) and imports what Imports says into Importer; `'$reexport'`
/// also adds what it imports to Importer's exports.
fn use_module(m: &mut Machine, reexport: bool) -> Res {
    let imports = parse_imports(m, m.regs[1])?;
    in_module(m, 0, |m| {
        let importer = m.module;
        let spec = m.arg(0);
        let from = match library_name(m, spec) {
            Some(lib) => match find_library(m, &lib)? {
                Some(md) => md,
                None if is_system_library(&lib) => return Ok(true),
                None => return Err(super::consult::no_source(m, spec)),
            },
            None => {
                let name = super::consult::file_arg(m, spec)?;
                match super::consult::load_file(m, &name, true)? {
                    Some(md) => md,
                    None => return Ok(true),
                }
            }
        };
        let imported = import_module_preds(m, importer, from, &imports);
        if reexport {
            let md = m.modules.ensure(importer, ModKind::Program);
            for pi in imported {
                if !md.exports.contains(&pi) {
                    md.exports.push(pi);
                }
            }
        }
        Ok(true)
    })
}

/// Imports (a selection of) `from`'s exports into `into`, reporting clashes
/// as SWI-Prolog does (a message, not an exception); returns the names and
/// arities the imports have in `into`.
fn import_module_preds(
    m: &mut Machine,
    into: Atom,
    from: Atom,
    imports: &Imports,
) -> Vec<(Atom, usize)> {
    let exports = m
        .modules
        .get(from)
        .map(|md| md.exports.clone())
        .unwrap_or_default();
    let chosen: Vec<(Atom, usize, Atom)> = match imports {
        Imports::All => exports.iter().map(|&(n, a)| (n, a, n)).collect(),
        Imports::Only(l) => l.clone(),
        Imports::Except(l) => exports
            .iter()
            .copied()
            .filter(|e| !l.contains(e))
            .map(|(n, a)| (n, a, n))
            .collect(),
    };
    let mut imported = Vec::with_capacity(chosen.len());
    for (name, arity, alias) in chosen {
        if matches!(imports, Imports::Only(_)) && !exports.contains(&(name, arity)) {
            // As SWI: a warning, and the import is made all the same.
            m.emit_error(&format!(
                "Warning: import/1: {}:{} is not exported (still imported into {})\n",
                from.name(),
                m.pi_text(name, arity),
                into.name()
            ));
            m.ext.warnings += 1;
        }
        match m.import_pred_as(into, from, name, arity, alias) {
            Ok(()) => imported.push((alias, arity)),
            Err(msg) => {
                m.emit_error(&format!("ERROR: {msg}\n"));
                m.ext.warnings += 1;
            }
        }
    }
    imported
}

/// `export(:Spec)`: adds `Name/Arity` (or a conjunction of them) to the
/// exports of the context module, for modules built at run time.
fn export(m: &mut Machine, spec: Cell) -> Res {
    for item in conjuncts(m, spec)? {
        let pi = export_pi(m, item)?;
        let md = m.modules.ensure(m.module, ModKind::Program);
        if !md.exports.contains(&pi) {
            md.exports.push(pi);
        }
    }
    Ok(true)
}

/// `import(:Spec)`: imports `Module:Name/Arity` (a list or conjunction of
/// them) into the context module. As in SWI-Prolog, a predicate its module
/// does not export is imported all the same, with a warning.
fn import(m: &mut Machine) -> Res {
    // The argument is `Context:Spec` from a program module, a plain Spec
    // from `user`; a Spec that is itself one `Module:Name/Arity` names the
    // module imported from, not the context.
    let mut into = m.module;
    let mut spec = m.arg(0);
    if let View::Compound {
        name,
        arity: 2,
        args,
    } = m.heap.view(spec)
    {
        let md = m.heap.deref(m.heap.get(args));
        let inner = m.heap.deref(m.heap.get(args + 1));
        let pi = matches!(m.heap.view(inner), View::Compound { name, arity: 2, .. } if name == atoms::SLASH || name.name() == "//");
        if name == atoms::COLON && md.tag() == ATM && !pi {
            into = md.get_atom();
            spec = inner;
        }
    }
    let mut items = Vec::new();
    for c in conjuncts(m, spec)? {
        match m.heap.view(c) {
            View::Compound { name, arity: 2, .. } if name == atoms::DOT => {
                items.extend(m.get_list(c)?)
            }
            _ => items.push(c),
        }
    }
    for item in items {
        let (from, pi) = strip_module_checked(m, item, into)?;
        let (name, arity) = export_pi(m, pi)?;
        let exported = m
            .modules
            .get(from)
            .is_some_and(|md| md.exports.contains(&(name, arity)));
        if !exported {
            let pi = m.pi_text(name, arity);
            m.emit_error(&format!(
                "Warning: import/1: {}:{pi} is not exported (still imported into {})\n",
                from.name(),
                into.name()
            ));
        }
        if let Err(msg) = m.import_pred(into, from, name, arity) {
            m.emit_error(&format!("ERROR: import/1: {msg}\n"));
        }
    }
    Ok(true)
}

/// `'$qualify_meta'(M:Goal, Context, Goal2)` (for `@/2`): Goal2 is Goal
/// with its meta-arguments (per the spec of the predicate Goal reaches from
/// M) qualified with Context.
fn qualify_meta(m: &mut Machine) -> Res {
    let (md, goal) = strip_module_checked(m, m.regs[0], m.module)?;
    let context = m.get_atom(m.regs[1])?;
    let Some((name, arity)) = m.heap.callable_key(goal) else {
        return Err(if goal.tag() == REF {
            PErr::Instantiation
        } else {
            PErr::Type(atoms::CALLABLE, goal)
        });
    };
    let p = m.pred_id_in(md, name, arity);
    let Some(spec) = m.meta_spec(p).map(|s| s.to_vec()) else {
        return Ok(m.unify(m.regs[2], goal));
    };
    let mut args = m.callable_args(goal)?;
    m.wrap_meta_args(context, &spec, &mut args, false);
    let g = m.heap.new_compound(name, &args);
    Ok(m.unify(m.regs[2], g))
}

/// `'$module_props'(M, Props)`: module_property/2's answers for M as a list.
fn module_props(m: &mut Machine) -> Res {
    let name = m.get_atom(m.regs[0])?;
    let Some(md) = m.modules.get(name) else {
        return Ok(false);
    };
    let class = match md.kind {
        ModKind::System => "system",
        ModKind::Library => "library",
        ModKind::Program => "user",
    };
    let (file, exports, ops) = (md.file, md.exports.clone(), md.export_ops.clone());
    let mut props = vec![m
        .heap
        .new_compound(Atom::new("class"), &[Cell::atom(Atom::new(class))])];
    if let Some(f) = file {
        let path = m.ext.files[f as usize].path.display().to_string();
        let c = m
            .heap
            .new_compound(Atom::new("file"), &[Cell::atom(Atom::new(&path))]);
        props.push(c);
    }
    let pis: Vec<Cell> = exports.into_iter().map(|(n, a)| m.make_pi(n, a)).collect();
    let l = m.make_list(&pis);
    props.push(m.heap.new_compound(Atom::new("exports"), &[l]));
    if !ops.is_empty() {
        let ops: Vec<Cell> = ops
            .into_iter()
            .map(|(p, t, n)| {
                let args = [Cell::small_int(p as i64), Cell::atom(t), Cell::atom(n)];
                m.heap.new_compound(Atom::new("op"), &args)
            })
            .collect();
        let l = m.make_list(&ops);
        props.push(m.heap.new_compound(Atom::new("exported_operators"), &[l]));
    }
    let l = m.make_list(&props);
    Ok(m.unify(m.regs[1], l))
}

/// The members of a conjunction `(A, B, ...)`, each dereferenced; an
/// unbound member is an instantiation error.
fn conjuncts(m: &Machine, t: Cell) -> Res<Vec<Cell>> {
    let mut out = Vec::new();
    let mut t = m.heap.deref(t);
    loop {
        match m.heap.view(t) {
            View::Var(_) => return Err(PErr::Instantiation),
            View::Compound {
                name,
                arity: 2,
                args,
            } if name == atoms::COMMA => {
                out.push(m.heap.deref(m.heap.get(args)));
                t = m.heap.deref(m.heap.get(args + 1));
            }
            _ => {
                out.push(t);
                return Ok(out);
            }
        }
    }
}

/// After consult/1 or ensure_loaded/1 of a module file: all its exports go
/// into the loading module, as in SWI-Prolog.
pub fn import_all(m: &mut Machine, into: Atom, from: Atom) {
    import_module_preds(m, into, from, &Imports::All);
}

/// `library(Name)` as text (`library(dcg/basics)` gives "dcg/basics").
pub fn library_name(m: &Machine, spec: Cell) -> Option<String> {
    let spec = m.heap.deref(spec);
    match m.heap.view(spec) {
        View::Compound {
            name,
            arity: 1,
            args,
        } if name.name() == "library" => {
            let inner = m.heap.get(args);
            Some(m.term_text(inner, &crate::syntax::writer::WriteOptions::default()))
        }
        _ => None,
    }
}

/// The library module `library(Name)` stands for, if knightlog has it.
pub fn library_module(m: &Machine, lib: &str) -> Option<Atom> {
    let a = Atom::new(lib);
    (m.modules.kind(a) == ModKind::Library && m.modules.get(a).is_some()).then_some(a)
}

/// The module of `library(Name)`: a library module loaded before, or one the
/// library floor loads now (or loaded before); None if knightlog has no such
/// library module.
pub fn find_library(m: &mut Machine, lib: &str) -> Res<Option<Atom>> {
    if let Some(md) = library_module(m, lib) {
        return Ok(Some(md));
    }
    match m.ext.library_loader {
        Some(load) => load(m, lib),
        None => Ok(None),
    }
}

/// Whether `library(Name)` is one whose predicates knightlog keeps in
/// `system`: loading it is accepted and imports nothing.
pub fn is_system_library(lib: &str) -> bool {
    SYSTEM_LIBRARIES.contains(&lib)
}

/// meta_predicate/1: `Head` or `(Head, Head, ...)`, arguments 0..9, `:`,
/// `^`, `//` or a mode (`?`, `+`, `-`, `*`).
fn meta_predicate(m: &mut Machine, spec: Cell) -> Res {
    let mut stack = vec![spec];
    while let Some(s) = stack.pop() {
        let s = m.heap.deref(s);
        if let Some((md, inner)) = m.strip_module(s, m.module) {
            if inner != s {
                let saved = std::mem::replace(&mut m.module, md);
                let r = meta_predicate(m, inner);
                m.module = saved;
                r?;
                continue;
            }
        }
        match m.heap.view(s) {
            View::Var(_) => return Err(PErr::Instantiation),
            View::Compound {
                name,
                arity: 2,
                args,
            } if name == atoms::COMMA => {
                stack.push(m.heap.get(args + 1));
                stack.push(m.heap.get(args));
            }
            View::Compound { name, arity, args } => {
                let mut specs: Vec<MetaArg> = Vec::with_capacity(arity);
                for i in 0..arity {
                    specs.push(meta_arg(m, m.heap.get(args + i))?);
                }
                let module = m.module;
                let p = match m.pred_map.get(&(module, name, arity)) {
                    Some(&p) if m.preds[p as usize].module == module || module == atoms::SYSTEM => {
                        p
                    }
                    _ => m.new_local_pred(module, name, arity),
                };
                let p = m.resolved(p);
                m.preds[p as usize].meta = Some(specs.into_boxed_slice());
            }
            _ => return Err(m.type_error(Atom::new("compound"), s)),
        }
    }
    Ok(true)
}

fn meta_arg(m: &Machine, a: Cell) -> Res<MetaArg> {
    let a = m.heap.deref(a);
    match a.tag() {
        INT if (0..=9).contains(&a.get_int()) => Ok(a.get_int() as MetaArg),
        ATM => Ok(match a.get_atom().name() {
            ":" => META_COLON,
            "^" => META_HAT,
            "//" => META_DCG,
            _ => META_NONE,
        }),
        REF => Err(PErr::Instantiation),
        _ => Err(PErr::Domain(Atom::new("meta_argument_specifier"), a)),
    }
}
