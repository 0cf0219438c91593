//! Inline small-integer arithmetic: `X is E` and `E1 < E2` (and the other
//! comparisons) compiled to a postfix program over registers and slots.
//!
//! The clause keeps its ordinary code for the goal (argument `Put*`s and
//! `CallInline`); `Instr::Arith` in front of it runs the program and, when
//! every operand is a small integer and the value of `is/2` is one too,
//! skips that code: no expression term is built on the heap and no builtin is
//! called. Intermediate values are exact 64-bit integers (the ordinary code's
//! `Number::Int`), so `(S * 1103515245 + 12345) mod 2147483648` stays inline
//! though its product leaves the 61-bit range. Anything else (floats, big
//! integers, unbound variables, zero divisors, 64-bit overflow, a value of
//! `is/2` past the small range) falls through to the ordinary code, which
//! gives the full semantics and the ISO errors.
//!
//! Tested by: the unit tests below (programs run, and fall through where they must); the
//! golden listings in compile.rs (the programs compiled); tests/prolog/arith.pl, whose test
//! bodies are compiled clauses, so their is/2 goals run inline; tests/engine_tests.rs.

use super::machine::{Machine, FRAME_HDR};
use crate::term::atom::Atom;
use crate::term::cell::*;
use num_integer::Integer;

/// A postfix step.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum AOp {
    /// An X register / environment slot holding a (bound) variable.
    X(u32),
    Y(u32),
    Int(i64),
    Add,
    Sub,
    Mul,
    IntDiv,
    Mod,
    Rem,
    Min,
    Max,
    Neg,
    Abs,
}

/// Where `is/2` puts its value.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Dest {
    /// First occurrence of the variable: the register / slot gets the integer.
    SetX(u32),
    SetY(u32),
    /// A variable seen before: unify with the integer.
    UnifyX(u32),
    UnifyY(u32),
    /// An atomic constant: compare.
    Const(Cell),
}

#[derive(Copy, Clone, Debug, PartialEq)]
pub enum ArithKind {
    Is(Dest),
    /// A comparison: succeeds when the ordering of the two values is one of
    /// `accept` (bit 0 Less, bit 1 Equal, bit 2 Greater).
    Cmp(u8),
}

#[derive(Clone, Debug)]
pub struct ArithProg {
    pub ops: Vec<AOp>,
    pub kind: ArithKind,
    /// Instructions of the ordinary code that a fast success skips.
    pub skip: u32,
    /// Whether the goal counts an inference (that of its `CallInline`).
    pub counted: bool,
}

/// Most values the evaluation stack holds; deeper expressions are not inlined.
const DEPTH: usize = 16;
/// Longest program inlined.
const MAX_OPS: usize = 64;

/// The comparison's accepted orderings, or None if `name/2` is not one.
pub fn comparison(name: &str) -> Option<u8> {
    Some(match name {
        "<" => 0b001,
        "=<" => 0b011,
        "=:=" => 0b010,
        ">=" => 0b110,
        ">" => 0b100,
        "=\\=" => 0b101,
        _ => return None,
    })
}

fn operator(name: &str, arity: usize) -> Option<AOp> {
    Some(match (name, arity) {
        ("+", 2) => AOp::Add,
        ("-", 2) => AOp::Sub,
        ("*", 2) => AOp::Mul,
        ("//", 2) => AOp::IntDiv,
        ("mod", 2) => AOp::Mod,
        ("rem", 2) => AOp::Rem,
        ("min", 2) => AOp::Min,
        ("max", 2) => AOp::Max,
        ("-", 1) => AOp::Neg,
        ("abs", 1) => AOp::Abs,
        _ => return None,
    })
}

impl Machine {
    /// The postfix program of expression `e` (a clause-body term), or None if
    /// it has anything but small integers, variables `operand` accepts, and
    /// the operators above. Iterative (invariant 1, docs/ARCHITECTURE.md).
    /// `base` values are already on the evaluation stack.
    pub(crate) fn compile_expr(
        &self,
        e: Cell,
        operand: &dyn Fn(Cell) -> Option<AOp>,
        ops: &mut Vec<AOp>,
        base: usize,
    ) -> Option<()> {
        // (term, operator to emit after its arguments)
        let mut work: Vec<(Cell, Option<AOp>)> = vec![(e, None)];
        let (mut depth, mut max_depth) = (base, base);
        while let Some((t, after)) = work.pop() {
            if let Some(op) = after {
                ops.push(op);
                depth -= if matches!(op, AOp::Neg | AOp::Abs) {
                    0
                } else {
                    1
                };
                continue;
            }
            if ops.len() + work.len() > MAX_OPS {
                return None;
            }
            let t = self.heap.deref(t);
            match t.tag() {
                INT => ops.push(AOp::Int(t.get_int())),
                REF => ops.push(operand(t)?),
                STR => {
                    let f = self.heap.get(t.addr());
                    let op = operator(f.fun_name().name(), f.fun_arity())?;
                    work.push((Cell(0), Some(op)));
                    for i in (1..=f.fun_arity()).rev() {
                        work.push((self.heap.get(t.addr() + i), None));
                    }
                    continue;
                }
                _ => return None,
            }
            depth += 1;
            max_depth = max_depth.max(depth);
        }
        (max_depth <= DEPTH && ops.len() <= MAX_OPS).then_some(())
    }

    #[inline(always)]
    fn small_operand(&self, c: Cell) -> Option<i64> {
        let d = self.heap.deref(c);
        (d.tag() == INT).then(|| d.get_int())
    }

    /// Runs a program: Some(success) or None (take the ordinary code).
    #[inline]
    pub(crate) fn arith_fast(&mut self, prog: &ArithProg) -> Option<bool> {
        let mut st = [0i64; DEPTH];
        let mut sp = 0usize;
        for &op in &prog.ops {
            let v = match op {
                AOp::X(x) => self.small_operand(self.regs[x as usize])?,
                AOp::Y(y) => self.small_operand(self.stack[self.e + FRAME_HDR + y as usize])?,
                AOp::Int(i) => i,
                AOp::Neg => {
                    st[sp - 1] = st[sp - 1].checked_neg()?;
                    continue;
                }
                AOp::Abs => {
                    st[sp - 1] = st[sp - 1].checked_abs()?;
                    continue;
                }
                _ => {
                    sp -= 1;
                    let (a, b) = (st[sp - 1], st[sp]);
                    st[sp - 1] = match op {
                        AOp::Add => a.checked_add(b)?,
                        AOp::Sub => a.checked_sub(b)?,
                        AOp::Mul => a.checked_mul(b)?,
                        // `checked_rem` first: `i64::MIN mod -1` would overflow.
                        AOp::IntDiv => a.checked_div(b)?,
                        AOp::Mod => a.checked_rem(b).map(|_| a.mod_floor(&b))?,
                        AOp::Rem => a.checked_rem(b)?,
                        AOp::Min => a.min(b),
                        AOp::Max => a.max(b),
                        _ => return None,
                    };
                    continue;
                }
            };
            st[sp] = v;
            sp += 1;
        }
        match prog.kind {
            ArithKind::Cmp(accept) => {
                let bit = match st[0].cmp(&st[1]) {
                    std::cmp::Ordering::Less => 1,
                    std::cmp::Ordering::Equal => 2,
                    std::cmp::Ordering::Greater => 4,
                };
                Some(accept & bit != 0)
            }
            ArithKind::Is(dest) => {
                let v = st[0];
                if !Cell::fits_small(v) {
                    return None;
                }
                let c = Cell::small_int(v);
                Some(match dest {
                    Dest::SetX(x) => {
                        self.regs[x as usize] = c;
                        true
                    }
                    Dest::SetY(y) => {
                        self.stack[self.e + FRAME_HDR + y as usize] = c;
                        true
                    }
                    Dest::UnifyX(x) => self.unify(self.regs[x as usize], c),
                    Dest::UnifyY(y) => self.unify(self.stack[self.e + FRAME_HDR + y as usize], c),
                    Dest::Const(k) => k == c,
                })
            }
        }
    }
}

/// Whether `name/arity` is is/2 or an arithmetic comparison.
pub fn is_arith_goal(name: Atom, arity: usize) -> bool {
    arity == 2 && (name.name() == "is" || comparison(name.name()).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prog(ops: &[AOp], kind: ArithKind) -> ArithProg {
        ArithProg {
            ops: ops.to_vec(),
            kind,
            skip: 0,
            counted: true,
        }
    }

    #[test]
    fn programs_compute_or_fall_through() {
        use AOp::*;
        let mut m = Machine::new();
        let unbound = m.heap.new_var();
        let float = m.heap.new_float(1.5);
        let (a, b) = (Cell::small_int(7), Cell::small_int(-2));
        let is_x2 = ArithKind::Is(Dest::SetX(2));
        // (registers X0, X1; program; expected: Some(value of X2) for `is`, None to fall through)
        let cases: Vec<(&str, Cell, ArithProg, Option<i64>)> = vec![
            ("7 + -2", b, prog(&[X(0), X(1), Add], is_x2), Some(5)),
            (
                "7 - -2 * 3",
                b,
                prog(&[X(0), X(1), Int(3), Mul, Sub], is_x2),
                Some(13),
            ),
            ("7 // -2", b, prog(&[X(0), X(1), IntDiv], is_x2), Some(-3)),
            ("7 mod -2", b, prog(&[X(0), X(1), Mod], is_x2), Some(-1)),
            ("7 rem -2", b, prog(&[X(0), X(1), Rem], is_x2), Some(1)),
            (
                "min, max",
                b,
                prog(&[X(0), X(1), Min, X(0), Max], is_x2),
                Some(7),
            ),
            ("abs(-(7))", b, prog(&[X(0), Neg, Abs], is_x2), Some(7)),
            ("7 // 0", b, prog(&[X(0), Int(0), IntDiv], is_x2), None),
            ("7 mod 0", b, prog(&[X(0), Int(0), Mod], is_x2), None),
            (
                "leaves the small range",
                b,
                prog(&[Int(SMALL_MAX), Int(1), Add], is_x2),
                None,
            ),
            (
                "below it",
                b,
                prog(&[Int(SMALL_MIN), Int(-1), IntDiv], is_x2),
                None,
            ),
            (
                "an intermediate past the small range, a small value",
                b,
                prog(
                    &[Int(SMALL_MAX), Int(SMALL_MAX), Add, Int(4), IntDiv],
                    is_x2,
                ),
                Some(SMALL_MAX / 2),
            ),
            (
                "a random-number step: 61-bit product, small value",
                b,
                prog(
                    &[
                        Int(2147483647),
                        Int(1103515245),
                        Mul,
                        Int(12345),
                        Add,
                        Int(2147483648),
                        Mod,
                    ],
                    is_x2,
                ),
                Some((2147483647i64 * 1103515245 + 12345) % 2147483648),
            ),
            (
                "64-bit overflow",
                b,
                prog(&[Int(SMALL_MAX), Int(SMALL_MAX), Mul], is_x2),
                None,
            ),
            (
                "i64::MIN mod -1 (no 64-bit overflow panic)",
                b,
                prog(&[Int(SMALL_MIN), Int(8), Mul, Int(-1), Mod], is_x2),
                None,
            ),
            (
                "unbound operand",
                unbound,
                prog(&[X(0), X(1), Add], is_x2),
                None,
            ),
            (
                "float operand",
                float,
                prog(&[X(0), X(1), Add], is_x2),
                None,
            ),
        ];
        let mut failures = Vec::new();
        for (what, x1, p, want) in cases {
            m.regs[0] = a;
            m.regs[1] = x1;
            m.regs[2] = Cell::atom(crate::term::atom::atoms::NIL);
            let got = m.arith_fast(&p);
            let value = (got == Some(true)).then(|| m.regs[2].get_int());
            if got.is_some() != want.is_some() || (want.is_some() && value != want) {
                failures.push(format!("{what}: got {got:?} with X2 = {:?}", m.regs[2]));
            }
        }
        assert!(failures.is_empty(), "\n{}", failures.join("\n"));
    }

    #[test]
    fn comparisons_and_bound_destinations() {
        use AOp::*;
        let mut m = Machine::new();
        m.regs[0] = Cell::small_int(2);
        let lt = comparison("<").expect("< is a comparison");
        let ge = comparison(">=").expect(">= is a comparison");
        assert_eq!(
            m.arith_fast(&prog(&[X(0), Int(3)], ArithKind::Cmp(lt))),
            Some(true)
        );
        assert_eq!(
            m.arith_fast(&prog(&[X(0), Int(2)], ArithKind::Cmp(lt))),
            Some(false)
        );
        assert_eq!(
            m.arith_fast(&prog(&[X(0), Int(2)], ArithKind::Cmp(ge))),
            Some(true)
        );
        // `6 is X0 * 3` holds, `7 is ...` does not; a bound register is unified.
        let six = |d| prog(&[X(0), Int(3), Mul], ArithKind::Is(d));
        assert_eq!(
            m.arith_fast(&six(Dest::Const(Cell::small_int(6)))),
            Some(true)
        );
        assert_eq!(
            m.arith_fast(&six(Dest::Const(Cell::small_int(7)))),
            Some(false)
        );
        m.regs[1] = Cell::small_int(7);
        assert_eq!(m.arith_fast(&six(Dest::UnifyX(1))), Some(false));
        let v = m.heap.new_var();
        m.regs[1] = v;
        assert_eq!(m.arith_fast(&six(Dest::UnifyX(1))), Some(true));
        assert_eq!(m.heap.deref(v), Cell::small_int(6));
    }
}
