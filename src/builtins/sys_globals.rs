//! SWI-Prolog's global state beyond ISO: create_prolog_flag/3 (typed and
//! read-only user flags, checked by set_prolog_flag/2), nb_linkval/2,
//! nb_linkarg/3, nb_delete/1, current_atom/1, blob/2 and current_blob/2.
//! get_flag/2, set_flag/2, current_flag/1, current_key/1 and instance/2 are
//! Prolog, in lib/boot.pl beside flag/3 and recorded/3.
//!
//! Tested by: the unit tests below; tests/prolog/sys_flags.pl.

use super::docs::reg_doc;
use super::{reg_det, reg_nondet};
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;
use crate::term::store::Stored;

/// The value type of a flag made by create_prolog_flag/3.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FlagType {
    Boolean,
    Atom,
    Integer,
    Float,
    Term,
}

/// What create_prolog_flag/3 declared about a flag.
#[derive(Clone, Copy, Debug)]
pub struct FlagDecl {
    pub ty: FlagType,
    pub read_only: bool,
}

pub fn register(m: &mut Machine) {
    reg_doc(
        m,
        "create_prolog_flag(+Key, +Value, +Options)",
        "Create the Prolog flag Key with Value; options type(T), access(read_write|read_only), keep(Bool).",
    );
    reg_det(m, "create_prolog_flag", 3, create_prolog_flag);
    reg_doc(
        m,
        "nb_linkval(+Key, +Value)",
        "Set the global variable Key to Value itself, not a copy; the link survives backtracking.",
    );
    reg_det(m, "nb_linkval", 2, |m| {
        let k = m.get_atom(m.regs[0])?;
        let v = m.regs[1];
        m.globals.remove(&k);
        match m.b_slot(k) {
            Some(addr) => m.heap.set(addr + 2, v),
            None => {
                let slot = m
                    .heap
                    .new_compound(Atom::new("$bglobal"), &[Cell::atom(k), v]);
                m.b_globals.insert(k, slot.addr());
            }
        }
        // Backtracking must not take the slot or the linked term away.
        m.freeze_heap();
        Ok(true)
    });
    reg_doc(
        m,
        "nb_linkarg(+Arg, +Term, +Value)",
        "As nb_setarg/3, but Value itself is put in Term, not a copy.",
    );
    reg_det(m, "nb_linkarg", 3, |m| {
        super::terms::setarg(m, super::terms::SetArg::Link)
    });
    reg_doc(
        m,
        "nb_delete(+Key)",
        "Remove the global variable Key (nothing happens if there is none).",
    );
    reg_det(m, "nb_delete", 1, |m| {
        let k = m.get_atom(m.regs[0])?;
        m.globals.remove(&k);
        m.b_globals.remove(&k);
        Ok(true)
    });
    reg_doc(
        m,
        "current_atom(?Atom)",
        "Atom is a known atom; enumerates the atom table when unbound.",
    );
    reg_nondet(m, "current_atom", 1, |m, state| {
        let a = m.arg(0);
        match a.tag() {
            REF => enumerate_atoms(m, a, state),
            t => Ok(t == ATM),
        }
    });
    reg_doc(
        m,
        "blob(@Term, ?Type)",
        "Term is a blob of Type: an atom is text ([] is reserved_symbol); knightlog has no other blobs.",
    );
    reg_det(m, "blob", 2, |m| {
        let t = m.arg(0);
        match blob_type(t) {
            Some(ty) => Ok(m.unify_atom(m.regs[1], ty)),
            None => Ok(false),
        }
    });
    reg_doc(
        m,
        "current_blob(?Blob, ?Type)",
        "Blob is a known blob of Type; enumerates the atoms (text) when unbound.",
    );
    reg_nondet(m, "current_blob", 2, |m, state| {
        let a = m.arg(0);
        if a.tag() != REF {
            return Ok(blob_type(a).is_some_and(|ty| m.unify_atom(m.regs[1], ty)));
        }
        let ty = m.arg(1);
        let known = [Atom::new("text"), Atom::new("reserved_symbol")];
        if ty.tag() != REF && !known.iter().any(|&k| ty == Cell::atom(k)) {
            return Ok(false);
        }
        if !enumerate_atoms(m, a, state)? {
            return Ok(false);
        }
        let ty = blob_type(m.arg(0)).unwrap_or(atoms::NIL);
        Ok(m.unify_atom(m.regs[1], ty))
    });
}

/// The blob type of `t`: atoms are text blobs, `[]` a reserved symbol.
fn blob_type(t: Cell) -> Option<Atom> {
    match t.tag() {
        ATM if t.get_atom() == atoms::NIL => Some(Atom::new("reserved_symbol")),
        ATM => Some(Atom::new("text")),
        _ => None,
    }
}

/// Unifies `v` with the atom numbered by the redo state (0 at first), leaving a
/// choicepoint for the next one: the atom table is append-only and dense.
fn enumerate_atoms(m: &mut Machine, v: Cell, state: Option<Cell>) -> Res {
    let i = state.map_or(0, |s| s.get_int() as u32);
    let Some(a) = Atom::nth(i) else {
        return Ok(false);
    };
    if Atom::nth(i + 1).is_some() {
        m.push_redo(Cell::small_int(i as i64 + 1));
    }
    Ok(m.unify_atom(v, a))
}

fn flag_type_of(v: Cell, m: &Machine) -> FlagType {
    match m.heap.view(v) {
        View::Atom(a) if a == atoms::TRUE || a == atoms::FALSE => FlagType::Boolean,
        View::Atom(_) => FlagType::Atom,
        View::Int(_) | View::BigInt(_) => FlagType::Integer,
        View::Float(_) => FlagType::Float,
        _ => FlagType::Term,
    }
}

/// The value a flag of type `ty` takes from `v`, or the type error SWI raises.
pub fn check_flag_value(m: &mut Machine, ty: FlagType, v: Cell) -> Res<Cell> {
    let v = m.heap.deref(v);
    match ty {
        FlagType::Term => Ok(v),
        FlagType::Atom if v.tag() == ATM => Ok(v),
        FlagType::Atom => Err(m.type_error(atoms::ATOM, v)),
        FlagType::Boolean => match (v.tag() == ATM).then(|| v.get_atom().name()) {
            Some("true" | "on") => Ok(Cell::atom(atoms::TRUE)),
            Some("false" | "off") => Ok(Cell::atom(atoms::FALSE)),
            _ => Err(m.type_error(Atom::new("bool"), v)),
        },
        FlagType::Integer => match m.heap.number(v) {
            Some(n) if n.is_integer() => Ok(v),
            _ => Err(m.type_error(atoms::INTEGER, v)),
        },
        FlagType::Float => match m.heap.number(v) {
            Some(n) => Ok(m.heap.new_float(n.to_f64())),
            None => Err(m.type_error(atoms::FLOAT, v)),
        },
    }
}

fn create_prolog_flag(m: &mut Machine) -> Res {
    let (k, v) = (m.arg(0), m.arg(1));
    let key = m.get_atom(k)?;
    if v.tag() == REF {
        return Err(PErr::Instantiation);
    }
    let mut ty = None;
    let mut read_only = false;
    let mut keep = false;
    for o in m.get_list(m.regs[2])? {
        let o = m.heap.deref(o);
        if o.tag() == REF {
            return Err(PErr::Instantiation);
        }
        let View::Compound {
            name,
            arity: 1,
            args,
        } = m.heap.view(o)
        else {
            continue;
        };
        let a = m.heap.deref(m.heap.get(args));
        match name.name() {
            "type" => {
                let t = m.get_atom(a)?;
                ty = Some(match t.name() {
                    "boolean" => FlagType::Boolean,
                    "atom" => FlagType::Atom,
                    "integer" => FlagType::Integer,
                    "float" => FlagType::Float,
                    "term" => FlagType::Term,
                    _ => return Err(PErr::Domain(Atom::new("prolog_flag_type"), a)),
                });
            }
            "access" => {
                read_only = match m.get_atom(a)?.name() {
                    "read_write" => false,
                    "read_only" => true,
                    _ => return Err(PErr::Domain(Atom::new("prolog_flag_access"), a)),
                };
            }
            "keep" => keep = m.get_atom(a)? == atoms::TRUE,
            _ => {}
        }
    }
    // The flags the machine itself holds are set as set_prolog_flag/2 sets them
    // (the read-only ones raise its permission error).
    if super::system::MACHINE_FLAGS.contains(&key.name()) {
        if keep {
            return Ok(true);
        }
        let g = m.heap.new_compound(Atom::new("set_prolog_flag"), &[k, v]);
        return m.run_once(g);
    }
    if keep && m.ext.other_flags.contains_key(&key) {
        return Ok(true);
    }
    let ty = ty.unwrap_or_else(|| flag_type_of(v, m));
    let value = check_flag_value(m, ty, v)?;
    let st = Stored::from_heap(&m.heap, value);
    m.ext.other_flags.insert(key, st);
    m.ext.flag_decls.insert(key, FlagDecl { ty, read_only });
    Ok(true)
}

#[cfg(test)]
mod tests {
    /// Each goal must succeed (checked against SWI-Prolog 9.0.4); every one that does not is reported.
    #[test]
    fn goals_hold() {
        let failing = crate::builtins::goals_not_holding(&[
            r#"create_prolog_flag(t_flag, 42, []), current_prolog_flag(t_flag, V), V == 42"#,
            r#"catch(set_prolog_flag(t_flag, abc), error(type_error(integer, abc), _), true)"#,
            r#"create_prolog_flag(t_ro, true, [access(read_only)]), catch(set_prolog_flag(t_ro, false), error(permission_error(modify, flag, t_ro), _), true)"#,
            r#"nb_setval(t_k, 1), nb_delete(t_k), \+ nb_current(t_k, _)"#,
            r#"T = f(a), nb_linkval(t_l, T), nb_getval(t_l, V), same_term(T, V)"#,
            r#"T = f(a, b), nb_linkarg(1, T, g(X)), T = f(g(Y), b), Y == X"#,
            r#"current_atom(abc), \+ current_atom(1), current_atom(_)"#,
            r#"blob(abc, T), T == text, blob([], R), R == reserved_symbol, \+ blob(1, _)"#,
        ]);
        assert!(failing.is_empty(), "\n{}", failing.join("\n"));
    }
}
