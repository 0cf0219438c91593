//! The writer must not recurse on the Rust stack (invariant 1, docs/ARCHITECTURE.md): terms a
//! million deep, lists a million long, and cyclic terms are written iteratively.
//! The tests run on a thread with a deliberately small stack to prove it.

use knightlog::syntax::writer::{write_canonical, write_term, WriteOptions};
use knightlog::term::atom::{atoms, Atom};
use knightlog::term::cell::Cell;
use knightlog::term::heap::{Heap, View};
use knightlog::term::ops::OpTable;

const N: usize = 1_000_000;

/// Runs `f` on a thread with a 256 KiB stack.
fn small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

fn writeq(h: &Heap, t: Cell) -> String {
    let mut s = String::new();
    write_term(
        h,
        &OpTable::standard(),
        t,
        &WriteOptions::writeq(),
        None,
        &mut s,
    );
    s
}

#[test]
fn million_element_list() {
    small_stack(|| {
        let mut h = Heap::new();
        let items: Vec<Cell> = (0..N as i64).map(Cell::small_int).collect();
        let l = h.list_from_slice(&items, Cell::atom(atoms::NIL));
        let s = writeq(&h, l);
        assert!(s.starts_with("[0,1,2,3,"));
        assert!(s.ends_with(",999998,999999]"));
        let mut c = String::new();
        write_canonical(&h, &OpTable::standard(), l, &mut c);
        assert_eq!(c, s);
        let depth = WriteOptions {
            max_depth: 4,
            ..WriteOptions::writeq()
        };
        let mut d = String::new();
        write_term(&h, &OpTable::standard(), l, &depth, None, &mut d);
        assert_eq!(d, "[0,1,2|...]");
    });
}

#[test]
fn million_deep_compound() {
    small_stack(|| {
        let mut h = Heap::new();
        let f = Atom::new("f");
        let mut t = Cell::atom(Atom::new("a"));
        for _ in 0..N {
            t = h.new_compound(f, &[t]);
        }
        let s = writeq(&h, t);
        assert_eq!(s.len(), 3 * N + 1);
        assert!(s.starts_with("f(f(f("));
        assert!(s.ends_with(&format!("f(a{}", ")".repeat(N))));
    });
}

#[test]
fn million_deep_right_nested_operators() {
    small_stack(|| {
        let mut h = Heap::new();
        let one = Cell::small_int(1);
        let mut t = one;
        for _ in 0..N {
            t = h.new_compound(atoms::PLUS, &[one, t]);
        }
        let s = writeq(&h, t);
        // 1+(1+(...(1+1)...)): every level but the innermost is bracketed.
        assert!(s.starts_with("1+(1+(1+("));
        assert!(s.ends_with(&format!("(1+1{}", ")".repeat(N - 1))));
        assert_eq!(s.len(), 2 * N + 1 + 2 * (N - 1));
    });
}

#[test]
fn million_deep_left_nested_and_prefix_operators() {
    small_stack(|| {
        let mut h = Heap::new();
        let one = Cell::small_int(1);
        let mut t = one;
        for _ in 0..N {
            t = h.new_compound(atoms::MINUS, &[t, one]);
        }
        let s = writeq(&h, t);
        assert_eq!(s, format!("1{}", "-1".repeat(N)));
        let mut p = Cell::atom(Atom::new("a"));
        for _ in 0..N {
            p = h.new_compound(atoms::MINUS, &[p]);
        }
        let s = writeq(&h, p);
        assert_eq!(s, format!("{}a", "- ".repeat(N - 1) + "-"));
    });
}

#[test]
fn million_deep_cyclic_list_is_factored() {
    small_stack(|| {
        let mut h = Heap::new();
        let items: Vec<Cell> = (0..N as i64).map(Cell::small_int).collect();
        let tail = h.new_var();
        let l = h.list_from_slice(&items, tail);
        h.set(tail.addr(), l);
        let s = writeq(&h, l);
        assert!(s.starts_with("@(S_1,[S_1=[0,1,2,"));
        assert!(s.ends_with(",999999|S_1]])"));
    });
}

#[test]
fn deep_term_inside_view_is_consistent() {
    // Sanity: the heap's view of the deep term is what the writer walks.
    let mut h = Heap::new();
    let t = h.new_compound(Atom::new("g"), &[Cell::small_int(1)]);
    assert!(matches!(h.view(t), View::Compound { arity: 1, .. }));
}
