% Clause selection by the first argument (knightlog's pred.rs,
% `first_decides`): when every clause has a first-argument key of its own, a
% call with that argument bound runs the one clause the key selects and
% leaves no choicepoint, whatever its other arguments; it stays right while
% clauses are added, erased and compacted (the logical update view kept).
:- use_module(library(plunit)).

% G succeeds and leaves no choicepoint.
det(G) :- call_cleanup(G, Det = true), Det == true.

app([], L, L).
app([H|T], L, [H|R]) :- app(T, L, R).

kind([], nil).
kind([_|_], list).
kind(f(_), f1).

num(1, int).
num(1.0, float).

:- dynamic d/2.

fill(Facts) :- retractall(d(_, _)), forall(member(F, Facts), assertz(F)).

:- begin_tests(first_argument).

test(app_bound_first) :- det(app([a, b], [c], L)), L == [a, b, c].
test(app_bound_first_and_last) :- det(app([a], Y, [a, b])), Y == [b].
test(app_unbound_first, all(X-Y == [[]-[a, b], [a]-[b], [a, b]-[]])) :-
    app(X, Y, [a, b]).
test(nrev_det) :- det(app([3, 2], [1], L)), L == [3, 2, 1].
test(kind_det) :- det(kind(f(1), K)), K == f1.
test(kind_list_det) :- det(kind([x], K)), K == list.
test(kind_no_clause, [fail]) :- kind(g(1), _).
test(kind_no_clause_atom, [fail]) :- kind(a, _).
test(kind_unbound, all(K == [nil, list, f1])) :- kind(_, K).
test(int_and_float_differ) :- num(1, A), A == int, num(1.0, B), B == float.
test(float_key_not_int, [fail]) :- num(2.0, _).

test(shared_key_tries_both, all(V == [1, 2])) :-
    fill([d(a, 1), d(b, 0), d(a, 2)]),
    d(a, V).
test(own_keys_det) :-
    fill([d(a, 1), d(b, 2)]),
    det(d(b, V)), V == 2.
test(asserta_shares_a_key, all(V == [0, 1])) :-
    fill([d(a, 1), d(b, 2)]),
    asserta(d(a, 0)),
    d(a, V).
test(retracted_clause_gone) :-
    fill([d(a, 1), d(b, 2), d(a, 3)]),
    once(retract(d(a, 1))),
    det(d(a, V)), V == 3.
test(update_view, all(V == [1])) :-
    fill([d(k, 1), d(j, 0)]),
    d(k, V),
    assertz(d(k, 2)).
test(added_after_call, all(V == [1, 2])) :-
    fill([d(k, 1), d(j, 0)]),
    assertz(d(k, 2)),
    d(k, V).
test(many_erased_then_compacted) :-
    fill([d(k, 1), d(j, 0)]),
    forall(between(1, 100, I), assertz(d(k, I))),
    retractall(d(k, _)),
    assertz(d(k, last)),
    det(d(k, V)), V == last,
    findall(W, d(_, W), Ws), Ws == [0, last].

:- end_tests(first_argument).
