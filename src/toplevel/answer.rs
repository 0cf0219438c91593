//! Answer text as SWI-Prolog's top level prints it: `X = f(_A, _A),\nY = 1`.
//!
//! Query variables bound to the same term are shown as `X = Y, Y = value`;
//! fresh variables print as `_` when they occur once in the answer and as
//! `_A`, `_B`, ... when shared; lists are abbreviated beyond depth 10.

use crate::engine::cell::*;
use crate::engine::Machine;
use crate::syntax::writer::{write_term, WriteOptions};
use std::collections::HashMap;

/// The options the top level prints answers with (SWI's answer_write_options).
pub fn answer_options(full: bool) -> WriteOptions {
    let mut o = WriteOptions::writeq();
    o.spacing_next_argument = true;
    o.max_depth = if full { 0 } else { 10 };
    // The value is the right operand of =/2 (priority 700, xfx).
    o.priority = 699;
    o
}

/// Counts occurrences of each unbound variable in the given terms.
fn var_counts(m: &Machine, roots: &[Cell]) -> HashMap<usize, usize> {
    let mut counts = HashMap::new();
    let mut stack: Vec<Cell> = roots.to_vec();
    while let Some(c) = stack.pop() {
        let c = m.heap.deref(c);
        match c.tag() {
            REF => *counts.entry(c.addr()).or_insert(0) += 1,
            STR => {
                let n = m.heap.get(c.addr()).fun_arity();
                for i in 1..=n {
                    stack.push(m.heap.get(c.addr() + i));
                }
            }
            LIS => {
                stack.push(m.heap.get(c.addr()));
                stack.push(m.heap.get(c.addr() + 1));
            }
            _ => {}
        }
    }
    counts
}

/// The bindings part of an answer, or None when there is nothing to show (`true`).
pub fn format_bindings(m: &Machine, names: &[(String, Cell)], full: bool) -> Option<String> {
    let visible: Vec<&(String, Cell)> = names.iter().filter(|(n, _)| !n.starts_with('_')).collect();
    // Unbound query variables name themselves.
    let mut var_names: HashMap<usize, String> = HashMap::new();
    for (n, c) in &visible {
        let d = m.heap.deref(*c);
        if d.tag() == REF {
            var_names.entry(d.addr()).or_insert_with(|| n.clone());
        }
    }
    for (n, c) in names {
        let d = m.heap.deref(*c);
        if d.tag() == REF && n.starts_with('_') && n.len() > 1 {
            var_names.entry(d.addr()).or_insert_with(|| n.clone());
        }
    }
    // Group query variables by the term they are bound to.
    let mut groups: Vec<(Vec<String>, Cell)> = Vec::new();
    for (n, c) in &visible {
        let d = m.heap.deref(*c);
        if d.tag() == REF && var_names.get(&d.addr()) == Some(n) {
            continue; // unbound, stands for itself
        }
        match groups.iter_mut().find(|(_, v)| same_term(m, *v, d)) {
            Some((ns, _)) => ns.push(n.clone()),
            None => groups.push((vec![n.clone()], d)),
        }
    }
    if groups.is_empty() {
        return None;
    }
    let roots: Vec<Cell> = groups.iter().map(|(_, v)| *v).collect();
    let counts = var_counts(m, &roots);
    let mut fresh: HashMap<usize, String> = HashMap::new();
    let mut next = 0usize;
    let opts = answer_options(full);
    let mut parts = Vec::new();
    for (ns, v) in &groups {
        let mut line: Vec<String> = ns
            .windows(2)
            .map(|w| format!("{} = {}", w[0], w[1]))
            .collect();
        // Assign shared fresh names in order of appearance.
        collect_fresh(m, *v, &var_names, &counts, &mut fresh, &mut next);
        let namer = |addr: usize| -> Option<String> {
            if let Some(n) = var_names.get(&addr) {
                return Some(n.clone());
            }
            if counts.get(&addr).copied().unwrap_or(0) <= 1 {
                return Some("_".to_string());
            }
            fresh.get(&addr).cloned()
        };
        let mut s = String::new();
        write_term(&m.heap, &m.ops, *v, &opts, Some(&namer), &mut s);
        // An operator atom as the value of `X = Op` is bracketed, as SWI shows it.
        if v.tag() == ATM && m.ops.is_op(v.get_atom()) && !s.starts_with('(') {
            s = format!("({s})");
        }
        line.push(format!("{} = {}", ns[ns.len() - 1], s));
        parts.push(line.join(", "));
    }
    Some(parts.join(",\n"))
}

/// Query variables bound to identical (==) terms are shown as one group.
fn same_term(m: &Machine, a: Cell, b: Cell) -> bool {
    a == b || (a.tag() != REF && b.tag() != REF && m.compare(a, b).is_eq())
}

fn collect_fresh(
    m: &Machine,
    t: Cell,
    named: &HashMap<usize, String>,
    counts: &HashMap<usize, usize>,
    fresh: &mut HashMap<usize, String>,
    next: &mut usize,
) {
    let mut stack = vec![t];
    while let Some(c) = stack.pop() {
        let c = m.heap.deref(c);
        match c.tag() {
            REF => {
                let a = c.addr();
                if !named.contains_key(&a)
                    && counts.get(&a).copied().unwrap_or(0) > 1
                    && !fresh.contains_key(&a)
                {
                    fresh.insert(a, fresh_name(*next));
                    *next += 1;
                }
            }
            STR => {
                let n = m.heap.get(c.addr()).fun_arity();
                for i in (1..=n).rev() {
                    stack.push(m.heap.get(c.addr() + i));
                }
            }
            LIS => {
                stack.push(m.heap.get(c.addr() + 1));
                stack.push(m.heap.get(c.addr()));
            }
            _ => {}
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
