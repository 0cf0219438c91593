//! Differential test against SWI-Prolog: random terms (operators, negative numbers,
//! special atoms, strings, lists, braces, `'$VAR'`) are written by `swipl` and by us
//! with several option sets, and must agree character for character.
//!
//! Needs `swipl` on the PATH (CI installs it):
//! `cargo test --test writer_swi_diff_tests` (set `SWI_DIFF_CASES` for more).
//! The operator table is adjusted to SWI 9.0.4's where ours differs (see `swi_ops`).

use crate::writer_support;

use knightlog::syntax::atom_text::is_symbol_char;
use knightlog::syntax::writer::{write_canonical, write_term, WriteOptions};
use knightlog::term::atom::Atom;
use knightlog::term::cell::Cell;
use knightlog::term::heap::{Heap, View};
use knightlog::term::ops::{OpTable, OpType};
use std::process::Command;
use writer_support::build;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }
}

const INFIX: &[&str] = &[
    "+", "-", "*", "/", "^", "**", "=", ":-", "','", ";", "->", "'|'", ":", "mod", "rem", "is",
    "=..", "<", "xor", "/\\", "//", "@<", "-->", "*->", "'.'", "as", "rdiv", "@", "f",
];
const PREFIX: &[&str] = &[
    "-", "+", "\\+", "'\\\\'", ":-", "?-", "dynamic", "$", "@", "f",
];
const ATOMS: &[&str] = &[
    "a",
    "[]",
    "{}",
    "-",
    "+",
    ":-",
    "\\+",
    "','",
    "'|'",
    ";",
    "!",
    "'A'",
    "'hello world'",
    "''",
    "mod",
    "is",
    "'\\n'",
    "dynamic",
    "'$VAR'",
    "'.'",
    "é",
    "'\\\\'",
    "'don''t'",
    "'\\x1\\'",
];
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "-2",
    "123456789012345678901234567890",
    "-12345678901234567890123",
    "1.0",
    "-1.5",
    "0.1",
    "1.0e10",
    "-0.0",
    "1.5e-7",
    "1.0Inf",
    "1.0e22",
];

fn term(r: &mut Rng, depth: usize) -> String {
    let k = r.below(10);
    if depth == 0 || k < 3 {
        return match r.below(10) {
            0..=3 => r.pick(ATOMS).to_string(),
            4..=6 => r.pick(NUMBERS).to_string(),
            7 => r
                .pick(&["\"s\"", "\"a b\"", "\"\"", "\"q\\\"\\n\""])
                .to_string(),
            8 => format!("'$VAR'({})", r.below(60)),
            _ => r.pick(&["[]", "[a]", "[1,2]"]).to_string(),
        };
    }
    match k {
        3..=5 => format!(
            "{}({},{})",
            r.pick(INFIX),
            term(r, depth - 1),
            term(r, depth - 1)
        ),
        6 | 7 => format!("{}({})", r.pick(PREFIX), term(r, depth - 1)),
        8 => {
            let n = 1 + r.below(3);
            let items: Vec<String> = (0..n).map(|_| term(r, depth - 1)).collect();
            let tail = if r.below(3) == 0 {
                format!("|{}", term(r, depth - 1))
            } else {
                String::new()
            };
            format!("[{}{}]", items.join(","), tail)
        }
        _ => format!("{{}}({})", term(r, depth - 1)),
    }
}

/// Our standard table, made to match SWI-Prolog 9.0.4's where the two differ.
fn swi_ops() -> OpTable {
    let mut ops = OpTable::standard();
    ops.add(0, OpType::Fx, Atom::new("?")).unwrap();
    ops.add(0, OpType::Yfx, Atom::new("divmod")).unwrap();
    ops.add(400, OpType::Yfx, Atom::new("xor")).unwrap();
    ops.add(800, OpType::Xfx, Atom::new(":=")).unwrap();
    ops.add(1200, OpType::Xfx, Atom::new("=>")).unwrap();
    ops
}

const SWI_PROGRAM: &str = r#"
:- initialization(main, main).
opts([writeq, print, write, write_canonical, [quoted(true), spacing(next_argument)],
      [max_depth(3)], [max_depth(5), quoted(true), spacing(next_argument)], [ignore_ops(true)],
      [no_lists(true), quoted(true)], [dotlists(true), max_depth(4)],
      [priority(699), quoted(true), portray(true)], [brace_terms(false), max_depth(2)]]).
out(T, P, S) :- atom(P), !, with_output_to(string(S), call(P, T)).
out(T, O, S) :- with_output_to(string(S), write_term(T, O)).
main :- read_term(user_input, L, []), ( L == end_of_file -> true
      ; term_string(T, L), opts(Os), findall(S, (member(O, Os), out(T, O, S)), Ss),
        atomic_list_concat([L|Ss], '\x1f\', Rec), format("~w\x1e\", [Rec]), main ).
"#;

fn our_options() -> Vec<Option<WriteOptions>> {
    let b = WriteOptions {
        numbervars: false,
        character_escapes_unicode: true,
        ..WriteOptions::write()
    };
    vec![
        Some(WriteOptions::writeq()),
        Some(WriteOptions::print()),
        Some(WriteOptions::write()),
        None,
        Some(WriteOptions {
            quoted: true,
            spacing_next_argument: true,
            ..b.clone()
        }),
        Some(WriteOptions {
            max_depth: 3,
            ..b.clone()
        }),
        Some(WriteOptions {
            max_depth: 5,
            quoted: true,
            spacing_next_argument: true,
            ..b.clone()
        }),
        Some(WriteOptions {
            ignore_ops: true,
            ..b.clone()
        }),
        Some(WriteOptions {
            no_lists: true,
            quoted: true,
            ..b.clone()
        }),
        Some(WriteOptions {
            dotlists: true,
            max_depth: 4,
            ..b.clone()
        }),
        Some(WriteOptions {
            priority: 699,
            quoted: true,
            numbervars: true,
            ..b.clone()
        }),
        Some(WriteOptions {
            brace_terms: false,
            max_depth: 2,
            ..b.clone()
        }),
    ]
}

#[test]
fn random_terms_match_swipl() {
    let n: usize = std::env::var("SWI_DIFF_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    let mut r = Rng(0x9E37_79B9_7F4A_7C15);
    let mut input = String::new();
    for _ in 0..n {
        let d = 1 + r.below(4);
        input.push_str(&format!(
            "'{}'.\n",
            term(&mut r, d).replace('\\', "\\\\").replace('\'', "\\'")
        ));
    }
    let dir = std::env::temp_dir().join(format!("knightlog_swi_diff_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let prog = dir.join("diff.pl");
    std::fs::write(&prog, SWI_PROGRAM).unwrap();
    let inp = dir.join("input.txt");
    std::fs::write(&inp, &input).unwrap();
    let out = Command::new("swipl")
        .arg(&prog)
        .stdin(std::fs::File::open(&inp).unwrap())
        .output()
        .expect("swipl not found");
    let text = String::from_utf8(out.stdout).unwrap();
    let ops = swi_ops();
    let opts = our_options();
    let mut failures = Vec::new();
    let mut records = 0;
    for rec in text.split('\u{1e}').filter(|r| !r.trim().is_empty()) {
        records += 1;
        let f: Vec<&str> = rec.split('\u{1f}').collect();
        let mut h = Heap::new();
        let t = build(&mut h, f[0]);
        for (i, o) in opts.iter().enumerate() {
            let mut s = String::new();
            match o {
                Some(o) => write_term(&h, &ops, t, o, None, &mut s),
                None => write_canonical(&h, &ops, t, &mut s),
            }
            if s != f[i + 1] && !has_unreadable_swi_dot(&h, t) {
                failures.push(format!("{} [{i}]: got {s:?}, swipl {:?}", f[0], f[i + 1]));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(records > n * 9 / 10, "swipl answered only {records} of {n}");
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures[..failures.len().min(30)].join("\n")
    );
}

/// SWI writes '.'(a,-1) as `a. -1` (an end token) and '.'(0,1) as `0.1` (a float);
/// neither reads back, so we write `a.(-1)` and `0 .1` (tests/KNOWN_DIFFERENCES.md).
/// True when `t` holds a '.'/2 whose right operand is a number or starts with a
/// symbol char: where the two writers differ on purpose.
fn has_unreadable_swi_dot(h: &Heap, t: Cell) -> bool {
    let mut todo = vec![t];
    while let Some(c) = todo.pop() {
        if let View::Compound { name, arity, args } = h.view(c) {
            if name.name() == "." && arity == 2 {
                let right = match h.view(h.get(args + 1)) {
                    View::Int(_) | View::BigInt(_) | View::Float(_) => true,
                    View::Atom(a) | View::Compound { name: a, .. } => {
                        a.name().starts_with(is_symbol_char)
                    }
                    _ => false,
                };
                if right {
                    return true;
                }
            }
            todo.extend((0..arity).map(|i| h.get(args + i)));
        }
    }
    false
}
