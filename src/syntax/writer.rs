//! Term output: `write/1`, `writeq/1`, `print/1`, `write_canonical/1` and `write_term/2`,
//! matching SWI-Prolog 9 character for character (operators, spacing, quoting).
//!
//! The writer is iterative (invariant 1, docs/ARCHITECTURE.md): it keeps an explicit stack of work
//! items, so a list of a million elements or a term nested a million deep is written
//! without Rust recursion. Spacing follows SWI's token rule (`Out::need_space`): a
//! space goes between two tokens only where they would otherwise read back as one.
//!
//! Tested by: the unit tests below; tests/writer_tests.rs, tests/writer_options_tests.rs,
//! tests/writer_deep_tests.rs, tests/writer_fuzz_tests.rs, tests/writer_swi_diff_tests.rs,
//! tests/props_roundtrip.rs.

use super::atom_text::{atom_needs_quotes_opt, is_symbol_char, is_var_name, push_quoted};
use super::write_out::Out;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::Cell;
use crate::term::heap::{Heap, View};
use crate::term::ops::{OpTable, OpType};
use std::collections::HashMap;

pub use super::atom_text::{atom_needs_quotes, quote_atom_if_needed};
pub use super::float_fmt::format_float;

/// How a term is written; the fields are SWI-Prolog's `write_term/2` options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteOptions {
    pub quoted: bool,
    pub ignore_ops: bool,
    /// `'$VAR'(N)` is written as a variable name (`A`, `B`, ..., `Z`, `A1`, ...).
    pub numbervars: bool,
    /// 0 = unlimited; SWI-style elision: lists print `[a,b|...]`, deep arguments `...`.
    pub max_depth: usize,
    /// Lists as `'[|]'(H,T)`.
    pub no_lists: bool,
    /// `{a}` printed as `{a}` (false: `{}(a)`, as `write_canonical` does).
    pub brace_terms: bool,
    /// SWI `spacing(next_argument)`: `f(a, b)` and `[1, 2]` (the top level uses it).
    pub spacing_next_argument: bool,
    /// Lists as `.(H,T)`.
    pub dotlists: bool,
    /// The context priority of the whole term (1200; the top level uses 699).
    pub priority: u16,
    /// Escape special characters as `\uXXXX` instead of `\xHH\` (SWI's
    /// `character_escapes_unicode`, on for `print/1` and `write_term/2`, off for `writeq/1`).
    pub character_escapes_unicode: bool,
    /// Quote every atom with non-ASCII characters (`write_canonical`).
    pub quote_non_ascii: bool,
}

impl Default for WriteOptions {
    fn default() -> Self {
        Self::write()
    }
}

impl WriteOptions {
    /// `write/1`: unquoted, with operators and `'$VAR'` names.
    pub fn write() -> Self {
        WriteOptions {
            quoted: false,
            ignore_ops: false,
            numbervars: true,
            max_depth: 0,
            no_lists: false,
            brace_terms: true,
            spacing_next_argument: false,
            dotlists: false,
            priority: 1200,
            character_escapes_unicode: false,
            quote_non_ascii: false,
        }
    }

    /// `writeq/1`.
    pub fn writeq() -> Self {
        WriteOptions {
            quoted: true,
            ..Self::write()
        }
    }

    /// `print/1` without a `portray/1` hook (the engine routes portray itself).
    pub fn print() -> Self {
        WriteOptions {
            character_escapes_unicode: true,
            ..Self::writeq()
        }
    }

    /// `write_canonical/1` options (use [`write_canonical`] to also get its variable names).
    pub fn canonical() -> Self {
        WriteOptions {
            quoted: true,
            ignore_ops: true,
            numbervars: false,
            brace_terms: false,
            quote_non_ascii: true,
            ..Self::write()
        }
    }
}

/// The name of the unbound variable at heap address `addr` when nobody names it.
pub fn default_var_name(addr: usize) -> String {
    format!("_{addr}")
}

/// How unbound variables are named: by default `_123` from the heap address; the
/// top level passes the query's names. The argument is the variable's heap address.
pub type VarNamer<'a> = &'a dyn Fn(usize) -> Option<String>;

/// Appends the text of term `t` to `out`.
pub fn write_term(
    heap: &Heap,
    ops: &OpTable,
    t: Cell,
    opts: &WriteOptions,
    var_name: Option<VarNamer>,
    out: &mut String,
) {
    let mut w = Writer {
        heap,
        ops,
        opts,
        var_name,
        out: Out::new(out, opts.spacing_next_argument),
        stack: Vec::new(),
        cycles: HashMap::new(),
    };
    // With a depth limit SWI writes cyclic terms directly (the limit stops them).
    let cyclic = if opts.max_depth == 0 {
        heap.cycle_points(&[t])
            .into_iter()
            .map(|(_, c)| c)
            .collect()
    } else {
        Vec::new()
    };
    if cyclic.is_empty() {
        w.stack.push(Item::Term {
            cell: t,
            prec: opts.priority,
            op_arg: false,
            depth: 0,
        });
    } else {
        w.push_cyclic(t, &cyclic);
    }
    w.run();
}

/// `write_canonical/1`: quoted, operators ignored, and variables named as SWI does
/// (`_` for a variable that occurs once, `A`, `B`, ... for the others).
pub fn write_canonical(heap: &Heap, ops: &OpTable, t: Cell, out: &mut String) {
    let opts = WriteOptions::canonical();
    if !heap.is_acyclic(t) {
        return write_term(heap, ops, t, &opts, None, out);
    }
    let counts = heap.var_counts(&[t]);
    let mut names = HashMap::new();
    let mut next = 0;
    for v in heap.vars_in_order(&[t]) {
        if counts.get(&v) == Some(&1) {
            names.insert(v, "_".to_string());
        } else {
            names.insert(v, numbervar_name(next));
            next += 1;
        }
    }
    let namer = |a: usize| names.get(&a).cloned();
    write_term(heap, ops, t, &opts, Some(&namer), out)
}

/// The text of a term as `write_term/2` with `opts` would write it.
pub fn term_to_string(heap: &Heap, ops: &OpTable, t: Cell, opts: &WriteOptions) -> String {
    let mut s = String::new();
    write_term(heap, ops, t, opts, None, &mut s);
    s
}

/// The name `'$VAR'(N)` is written as: `A`..`Z`, then `A1`..`Z1`, ...; `S_N` for negative N.
pub fn numbervar_name(n: i64) -> String {
    if n < 0 {
        return format!("S_{}", n.unsigned_abs());
    }
    let letter = (b'A' + (n % 26) as u8) as char;
    match n / 26 {
        0 => letter.to_string(),
        k => format!("{letter}{k}"),
    }
}

/// One step of pending output. The stack holds them in reverse order.
enum Item {
    /// Write a term in a context of priority `prec`. `op_arg`: it is an operand, so an
    /// atom that is an operator gets parentheses. `depth`: the parent's depth count.
    Term {
        cell: Cell,
        prec: u16,
        op_arg: bool,
        depth: usize,
    },
    /// Write a cycle node in full (the right side of `S_1=...` in `@(T,[S_1=...])`).
    Expand {
        cell: Cell,
        prec: u16,
    },
    /// Text written as is, with no token check (`)`, `]`, `}`).
    Raw(&'static str),
    Comma,
    Infix(Atom),
    /// Infix `.` whose right operand is a number: spaced after a digit.
    DotBeforeDigit,
    Postfix(Atom),
    /// The arguments `i..n` of a compound in canonical form, starting at heap address `at`.
    Args {
        at: usize,
        i: usize,
        n: usize,
        depth: usize,
    },
    /// What follows a list element: `]`, `,Next...`, `|Tail]` or `|...]`.
    ListTail {
        tail: Cell,
        depth: usize,
    },
    /// What follows an element in `.(H,T)` / `'[|]'(H,T)` notation, with `open` parentheses.
    DotTail {
        tail: Cell,
        depth: usize,
        open: usize,
    },
    /// `n` closing parentheses.
    Close(usize),
    /// `S_i=Def` in the substitution list of a cyclic term.
    CycleDef {
        index: usize,
        cell: Cell,
    },
}

struct Writer<'a, 'o> {
    heap: &'a Heap,
    ops: &'a OpTable,
    opts: &'a WriteOptions,
    var_name: Option<VarNamer<'a>>,
    out: Out<'o>,
    stack: Vec<Item>,
    /// Cycle nodes (by argument address) and their `S_i` numbers.
    cycles: HashMap<usize, usize>,
}

impl Writer<'_, '_> {
    fn run(&mut self) {
        while let Some(item) = self.stack.pop() {
            match item {
                Item::Term {
                    cell,
                    prec,
                    op_arg,
                    depth,
                } => self.term(cell, prec, op_arg, depth, false),
                Item::Expand { cell, prec } => self.term(cell, prec, true, 0, true),
                Item::Raw(s) => self.out.raw(s),
                Item::Comma => self.out.comma(),
                Item::Infix(name) => self.infix_op(name),
                Item::DotBeforeDigit => {
                    if self.out.ends_with_digit() {
                        self.out.ch(' ');
                    }
                    self.infix_op(Atom::new("."));
                }
                Item::Postfix(name) => {
                    self.atom(name);
                }
                Item::Args { at, i, n, depth } => {
                    if i > 0 {
                        self.out.comma();
                    }
                    if i + 1 < n {
                        self.stack.push(Item::Args {
                            at,
                            i: i + 1,
                            n,
                            depth,
                        });
                    }
                    self.push_term(self.heap.get(at + i), 999, false, depth);
                }
                Item::ListTail { tail, depth } => self.list_tail(tail, depth),
                Item::DotTail { tail, depth, open } => self.dot_tail(tail, depth, open),
                Item::Close(n) => {
                    for _ in 0..n {
                        self.out.ch(')');
                    }
                }
                Item::CycleDef { index, cell } => self.cycle_def(index, cell),
            }
        }
    }

    fn push_term(&mut self, cell: Cell, prec: u16, op_arg: bool, depth: usize) {
        self.stack.push(Item::Term {
            cell,
            prec,
            op_arg,
            depth,
        });
    }

    fn over_depth(&self, depth: usize) -> bool {
        self.opts.max_depth != 0 && depth > self.opts.max_depth
    }

    fn term(&mut self, cell: Cell, prec: u16, op_arg: bool, depth: usize, expand: bool) {
        let d = depth + 1;
        if self.over_depth(d) {
            self.out.put_open_token('.');
            self.out.raw("...");
            return;
        }
        match self.heap.view(cell) {
            View::Var(addr) => {
                let name = self
                    .var_name
                    .and_then(|f| f(addr))
                    .unwrap_or_else(|| default_var_name(addr));
                self.out.put_token(&name);
            }
            View::Atom(a) => {
                if op_arg && self.ops.is_op(a) {
                    self.out.put_open_token('(');
                    self.out.ch('(');
                    self.atom(a);
                    self.out.ch(')');
                } else {
                    self.atom(a);
                }
            }
            View::Int(i) => {
                self.out.put_token(&i.to_string());
            }
            View::BigInt(b) => {
                self.out.put_token(&b.to_string());
            }
            View::Rational(r) => {
                self.out.put_token(&crate::term::number::rational_text(&r));
            }
            View::Float(f) => {
                self.out.put_token(&format_float(f));
            }
            View::Str(s) => {
                if self.opts.quoted {
                    let mut q = String::with_capacity(s.len() + 2);
                    push_quoted(&mut q, s, '"', self.opts.character_escapes_unicode);
                    self.out.raw(&q);
                } else {
                    self.out.raw(s);
                }
            }
            View::Compound { name, arity, args } => {
                if !expand {
                    if let Some(&i) = self.cycles.get(&args) {
                        let n = self.cycle_name(i);
                        self.out.put_token(&n);
                        return;
                    }
                }
                self.compound(name, arity, args, prec, d);
            }
        }
    }

    /// Writes an atom, quoted if needed; true if a space was put before it.
    fn atom(&mut self, a: Atom) -> bool {
        let name = a.name();
        if a == atoms::DICT && self.opts.quoted {
            // SWI-Prolog's notation for the dict functor, which no atom reads as.
            return self.out.put_token(name);
        }
        if self.opts.quoted && atom_needs_quotes_opt(name, self.opts.quote_non_ascii) {
            let sp = self.out.put_open_token('\'');
            let mut q = String::with_capacity(name.len() + 2);
            push_quoted(&mut q, name, '\'', self.opts.character_escapes_unicode);
            self.out.raw(&q);
            sp
        } else {
            self.out.put_token(name)
        }
    }

    fn compound(&mut self, name: Atom, arity: usize, args: usize, prec: u16, d: usize) {
        let heap = self.heap;
        if self.opts.numbervars && name == atoms::VAR_FUNCTOR && arity == 1 {
            let text = match heap.view(heap.get(args)) {
                View::Int(n) => Some(numbervar_name(n)),
                View::Atom(a) if is_var_name(a.name()) => Some(a.name().to_string()),
                _ => None,
            };
            if let Some(text) = text {
                self.out.put_token(&text);
                return;
            }
        }
        if self.opts.brace_terms && name == atoms::CURLY && arity == 1 {
            self.out.put_token("{");
            self.stack.push(Item::Raw("}"));
            self.push_term(heap.get(args), 1200, false, d);
            return;
        }
        if name == atoms::DICT && arity % 2 == 1 {
            self.dict(args, arity, d);
            return;
        }
        if name == atoms::DOT && arity == 2 {
            if self.opts.dotlists || self.opts.no_lists {
                self.dot_list(args, d, 0);
            } else {
                self.out.ch('[');
                self.stack.push(Item::ListTail {
                    tail: heap.get(args + 1),
                    depth: d,
                });
                self.push_term(heap.get(args), 999, false, d);
            }
            return;
        }
        if !self.opts.ignore_ops && self.operator(name, arity, args, prec, d) {
            return;
        }
        self.atom(name);
        self.out.ch('(');
        self.stack.push(Item::Raw(")"));
        self.stack.push(Item::Args {
            at: args,
            i: 0,
            n: arity,
            depth: d,
        });
    }

    /// `Tag{K1:V1,...}` for the dict whose arguments (tag, then value and key
    /// pairs) are at `args`; each value at argument priority.
    fn dict(&mut self, args: usize, arity: usize, d: usize) {
        let heap = self.heap;
        self.stack.push(Item::Raw("}"));
        let pairs = arity / 2;
        for i in (0..pairs).rev() {
            let (value, key) = (heap.get(args + 1 + 2 * i), heap.get(args + 2 + 2 * i));
            // As SWI: the value at argument priority, `(` spaced from the colon.
            self.push_term(value, 999, false, d);
            self.stack.push(Item::Postfix(atoms::COLON));
            self.push_term(key, 0, false, d);
            if i > 0 {
                self.stack.push(Item::Comma);
            }
        }
        self.stack.push(Item::Raw("{"));
        self.push_term(heap.get(args), 0, false, d);
    }

    /// Writes an operator term; false if `name/arity` is not an operator.
    fn operator(&mut self, name: Atom, arity: usize, args: usize, prec: u16, d: usize) -> bool {
        let heap = self.heap;
        if arity == 1 {
            if let Some(def) = self.ops.prefix(name) {
                let embrace = def.priority > prec;
                if embrace {
                    self.out.put_open_token('(');
                    self.out.ch('(');
                    self.stack.push(Item::Raw(")"));
                }
                self.atom(name);
                // Spacing after a prefix operator: `- (a,b)`, `- {a}`, and `- 1`
                // (so that it does not read back as the number -1).
                self.out.prefix_op = true;
                self.out.prefix_sign = name == atoms::MINUS;
                let p = if def.typ == OpType::Fx {
                    def.priority.saturating_sub(1)
                } else {
                    def.priority
                };
                self.push_term(heap.get(args), p, true, d);
                return true;
            }
            if let Some(def) = self.ops.postfix(name) {
                if def.priority > prec {
                    self.out.put_open_token('(');
                    self.out.ch('(');
                    self.stack.push(Item::Raw(")"));
                }
                self.stack.push(Item::Postfix(name));
                let p = if def.typ == OpType::Xf {
                    def.priority.saturating_sub(1)
                } else {
                    def.priority
                };
                self.push_term(heap.get(args), p, true, d);
                return true;
            }
        } else if arity == 2 {
            if let Some(def) = self.ops.infix(name) {
                if def.priority > prec {
                    self.out.put_open_token('(');
                    self.out.ch('(');
                    self.stack.push(Item::Raw(")"));
                }
                let (lp, rp) = match def.typ {
                    OpType::Xfx => (
                        def.priority.saturating_sub(1),
                        def.priority.saturating_sub(1),
                    ),
                    OpType::Xfy => (def.priority.saturating_sub(1), def.priority),
                    _ => (def.priority, def.priority.saturating_sub(1)),
                };
                // `a. -1` would read as the end of a clause (SWI writes that): `a.(-1)`.
                let dot = name.name() == ".";
                let right = heap.get(args + 1);
                let wrap = dot && self.starts_with_symbol_char(right);
                if wrap {
                    self.stack.push(Item::Raw(")"));
                }
                self.push_term(right, rp, true, d);
                if wrap {
                    self.stack.push(Item::Raw("("));
                }
                // `0.1` would read as a float: `0 .1`.
                let digit_next = dot && !wrap && self.is_number(right);
                self.stack.push(if digit_next {
                    Item::DotBeforeDigit
                } else {
                    Item::Infix(name)
                });
                self.push_term(heap.get(args), lp, true, d);
                return true;
            }
        }
        false
    }

    fn infix_op(&mut self, name: Atom) {
        if name == atoms::COMMA {
            self.out.comma();
        } else if name == atoms::BAR {
            self.out.raw(if self.opts.spacing_next_argument {
                "| "
            } else {
                "|"
            });
        } else if name.name() == "." {
            self.out.put_token(".");
        } else if self.atom(name) {
            // An operator that needed a space before it gets one after it: `a mod b`.
            self.out.ch(' ');
        }
        self.out.infix_op = true;
    }

    fn is_number(&self, c: Cell) -> bool {
        matches!(
            self.heap.view(c),
            View::Int(_) | View::BigInt(_) | View::Float(_) | View::Rational(_)
        )
    }

    /// `c` would be written starting with a symbol char and without parentheses of its
    /// own, so after an infix `.` it would need a space.
    fn starts_with_symbol_char(&self, c: Cell) -> bool {
        let symbolic = |a: Atom| a.name().chars().next().is_some_and(is_symbol_char);
        match self.heap.view(c) {
            View::Int(i) => i < 0,
            View::BigInt(b) => b.sign() == num_bigint::Sign::Minus,
            View::Rational(r) => num_traits::Signed::is_negative(&r),
            View::Float(f) => f.is_sign_negative(),
            View::Atom(a) => symbolic(a) && !self.ops.is_op(a),
            View::Compound { name, arity, .. } => {
                let op_form = match arity {
                    1 => self.ops.prefix(name).is_some() || self.ops.postfix(name).is_some(),
                    2 => self.ops.infix(name).is_some(),
                    _ => false,
                };
                let low_prefix =
                    arity == 1 && self.ops.prefix(name).is_some_and(|d| d.priority < 100);
                symbolic(name) && (!op_form || low_prefix)
            }
            _ => false,
        }
    }

    fn is_list_cell(&self, c: Cell) -> Option<usize> {
        match self.heap.view(c) {
            View::Compound {
                name: atoms::DOT,
                arity: 2,
                args,
            } if !self.cycles.contains_key(&args) => Some(args),
            _ => None,
        }
    }

    fn list_tail(&mut self, tail: Cell, depth: usize) {
        let t = self.heap.deref(tail);
        if t == Cell::atom(atoms::NIL) {
            self.out.ch(']');
            return;
        }
        let nd = depth + 1;
        if self.opts.max_depth != 0 && nd >= self.opts.max_depth {
            self.out.raw("|...]");
            return;
        }
        if let Some(args) = self.is_list_cell(t) {
            self.out.comma();
            self.stack.push(Item::ListTail {
                tail: self.heap.get(args + 1),
                depth: nd,
            });
            self.push_term(self.heap.get(args), 999, false, nd);
        } else {
            self.out.ch('|');
            self.stack.push(Item::Raw("]"));
            self.push_term(t, 999, false, nd);
        }
    }

    /// `.(H,T)` or `'[|]'(H,T)` for the list cell whose arguments are at `args`.
    fn dot_list(&mut self, args: usize, depth: usize, open: usize) {
        if self.opts.dotlists {
            self.out.put_token(".");
        } else {
            self.atom(atoms::DOT);
        }
        self.out.ch('(');
        self.stack.push(Item::DotTail {
            tail: self.heap.get(args + 1),
            depth,
            open: open + 1,
        });
        self.push_term(self.heap.get(args), 999, false, depth);
    }

    fn dot_tail(&mut self, tail: Cell, depth: usize, open: usize) {
        self.out.comma();
        let t = self.heap.deref(tail);
        if t == Cell::atom(atoms::NIL) {
            self.out.put_token("[]");
            self.stack.push(Item::Close(open));
            return;
        }
        let nd = depth + 1;
        if self.opts.max_depth != 0 && nd >= self.opts.max_depth {
            self.out.put_token("...");
            self.stack.push(Item::Close(open));
            return;
        }
        match self.is_list_cell(t) {
            Some(args) => self.dot_list(args, nd, open),
            None => {
                self.stack.push(Item::Close(open));
                self.push_term(t, 999, false, nd);
            }
        }
    }

    fn cycle_name(&self, i: usize) -> String {
        if self.opts.numbervars {
            format!("S_{}", i + 1)
        } else {
            format!("_S{}", i + 1)
        }
    }

    /// A cyclic term is written as SWI does: `@(Template, [S_1=Def, ...])`.
    fn push_cyclic(&mut self, t: Cell, nodes: &[Cell]) {
        for (i, &c) in nodes.iter().enumerate() {
            if let View::Compound { args, .. } = self.heap.view(c) {
                self.cycles.insert(args, i);
            }
        }
        self.atom(Atom::new("@"));
        self.out.ch('(');
        self.stack.push(Item::Raw(")"));
        self.stack.push(Item::Raw("]"));
        for (i, &c) in nodes.iter().enumerate().rev() {
            self.stack.push(Item::CycleDef { index: i, cell: c });
            if i > 0 {
                self.stack.push(Item::Comma);
            }
        }
        self.stack.push(Item::Raw("["));
        self.stack.push(Item::Comma);
        self.push_term(t, 999, false, 0);
    }

    fn cycle_def(&mut self, index: usize, cell: Cell) {
        let name = self.cycle_name(index);
        if self.opts.ignore_ops {
            self.atom(atoms::EQUALS);
            self.out.ch('(');
            self.out.put_token(&name);
            self.out.comma();
            self.stack.push(Item::Raw(")"));
            self.stack.push(Item::Expand { cell, prec: 999 });
        } else {
            self.out.put_token(&name);
            self.infix_op(atoms::EQUALS);
            self.stack.push(Item::Expand { cell, prec: 699 });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbervar_names() {
        assert_eq!(numbervar_name(0), "A");
        assert_eq!(numbervar_name(25), "Z");
        assert_eq!(numbervar_name(26), "A1");
        assert_eq!(numbervar_name(27), "B1");
        assert_eq!(numbervar_name(52), "A2");
        assert_eq!(numbervar_name(-1), "S_1");
    }

    #[test]
    fn operators_and_spacing() {
        let mut h = Heap::new();
        let ops = OpTable::standard();
        let one = Cell::small_int(1);
        let minus_one = h.new_compound(atoms::MINUS, &[one]);
        let t = h.new_compound(atoms::MINUS, &[one, minus_one]);
        let q = WriteOptions::writeq();
        assert_eq!(term_to_string(&h, &ops, minus_one, &q), "- 1");
        assert_eq!(term_to_string(&h, &ops, t, &q), "1- - 1");
        let neg = Cell::small_int(-1);
        let t = h.new_compound(atoms::MINUS, &[one, neg]);
        assert_eq!(term_to_string(&h, &ops, t, &q), "1- -1");
        let c = WriteOptions::canonical();
        assert_eq!(term_to_string(&h, &ops, t, &c), "-(1,-1)");
        let dont = Cell::atom(Atom::new("don't"));
        assert_eq!(term_to_string(&h, &ops, dont, &q), "'don\\'t'");
        assert_eq!(
            term_to_string(&h, &ops, dont, &WriteOptions::write()),
            "don't"
        );
    }

    #[test]
    fn bound_variables_are_followed() {
        let mut h = Heap::new();
        let ops = OpTable::standard();
        let (x, y, tail) = (h.new_var(), h.new_var(), h.new_var());
        let l = h.list_from_slice(&[x, y], tail);
        h.set(x.addr(), Cell::small_int(1));
        h.set(y.addr(), x);
        let rest = h.list_from_slice(&[Cell::atom(atoms::MINUS)], Cell::atom(atoms::NIL));
        h.set(tail.addr(), rest);
        let f = h.new_compound(atoms::MINUS, &[y]);
        let t = h.new_compound(Atom::new("f"), &[l, f]);
        assert_eq!(
            term_to_string(&h, &ops, t, &WriteOptions::writeq()),
            "f([1,1,-],- 1)"
        );
    }
}
