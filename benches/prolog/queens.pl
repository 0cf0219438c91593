/*  queens.pl -- N-queens, all solutions, by permutation and safety test.
    Counts the solutions for 10 queens (724, OEIS A000170) twice.
*/

bench(Counts) :-
    findall(C, (between(1, 2, _), count_queens(10, C)), Counts).

count_queens(N, C) :-
    numlist(1, N, Ns),
    findall(Q, queens(Ns, Q), Qs),
    length(Qs, C).

queens(Ns, Qs) :-
    place(Ns, [], Qs).

place([], Qs, Qs).
place(Unplaced, Safe, Qs) :-
    sel(Q, Unplaced, Rest),
    no_attack(Q, Safe, 1),
    place(Rest, [Q|Safe], Qs).

sel(X, [X|T], T).
sel(X, [H|T], [H|R]) :-
    sel(X, T, R).

no_attack(_, [], _).
no_attack(Q, [Q1|Qs], D) :-
    Q =\= Q1 + D,
    Q =\= Q1 - D,
    D1 is D + 1,
    no_attack(Q, Qs, D1).

expected([724, 724]).
