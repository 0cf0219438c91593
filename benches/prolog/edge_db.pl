/*  edge_db.pl -- calls with a bound first argument over 10,000 dynamic
    facts (issue 19): edge(Z, Y) with Z bound has 10 answers; every node's
    successors are summed, 30 rounds, and successors of successors once.
    Result: the sum of all edge targets, 30 times, and the number of
    two-step paths from nodes 1..100.
*/

:- dynamic edge/2.

bench(Total-Paths) :-
    retractall(edge(_, _)),
    forall(between(1, 1000, Z),
           forall(between(1, 10, K),
                  ( Y is (Z * 7 + K * 13) mod 1000 + 1, assertz(edge(Z, Y)) ))),
    rounds(30, 0, Total),
    aggregate_all(count, (between(1, 100, A), edge(A, B), edge(B, _)), Paths).

rounds(0, T, T) :- !.
rounds(R, T0, T) :-
    nodes(1, 0, S),
    T1 is T0 + S,
    R1 is R - 1,
    rounds(R1, T1, T).

nodes(Z, S, S) :- Z > 1000, !.
nodes(Z, S0, S) :-
    aggregate_all(sum(Y), edge(Z, Y), SZ),
    S1 is S0 + SZ,
    Z1 is Z + 1,
    nodes(Z1, S1, S).

% The targets' sum, computed without the database.
expected(Total-Paths) :-
    aggregate_all(sum(Y), (between(1, 1000, Z), between(1, 10, K),
                           Y is (Z * 7 + K * 13) mod 1000 + 1), S),
    Total =:= 30 * S,
    Paths =:= 100 * 10 * 10.
