//! Walking whole terms safely: term_variables/2,3, ground/1, numbervars/3,
//! copy_term/2, acyclic_term/1, cyclic_term/1.
//!
//! Unification without the occurs check can make cyclic terms (`X = f(X)`).
//! Every walk here terminates on them: it first runs unchecked with a step
//! budget (the heap size, which bounds any tree without sharing) and, past
//! the budget, continues remembering the compound nodes it has expanded, so
//! shared and cyclic subterms are expanded once. Acyclic terms without
//! sharing (the common case) never pay for the bookkeeping.

use super::reg_det;
use crate::engine::atom::{atoms, Atom};
use crate::engine::cell::*;
use crate::engine::error::{PErr, Res};
use crate::engine::store::Stored;
use crate::engine::Machine;
use std::collections::{HashMap, HashSet};

pub fn register(m: &mut Machine) {
    reg_det(m, "term_variables", 2, |m| {
        let vs = term_vars(m, m.regs[0]);
        let l = m.make_list(&vs);
        Ok(m.unify(m.regs[1], l))
    });
    reg_det(m, "term_variables", 3, |m| {
        let vs = term_vars(m, m.regs[0]);
        let l = m.heap.list_from_slice(&vs, m.regs[2]);
        Ok(m.unify(m.regs[1], l))
    });
    reg_det(m, "ground", 1, |m| {
        Ok(walk_leaves(m, m.regs[0], |c| c.tag() != REF))
    });
    reg_det(m, "copy_term", 2, |m| {
        let c = copy_term(m, m.regs[0]);
        Ok(m.unify(m.regs[1], c))
    });
    reg_det(m, "acyclic_term", 1, |m| Ok(is_acyclic(m, m.regs[0])));
    reg_det(m, "cyclic_term", 1, |m| Ok(!is_acyclic(m, m.regs[0])));
    reg_det(m, "numbervars", 3, numbervars);
}

/// The argument cells of a compound (STR or LIS) cell: (first address, count).
#[inline]
fn args_of(m: &Machine, c: Cell) -> Option<(usize, usize)> {
    match c.tag() {
        STR => Some((c.addr() + 1, m.heap.get(c.addr()).fun_arity())),
        LIS => Some((c.addr(), 2)),
        _ => None,
    }
}

/// Calls `f` on the non-compound subterms of `t` (dereferenced), depth-first,
/// left to right; stops early when `f` returns false (the result is then
/// false). Leaves of a shared or cyclic subterm may be reported once only,
/// so `f` must treat its input as a set.
pub fn walk_leaves(m: &Machine, t: Cell, mut f: impl FnMut(Cell) -> bool) -> bool {
    let budget = m.heap.len() + 8;
    let mut steps = 0usize;
    let mut seen: Option<HashSet<usize>> = None;
    let mut stack = vec![t];
    while let Some(c) = stack.pop() {
        let c = m.heap.deref(c);
        let Some((first, n)) = args_of(m, c) else {
            if !f(c) {
                return false;
            }
            continue;
        };
        match &mut seen {
            Some(s) => {
                if !s.insert(c.addr()) {
                    continue;
                }
            }
            None => {
                steps += 1;
                if steps > budget {
                    let mut s = HashSet::new();
                    s.insert(c.addr());
                    seen = Some(s);
                }
            }
        }
        for i in (0..n).rev() {
            stack.push(m.heap.get(first + i));
        }
    }
    true
}

/// Variables of a term in depth-first, left-to-right order of first occurrence.
pub fn term_vars(m: &Machine, t: Cell) -> Vec<Cell> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    walk_leaves(m, t, |c| {
        if c.tag() == REF && seen.insert(c.addr()) {
            out.push(c);
        }
        true
    });
    out
}

/// Does the term contain no cycle?
pub fn is_acyclic(m: &Machine, t: Cell) -> bool {
    // A budgeted walk that finishes proves the term finite.
    let budget = m.heap.len() + 8;
    let mut steps = 0usize;
    let mut stack = vec![t];
    while let Some(c) = stack.pop() {
        let c = m.heap.deref(c);
        if let Some((first, n)) = args_of(m, c) {
            steps += 1;
            if steps > budget {
                return acyclic_dfs(m, t);
            }
            for i in (0..n).rev() {
                stack.push(m.heap.get(first + i));
            }
        }
    }
    true
}

/// Cycle check by depth-first search with node colours (on the path / done),
/// linear in the number of distinct compound nodes.
fn acyclic_dfs(m: &Machine, t: Cell) -> bool {
    const ON_PATH: u8 = 1;
    const DONE: u8 = 2;
    let mut colour: HashMap<usize, u8> = HashMap::new();
    // (compound cell, index of the next argument to visit)
    let mut path: Vec<(Cell, usize)> = Vec::new();
    let root = m.heap.deref(t);
    if args_of(m, root).is_none() {
        return true;
    }
    colour.insert(root.addr(), ON_PATH);
    path.push((root, 0));
    while let Some(top) = path.last_mut() {
        let (c, i) = *top;
        let (first, n) = args_of(m, c).unwrap_or((0, 0));
        if i == n {
            colour.insert(c.addr(), DONE);
            path.pop();
            continue;
        }
        top.1 += 1;
        let child = m.heap.deref(m.heap.get(first + i));
        if args_of(m, child).is_none() {
            continue;
        }
        match colour.get(&child.addr()) {
            Some(&ON_PATH) => return false,
            Some(_) => {}
            None => {
                colour.insert(child.addr(), ON_PATH);
                path.push((child, 0));
            }
        }
    }
    true
}

/// copy_term/2: a copy with fresh variables; cyclic terms are copied as graphs.
pub fn copy_term(m: &mut Machine, t: Cell) -> Cell {
    let d = m.heap.deref(t);
    if d.is_atomic_tag() {
        return d;
    }
    if is_acyclic(m, d) {
        let st = Stored::from_heap(&m.heap, d);
        return st.to_heap(&mut m.heap);
    }
    copy_graph(m, d)
}

/// Copies a term node by node, keeping sharing and cycles (compound nodes and
/// variables map to their copies).
fn copy_graph(m: &mut Machine, t: Cell) -> Cell {
    let mut nodes: HashMap<usize, Cell> = HashMap::new();
    let mut vars: HashMap<usize, Cell> = HashMap::new();
    // (source argument address, destination argument address, count)
    let mut work: Vec<(usize, usize, usize)> = Vec::new();
    let root = copy_node(m, t, &mut nodes, &mut vars, &mut work);
    while let Some((src, dst, n)) = work.pop() {
        for i in 0..n {
            let c = m.heap.get(src + i);
            let v = copy_node(m, c, &mut nodes, &mut vars, &mut work);
            m.heap.set(dst + i, v);
        }
    }
    root
}

fn copy_node(
    m: &mut Machine,
    c: Cell,
    nodes: &mut HashMap<usize, Cell>,
    vars: &mut HashMap<usize, Cell>,
    work: &mut Vec<(usize, usize, usize)>,
) -> Cell {
    let c = m.heap.deref(c);
    match c.tag() {
        REF => *vars.entry(c.addr()).or_insert_with(|| m.heap.new_var()),
        STR | LIS => {
            if let Some(&done) = nodes.get(&c.addr()) {
                return done;
            }
            let (first, n) = args_of(m, c).unwrap_or((0, 0));
            let copy = if c.tag() == STR {
                let f = m.heap.get(c.addr());
                m.heap.new_compound_vars(f.fun_name(), f.fun_arity())
            } else {
                let nil = Cell::atom(atoms::NIL);
                m.heap.new_list(nil, nil)
            };
            let dst = match copy.tag() {
                STR => copy.addr() + 1,
                _ => copy.addr(),
            };
            nodes.insert(c.addr(), copy);
            work.push((first, dst, n));
            copy
        }
        _ => c,
    }
}

/// numbervars(+Term, +Start, -End): binds each variable to '$VAR'(N).
fn numbervars(m: &mut Machine) -> Res {
    let s = m.arg(1);
    if s.tag() == REF {
        return Err(PErr::Instantiation);
    }
    let start = m.get_int(s)?;
    let e = m.arg(2);
    if e.tag() != REF && m.heap.number(e).is_none_or(|n| !n.is_integer()) {
        return Err(m.type_error(atoms::INTEGER, e));
    }
    let vars = term_vars(m, m.regs[0]);
    let mut n = start;
    for v in vars {
        let k = m.heap.new_int(n);
        let t = m.heap.new_compound(Atom::new("$VAR"), &[k]);
        m.bind(v.addr(), t);
        n += 1;
    }
    Ok(m.unify_int(e, n))
}

/// `representation_error(cyclic_term)` for terms that must be stored off the
/// heap (assert, findall, global variables, exception balls).
pub fn check_storable(m: &Machine, t: Cell) -> Res<()> {
    if is_acyclic(m, t) {
        Ok(())
    } else {
        Err(PErr::Representation(Atom::new("cyclic_term")))
    }
}
