% Left-recursive transitive closure over graph.pl (1,000 nodes, 10,000 edges):
% the nodes reachable from each of 20 start nodes, from empty tables.
:- ensure_loaded(graph).
:- table path/2.
path(X, Y) :- path(X, Z), edge(Z, Y).
path(X, Y) :- edge(X, Y).
count(N) :- abolish_all_tables, aggregate_all(count, (between(0, 19, S), path(S, _)), N).
bench_main :- count(N), write(N), nl.
