//! The reader on very deep and very long terms: nothing may recurse on the Rust
//! stack in proportion to nesting depth or length (test threads have a 2 MiB
//! stack, so any such recursion overflows here).

use knightlog::syntax::read_term::{Node, ReadTerm};
use knightlog::syntax::reader::{read_term_from_str, DoubleQuotes, ReadOptions, Reader};
use knightlog::term::atom::{atoms, Atom};
use knightlog::term::ops::OpTable;

/// The depth and length the reader's brief asks for.
const N: usize = 1_000_000;
/// For the other shapes: already far beyond what recursion on a 2 MiB stack
/// survives, and it keeps the debug-build test run short.
const M: usize = 200_000;

fn read(src: &str) -> ReadTerm {
    let mut r = Reader::new(src);
    let t = r
        .next_term(&OpTable::standard(), &ReadOptions::default())
        .unwrap()
        .unwrap();
    assert_eq!(
        r.next_term(&OpTable::standard(), &ReadOptions::default()),
        Ok(None)
    );
    t
}

/// Follows argument `arg` of compounds named `name` from the root; returns how
/// many such compounds there are and the node where the chain ends.
fn chain(t: &ReadTerm, name: &str, arg: usize) -> (usize, Node) {
    let name = Atom::new(name);
    let mut n = t.root;
    let mut depth = 0;
    loop {
        match t.node(n) {
            Node::Compound {
                name: f,
                first,
                arity,
            } if *f == name => {
                n = t.args_of(*first, *arity)[arg];
                depth += 1;
            }
            other => return (depth, other.clone()),
        }
    }
}

#[test]
fn deeply_nested_compounds() {
    let src = format!("{}a{}.", "f(".repeat(N), ")".repeat(N));
    let t = read(&src);
    assert_eq!(chain(&t, "f", 0), (N, Node::Atom(Atom::new("a"))));
}

#[test]
fn deeply_nested_infix_operator_functors() {
    // Each `-(` is read both ways (compound and infix operator); the reading
    // not taken is compacted away.
    let n = M;
    let src = format!("x{}{}.", "-(x".repeat(n), ")".repeat(n));
    let t = read(&src);
    assert_eq!(chain(&t, "-", 1), (n, Node::Atom(Atom::new("x"))));
    assert_eq!(t.nodes.len(), 2 * n + 1, "only reachable nodes are kept");
}

#[test]
fn long_list_literal() {
    let body: Vec<String> = (0..N).map(|i| i.to_string()).collect();
    let src = format!("[{}].", body.join(","));
    let t = read(&src);
    let (len, end) = chain(&t, "[|]", 1);
    assert_eq!((len, end), (N, Node::Atom(atoms::NIL)));
    let Node::Compound { first, .. } = t.node(t.root) else {
        panic!()
    };
    assert_eq!(t.node(t.args[*first as usize]), &Node::Int(0));
}

#[test]
fn deeply_nested_lists_and_parentheses() {
    let src = format!("{}a{}.", "[".repeat(M), "]".repeat(M));
    let (depth, _) = chain(&read(&src), "[|]", 0);
    assert_eq!(depth, M);
    let src = format!("{}a{}.", "(".repeat(M), ")".repeat(M));
    assert_eq!(read(&src).node(0), &Node::Atom(Atom::new("a")));
    let src = format!("{}a{}.", "{".repeat(M), "}".repeat(M));
    assert_eq!(chain(&read(&src), "{}", 0).0, M);
}

#[test]
fn long_prefix_operator_chains() {
    let src = format!("{}a.", "- ".repeat(N));
    assert_eq!(chain(&read(&src), "-", 0), (N, Node::Atom(Atom::new("a"))));
    let src = format!("{}a.", "\\+ ".repeat(N));
    assert_eq!(chain(&read(&src), "\\+", 0).0, N);
}

#[test]
fn long_infix_chains_both_associativities() {
    // xfy nests to the right, yfx to the left.
    let src = format!("{}a.", "a, ".repeat(M));
    assert_eq!(chain(&read(&src), ",", 1), (M, Node::Atom(Atom::new("a"))));
    let src = format!("1{}.", " + 1".repeat(M));
    assert_eq!(chain(&read(&src), "+", 0), (M, Node::Int(1)));
}

#[test]
fn long_strings_as_code_lists() {
    let src = format!("\"{}\"", "x".repeat(N));
    let opts = ReadOptions {
        double_quotes: DoubleQuotes::Codes,
        ..ReadOptions::default()
    };
    let t = read_term_from_str(&src, &OpTable::standard(), &opts).unwrap();
    assert_eq!(chain(&t, "[|]", 1), (N, Node::Atom(atoms::NIL)));
}

#[test]
fn many_arguments_and_clauses() {
    let args: Vec<String> = (0..M).map(|i| format!("X{}", i % 1000)).collect();
    let t = read(&format!("f({}).", args.join(", ")));
    assert_eq!(t.vars.len(), 1000);
    assert!(t.vars.iter().all(|v| v.occurrences == (M / 1000) as u32));
    let src = "p(X) :- q(X, [a|_]).\n".repeat(M / 10);
    let mut r = Reader::new(&src);
    let (ops, opts) = (OpTable::standard(), ReadOptions::default());
    let mut count = 0;
    while let Some(t) = r.next_term(&ops, &opts).unwrap() {
        assert_eq!(t.vars.len(), 2);
        count += 1;
    }
    assert_eq!(count, M / 10);
}

/// Reading speed on ordinary clauses: a measurement, not a check, so in no tier (CI runs the
/// ignored tests too); it runs only when `KNIGHTLOG_TIMING=1` is set, and otherwise passes at
/// once: `KNIGHTLOG_TIMING=1 cargo test --release --test all reader_deep::throughput --
/// --ignored --nocapture`.
#[test]
#[ignore = "timing only, in no tier: KNIGHTLOG_TIMING=1 cargo test --release -- --ignored throughput"]
fn throughput() {
    if std::env::var_os("KNIGHTLOG_TIMING").is_none() {
        eprintln!("skipped: set KNIGHTLOG_TIMING=1 to measure");
        return;
    }
    let clauses = r#"
knight_tour(N, Tour) :- N2 is N * N, length(Tour, N2), Tour = [1-1|_], go(N, Tour, 1).
jump(X/Y, X1/Y1) :-
    member(DX/DY, [1/2, 2/1, -1/2, -2/1, 1/ -2, 2/ -1, -1/ -2, -2/ -1]),
    X1 is X + DX, Y1 is Y + DY, X1 >= 1, X1 =< 8.   % stay on the board
foo("string", 'quoted atom', 0'c, 1.5e3) :- \+ bar, !, format("~w~n", [X]).
/* a block comment */ p(A, B) :- ( A > B -> true ; A =:= B, fail ).
"#;
    let src = clauses.repeat(20_000);
    let (ops, opts) = (OpTable::standard(), ReadOptions::default());
    let start = std::time::Instant::now();
    let mut r = Reader::new(&src);
    let mut n = 0;
    while r.next_term(&ops, &opts).unwrap().is_some() {
        n += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{n} clauses, {:.1} MB in {secs:.3} s: {:.1} MB/s, {:.0} clauses/s",
        src.len() as f64 / 1e6,
        src.len() as f64 / 1e6 / secs,
        n as f64 / secs
    );
}
