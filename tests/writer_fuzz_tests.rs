//! Property tests: the writer never panics, whatever the term (odd atoms, extreme
//! numbers, strings with control characters, cycles), the options, or the operator
//! table (user-defined prefix, infix and postfix operators of any priority).

use knightlog::syntax::writer::{write_canonical, write_term, WriteOptions};
use knightlog::term::atom::{atoms, Atom};
use knightlog::term::cell::Cell;
use knightlog::term::heap::Heap;
use knightlog::term::ops::{OpTable, OpType};
use num_bigint::BigInt;
use proptest::prelude::*;

const NAMES: &[&str] = &[
    "a", "f", "-", "+", ":-", ",", "|", ";", "[]", "{}", "[|]", "$VAR", ".", "\\+", "mod", "is",
    "", " ", "'", "\"", "\\", "\n", "A", "_", "é", "日本", "∀", "\u{0}", "\u{200b}", "/*", "%",
    "qq", "px",
];

#[derive(Clone, Debug)]
enum Recipe {
    Atom(usize),
    Int(i64),
    Big(i64),
    Float(f64),
    Str(String),
    Var,
    Compound(usize, Vec<Recipe>),
    List(Vec<Recipe>, Option<Box<Recipe>>),
}

fn recipe() -> impl Strategy<Value = Recipe> {
    let leaf = prop_oneof![
        (0..NAMES.len()).prop_map(Recipe::Atom),
        any::<i64>().prop_map(Recipe::Int),
        any::<i64>().prop_map(Recipe::Big),
        prop_oneof![
            any::<f64>(),
            Just(f64::NAN),
            Just(f64::INFINITY),
            Just(-0.0),
            Just(5e-324)
        ]
        .prop_map(Recipe::Float),
        "[a\\x00-\\x1f\"'\\\\é ]{0,4}".prop_map(Recipe::Str),
        Just(Recipe::Var),
    ];
    leaf.prop_recursive(6, 64, 4, |inner| {
        prop_oneof![
            ((0..NAMES.len()), prop::collection::vec(inner.clone(), 1..4))
                .prop_map(|(n, a)| Recipe::Compound(n, a)),
            (
                prop::collection::vec(inner.clone(), 1..4),
                prop::option::of(inner.prop_map(Box::new))
            )
                .prop_map(|(items, tail)| Recipe::List(items, tail)),
        ]
    })
}

fn build(h: &mut Heap, r: &Recipe, vars: &mut Vec<Cell>) -> Cell {
    match r {
        Recipe::Atom(i) => Cell::atom(Atom::new(NAMES[*i])),
        Recipe::Int(i) => h.new_int(*i >> 3),
        Recipe::Big(i) => h.new_bigint(&(BigInt::from(*i) * BigInt::from(u64::MAX))),
        Recipe::Float(f) => h.new_float(*f),
        Recipe::Str(s) => h.new_string(s),
        Recipe::Var => {
            let v = h.new_var();
            vars.push(v);
            v
        }
        Recipe::Compound(n, args) => {
            let cells: Vec<Cell> = args.iter().map(|a| build(h, a, vars)).collect();
            h.new_compound(Atom::new(NAMES[*n]), &cells)
        }
        Recipe::List(items, tail) => {
            let cells: Vec<Cell> = items.iter().map(|a| build(h, a, vars)).collect();
            let t = match tail {
                Some(t) => build(h, t, vars),
                None => Cell::atom(atoms::NIL),
            };
            h.list_from_slice(&cells, t)
        }
    }
}

fn op_type(i: u8) -> OpType {
    [
        OpType::Xfx,
        OpType::Xfy,
        OpType::Yfx,
        OpType::Fy,
        OpType::Fx,
        OpType::Xf,
        OpType::Yf,
    ][i as usize % 7]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]
    #[test]
    fn writing_never_panics(
        r in recipe(),
        extra_ops in prop::collection::vec((1u16..=1200, any::<u8>(), 0..NAMES.len()), 0..4),
        flags in any::<u16>(),
        max_depth in 0usize..6,
        priority in 0u16..=1200,
        cycle in any::<bool>(),
    ) {
        let mut h = Heap::new();
        let mut vars = Vec::new();
        let t = build(&mut h, &r, &mut vars);
        if cycle {
            if let Some(&v) = vars.first() {
                h.set(v.addr(), t);
            }
        }
        let mut ops = OpTable::standard();
        for (p, ty, n) in extra_ops {
            let _ = ops.add(p, op_type(ty), Atom::new(NAMES[n]));
        }
        let bit = |i: u32| flags & (1 << i) != 0;
        let opts = WriteOptions {
            quoted: bit(0),
            ignore_ops: bit(1),
            numbervars: bit(2),
            max_depth,
            no_lists: bit(3),
            brace_terms: bit(4),
            spacing_next_argument: bit(5),
            dotlists: bit(6),
            priority,
            character_escapes_unicode: bit(7),
            quote_non_ascii: bit(8),
        };
        let mut a = String::new();
        write_term(&h, &ops, t, &opts, None, &mut a);
        let mut b = String::new();
        write_term(&h, &ops, t, &opts, None, &mut b);
        prop_assert_eq!(a, b);
        let mut c = String::new();
        write_canonical(&h, &ops, t, &mut c);
    }
}
