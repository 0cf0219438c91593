//! Graph walks over a term that the writer needs before it starts: finding the
//! compound nodes that close a cycle, and counting variable occurrences for
//! `write_canonical`. Both are iterative (DESIGN invariant 1).

use super::writer::numbervar_name;
use crate::engine::cell::{Cell, LIS, REF, STR};
use crate::engine::heap::Heap;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A multiplicative hash for heap addresses: SipHash made the cycle check the
/// most expensive part of writing a long list.
#[derive(Default)]
pub(crate) struct AddrHasher(u64);

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

pub(crate) type AddrMap<V> = HashMap<usize, V, BuildHasherDefault<AddrHasher>>;

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
    let mut marks = Marks::new(heap.len());
    let mut found: Vec<Cell> = Vec::new();
    let mut found_at: AddrMap<()> = AddrMap::default();
    let mut stack: Vec<(usize, usize, usize)> = vec![(args, arity, 0)];
    marks.set(args, false);
    while let Some(top) = stack.last_mut() {
        let (at, n, i) = *top;
        if i == n {
            marks.set(at, true);
            stack.pop();
            continue;
        }
        top.2 += 1;
        let c = heap.deref(heap.get(at + i));
        if let Some((a2, n2)) = compound(heap, c) {
            match marks.get(a2) {
                Some(false) => {
                    if found_at.insert(a2, ()).is_none() {
                        found.push(c);
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
    found
}

/// `write_canonical`'s variable names: `_` for a variable that occurs once, `A`, `B`,
/// ... for the others in order of first occurrence. None if the term is cyclic.
pub fn occurrence_names(heap: &Heap, t: Cell) -> Option<AddrMap<String>> {
    if !find_cycles(heap, t).is_empty() {
        return None;
    }
    let mut count: AddrMap<u32> = AddrMap::default();
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
    let mut names = AddrMap::default();
    let mut next = 0;
    for v in order {
        if count.get(&v) == Some(&1) {
            names.insert(v, "_".to_string());
        } else {
            names.insert(v, numbervar_name(next));
            next += 1;
        }
    }
    Some(names)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::atom::Atom;

    #[test]
    fn finds_back_edges_only() {
        let mut h = Heap::new();
        let x = h.new_var();
        let g = h.new_compound(Atom::new("g"), &[x, x]);
        assert!(find_cycles(&h, g).is_empty());
        let f = h.new_compound(Atom::new("f"), &[g, g]);
        assert!(
            find_cycles(&h, f).is_empty(),
            "shared subterms are not cycles"
        );
        h.set(x.addr(), f);
        assert_eq!(find_cycles(&h, f), vec![f]);
    }

    #[test]
    fn big_walks_switch_to_bit_sets() {
        let mut h = Heap::new();
        let items: Vec<Cell> = (0..10_000).map(Cell::small_int).collect();
        let tail = h.new_var();
        let l = h.list_from_slice(&items, tail);
        assert!(find_cycles(&h, l).is_empty());
        let mid = h.list_from_slice(&items[..1], Cell::atom(crate::engine::atom::atoms::NIL));
        h.set(tail.addr(), mid);
        assert!(find_cycles(&h, l).is_empty());
        h.set(tail.addr(), l);
        assert_eq!(find_cycles(&h, l), vec![l]);
    }
}
