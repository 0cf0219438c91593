//! Attributed variables, SWI-Prolog's interface: put_attr/3, get_attr/3,
//! del_attr/2, attvar/1, get_attrs/2, put_attrs/2, del_attrs/2,
//! term_attvars/2, copy_term/2 (with attributes), copy_term_nat/2. The engine
//! side (representation, binding, wake-up) is engine/attvar.rs; the Prolog side
//! ('$wakeup'/1, freeze/2, frozen/2, copy_term/3) is lib/attvar.pl.
//!
//! Tested by: tests/prolog/attvar.pl (tests/prolog_suites.rs).

use super::docs::reg_doc;
use super::reg_det;
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use std::collections::HashSet;

pub fn register(m: &mut Machine) {
    reg_doc(m, "attvar(@Term)", "Term is an attributed variable.");
    reg_det(m, "attvar", 1, |m| {
        Ok(m.attvar_of(m.regs[0]).is_some_and(|(_, a)| !is_nil(a)))
    });
    reg_doc(
        m,
        "put_attr(+Var, +Module, +Value)",
        "Set the attribute of Var for Module to Value, undone on backtracking.",
    );
    reg_det(m, "put_attr", 3, put_attr);
    reg_doc(
        m,
        "get_attr(+Var, +Module, -Value)",
        "Value is Module's attribute of Var; fails if it has none.",
    );
    reg_det(m, "get_attr", 3, get_attr);
    reg_doc(
        m,
        "del_attr(+Var, +Module)",
        "Remove Module's attribute from Var, if it has one.",
    );
    reg_det(m, "del_attr", 2, del_attr);
    reg_doc(
        m,
        "get_attrs(+Var, -Attributes)",
        "Attributes is att(Module, Value, More), all attributes of Var.",
    );
    reg_det(m, "get_attrs", 2, |m| match m.attvar_of(m.regs[0]) {
        Some((_, atts)) if !is_nil(atts) => Ok(m.unify(m.regs[1], atts)),
        _ => Ok(false),
    });
    reg_doc(
        m,
        "put_attrs(+Var, +Attributes)",
        "Set all attributes of Var at once from the att(Module, Value, More) term Attributes.",
    );
    reg_det(m, "put_attrs", 2, |m| {
        let v = attr_var(m)?;
        m.set_attvar_atts(v, m.regs[1]);
        Ok(true)
    });
    reg_doc(m, "del_attrs(+Var)", "Remove all attributes of Var.");
    reg_det(m, "del_attrs", 1, |m| {
        if let Some((a, atts)) = m.attvar_of(m.regs[0]) {
            if !is_nil(atts) {
                m.trailed_set(a + 2, Cell::atom(atoms::NIL));
            }
        }
        Ok(true)
    });
    reg_doc(
        m,
        "term_attvars(+Term, -AttVars)",
        "AttVars is the list of attributed variables in Term.",
    );
    reg_det(m, "term_attvars", 2, |m| {
        let vs = term_attvars(m, m.regs[0]);
        let l = m.make_list(&vs);
        Ok(m.unify(m.regs[1], l))
    });
    reg_doc(
        m,
        "copy_term(+In, -Out)",
        "Out is a copy of In with fresh variables (attributes copied as well).",
    );
    reg_det(m, "copy_term", 2, |m| {
        let c = copy_term_attrs(m, m.regs[0]);
        Ok(m.unify(m.regs[1], c))
    });
    reg_det(m, "$attv_defined", 3, |m| {
        let module = m.get_atom(m.regs[0])?;
        let name = m.get_atom(m.regs[1])?;
        let arity = m.get_nonneg(m.regs[2])?;
        Ok(m.pred_map.get(&(module, name, arity)).is_some_and(|&p| {
            let p = &m.preds[p as usize];
            p.module == module && !p.clauses.is_empty()
        }))
    });
    reg_doc(
        m,
        "copy_term_nat(+Term, -Copy)",
        "As copy_term/2, but the copy's variables have no attributes.",
    );
    reg_det(m, "copy_term_nat", 2, |m| {
        let c = super::shape::copy_term(m, m.regs[0]);
        Ok(m.unify(m.regs[1], c))
    });
}

fn is_nil(c: Cell) -> bool {
    c == Cell::atom(atoms::NIL)
}

/// The first argument, which must be a variable (SWI: uninstantiation_error otherwise).
fn attr_var(m: &Machine) -> Res<Cell> {
    let v = m.arg(0);
    if v.tag() != REF {
        return Err(PErr::Uninstantiation(v));
    }
    Ok(v)
}

/// The attribute chain as (module, value) pairs.
fn chain(m: &Machine, atts: Cell) -> Vec<(Atom, Cell)> {
    let mut out = Vec::new();
    let mut c = m.heap.deref(atts);
    while c.tag() == STR && m.heap.get(c.addr()).fun_arity() == 3 {
        let a = c.addr();
        let name = m.heap.deref(m.heap.get(a + 1));
        if name.tag() == ATM {
            out.push((name.get_atom(), m.heap.get(a + 2)));
        }
        c = m.heap.deref(m.heap.get(a + 3));
    }
    out
}

fn build_chain(m: &mut Machine, pairs: &[(Atom, Cell)]) -> Cell {
    let att = Atom::new("att");
    let mut c = Cell::atom(atoms::NIL);
    for &(name, value) in pairs.iter().rev() {
        c = m.heap.new_compound(att, &[Cell::atom(name), value, c]);
    }
    c
}

fn put_attr(m: &mut Machine) -> Res {
    let v = attr_var(m)?;
    let module = m.get_atom(m.regs[1])?;
    put_attr_value(m, v, module, m.regs[2]);
    Ok(true)
}

/// put_attr/3 on the unbound variable `v`: the attribute `module` set to `value`
/// (added at the end of the chain when new, as SWI does); trailed.
pub(crate) fn put_attr_value(m: &mut Machine, v: Cell, module: Atom, value: Cell) {
    let mut pairs = match m.attvar_of(v) {
        Some((_, atts)) => chain(m, atts),
        None => Vec::new(),
    };
    match pairs.iter_mut().find(|(n, _)| *n == module) {
        Some(p) => p.1 = value,
        None => pairs.push((module, value)),
    }
    let atts = build_chain(m, &pairs);
    m.set_attvar_atts(v, atts);
}

/// The attribute chain of the attributed variable at `addr` without `module`'s
/// attribute, set in place (trailed); true if there was one.
pub(crate) fn drop_attr(m: &mut Machine, addr: usize, module: Atom) -> bool {
    let atts = m.heap.get(addr + 2);
    let mut pairs = chain(m, atts);
    let n = pairs.len();
    pairs.retain(|(name, _)| *name != module);
    if pairs.len() == n {
        return false;
    }
    let atts = build_chain(m, &pairs);
    m.trailed_set(addr + 2, atts);
    true
}

fn get_attr(m: &mut Machine) -> Res {
    let module = m.get_atom(m.regs[1])?;
    let Some((_, atts)) = m.attvar_of(m.regs[0]) else {
        return Ok(false);
    };
    match chain(m, atts).into_iter().find(|(n, _)| *n == module) {
        Some((_, value)) => Ok(m.unify(m.regs[2], value)),
        None => Ok(false),
    }
}

fn del_attr(m: &mut Machine) -> Res {
    let module = m.get_atom(m.regs[1])?;
    if let Some((a, _)) = m.attvar_of(m.regs[0]) {
        drop_attr(m, a, module);
    }
    Ok(true)
}

/// The attributed variables of `t` and, recursively, of their attributes, in
/// order of discovery (depth-first, left to right).
pub fn term_attvars(m: &Machine, t: Cell) -> Vec<Cell> {
    if !m.wake.on {
        return Vec::new();
    }
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut todo = vec![t];
    while let Some(t) = todo.pop() {
        let vars = super::shape::term_vars(m, t);
        let mut inner = Vec::new();
        for v in vars {
            if let Some((a, atts)) = m.attvar_of(v) {
                if !is_nil(atts) && seen.insert(a) {
                    out.push(Cell::new_ref(a));
                    inner.push(atts);
                }
            }
        }
        todo.extend(inner.into_iter().rev());
    }
    out
}

/// copy_term/2: attributed variables are copied with (copies of) their attributes.
pub fn copy_term_attrs(m: &mut Machine, t: Cell) -> Cell {
    match wrap_attrs(m, t) {
        Some(w) => {
            let c = super::shape::copy_term(m, w);
            unwrap_attrs(m, c)
        }
        None => super::shape::copy_term(m, t),
    }
}

fn wrapper() -> Atom {
    Atom::new("$attv_copy")
}

/// `'$attv_copy'(T, AttVars, Attributes)` when `t` has attributed variables:
/// a term whose plain copy (findall bags, copy_term/2) [`unwrap_attrs`] turns
/// back into a copy of `t` with attributes.
pub fn wrap_attrs(m: &mut Machine, t: Cell) -> Option<Cell> {
    let avs = term_attvars(m, t);
    if avs.is_empty() {
        return None;
    }
    let atts: Vec<Cell> = avs
        .iter()
        .map(|&v| m.attvar_of(v).map_or(Cell::atom(atoms::NIL), |(_, a)| a))
        .collect();
    let vl = m.make_list(&avs);
    let al = m.make_list(&atts);
    Some(m.heap.new_compound(wrapper(), &[t, vl, al]))
}

/// The term inside a copied wrapper, its variables given their attributes
/// (any other term unchanged).
pub fn unwrap_attrs(m: &mut Machine, c: Cell) -> Cell {
    let d = m.heap.deref(c);
    if d.tag() != STR || m.heap.get(d.addr()) != Cell::functor(wrapper(), 3) {
        return c;
    }
    let a = d.addr();
    let (t2, vl2, al2) = (m.heap.get(a + 1), m.heap.get(a + 2), m.heap.get(a + 3));
    let vs2 = m.list_items(vl2).unwrap_or_default();
    let as2 = m.list_items(al2).unwrap_or_default();
    for (v, atts) in vs2.into_iter().zip(as2) {
        if m.heap.deref(v).tag() == REF {
            m.set_attvar_atts(v, atts);
        }
    }
    t2
}
