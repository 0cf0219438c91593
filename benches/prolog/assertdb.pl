/*  assertdb.pl -- a findall/assert-heavy benchmark: asserts 50,000 facts,
    looks each up by its first argument, sums them with findall/3, and
    retracts them all; three rounds.
    Result: the sum of I*I for I in 1..50,000 each round,
    n(n+1)(2n+1)/6 = 41,667,916,675,000.
*/

:- dynamic(fact/2).

bench(Sums) :-
    findall(S, (between(1, 3, _), round(50000, S)), Sums).

round(N, Sum) :-
    forall(between(1, N, I), (Sq is I * I, assertz(fact(I, Sq)))),
    forall(between(1, N, I), fact(I, _)),
    findall(V, fact(_, V), Vs),
    sum_list(Vs, Sum),
    retractall(fact(_, _)).

expected([S, S, S]) :-
    N = 50000,
    S =:= N * (N + 1) * (2 * N + 1) // 6.
