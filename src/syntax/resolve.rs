//! Operator resolution: turns the item runs of one clause into the flat
//! `ReadTerm` arena, against the live operator table.
//!
//! Each run is resolved by an operator-precedence loop with an explicit frame
//! stack (the iterative form of precedence climbing), so neither `- - - a` nor
//! `a, b, c, ...` a million long recurses on the Rust stack. Bracketed runs are
//! resolved before the runs that contain them (see `items`), so a run's nested
//! terms are already arena nodes when it is resolved.
//!
//! Tested by: the unit tests below; tests/reader_tests.rs, tests/reader_deep.rs,
//! tests/reader_swi.rs.

use super::items::{Builder, Item, Run, RunKind};
use super::lexer::{TokKind, TokenBuf};
use super::read_term::{Node, ReadTerm};
use super::reader::{DoubleQuotes, ReadOptions};
use crate::term::atom::{atoms, Atom};
use crate::term::number::Number;
use crate::term::ops::{OpDef, OpTable, OpType};
use std::collections::HashMap;

/// The priority allowed for an argument or list element. ISO says 999; we
/// accept up to 1200 like SWI-Prolog 7+, so `assertz(a :- b)` reads. Every term
/// ISO accepts reads the same either way (argument runs are already split at
/// their commas).
const ARG_MAX: u16 = 1200;

/// The comma operator; `op/3` may not change it.
const COMMA_OP: OpDef = OpDef {
    priority: 1000,
    typ: OpType::Xfy,
};

/// A resolution error at a token of the clause.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolveError {
    pub tok: usize,
    pub message: &'static str,
}

fn err<T>(tok: u32, message: &'static str) -> Result<T, ResolveError> {
    Err(ResolveError {
        tok: tok as usize,
        message,
    })
}

/// An operator waiting for its right operand.
struct Frame {
    op: Atom,
    prio: u16,
    /// The left operand of an infix operator; `None` for a prefix operator.
    left: Option<u32>,
    /// The maximum priority of the level the operator belongs to.
    max: u16,
}

/// How a name in operand position is used.
enum Prefix {
    /// `-` directly followed by a number token: a negative number.
    Negative(u32),
    /// A prefix operator applied to what follows.
    Apply(Atom, OpDef, u32),
}

/// A name in operator position.
struct Infix {
    name: Atom,
    def: OpDef,
    postfix: bool,
    tok: u32,
    /// `a-(1)`: the operator is the name of a `name(...)` run (index given),
    /// whose parenthesised contents are the right operand.
    run: Option<u32>,
}

type Resolved = Result<u32, ResolveError>;

/// Work buffers, kept from clause to clause so they keep their capacity.
#[derive(Default)]
pub struct Scratch {
    /// The node each run resolved to, by run index. Only the readings of
    /// `name(...)` runs may hold an error: which reading counts is decided
    /// later, by the run the item belongs to.
    results: Vec<Resolved>,
    /// For `name(...)` and `name{...}` runs whose name is an infix operator:
    /// the reading as infix operator plus parenthesised (or curly) operand, as
    /// SWI-Prolog reads `a-(1)` and `x is{a}`.
    /// Both readings are resolved, so one of them is left unreachable.
    paren_readings: HashMap<u32, Resolved>,
    frames: Vec<Frame>,
    elems: Vec<u32>,
}

pub struct Resolver<'s> {
    buf: &'s TokenBuf,
    runs: &'s Builder,
    ops: &'s OpTable,
    opts: &'s ReadOptions,
    term: ReadTerm,
    s: &'s mut Scratch,
}

impl<'s> Resolver<'s> {
    pub fn new(
        buf: &'s TokenBuf,
        runs: &'s Builder,
        ops: &'s OpTable,
        opts: &'s ReadOptions,
        scratch: &'s mut Scratch,
    ) -> Self {
        scratch.results.clear();
        scratch.paren_readings.clear();
        Resolver {
            buf,
            runs,
            ops,
            opts,
            term: ReadTerm::default(),
            s: scratch,
        }
    }

    /// Resolves every run; the last run is the clause and gives the root.
    pub fn resolve(mut self) -> Result<ReadTerm, ResolveError> {
        let runs = self.runs;
        self.s.results.reserve(runs.runs.len());
        self.term.vars = self.buf.vars.clone();
        for (r, run) in runs.runs.iter().enumerate() {
            let items = runs.items(run);
            let node = match run.kind {
                RunKind::Top | RunKind::Paren => self.piece(items, 1200, run.close)?,
                RunKind::Curly => {
                    let inner = self.piece(items, 1200, run.close)?;
                    self.term.push_compound(atoms::CURLY, &[inner])
                }
                RunKind::Args => {
                    let name = self.buf.atom(run.open as usize);
                    let compound = self.arguments(run, items);
                    if self.ops.infix(name).is_some() {
                        let paren = self.piece(items, 1200, run.close);
                        self.s.paren_readings.insert(r as u32, paren);
                        self.s.results.push(compound);
                        continue;
                    }
                    compound?
                }
                RunKind::List => self.list(run, items)?,
                RunKind::Dict => {
                    let dict = self.dict(run, items);
                    let tag = self.buf.toks[run.open as usize];
                    let infix_tag = matches!(tag.kind, TokKind::Name | TokKind::QName)
                        && self.ops.infix(Atom(tag.val)).is_some();
                    if infix_tag {
                        // After an operand, `x is{a}` is `is/2` applied to `{a}`,
                        // as SWI reads it: keep that reading beside the dict.
                        let curly = if items.is_empty() {
                            Ok(self.term.push(Node::Atom(atoms::CURLY)))
                        } else {
                            self.piece(items, 1200, run.close)
                                .map(|inner| self.term.push_compound(atoms::CURLY, &[inner]))
                        };
                        self.s.paren_readings.insert(r as u32, curly);
                        self.s.results.push(dict);
                        continue;
                    }
                    dict?
                }
            };
            self.s.results.push(Ok(node));
        }
        self.term.root = match self.s.results.last() {
            Some(&Ok(root)) => root,
            _ => 0,
        };
        if self.s.paren_readings.is_empty() {
            Ok(self.term)
        } else {
            Ok(compact(self.term))
        }
    }

    fn kind(&self, item: Item) -> Option<TokKind> {
        match item {
            Item::Tok(t) => Some(self.buf.toks[t as usize].kind),
            _ => None,
        }
    }

    /// The first token of an item, for error positions.
    fn first_tok(&self, item: Item) -> u32 {
        match item {
            Item::Tok(t) | Item::EmptyList(t) | Item::EmptyCurly(t) => t,
            Item::Run(r) => self.runs.runs[r as usize].open,
        }
    }

    /// Splits an argument run at its commas and builds the compound.
    fn arguments(&mut self, run: &Run, items: &[Item]) -> Result<u32, ResolveError> {
        let mut args = std::mem::take(&mut self.s.elems);
        args.clear();
        let mut from = 0;
        for (i, &item) in items.iter().enumerate() {
            let Item::Tok(comma) = item else { continue };
            if self.kind(item) == Some(TokKind::Comma) {
                args.push(self.nonempty_piece(&items[from..i], comma)?);
                from = i + 1;
            }
        }
        args.push(self.nonempty_piece(&items[from..], run.close)?);
        let name = self.buf.atom(run.open as usize);
        let node = self.term.push_compound(name, &args);
        self.s.elems = args;
        Ok(node)
    }

    /// Splits a list run into elements and an optional tail after `|`, and
    /// builds the list from its end (iteratively, whatever its length).
    fn list(&mut self, run: &Run, items: &[Item]) -> Result<u32, ResolveError> {
        let mut elems = std::mem::take(&mut self.s.elems);
        elems.clear();
        let mut from = 0;
        let mut tail = None;
        for (i, &item) in items.iter().enumerate() {
            let kind = self.kind(item);
            let Item::Tok(sep) = item else { continue };
            if kind != Some(TokKind::Comma) && kind != Some(TokKind::Bar) {
                continue;
            }
            if tail.is_some() {
                return err(sep, "Unexpected comma or bar in rest of list");
            }
            elems.push(self.nonempty_piece(&items[from..i], sep)?);
            from = i + 1;
            if kind == Some(TokKind::Bar) {
                tail = Some(from);
            }
        }
        let last = self.nonempty_piece(&items[from..], run.close)?;
        let mut acc = if tail.is_some() {
            last
        } else {
            elems.push(last);
            self.term.push(Node::Atom(atoms::NIL))
        };
        for &e in elems.iter().rev() {
            acc = self.term.push_compound(atoms::DOT, &[e, acc]);
        }
        self.s.elems = elems;
        Ok(acc)
    }

    /// A dict literal: its tag (variable or atom) and `Key: Value` pairs, as
    /// the term `C'dict'(Tag, V1, K1, V2, K2, ...)` with the keys in standard
    /// order (integers, then atoms alphabetically).
    fn dict(&mut self, run: &Run, items: &[Item]) -> Result<u32, ResolveError> {
        let tag_tok = self.buf.toks[run.open as usize];
        let tag = match tag_tok.kind {
            TokKind::Var => self.term.push(Node::Var(tag_tok.val)),
            _ => self.term.push(Node::Atom(Atom(tag_tok.val))),
        };
        // (key, value node, token where the pair starts)
        let mut pairs: Vec<(DictKey, u32, u32)> = Vec::new();
        let mut from = 0;
        let mut pieces = Vec::new();
        for (i, &item) in items.iter().enumerate() {
            if let Item::Tok(comma) = item {
                if self.kind(item) == Some(TokKind::Comma) {
                    pieces.push((from, i, comma));
                    from = i + 1;
                }
            }
        }
        if !items.is_empty() {
            pieces.push((from, items.len(), run.close));
        }
        for (from, to, end) in pieces {
            let start = match items.get(from) {
                Some(&item) => self.first_tok(item),
                None => end,
            };
            let node = self.nonempty_piece(&items[from..to], end)?;
            let Node::Compound {
                name: atoms::COLON,
                first,
                arity: 2,
            } = *self.term.node(node)
            else {
                return err(start, "colon_expected");
            };
            let (k, v) = (
                self.term.args[first as usize],
                self.term.args[first as usize + 1],
            );
            let key = match self.term.node(k) {
                Node::Atom(a) => DictKey::Atom(*a),
                Node::Int(i) => DictKey::Int(*i),
                _ => return err(start, "key_expected"),
            };
            pairs.push((key, v, start));
        }
        pairs.sort_by_key(|p| p.0);
        if let Some(w) = pairs.windows(2).find(|w| w[0].0 == w[1].0) {
            return err(w[1].2, "duplicate_key");
        }
        let mut args = Vec::with_capacity(1 + 2 * pairs.len());
        args.push(tag);
        for (key, v, _) in pairs {
            args.push(v);
            args.push(match key {
                DictKey::Int(i) => self.term.push(Node::Int(i)),
                DictKey::Atom(a) => self.term.push(Node::Atom(a)),
            });
        }
        Ok(self.term.push_compound(atoms::DICT, &args))
    }

    /// An argument or list element; `end` is the token after it, blamed when
    /// the element is missing (`f(a,)`, `[a|]`).
    fn nonempty_piece(&mut self, items: &[Item], end: u32) -> Result<u32, ResolveError> {
        if items.is_empty() {
            return err(end, "Illegal start of term");
        }
        self.piece(items, ARG_MAX, end)
    }

    /// Resolves a run of items holding one term of priority at most `max`;
    /// `end` is the token after them.
    fn piece(&mut self, items: &[Item], max: u16, end: u32) -> Result<u32, ResolveError> {
        self.s.frames.clear();
        let mut i = 0;
        let mut max = max;
        'operand: loop {
            // Expecting an operand, possibly behind prefix operators.
            let Some(&item) = items.get(i) else {
                // An operator is waiting for an operand that never came:
                // the token where it should have been is blamed, as SWI does.
                return err(end, "Unbalanced operator");
            };
            let mut left = match self.prefix(items, i) {
                Some(Prefix::Negative(t)) => {
                    i += 2;
                    let n = self.buf.nums[self.buf.toks[t as usize].val as usize].clone();
                    self.number(-n)
                }
                Some(Prefix::Apply(op, def, tok)) => {
                    if def.priority > max {
                        return err(tok, "Operator priority clash");
                    }
                    self.s.frames.push(Frame {
                        op,
                        prio: def.priority,
                        left: None,
                        max,
                    });
                    max = def.right_max();
                    i += 1;
                    continue 'operand;
                }
                None => {
                    i += 1;
                    self.operand(item)?
                }
            };
            let mut left_prio = 0;
            // Have an operand: extend it with infix and postfix operators, or
            // hand it to the operator waiting for it.
            loop {
                if let Some(&item) = items.get(i) {
                    let Some(op) = self.infix(items, i) else {
                        return err(self.first_tok(item), "Operator expected");
                    };
                    if op.def.priority <= max {
                        if left_prio > op.def.left_max() {
                            return err(op.tok, "Operator priority clash");
                        }
                        i += 1;
                        if let Some(r) = op.run {
                            // The operand is already here: `a-(1)`.
                            self.s.frames.push(Frame {
                                op: op.name,
                                prio: op.def.priority,
                                left: Some(left),
                                max,
                            });
                            max = op.def.right_max();
                            left = self.s.paren_readings[&r].clone()?;
                            left_prio = 0;
                            continue;
                        }
                        if op.postfix {
                            left = self.term.push_compound(op.name, &[left]);
                            left_prio = op.def.priority;
                            continue;
                        }
                        self.s.frames.push(Frame {
                            op: op.name,
                            prio: op.def.priority,
                            left: Some(left),
                            max,
                        });
                        max = op.def.right_max();
                        continue 'operand;
                    }
                    // The operator binds less tightly than this level allows:
                    // this level's term is complete.
                }
                let Some(f) = self.s.frames.pop() else {
                    // Only an operator above the run's maximum can be left over.
                    if let Some(&item) = items.get(i) {
                        return err(self.first_tok(item), "Operator priority clash");
                    }
                    return Ok(left);
                };
                left = match f.left {
                    Some(l) => self.term.push_compound(f.op, &[l, left]),
                    None => self.term.push_compound(f.op, &[left]),
                };
                left_prio = f.prio;
                max = f.max;
            }
        }
    }

    /// Is the name at `items[i]` (in operand position) a prefix operator applied
    /// to what follows, or the first half of a negative number? `None`: it is
    /// an operand by itself.
    fn prefix(&self, items: &[Item], i: usize) -> Option<Prefix> {
        let Item::Tok(t) = items[i] else { return None };
        let tok = &self.buf.toks[t as usize];
        if !matches!(tok.kind, TokKind::Name | TokKind::QName) {
            return None;
        }
        let atom = Atom(tok.val);
        let next = items.get(i + 1).copied();
        if tok.kind == TokKind::Name && atom == atoms::MINUS {
            if let Some(Item::Tok(n)) = next {
                let num = &self.buf.toks[n as usize];
                if num.kind == TokKind::Num && !num.layout_before {
                    return Some(Prefix::Negative(n));
                }
            }
        }
        let def = self.ops.prefix(atom)?;
        // A prefix operator is an atom when nothing follows, or when an infix
        // or postfix operator follows that cannot itself start the operand
        // (`- = +`, `f(-, +)`); `- - a` and `\+ \+ a` nest.
        let applied = match next {
            None => false,
            Some(Item::Tok(n)) => match self.buf.toks[n as usize].kind {
                TokKind::Comma | TokKind::Bar => false,
                TokKind::Name | TokKind::QName => {
                    let a = self.buf.atom(n as usize);
                    self.ops.prefix(a).is_some()
                        || (self.ops.infix(a).is_none() && self.ops.postfix(a).is_none())
                }
                _ => true,
            },
            Some(_) => true,
        };
        applied.then_some(Prefix::Apply(atom, def, t))
    }

    /// The infix or postfix operator at `items[i]` (in operator position).
    fn infix(&self, items: &[Item], i: usize) -> Option<Infix> {
        let t = match items[i] {
            Item::Tok(t) => t,
            Item::Run(r) if self.s.paren_readings.contains_key(&r) => {
                let tok = self.runs.runs[r as usize].open;
                let name = self.buf.atom(tok as usize);
                return Some(Infix {
                    name,
                    def: self.ops.infix(name)?,
                    postfix: false,
                    tok,
                    run: Some(r),
                });
            }
            _ => return None,
        };
        let tok = &self.buf.toks[t as usize];
        let infix = |name, def| Infix {
            name,
            def,
            postfix: false,
            tok: t,
            run: None,
        };
        match tok.kind {
            TokKind::Comma => Some(infix(atoms::COMMA, COMMA_OP)),
            // An infix bar (priority >= 1001, enforced by `op/3`) reads as
            // `'|'(A, B)`, as in SWI-Prolog 7; bodies and DCGs treat it as `;`.
            TokKind::Bar => self.ops.infix(atoms::BAR).map(|d| infix(atoms::BAR, d)),
            TokKind::Name | TokKind::QName => {
                let name = Atom(tok.val);
                match (self.ops.infix(name), self.ops.postfix(name)) {
                    (Some(d), None) => Some(infix(name, d)),
                    (Some(d), Some(p)) => {
                        // Both: infix if something follows that can be an operand.
                        let operand_follows = items.get(i + 1).is_some_and(|&n| {
                            !matches!(self.kind(n), Some(TokKind::Comma | TokKind::Bar))
                        });
                        Some(if operand_follows {
                            infix(name, d)
                        } else {
                            Infix {
                                postfix: true,
                                ..infix(name, p)
                            }
                        })
                    }
                    (None, Some(p)) => Some(Infix {
                        postfix: true,
                        ..infix(name, p)
                    }),
                    (None, None) => None,
                }
            }
            _ => None,
        }
    }

    /// The node of an item standing by itself as an operand.
    fn operand(&mut self, item: Item) -> Result<u32, ResolveError> {
        let t = match item {
            Item::Run(r) => return self.s.results[r as usize].clone(),
            Item::EmptyList(_) => return Ok(self.term.push(Node::Atom(atoms::NIL))),
            Item::EmptyCurly(_) => return Ok(self.term.push(Node::Atom(atoms::CURLY))),
            Item::Tok(t) => t,
        };
        let buf = self.buf;
        let tok = buf.toks[t as usize];
        Ok(match tok.kind {
            TokKind::Name | TokKind::QName => self.term.push(Node::Atom(Atom(tok.val))),
            TokKind::Var => self.term.push(Node::Var(tok.val)),
            TokKind::Num => self.number(buf.nums[tok.val as usize].clone()),
            TokKind::Str => self.text(tok.val, self.opts.double_quotes),
            TokKind::BackQ => self.text(tok.val, self.opts.back_quotes),
            TokKind::Comma | TokKind::Bar => {
                return err(t, "Operand expected, unquoted comma or bar found")
            }
            // Brackets and the end token never appear as items.
            _ => return err(t, "Illegal start of term"),
        })
    }

    fn number(&mut self, n: Number) -> u32 {
        self.term.push(match n {
            Number::Int(i) => Node::Int(i),
            Number::Big(b) => Node::BigInt(b),
            Number::Float(f) => Node::Float(f),
            Number::Rat(r) => Node::Rational(r),
        })
    }

    /// A quoted string or back-quoted text, as the flag for its quote says.
    fn text(&mut self, index: u32, mode: DoubleQuotes) -> u32 {
        let buf = self.buf;
        let s = &buf.texts[index as usize];
        match mode {
            DoubleQuotes::String => self.term.push(Node::Str(s.clone())),
            DoubleQuotes::Atom => self.term.push(Node::Atom(Atom::new(s))),
            DoubleQuotes::Codes | DoubleQuotes::Chars => {
                let mut acc = self.term.push(Node::Atom(atoms::NIL));
                for c in s.chars().rev() {
                    let elem = if mode == DoubleQuotes::Codes {
                        Node::Int(c as i64)
                    } else {
                        Node::Atom(Atom::new(c.encode_utf8(&mut [0; 4])))
                    };
                    let e = self.term.push(elem);
                    acc = self.term.push_compound(atoms::DOT, &[e, acc]);
                }
                acc
            }
        }
    }
}

/// A dict key as read, ordered as the standard order of terms orders them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DictKey {
    Int(i64),
    Atom(Atom),
}

impl Ord for DictKey {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        match (self, other) {
            (DictKey::Int(a), DictKey::Int(b)) => a.cmp(b),
            (DictKey::Int(_), DictKey::Atom(_)) => std::cmp::Ordering::Less,
            (DictKey::Atom(_), DictKey::Int(_)) => std::cmp::Ordering::Greater,
            (DictKey::Atom(a), DictKey::Atom(b)) => a.name().cmp(b.name()),
        }
    }
}

impl PartialOrd for DictKey {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// Copies the nodes reachable from the root into a fresh arena, children
/// before parents as before; drops the readings that were not chosen.
fn compact(mut term: ReadTerm) -> ReadTerm {
    let mut out = ReadTerm {
        vars: std::mem::take(&mut term.vars),
        ..ReadTerm::default()
    };
    // (node, its arguments are already copied)
    let mut todo = vec![(term.root, false)];
    let mut copied: Vec<u32> = Vec::new();
    while let Some((n, args_done)) = todo.pop() {
        let node = &mut term.nodes[n as usize];
        match *node {
            Node::Compound { first, arity, .. } if !args_done => {
                todo.push((n, true));
                let args = &term.args[first as usize..(first + arity) as usize];
                todo.extend(args.iter().rev().map(|&a| (a, false)));
            }
            Node::Compound { name, arity, .. } => {
                let from = copied.len() - arity as usize;
                let c = out.push_compound(name, &copied[from..]);
                copied.truncate(from);
                copied.push(c);
            }
            _ => copied.push(out.push(std::mem::replace(node, Node::Int(0)))),
        }
    }
    out.root = copied.pop().unwrap_or(0);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::reader::{read_term_from_str, ReadOptions};

    /// Every node is reachable from the root exactly once, and arguments come
    /// before the compounds holding them (the engine may build terms in one
    /// forward pass over `nodes`).
    fn assert_tree_in_post_order(t: &ReadTerm) {
        let mut seen = vec![0u32; t.nodes.len()];
        let mut todo = vec![t.root];
        while let Some(n) = todo.pop() {
            seen[n as usize] += 1;
            if let Node::Compound { first, arity, .. } = *t.node(n) {
                for &a in t.args_of(first, arity) {
                    assert!(a < n, "argument {a} after its compound {n}");
                    todo.push(a);
                }
            }
        }
        assert!(
            seen.iter().all(|&c| c == 1),
            "unreachable or shared nodes: {seen:?}"
        );
    }

    #[test]
    fn arenas_hold_exactly_the_term() {
        let ops = OpTable::standard();
        let opts = ReadOptions {
            double_quotes: DoubleQuotes::Codes,
            ..ReadOptions::default()
        };
        for src in [
            "foo(X, [a, b|T], {c}, \"hi\", - 1, -1, 'q')",
            "X = a-(1), Y = -(-(1))-(2), Z is mod(7, 2)",
            "a :- b, c ; d -> e",
            "x --> y, [a], {b}",
            "X = (= -(1))",
        ] {
            let t = read_term_from_str(src, &ops, &opts).unwrap();
            assert_tree_in_post_order(&t);
        }
    }

    #[test]
    fn negating_the_smallest_integers() {
        assert_eq!(-(Number::Int(5)), Number::Int(-5));
        let min = Number::from_big(-num_bigint::BigInt::from(i64::MIN));
        assert!(matches!(min, Number::Big(_)));
        assert_eq!(-(min), Number::Int(i64::MIN));
        assert!(matches!(-(Number::Int(i64::MIN)), Number::Big(_)));
    }
}
