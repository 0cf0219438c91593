:- module(hof, [map_twice/3, each/2, keep/3, count_where/3, run_private/0, compose/4]).

:- meta_predicate map_twice(2, ?, ?), each(?, 1), keep(1, ?, ?), count_where(1, ?, ?),
    compose(2, 2, ?, ?).

map_twice(G, L0, L) :- maplist(G, L0, L1), maplist(G, L1, L).

each([], _).
each([X|Xs], G) :- call(G, X), each(Xs, G).

keep(P, L, K) :- include(P, L, K).

count_where(P, L, N) :- aggregate_all(count, (member(X, L), call(P, X)), N).

% step/1 is also the name of a user predicate: the module's own is used here.
step(X) :- format("hof step ~w~n", [X]).
run_private :- each([1, 2], step), findall(Y, (member(X, [1,2]), tag(X, Y)), Ys), assertz(tagged(Ys)).

tag(X, t(X)).

:- dynamic tagged/1.

compose(F, G, X, Z) :- call(G, X, Y), call(F, Y, Z).
