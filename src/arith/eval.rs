//! The evaluable functors of `is/2`: name/arity lookup and dispatch.
//!
//! Each evaluable is an [`Op`]. [`lookup`] maps an atom and arity to its `Op` through a
//! table indexed by atom id (built once), so a compiler can resolve a functor when it
//! compiles a clause and call [`eval_op`] at run time; [`eval_fn`] does both, with an
//! inline fast path for `+ - *` on two small integers.
//!
//! Tested by: the unit tests below; tests/arith_tests.rs, tests/arith_extra.rs,
//! tests/prolog/arith.pl.

use std::sync::OnceLock;

use super::compare;
use super::error::{type_rational, ArithError, ArithResult};
use super::float_ops::{self as fl, unary};
use super::int_ops as int;
use super::pow;
use super::random;
use super::rat_ops;
use crate::term::atom::{atoms, Atom};
use crate::term::number::Number;

/// SWI-Prolog's `max_tagged_integer` as given for knightlog: 2^60 - 1.
pub const MAX_TAGGED_INTEGER: i64 = (1 << 60) - 1;
/// SWI-Prolog's `min_tagged_integer`: -2^60.
pub const MIN_TAGGED_INTEGER: i64 = -(1 << 60);

macro_rules! evaluables {
    ($($op:ident = $name:literal / $arity:literal),* $(,)?) => {
        /// An evaluable function, one per name/arity.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[repr(u8)]
        pub enum Op { $($op),* }

        /// Every evaluable as (name, arity, op).
        const DEFS: &[(&str, usize, Op)] = &[$(($name, $arity, Op::$op)),*];
    };
}

evaluables! {
    Pi = "pi" / 0, E = "e" / 0, Inf = "inf" / 0, Nan = "nan" / 0, Epsilon = "epsilon" / 0,
    MaxTagged = "max_tagged_integer" / 0, MinTagged = "min_tagged_integer" / 0,
    RandomFloat = "random_float" / 0, Cputime = "cputime" / 0, Realtime = "realtime" / 0,

    Neg = "-" / 1, Pos = "+" / 1, Abs = "abs" / 1, Sign = "sign" / 1, BitNot = "\\" / 1,
    Integer = "integer" / 1, Round = "round" / 1, Truncate = "truncate" / 1,
    Floor = "floor" / 1, Ceil = "ceil" / 1, Ceiling = "ceiling" / 1, Float = "float" / 1,
    FloatIntPart = "float_integer_part" / 1, FloatFracPart = "float_fractional_part" / 1,
    Sqrt = "sqrt" / 1, Sin = "sin" / 1, Cos = "cos" / 1, Tan = "tan" / 1,
    Asin = "asin" / 1, Acos = "acos" / 1, Atan = "atan" / 1, Cot = "cot" / 1, Acot = "acot" / 1,
    Sinh = "sinh" / 1, Cosh = "cosh" / 1, Tanh = "tanh" / 1,
    Asinh = "asinh" / 1, Acosh = "acosh" / 1, Atanh = "atanh" / 1,
    Exp = "exp" / 1, Log = "log" / 1, Log2 = "log2" / 1, Log10 = "log10" / 1,
    Erf = "erf" / 1, Erfc = "erfc" / 1, Lgamma = "lgamma" / 1,
    Msb = "msb" / 1, Lsb = "lsb" / 1, Popcount = "popcount" / 1, Random = "random" / 1,
    Eval = "eval" / 1, Numerator = "numerator" / 1, Denominator = "denominator" / 1,
    Rational = "rational" / 1, Rationalize = "rationalize" / 1,

    Add = "+" / 2, Sub = "-" / 2, Mul = "*" / 2, Div = "/" / 2, IntDiv = "//" / 2,
    Mod = "mod" / 2, Rem = "rem" / 2, FloorDiv = "div" / 2, Min = "min" / 2, Max = "max" / 2,
    Gcd = "gcd" / 2, Lcm = "lcm" / 2, Power = "**" / 2, Caret = "^" / 2,
    BitAnd = "/\\" / 2, BitOr = "\\/" / 2, Xor = "xor" / 2, Shl = "<<" / 2, Shr = ">>" / 2,
    Atan2 = "atan" / 2, Atan2Alias = "atan2" / 2, LogBase = "log" / 2,
    Copysign = "copysign" / 2, Nexttoward = "nexttoward" / 2, Getbit = "getbit" / 2,
    Rdiv = "rdiv" / 2,

    Powm = "powm" / 3,
}

/// Per atom id, the `Op` for arities 0..=3.
struct Table {
    by_atom: Vec<[Option<Op>; 4]>,
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let interned: Vec<(Atom, usize, Op)> = DEFS
            .iter()
            .map(|&(name, arity, op)| (Atom::new(name), arity, op))
            .collect();
        let len = interned
            .iter()
            .map(|(a, ..)| a.index() as usize + 1)
            .max()
            .unwrap_or(0);
        let mut by_atom = vec![[None; 4]; len];
        for (atom, arity, op) in interned {
            by_atom[atom.index() as usize][arity] = Some(op);
        }
        Table { by_atom }
    })
}

/// The evaluable named `name` with `arity` arguments, if there is one.
#[inline]
pub fn lookup(name: Atom, arity: usize) -> Option<Op> {
    let row = table().by_atom.get(name.index() as usize)?;
    *row.get(arity)?
}

/// Is Name/Arity an evaluable functor (for error reporting / current_arithmetic_function)?
pub fn is_evaluable(name: Atom, arity: usize) -> bool {
    lookup(name, arity).is_some()
}

/// All evaluable functors, for `current_arithmetic_function/1`.
pub fn evaluables() -> impl Iterator<Item = (Atom, usize)> {
    DEFS.iter()
        .map(|&(name, arity, _)| (Atom::new(name), arity))
}

impl Op {
    /// The functor name and arity of this evaluable.
    pub fn name_arity(self) -> (Atom, usize) {
        DEFS.iter()
            .find(|d| d.2 == self)
            .map_or((atoms::EMPTY, 0), |&(name, arity, _)| {
                (Atom::new(name), arity)
            })
    }

    #[cold]
    fn wrong_arity(self, arity: usize) -> ArithError {
        ArithError::NotEvaluable(self.name_arity().0, arity)
    }
}

/// Apply the evaluable functor Name/Arity to already-evaluated arguments (arity 0 to 3).
#[inline]
pub fn eval_fn(name: Atom, args: &[Number]) -> ArithResult {
    if let [Number::Int(x), Number::Int(y)] = args {
        match name {
            atoms::PLUS => return Ok(int::add_ii(*x, *y)),
            atoms::MINUS => return Ok(int::sub_ii(*x, *y)),
            atoms::STAR => return Ok(int::mul_ii(*x, *y)),
            _ => {}
        }
    }
    match lookup(name, args.len()) {
        Some(op) => eval_op(op, args),
        None => Err(ArithError::NotEvaluable(name, args.len())),
    }
}

/// The Prolog flags that change what an evaluable computes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mode {
    /// `prefer_rationals`: `/` of two integers and an integer to a negative
    /// integer power are exact rationals.
    pub prefer_rationals: bool,
    /// `iso`: `/` always gives a float.
    pub iso: bool,
}

/// [`eval_fn`] under the flags of `mode`.
#[inline]
pub fn eval_fn_in(name: Atom, args: &[Number], mode: Mode) -> ArithResult {
    if mode == Mode::default() {
        return eval_fn(name, args);
    }
    match lookup(name, args.len()) {
        Some(op) => eval_op_in(op, args, mode),
        None => Err(ArithError::NotEvaluable(name, args.len())),
    }
}

/// [`eval_op`] under the flags of `mode`.
pub fn eval_op_in(op: Op, args: &[Number], mode: Mode) -> ArithResult {
    match (op, args) {
        (Op::Div, [a, b]) if mode.iso && a.is_rational() && b.is_rational() => {
            let (x, y) = (fl::promote(a)?, fl::promote(b)?);
            if y == 0.0 {
                return Err(super::error::zero_divisor());
            }
            fl::float_result(x / y)
        }
        (Op::Div, [a, b]) if a.is_integer() && b.is_integer() => rat_ops::divide(a, b),
        (Op::Power | Op::Caret, [a, b]) => pow::pow_in(a, b, mode.prefer_rationals),
        _ => eval_op(op, args),
    }
}

/// Apply a resolved evaluable to its evaluated arguments.
#[inline]
pub fn eval_op(op: Op, args: &[Number]) -> ArithResult {
    match args {
        [a, b] => eval2(op, a, b),
        [a] => eval1(op, a),
        [] => eval0(op),
        [a, b, c] if op == Op::Powm => pow::powm(a, b, c),
        _ => Err(op.wrong_arity(args.len())),
    }
}

fn eval0(op: Op) -> ArithResult {
    Ok(match op {
        Op::Pi => Number::Float(std::f64::consts::PI),
        Op::E => Number::Float(std::f64::consts::E),
        Op::Inf => Number::Float(f64::INFINITY),
        Op::Nan => Number::Float(f64::NAN),
        Op::Epsilon => Number::Float(f64::EPSILON),
        Op::MaxTagged => Number::Int(MAX_TAGGED_INTEGER),
        Op::MinTagged => Number::Int(MIN_TAGGED_INTEGER),
        Op::RandomFloat => random::random_float(),
        Op::Cputime => Number::Float(crate::os::cpu_seconds()),
        Op::Realtime => random::realtime(),
        _ => return Err(op.wrong_arity(0)),
    })
}

fn eval1(op: Op, a: &Number) -> ArithResult {
    if let Number::Rat(r) = a {
        if let Some(v) = rat_ops::eval1(op, r) {
            return v;
        }
    }
    match op {
        Op::Neg => Ok(int::neg(a)),
        Op::Pos | Op::Eval => Ok(a.clone()),
        Op::Abs => Ok(int::abs(a)),
        Op::Sign => Ok(fl::sign(a)),
        Op::BitNot => int::bit_not(a),
        Op::Integer | Op::Round => Ok(fl::round_with(a, f64::round)),
        Op::Truncate => Ok(fl::round_with(a, f64::trunc)),
        Op::Floor => Ok(fl::round_with(a, f64::floor)),
        Op::Ceil | Op::Ceiling => Ok(fl::round_with(a, f64::ceil)),
        Op::Float => fl::to_float(a),
        Op::FloatIntPart => fl::float_integer_part(a),
        Op::FloatFracPart => fl::float_fractional_part(a),
        Op::Sqrt => unary(a, f64::sqrt),
        Op::Sin => unary(a, f64::sin),
        Op::Cos => unary(a, f64::cos),
        Op::Tan => unary(a, f64::tan),
        Op::Asin => unary(a, f64::asin),
        Op::Acos => unary(a, f64::acos),
        Op::Atan => unary(a, f64::atan),
        Op::Cot => unary(a, fl::cot),
        Op::Acot => unary(a, fl::acot),
        Op::Sinh => unary(a, f64::sinh),
        Op::Cosh => unary(a, f64::cosh),
        Op::Tanh => unary(a, f64::tanh),
        Op::Asinh => unary(a, f64::asinh),
        Op::Acosh => unary(a, f64::acosh),
        Op::Atanh => unary(a, f64::atanh),
        Op::Exp => unary(a, f64::exp),
        Op::Log => unary(a, f64::ln),
        Op::Log2 => unary(a, f64::log2),
        Op::Log10 => unary(a, f64::log10),
        Op::Erf => unary(a, super::cmath::erf),
        Op::Erfc => unary(a, super::cmath::erfc),
        Op::Lgamma => fl::lgamma(a),
        Op::Msb => int::msb(a),
        Op::Lsb => int::lsb(a),
        Op::Popcount => int::popcount(a),
        Op::Random => random::random(a),
        Op::Numerator if a.is_integer() => Ok(a.clone()),
        Op::Denominator if a.is_integer() => Ok(Number::Int(1)),
        Op::Numerator | Op::Denominator => Err(type_rational(a)),
        Op::Rational => rat_ops::rational(a),
        Op::Rationalize => rat_ops::rationalize(a),
        _ => Err(op.wrong_arity(1)),
    }
}

fn eval2(op: Op, a: &Number, b: &Number) -> ArithResult {
    match op {
        Op::Add => int::add(a, b),
        Op::Sub => int::sub(a, b),
        Op::Mul => int::mul(a, b),
        Op::Div => fl::divide(a, b),
        Op::IntDiv => int::tdiv(a, b),
        Op::Mod => int::modulo(a, b),
        Op::Rem => int::rem(a, b),
        Op::FloorDiv => int::fdiv(a, b),
        Op::Min => Ok(compare::min(a, b)),
        Op::Max => Ok(compare::max(a, b)),
        Op::Gcd => int::gcd(a, b),
        Op::Lcm => int::lcm(a, b),
        Op::Power | Op::Caret => pow::pow(a, b),
        Op::BitAnd => int::bit_and(a, b),
        Op::BitOr => int::bit_or(a, b),
        Op::Xor => int::bit_xor(a, b),
        Op::Shl => int::shift(a, b, true),
        Op::Shr => int::shift(a, b, false),
        Op::Atan2 | Op::Atan2Alias => fl::binary(a, b, f64::atan2),
        Op::LogBase => fl::log_base(a, b),
        Op::Copysign => Ok(fl::copysign(a, b)),
        Op::Nexttoward => fl::nexttoward(a, b),
        Op::Getbit => int::getbit(a, b),
        Op::Rdiv => rat_ops::rdiv(a, b),
        _ => Err(op.wrong_arity(2)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_definition_resolves_to_itself() {
        for &(name, arity, op) in DEFS {
            assert_eq!(lookup(Atom::new(name), arity), Some(op), "{name}/{arity}");
            assert_eq!(op.name_arity(), (Atom::new(name), arity));
        }
    }

    #[test]
    fn unknown_functors_are_not_evaluable() {
        let foo = Atom::new("foo");
        assert!(!is_evaluable(foo, 1));
        assert!(!is_evaluable(atoms::PLUS, 3));
        assert!(!is_evaluable(Atom::new("mod"), 1));
        assert_eq!(
            eval_fn(foo, &[Number::Int(1)]),
            Err(ArithError::NotEvaluable(foo, 1))
        );
    }

    #[test]
    fn wrong_argument_counts_do_not_panic() {
        for &(_, _, op) in DEFS {
            for n in 0..5 {
                let args = vec![Number::Int(3); n];
                let _ = eval_op(op, &args);
            }
        }
    }
}
