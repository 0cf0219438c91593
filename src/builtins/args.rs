//! Argument checking and conversion shared by all builtins: every builtin
//! validates its input through these and raises the ISO error on bad input.
//!
//! Tested by: the error cases of the families' unit tests and of tests/prolog/*.pl.

use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;
use crate::term::number::Number;

/// Where a walk along a list stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListEnd {
    /// A proper list.
    Nil,
    /// A partial list: its tail is this unbound variable.
    Var(Cell),
    /// Not a list: the tail is this (dereferenced) non-list term.
    Other(Cell),
    /// The list cells form a cycle (`L = [a|L]`).
    Cyclic,
}

impl Machine {
    /// Counts the list cells of `l` and says where the list ends. Cyclic lists
    /// are detected (Brent's algorithm), so this always terminates.
    pub fn skip_list(&self, l: Cell) -> (usize, ListEnd) {
        let mut c = self.heap.deref(l);
        let mut n = 0usize;
        let (mut power, mut lam) = (1usize, 0usize);
        let mut mark = usize::MAX;
        loop {
            match c.tag() {
                LIS => {
                    if c.addr() == mark {
                        return (n, ListEnd::Cyclic);
                    }
                    n += 1;
                    lam += 1;
                    if lam == power {
                        mark = c.addr();
                        power *= 2;
                        lam = 0;
                    }
                    c = self.heap.deref(self.heap.get(c.addr() + 1));
                }
                REF => return (n, ListEnd::Var(c)),
                ATM if c.get_atom() == atoms::NIL => return (n, ListEnd::Nil),
                _ => return (n, ListEnd::Other(c)),
            }
        }
    }

    /// The elements of a proper list; `Err(tail)` gives the dereferenced cell
    /// where it stops being one (the list itself when it is cyclic).
    pub fn list_items(&self, l: Cell) -> Result<Vec<Cell>, Cell> {
        let (n, end) = self.skip_list(l);
        match end {
            ListEnd::Nil => {}
            ListEnd::Var(t) | ListEnd::Other(t) => return Err(t),
            ListEnd::Cyclic => return Err(self.heap.deref(l)),
        }
        let mut out = Vec::with_capacity(n);
        let mut c = self.heap.deref(l);
        while c.tag() == LIS {
            out.push(self.heap.get(c.addr()));
            c = self.heap.deref(self.heap.get(c.addr() + 1));
        }
        Ok(out)
    }

    /// `type_error(Type, Culprit)`; a cyclic culprit is kept (balls are stored with
    /// their cycles).
    pub fn type_error(&self, ty: Atom, c: Cell) -> PErr {
        PErr::Type(ty, self.heap.deref(c))
    }

    /// Argument register `i`, dereferenced.
    #[inline(always)]
    pub fn arg(&self, i: usize) -> Cell {
        self.heap.deref(self.regs[i])
    }

    pub fn is_var(&self, c: Cell) -> bool {
        self.heap.deref(c).tag() == REF
    }

    pub fn get_atom(&self, c: Cell) -> Res<Atom> {
        let c = self.heap.deref(c);
        match c.tag() {
            ATM => Ok(c.get_atom()),
            REF => Err(PErr::Instantiation),
            _ => Err(self.type_error(atoms::ATOM, c)),
        }
    }

    /// An integer argument that fits i64 (big integers give a representation error).
    pub fn get_int(&self, c: Cell) -> Res<i64> {
        let c = self.heap.deref(c);
        match c.tag() {
            INT => Ok(c.get_int()),
            REF => Err(PErr::Instantiation),
            _ => match self.heap.number(c) {
                Some(Number::Int(i)) => Ok(i),
                Some(Number::Big(_)) => Err(PErr::Representation(Atom::new("max_integer"))),
                _ => Err(self.type_error(atoms::INTEGER, c)),
            },
        }
    }

    /// A non-negative integer argument (domain error not_less_than_zero).
    pub fn get_nonneg(&self, c: Cell) -> Res<usize> {
        let i = self.get_int(c)?;
        if i < 0 {
            return Err(PErr::Domain(atoms::NOT_LESS_THAN_ZERO, self.heap.deref(c)));
        }
        Ok(i as usize)
    }

    pub fn get_number(&self, c: Cell) -> Res<Number> {
        let c = self.heap.deref(c);
        if c.tag() == REF {
            return Err(PErr::Instantiation);
        }
        self.heap
            .number(c)
            .ok_or_else(|| self.type_error(atoms::NUMBER, c))
    }

    /// A callable argument (atom or compound).
    pub fn get_callable(&self, c: Cell) -> Res<(Atom, usize)> {
        let c = self.heap.deref(c);
        match self.heap.callable_key(c) {
            Some(k) => Ok(k),
            None if c.tag() == REF => Err(PErr::Instantiation),
            None => Err(self.type_error(atoms::CALLABLE, c)),
        }
    }

    /// A proper list argument: instantiation error for a partial list,
    /// type_error(list, L) otherwise.
    pub fn get_list(&self, c: Cell) -> Res<Vec<Cell>> {
        match self.list_items(c) {
            Ok(v) => Ok(v),
            Err(t) if t.tag() == REF => Err(PErr::Instantiation),
            Err(_) => Err(self.type_error(atoms::LIST, c)),
        }
    }

    /// Text of an atom, string, number, code list or char list (None otherwise).
    pub fn text_of(&self, c: Cell) -> Option<String> {
        let c = self.heap.deref(c);
        match self.heap.view(c) {
            View::Atom(a) => Some(a.name().to_string()),
            View::Str(s) => Some(s.to_string()),
            View::Int(_) | View::BigInt(_) | View::Float(_) | View::Rational(_) => {
                Some(self.format_number(c))
            }
            View::Compound { .. } => {
                let items = self.list_items(c).ok()?;
                let mut s = String::with_capacity(items.len());
                for it in items {
                    let it = self.heap.deref(it);
                    match it.tag() {
                        INT => s.push(char::from_u32(u32::try_from(it.get_int()).ok()?)?),
                        ATM => {
                            let n = it.get_atom().name();
                            let mut ch = n.chars();
                            let first = ch.next()?;
                            if ch.next().is_some() {
                                return None;
                            }
                            s.push(first);
                        }
                        _ => return None,
                    }
                }
                Some(s)
            }
            _ => None,
        }
    }

    /// Text argument with ISO errors: instantiation error for variables
    /// (also inside lists), type error `ty` otherwise.
    pub fn get_text(&self, c: Cell, ty: Atom) -> Res<String> {
        let d = self.heap.deref(c);
        if d.tag() == REF {
            return Err(PErr::Instantiation);
        }
        if let Some(s) = self.text_of(d) {
            return Ok(s);
        }
        if let Err(t) = self.list_items(d) {
            if t.tag() == REF {
                return Err(PErr::Instantiation);
            }
        } else if let Ok(items) = self.list_items(d) {
            if items.iter().any(|&i| self.is_var(i)) {
                return Err(PErr::Instantiation);
            }
        }
        Err(self.type_error(ty, d))
    }

    /// Number text as the writer prints it (write/1 of a number).
    pub fn format_number(&self, c: Cell) -> String {
        match self.heap.number(c) {
            Some(Number::Int(i)) => i.to_string(),
            Some(Number::Big(b)) => b.to_string(),
            Some(Number::Float(f)) => crate::syntax::writer::format_float(f),
            Some(Number::Rat(r)) => crate::term::number::rational_text(&r),
            None => String::new(),
        }
    }

    pub fn unify_atom(&mut self, c: Cell, a: Atom) -> bool {
        self.unify(c, Cell::atom(a))
    }

    pub fn unify_int(&mut self, c: Cell, i: i64) -> bool {
        let v = self.heap.new_int(i);
        self.unify(c, v)
    }

    pub fn unify_number(&mut self, c: Cell, n: &Number) -> bool {
        let v = self.heap.new_number(n);
        self.unify(c, v)
    }

    /// Builds a proper list of cells on the heap.
    pub fn make_list(&mut self, items: &[Cell]) -> Cell {
        self.heap.list_from_slice(items, Cell::atom(atoms::NIL))
    }

    pub fn make_codes(&mut self, s: &str) -> Cell {
        let items: Vec<Cell> = s.chars().map(|c| Cell::small_int(c as i64)).collect();
        self.make_list(&items)
    }

    pub fn make_chars(&mut self, s: &str) -> Cell {
        let mut buf = [0u8; 4];
        let items: Vec<Cell> = s
            .chars()
            .map(|c| Cell::atom(Atom::new(c.encode_utf8(&mut buf))))
            .collect();
        self.make_list(&items)
    }

    /// `Name/Arity` as text, the name quoted if it needs to be.
    pub fn pi_text(&self, name: Atom, arity: usize) -> String {
        let name = crate::syntax::atom_text::quote_atom_if_needed(name.name());
        format!("{name}/{arity}")
    }

    /// A fresh `Name/Arity` term.
    pub fn make_pi(&mut self, name: Atom, arity: usize) -> Cell {
        self.pred_indicator(name, arity)
    }

    /// A predicate spec as listing/1, spy/1 and help/1 take it: `Name`, `Name/Arity`,
    /// `Name//Arity` (two more arguments) or any of them module-qualified (the module
    /// is not kept); no arity means every arity.
    pub fn get_pred_spec(&self, t: Cell) -> Res<(Atom, Option<usize>)> {
        let mut t = self.heap.deref(t);
        while let View::Compound {
            name,
            arity: 2,
            args,
        } = self.heap.view(t)
        {
            if name != atoms::COLON {
                break;
            }
            t = self.heap.deref(self.heap.get(args + 1));
        }
        match self.heap.view(t) {
            View::Var(_) => Err(PErr::Instantiation),
            View::Atom(a) => Ok((a, None)),
            View::Compound {
                name,
                arity: 2,
                args,
            } if name.name() == "/" || name.name() == "//" => {
                let n = self.get_atom(self.heap.get(args))?;
                let a = self.heap.deref(self.heap.get(args + 1));
                if a.tag() == REF {
                    return Ok((n, None));
                }
                let extra = if name.name() == "//" { 2 } else { 0 };
                let arity = self.get_int(a)?;
                Ok((n, Some(arity.max(0) as usize + extra)))
            }
            _ => Err(PErr::Type(Atom::new("predicate_indicator"), t)),
        }
    }

    /// Parses a predicate indicator `Name/Arity` with ISO checks.
    pub fn get_pi(&self, c: Cell) -> Res<(Atom, usize)> {
        let c = self.heap.deref(c);
        match self.heap.view(c) {
            View::Var(_) => Err(PErr::Instantiation),
            View::Compound {
                name,
                arity: 2,
                args,
            } if name == atoms::SLASH => {
                let n = self.heap.deref(self.heap.get(args));
                let a = self.heap.deref(self.heap.get(args + 1));
                if n.tag() == REF || a.tag() == REF {
                    return Err(PErr::Instantiation);
                }
                let name = self.get_atom(n)?;
                let arity = self.get_int(a)?;
                if arity < 0 {
                    return Err(PErr::Domain(atoms::NOT_LESS_THAN_ZERO, a));
                }
                // No term of a larger arity can exist (`dynamic(f/4611686018427387904)`
                // once declared a predicate whose arity then read back as 0).
                if arity as u64 > crate::term::cell::MAX_ARITY as u64 {
                    return Err(PErr::Representation(Atom::new("max_arity")));
                }
                Ok((name, arity as usize))
            }
            _ => Err(self.type_error(Atom::new("predicate_indicator"), c)),
        }
    }
}
