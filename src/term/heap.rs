//! The term heap: a growable vector of tagged cells (invariant 2, docs/ARCHITECTURE.md).
//!
//! Every Prolog term the engine works with lives here. Backtracking truncates
//! the heap to the height saved in a choicepoint, so a failed branch's memory
//! comes back at once. `view` is the one way other modules look inside a term.
//!
//! Tested by: the unit tests below; every test that runs Prolog.

use super::atom::{atoms, Atom};
use super::cell::*;
use crate::term::number::Number;
use num_bigint::{BigInt, BigUint, Sign};
use num_rational::BigRational;

/// The cell after an attributed variable's own cell: a header of a kind no box
/// uses, with no raw words. An attributed variable is three cells `[self-REF,
/// ATTV_MARK, attributes]` (engine/attvar.rs); since raw box words only follow a
/// HDR cell, a variable cell followed by this exact cell is always one.
pub const ATTV_MARK: Cell = Cell((4 << 3) | HDR);

#[derive(Default)]
pub struct Heap {
    pub cells: Vec<Cell>,
}

/// A dereferenced term, seen from outside the heap.
#[derive(Debug, Clone, PartialEq)]
pub enum View<'a> {
    /// An unbound variable at this heap address.
    Var(usize),
    Atom(Atom),
    Int(i64),
    BigInt(BigInt),
    Float(f64),
    /// A non-integer rational (lowest terms, denominator > 1).
    Rational(BigRational),
    Str(&'a str),
    /// A compound term; its arguments are the cells at `args .. args + arity`.
    /// Lists are compounds named `'[|]'` of arity 2.
    Compound {
        name: Atom,
        arity: usize,
        args: usize,
    },
}

impl Heap {
    pub fn new() -> Heap {
        Heap {
            cells: Vec::with_capacity(1 << 16),
        }
    }

    #[inline(always)]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    #[inline(always)]
    pub fn get(&self, addr: usize) -> Cell {
        self.cells[addr]
    }

    #[inline(always)]
    pub fn set(&mut self, addr: usize, c: Cell) {
        self.cells[addr] = c;
    }

    #[inline(always)]
    pub fn push(&mut self, c: Cell) {
        self.cells.push(c);
    }

    #[inline(always)]
    pub fn truncate(&mut self, len: usize) {
        self.cells.truncate(len);
    }

    /// A fresh unbound variable.
    #[inline(always)]
    pub fn new_var(&mut self) -> Cell {
        let a = self.cells.len();
        let c = Cell::new_ref(a);
        self.cells.push(c);
        c
    }

    /// Is the variable cell at `addr` an attributed variable (bound or not)?
    #[inline(always)]
    pub fn is_attvar(&self, addr: usize) -> bool {
        self.cells.get(addr + 1) == Some(&ATTV_MARK)
    }

    /// A fresh attributed variable with attribute chain `atts`; its address.
    pub fn new_attvar(&mut self, atts: Cell) -> usize {
        let a = self.cells.len();
        self.cells.push(Cell::new_ref(a));
        self.cells.push(ATTV_MARK);
        self.cells.push(atts);
        a
    }

    /// Follows reference chains to the term a cell stands for.
    #[inline(always)]
    pub fn deref(&self, mut c: Cell) -> Cell {
        while c.tag() == REF {
            let next = self.cells[c.addr()];
            if next == c {
                return c;
            }
            c = next;
        }
        c
    }

    /// A compound term `name(args...)`; with no arguments, the atom `name`.
    pub fn new_compound(&mut self, name: Atom, args: &[Cell]) -> Cell {
        if args.is_empty() {
            return Cell::atom(name);
        }
        if name == atoms::DOT && args.len() == 2 {
            return self.new_list(args[0], args[1]);
        }
        let a = self.cells.len();
        self.cells.push(Cell::functor(name, args.len()));
        self.cells.extend_from_slice(args);
        Cell::str_ptr(a)
    }

    /// A compound with `arity` fresh variables as arguments.
    pub fn new_compound_vars(&mut self, name: Atom, arity: usize) -> Cell {
        if arity == 0 {
            return Cell::atom(name);
        }
        let a = self.cells.len();
        if name == atoms::DOT && arity == 2 {
            self.cells.push(Cell::new_ref(a));
            self.cells.push(Cell::new_ref(a + 1));
            return Cell::lis_ptr(a);
        }
        self.cells.push(Cell::functor(name, arity));
        for i in 0..arity {
            self.cells.push(Cell::new_ref(a + 1 + i));
        }
        Cell::str_ptr(a)
    }

    #[inline(always)]
    pub fn new_list(&mut self, head: Cell, tail: Cell) -> Cell {
        let a = self.cells.len();
        self.cells.push(head);
        self.cells.push(tail);
        Cell::lis_ptr(a)
    }

    /// The list of `items` ending in `tail` (`[]` for a proper list).
    pub fn list_from_slice(&mut self, items: &[Cell], tail: Cell) -> Cell {
        if items.is_empty() {
            return tail;
        }
        let start = self.cells.len();
        for (i, &it) in items.iter().enumerate() {
            self.cells.push(it);
            if i + 1 < items.len() {
                self.cells.push(Cell::lis_ptr(start + 2 * (i + 1)));
            } else {
                self.cells.push(tail);
            }
        }
        Cell::lis_ptr(start)
    }

    pub fn new_float(&mut self, f: f64) -> Cell {
        let a = self.cells.len();
        self.cells.push(Cell::header(BoxKind::Float, 1));
        self.cells.push(Cell(f.to_bits()));
        Cell::box_ptr(a)
    }

    /// An integer cell: inline when small, boxed otherwise.
    pub fn new_int(&mut self, i: i64) -> Cell {
        if Cell::fits_small(i) {
            Cell::small_int(i)
        } else {
            self.new_bigint(&BigInt::from(i))
        }
    }

    /// An integer cell for any big integer (inline when it fits a small int).
    pub fn new_bigint(&mut self, b: &BigInt) -> Cell {
        use num_traits::ToPrimitive;
        if let Some(i) = b.to_i64() {
            if Cell::fits_small(i) {
                return Cell::small_int(i);
            }
        }
        let (sign, digits) = b.to_u64_digits();
        let kind = if sign == Sign::Minus {
            BoxKind::BigNeg
        } else {
            BoxKind::BigPos
        };
        let a = self.cells.len();
        self.cells.push(Cell::header(kind, digits.len()));
        self.cells.extend(digits.into_iter().map(Cell));
        Cell::box_ptr(a)
    }

    pub fn new_number(&mut self, n: &Number) -> Cell {
        match n {
            Number::Int(i) => self.new_int(*i),
            Number::Big(b) => self.new_bigint(b),
            Number::Float(f) => self.new_float(*f),
            Number::Rat(r) => self.new_rational(r),
        }
    }

    /// A rational cell; an integral value becomes an integer cell, so each
    /// number keeps one representation (raw box words compare as values).
    pub fn new_rational(&mut self, r: &BigRational) -> Cell {
        use num_traits::One;
        if r.denom().is_one() {
            return self.new_bigint(r.numer());
        }
        let (sign, num) = r.numer().to_u64_digits();
        let (_, den) = r.denom().to_u64_digits();
        let neg = if sign == Sign::Minus { 1u64 << 63 } else { 0 };
        let a = self.cells.len();
        self.cells
            .push(Cell::header(BoxKind::Rat, 1 + num.len() + den.len()));
        self.cells.push(Cell(neg | num.len() as u64));
        self.cells.extend(num.into_iter().chain(den).map(Cell));
        Cell::box_ptr(a)
    }

    /// A string object (SWI-Prolog's string type).
    pub fn new_string(&mut self, s: &str) -> Cell {
        let bytes = s.as_bytes();
        let words = 1 + bytes.len().div_ceil(8);
        let a = self.cells.len();
        self.cells.push(Cell::header(BoxKind::Str, words));
        self.cells.push(Cell(bytes.len() as u64));
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.cells.push(Cell(u64::from_le_bytes(w)));
        }
        Cell::box_ptr(a)
    }

    pub fn float_at(&self, hdr: usize) -> f64 {
        f64::from_bits(self.cells[hdr + 1].0)
    }

    pub fn bigint_at(&self, hdr: usize) -> BigInt {
        let h = self.cells[hdr];
        let n = h.hdr_words();
        let digits: Vec<u32> = self.cells[hdr + 1..hdr + 1 + n]
            .iter()
            .flat_map(|c| [c.0 as u32, (c.0 >> 32) as u32])
            .collect();
        let sign = if h.hdr_kind() == BoxKind::BigNeg {
            Sign::Minus
        } else {
            Sign::Plus
        };
        BigInt::from_slice(sign, &digits)
    }

    /// The rational boxed at `hdr` (a `BoxKind::Rat` header).
    pub fn rational_at(&self, hdr: usize) -> BigRational {
        let words = self.cells[hdr].hdr_words();
        let info = self.cells[hdr + 1].0;
        let n = (info & !(1 << 63)) as usize;
        let digits = |from: usize, to: usize| {
            let d: Vec<u32> = self.cells[from..to]
                .iter()
                .flat_map(|c| [c.0 as u32, (c.0 >> 32) as u32])
                .collect();
            BigUint::new(d)
        };
        let sign = if info >> 63 == 1 {
            Sign::Minus
        } else {
            Sign::Plus
        };
        let num = BigInt::from_biguint(sign, digits(hdr + 2, hdr + 2 + n));
        let den = BigInt::from(digits(hdr + 2 + n, hdr + 1 + words));
        // Stored in lowest terms: no need to normalise again.
        BigRational::new_raw(num, den)
    }

    pub fn str_at(&self, hdr: usize) -> &str {
        let len = self.cells[hdr + 1].0 as usize;
        let words = &self.cells[hdr + 2..hdr + 2 + len.div_ceil(8)];
        // SAFETY: Cell is repr(transparent) over u64, so the words are plain bytes;
        // they were written from a &str in new_string (little-endian byte order).
        let bytes = unsafe { std::slice::from_raw_parts(words.as_ptr() as *const u8, len) };
        if cfg!(target_endian = "little") {
            std::str::from_utf8(bytes).unwrap_or("")
        } else {
            ""
        }
    }

    /// The number a (dereferenced) cell holds, if it is one.
    pub fn number(&self, c: Cell) -> Option<Number> {
        let c = self.deref(c);
        match c.tag() {
            INT => Some(Number::Int(c.get_int())),
            BOX => {
                let hdr = c.addr();
                match self.cells[hdr].hdr_kind() {
                    BoxKind::Float => Some(Number::Float(self.float_at(hdr))),
                    BoxKind::Str => None,
                    BoxKind::Rat => Some(Number::Rat(Box::new(self.rational_at(hdr)))),
                    _ => Some(Number::from_big(self.bigint_at(hdr))),
                }
            }
            _ => None,
        }
    }

    /// Looks at a term through its references.
    pub fn view(&self, c: Cell) -> View<'_> {
        let c = self.deref(c);
        match c.tag() {
            REF => View::Var(c.addr()),
            ATM => View::Atom(c.get_atom()),
            INT => View::Int(c.get_int()),
            LIS => View::Compound {
                name: atoms::DOT,
                arity: 2,
                args: c.addr(),
            },
            STR => {
                let f = self.cells[c.addr()];
                View::Compound {
                    name: f.fun_name(),
                    arity: f.fun_arity(),
                    args: c.addr() + 1,
                }
            }
            BOX => {
                let hdr = c.addr();
                match self.cells[hdr].hdr_kind() {
                    BoxKind::Float => View::Float(self.float_at(hdr)),
                    BoxKind::Str => View::Str(self.str_at(hdr)),
                    BoxKind::Rat => View::Rational(self.rational_at(hdr)),
                    _ => match Number::from_big(self.bigint_at(hdr)) {
                        Number::Int(i) => View::Int(i),
                        Number::Big(b) => View::BigInt(b),
                        _ => View::Atom(atoms::EMPTY), // from_big gives integers only
                    },
                }
            }
            _ => View::Atom(atoms::EMPTY), // FUN/HDR never appear as term cells
        }
    }

    /// Name and arity of a callable term (atom or compound).
    pub fn callable_key(&self, c: Cell) -> Option<(Atom, usize)> {
        let c = self.deref(c);
        match c.tag() {
            ATM => Some((c.get_atom(), 0)),
            LIS => Some((atoms::DOT, 2)),
            STR => {
                let f = self.cells[c.addr()];
                Some((f.fun_name(), f.fun_arity()))
            }
            _ => None,
        }
    }

    /// Collects the elements of a proper list; `Err(tail)` gives the
    /// dereferenced cell where the list stops being proper.
    pub fn list_to_vec(&self, list: Cell) -> Result<Vec<Cell>, Cell> {
        let mut out = Vec::new();
        let mut c = self.deref(list);
        loop {
            match c.tag() {
                LIS => {
                    out.push(self.cells[c.addr()]);
                    c = self.deref(self.cells[c.addr() + 1]);
                }
                ATM if c.get_atom() == atoms::NIL => return Ok(out),
                _ => return Err(c),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_round_trip_through_the_heap() {
        let mut h = Heap::new();
        let f = h.new_float(2.5);
        assert_eq!(h.view(f), View::Float(2.5));
        let big: BigInt = "123456789012345678901234567890".parse().unwrap();
        let b = h.new_bigint(&big);
        assert_eq!(h.view(b), View::BigInt(big.clone()));
        let nb = h.new_bigint(&-big.clone());
        assert_eq!(h.view(nb), View::BigInt(-big));
        let i = h.new_int(i64::MAX);
        assert_eq!(h.view(i), View::Int(i64::MAX));
        let s = h.new_int(-5);
        assert_eq!(s.tag(), INT);
    }

    #[test]
    fn rationals_round_trip_through_the_heap() {
        let mut h = Heap::new();
        let big: BigInt = "123456789012345678901234567890".parse().unwrap();
        for (n, d) in [
            (BigInt::from(1), BigInt::from(3)),
            (BigInt::from(-7), BigInt::from(2)),
            (big.clone() * 10 + 1, BigInt::from(10)),
            (BigInt::from(-1), big.clone() * 3 + 1),
        ] {
            let r = BigRational::new(n, d);
            let c = h.new_rational(&r);
            assert_eq!(h.view(c), View::Rational(r.clone()));
            assert_eq!(h.number(c), Some(Number::Rat(Box::new(r))));
        }
        // An integral rational is an integer cell.
        let two = h.new_rational(&BigRational::new(BigInt::from(4), BigInt::from(2)));
        assert_eq!(two, Cell::small_int(2));
    }

    #[test]
    fn strings_round_trip_through_the_heap() {
        let mut h = Heap::new();
        for text in ["", "a", "12345678", "héllo wörld, knights!"] {
            let c = h.new_string(text);
            assert_eq!(h.view(c), View::Str(text));
        }
    }

    #[test]
    fn lists_and_compounds() {
        let mut h = Heap::new();
        let items = [Cell::small_int(1), Cell::small_int(2), Cell::small_int(3)];
        let l = h.list_from_slice(&items, Cell::atom(atoms::NIL));
        assert_eq!(h.list_to_vec(l).unwrap(), items.to_vec());
        let v = h.new_var();
        let partial = h.list_from_slice(&items[..1], v);
        assert_eq!(h.list_to_vec(partial), Err(v));
        let t = h.new_compound(Atom::new("f"), &items);
        match h.view(t) {
            View::Compound { name, arity, args } => {
                assert_eq!((name.name(), arity), ("f", 3));
                assert_eq!(h.get(args + 2), Cell::small_int(3));
            }
            other => panic!("unexpected {other:?}"),
        }
    }
}
