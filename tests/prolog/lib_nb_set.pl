% library(nb_set): non-backtrackable sets. Run under knightlog and SWI-Prolog.
:- use_module(library(plunit)).
:- use_module(library(nb_set)).

:- begin_tests(nb_set).
test(empty, [N-L == 0-[]]) :- empty_nb_set(S), size_nb_set(S, N), nb_set_to_list(S, L).
test(add, [N-L == 3-[a, b, c]]) :-
    empty_nb_set(S), add_nb_set(b, S), add_nb_set(a, S), add_nb_set(c, S), add_nb_set(a, S),
    size_nb_set(S, N), nb_set_to_list(S, L).
test(add3_new, [New1-New2 == true-false]) :-
    empty_nb_set(S), add_nb_set(a, S, New1), add_nb_set(a, S, New2).
test(add3_true_present, fail) :- empty_nb_set(S), add_nb_set(b, S), add_nb_set(b, S, true).
test(add3_false_absent, fail) :- empty_nb_set(S), add_nb_set(b, S), add_nb_set(c, S, false).
test(add3_false_not_added, [L == [b]]) :-
    empty_nb_set(S), add_nb_set(b, S), \+ add_nb_set(c, S, false), nb_set_to_list(S, L).
test(survives_backtracking, [L == [1, 2, 3]]) :-
    empty_nb_set(S),
    (   member(X, [3, 1, 2, 1]), add_nb_set(X, S), fail ; true ),
    nb_set_to_list(S, L).
test(variants, [News == [true, false, true]]) :-
    empty_nb_set(S),
    add_nb_set(f(_, Y, Y), S, N1), add_nb_set(f(_, Z, Z), S, N2), add_nb_set(f(_, _, _), S, N3),
    News = [N1, N2, N3].
test(variant_fresh) :-
    empty_nb_set(S), add_nb_set(f(X), S), nb_set_to_list(S, [f(V)]), var(V), V \== X.
test(gen, [Ks == [a, b, c]]) :-
    empty_nb_set(S), forall(member(X, [c, a, b]), add_nb_set(X, S)),
    findall(K, gen_nb_set(S, K), Ks0), msort(Ks0, Ks).
test(gen_check, [true]) :- empty_nb_set(S), add_nb_set(b, S), gen_nb_set(S, b), !.
test(gen_empty, fail) :- empty_nb_set(S), gen_nb_set(S, _).
test(many, [N-First-Last == 3001-f(0)-f(3000)]) :-
    empty_nb_set(S),
    (   between(1, 5000, I), X is (I * 7919) mod 3001, add_nb_set(f(X), S), fail ; true ),
    size_nb_set(S, N), nb_set_to_list(S, L), L = [First|_], last(L, Last).
test(mixed_types, [Rest == [1, 2.0, a, f(x)]]) :-
    empty_nb_set(S), forall(member(X, [f(x), a, 1, 2.0, _, a, 1]), add_nb_set(X, S)),
    nb_set_to_list(S, [V|Rest]), var(V).
test(add_not_set, error(type_error(compound, foo))) :- add_nb_set(a, foo).
test(add_unbound, error(instantiation_error)) :- add_nb_set(a, _).
test(to_list_unbound, error(instantiation_error)) :- nb_set_to_list(_, _).
test(size_not_set, fail) :- size_nb_set(foo, _).
:- end_tests(nb_set).
