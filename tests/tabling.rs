//! Tabling beyond the differential suite (tests/prolog/tabling.pl): the
//! memory limit on tables, tnot/1's error, tables kept between queries and
//! dropped when the predicate is declared again, answer order, exceptions.

use knightlog::toplevel::session::Session;

const PATH: &str = "
:- table path/2.
edge(1, 2). edge(2, 3). edge(3, 1).
path(X, Y) :- path(X, Z), edge(Z, Y).
path(X, Y) :- edge(X, Y).
";

#[test]
fn a_runaway_table_is_a_resource_error() {
    let mut s = Session::new();
    s.consult(":- table nat/1.\nnat(0).\nnat(N) :- nat(M), N is M + 1.\n");
    s.first("set_prolog_flag(stack_limit, 20000000)");
    let a = s.answers("catch(nat(_), error(E, _), true)", 1);
    assert_eq!(a, ["E = resource_error(memory)"]);
    // The incomplete table is gone: the session goes on.
    assert_eq!(s.first("current_table(nat(_), _)"), "false");
}

#[test]
fn tnot_names_what_is_missing() {
    let mut s = Session::new();
    let a = s.answers("tnot(true)", 1);
    assert!(a[0].contains("well-founded negation"), "{a:?}");
}

#[test]
fn answers_come_in_the_order_found_and_tables_persist() {
    let mut s = Session::new();
    s.consult(PATH);
    assert_eq!(s.first("findall(Y, path(1, Y), L)"), "L = [2, 3, 1]");
    assert_eq!(
        s.first("findall(T, current_table(path(A, B), T), L), length(L, N)"),
        "L = ['$table'(0)],\nN = 1"
    );
    // Still there for the next query, until abolished.
    assert_eq!(s.first("findall(Y, path(1, Y), L)"), "L = [2, 3, 1]");
    s.first("abolish_all_tables");
    assert_eq!(s.first("current_table(_, _)"), "false");
}

#[test]
fn declaring_again_drops_the_tables() {
    let mut s = Session::new();
    s.consult(PATH);
    s.first("path(1, _)");
    s.consult(":- table path/2.\nedge(1, 2). edge(2, 3). edge(3, 1).\npath(X, Y) :- edge(Y, X).\n");
    assert_eq!(s.first("findall(Y, path(1, Y), L)"), "L = [3]");
}

#[test]
fn an_exception_in_a_tabled_call_leaves_no_table() {
    let mut s = Session::new();
    s.consult(":- table t/1.\nt(X) :- X is 1 / 0.\n");
    for _ in 0..2 {
        let a = s.answers("catch(t(_), error(E, _), true)", 1);
        assert_eq!(a, ["E = evaluation_error(zero_divisor)"]);
    }
    assert_eq!(s.first("current_table(t(_), _)"), "false");
}

#[test]
fn tabled_grammar_rules_and_several_specs() {
    let mut s = Session::new();
    s.consult(":- table (a//0, b/1).\na --> a, [x].\na --> [].\nb(1).\nb(X) :- b(Y), X is Y + 1, X < 4.\n");
    assert_eq!(s.first("phrase(a, [x, x, x])"), "true");
    assert_eq!(s.first("findall(X, b(X), L)"), "L = [1, 2, 3]");
}
