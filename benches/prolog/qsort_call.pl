/*  qsort_call.pl -- quicksort through a meta-call: the partition step asks
    a comparator passed as a closure (call/3, and call/4 for a keyed
    comparison) whether an element goes left; a 2,000-element
    pseudo-random list (linear congruential), 60 rounds in two orders.
    Result: the sorted list's length, first and last elements, and that it
    equals msort/2's answer and the descending sort reversed.
*/

bench(Result) :-
    random_list(2000, 12345, L),
    sort_loop(60, L, Asc, Desc),
    msort(L, Ref),
    reverse(Desc, DescRev),
    length(Asc, N),
    Asc = [First|_],
    last(Asc, Last),
    (   Asc == Ref, DescRev == Ref
    ->  Result = sorted(N, First, Last)
    ;   Result = unsorted
    ).

sort_loop(1, L, A, D) :- !, sort_pair(L, A, D).
sort_loop(N, L, A, D) :-
    sort_pair(L, _, _),
    N1 is N - 1,
    sort_loop(N1, L, A, D).

sort_pair(L, A, D) :-
    qsort(L, less_eq, A),
    qsort(L, by_key(neg), D).

qsort([], _, []).
qsort([X|Xs], Cmp, S) :-
    partition_by(Xs, Cmp, X, Left, Right),
    qsort(Left, Cmp, SL),
    qsort(Right, Cmp, SR),
    append(SL, [X|SR], S).

partition_by([], _, _, [], []).
partition_by([Y|Ys], Cmp, X, L, R) :-
    (   call(Cmp, Y, X)
    ->  L = [Y|L1], partition_by(Ys, Cmp, X, L1, R)
    ;   R = [Y|R1], partition_by(Ys, Cmp, X, L, R1)
    ).

less_eq(A, B) :- A =< B.

by_key(F, A, B) :- call(F, A, KA), call(F, B, KB), KA =< KB.

neg(X, Y) :- Y is -X.

random_list(0, _, []) :- !.
random_list(N, S0, [X|Xs]) :-
    S is (S0 * 1103515245 + 12345) mod 2147483648,
    X is S mod 100000,
    N1 is N - 1,
    random_list(N1, S, Xs).

% The list is generated in the program; its minimum and maximum come from
% msort/2 (checked equal to both sorts above), its length is 2,000.
expected(sorted(2000, First, Last)) :-
    random_list(2000, 12345, L),
    min_list(L, First),
    max_list(L, Last).
