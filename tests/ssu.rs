//! Single sided unification rules beyond what SWI-Prolog 9.0.4 can check
//! differentially (tests/prolog/ssu.pl does that): grammar rules `==>` (added
//! in later SWI-Prolog versions), listing/1 printing rules as written, and
//! reconsulting a predicate of rules, mixing rules and clauses at load.

use knightlog::toplevel::session::Session;

const GRAMMAR: &str = "
digits(Ds) ==> digit(D), rest(T), { Ds = [D|T] }.
rest(Ds) ==> ( digit(D) -> rest(T), { Ds = [D|T] } ; { Ds = [] } ).
digit(D) ==> [C], { code_type(C, digit(D)) }.
greeting, [world] ==> [hello].
";

#[test]
fn grammar_rules_match_and_commit() {
    let mut s = Session::new();
    s.consult(GRAMMAR);
    assert_eq!(s.errors(), "");
    assert_eq!(
        s.first("phrase(digits(Ds), `123`, R)"),
        "Ds = [1, 2, 3],\nR = []"
    );
    // The first rule commits: digits//1 cannot backtrack into shorter prefixes.
    assert_eq!(s.answers("phrase(digits(Ds), `12`, _)", 5).len(), 1);
    assert_eq!(s.first("phrase(digits(_), `x`, _)"), "false");
    // Pushback: greeting consumes `hello` and leaves `world` in front.
    assert_eq!(
        s.first("phrase(greeting, [hello, there], R)"),
        "R = [world, there]"
    );
}

#[test]
fn a_grammar_rule_with_no_match_raises_the_error() {
    let mut s = Session::new();
    s.consult("a(x) ==> [].\n");
    let a = s.answers("phrase(a(y), [], _)", 1);
    assert_eq!(a[0], "ERROR: a/3: No rule matches a(y,[],_22)", "{a:?}");
}

#[test]
fn listing_prints_rules_as_written() {
    let mut s = Session::new();
    s.consult("p(f(X), Y), X > 0 => Y = X.\np(_, Y) => Y = none.\nq(X, X) => true.\n");
    s.first("listing(p/2), listing(q/2)");
    assert_eq!(
        s.output(),
        "p(f(A), B), A>0 =>\n    B=A.\np(_, A) =>\n    A=none.\n\nq(A, A) =>\n    true.\n\n"
    );
}

#[test]
fn reconsulting_rules_keeps_one_no_match_clause() {
    let mut s = Session::new();
    s.consult("r(1) => true.\nr(2) => true.\n");
    s.consult("r(3) => true.\n");
    assert_eq!(s.first("r(3)"), "true");
    let a = s.answers("r(1)", 1);
    assert_eq!(a[0], "ERROR: r/1: No rule matches r(1)", "{a:?}");
    assert_eq!(
        s.first("predicate_property(r(_), number_of_clauses(N))"),
        "N = 2"
    );
}

#[test]
fn a_variable_head_is_an_error_at_load() {
    let mut s = Session::new();
    s.consult("_ => true.\n");
    assert!(s.errors().contains("not sufficiently instantiated"));
}

/// SWI-Prolog 9.0.4 refuses both orders at load with this message (checked by hand:
/// `swipl mixed.pl`), keeps the first kind's clauses and drops the other's.
#[test]
fn mixing_rules_and_clauses_is_refused_at_load() {
    let mut s = Session::new();
    s.consult("q(1) :- true.\nq(2) => true.\nr(1) => true.\nr(2).\n");
    let errors = s.errors();
    assert!(
        errors.contains("No permission to assert procedure `q/1'")
            && errors.contains("No permission to assert procedure `r/1'"),
        "{errors}"
    );
    assert_eq!(s.answers("q(X)", 3), ["X = 1"]);
    assert_eq!(s.first("r(1)"), "true");
    let a = s.answers("r(2)", 1);
    assert_eq!(a[0], "ERROR: r/1: No rule matches r(2)", "{a:?}");
}
