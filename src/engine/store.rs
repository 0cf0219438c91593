//! Terms stored off the heap: findall results, exception balls, global
//! variables, clause source for `clause/2` and `listing/1`.
//!
//! A stored term is a compact, relocatable cell array (addresses relative to
//! its start), so putting it back on the heap is a copy plus an offset.
//! Copying out is iterative (DESIGN invariant 1).

use super::cell::*;
use super::heap::Heap;
use std::collections::HashMap;

/// A findall/3 bag: the solutions so far and their total size in cells (kept as a running
/// sum, so checking the memory limit on each solution costs O(1)).
#[derive(Clone, Debug, Default)]
pub struct Bag {
    pub items: Vec<Stored>,
    pub cells: usize,
}

#[derive(Clone, Debug, Default)]
pub struct Stored {
    cells: Vec<Cell>,
    root: Cell,
    nvars: usize,
}

/// Relocates a cell from relative to absolute addressing by `base`.
#[inline(always)]
fn shift(c: Cell, base: usize) -> Cell {
    match c.tag() {
        REF | STR | LIS | BOX => Cell(c.0 + ((base as u64) << 3)),
        _ => c,
    }
}

impl Stored {
    /// An atomic stored term (no cells needed).
    pub fn atomic(c: Cell) -> Stored {
        debug_assert!(matches!(c.tag(), ATM | INT));
        Stored {
            cells: Vec::new(),
            root: c,
            nvars: 0,
        }
    }

    /// Copies the term `t` out of the heap.
    pub fn from_heap(heap: &Heap, t: Cell) -> Stored {
        let mut out: Vec<Cell> = Vec::new();
        let mut vars: HashMap<usize, usize> = HashMap::new();
        // (heap address of first argument, out position of first argument, count)
        let mut work: Vec<(usize, usize, usize)> = Vec::new();
        let root = copy_cell(heap, heap.deref(t), None, &mut out, &mut vars, &mut work);
        while let Some((src, dst, n)) = work.pop() {
            for i in 0..n {
                let c = heap.deref(heap.get(src + i));
                let v = copy_cell(heap, c, Some(dst + i), &mut out, &mut vars, &mut work);
                out[dst + i] = v;
            }
        }
        Stored {
            nvars: vars.len(),
            cells: out,
            root,
        }
    }

    /// Copies the stored term onto the heap, with fresh variables.
    pub fn to_heap(&self, heap: &mut Heap) -> Cell {
        if self.cells.is_empty() {
            return self.root;
        }
        let base = heap.len();
        heap.cells.reserve(self.cells.len());
        let mut i = 0;
        while i < self.cells.len() {
            let c = self.cells[i];
            if c.tag() == HDR {
                let n = c.hdr_words();
                heap.cells.extend_from_slice(&self.cells[i..=i + n]);
                i += n + 1;
            } else {
                heap.cells.push(shift(c, base));
                i += 1;
            }
        }
        shift(self.root, base)
    }

    pub fn is_ground(&self) -> bool {
        self.nvars == 0
    }

    /// Number of heap cells `to_heap` will use.
    pub fn size(&self) -> usize {
        self.cells.len()
    }
}

/// Copies one (dereferenced) cell into `out`; `at` is where the result will be
/// stored when it is an argument (an unbound variable is represented there).
fn copy_cell(
    heap: &Heap,
    c: Cell,
    at: Option<usize>,
    out: &mut Vec<Cell>,
    vars: &mut HashMap<usize, usize>,
    work: &mut Vec<(usize, usize, usize)>,
) -> Cell {
    match c.tag() {
        REF => {
            if let Some(&pos) = vars.get(&c.addr()) {
                return Cell::new_ref(pos);
            }
            let pos = match at {
                Some(p) => p,
                None => {
                    out.push(Cell::new_ref(out.len()));
                    out.len() - 1
                }
            };
            vars.insert(c.addr(), pos);
            Cell::new_ref(pos)
        }
        STR => {
            let f = heap.get(c.addr());
            let n = f.fun_arity();
            let pos = out.len();
            out.push(f);
            out.resize(pos + 1 + n, Cell::atom(crate::engine::atom::atoms::NIL));
            work.push((c.addr() + 1, pos + 1, n));
            Cell::str_ptr(pos)
        }
        LIS => {
            let pos = out.len();
            out.resize(pos + 2, Cell::atom(crate::engine::atom::atoms::NIL));
            work.push((c.addr(), pos, 2));
            Cell::lis_ptr(pos)
        }
        BOX => {
            let h = heap.get(c.addr());
            let n = h.hdr_words();
            let pos = out.len();
            out.extend_from_slice(&heap.cells[c.addr()..=c.addr() + n]);
            Cell::box_ptr(pos)
        }
        _ => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::atom::Atom;
    use crate::engine::heap::View;

    #[test]
    fn round_trip_keeps_sharing_and_boxes() {
        let mut h = Heap::new();
        let x = h.new_var();
        let s = h.new_string("knight");
        let f = h.new_float(1.5);
        let t = h.new_compound(Atom::new("f"), &[x, s, x, f]);
        let st = Stored::from_heap(&h, t);
        let mut h2 = Heap::new();
        h2.new_var(); // make addresses differ
        let t2 = st.to_heap(&mut h2);
        match h2.view(t2) {
            View::Compound { arity: 4, args, .. } => {
                assert_eq!(h2.deref(h2.get(args)), h2.deref(h2.get(args + 2)));
                assert!(matches!(h2.view(h2.get(args)), View::Var(_)));
                assert_eq!(h2.view(h2.get(args + 1)), View::Str("knight"));
                assert_eq!(h2.view(h2.get(args + 3)), View::Float(1.5));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn deep_terms_copy_without_recursion() {
        let mut h = Heap::new();
        let mut t = Cell::atom(crate::engine::atom::atoms::NIL);
        for i in 0..1_000_000 {
            t = h.new_list(Cell::small_int(i), t);
        }
        let st = Stored::from_heap(&h, t);
        let mut h2 = Heap::new();
        let t2 = st.to_heap(&mut h2);
        assert_eq!(h2.list_to_vec(t2).unwrap().len(), 1_000_000);
    }
}
