//! Table-driven tests of the Prolog reader: each input is read and compared
//! in canonical functional notation (`f(a,'[|]'(1,[]))`, see `reader_print.rs`).
//! Ambiguous cases were checked against SWI-Prolog 9; `reader_swi.rs`
//! re-checks a corpus against it.

use crate::reader_print as print;
use print::canon;

use knightlog::syntax::read_term::Node;
use knightlog::syntax::reader::{read_term_from_str, DoubleQuotes, ReadOptions, Reader};
use knightlog::term::atom::Atom;
use knightlog::term::ops::{OpTable, OpType};

/// Reads exactly one clause from `src` with the standard table.
fn read_with(src: &str, ops: &OpTable, opts: &ReadOptions) -> Result<String, String> {
    let mut r = Reader::new(src);
    match r.next_term(ops, opts) {
        Ok(Some(t)) => {
            assert_eq!(
                r.next_term(ops, opts),
                Ok(None),
                "trailing input in {src:?}"
            );
            Ok(canon(&t))
        }
        Ok(None) => Err("no term".into()),
        Err(e) => Err(e.message),
    }
}

fn read(src: &str) -> Result<String, String> {
    read_with(src, &OpTable::standard(), &ReadOptions::default())
}

fn check(cases: &[(&str, &str)]) {
    let mut failures = Vec::new();
    for &(src, want) in cases {
        match read(src) {
            Ok(got) if got == want => {}
            other => failures.push(format!("{src:?}: want {want:?}, got {other:?}")),
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn atoms() {
    check(&[
        ("foo_Bar1.", "foo_Bar1"),
        ("X = =.. .", "=(X,=..)"),
        ("X = \\+ .", "=(X,\\+)"),
        ("X = (-->).", "=(X,-->)"),
        ("'hello world'.", "'hello world'"),
        ("'it''s'.", "'it\\'s'"),
        (
            "'a\\nb\\tc\\\\d\\'e\\\"f\\`g'.",
            "'a\\nb\\tc\\\\d\\'e\"f`g'",
        ),
        ("'\\x41\\\\101\\'.", "'AA'"),
        ("'\\x41'.", "'A'"),
        (
            "'\\a\\b\\f\\v\\0\\\\e\\s' = X.",
            "=('\\x7\\\\x8\\\\xC\\\\xB\\\\x0\\\\x1B\\ ',X)",
        ),
        ("'abc\\\ndef'.", "abcdef"),
        ("'abc\ndef'.", "'abc\\ndef'"),
        ("[].", "[]"),
        ("[ ].", "[]"),
        ("'[]'.", "[]"),
        ("{}.", "{}"),
        ("{ }.", "{}"),
        ("!.", "!"),
        ("; .", ";"),
        ("','.", "','"),
        ("'|'.", "'|'"),
        ("f(;, '|', !, [], {}).", "f(;,'|',!,[],{})"),
        ("café.", "café"),
        ("a+/* comment */b.", "+(a,b)"),
        ("a % comment\n.", "a"),
        ("a.%comment", "a"),
        ("'hello'(world).", "hello(world)"),
    ]);
}

#[test]
fn variables() {
    check(&[
        ("f(X,Y,X,_,_A,_).", "f(X,Y,X,_,_A,_)"),
        ("foo(_, _Bar, Ölf).", "foo(_,_Bar,Ölf)"),
    ]);
    let t = read_term_from_str(
        "f(X, g(Y, _, X), _, _Z, Y, Z)",
        &OpTable::standard(),
        &ReadOptions::default(),
    )
    .unwrap();
    // Numbered in order of first appearance, although `g(...)` is resolved first.
    let vars: Vec<_> = t
        .vars
        .iter()
        .map(|v| (v.name.as_str(), v.occurrences))
        .collect();
    assert_eq!(
        vars,
        [("X", 2), ("Y", 2), ("_", 1), ("_", 1), ("_Z", 1), ("Z", 1)]
    );
    assert_eq!(t.singletons(), ["Z"]);
    let Node::Compound { first, arity, .. } = t.node(t.root) else {
        panic!("not a compound")
    };
    let ids: Vec<_> = t
        .args_of(*first, *arity)
        .iter()
        .filter_map(|&a| match t.node(a) {
            Node::Var(v) => Some(*v),
            _ => None,
        })
        .collect();
    assert_eq!(ids, [0, 3, 4, 1, 5]);
}

#[test]
fn numbers() {
    check(&[
        ("42.", "42"),
        ("0'a.", "97"),
        ("0'\\n.", "10"),
        ("0'''.", "39"),
        ("0''.", "39"),
        ("0' .", "32"),
        ("0'\\\\.", "92"),
        ("0'\\x41\\.", "65"),
        ("0x1F.", "31"),
        ("0o17.", "15"),
        ("0b101.", "5"),
        ("16'ff.", "255"),
        ("1_000_000.", "1000000"),
        ("1.0.", "1.0"),
        ("1.0e10.", "10000000000.0"),
        ("1.5E-3.", "0.0015"),
        ("1e10.", "10000000000.0"),
        ("1.0Inf.", "1.0Inf"),
        ("-1.0Inf.", "-1.0Inf"),
        ("inf.", "inf"),
        ("nan.", "nan"),
        ("-1.", "-1"),
        ("- 1.", "-(1)"),
        ("-(1).", "-(1)"),
        ("-0x1F.", "-31"),
        ("-1.5.", "-1.5"),
        ("9223372036854775807.", "9223372036854775807"),
        ("-9223372036854775808.", "-9223372036854775808"),
        (
            "123456789012345678901234567890.",
            "123456789012345678901234567890",
        ),
        (
            "-123456789012345678901234567890.",
            "-123456789012345678901234567890",
        ),
        ("1.e5.", "'.'(1,e5)"),
    ]);
    let node = |src: &str| {
        let t = read_term_from_str(src, &OpTable::standard(), &ReadOptions::default()).unwrap();
        t.node(t.root).clone()
    };
    assert!(matches!(node("9223372036854775808"), Node::BigInt(_)));
    assert_eq!(node("-9223372036854775808"), Node::Int(i64::MIN));
    assert_eq!(node("9223372036854775807"), Node::Int(i64::MAX));
}

#[test]
fn strings_follow_the_flags() {
    let ops = OpTable::standard();
    let with = |dq, bq| ReadOptions {
        double_quotes: dq,
        back_quotes: bq,
    };
    let cases = [
        (DoubleQuotes::String, "\"abc\"", "\"abc\""),
        (
            DoubleQuotes::Codes,
            "\"abc\"",
            "'[|]'(97,'[|]'(98,'[|]'(99,[])))",
        ),
        (DoubleQuotes::Chars, "\"ab\"", "'[|]'(a,'[|]'(b,[]))"),
        (DoubleQuotes::Atom, "\"a b\"", "'a b'"),
        (DoubleQuotes::Codes, "\"\"", "[]"),
        (DoubleQuotes::Atom, "\"\"", "''"),
        (DoubleQuotes::String, "\"\"", "\"\""),
        (DoubleQuotes::String, "\"a\"\"b\\n\"", "\"a\\\"b\\n\""),
        (DoubleQuotes::Chars, "\"é\"", "'[|]'(é,[])"),
    ];
    crate::table::each(cases, |(flag, src, want)| {
        let got = read_with(&format!("{src}."), &ops, &with(flag, DoubleQuotes::Codes));
        assert_eq!(got.as_deref(), Ok(want), "{src} with {flag:?}");
    });
    let bq = |flag| read_with("`ab`.", &ops, &with(DoubleQuotes::String, flag));
    assert_eq!(bq(DoubleQuotes::Codes).unwrap(), "'[|]'(97,'[|]'(98,[]))");
    assert_eq!(bq(DoubleQuotes::String).unwrap(), "\"ab\"");
    assert_eq!(bq(DoubleQuotes::Atom).unwrap(), "ab");
    assert_eq!(
        read("X = `a`.").unwrap(),
        "=(X,'[|]'(97,[]))",
        "back quotes default to codes"
    );
}

#[test]
fn lists_and_curly_terms() {
    check(&[
        ("[a].", "'[|]'(a,[])"),
        ("[a,b|T].", "'[|]'(a,'[|]'(b,T))"),
        ("[a|[b|[]]].", "'[|]'(a,'[|]'(b,[]))"),
        ("[[a]].", "'[|]'('[|]'(a,[]),[])"),
        ("[(a,b)].", "'[|]'(','(a,b),[])"),
        ("[a|(b,c)].", "'[|]'(a,','(b,c))"),
        ("[a:-b].", "'[|]'(:-(a,b),[])"),
        ("[a|b:-c].", "'[|]'(a,:-(b,c))"),
        ("[-].", "'[|]'(-,[])"),
        ("[- -].", "'[|]'(-(-),[])"),
        ("[a -1].", "'[|]'(-(a,1),[])"),
        ("{a,b}.", "{}(','(a,b))"),
        ("{a}.", "{}(a)"),
        ("'{}'(a).", "{}(a)"),
        ("{}(a, b).", "{}(a,b)"),
        ("[](a).", "[](a)"),
        ("f({}).", "f({})"),
        ("x --> y, [a], {b}.", "-->(x,','(y,','('[|]'(a,[]),{}(b))))"),
    ]);
}

#[test]
fn compounds_and_prefix_operators() {
    check(&[
        ("f(a).", "f(a)"),
        ("f(a, (b, c)).", "f(a,','(b,c))"),
        ("f((a :- b)).", "f(:-(a,b))"),
        ("f(a :- b).", "f(:-(a,b))"),
        ("f(:- a).", "f(:-(a))"),
        ("f(:-, a).", "f(:-,a)"),
        ("f(-, +).", "f(-,+)"),
        ("f(;).", "f(;)"),
        ("-(1,2).", "-(1,2)"),
        ("- (1,2).", "-(','(1,2))"),
        ("- (1).", "-(1)"),
        ("-(-(1)).", "-(-(1))"),
        ("-(-1).", "-(-1)"),
        ("- -1.", "-(-1)"),
        ("- - a.", "-(-(a))"),
        ("- - 1.", "-(-(1))"),
        ("\\+ \\+ a.", "\\+(\\+(a))"),
        ("- - .", "-(-)"),
        ("- = + .", "=(-,+)"),
        ("X = - .", "=(X,-)"),
        ("X = :- .", "=(X,:-)"),
        ("a = (:-).", "=(a,:-)"),
        ("- a = b.", "=(-(a),b)"),
        ("\\+ a = b.", "\\+(=(a,b))"),
        ("\\+ (a,b).", "\\+(','(a,b))"),
        ("- + b.", "-(+(b))"),
        ("- * b.", "*(-,b)"),
        ("-a.", "-(a)"),
        ("- 1 + 2.", "+(-(1),2)"),
        ("-1 + 2.", "+(-1,2)"),
        ("- 1^2.", "-(^(1,2))"),
        ("-1^2.", "^(-1,2)"),
        (
            ":- dynamic foo/1, bar/2.",
            ":-(dynamic(','(/(foo,1),/(bar,2))))",
        ),
        ("?- X.", "?-(X)"),
    ]);
}

#[test]
fn infix_operators() {
    check(&[
        ("a- -1.", "-(a,-1)"),
        ("1 - -1.", "-(1,-1)"),
        ("a - 1.", "-(a,1)"),
        ("a-1.", "-(a,1)"),
        ("X = a -1.", "=(X,-(a,1))"),
        ("1 - 2 - 3.", "-(-(1,2),3)"),
        ("1 + 2 * 3 - 4.", "-(+(1,*(2,3)),4)"),
        ("2 ^ 3 ^ 4.", "^(2,^(3,4))"),
        ("X = a:b:c.", "=(X,:(a,:(b,c)))"),
        ("a :- b, c ; d -> e.", ":-(a,;(','(b,c),->(d,e)))"),
        ("a ',' b.", "','(a,b)"),
        ("a=..b.", "=..(a,b)"),
        ("X = a.b.", "=(X,'.'(a,b))"),
        // A name that is an infix operator, directly followed by `(`, in
        // operator position: infix operator and parenthesised operand (SWI).
        ("X = a-(1).", "=(X,-(a,1))"),
        ("X = a-(b,c).", "=(X,-(a,','(b,c)))"),
        ("X = - -(1).", "=(X,-(-(1)))"),
        ("X = (= -(1)).", "=(X,-(=,1))"),
        ("X is mod(7, 2).", "is(X,mod(7,2))"),
        ("X = 1-(2)-(3).", "=(X,-(-(1,2),3))"),
        // Infix `|` reads as '|'(a,b), as in SWI-Prolog 7+ (bodies and DCGs
        // run it as `;`). A quoted '|' is the plain atom.
        ("(a | b).", "'|'(a,b)"),
        ("a :- b | c.", ":-(a,'|'(b,c))"),
        ("f(a | b).", "f('|'(a,b))"),
        ("a '|' b.", "'|'(a,b)"),
    ]);
}

#[test]
fn op_table_changes_take_effect() {
    let mut ops = OpTable::standard();
    let opts = ReadOptions::default();
    assert!(read_with("a likes b.", &ops, &opts).is_err());
    ops.add(700, OpType::Xfx, Atom::new("likes")).unwrap();
    assert_eq!(read_with("a likes b.", &ops, &opts).unwrap(), "likes(a,b)");
    ops.add(200, OpType::Xf, Atom::new("@@")).unwrap();
    assert_eq!(read_with("a @@ .", &ops, &opts).unwrap(), "@@(a)");
    assert_eq!(read_with("X = a @@ .", &ops, &opts).unwrap(), "=(X,@@(a))");
    ops.add(900, OpType::Fy, Atom::new("not")).unwrap();
    assert_eq!(read_with("not not a.", &ops, &opts).unwrap(), "not(not(a))");
    ops.add(700, OpType::Xfy, Atom::new("=>>")).unwrap();
    assert_eq!(
        read_with("a =>> b =>> c.", &ops, &opts).unwrap(),
        "=>>(a,=>>(b,c))"
    );
    // Removing an operator: `-` as infix is gone, prefix minus stays.
    ops.add(0, OpType::Yfx, Atom::new("-")).unwrap();
    assert_eq!(
        read_with("a - b.", &ops, &opts),
        Err("Operator expected".into())
    );
    assert_eq!(read_with("- b.", &ops, &opts).unwrap(), "-(b)");
    // A quoted atom is an operator too.
    assert_eq!(
        read_with("a 'likes' b.", &ops, &opts).unwrap(),
        "likes(a,b)"
    );
    // The standard table is untouched.
    assert_eq!(read("a - b.").unwrap(), "-(a,b)");
}

#[test]
fn reading_a_file_clause_by_clause_with_op_directives() {
    // What consult does: apply `:- op(...)` between clauses.
    let src = ":- op(700, xfx, ===>).\nrule(a ===> b).\nx.\n";
    let mut ops = OpTable::standard();
    let opts = ReadOptions::default();
    let mut r = Reader::new(src);
    let first = r.next_term(&ops, &opts).unwrap().unwrap();
    assert_eq!(canon(&first), ":-(op(700,xfx,===>))");
    ops.add(700, OpType::Xfx, Atom::new("===>")).unwrap();
    let second = r.next_term(&ops, &opts).unwrap().unwrap();
    assert_eq!(canon(&second), "rule(===>(a,b))");
    assert_eq!(canon(&r.next_term(&ops, &opts).unwrap().unwrap()), "x");
    assert_eq!(r.next_term(&ops, &opts), Ok(None));
    assert_eq!(r.offset(), src.len());
}
