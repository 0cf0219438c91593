//! Graph walks over a term that the writer needs before it starts: finding the
//! compound nodes that close a cycle, and counting variable occurrences for
//! `write_canonical`. Both are iterative (DESIGN invariant 1).

use super::writer::numbervar_name;
use crate::engine::cell::{Cell, LIS, REF, STR};
use crate::engine::heap::Heap;
use std::collections::HashMap;

/// The compound's argument address and arity, if `c` (dereferenced) is one.
fn compound(heap: &Heap, c: Cell) -> Option<(usize, usize)> {
    match c.tag() {
        LIS => Some((c.addr(), 2)),
        STR => Some((c.addr() + 1, heap.get(c.addr()).fun_arity())),
        _ => None,
    }
}

/// The compound subterms of `t` that are reached again from inside themselves,
/// in the order the walk meets their back edges. Empty for an acyclic term.
pub fn find_cycles(heap: &Heap, t: Cell) -> Vec<Cell> {
    let t = heap.deref(t);
    let Some((args, arity)) = compound(heap, t) else {
        return Vec::new();
    };
    // false: on the current path; true: finished.
    let mut done: HashMap<usize, bool> = HashMap::new();
    let mut found: Vec<Cell> = Vec::new();
    let mut found_at: HashMap<usize, ()> = HashMap::new();
    let mut stack: Vec<(usize, usize, usize)> = vec![(args, arity, 0)];
    done.insert(args, false);
    while let Some(top) = stack.last_mut() {
        let (at, n, i) = *top;
        if i == n {
            done.insert(at, true);
            stack.pop();
            continue;
        }
        top.2 += 1;
        let c = heap.deref(heap.get(at + i));
        if let Some((a2, n2)) = compound(heap, c) {
            match done.get(&a2) {
                Some(false) => {
                    if found_at.insert(a2, ()).is_none() {
                        found.push(c);
                    }
                }
                Some(true) => {}
                None => {
                    done.insert(a2, false);
                    stack.push((a2, n2, 0));
                }
            }
        }
    }
    found
}

/// `write_canonical`'s variable names: `_` for a variable that occurs once, `A`, `B`,
/// ... for the others in order of first occurrence. None if the term is cyclic.
pub fn occurrence_names(heap: &Heap, t: Cell) -> Option<HashMap<usize, String>> {
    if !find_cycles(heap, t).is_empty() {
        return None;
    }
    let mut count: HashMap<usize, u32> = HashMap::new();
    let mut order: Vec<usize> = Vec::new();
    let mut stack = vec![t];
    while let Some(c) = stack.pop() {
        let c = heap.deref(c);
        if c.tag() == REF {
            let e = count.entry(c.addr()).or_insert(0);
            if *e == 0 {
                order.push(c.addr());
            }
            *e += 1;
        } else if let Some((args, n)) = compound(heap, c) {
            stack.extend((0..n).rev().map(|i| heap.get(args + i)));
        }
    }
    let mut names = HashMap::with_capacity(order.len());
    let mut next = 0;
    for v in order {
        if count[&v] == 1 {
            names.insert(v, "_".to_string());
        } else {
            names.insert(v, numbervar_name(next));
            next += 1;
        }
    }
    Some(names)
}
