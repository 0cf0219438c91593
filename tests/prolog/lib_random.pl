% library(random): properties (ranges, permutations, sizes), not values.
:- use_module(library(plunit)).
:- use_module(library(random)).
:- use_module(library(lists)).
:- use_module(library(apply)).

repeat_n(N, Goal) :- forall(between(1, N, _), Goal).

:- begin_tests(random).
test(random) :- repeat_n(100, (random(X), float(X), X > 0.0, X < 1.0)).
test(random_between) :- repeat_n(100, (random_between(3, 7, X), integer(X), X >= 3, X =< 7)).
test(random_between_one, X == 4) :- random_between(4, 4, X).
test(random_between_empty, fail) :- random_between(5, 1, _).
test(random_between_type, error(type_error(integer, a))) :- random_between(a, 1, _).
test(random3) :- repeat_n(100, (random(1, 5, X), integer(X), X >= 1, X < 5)).
test(random3_float) :- repeat_n(100, (random(1.0, 5, X), float(X), X >= 1.0, X < 5.0)).
test(maybe_extremes) :- \+ maybe(0.0), maybe(1.0), \+ maybe(0, 5), maybe(5, 5).
test(maybe_both) :- findall(x, (between(1, 200, _), maybe), L), length(L, N), N > 0, N < 200.
test(maybe_p_type, error(type_error(between(0.0, 1.0), 2))) :- maybe(2).
test(maybe_p_atom, error(type_error(between(0.0, 1.0), a))) :- maybe(a).
test(maybe_kn_domain, error(domain_error(not_less_than_zero, 5-6))) :- maybe(6, 5).
test(perm2) :- repeat_n(20, (random_perm2(a, b, X, Y), msort([X, Y], [a, b]))).
:- end_tests(random).

:- begin_tests(random_lists).
test(member) :- repeat_n(50, (random_member(X, [a, b, c]), memberchk(X, [a, b, c]))).
test(member_empty, fail) :- random_member(_, []).
test(member_type, error(type_error(list, foo))) :- random_member(_, foo).
test(select) :- repeat_n(50, (random_select(X, [a, b, c], R), select(X, [a, b, c], R0), R == R0)).
test(select_empty, fail) :- random_select(_, [], _).
test(permutation) :- repeat_n(20, (random_permutation([a, b, c, d], P), msort(P, [a, b, c, d]))).
test(subseq) :-
    repeat_n(20, ( random_subseq([a, b, c, d], S, C),
                   append(S, C, All), msort(All, [a, b, c, d]),
                   subtract([a, b, c, d], C, S) )).
test(subseq_empty, [S, C] == [[], []]) :- random_subseq([], S, C).
test(randset) :-
    repeat_n(20, ( randset(3, 10, S), length(S, 3), sort(S, S),
                   forall(member(X, S), between(1, 10, X)) )).
test(randset_all, S == [1, 2, 3, 4, 5]) :- randset(5, 5, S).
test(randset_big) :- randset(4, 1000000000, S), length(S, 4), sort(S, S).
test(randset_none, S == []) :- randset(0, 10, S).
test(randset_too_many, fail) :- randset(11, 10, _).
test(randseq) :-
    repeat_n(20, ( randseq(4, 6, L), length(L, 4), sort(L, S), length(S, 4),
                   forall(member(X, L), between(1, 6, X)) )).
test(randseq_all) :- randseq(10, 10, L), msort(L, S), numlist(1, 10, S).
test(randseq_too_many, fail) :- randseq(11, 10, _).
test(numlist) :-
    repeat_n(20, ( random_numlist(0.5, 1, 10, L), sort(L, L),
                   forall(member(X, L), between(1, 10, X)) )).
test(numlist_none, L == []) :- random_numlist(0, 1, 10, L).
test(numlist_all, L == [1, 2, 3, 4, 5]) :- random_numlist(1, 1, 5, L).
test(numlist_type, error(type_error(between(0.0, 1.0), 2))) :- random_numlist(2, 1, 10, _).
:- end_tests(random_lists).

:- begin_tests(getrand).
test(restore) :-
    getrand(S), X is random(1000000), setrand(S), Y is random(1000000), X == Y.
:- end_tests(getrand).
