//! TEMPORARY stub until the writer branch lands (same API).
use super::ops::OpTable;
use crate::engine::cell::Cell;
use crate::engine::heap::{Heap, View};

#[derive(Clone, Debug, Default)]
pub struct WriteOptions { pub quoted: bool, pub ignore_ops: bool, pub numbervars: bool, pub max_depth: usize, pub no_lists: bool, pub brace_terms: bool, pub spacing_next_argument: bool, pub dotlists: bool }
impl WriteOptions {
    pub fn write() -> Self { WriteOptions { numbervars: true, ..Default::default() } }
    pub fn writeq() -> Self { WriteOptions { quoted: true, numbervars: true, ..Default::default() } }
    pub fn print() -> Self { Self::writeq() }
    pub fn canonical() -> Self { WriteOptions { quoted: true, ignore_ops: true, ..Default::default() } }
}
pub type VarNamer<'a> = &'a dyn Fn(usize) -> Option<String>;
pub fn write_term(heap: &Heap, _ops: &OpTable, t: Cell, _opts: &WriteOptions, _var_name: Option<VarNamer>, out: &mut String) {
    enum W { T(Cell), S(&'static str) }
    let mut stack = vec![W::T(t)];
    while let Some(w) = stack.pop() {
        match w {
            W::S(s) => out.push_str(s),
            W::T(c) => match heap.view(c) {
                View::Var(a) => out.push_str(&format!("_G{a}")),
                View::Atom(a) => out.push_str(a.name()),
                View::Int(i) => out.push_str(&i.to_string()),
                View::BigInt(b) => out.push_str(&b.to_string()),
                View::Float(f) => out.push_str(&format_float(f)),
                View::Str(s) => out.push_str(s),
                View::Compound { name, arity, args } => {
                    out.push_str(name.name());
                    out.push('(');
                    stack.push(W::S(")"));
                    for i in (0..arity).rev() {
                        stack.push(W::T(heap.get(args + i)));
                        if i > 0 { stack.push(W::S(",")); }
                    }
                }
            },
        }
    }
}
pub fn format_float(f: f64) -> String { let s = format!("{f:?}"); s }
pub fn quote_atom_if_needed(a: &str) -> String { a.to_string() }
pub fn atom_needs_quotes(_a: &str) -> bool { false }
