% Left-recursive transitive closure over graph.pl: all pairs (one table).
:- ensure_loaded(graph).
:- table path/2.
path(X, Y) :- path(X, Z), edge(Z, Y).
path(X, Y) :- edge(X, Y).
bench_main :- abolish_all_tables, aggregate_all(count, path(_, _), N), write(N), nl.
