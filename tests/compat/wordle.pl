% Wordle scoring: greens first, then yellows limited by letter counts.
:- initialization(main, main).

score(Guess, Answer, Score) :-
    atom_chars(Guess, G), atom_chars(Answer, A),
    maplist([X, Y, S]>>(X == Y -> S = g ; S = _), G, A, S0),
    foldl([X, Y, S, R0, R]>>(S == g -> R = R0 ; R = [Y|R0]), G, A, S0, [], Rest),
    mark(G, S0, Rest, Score).

mark([], [], _, []).
mark([X|Xs], [S|Ss], Rest, [S1|Out]) :-
    (   S == g -> S1 = g, Rest1 = Rest
    ;   selectchk(X, Rest, Rest1) -> S1 = y
    ;   S1 = '.', Rest1 = Rest
    ),
    mark(Xs, Ss, Rest1, Out).

main :-
    forall(member(G-A, [crane-react, speed-abide, eerie-there, robot-robot, llama-hello]),
           ( score(G, A, S), atomic_list_concat(S, Str), format("~w vs ~w: ~w~n", [G, A, Str]) )).
