//! Golden listings of the clause compiler (compile.rs, control.rs): each
//! clause's compiled code compared with the expected text.

use super::instr::PredId;
use super::machine::Machine;
use super::pred::PredKind;
use super::test_terms::{parse, Vars};
use crate::term::atom::Atom;

/// A bare machine where is/2 and </2 are deterministic builtins (so they compile
/// inline, as in a full machine).
fn machine() -> Machine {
    let mut m = Machine::new();
    for (name, arity) in [("is", 2), ("<", 2)] {
        let p = m.pred_id(Atom::new(name), arity) as usize;
        m.preds[p].builtin = true;
        m.preds[p].kind = PredKind::Det(|_| Ok(true));
    }
    m
}

/// The clause's listing.
fn listing(m: &mut Machine, clause: &str) -> String {
    let t = parse(m, clause, &mut Vars::new());
    let (head, body) = m.clause_parts(t);
    let (code, _) = m.compile_clause(head, body).expect("the clause compiles");
    let preds = &m.preds;
    let name = |p: PredId| {
        let p = &preds[p as usize];
        format!("{}/{}", p.name.name(), p.arity)
    };
    code.listing(&name)
}

fn check(cases: &[(&str, &str)]) {
    let mut failures = Vec::new();
    for (clause, want) in cases {
        let got = listing(&mut machine(), clause);
        let want = want
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .fold(String::new(), |s, l| s + l + "\n");
        if got != want {
            failures.push(format!("{clause}\n--- got:\n{got}--- want:\n{want}"));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn listings() {
    check(&[
        (
            "app([], L, L)",
            "
            get_const [], A0
            get_var X3, A1
            get_val X3, A2
            proceed
            ",
        ),
        (
            "app([H|T], L, [H|R]) :- app(T, L, R)",
            "
            get_tpl [_X3|_X0], A0
            get_tpl [X3|_X2], A2
            execute app/3
            ",
        ),
        (
            // Y is kept in A0, its register in the call; X cannot be kept in
            // A1 before A1 is read.
            "p(X, Y) :- q(Y, X)",
            "
            get_var X2, A0
            get_var X0, A1
            put_val X2, A1
            execute q/2
            ",
        ),
        (
            "p(X, Y) :- q(X, Z), r(Z, Y), s(Y)",
            "
            allocate 2
            get_var Y0, A1
            put_var Y1, A1
            call q/2, live 2
            put_val Y1, A0
            put_val Y0, A1
            call r/2, live 2
            put_val Y0, A0
            deallocate
            execute s/1
            ",
        ),
        (
            "first(X, [X|_]) :- !",
            "
            get_var X2, A0
            get_tpl [X2|_X3], A1
            neck_cut
            proceed
            ",
        ),
        (
            "p(X) :- q(X), !, r(X)",
            "
            allocate 1
            get_var Y0, A0
            put_val Y0, A0
            call q/1, live 1
            cut_e
            put_val Y0, A0
            deallocate
            execute r/1
            ",
        ),
        (
            "len([_|T], N0, N) :- N1 is N0 + 1, len(T, N1, N)",
            "
            get_tpl [_X3|_X4], A0
            get_var X5, A1
            arith X7 := X5 1 +, skip 3
            put_var X7, A0
            put_tpl +(X5,1), A1
            call_inline is/2
            put_val X4, A0
            put_val X7, A1
            execute len/3
            ",
        ),
        (
            "p(X, Y) :- X < Y * 2, q(f(X, g(Y, 1.5), [a, b|Y]))",
            "
            get_var X2, A0
            get_var X3, A1
            arith X2 X3 2 * <, skip 3
            put_val X2, A0
            put_tpl *(X3,2), A1
            call_inline </2
            put_tpl f(X2,g(X3,1.5),[a,b|X3]), A0
            execute q/1
            ",
        ),
    ]);
}

#[test]
fn control_listings() {
    check(&[
        (
            "sign(X, S) :- ( X < 0 -> S = neg ; S = pos )",
            "
            allocate 1
            get_var X2, A0
            get_var Y0, A1
            get_height X3
            try_else +10, live 1
            arith X2 0 <, skip 3
            put_val X2, A0
            put_const 0, A1
            call_inline </2
            cut_to X3
            put_val Y0, A0
            put_const neg, A1
            deallocate
            execute =/2
            trust_else
            put_val Y0, A0
            put_const pos, A1
            deallocate
            execute =/2
            ",
        ),
        (
            "p(X) :- ( q(X) -> ! ; true ), r",
            "
            allocate 1
            get_height Y0
            try_else +5, live 1
            call q/1, live 1
            cut_to Y0
            cut_e
            jump +2
            trust_else
            deallocate
            execute r/0
            ",
        ),
        (
            "p(X) :- \\+ q(X)",
            "
            allocate 1
            get_height Y0
            try_else +4, live 1
            call q/1, live 1
            cut_to Y0
            fail
            trust_else
            deallocate
            proceed
            ",
        ),
        (
            "p(X) :- \\+ \\+ q(X), r(X)",
            "
            allocate 3
            get_var Y0, A0
            get_height Y1
            try_else +10, live 3
            get_height Y2
            try_else +5, live 3
            put_val Y0, A0
            call q/1, live 3
            cut_to Y2
            fail
            trust_else
            cut_to Y1
            fail
            trust_else
            put_val Y0, A0
            deallocate
            execute r/1
            ",
        ),
        (
            "p(X) :- ( q(X) ; r(X) ; s(X) )",
            "
            allocate 1
            get_var Y0, A0
            try_else +4, live 1
            put_val Y0, A0
            deallocate
            execute q/1
            retry_else +4
            put_val Y0, A0
            deallocate
            execute r/1
            trust_else
            put_val Y0, A0
            deallocate
            execute s/1
            ",
        ),
        (
            "p(X, Y) :- ( X = a ; X = b ), q(Y)",
            "
            allocate 2
            get_var Y0, A0
            get_var Y1, A1
            try_else +5, live 2
            put_val Y0, A0
            put_const a, A1
            call =/2, live 2
            jump +5
            trust_else
            put_val Y0, A0
            put_const b, A1
            call =/2, live 2
            put_val Y1, A0
            deallocate
            execute q/1
            ",
        ),
        (
            "p(X, R) :- ( X < 0 -> R = neg ; X < 10 -> R = small ; R = big )",
            "
            allocate 2
            get_var Y0, A0
            get_var Y1, A1
            get_height X2
            try_else +10, live 2
            arith Y0 0 <, skip 3
            put_val Y0, A0
            put_const 0, A1
            call_inline </2
            cut_to X2
            put_val Y1, A0
            put_const neg, A1
            deallocate
            execute =/2
            trust_else
            get_height X3
            try_else +10, live 2
            arith Y0 10 <, skip 3
            put_val Y0, A0
            put_const 10, A1
            call_inline </2
            cut_to X3
            put_val Y1, A0
            put_const small, A1
            deallocate
            execute =/2
            trust_else
            put_val Y1, A0
            put_const big, A1
            deallocate
            execute =/2
            ",
        ),
        (
            "p(X, R) :- ( ( q(X) ; r(X) ) -> R = yes ; R = no )",
            "
            allocate 3
            get_var Y0, A0
            get_var Y1, A1
            get_height Y2
            try_else +13, live 3
            try_else +4, live 3
            put_val Y0, A0
            call q/1, live 3
            jump +4
            trust_else
            put_val Y0, A0
            call r/1, live 3
            cut_to Y2
            put_val Y1, A0
            put_const yes, A1
            deallocate
            execute =/2
            trust_else
            put_val Y1, A0
            put_const no, A1
            deallocate
            execute =/2
            ",
        ),
        (
            "p(X) :- ( q(X), ! -> r ; s )",
            "
            allocate 2
            get_height Y0
            try_else +7, live 2
            get_height Y1
            call q/1, live 2
            cut_to Y1
            cut_to Y0
            deallocate
            execute r/0
            trust_else
            deallocate
            execute s/0
            ",
        ),
        (
            "p(X) :- ( q(X) -> r, ! ; s ), t",
            "
            allocate 1
            get_height Y0
            try_else +6, live 1
            call q/1, live 1
            cut_to Y0
            call r/0, live 1
            cut_e
            jump +3
            trust_else
            call s/0, live 1
            deallocate
            execute t/0
            ",
        ),
        (
            "p(X) :- ( q(X) -> r ; !, s ), t",
            "
            allocate 1
            get_height Y0
            try_else +5, live 1
            call q/1, live 1
            cut_to Y0
            call r/0, live 1
            jump +4
            trust_else
            cut_e
            call s/0, live 1
            deallocate
            execute t/0
            ",
        ),
        (
            "p(X) :- ( q(X), ! ; r(X) )",
            "
            allocate 1
            get_var Y0, A0
            try_else +6, live 1
            put_val Y0, A0
            call q/1, live 1
            cut_e
            deallocate
            proceed
            trust_else
            put_val Y0, A0
            deallocate
            execute r/1
            ",
        ),
        (
            "p(X, Y) :- ( X < 0 -> q(Y) ; true ), r(Y)",
            "
            allocate 1
            get_var X2, A0
            get_var Y0, A1
            get_height X3
            try_else +9, live 1
            arith X2 0 <, skip 3
            put_val X2, A0
            put_const 0, A1
            call_inline </2
            cut_to X3
            put_val Y0, A0
            call q/1, live 1
            jump +2
            trust_else
            put_val Y0, A0
            deallocate
            execute r/1
            ",
        ),
        (
            "p(X, Y) :- ( q(X) *-> Y = yes ; Y = no )",
            "
            allocate 2
            get_var Y0, A1
            try_else +8, live 2
            get_height Y1
            call q/1, live 2
            soft_cut Y1
            put_val Y0, A0
            put_const yes, A1
            deallocate
            execute =/2
            trust_else
            put_val Y0, A0
            put_const no, A1
            deallocate
            execute =/2
            ",
        ),
        (
            "loop(N) :- ( N < 1 -> true ; N1 is N - 1, loop(N1) )",
            "
            allocate 1
            get_var Y0, A0
            get_height X2
            try_else +8, live 1
            arith Y0 1 <, skip 3
            put_val Y0, A0
            put_const 1, A1
            call_inline </2
            cut_to X2
            deallocate
            proceed
            trust_else
            arith X0 := Y0 1 -, skip 3
            put_var X0, A0
            put_tpl -(Y0,1), A1
            call_inline is/2
            deallocate
            execute loop/1
            ",
        ),
        (
            "p(X, Z) :- ( q(X) -> r(Y) ; true ), s(Y, Z)",
            "
            allocate 3
            get_var Y0, A1
            init Y1
            get_height Y2
            try_else +6, live 3
            call q/1, live 3
            cut_to Y2
            put_val Y1, A0
            call r/1, live 3
            jump +2
            trust_else
            put_val Y1, A0
            put_val Y0, A1
            deallocate
            execute s/2
            ",
        ),
        (
            "p(X) :- ( X < 0, ! ; true ), q(X)",
            "
            allocate 1
            get_var Y0, A0
            try_else +7, live 1
            arith Y0 0 <, skip 3
            put_val Y0, A0
            put_const 0, A1
            call_inline </2
            neck_cut
            jump +2
            trust_else
            put_val Y0, A0
            deallocate
            execute q/1
            ",
        ),
    ]);
}

/// Facts of atoms, integers and variables take a shortcut (`compile_flat_fact`):
/// the same code, registers and index keys as the general compiler's.
#[test]
fn flat_facts_compile_as_the_general_compiler_does() {
    let facts = [
        "p",
        "edge(1, 2)",
        "p(X)",
        "p(X, X, a, Y, 7, Y, X)",
        "p(_, _)",
        "q(a, -3, X, 'B', [])",
    ];
    for fact in facts {
        let mut m = machine();
        let t = parse(&mut m, fact, &mut Vars::new());
        let (head, body) = m.clause_parts(t);
        let (fast, fast_keys) = m.compile_flat_fact(head, body).expect("a flat fact");
        let (general, general_keys) = m.compile_general(head, body).expect("compiles");
        let name = |p: PredId| p.to_string();
        assert_eq!(fast.listing(&name), general.listing(&name), "{fact}");
        assert_eq!(fast.nregs, general.nregs, "{fact}");
        assert_eq!(fast_keys, general_keys, "{fact}");
    }
    let mut m = machine();
    for other in ["p(f(X))", "p(\"s\")", "p(1.5)", "p(X) :- q(X)"] {
        let t = parse(&mut m, other, &mut Vars::new());
        let (head, body) = m.clause_parts(t);
        assert!(m.compile_flat_fact(head, body).is_none(), "{other}");
    }
}
