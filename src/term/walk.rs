//! The one walker over a term's graph: a compound's arguments, its leaves, its cycles
//! (`cycle_points`, `is_acyclic`) and its variables in order of first occurrence with how often
//! they occur. Writer, answer printer, portray_clause and the term builtins all use these.
//! Explicit stacks only (no Rust recursion over Prolog data); every walk visits a shared
//! subterm a bounded number of times, so heavily shared terms (DAGs exponentially large
//! written out) cost time linear in their heap size.
//!
//! Tested by: the unit tests below, tests/prolog/terms.pl (cyclic_term/1, copy_term/2),
//! tests/writer_deep_tests.rs (writing cyclic and deep terms).

use super::cell::*;
use super::heap::Heap;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

impl Heap {
    /// The argument address and arity of a compound cell (lists included); `c` must be
    /// dereferenced.
    pub fn args_of(&self, c: Cell) -> Option<(usize, usize)> {
        match c.tag() {
            STR => Some((c.addr() + 1, self.get(c.addr()).fun_arity())),
            LIS => Some((c.addr(), 2)),
            _ => None,
        }
    }

    /// Calls `f` on the non-compound subterms of `t` (dereferenced), depth-first,
    /// left to right; stops early when `f` returns false (the result is then
    /// false). Leaves of a shared or cyclic subterm may be reported once only,
    /// so `f` must treat its input as a set.
    pub fn walk_leaves(&self, t: Cell, mut f: impl FnMut(Cell) -> bool) -> bool {
        let budget = self.len() + 8;
        let mut steps = 0usize;
        let mut seen: Option<HashSet<usize>> = None;
        let mut stack = vec![t];
        while let Some(c) = stack.pop() {
            let c = self.deref(c);
            let Some((first, n)) = self.args_of(c) else {
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
                stack.push(self.get(first + i));
            }
        }
        true
    }

    /// Does the term contain no cycle?
    pub fn is_acyclic(&self, t: Cell) -> bool {
        // A budgeted walk that finishes proves the term finite.
        // A compound of atomic or unbound arguments (most asserted facts)
        // needs no walk.
        let t = self.deref(t);
        match self.args_of(t) {
            None => return true,
            Some((first, n))
                if (first..first + n).all(|a| self.args_of(self.deref(self.get(a))).is_none()) =>
            {
                return true
            }
            Some(_) => {}
        }
        let budget = self.len() + 8;
        let mut steps = 0usize;
        let mut stack = Vec::with_capacity(16);
        stack.push(t);
        while let Some(c) = stack.pop() {
            let c = self.deref(c);
            if let Some((first, n)) = self.args_of(c) {
                steps += 1;
                if steps > budget {
                    let mut acyclic = true;
                    self.back_edges(&[t], |_, _| {
                        acyclic = false;
                        false
                    });
                    return acyclic;
                }
                for i in (0..n).rev() {
                    stack.push(self.get(first + i));
                }
            }
        }
        true
    }

    /// The compounds (argument address, term cell) reached again from inside themselves,
    /// in the order the depth-first walk meets their back edges. Empty when every root is
    /// acyclic; shared (but acyclic) subterms are not cycles.
    pub fn cycle_points(&self, roots: &[Cell]) -> Vec<(usize, Cell)> {
        let mut found = Vec::new();
        let mut found_at: AddrMap<()> = AddrMap::default();
        self.back_edges(roots, |at, c| {
            if found_at.insert(at, ()).is_none() {
                found.push((at, c));
            }
            true
        });
        found
    }

    /// Depth-first search with node colours (on the path / finished) over the compounds
    /// reachable from `roots`, linear in the number of distinct compound nodes. Calls
    /// `back_edge` on each edge back into the current path; stops when it returns false.
    fn back_edges(&self, roots: &[Cell], mut back_edge: impl FnMut(usize, Cell) -> bool) {
        let mut marks = Marks::new(self.len());
        for &root in roots {
            let Some((args, n)) = self.args_of(self.deref(root)) else {
                continue;
            };
            if marks.get(args).is_some() {
                continue;
            }
            marks.set(args, false);
            let mut stack: Vec<(usize, usize, usize)> = vec![(args, n, 0)];
            while let Some(top) = stack.last_mut() {
                let (at, n, i) = *top;
                if i == n {
                    marks.set(at, true);
                    stack.pop();
                    continue;
                }
                top.2 += 1;
                let c = self.deref(self.get(at + i));
                if let Some((a2, n2)) = self.args_of(c) {
                    match marks.get(a2) {
                        Some(false) => {
                            if !back_edge(a2, c) {
                                return;
                            }
                        }
                        Some(true) => {}
                        None => {
                            marks.set(a2, false);
                            stack.push((a2, n2, 0));
                        }
                    }
                }
            }
        }
    }

    /// How often each unbound variable occurs in acyclic `roots`, capped at 2 ("more than
    /// once"), which is all the writers need to know.
    pub fn var_counts(&self, roots: &[Cell]) -> HashMap<usize, usize> {
        let mut counts = HashMap::new();
        // A compound met twice makes every variable in it shared: walking it a second time
        // records that, a third walk would add nothing.
        let mut visits: AddrMap<u8> = AddrMap::default();
        let mut stack: Vec<Cell> = roots.to_vec();
        while let Some(c) = stack.pop() {
            let c = self.deref(c);
            if c.tag() == REF {
                let e = counts.entry(c.addr()).or_insert(0);
                *e = (*e + 1).min(2);
            } else if let Some((args, n)) = self.args_of(c) {
                let v = visits.entry(args).or_insert(0);
                if *v < 2 {
                    *v += 1;
                    stack.extend((0..n).map(|i| self.get(args + i)));
                }
            }
        }
        counts
    }

    /// Unbound variables of `roots` in depth-first, left-to-right order of first
    /// occurrence (the order they appear in when written). Terminates on cyclic terms.
    pub fn vars_in_order(&self, roots: &[Cell]) -> Vec<usize> {
        let mut out = Vec::new();
        let mut seen_vars = HashSet::new();
        let mut seen: AddrMap<()> = AddrMap::default();
        let mut stack: Vec<Cell> = roots.iter().rev().copied().collect();
        while let Some(c) = stack.pop() {
            let c = self.deref(c);
            if c.tag() == REF {
                if seen_vars.insert(c.addr()) {
                    out.push(c.addr());
                }
            } else if let Some((args, n)) = self.args_of(c) {
                if seen.insert(args, ()).is_none() {
                    stack.extend((0..n).rev().map(|i| self.get(args + i)));
                }
            }
        }
        out
    }
}

/// A multiplicative hash for heap addresses: SipHash made the cycle check the
/// most expensive part of writing a long list.
#[derive(Default)]
pub struct AddrHasher(u64);

impl Hasher for AddrHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn write_usize(&mut self, n: usize) {
        self.0 = (n as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(26);
    }
}

pub type AddrMap<V> = HashMap<usize, V, BuildHasherDefault<AddrHasher>>;

/// Walk marks for compound nodes (by argument address): "on the current path" or
/// "finished". Small walks use a hash map; big ones switch to two bit sets over the
/// heap, whose untouched pages the allocator never materialises.
struct Marks {
    map: AddrMap<bool>,
    bits: Option<(Vec<u64>, Vec<u64>)>,
    heap_len: usize,
}

const MAP_LIMIT: usize = 4096;

impl Marks {
    fn new(heap_len: usize) -> Self {
        Marks {
            map: AddrMap::default(),
            bits: None,
            heap_len,
        }
    }

    /// None: unvisited; Some(false): on the path; Some(true): finished.
    fn get(&self, k: usize) -> Option<bool> {
        match &self.bits {
            None => self.map.get(&k).copied(),
            Some((seen, done)) => {
                let (w, b) = (k / 64, 1u64 << (k % 64));
                if seen[w] & b == 0 {
                    None
                } else {
                    Some(done[w] & b != 0)
                }
            }
        }
    }

    fn set(&mut self, k: usize, finished: bool) {
        if self.bits.is_none() && self.map.len() >= MAP_LIMIT {
            let words = self.heap_len / 64 + 1;
            let mut seen = vec![0u64; words];
            let mut done = vec![0u64; words];
            for (&a, &f) in &self.map {
                seen[a / 64] |= 1 << (a % 64);
                if f {
                    done[a / 64] |= 1 << (a % 64);
                }
            }
            self.map = AddrMap::default();
            self.bits = Some((seen, done));
        }
        match &mut self.bits {
            None => {
                self.map.insert(k, finished);
            }
            Some((seen, done)) => {
                let (w, b) = (k / 64, 1u64 << (k % 64));
                seen[w] |= b;
                if finished {
                    done[w] |= b;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::atom::{atoms, Atom};

    #[test]
    fn back_edges_only_are_cycle_points() {
        let mut h = Heap::new();
        let x = h.new_var();
        let g = h.new_compound(Atom::new("g"), &[x, x]);
        assert!(h.cycle_points(&[g]).is_empty());
        let f = h.new_compound(Atom::new("f"), &[g, g]);
        assert!(
            h.cycle_points(&[f]).is_empty(),
            "shared subterms are not cycles"
        );
        assert!(h.is_acyclic(f));
        h.set(x.addr(), f);
        assert_eq!(h.cycle_points(&[f]), vec![(f.addr() + 1, f)]);
        assert!(!h.is_acyclic(f));
    }

    #[test]
    fn big_walks_switch_to_bit_sets() {
        let mut h = Heap::new();
        let items: Vec<Cell> = (0..10_000).map(Cell::small_int).collect();
        let tail = h.new_var();
        let l = h.list_from_slice(&items, tail);
        assert!(h.cycle_points(&[l]).is_empty());
        let mid = h.list_from_slice(&items[..1], Cell::atom(atoms::NIL));
        h.set(tail.addr(), mid);
        assert!(h.cycle_points(&[l]).is_empty());
        h.set(tail.addr(), l);
        assert_eq!(h.cycle_points(&[l]), vec![(l.addr(), l)]);
        assert!(!h.is_acyclic(l));
    }

    #[test]
    fn shared_subterms_are_counted_as_shared_without_blowing_up() {
        let mut h = Heap::new();
        let v = h.new_var();
        let mut t = h.new_compound(Atom::new("g"), &[v]);
        // 200 levels of f(T, T): 2^200 paths, a few hundred cells.
        for _ in 0..200 {
            t = h.new_compound(Atom::new("f"), &[t, t]);
        }
        assert_eq!(h.var_counts(&[t]).get(&h.deref(v).addr()), Some(&2));
        assert_eq!(h.vars_in_order(&[t]).len(), 1);
        assert!(h.cycle_points(&[t]).is_empty());
        assert!(h.is_acyclic(t));
    }

    #[test]
    fn variables_come_in_order_of_first_occurrence() {
        let mut h = Heap::new();
        let (a, b) = (h.new_var(), h.new_var());
        let t = h.new_compound(Atom::new("f"), &[b, a, b]);
        let order = h.vars_in_order(&[t]);
        assert_eq!(order, vec![b.addr(), a.addr()]);
        let counts = h.var_counts(&[t]);
        assert_eq!((counts[&a.addr()], counts[&b.addr()]), (1, 2));
    }
}
