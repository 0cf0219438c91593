/*  metainterp.pl -- a vanilla meta-interpreter: solve/1 over clause/2 runs
    naive reverse of a 30-element list and a small family database query
    (ancestors by recursion), 400 rounds; builtins are called directly.
    Result: the reversed list and the number of ancestor pairs, worked out
    by hand (see expected/1).
*/

bench(R-N) :-
    numlist(1, 30, L),
    mi_loop(400, L, R, N).

mi_loop(1, L, R, N) :- !, mi_round(L, R, N).
mi_loop(K, L, R, N) :-
    mi_round(L, _, _),
    K1 is K - 1,
    mi_loop(K1, L, R, N).

mi_round(L, R, N) :-
    solve(nrev(L, R)),
    solve(count_ancestors(N)).

solve(true) :- !.
solve((A, B)) :- !, solve(A), solve(B).
solve(G) :- builtin(G), !, call(G).
solve(G) :- clause(G, Body), solve(Body).

builtin(_ is _).
builtin(_ < _).
builtin(findall(_, _, _)).
builtin(length(_, _)).

:- dynamic nrev/2, app/3, parent/2, ancestor/2, count_ancestors/1.

nrev([], []).
nrev([H|T], R) :- nrev(T, RT), app(RT, [H], R).

app([], L, L).
app([H|T], L, [H|R]) :- app(T, L, R).

% A chain p0 -> p1 -> ... -> p12: parent(p(I), p(I+1)).
parent(p(I), p(J)) :- between_(0, 11, I), J is I + 1.

between_(L, H, L) :- L < H + 1.
between_(L, H, X) :- L < H, L1 is L + 1, between_(L1, H, X).

ancestor(X, Y) :- parent(X, Y).
ancestor(X, Z) :- parent(X, Y), ancestor(Y, Z).

% The interpreter enumerates all ancestor pairs itself (findall over solve/1).
count_ancestors(N) :- findall(X-Y, solve(ancestor(X, Y)), Ps), length(Ps, N).

% A chain of 13 people has 13 * 12 / 2 = 78 ancestor pairs.
expected(R-78) :- numlist(1, 30, L), reverse(L, R).
