/*  qsort.pl -- quicksort with difference lists of a 50-element pseudo-random
    list (a linear congruential sequence), 10,000 times.
    Result: the sorted list, compared with msort/2 of the same list.
*/

bench(Sorted) :-
    data(L),
    qsort_loop(10000, L, Sorted).

qsort_loop(1, L, S) :- !, qsort(L, S, []).
qsort_loop(N, L, S) :-
    qsort(L, _, []),
    N1 is N - 1,
    qsort_loop(N1, L, S).

qsort([], R, R).
qsort([X|L], R, R0) :-
    partition(L, X, L1, L2),
    qsort(L2, R1, R0),
    qsort(L1, R, [X|R1]).

partition([], _, [], []).
partition([X|L], Y, [X|L1], L2) :-
    X =< Y, !,
    partition(L, Y, L1, L2).
partition([X|L], Y, L1, [X|L2]) :-
    partition(L, Y, L1, L2).

data(L) :-
    lcg(50, 12345, L).

lcg(0, _, []) :- !.
lcg(N, S, [X|Xs]) :-
    S1 is (S * 1103515245 + 12345) mod 2147483648,
    X is S1 mod 1000,
    N1 is N - 1,
    lcg(N1, S1, Xs).

expected(Sorted) :-
    data(L),
    msort(L, Sorted).
