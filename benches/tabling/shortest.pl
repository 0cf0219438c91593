% Moded tabling: shortest distances from 20 start nodes over graph.pl.
:- ensure_loaded(graph).
:- table sp(_, _, min).
sp(X, Y, D) :- wedge(X, Y, D).
sp(X, Y, D) :- sp(X, Z, D0), wedge(Z, Y, D1), D is D0 + D1.
run(Sum) :- abolish_all_tables,
    aggregate_all(sum(D), (between(0, 19, S), sp(S, _, D)), Sum).
bench_main :- run(S), write(S), nl.
