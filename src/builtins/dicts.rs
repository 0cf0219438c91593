//! Dicts as in SWI-Prolog 7+: `Tag{Key: Value, ...}`, stored as the compound
//! `C'dict'(Tag, V1, K1, V2, K2, ...)` with the keys (atoms and small integers)
//! in standard order, so `==`, standard order, copying, findall, assert and GC
//! treat a dict as the compound it is. Here: the natives that build, look up
//! and update dicts; the predicates written over them (get_dict/3 enumerating,
//! `:<`, `>:<`, select_dict/3, functional notation `'.'/3` and its expansion)
//! are in lib/dicts.pl. The reader (syntax/resolve.rs) and the writer
//! (syntax/writer.rs) give dicts their syntax.
//!
//! Tested by: tests/prolog/dicts.pl (under knightlog and SWI-Prolog).

use super::docs::reg_doc;
use super::{reg_det, reg_nondet};
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use std::cmp::Ordering;

pub fn register(m: &mut Machine) {
    reg_doc(m, "is_dict(@Term)", "Term is a dict.");
    reg_det(m, "is_dict", 1, |m| Ok(dict_args(m, m.arg(0)).is_some()));
    reg_doc(
        m,
        "is_dict(@Term, -Tag)",
        "Term is a dict whose tag is Tag.",
    );
    reg_det(m, "is_dict", 2, |m| match dict_args(m, m.arg(0)) {
        Some((args, _)) => Ok(m.unify(m.heap.get(args), m.regs[1])),
        None => Ok(false),
    });
    reg_doc(
        m,
        "dict_pairs(?Dict, ?Tag, ?Pairs)",
        "Pairs is the ordered list of Key-Value pairs of Dict, whose tag is Tag; or Dict is made of them.",
    );
    reg_det(m, "dict_pairs", 3, dict_pairs);
    reg_doc(
        m,
        "dict_create(-Dict, +Tag, +Pairs)",
        "Dict has tag Tag and the pairs of Pairs (Key-Value, Key=Value or Key(Value)).",
    );
    reg_det(m, "dict_create", 3, |m| {
        let pairs = data_pairs(m, m.regs[2])?;
        let d = build(m, m.regs[1], pairs, "dict_create", 3)?;
        Ok(m.unify(m.regs[0], d))
    });
    reg_doc(
        m,
        "get_dict(?Key, +Dict, ?Value)",
        "Key-Value is a pair of Dict; enumerates the pairs in key order when Key is unbound.",
    );
    reg_nondet(m, "get_dict", 3, get_dict);
    reg_doc(
        m,
        "$dict_arg(+Key, +Dict, -Arg, +Name/Arity)",
        "Arg is the argument of Dict holding Key's value; fails if Key is not in Dict. Errors name Name/Arity.",
    );
    reg_det(m, "$dict_arg", 4, |m| match dict_arg(m) {
        Ok(Some(i)) => Ok(m.unify(m.regs[2], Cell::small_int(2 + 2 * i as i64))),
        Ok(None) => Ok(false),
        Err(e) => {
            let ctx = m.get_pi(m.regs[3]).ok();
            Err(PErr::Throw(e.to_term(&mut m.heap, ctx)))
        }
    });
    reg_doc(
        m,
        "put_dict(+Key, +Dict, +Value, -NewDict)",
        "NewDict is Dict with Key's value Value, added or replaced.",
    );
    reg_det(m, "put_dict", 4, |m| {
        let key = key_arg(m, m.regs[0])?;
        let pairs = vec![(key, m.regs[2])];
        put(m, pairs, 1, 3)
    });
    reg_doc(
        m,
        "put_dict(+New, +Dict, -NewDict)",
        "NewDict is Dict with the pairs of New (a dict or a list of pairs) added or replaced.",
    );
    reg_det(m, "put_dict", 3, |m| {
        let pairs = data_pairs(m, m.regs[0])?;
        let pairs = sorted_unique(m, pairs, "put_dict", 3)?;
        put(m, pairs, 1, 2)
    });
    reg_doc(
        m,
        "del_dict(+Key, +Dict, ?Value, -NewDict)",
        "NewDict is Dict without Key, whose value in Dict unifies with Value.",
    );
    reg_det(m, "del_dict", 4, |m| {
        let key = key_arg(m, m.regs[0])?;
        let (args, n) = must_be_dict(m, m.arg(1))?;
        let Ok(i) = find(m, args, n, key) else {
            return Ok(false);
        };
        if !m.unify(m.heap.get(args + 1 + 2 * i), m.regs[2]) {
            return Ok(false);
        }
        let mut cells = Vec::with_capacity(2 * n - 1);
        for j in 0..2 * n + 1 {
            if j != 1 + 2 * i && j != 2 + 2 * i {
                cells.push(m.heap.get(args + j));
            }
        }
        let d = m.heap.new_compound(atoms::DICT, &cells);
        Ok(m.unify(m.regs[3], d))
    });
}

/// A query or goal read with functional notation on dicts (`X = D.key`), with
/// its `'.'/3` goals made explicit (`'.'(D, key, V), X = V`).
pub fn expand_query(m: &mut Machine, goal: Cell) -> Res<Cell> {
    // The translation comes back as a copy: its copies of the query's
    // variables are unified with the originals, so answers show them.
    let vars = super::shape::term_vars(m, goal);
    let vars = m.make_list(&vars);
    let pair = m.heap.new_compound(atoms::MINUS, &[goal, vars]);
    let Some(out) = super::consult::translate(m, "$expand_dict_query", pair)? else {
        return Ok(goal);
    };
    let out = m.heap.deref(out);
    if out.tag() != STR || m.heap.get(out.addr()) != Cell::functor(atoms::MINUS, 2) {
        return Ok(goal);
    }
    let (expanded, copies) = (m.heap.get(out.addr() + 1), m.heap.get(out.addr() + 2));
    if !m.unify(copies, vars) {
        return Ok(goal);
    }
    Ok(expanded)
}

/// The arguments' address and number of pairs of a dict; `None` if `c` is none.
pub fn dict_args(m: &Machine, c: Cell) -> Option<(usize, usize)> {
    let c = m.heap.deref(c);
    if c.tag() != STR {
        return None;
    }
    let f = m.heap.get(c.addr());
    (f.fun_name() == atoms::DICT && f.fun_arity() % 2 == 1)
        .then(|| (c.addr() + 1, f.fun_arity() / 2))
}

/// As `dict_args`, with SWI's errors for a variable or another term.
fn must_be_dict(m: &Machine, c: Cell) -> Res<(usize, usize)> {
    match dict_args(m, c) {
        Some(d) => Ok(d),
        None if m.is_var(c) => Err(PErr::Instantiation),
        None => Err(m.type_error(Atom::new("dict"), c)),
    }
}

/// A key: an atom or a small integer.
fn key_arg(m: &Machine, c: Cell) -> Res<Cell> {
    let c = m.heap.deref(c);
    match c.tag() {
        ATM | INT => Ok(c),
        REF => Err(PErr::Instantiation),
        _ => Err(m.type_error(Atom::new("dict-key"), c)),
    }
}

/// The standard order of two keys: integers by value before atoms by name.
fn key_order(a: Cell, b: Cell) -> Ordering {
    match (a.tag() == INT, b.tag() == INT) {
        (true, true) => a.get_int().cmp(&b.get_int()),
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        (false, false) => a.get_atom().name().cmp(b.get_atom().name()),
    }
}

/// Binary search for `key` among the `n` pairs at `args`: Ok(pair index) or
/// Err(where it would go).
fn find(m: &Machine, args: usize, n: usize, key: Cell) -> Result<usize, usize> {
    let (mut lo, mut hi) = (0, n);
    while lo < hi {
        let mid = (lo + hi) / 2;
        let k = m.heap.deref(m.heap.get(args + 2 + 2 * mid));
        match key_order(k, key) {
            Ordering::Less => lo = mid + 1,
            Ordering::Greater => hi = mid,
            Ordering::Equal => return Ok(mid),
        }
    }
    Err(lo)
}

/// `error(Formal, context(Name/Arity, _))` for the formals ISO has no variant for.
pub fn error_ball(m: &mut Machine, formal: Cell, name: &str, arity: usize) -> PErr {
    let pi = m.make_pi(Atom::new(name), arity);
    let msg = m.heap.new_var();
    let ctx = m.heap.new_compound(atoms::CONTEXT, &[pi, msg]);
    PErr::Throw(m.heap.new_compound(atoms::ERROR, &[formal, ctx]))
}

fn duplicate_key(m: &mut Machine, key: Cell, name: &str, arity: usize) -> PErr {
    let formal = m.heap.new_compound(Atom::new("duplicate_key"), &[key]);
    error_ball(m, formal, name, arity)
}

/// The pairs of dict data: a dict, or a list of `K-V`, `K=V`, `K:V` or `K(V)`.
fn data_pairs(m: &mut Machine, data: Cell) -> Res<Vec<(Cell, Cell)>> {
    if let Some((args, n)) = dict_args(m, data) {
        return Ok((0..n)
            .map(|i| {
                let k = m.heap.deref(m.heap.get(args + 2 + 2 * i));
                (k, m.heap.get(args + 1 + 2 * i))
            })
            .collect());
    }
    let items = match m.list_items(data) {
        Ok(items) => items,
        Err(t) if t.tag() == REF => return Err(PErr::Instantiation),
        Err(_) => return Err(m.type_error(Atom::new("dict-data"), data)),
    };
    let mut pairs = Vec::with_capacity(items.len());
    for item in items {
        let item = m.heap.deref(item);
        if item.tag() == REF {
            return Err(PErr::Instantiation);
        }
        let bad = || PErr::Type(Atom::new("key-value"), item);
        let (k, v) = if item.tag() == STR {
            let f = m.heap.get(item.addr());
            let (a1, a2) = (m.heap.get(item.addr() + 1), m.heap.get(item.addr() + 2));
            match (f.fun_name().name(), f.fun_arity()) {
                ("-" | "=" | ":", 2) => (a1, a2),
                (_, 1) => (Cell::atom(f.fun_name()), a1),
                _ => return Err(bad()),
            }
        } else {
            return Err(bad());
        };
        pairs.push((key_arg(m, k)?, v));
    }
    Ok(pairs)
}

/// The pairs sorted by key; a key given twice is a `duplicate_key` error.
fn sorted_unique(
    m: &mut Machine,
    mut pairs: Vec<(Cell, Cell)>,
    name: &str,
    arity: usize,
) -> Res<Vec<(Cell, Cell)>> {
    pairs.sort_by(|a, b| key_order(a.0, b.0));
    if let Some(w) = pairs.windows(2).find(|w| w[0].0 == w[1].0) {
        let k = w[0].0;
        return Err(duplicate_key(m, k, name, arity));
    }
    Ok(pairs)
}

/// A new dict of tag `tag` holding `pairs`.
fn build(
    m: &mut Machine,
    tag: Cell,
    pairs: Vec<(Cell, Cell)>,
    name: &str,
    arity: usize,
) -> Res<Cell> {
    let pairs = sorted_unique(m, pairs, name, arity)?;
    let mut cells = Vec::with_capacity(1 + 2 * pairs.len());
    cells.push(tag);
    for (k, v) in pairs {
        cells.push(v);
        cells.push(k);
    }
    Ok(m.heap.new_compound(atoms::DICT, &cells))
}

/// The dict in register `dict` with the sorted, distinct `new` pairs merged in
/// (a new value replaces the old), unified with register `out`.
fn put(m: &mut Machine, new: Vec<(Cell, Cell)>, dict: usize, out: usize) -> Res {
    let (args, n) = must_be_dict(m, m.arg(dict))?;
    let mut cells = Vec::with_capacity(1 + 2 * (n + new.len()));
    cells.push(m.heap.get(args));
    let (mut i, mut j) = (0, 0);
    while i < n || j < new.len() {
        let old_key = (i < n).then(|| m.heap.deref(m.heap.get(args + 2 + 2 * i)));
        let o = match (old_key, new.get(j)) {
            (Some(k), Some(&(nk, _))) => key_order(k, nk),
            (Some(_), None) => Ordering::Less,
            _ => Ordering::Greater,
        };
        if o == Ordering::Less {
            cells.push(m.heap.get(args + 1 + 2 * i));
            cells.push(m.heap.get(args + 2 + 2 * i));
            i += 1;
        } else {
            let (k, v) = new[j];
            cells.push(v);
            cells.push(k);
            j += 1;
            if o == Ordering::Equal {
                i += 1;
            }
        }
    }
    let d = m.heap.new_compound(atoms::DICT, &cells);
    Ok(m.unify(m.regs[out], d))
}

fn dict_pairs(m: &mut Machine) -> Res {
    if let Some((args, n)) = dict_args(m, m.arg(0)) {
        let tag = m.heap.get(args);
        if !m.unify(m.regs[1], tag) {
            return Ok(false);
        }
        let mut items = Vec::with_capacity(n);
        for i in 0..n {
            let (v, k) = (m.heap.get(args + 1 + 2 * i), m.heap.get(args + 2 + 2 * i));
            items.push(m.heap.new_compound(atoms::MINUS, &[k, v]));
        }
        let list = m.make_list(&items);
        return Ok(m.unify(m.regs[2], list));
    }
    // SWI's type for both a non-dict and a non-list here.
    let data = Atom::new("dict-data");
    if !m.is_var(m.regs[0]) {
        return Err(m.type_error(data, m.arg(0)));
    }
    let items = match m.list_items(m.regs[2]) {
        Ok(items) => items,
        Err(t) if t.tag() == REF && t == m.arg(2) => return Err(PErr::Instantiation),
        Err(_) => return Err(m.type_error(data, m.arg(2))),
    };
    let mut pairs = Vec::with_capacity(items.len());
    for item in items {
        let item = m.heap.deref(item);
        let is_pair =
            item.tag() == STR && m.heap.get(item.addr()) == Cell::functor(atoms::MINUS, 2);
        if !is_pair {
            if item.tag() == REF {
                return Err(PErr::Instantiation);
            }
            return Err(m.type_error(Atom::new("pair"), item));
        }
        let k = key_arg(m, m.heap.get(item.addr() + 1))?;
        pairs.push((k, m.heap.get(item.addr() + 2)));
    }
    let d = build(m, m.regs[1], pairs, "dict_pairs", 3)?;
    Ok(m.unify(m.regs[0], d))
}

/// The pair index of key A1 in dict A2, if it is there.
fn dict_arg(m: &Machine) -> Res<Option<usize>> {
    let (args, n) = must_be_dict(m, m.arg(1))?;
    let key = key_arg(m, m.regs[0])?;
    Ok(find(m, args, n, key).ok())
}

/// get_dict/3: a lookup when Key is bound, else the pairs one by one (the
/// choicepoint's state is the next pair's index).
fn get_dict(m: &mut Machine, state: Option<Cell>) -> Res {
    let (args, n) = must_be_dict(m, m.arg(1))?;
    if state.is_none() && !m.is_var(m.regs[0]) {
        let key = key_arg(m, m.regs[0])?;
        return match find(m, args, n, key) {
            Ok(i) => Ok(m.unify(m.regs[2], m.heap.get(args + 1 + 2 * i))),
            Err(_) => Ok(false),
        };
    }
    let i = state.map_or(0, |s| s.get_int() as usize);
    if i >= n {
        return Ok(false);
    }
    if i + 1 < n {
        m.push_redo(Cell::small_int(i as i64 + 1));
    }
    let (v, k) = (m.heap.get(args + 1 + 2 * i), m.heap.get(args + 2 + 2 * i));
    Ok(m.unify(m.regs[0], k) && m.unify(m.regs[2], v))
}
