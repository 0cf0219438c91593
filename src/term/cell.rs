//! Tagged 64-bit heap cells (invariant 2, docs/ARCHITECTURE.md).
//!
//! The low three bits are the tag; the rest is the payload:
//!
//! | tag | meaning | payload |
//! |-----|---------|---------|
//! | REF | variable / reference | heap address (an unbound variable points to itself) |
//! | ATM | atom | atom id |
//! | INT | small integer | signed 61-bit value |
//! | STR | compound | address of its FUN header cell |
//! | LIS | list cell `'[|]'(H,T)` | address of two consecutive cells H, T |
//! | FUN | compound header | atom id (high 32 bits) and arity (29 bits) |
//! | BOX | float, big integer, rational or string | address of its HDR cell |
//! | HDR | header of boxed raw data | kind and number of raw words that follow |
//!
//! Tested by: the unit tests below; every test that runs Prolog.

use super::atom::Atom;

#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Cell(pub u64);

pub const REF: u64 = 0;
pub const ATM: u64 = 1;
pub const INT: u64 = 2;
pub const STR: u64 = 3;
pub const LIS: u64 = 4;
pub const FUN: u64 = 5;
pub const BOX: u64 = 6;
pub const HDR: u64 = 7;

const TAG_MASK: u64 = 7;

/// Smallest and largest integers stored inline in a cell.
pub const SMALL_MIN: i64 = -(1 << 60);
pub const SMALL_MAX: i64 = (1 << 60) - 1;

/// Maximum arity of a compound term (the `max_arity` flag).
pub const MAX_ARITY: usize = (1 << 29) - 1;

/// Kinds of boxed data behind a HDR cell.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum BoxKind {
    Float = 0,
    BigPos = 1,
    BigNeg = 2,
    Str = 3,
    /// A non-integer rational: a word with the sign (bit 63) and the numerator's
    /// digit count, the numerator's digits, then the denominator's (heap.rs).
    /// Kind 4 is taken by the attributed-variable mark (heap.rs `ATTV_MARK`).
    Rat = 5,
}

impl Cell {
    #[inline(always)]
    pub fn tag(self) -> u64 {
        self.0 & TAG_MASK
    }
    #[inline(always)]
    fn payload(self) -> u64 {
        self.0 >> 3
    }

    #[inline(always)]
    pub fn new_ref(addr: usize) -> Cell {
        Cell(((addr as u64) << 3) | REF)
    }
    #[inline(always)]
    pub fn atom(a: Atom) -> Cell {
        Cell(((a.0 as u64) << 3) | ATM)
    }
    /// A small integer; the caller guarantees `SMALL_MIN <= i <= SMALL_MAX`.
    #[inline(always)]
    pub fn small_int(i: i64) -> Cell {
        debug_assert!((SMALL_MIN..=SMALL_MAX).contains(&i));
        Cell(((i as u64) << 3) | INT)
    }
    #[inline(always)]
    pub fn fits_small(i: i64) -> bool {
        (SMALL_MIN..=SMALL_MAX).contains(&i)
    }
    #[inline(always)]
    pub fn str_ptr(addr: usize) -> Cell {
        Cell(((addr as u64) << 3) | STR)
    }
    #[inline(always)]
    pub fn lis_ptr(addr: usize) -> Cell {
        Cell(((addr as u64) << 3) | LIS)
    }
    #[inline(always)]
    pub fn box_ptr(addr: usize) -> Cell {
        Cell(((addr as u64) << 3) | BOX)
    }
    #[inline(always)]
    pub fn functor(name: Atom, arity: usize) -> Cell {
        debug_assert!(arity <= MAX_ARITY);
        Cell(((name.0 as u64) << 32) | ((arity as u64) << 3) | FUN)
    }
    #[inline(always)]
    pub fn header(kind: BoxKind, words: usize) -> Cell {
        Cell(((words as u64) << 8) | ((kind as u64) << 3) | HDR)
    }

    #[inline(always)]
    pub fn is_atom(self) -> bool {
        self.tag() == ATM
    }
    #[inline(always)]
    pub fn is_int(self) -> bool {
        self.tag() == INT
    }
    /// Address payload of REF, STR, LIS and BOX cells.
    #[inline(always)]
    pub fn addr(self) -> usize {
        self.payload() as usize
    }
    #[inline(always)]
    pub fn get_atom(self) -> Atom {
        Atom(self.payload() as u32)
    }
    #[inline(always)]
    pub fn get_int(self) -> i64 {
        (self.0 as i64) >> 3
    }
    /// Name of a FUN header cell.
    #[inline(always)]
    pub fn fun_name(self) -> Atom {
        Atom((self.0 >> 32) as u32)
    }
    /// Arity of a FUN header cell.
    #[inline(always)]
    pub fn fun_arity(self) -> usize {
        ((self.0 >> 3) & ((1 << 29) - 1)) as usize
    }
    /// Kind of a HDR cell.
    #[inline(always)]
    pub fn hdr_kind(self) -> BoxKind {
        match (self.0 >> 3) & 7 {
            0 => BoxKind::Float,
            1 => BoxKind::BigPos,
            2 => BoxKind::BigNeg,
            5 => BoxKind::Rat,
            _ => BoxKind::Str,
        }
    }
    /// Number of raw words following a HDR cell.
    #[inline(always)]
    pub fn hdr_words(self) -> usize {
        (self.0 >> 8) as usize
    }

    /// True for structures and list cells (after dereferencing: the compound terms).
    #[inline(always)]
    pub fn is_compound(self) -> bool {
        matches!(self.tag(), STR | LIS)
    }

    /// True for atoms, numbers and strings (anything that is not a variable or compound).
    #[inline(always)]
    pub fn is_atomic_tag(self) -> bool {
        matches!(self.tag(), ATM | INT | BOX)
    }
}

impl std::fmt::Debug for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.tag() {
            REF => write!(f, "REF({})", self.addr()),
            ATM => write!(f, "ATM({})", self.get_atom().name()),
            INT => write!(f, "INT({})", self.get_int()),
            STR => write!(f, "STR({})", self.addr()),
            LIS => write!(f, "LIS({})", self.addr()),
            FUN => write!(f, "FUN({}/{})", self.fun_name().name(), self.fun_arity()),
            BOX => write!(f, "BOX({})", self.addr()),
            _ => write!(f, "HDR({:?},{})", self.hdr_kind(), self.hdr_words()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::atom::atoms;

    #[test]
    fn small_ints_round_trip() {
        for i in [0, 1, -1, SMALL_MIN, SMALL_MAX, 42, -1_000_000_007] {
            let c = Cell::small_int(i);
            assert_eq!(c.tag(), INT);
            assert_eq!(c.get_int(), i);
        }
        assert!(!Cell::fits_small(SMALL_MAX + 1));
        assert!(!Cell::fits_small(SMALL_MIN - 1));
    }

    #[test]
    fn functor_cells_round_trip() {
        let c = Cell::functor(atoms::DOT, 2);
        assert_eq!(c.tag(), FUN);
        assert_eq!(c.fun_name(), atoms::DOT);
        assert_eq!(c.fun_arity(), 2);
        let big = Cell::functor(atoms::CALL, MAX_ARITY);
        assert_eq!(big.fun_arity(), MAX_ARITY);
    }

    #[test]
    fn headers_round_trip() {
        let h = Cell::header(BoxKind::Str, 12345);
        assert_eq!(h.tag(), HDR);
        assert_eq!(h.hdr_kind(), BoxKind::Str);
        assert_eq!(h.hdr_words(), 12345);
    }
}
