//! Test support for the writer tests: a tiny reader for *canonical* term syntax
//! (`f(a,B)`, `[1,2|T]`, `{}(x)`, `'q a'`, `"str"`, `-1`, `2.5`, `1.0Inf`), so the
//! test tables can state terms as text. Operators are not parsed: that is the
//! reader's job, and the writer tests must not depend on it.
#![allow(dead_code)]

use knightlog::term::atom::{atoms, Atom};
use knightlog::term::cell::Cell;
use knightlog::term::heap::Heap;
use num_bigint::BigInt;
use std::collections::HashMap;

pub struct Mini<'a> {
    s: &'a [u8],
    i: usize,
    pub vars: HashMap<String, Cell>,
}

fn is_graphic(c: u8) -> bool {
    b"#$&*+-./:<=>?@\\^~".contains(&c)
}

impl<'a> Mini<'a> {
    pub fn new(s: &'a str) -> Self {
        Mini {
            s: s.as_bytes(),
            i: 0,
            vars: HashMap::new(),
        }
    }

    fn peek(&self) -> u8 {
        *self.s.get(self.i).unwrap_or(&0)
    }

    fn ws(&mut self) {
        while self.peek() == b' ' {
            self.i += 1;
        }
    }

    fn expect(&mut self, c: u8) {
        self.ws();
        assert_eq!(
            self.peek() as char,
            c as char,
            "at {} in {:?}",
            self.i,
            std::str::from_utf8(self.s)
        );
        self.i += 1;
    }

    fn quoted(&mut self, q: u8) -> String {
        self.i += 1;
        let mut out = Vec::new();
        loop {
            let c = self.peek();
            self.i += 1;
            if c == q {
                if self.peek() == q {
                    self.i += 1;
                    out.push(q);
                    continue;
                }
                break;
            }
            if c == b'\\' {
                let e = self.peek();
                self.i += 1;
                match e {
                    b'n' => out.push(b'\n'),
                    b't' => out.push(b'\t'),
                    b'a' => out.push(7),
                    b'b' => out.push(8),
                    b'f' => out.push(12),
                    b'v' => out.push(11),
                    b'r' => out.push(b'\r'),
                    b'e' => out.push(27),
                    b'x' => {
                        let start = self.i;
                        while self.peek() != b'\\' {
                            self.i += 1;
                        }
                        let hex = std::str::from_utf8(&self.s[start..self.i]).unwrap();
                        self.i += 1;
                        let ch = char::from_u32(u32::from_str_radix(hex, 16).unwrap()).unwrap();
                        let mut buf = [0u8; 4];
                        out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                    }
                    other => out.push(other),
                }
                continue;
            }
            assert!(c != 0, "unterminated quoted text");
            out.push(c);
        }
        String::from_utf8(out).unwrap()
    }

    fn name(&mut self) -> Option<String> {
        let c = self.peek();
        let start = self.i;
        if c == b'\'' {
            return Some(self.quoted(b'\''));
        }
        if c.is_ascii_lowercase() || c >= 0x80 {
            while self.peek().is_ascii_alphanumeric() || self.peek() == b'_' || self.peek() >= 0x80
            {
                self.i += 1;
            }
        } else if is_graphic(c) {
            while is_graphic(self.peek()) {
                self.i += 1;
            }
        } else if c == b'!' || c == b';' {
            self.i += 1;
        } else if self.s[self.i..].starts_with(b"[]") || self.s[self.i..].starts_with(b"{}") {
            self.i += 2;
        } else {
            return None;
        }
        Some(String::from_utf8(self.s[start..self.i].to_vec()).unwrap())
    }

    fn number(&mut self, h: &mut Heap) -> Cell {
        let start = self.i;
        if self.peek() == b'-' {
            self.i += 1;
        }
        while self.peek().is_ascii_alphanumeric()
            || self.peek() == b'.'
            || self.peek() == b'+'
            || (self.peek() == b'-' && self.s[self.i - 1] == b'e')
        {
            self.i += 1;
        }
        let text = std::str::from_utf8(&self.s[start..self.i]).unwrap();
        match text {
            "1.0Inf" => return h.new_float(f64::INFINITY),
            "-1.0Inf" => return h.new_float(f64::NEG_INFINITY),
            "1.5NaN" => return h.new_float(f64::NAN),
            _ => {}
        }
        if text.contains(['.', 'e']) {
            h.new_float(text.parse().unwrap())
        } else {
            h.new_bigint(&text.parse::<BigInt>().unwrap())
        }
    }

    fn args(&mut self, h: &mut Heap, close: u8) -> Vec<Cell> {
        let mut v = vec![self.term(h)];
        loop {
            self.ws();
            if self.peek() == b',' {
                self.i += 1;
                v.push(self.term(h));
            } else {
                self.expect(close);
                return v;
            }
        }
    }

    pub fn term(&mut self, h: &mut Heap) -> Cell {
        self.ws();
        let c = self.peek();
        let next = *self.s.get(self.i + 1).unwrap_or(&0);
        if c.is_ascii_digit() || (c == b'-' && next.is_ascii_digit()) {
            return self.number(h);
        }
        if c.is_ascii_uppercase() || c == b'_' {
            let start = self.i;
            while self.peek().is_ascii_alphanumeric() || self.peek() == b'_' {
                self.i += 1;
            }
            let name = String::from_utf8(self.s[start..self.i].to_vec()).unwrap();
            if name == "_" {
                return h.new_var();
            }
            if let Some(&v) = self.vars.get(&name) {
                return v;
            }
            let v = h.new_var();
            self.vars.insert(name, v);
            return v;
        }
        if c == b'"' {
            let s = self.quoted(b'"');
            return h.new_string(&s);
        }
        if c == b'[' && next != b']' {
            self.i += 1;
            let mut items = vec![self.term(h)];
            let mut tail = Cell::atom(atoms::NIL);
            loop {
                self.ws();
                match self.peek() {
                    b',' => {
                        self.i += 1;
                        items.push(self.term(h));
                    }
                    b'|' => {
                        self.i += 1;
                        tail = self.term(h);
                        self.expect(b']');
                        break;
                    }
                    _ => {
                        self.expect(b']');
                        break;
                    }
                }
            }
            return h.list_from_slice(&items, tail);
        }
        if c == b'{' && next != b'}' {
            self.i += 1;
            let t = self.term(h);
            self.expect(b'}');
            return h.new_compound(atoms::CURLY, &[t]);
        }
        let name = self.name().unwrap_or_else(|| {
            panic!(
                "bad term at {} in {:?}",
                self.i,
                std::str::from_utf8(self.s)
            )
        });
        if self.peek() == b'(' {
            self.i += 1;
            let args = self.args(h, b')');
            return h.new_compound(Atom::new(&name), &args);
        }
        Cell::atom(Atom::new(&name))
    }
}

/// Builds the term written in canonical syntax.
pub fn build(h: &mut Heap, text: &str) -> Cell {
    Mini::new(text).term(h)
}

/// Builds a term and also returns its named variables.
pub fn build_with_vars(h: &mut Heap, text: &str) -> (Cell, HashMap<String, Cell>) {
    let mut m = Mini::new(text);
    let t = m.term(h);
    (t, m.vars)
}

#[test]
fn mini_reader_builds_terms() {
    use knightlog::term::heap::View;
    let mut h = Heap::new();
    let t = build(&mut h, "f('a b',[1,-2|T],{}(x),\"s\",2.5,T)");
    match h.view(t) {
        View::Compound { name, arity, .. } => assert_eq!((name.name(), arity), ("f", 6)),
        other => panic!("{other:?}"),
    }
}
