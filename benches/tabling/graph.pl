% A fixed pseudo-random graph: 1,000 nodes, 10,000 weighted edges
% (a linear congruential generator, so both systems load the same facts).
:- dynamic edge/2, wedge/3.
make_graph :-
    retractall(edge(_, _)), retractall(wedge(_, _, _)),
    make_edges(10000, 12345).
make_edges(0, _) :- !.
make_edges(N, S0) :-
    S1 is (S0 * 1103515245 + 12345) mod 2147483648,
    S2 is (S1 * 1103515245 + 12345) mod 2147483648,
    S3 is (S2 * 1103515245 + 12345) mod 2147483648,
    X is S1 // 65536 mod 1000, Y is S2 // 65536 mod 1000, W is 1 + S3 // 65536 mod 100,
    assertz(edge(X, Y)), assertz(wedge(X, Y, W)),
    N1 is N - 1, make_edges(N1, S3).
:- initialization(make_graph).
