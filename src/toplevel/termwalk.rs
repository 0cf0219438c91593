//! Walks over answer terms that the answer printer needs before it writes:
//! finding cycles, counting variable occurrences, the order variables are
//! first met in, and acyclic copies of cyclic terms.
//!
//! All walks are iterative (DESIGN invariant 1) and visit a shared subterm a
//! bounded number of times, so terms with heavy sharing (a DAG that would be
//! exponentially large written out) cost time linear in their heap size.

use crate::engine::cell::*;
use crate::engine::heap::{Heap, View};
use crate::engine::Machine;
use std::collections::{HashMap, HashSet};

/// The argument address and arity of a compound (lists included).
pub fn compound(heap: &Heap, c: Cell) -> Option<(usize, usize)> {
    let c = heap.deref(c);
    match c.tag() {
        LIS => Some((c.addr(), 2)),
        STR => Some((c.addr() + 1, heap.get(c.addr()).fun_arity())),
        _ => None,
    }
}

/// The compounds (argument address, term cell) reached again from inside
/// themselves, in the order the walk meets them. Empty when every root is acyclic.
pub fn cycle_points(heap: &Heap, roots: &[Cell]) -> Vec<(usize, Cell)> {
    // false: on the current path; true: finished.
    let mut marks: HashMap<usize, bool> = HashMap::new();
    let mut found = Vec::new();
    let mut found_set = HashSet::new();
    for &root in roots {
        let Some((args, n)) = compound(heap, root) else {
            continue;
        };
        if marks.contains_key(&args) {
            continue;
        }
        marks.insert(args, false);
        let mut stack: Vec<(usize, usize, usize)> = vec![(args, n, 0)];
        while let Some(top) = stack.last_mut() {
            let (at, n, i) = *top;
            if i == n {
                marks.insert(at, true);
                stack.pop();
                continue;
            }
            top.2 += 1;
            let c = heap.deref(heap.get(at + i));
            if let Some((a2, n2)) = compound(heap, c) {
                match marks.get(&a2) {
                    Some(false) => {
                        if found_set.insert(a2) {
                            found.push((a2, c));
                        }
                    }
                    Some(true) => {}
                    None => {
                        marks.insert(a2, false);
                        stack.push((a2, n2, 0));
                    }
                }
            }
        }
    }
    found
}

/// How often each unbound variable occurs in acyclic `roots`, capped: a count
/// of 2 means "more than once", which is all the printer needs to know.
pub fn var_counts(heap: &Heap, roots: &[Cell]) -> HashMap<usize, usize> {
    let mut counts = HashMap::new();
    // A compound met twice makes every variable in it shared: walking it a
    // second time records that, a third walk would add nothing.
    let mut visits: HashMap<usize, u8> = HashMap::new();
    let mut stack: Vec<Cell> = roots.to_vec();
    while let Some(c) = stack.pop() {
        let c = heap.deref(c);
        if c.tag() == REF {
            let e = counts.entry(c.addr()).or_insert(0);
            *e = (*e + 1).min(2);
        } else if let Some((args, n)) = compound(heap, c) {
            let v = visits.entry(args).or_insert(0);
            if *v < 2 {
                *v += 1;
                stack.extend((0..n).map(|i| heap.get(args + i)));
            }
        }
    }
    counts
}

/// Unbound variables of acyclic `roots` in depth-first, left-to-right order
/// of first occurrence (the order they appear in when written).
pub fn vars_in_order(heap: &Heap, roots: &[Cell]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut seen_vars = HashSet::new();
    let mut seen = HashSet::new();
    let mut stack: Vec<Cell> = roots.iter().rev().copied().collect();
    while let Some(c) = stack.pop() {
        let c = heap.deref(c);
        if c.tag() == REF {
            if seen_vars.insert(c.addr()) {
                out.push(c.addr());
            }
        } else if let Some((args, n)) = compound(heap, c) {
            if seen.insert(args) {
                stack.extend((0..n).rev().map(|i| heap.get(args + i)));
            }
        }
    }
    out
}

/// Builds acyclic copies of terms on the heap, with each cycle point replaced
/// by a variable of its own (SWI's `_S1 = f(_S1)` factorisation).
///
/// The copies are scratch data above the answer's heap top: backtracking into
/// the query (or ending it) discards them, and nothing is bound or trailed.
pub struct Factorizer {
    /// Cycle point (argument address) -> the variable standing for it.
    pub points: HashMap<usize, Cell>,
    /// Cycle point (argument address) -> its term cell.
    pub cells: HashMap<usize, Cell>,
    memo: HashMap<usize, Cell>,
}

enum Work {
    Visit(Cell, bool),
    Build(Cell, usize),
}

impl Factorizer {
    pub fn new(m: &mut Machine, points: &[(usize, Cell)]) -> Factorizer {
        let cells = points.iter().copied().collect();
        let points = points.iter().map(|&(p, _)| (p, m.heap.new_var())).collect();
        Factorizer {
            points,
            cells,
            memo: HashMap::new(),
        }
    }

    /// A copy of `root`; with `expand`, a root that is a cycle point is
    /// copied one level (its definition) instead of becoming its variable.
    pub fn copy(&mut self, m: &mut Machine, root: Cell, expand: bool) -> Cell {
        let mut results: Vec<Cell> = Vec::new();
        let mut stack = vec![Work::Visit(root, expand)];
        while let Some(w) = stack.pop() {
            match w {
                Work::Visit(c, expand) => {
                    let c = m.heap.deref(c);
                    let Some((args, n)) = compound(&m.heap, c) else {
                        results.push(c);
                        continue;
                    };
                    if let Some(&v) = self.points.get(&args).filter(|_| !expand) {
                        results.push(v);
                    } else if let Some(&r) = self.memo.get(&args).filter(|_| !expand) {
                        results.push(r);
                    } else {
                        // Only the root is ever expanded, so its copy is
                        // the one result the memo must not hold.
                        stack.push(Work::Build(c, if expand { usize::MAX } else { n }));
                        for i in (0..n).rev() {
                            stack.push(Work::Visit(m.heap.get(args + i), false));
                        }
                    }
                }
                Work::Build(c, n) => {
                    let expanded = n == usize::MAX;
                    let (args, arity) = compound(&m.heap, c).unwrap_or((0, 0));
                    let kids = results.split_off(results.len() - arity);
                    let new = match m.heap.view(c) {
                        View::Compound { name, .. } if c.tag() == STR => {
                            m.heap.new_compound(name, &kids)
                        }
                        _ => m.heap.new_list(kids[0], kids[1]),
                    };
                    if !expanded {
                        self.memo.insert(args, new);
                    }
                    results.push(new);
                }
            }
        }
        results.pop().unwrap_or(root)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::atom::Atom;

    #[test]
    fn shared_subterms_are_counted_as_shared_without_blowing_up() {
        let mut m = Machine::new();
        let v = m.heap.new_var();
        let mut t = m.heap.new_compound(Atom::new("g"), &[v]);
        // 200 levels of f(T, T): 2^200 paths, a few hundred cells.
        for _ in 0..200 {
            t = m.heap.new_compound(Atom::new("f"), &[t, t]);
        }
        let counts = var_counts(&m.heap, &[t]);
        assert_eq!(counts.get(&m.heap.deref(v).addr()), Some(&2));
        assert_eq!(vars_in_order(&m.heap, &[t]).len(), 1);
        assert!(cycle_points(&m.heap, &[t]).is_empty());
    }

    #[test]
    fn cycles_are_found_and_copied_away() {
        let mut m = Machine::new();
        let x = m.heap.new_var();
        let t = m.heap.new_compound(Atom::new("f"), &[x]);
        // Bind X to f(X) by hand: X = f(X).
        m.heap.set(x.addr(), t);
        let pts = cycle_points(&m.heap, &[t]);
        assert_eq!(pts.len(), 1);
        let mut f = Factorizer::new(&mut m, &pts);
        let c = f.copy(&mut m, t, true);
        assert!(cycle_points(&m.heap, &[c]).is_empty());
        let c2 = f.copy(&mut m, t, false);
        assert_eq!(m.heap.deref(c2).tag(), REF);
    }
}
