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

#[test]
fn fibonacci_evaluates_each_call_once() {
    let mut s = Session::new();
    s.consult(
        ":- table fib/2.\nfib(0, 0).\nfib(1, 1).\n\
         fib(N, F) :- N > 1, nb_getval(fib_runs, R), R1 is R + 1, nb_setval(fib_runs, R1),\n\
         N1 is N - 1, N2 is N - 2, fib(N1, F1), fib(N2, F2), F is F1 + F2.\n",
    );
    // Linear: one table and one run of the recursive clause per argument.
    assert_eq!(
        s.first("nb_setval(fib_runs, 0), fib(1000, F), F mod 1000000007 =:= 517691607, nb_getval(fib_runs, R), aggregate_all(count, current_table(fib(_, _), _), N)")
            .lines()
            .filter(|l| !l.starts_with("F = "))
            .collect::<Vec<_>>(),
        ["R = 999,", "N = 1001"]
    );
}

#[test]
fn a_moded_table_is_read_once_per_change() {
    // Each better distance is appended, so a reader that reached the end
    // has seen every change: the component completes without re-running.
    let mut s = Session::new();
    s.consult(
        ":- table d(_, min).\ne(a, b, 5). e(a, c, 1). e(c, b, 1). e(b, z, 1).\n\
         d(Y, D) :- e(a, Y, D).\n\
         d(Y, D) :- d(X, D0), nb_getval(reads, R), R1 is R + 1, nb_setval(reads, R1), e(X, Y, D1), D is D0 + D1.\n",
    );
    assert_eq!(
        s.first("nb_setval(reads, 0), findall(Y-D, d(Y, D), L), msort(L, S), nb_getval(reads, R)"),
        "L = [c-1, b-2, z-3],\nS = [b-2, c-1, z-3],\nR = 5"
    );
}

#[test]
fn retractall_of_a_tabled_predicate_keeps_it_tabled() {
    let mut s = Session::new();
    s.consult(":- table r/1.\n:- dynamic r/1.\nr(1).\nr(2).\n");
    s.first("retractall(r(1))");
    s.first("assertz(r(3))");
    assert_eq!(s.first("findall(X, r(X), L)"), "L = [2, 3]");
    s.first("retractall(r(_))");
    assert_eq!(s.first("abolish_all_tables, findall(X, r(X), L)"), "L = []");
    // The table is used, not the clauses: left recursion still ends.
    s.first("assertz((r(X) :- r(Y), X is Y + 1, X < 3)), assertz(r(0))");
    assert_eq!(
        s.first("abolish_all_tables, findall(X, r(X), L), msort(L, S)"),
        "L = S, S = [0, 1, 2]"
    );
}
