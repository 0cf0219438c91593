% Paths in a directed graph: reachability, all simple paths, shortest by BFS,
% setof/bagof with ^ and grouping by free variables.
:- initialization(main, main).

edge(a, b). edge(a, c). edge(b, d). edge(c, d). edge(d, e). edge(c, e). edge(e, f).
edge(g, h).

path(X, Y, P) :- path(X, Y, [X], P0), reverse(P0, P).
path(X, X, Seen, Seen).
path(X, Y, Seen, P) :- edge(X, Z), \+ memberchk(Z, Seen), path(Z, Y, [Z|Seen], P).

bfs(Start, Goal, Path) :- bfs_([[Start]], Goal, [Start], Rev), reverse(Rev, Path).
bfs_([[Goal|Rest]|_], Goal, _, [Goal|Rest]) :- !.
bfs_([[N|Rest]|Queue], Goal, Seen, Path) :-
    findall([M, N|Rest], (edge(N, M), \+ memberchk(M, Seen)), Next),
    findall(M, member([M|_], Next), Ms), append(Seen, Ms, Seen1),
    append(Queue, Next, Queue1),
    bfs_(Queue1, Goal, Seen1, Path).

main :-
    findall(P, path(a, f, P), Ps), length(Ps, N),
    format("~d paths from a to f~n", [N]),
    forall(member(P, Ps), (atomic_list_concat(P, ' -> ', A), writeln(A))),
    bfs(a, f, S), format("shortest: ~w~n", [S]),
    setof(Y, X^edge(X, Y), Targets), format("targets: ~w~n", [Targets]),
    forall(bagof(Y, edge(X, Y), Ys), format("~w -> ~w~n", [X, Ys])),
    (   setof(X-Y, edge(X, Y), All) -> length(All, NE), format("~d edges~n", [NE]) ; true ),
    (   bagof(Z, edge(z, Z), _) -> true ; writeln('no edges from z') ),
    aggregate_all(count, path(a, _, _), NP), format("~d paths from a~n", [NP]),
    (   path(a, h, _) -> true ; writeln('h unreachable from a') ).
