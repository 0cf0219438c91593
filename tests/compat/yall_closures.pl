% library(yall) lambdas: parameters, free variables with /, \X^ lambdas,
% closures passed through foldl and maplist.
:- use_module(library(yall)).
:- initialization(main, main).

main :-
    maplist([X, Y]>>(Y is X * X), [1, 2, 3], Sq), writeln(Sq),
    N = 10, maplist([X, Y]>>(Y is X + N), [1, 2], Plus), writeln(Plus),
    foldl([X, A0, A]>>(A is max(X, A0)), [3, 9, 2], 0, Max), writeln(Max),
    include([X]>>(X mod 2 =:= 1), [1, 2, 3, 4, 5], Odd), writeln(Odd),
    F = [X]>>format("item ~w~n", [X]), maplist(F, [a, b]),
    G = succ, maplist(G, [1, 2], S), writeln(S),
    maplist([K-V, V-K]>>true, [a-1, b-2], Swapped), writeln(Swapped),
    Twice = [P, X0, X2]>>(call(P, X0, X1), call(P, X1, X2)), call(Twice, succ, 5, Seven), writeln(Seven),
    foldl([X, L0, [X|L0]]>>true, [1, 2, 3], [], Rev), writeln(Rev).
