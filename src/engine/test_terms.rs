//! Test support for the engine's unit tests: terms written as text and read back as text.
//!
//! The engine sits below `syntax` (tests/layering.rs), so its tests cannot use the real
//! reader. `parse` reads standard notation with a fixed operator set (`:- ; -> *-> , \+
//! = is < > =< >= =:= == + - * // mod :`), numbers, strings, lists and quoted atoms;
//! variables with the same name in one `Vars` are the same variable. `show` writes a term
//! in canonical form (`f(a,_0,[1,2|_1])`, operators as plain functors), naming variables
//! `_0, _1, ...` in order of first occurrence, so two terms read back the same exactly when
//! they are variants. Both recurse: they are for the small terms of tests only.
//!
//! Tested by: the unit tests of engine/compile.rs, unify.rs and gc.rs that use it, and the
//! unit test below.

use super::machine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;
use std::collections::HashMap;

/// Variables by name, shared by the terms parsed with the same map.
pub type Vars = HashMap<String, Cell>;

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Name(String),
    Var(String),
    Int(i64),
    Float(f64),
    Str(String),
    /// `(`, `)`, `[`, `]`, `|`, `,`; `(` right after a name opens its arguments.
    Punct(char, bool),
}

const SYMBOL: &str = "+-*/\\<>=:.;?@#&$^~";

fn tokens(text: &str) -> Vec<Tok> {
    let cs: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        let start = i;
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            while i < cs.len() && cs[i].is_ascii_digit() {
                i += 1;
            }
            if i + 1 < cs.len() && cs[i] == '.' && cs[i + 1].is_ascii_digit() {
                i += 1;
                while i < cs.len() && cs[i].is_ascii_digit() {
                    i += 1;
                }
                let s: String = cs[start..i].iter().collect();
                out.push(Tok::Float(s.parse().expect("float")));
            } else {
                let s: String = cs[start..i].iter().collect();
                out.push(Tok::Int(s.parse().expect("integer")));
            }
        } else if c.is_alphabetic() || c == '_' {
            while i < cs.len() && (cs[i].is_alphanumeric() || cs[i] == '_') {
                i += 1;
            }
            let s: String = cs[start..i].iter().collect();
            out.push(if c.is_uppercase() || c == '_' {
                Tok::Var(s)
            } else {
                Tok::Name(s)
            });
        } else if c == '\'' || c == '"' {
            i += 1;
            while cs[i] != c {
                i += 1;
            }
            let s: String = cs[start + 1..i].iter().collect();
            i += 1;
            out.push(if c == '"' { Tok::Str(s) } else { Tok::Name(s) });
        } else if c == '!' || c == ';' {
            i += 1;
            out.push(Tok::Name(c.to_string()));
        } else if "()[]|,".contains(c) {
            let glued = c == '(' && matches!(out.last(), Some(Tok::Name(_))) && {
                start > 0 && !cs[start - 1].is_whitespace()
            };
            i += 1;
            out.push(Tok::Punct(c, glued));
        } else if SYMBOL.contains(c) {
            while i < cs.len() && SYMBOL.contains(cs[i]) {
                i += 1;
            }
            out.push(Tok::Name(cs[start..i].iter().collect()));
        } else {
            panic!("test term: unexpected {c:?} in {text:?}");
        }
    }
    out
}

/// (priority, left argument's max, right argument's max) of an infix operator.
fn infix(name: &str) -> Option<(u32, u32, u32)> {
    let (p, kind) = match name {
        ":-" => (1200, "xfx"),
        ";" => (1100, "xfy"),
        "->" | "*->" => (1050, "xfy"),
        "," => (1000, "xfy"),
        "=" | "is" | "<" | ">" | "=<" | ">=" | "=:=" | "==" => (700, "xfx"),
        "+" | "-" => (500, "yfx"),
        "*" | "//" | "mod" => (400, "yfx"),
        ":" => (200, "xfy"),
        _ => return None,
    };
    Some(match kind {
        "xfx" => (p, p - 1, p - 1),
        "xfy" => (p, p - 1, p),
        _ => (p, p, p - 1),
    })
}

struct Parser<'a> {
    toks: Vec<Tok>,
    pos: usize,
    m: &'a mut Machine,
    vars: &'a mut Vars,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }

    fn next(&mut self) -> Tok {
        self.pos += 1;
        self.toks[self.pos - 1].clone()
    }

    fn expect(&mut self, c: char) {
        match self.next() {
            Tok::Punct(p, _) if p == c => {}
            t => panic!("test term: expected {c:?}, found {t:?}"),
        }
    }

    /// Arguments up to `close`, and the tail after a `|` in a list.
    fn args(&mut self, close: char) -> (Vec<Cell>, Cell) {
        let mut args = vec![self.term(999)];
        while self.peek() == Some(&Tok::Punct(',', false)) {
            self.pos += 1;
            args.push(self.term(999));
        }
        let mut tail = Cell::atom(atoms::NIL);
        if close == ']' && self.peek() == Some(&Tok::Punct('|', false)) {
            self.pos += 1;
            tail = self.term(999);
        }
        self.expect(close);
        (args, tail)
    }

    fn primary(&mut self, max: u32) -> (Cell, u32) {
        match self.next() {
            Tok::Int(i) => (self.m.heap.new_int(i), 0),
            Tok::Float(f) => (self.m.heap.new_float(f), 0),
            Tok::Str(s) => (self.m.heap.new_string(&s), 0),
            Tok::Var(v) if v == "_" => (self.m.heap.new_var(), 0),
            Tok::Var(v) => {
                let m = &mut *self.m;
                (*self.vars.entry(v).or_insert_with(|| m.heap.new_var()), 0)
            }
            Tok::Punct('(', _) => {
                let t = self.term(1200);
                self.expect(')');
                (t, 0)
            }
            Tok::Punct('[', _) => {
                if self.peek() == Some(&Tok::Punct(']', false)) {
                    self.pos += 1;
                    return (Cell::atom(atoms::NIL), 0);
                }
                let (items, tail) = self.args(']');
                (self.m.heap.list_from_slice(&items, tail), 0)
            }
            Tok::Name(n) => {
                if let Some(Tok::Punct('(', true)) = self.peek() {
                    self.pos += 1;
                    let (args, _) = self.args(')');
                    return (self.m.heap.new_compound(Atom::new(&n), &args), 0);
                }
                let operand_follows = match self.peek() {
                    None | Some(Tok::Punct(')' | ']' | '|' | ',', _)) => false,
                    Some(Tok::Name(next)) => infix(next).is_none(),
                    _ => true,
                };
                if operand_follows && (n == "\\+" || n == "-") {
                    let p = if n == "-" { 200 } else { 900 };
                    if let Some(Tok::Int(i)) = self.peek().cloned().filter(|_| n == "-") {
                        self.pos += 1;
                        return (self.m.heap.new_int(-i), 0);
                    }
                    let arg = self.term(p);
                    return (self.m.heap.new_compound(Atom::new(&n), &[arg]), p.min(max));
                }
                (Cell::atom(Atom::new(&n)), 0)
            }
            t => panic!("test term: unexpected {t:?}"),
        }
    }

    fn term(&mut self, max: u32) -> Cell {
        let (mut left, mut left_p) = self.primary(max);
        loop {
            let name = match self.peek() {
                Some(Tok::Name(n)) => n.clone(),
                Some(Tok::Punct(',', _)) => ",".to_string(),
                _ => break,
            };
            let Some((p, lmax, rmax)) = infix(&name) else {
                break;
            };
            if p > max || left_p > lmax {
                break;
            }
            self.pos += 1;
            let right = self.term(rmax);
            left = self.m.heap.new_compound(Atom::new(&name), &[left, right]);
            left_p = p;
        }
        left
    }
}

/// Reads `text` onto the machine's heap; variables are looked up in and added to `vars`.
pub fn parse(m: &mut Machine, text: &str, vars: &mut Vars) -> Cell {
    let toks = tokens(text);
    let mut p = Parser {
        toks,
        pos: 0,
        m,
        vars,
    };
    let t = p.term(1200);
    assert!(
        p.pos == p.toks.len(),
        "test term: trailing text in {text:?}"
    );
    t
}

/// Reads a term with variables of its own.
pub fn term(m: &mut Machine, text: &str) -> Cell {
    parse(m, text, &mut Vars::new())
}

/// The term in canonical form, variables named `_N` by first occurrence.
pub fn show(m: &Machine, t: Cell) -> String {
    let mut names = HashMap::new();
    let mut out = String::new();
    show_into(m, t, &mut names, &mut out);
    out
}

fn show_into(m: &Machine, t: Cell, names: &mut HashMap<usize, usize>, out: &mut String) {
    let t = m.heap.deref(t);
    match m.heap.view(t) {
        View::Var(a) => {
            let n = names.len();
            let k = *names.entry(a).or_insert(n);
            out.push_str(&format!("_{k}"));
        }
        View::Atom(a) => out.push_str(a.name()),
        View::Int(i) => out.push_str(&i.to_string()),
        View::BigInt(b) => out.push_str(&b.to_string()),
        View::Rational(r) => out.push_str(&crate::term::number::rational_text(&r)),
        View::Float(f) => out.push_str(&format!("{f:?}")),
        View::Str(s) => out.push_str(&format!("{s:?}")),
        View::Compound { .. } if t.tag() == LIS => {
            out.push('[');
            let mut l = t;
            loop {
                show_into(m, m.heap.get(l.addr()), names, out);
                l = m.heap.deref(m.heap.get(l.addr() + 1));
                if l.tag() != LIS {
                    break;
                }
                out.push(',');
            }
            if l != Cell::atom(atoms::NIL) {
                out.push('|');
                show_into(m, l, names, out);
            }
            out.push(']');
        }
        View::Compound { name, arity, args } => {
            out.push_str(if name == atoms::COMMA {
                "','"
            } else {
                name.name()
            });
            out.push('(');
            for i in 0..arity {
                if i > 0 {
                    out.push(',');
                }
                show_into(m, m.heap.get(args + i), names, out);
            }
            out.push(')');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_read_back_in_canonical_form() {
        let mut m = Machine::new();
        let cases = [
            ("f(X, Y, X)", "f(_0,_1,_0)"),
            ("[a, b | T]", "[a,b|_0]"),
            ("[]", "[]"),
            (
                "p(X) :- q(X), \\+ r, !",
                ":-(p(_0),','(q(_0),','(\\+(r),!)))",
            ),
            ("(a -> b ; c)", ";(->(a,b),c)"),
            ("X is Y + 2 * Z - 1", "is(_0,-(+(_1,*(2,_2)),1))"),
            ("g(-3, 1.5, \"s\", 'A b')", "g(-3,1.5,\"s\",A b)"),
            ("m:g(_, _)", ":(m,g(_0,_1))"),
        ];
        let mut failures = Vec::new();
        for (text, want) in cases {
            let t = term(&mut m, text);
            let got = show(&m, t);
            if got != want {
                failures.push(format!("{text}: got {got}, want {want}"));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
