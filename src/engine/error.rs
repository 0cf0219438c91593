//! ISO error terms (invariant 7, docs/ARCHITECTURE.md).
//!
//! Builtins return a typed `PErr`; it becomes `error(Formal, Context)` on the
//! heap only when thrown, with the builtin's indicator filled in as context.
//!
//! Tested by: tests/engine_tests.rs and tests/builtins_differential.rs (the error terms
//! builtins raise), the error cases of tests/prolog/*.pl.

use crate::term::atom::{atoms, Atom};
use crate::term::cell::Cell;
use crate::term::heap::Heap;

#[derive(Clone, Debug, PartialEq)]
pub enum PErr {
    Instantiation,
    Uninstantiation(Cell),
    Type(Atom, Cell),
    Domain(Atom, Cell),
    Existence(Atom, Cell),
    Permission(Atom, Atom, Cell),
    Representation(Atom),
    Evaluation(Atom),
    Resource(Atom),
    /// syntax_error(Message)
    Syntax(Box<str>),
    /// An arbitrary ball, already on the heap (from throw/1).
    Throw(Cell),
    /// halt/0,1 unwinding to the top.
    Halt(i32),
}

pub type Res<T = bool> = Result<T, PErr>;

impl PErr {
    /// The ISO error term for this error, with `context(Name/Arity, _)` when known.
    pub fn to_term(&self, heap: &mut Heap, ctx: Option<(Atom, usize)>) -> Cell {
        let a = Cell::atom;
        let formal = match self {
            PErr::Throw(ball) => return *ball,
            PErr::Halt(code) => {
                let c = Cell::small_int(*code as i64);
                return heap.new_compound(Atom::new("$halt"), &[c]);
            }
            PErr::Instantiation => a(atoms::INSTANTIATION_ERROR),
            PErr::Uninstantiation(c) => heap.new_compound(atoms::UNINSTANTIATION_ERROR, &[*c]),
            PErr::Type(t, c) => heap.new_compound(atoms::TYPE_ERROR, &[a(*t), *c]),
            PErr::Domain(d, c) => heap.new_compound(atoms::DOMAIN_ERROR, &[a(*d), *c]),
            PErr::Existence(k, c) => heap.new_compound(atoms::EXISTENCE_ERROR, &[a(*k), *c]),
            PErr::Permission(act, ty, c) => {
                heap.new_compound(atoms::PERMISSION_ERROR, &[a(*act), a(*ty), *c])
            }
            PErr::Representation(what) => {
                heap.new_compound(atoms::REPRESENTATION_ERROR, &[a(*what)])
            }
            PErr::Evaluation(what) => heap.new_compound(atoms::EVALUATION_ERROR, &[a(*what)]),
            PErr::Resource(what) => heap.new_compound(atoms::RESOURCE_ERROR, &[a(*what)]),
            PErr::Syntax(msg) => {
                let m = Cell::atom(Atom::new(msg));
                heap.new_compound(atoms::SYNTAX_ERROR, &[m])
            }
        };
        let context = match ctx {
            Some((name, arity)) => {
                let pi = heap.new_compound(atoms::SLASH, &[a(name), Cell::small_int(arity as i64)]);
                let msg = heap.new_var();
                heap.new_compound(atoms::CONTEXT, &[pi, msg])
            }
            None => heap.new_var(),
        };
        heap.new_compound(atoms::ERROR, &[formal, context])
    }
}
