//! Terms stored off the heap: findall results, exception balls, global
//! variables, clause source for `clause/2` and `listing/1`.
//!
//! A stored term is a compact, relocatable cell array (addresses relative to
//! its start), so putting it back on the heap is a copy plus an offset.
//! Copying out is iterative (invariant 1, docs/ARCHITECTURE.md).
//!
//! Tested by: the unit tests below; tests/prolog/allsols.pl (findall/3 bags),
//! tests/prolog/database.pl (global variables, clause/2), tests/prolog/safety.pl (copies
//! keeping sharing and cycles).

use super::cell::*;
use super::heap::Heap;
use super::walk::AddrMap;

/// A findall/3 bag: the solutions so far and their total footprint in cells (kept as a
/// running sum, so checking the memory limit on each solution costs O(1)).
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

    /// The term itself when it is atomic (stored without cells).
    pub fn as_atomic(&self) -> Option<Cell> {
        self.cells.is_empty().then_some(self.root)
    }

    /// Copies the term `t` out of the heap. Sharing and cycles are kept: a tree copy is
    /// tried first, and a copy larger than the heap itself can only come from shared
    /// subterms (or a cycle), so the copy restarts remembering every compound it met.
    pub fn from_heap(heap: &Heap, t: Cell) -> Stored {
        let tree = TREE_COPIER.with(|c| match c.try_borrow_mut() {
            Ok(mut c) => c.run(heap, t, heap.len() + 2),
            Err(_) => Copier::new(false).run(heap, t, heap.len() + 2),
        });
        tree.unwrap_or_else(|| Copier::new(true).run(heap, t, usize::MAX).unwrap())
    }

    /// As [`Stored::from_heap`], but every shared subterm stays shared in the copy
    /// (duplicate_term/2: SWI's copies keep sharing), at the price of remembering
    /// every compound met.
    pub fn from_heap_shared(heap: &Heap, t: Cell) -> Stored {
        Copier::new(true).run(heap, t, usize::MAX).unwrap()
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

    /// The memory this stored term holds, in cells (its own record included), for the
    /// memory limit.
    pub fn footprint(&self) -> usize {
        self.cells.capacity() + std::mem::size_of::<Stored>() / std::mem::size_of::<Cell>()
    }
}

thread_local! {
    /// The tree copier's buffers, kept between copies: most stored terms are a
    /// few cells (asserted facts, findall/3 and table answers), and a copy is
    /// then one allocation, its cells, instead of a few for the buffers'
    /// growth and the variable map.
    static TREE_COPIER: std::cell::RefCell<Copier> = std::cell::RefCell::new(Copier::new(false));
}

/// A copy this long keeps its buffer (moved out of the copier) instead of
/// being copied to one of its exact size.
const KEEP_BUFFER: usize = 1024;

/// Copies out of the heap (see [`Stored::from_heap`]).
struct Copier {
    out: Vec<Cell>,
    /// Heap variable address -> its position in `out`.
    vars: AddrMap<usize>,
    /// Heap compound address -> its copy, when sharing is kept.
    nodes: Option<AddrMap<Cell>>,
    /// (heap address of first argument, out position of first argument, count)
    work: Vec<(usize, usize, usize)>,
}

impl Copier {
    fn new(keep_sharing: bool) -> Copier {
        Copier {
            out: Vec::new(),
            vars: AddrMap::default(),
            nodes: keep_sharing.then(AddrMap::default),
            work: Vec::new(),
        }
    }

    /// The copy, or None once it grows past `budget` cells.
    fn run(&mut self, heap: &Heap, t: Cell, budget: usize) -> Option<Stored> {
        // Clearing a map costs its capacity: one grown by a big copy goes.
        if self.vars.capacity() > KEEP_BUFFER || self.out.capacity() > 4 * KEEP_BUFFER {
            *self = Copier::new(self.nodes.is_some());
        }
        self.out.clear();
        self.vars.clear();
        self.work.clear();
        if let Some(nodes) = &mut self.nodes {
            nodes.clear();
        }
        let root = self.cell(heap, heap.deref(t), None);
        while let Some((src, dst, n)) = self.work.pop() {
            if self.out.len() > budget {
                return None;
            }
            for i in 0..n {
                let c = heap.deref(heap.get(src + i));
                let v = self.cell(heap, c, Some(dst + i));
                self.out[dst + i] = v;
            }
        }
        let cells = if self.out.len() >= KEEP_BUFFER {
            std::mem::take(&mut self.out)
        } else {
            self.out.as_slice().to_vec()
        };
        Some(Stored {
            nvars: self.vars.len(),
            cells,
            root,
        })
    }

    /// Copies one (dereferenced) cell; `at` is where the result will be stored when it is
    /// an argument (an unbound variable is represented there).
    fn cell(&mut self, heap: &Heap, c: Cell, at: Option<usize>) -> Cell {
        let out = &mut self.out;
        match c.tag() {
            REF => {
                if let Some(&pos) = self.vars.get(&c.addr()) {
                    return Cell::new_ref(pos);
                }
                let pos = match at {
                    Some(p) => p,
                    None => {
                        out.push(Cell::new_ref(out.len()));
                        out.len() - 1
                    }
                };
                self.vars.insert(c.addr(), pos);
                Cell::new_ref(pos)
            }
            STR | LIS => {
                if let Some(&done) = self.nodes.as_ref().and_then(|n| n.get(&c.addr())) {
                    return done;
                }
                let pos = out.len();
                let (copy, first, n) = if c.tag() == STR {
                    let f = heap.get(c.addr());
                    out.push(f);
                    (Cell::str_ptr(pos), c.addr() + 1, f.fun_arity())
                } else {
                    (Cell::lis_ptr(pos), c.addr(), 2)
                };
                out.resize(out.len() + n, Cell::atom(crate::term::atom::atoms::NIL));
                self.work.push((first, out.len() - n, n));
                if let Some(nodes) = &mut self.nodes {
                    nodes.insert(c.addr(), copy);
                }
                copy
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::atom::Atom;
    use crate::term::heap::View;

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
        let mut t = Cell::atom(crate::term::atom::atoms::NIL);
        for i in 0..1_000_000 {
            t = h.new_list(Cell::small_int(i), t);
        }
        let st = Stored::from_heap(&h, t);
        let mut h2 = Heap::new();
        let t2 = st.to_heap(&mut h2);
        assert_eq!(h2.list_to_vec(t2).unwrap().len(), 1_000_000);
    }

    #[test]
    fn shared_subterms_are_copied_once() {
        let mut h = Heap::new();
        let mut t = Cell::atom(crate::term::atom::atoms::NIL);
        for _ in 0..60 {
            t = h.new_compound(Atom::new("f"), &[t, t]);
        }
        let st = Stored::from_heap(&h, t);
        assert_eq!(st.size(), 60 * 3);
    }

    #[test]
    fn cyclic_terms_copy_as_cycles() {
        let mut h = Heap::new();
        let x = h.new_var();
        let t = h.new_compound(Atom::new("f"), &[x]);
        h.set(x.addr(), t);
        let st = Stored::from_heap(&h, t);
        let mut h2 = Heap::new();
        let t2 = st.to_heap(&mut h2);
        match h2.view(t2) {
            View::Compound { arity: 1, args, .. } => assert_eq!(h2.deref(h2.get(args)), t2),
            other => panic!("{other:?}"),
        }
    }
}
