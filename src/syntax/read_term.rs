//! What the reader hands to the engine: one clause or query as a flat node arena.
//!
//! A flat arena (not a tree of boxes) so that a term nested a million deep is
//! built, walked and dropped without recursion on the Rust stack.
//!
//! Tested by: the unit tests below; every reader test reads into it (tests/reader_tests.rs,
//! tests/reader_deep.rs for million-deep terms built and dropped without recursion).

use crate::term::atom::{atoms, Atom};
use crate::term::cell::Cell;
use crate::term::heap::Heap;
use num_bigint::BigInt;
use std::collections::HashSet;
use std::sync::Mutex;

/// The functors (arity > 0) of every compound term read so far: what
/// current_functor/2 knows besides the predicates.
static READ_FUNCTORS: Mutex<Option<HashSet<(Atom, u32)>>> = Mutex::new(None);

/// The functors of the compound terms read so far.
pub fn read_functors() -> Vec<(Atom, usize)> {
    let set = READ_FUNCTORS.lock().unwrap_or_else(|e| e.into_inner());
    set.iter()
        .flat_map(|s| s.iter())
        .map(|&(a, n)| (a, n as usize))
        .collect()
}

/// Whether a compound term with this functor has been read.
pub fn functor_was_read(name: Atom, arity: usize) -> bool {
    let set = READ_FUNCTORS.lock().unwrap_or_else(|e| e.into_inner());
    set.as_ref()
        .is_some_and(|s| s.contains(&(name, arity as u32)))
}

/// A byte offset into the source text plus its 1-based line and column.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pos {
    pub offset: usize,
    pub line: usize,
    pub column: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// A variable: index into `ReadTerm::vars`. Each `_` gets its own entry.
    Var(u32),
    Atom(Atom),
    Int(i64),
    BigInt(BigInt),
    Float(f64),
    /// A non-integer rational (`1r3`), boxed to keep nodes small.
    Rational(Box<num_rational::BigRational>),
    /// A double-quoted string when the `double_quotes` flag is `string`
    /// (with `codes`, `chars` or `atom` the reader produces lists / atoms instead).
    Str(String),
    /// A compound: its arguments are `ReadTerm::args[first .. first + arity]`,
    /// each an index into `ReadTerm::nodes`. Lists use the functor `'[|]'/2`.
    Compound {
        name: Atom,
        first: u32,
        arity: u32,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct VarInfo {
    /// The source name (`X`, `_Foo`) or `_` for anonymous variables.
    pub name: String,
    /// How many times the variable occurs in the term (for singleton warnings).
    pub occurrences: u32,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReadTerm {
    pub nodes: Vec<Node>,
    pub args: Vec<u32>,
    /// Index of the root node in `nodes`.
    pub root: u32,
    pub vars: Vec<VarInfo>,
    /// Where the term starts (its first token) and where its end token is.
    pub start: Pos,
    pub end: Pos,
    /// The term has a `'.'/2` compound: dict functional notation (`D.key`,
    /// `D.put(k, V)`) that clause compilation and the top level expand.
    pub dict_calls: bool,
}

impl ReadTerm {
    /// The term built on the heap, with its variable names in order of first occurrence.
    /// Iterative: a term nested a million deep is built without Rust recursion.
    pub fn to_heap(&self, heap: &mut Heap) -> (Cell, Vec<(String, Cell)>) {
        let rt = self;
        let vars: Vec<Cell> = rt.vars.iter().map(|_| heap.new_var()).collect();
        let mut built: Vec<Option<Cell>> = vec![None; rt.nodes.len()];
        let mut stack: Vec<u32> = vec![rt.root];
        while let Some(&i) = stack.last() {
            if built[i as usize].is_some() {
                stack.pop();
                continue;
            }
            let cell = match rt.node(i) {
                Node::Var(v) => vars[*v as usize],
                Node::Atom(a) => Cell::atom(*a),
                Node::Int(n) => heap.new_int(*n),
                Node::BigInt(b) => heap.new_bigint(b),
                Node::Float(f) => heap.new_float(*f),
                Node::Rational(r) => heap.new_rational(r),
                Node::Str(s) => heap.new_string(s),
                Node::Compound { name, first, arity } => {
                    let args = rt.args_of(*first, *arity);
                    let missing: Vec<u32> = args
                        .iter()
                        .copied()
                        .filter(|&a| built[a as usize].is_none())
                        .collect();
                    if !missing.is_empty() {
                        stack.extend(missing);
                        continue;
                    }
                    let cells: Vec<Cell> = args
                        .iter()
                        .map(|&a| built[a as usize].unwrap_or(Cell(0)))
                        .collect();
                    heap.new_compound(*name, &cells)
                }
            };
            built[i as usize] = Some(cell);
            stack.pop();
        }
        let functors = rt.nodes.iter().filter_map(|n| match n {
            Node::Compound { name, arity, .. } => Some((*name, *arity)),
            _ => None,
        });
        READ_FUNCTORS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get_or_insert_with(HashSet::new)
            .extend(functors);
        let names = rt
            .vars
            .iter()
            .zip(vars)
            .map(|(v, c)| (v.name.clone(), c))
            .collect();
        (
            built[rt.root as usize].unwrap_or(Cell::atom(atoms::NIL)),
            names,
        )
    }

    pub fn node(&self, i: u32) -> &Node {
        &self.nodes[i as usize]
    }

    /// Argument node indices of a compound node.
    pub fn args_of(&self, first: u32, arity: u32) -> &[u32] {
        &self.args[first as usize..(first + arity) as usize]
    }

    /// Names of variables that occur once and are not `_`-prefixed (SWI's singleton rule).
    pub fn singletons(&self) -> Vec<&str> {
        self.vars
            .iter()
            .filter(|v| v.occurrences == 1 && !v.name.starts_with('_'))
            .map(|v| v.name.as_str())
            .collect()
    }

    /// Appends a node and returns its index (used by the reader and by tests).
    pub fn push(&mut self, n: Node) -> u32 {
        self.nodes.push(n);
        (self.nodes.len() - 1) as u32
    }

    /// Appends a compound whose arguments are existing nodes.
    pub fn push_compound(&mut self, name: Atom, args: &[u32]) -> u32 {
        let first = self.args.len() as u32;
        self.dict_calls |= name == atoms::DICT_CALL && args.len() == 2;
        self.args.extend_from_slice(args);
        self.push(Node::Compound {
            name,
            first,
            arity: args.len() as u32,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::heap::{Heap, View};

    fn var(name: &str, occurrences: u32) -> VarInfo {
        VarInfo {
            name: name.into(),
            occurrences,
        }
    }

    #[test]
    fn to_heap_shares_variables_and_keeps_their_names() {
        // f(X, _, X, Y, "s", 1.5)
        let mut rt = ReadTerm {
            vars: vec![var("X", 2), var("_", 1), var("Y", 1)],
            ..ReadTerm::default()
        };
        let x = rt.push(Node::Var(0));
        let anon = rt.push(Node::Var(1));
        let y = rt.push(Node::Var(2));
        let s = rt.push(Node::Str("s".into()));
        let fl = rt.push(Node::Float(1.5));
        rt.root = rt.push_compound(Atom::new("f"), &[x, anon, x, y, s, fl]);
        assert_eq!(rt.singletons(), ["Y"]);
        let mut heap = Heap::new();
        let (t, names) = rt.to_heap(&mut heap);
        let View::Compound { name, arity, args } = heap.view(t) else {
            panic!("not a compound: {:?}", heap.view(t));
        };
        assert_eq!((name.name(), arity), ("f", 6));
        let arg = |i: usize| heap.view(heap.get(args + i));
        let (View::Var(a0), View::Var(a1), View::Var(a2), View::Var(a3)) =
            (arg(0), arg(1), arg(2), arg(3))
        else {
            panic!("arguments 1-4 are not variables");
        };
        assert_eq!(a0, a2, "both X are one variable");
        assert!(a0 != a1 && a1 != a3 && a0 != a3);
        assert_eq!((arg(4), arg(5)), (View::Str("s"), View::Float(1.5)));
        let names: Vec<(&str, View)> = names
            .iter()
            .map(|(n, c)| (n.as_str(), heap.view(*c)))
            .collect();
        assert_eq!(
            names,
            [
                ("X", View::Var(a0)),
                ("_", View::Var(a1)),
                ("Y", View::Var(a3))
            ]
        );
    }

    #[test]
    fn a_million_deep_term_is_built_without_recursion() {
        const DEPTH: usize = 1_000_000;
        let mut rt = ReadTerm::default();
        let mut t = rt.push(Node::Atom(atoms::NIL));
        for _ in 0..DEPTH {
            t = rt.push_compound(Atom::new("s"), &[t]);
        }
        rt.root = t;
        let mut heap = Heap::new();
        let (mut c, _) = rt.to_heap(&mut heap);
        let mut depth = 0;
        while let View::Compound { args, .. } = heap.view(c) {
            c = heap.get(args);
            depth += 1;
        }
        assert_eq!((depth, heap.view(c)), (DEPTH, View::Atom(atoms::NIL)));
    }
}
