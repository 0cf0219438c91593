//! Writer option tests: `max_depth`, `dotlists`, `no_lists`, `brace_terms`,
//! `ignore_ops`, `priority`, the top level's option set, variable naming, and
//! cyclic terms. Expected strings come from SWI-Prolog 9.0.4's `write_term/2`.

use crate::writer_support;

use knightlog::syntax::writer::{write_canonical, write_term, WriteOptions};
use knightlog::term::atom::Atom;
use knightlog::term::heap::{Heap, View};
use knightlog::term::ops::{OpTable, OpType};
use writer_support::{build, build_with_vars};

/// The SWI option list each key stands for (`write_term/2` defaults otherwise:
/// unquoted, no numbervars).
fn options(key: &str) -> WriteOptions {
    let base = WriteOptions {
        numbervars: false,
        ..WriteOptions::write()
    };
    let quoted = WriteOptions {
        quoted: true,
        character_escapes_unicode: true,
        ..base.clone()
    };
    match key {
        "md1" => WriteOptions {
            max_depth: 1,
            ..base
        },
        "md2" => WriteOptions {
            max_depth: 2,
            ..base
        },
        "md3" => WriteOptions {
            max_depth: 3,
            ..base
        },
        "md4" => WriteOptions {
            max_depth: 4,
            ..base
        },
        "md2q" => WriteOptions {
            max_depth: 2,
            ..quoted
        },
        "md3q" => WriteOptions {
            max_depth: 3,
            ..quoted
        },
        "dot" => WriteOptions {
            dotlists: true,
            ..base
        },
        "dotq" => WriteOptions {
            dotlists: true,
            ..quoted
        },
        "dot3" => WriteOptions {
            dotlists: true,
            max_depth: 3,
            ..base
        },
        "nolists" => WriteOptions {
            no_lists: true,
            ..base
        },
        "nolistsq" => WriteOptions {
            no_lists: true,
            ..quoted
        },
        "nolists3" => WriteOptions {
            no_lists: true,
            max_depth: 3,
            ..base
        },
        "nobrace" => WriteOptions {
            brace_terms: false,
            ..base
        },
        "ignore" => WriteOptions {
            ignore_ops: true,
            ..base
        },
        "ignoreq" => WriteOptions {
            ignore_ops: true,
            ..quoted
        },
        "ignore_nv" => WriteOptions {
            ignore_ops: true,
            numbervars: true,
            ..base
        },
        "p699" => WriteOptions {
            priority: 699,
            ..quoted
        },
        "p999" => WriteOptions {
            priority: 999,
            ..quoted
        },
        "p0" => WriteOptions {
            priority: 0,
            ..quoted
        },
        // The top level's answer options: quoted, portray, max_depth(10),
        // spacing(next_argument), priority(699).
        "top" => WriteOptions {
            numbervars: true,
            max_depth: 10,
            spacing_next_argument: true,
            priority: 699,
            ..quoted
        },
        other => panic!("unknown option set {other}"),
    }
}

/// (option set, term, SWI's output)
#[rustfmt::skip]
const CASES: &[(&str, &str, &str)] = &[
    ("md3", "[1,2,3,4,5,6,7,8,9,10]", "[1,2|...]"),
    ("md1", "[1,2,3,4,5,6,7,8,9,10]", "[...|...]"),
    ("md2", "[1,2,3,4,5,6,7,8,9,10]", "[1|...]"),
    ("md3", "f(g(h(i(j(k)))))", "f(g(h(...)))"),
    ("md3", "f(g(h(i(j(k)))),a,b,c,d)", "f(g(h(...)),a,b,c,d)"),
    ("md3", "f(g(h(i(j(k)))),[a,b,c,d,e])", "f(g(h(...)),[a|...])"),
    ("md4", "f(g(h(i(j(k)))),[a,b,c,d,e])", "f(g(h(i(...))),[a,b|...])"),
    ("md3", "[[1,2,3,4],[5,6,7,8],[9,10]]", "[[1|...],[...|...]|...]"),
    ("md3", "+(+(+(+(+(+(1,2),3),4),5),6),7)", "... + ... + 6+7"),
    ("md3", "+(1,+(2,+(3,+(4,+(5,6)))))", "1+(2+(... + ...))"),
    ("md3q", "+('hello world',\"str\")", "'hello world'+\"str\""),
    ("md3q", "[a|b]", "[a|b]"),
    ("md3q", "[a,b,c|d]", "[a,b|...]"),
    ("md2q", "{}(','(a,','(b,','(c,d))))", "{...,...}"),
    ("md2q", "-(-(-(-(a))))", "- - ..."),
    ("md2q", "f(1,2,3,4,5,6)", "f(1,2,3,4,5,6)"),
    ("md1", "f(x)", "f(...)"),
    ("md2", "f(x)", "f(x)"),
    ("md2", "f(g(x))", "f(g(...))"),
    ("md2", "[f(g(x)),f(g(x))]", "[f(...)|...]"),
    ("md3", "[f(g(x)),f(g(x))]", "[f(g(...)),f(...)]"),
    ("md3", "-(-(-(-(-(1)))))", "- - - ..."),
    ("md3", ":(a,:(b,:(c,:(d,e))))", "a:b: ... : ..."),
    ("md1", "a", "a"),
    ("md1", "[a]", "[...]"),
    ("md2", "[a]", "[a]"),
    ("md2", "[a,b]", "[a|...]"),
    ("md2", "'$VAR'(1)", "$VAR(1)"),
    ("md2q", "f('$VAR'(1),\"s\")", "f('$VAR'(...),\"s\")"),
    ("dot", "[a,b]", ".(a,.(b,[]))"),
    ("dotq", "['A',b|c]", ".('A',.(b,c))"),
    ("dot3", "[a,b,c,d,e]", ".(a,.(b,...))"),
    ("nolists", "[a,b]", "[|](a,[|](b,[]))"),
    ("nolistsq", "[a,b]", "'[|]'(a,'[|]'(b,[]))"),
    ("nolistsq", "[a|b]", "'[|]'(a,b)"),
    ("nolists3", "[a,b,c,d,e]", "[|](a,[|](b,...))"),
    ("nobrace", "{}(a)", "{}(a)"),
    ("nobrace", "{}(','(a,b))", "{}((a,b))"),
    ("ignore", "[a,b]", "[a,b]"),
    ("ignore", "+(1,2)", "+(1,2)"),
    ("ignore", "-(1)", "-(1)"),
    ("ignore", "-(-(1))", "-(-(1))"),
    ("ignore", "-(1,-1)", "-(1,-1)"),
    ("ignore", "{}(','(a,b))", "{,(a,b)}"),
    ("ignoreq", "{}(','(a,b))", "{','(a,b)}"),
    ("ignoreq", "f(+(a,b),[c],\"s\",'A')", "f(+(a,b),[c],\"s\",'A')"),
    ("ignoreq", "'$VAR'(1)", "'$VAR'(1)"),
    ("ignore_nv", "'$VAR'(1)", "B"),
    ("ignore_nv", "-('$VAR'(1))", "-(B)"),
    ("p699", ":-(a,','(b,c))", "(a:-b,c)"),
    ("p699", "','(a,b)", "(a,b)"),
    ("p699", "=(a,b)", "(a=b)"),
    ("p699", ":-", ":-"),
    ("p699", "-(1)", "- 1"),
    ("p699", "f(:-(a))", "f((:-a))"),
    ("p999", "','(a,b)", "(a,b)"),
    ("p999", ":-(a)", "(:-a)"),
    ("p0", "+(a,b)", "(a+b)"),
    ("p0", "a", "a"),
    ("p0", "-(1)", "(- 1)"),
    ("p0", "-1", "-1"),
    ("top", "f(a,','(b,c),[1,2,3,4,5,6,7,8,9,10,11,12])", "f(a, (b, c), [1, 2, 3, 4, 5, 6, 7, 8|...])"),
    ("top", ":-(a,','(b,c))", "(a:-b, c)"),
    ("top", "'a\\x1\\b'", "'a\\u0001b'"),
    ("top", "[[[[[[[[[[[[a]]]]]]]]]]]]", "[[[[[[[[[[...]]]]]]]]]]"),
    ("top", "'$VAR'(3)", "D"),
];

fn show(
    h: &Heap,
    ops: &OpTable,
    text_term: knightlog::term::cell::Cell,
    o: &WriteOptions,
) -> String {
    let mut s = String::new();
    write_term(h, ops, text_term, o, None, &mut s);
    s
}

#[test]
fn options_as_swi() {
    let ops = OpTable::standard();
    let mut failures = Vec::new();
    for &(key, text, want) in CASES {
        let mut h = Heap::new();
        let t = build(&mut h, text);
        let got = show(&h, &ops, t, &options(key));
        if got != want {
            failures.push(format!("{key} {text}: got {got:?}, want {want:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn writeq_with(h: &Heap, ops: &OpTable, t: knightlog::term::cell::Cell) -> String {
    show(h, ops, t, &WriteOptions::writeq())
}

#[test]
fn user_defined_operators() {
    // :- op(200, xf, qq), op(700, xf, pf), op(200, yf, yy), op(700, fx, px), op(700, xfx, ===>).
    let mut ops = OpTable::standard();
    ops.add(200, OpType::Xf, Atom::new("qq")).unwrap();
    ops.add(700, OpType::Xf, Atom::new("pf")).unwrap();
    ops.add(200, OpType::Yf, Atom::new("yy")).unwrap();
    ops.add(700, OpType::Fx, Atom::new("px")).unwrap();
    ops.add(700, OpType::Xfx, Atom::new("===>")).unwrap();
    let cases: &[(&str, &str)] = &[
        ("qq(a)", "a qq"),
        ("qq(qq(a))", "(a qq)qq"),
        ("yy(yy(a))", "a yy yy"),
        ("pf(a)", "a pf"),
        ("pf(pf(a))", "(a pf)pf"),
        ("-(qq(a))", "-a qq"),
        ("qq(-(a))", "(-a)qq"),
        ("qq(-(1))", "(- 1)qq"),
        ("qq(1)", "1 qq"),
        ("qq(-1)", "-1 qq"),
        ("pf(=(a,b))", "(a=b)pf"),
        ("=(a,pf(b))", "a=(b pf)"),
        ("f(pf(a))", "f(a pf)"),
        ("px(a)", "px a"),
        ("px(px(a))", "px (px a)"),
        ("px(-(a))", "px-a"),
        ("-(px(a))", "- (px a)"),
        ("===>(a,b)", "a===>b"),
        ("f(===>(a,b))", "f(a===>b)"),
        ("pf(px(a))", "(px a)pf"),
        ("px(pf(a))", "px (a pf)"),
        ("+(1,qq(a))", "1+a qq"),
        ("+(qq(a),1)", "a qq+1"),
        ("qq(+)", "(+)qq"),
        ("qq(:-(a,b))", "(a:-b)qq"),
        ("[qq(a)]", "[a qq]"),
        ("qq(qq)", "(qq)qq"),
        ("-(qq)", "- (qq)"),
        ("-(a,qq)", "a-(qq)"),
        ("qq(pf)", "(pf)qq"),
        ("pf(qq)", "(qq)pf"),
        ("qq('A')", "'A'qq"),
        ("qq(\"s\")", "\"s\"qq"),
        ("qq([x])", "[x]qq"),
        ("qq({}(x))", "{x}qq"),
        ("qq(f(x))", "f(x)qq"),
        ("yy(1.0)", "1.0 yy"),
        ("pf(rem(1,2))", "1 rem 2 pf"),
        ("pf(mod(a,b))", "a mod b pf"),
    ];
    let mut failures = Vec::new();
    for &(text, want) in cases {
        let mut h = Heap::new();
        let t = build(&mut h, text);
        let got = writeq_with(&h, &ops, t);
        if got != want {
            failures.push(format!("{text}: got {got:?}, want {want:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn variables_default_and_named() {
    let ops = OpTable::standard();
    let mut h = Heap::new();
    let (t, vars) = build_with_vars(&mut h, "is(f(A),+(1,2))");
    let a = vars["A"].addr();
    assert_eq!(writeq_with(&h, &ops, t), format!("f(_{a})is 1+2"));
    let (t2, vars2) = build_with_vars(&mut h, "is(X,+(1,2))");
    let x = vars2["X"].addr();
    assert_eq!(writeq_with(&h, &ops, t2), format!("_{x} is 1+2"));
    assert_eq!(writeq_with(&h, &ops, vars2["X"]), format!("_{x}"));
    // The top level passes the query's own names.
    let namer = |addr: usize| (addr == x).then(|| "X".to_string());
    let mut s = String::new();
    write_term(&h, &ops, t2, &WriteOptions::writeq(), Some(&namer), &mut s);
    assert_eq!(s, "X is 1+2");
    let (t3, _) = build_with_vars(&mut h, "-(X)");
    let mut s = String::new();
    let namer = |_: usize| Some("X".to_string());
    write_term(&h, &ops, t3, &WriteOptions::writeq(), Some(&namer), &mut s);
    assert_eq!(s, "-X");
}

#[test]
fn write_canonical_names_variables_like_swi() {
    let ops = OpTable::standard();
    let mut h = Heap::new();
    let t = build(&mut h, "f(X,Y,X,-(1),\"s\",{}(a),Z,Z,'$VAR'(1))");
    let mut s = String::new();
    write_canonical(&h, &ops, t, &mut s);
    assert_eq!(s, "f(A,_,A,-(1),\"s\",{}(a),B,B,'$VAR'(1))");
    let t = build(&mut h, "[X|Y]");
    let mut s = String::new();
    write_canonical(&h, &ops, t, &mut s);
    assert_eq!(s, "[_|_]");
}

#[test]
fn cyclic_terms_are_written_as_swi_factors_them() {
    let ops = OpTable::standard();
    let mut h = Heap::new();
    // X = f(X)
    let x = h.new_compound_vars(Atom::new("f"), 1);
    let View::Compound { args, .. } = h.view(x) else {
        unreachable!()
    };
    h.set(args, x);
    assert_eq!(writeq_with(&h, &ops, x), "@(S_1,[S_1=f(S_1)])");
    let mut c = String::new();
    write_canonical(&h, &ops, x, &mut c);
    assert_eq!(c, "@(_S1,[=(_S1,f(_S1))])");
    let depth = WriteOptions {
        max_depth: 4,
        ..WriteOptions::write()
    };
    assert_eq!(show(&h, &ops, x, &depth), "f(f(f(f(...))))");
    // Y = [a|Y], k(Y)
    let (y, vars) = build_with_vars(&mut h, "[a|T]");
    h.set(vars["T"].addr(), y);
    assert_eq!(writeq_with(&h, &ops, y), "@(S_1,[S_1=[a|S_1]])");
    let k = h.new_compound(Atom::new("k"), &[y]);
    assert_eq!(writeq_with(&h, &ops, k), "@(k(S_1),[S_1=[a|S_1]])");
    // Z = g(Z, W, W), W = h(W)
    let (z, vars) = build_with_vars(&mut h, "g(Z,W,W)");
    h.set(vars["Z"].addr(), z);
    let w = h.new_compound_vars(Atom::new("h"), 1);
    let View::Compound { args, .. } = h.view(w) else {
        unreachable!()
    };
    h.set(args, w);
    h.set(vars["W"].addr(), w);
    assert_eq!(
        writeq_with(&h, &ops, z),
        "@(S_1,[S_1=g(S_1,S_2,S_2),S_2=h(S_2)])"
    );
}

mod option_lists {
    use super::*;
    use knightlog::syntax::write_options::{parse_write_options, WriteOptionError};

    fn parse(
        h: &mut Heap,
        text: &str,
    ) -> Result<knightlog::syntax::write_options::ParsedWriteOptions, String> {
        let l = build(h, text);
        parse_write_options(h, l).map_err(|e| match e {
            WriteOptionError::Instantiation => "instantiation_error".to_string(),
            WriteOptionError::Type { expected, culprit } => {
                format!(
                    "type_error({expected},{})",
                    writeq_with(h, &OpTable::standard(), culprit)
                )
            }
            WriteOptionError::Domain { domain, culprit } => {
                format!(
                    "domain_error({domain},{})",
                    writeq_with(h, &OpTable::standard(), culprit)
                )
            }
        })
    }

    #[test]
    fn errors_as_swi() {
        let mut h = Heap::new();
        let cases = [
            ("[foo]", "type_error(option,foo)"),
            ("[quoted(maybe)]", "type_error(bool,maybe)"),
            ("foo", "type_error(list,foo)"),
            ("[quoted(true)|_]", "instantiation_error"),
            ("_", "instantiation_error"),
            (
                "[variable_names([=(x,X)])]",
                "domain_error(variable_name,x)",
            ),
            (
                "[variable_names([foo])]",
                "type_error(variable_assignment,foo)",
            ),
            ("[max_depth(a)]", "type_error(integer,a)"),
            ("[priority(1201)]", "domain_error(operator_priority,1201)"),
            ("[spacing(foo)]", "domain_error(spacing,foo)"),
        ];
        crate::table::each(cases, |(text, want)| {
            assert_eq!(parse(&mut h, text).err().as_deref(), Some(want), "{text}");
        });
        assert!(
            parse(&mut h, "[foo(bar)]").is_ok(),
            "unknown options are ignored"
        );
    }

    #[test]
    fn writes_as_write_term() {
        let ops = OpTable::standard();
        let mut h = Heap::new();
        let mut run = |term: &str, opts: &str| {
            let (t, vars) = build_with_vars(&mut h, term);
            let mut m = writer_support::Mini::new(opts);
            m.vars = vars;
            let o = m.term(&mut h);
            let p = parse_write_options(&h, o).unwrap();
            let mut s = String::new();
            p.write(&h, &ops, t, &mut s);
            s
        };
        assert_eq!(
            run("f(X,Y)", "[variable_names([=('X',X),=('Y',Y)])]"),
            "f(X,Y)"
        );
        assert_eq!(run("+(a,b)", "[fullstop(true)]"), "a+b. ");
        assert_eq!(run("+(a,+)", "[fullstop(true)]"), "a+(+). ");
        assert_eq!(run("a", "[fullstop(true),nl(true)]"), "a.\n");
        assert_eq!(run("a", "[nl(true)]"), "a\n");
        assert_eq!(run("-(1)", "[fullstop(true)]"), "- 1. ");
        assert_eq!(run("'$VAR'(1)", "[portray(true)]"), "B");
        assert_eq!(run("'$VAR'(1)", "[]"), "$VAR(1)");
        assert_eq!(run("\"a\\x1\\\"", "[quoted(true)]"), "\"a\\u0001\"");
        assert_eq!(
            run(
                "\"a\\x1\\\"",
                "[quoted(true),character_escapes_unicode(false)]"
            ),
            "\"a\\x1\\\""
        );
        assert_eq!(run("f(X)", "[variable_names([=('X',a),=('Y',X)])]"), "f(Y)");
        assert_eq!(
            run("+(a,b)", "[priority(499),spacing(next_argument)]"),
            "(a+b)"
        );
        assert_eq!(run("+(a,>(b))", "[fullstop(true)]"), "a+ >(b). ");
    }
}
