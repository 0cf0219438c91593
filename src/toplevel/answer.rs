//! Answer text as SWI-Prolog's top level prints it: `X = f(_A, _A),\nY = 1`.
//!
//! Query variables bound to the same term are shown as one group
//! (`X = Y, Y = value`); aliased unbound variables are named by the last
//! variable of their group; fresh variables print as `_` when they occur once
//! in the answer and as `_A`, `_B`, ... when shared; terms are abbreviated
//! beyond depth 10 unless the user asked for the full answer (`w`). Cyclic
//! terms are factorised as SWI does: `X = f(X)`, or `_S1 = ...` definitions
//! after `% where`.
//!
//! Tested by: tests/engine_tests.rs (every case is the answer text), tests/repl_pipe.rs,
//! tests/writer_options_tests.rs (the answer write options).

use super::factorize::Factorizer;
use crate::engine::Machine;
use crate::syntax::writer::{write_term, WriteOptions};
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use std::collections::{HashMap, HashSet};

/// The options the top level prints answers with (SWI's answer_write_options).
pub fn answer_options(full: bool) -> WriteOptions {
    let mut o = WriteOptions::writeq();
    o.spacing_next_argument = true;
    o.max_depth = if full { 0 } else { 10 };
    // The value is the right operand of =/2 (priority 700, xfx).
    o.priority = 699;
    o
}

/// Query variables bound to one term, and that term (an unbound variable
/// for a group of aliases).
struct Group {
    names: Vec<String>,
    value: Cell,
    /// For a cyclic answer: cycle definitions printed after this group.
    defs: Vec<(usize, Cell)>,
}

/// The bindings part of an answer, or None when there is nothing to show (`true`).
///
/// Takes the machine mutably because a cyclic answer is copied into an
/// acyclic form on the heap first (scratch cells that backtracking discards).
pub fn format_bindings(m: &mut Machine, names: &[(String, Cell)], full: bool) -> Option<String> {
    // `_` is anonymous; `_X` is shown, as SWI-Prolog 9 does (toplevel_print_anon).
    let vis: Vec<(String, Cell)> = names
        .iter()
        .filter(|(n, _)| n != "_")
        .map(|(n, c)| (n.clone(), m.heap.deref(*c)))
        .collect();
    let roots: Vec<Cell> = vis.iter().map(|(_, c)| *c).collect();
    let points = m.heap.cycle_points(&roots);
    let cyclic: HashSet<usize> = if points.is_empty() {
        HashSet::new()
    } else {
        (0..vis.len())
            .filter(|&i| !m.heap.cycle_points(&roots[i..=i]).is_empty())
            .collect()
    };
    let mut groups: Vec<Group> = Vec::new();
    for (i, (n, d)) in vis.iter().enumerate() {
        let same = |g: &Group| {
            g.value == *d
                || (g.value.tag() != REF
                    && d.tag() != REF
                    && !cyclic.contains(&i)
                    && !is_cyclic_value(&cyclic, &vis, g.value)
                    && m.compare(g.value, *d).is_eq())
        };
        match groups.iter_mut().find(|g| same(g)) {
            Some(g) => g.names.push(n.clone()),
            None => groups.push(Group {
                names: vec![n.clone()],
                value: *d,
                defs: Vec::new(),
            }),
        }
    }
    // An unbound variable is named by the last query variable of its group.
    let mut var_names: HashMap<usize, String> = HashMap::new();
    for g in &groups {
        if g.value.tag() == REF {
            let last = g.names.last().cloned().unwrap_or_default();
            var_names.insert(g.value.addr(), last);
        }
    }
    groups.retain(|g| g.value.tag() != REF || g.names.len() > 1);
    let goals = residual_goals(m, &roots);
    if groups.is_empty() && goals.is_empty() {
        return None;
    }
    let mut point_names: HashMap<usize, String> = HashMap::new();
    if !points.is_empty() {
        factorize(m, &mut groups, &points, &mut point_names);
    }
    // Every term that gets written, in the order it is written.
    let mut written: Vec<Cell> = Vec::new();
    for g in &groups {
        if g.value.tag() != REF {
            written.push(g.value);
        }
        written.extend(g.defs.iter().map(|d| d.1));
    }
    written.extend(goals.iter().copied());
    let counts = m.heap.var_counts(&written);
    let mut fresh: HashMap<usize, String> = HashMap::new();
    for a in m.heap.vars_in_order(&written) {
        let named = var_names.contains_key(&a) || point_names.contains_key(&a);
        if !named && counts.get(&a).copied().unwrap_or(0) > 1 {
            let name = fresh_name(fresh.len());
            fresh.insert(a, name);
        }
    }
    let namer = |addr: usize| -> Option<String> {
        if let Some(n) = var_names.get(&addr).or(point_names.get(&addr)) {
            return Some(n.clone());
        }
        Some(fresh.get(&addr).cloned().unwrap_or_else(|| "_".into()))
    };
    let opts = answer_options(full);
    let write = |v: Cell| {
        let mut s = String::new();
        write_term(&m.heap, &m.ops, v, &opts, Some(&namer), &mut s);
        // An operator atom as the value of `X = Op` is bracketed, as SWI shows it.
        if v.tag() == ATM && m.ops.is_op(v.get_atom()) && !s.starts_with('(') {
            s = format!("({s})");
        }
        s
    };
    let mut parts = Vec::new();
    for g in &groups {
        let mut line: Vec<String> = g
            .names
            .windows(2)
            .map(|w| format!("{} = {}", w[0], w[1]))
            .collect();
        if g.value.tag() != REF {
            let last = g.names.last().cloned().unwrap_or_default();
            line.push(format!("{last} = {}", write(g.value)));
        }
        let mut text = line.join(", ");
        if !g.defs.is_empty() {
            text.push_str(", % where");
            for (i, (p, def)) in g.defs.iter().enumerate() {
                let sep = if i == 0 { "" } else { "," };
                let name = point_names.get(p).cloned().unwrap_or_default();
                text.push_str(&format!("{sep}\n    {name} = {}", write(*def)));
            }
        }
        parts.push(text);
    }
    let mut goal_opts = opts.clone();
    goal_opts.priority = 999;
    for &g in &goals {
        let mut s = String::new();
        write_term(&m.heap, &m.ops, g, &goal_opts, Some(&namer), &mut s);
        parts.push(s);
    }
    Some(parts.join(",\n"))
}

/// The residual goals of the attributed variables in an answer (copy_term/3's,
/// lib/attvar.pl), with `user:` dropped from frozen and delayed goals as
/// SWI-Prolog's top level shows them. They are built on the heap in place
/// (the query's bindings stay).
fn residual_goals(m: &mut Machine, roots: &[Cell]) -> Vec<Cell> {
    if !m.wake.on {
        return Vec::new();
    }
    let t = m.make_list(roots);
    let vs = crate::builtins::attvar::term_attvars(m, t);
    if vs.is_empty() {
        return Vec::new();
    }
    let vl = m.make_list(&vs);
    let out = m.heap.new_var();
    let g = m
        .heap
        .new_compound(Atom::new("$toplevel_residuals"), &[vl, out]);
    let g = m
        .heap
        .new_compound(atoms::COLON, &[Cell::atom(atoms::SYSTEM), g]);
    if !matches!(m.solve_keep(g), Ok(true)) {
        return Vec::new();
    }
    m.list_items(out).unwrap_or_default()
}

/// Whether a group value is one of the cyclic query values.
fn is_cyclic_value(cyclic: &HashSet<usize>, vis: &[(String, Cell)], v: Cell) -> bool {
    cyclic.iter().any(|&i| vis[i].1 == v)
}

/// Replaces the groups' cyclic values by acyclic copies. A group whose value
/// is itself a cycle point is written as that point's definition with the
/// group's name standing for the cycle (`X = f(X)`); other cycle points get
/// `_S1`, `_S2`, ... names, defined after the first group that mentions them.
fn factorize(
    m: &mut Machine,
    groups: &mut [Group],
    points: &[(usize, Cell)],
    point_names: &mut HashMap<usize, String>,
) {
    let mut f = Factorizer::new(m, points);
    // Points named after a group, keyed by the point's stand-in variable.
    let mut inline: HashSet<usize> = HashSet::new();
    for g in groups.iter() {
        if let Some((args, _)) = m.heap.args_of(m.heap.deref(g.value)) {
            if let Some(v) = f.points.get(&args) {
                if inline.insert(args) {
                    let name = g.names.last().cloned().unwrap_or_default();
                    point_names.insert(m.heap.deref(*v).addr(), name);
                }
            }
        }
    }
    let by_var: HashMap<usize, usize> = f
        .points
        .iter()
        .map(|(&p, &v)| (m.heap.deref(v).addr(), p))
        .collect();
    let mut defined: HashSet<usize> = HashSet::new();
    for g in groups.iter_mut() {
        if g.value.tag() == REF {
            continue;
        }
        let expand = m
            .heap
            .args_of(m.heap.deref(g.value))
            .is_some_and(|(a, _)| inline.contains(&a));
        g.value = f.copy(m, g.value, expand);
        // Definitions this value needs, and the ones those need in turn.
        let mut queue: Vec<Cell> = vec![g.value];
        while let Some(t) = queue.pop() {
            for a in m.heap.vars_in_order(&[t]) {
                let Some(&p) = by_var.get(&a) else { continue };
                if inline.contains(&p) || !defined.insert(p) {
                    continue;
                }
                let name = format!("_S{}", defined.len());
                point_names.insert(a, name);
                let cell = f.cells[&p];
                let def = f.copy(m, cell, true);
                g.defs.push((a, def));
                queue.push(def);
            }
        }
    }
}

/// _A, _B, ..., _Z, _A1, ...
fn fresh_name(i: usize) -> String {
    let letter = (b'A' + (i % 26) as u8) as char;
    if i < 26 {
        format!("_{letter}")
    } else {
        format!("_{letter}{}", i / 26)
    }
}
