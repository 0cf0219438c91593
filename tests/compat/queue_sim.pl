% Difference-list queues: a breadth-first numbering of a tree and a
% round-robin scheduler.
:- initialization(main, main).

empty_q(Q-Q).
push(X, Q-[X|T], Q-T).
pop(X, [X|Q]-T, Q-T).
is_empty(Q-T) :- Q == T.

tree(n(a, [n(b, [n(d, []), n(e, [])]), n(c, [n(f, [])])])).

bfs_order(T, Order) :- empty_q(Q0), push(T, Q0, Q), bfs(Q, Order).
bfs(Q, []) :- is_empty(Q), !.
bfs(Q0, [X|Xs]) :- pop(n(X, Cs), Q0, Q1), foldl(push, Cs, Q1, Q), bfs(Q, Xs).

schedule(Jobs, Slice, Log) :- empty_q(Q0), foldl(push, Jobs, Q0, Q), rr(Q, Slice, 0, Log).
rr(Q, _, _, []) :- is_empty(Q), !.
rr(Q0, S, T0, [T-Name|Log]) :-
    pop(Name-Left, Q0, Q1),
    Run is min(S, Left), T is T0 + Run, Rest is Left - Run,
    ( Rest > 0 -> push(Name-Rest, Q1, Q2) ; Q2 = Q1 ),
    rr(Q2, S, T, Log).

main :-
    tree(T), bfs_order(T, O), format("bfs: ~w~n", [O]),
    schedule([a-5, b-2, c-7], 3, Log), format("schedule: ~w~n", [Log]),
    findall(N, member(_-N, Log), Ns), last(Ns, Last), format("~w finishes last~n", [Last]).
