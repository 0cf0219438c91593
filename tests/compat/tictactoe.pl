% Tic-tac-toe by minimax: the value of the empty board and a played game.
:- initialization(main, main).

lines([[1,2,3],[4,5,6],[7,8,9],[1,4,7],[2,5,8],[3,6,9],[1,5,9],[3,5,7]]).

winner(B, P) :- lines(Ls), member([X,Y,Z], Ls), nth1(X, B, P), P \== e, nth1(Y, B, P), nth1(Z, B, P), !.
full(B) :- \+ memberchk(e, B).
other(x, o). other(o, x).

move(B, P, I, B2) :- nth1(I, B, e), set(B, I, P, B2).
set([_|T], 1, P, [P|T]) :- !.
set([H|T], I, P, [H|T2]) :- I1 is I - 1, set(T, I1, P, T2).

% value(+Board, +ToMove, -Value): +1 x wins, -1 o wins, 0 draw.
value(B, _, V) :- winner(B, W), !, ( W == x -> V = 1 ; V = -1 ).
value(B, _, 0) :- full(B), !.
value(B, P, V) :-
    other(P, Q),
    findall(V1, (move(B, P, _, B1), value(B1, Q, V1)), Vs),
    ( P == x -> max_list(Vs, V) ; min_list(Vs, V) ).

best_move(B, P, I) :-
    other(P, Q),
    findall(V-I0, (move(B, P, I0, B1), value(B1, Q, V)), VIs),
    ( P == x -> max_member(_-_, VIs), keysort(VIs, S), last(S, BV-_), member(BV-I, VIs)
    ; keysort(VIs, [BV-_|_]), member(BV-I, VIs) ), !.

show(B) :- forall(member(R, [[1,2,3],[4,5,6],[7,8,9]]),
    ( forall(member(I, R), (nth1(I, B, C), ( C == e -> write('.') ; write(C) ))), nl )).

play(B, _) :- ( winner(B, W) -> format("~w wins~n", [W]) ; full(B) -> writeln(draw) ), !.
play(B, P) :- best_move(B, P, I), move(B, P, I, B1), format("~w plays ~d~n", [P, I]), other(P, Q), play(B1, Q).

main :-
    B0 = [x,e,e, e,o,e, e,e,e],
    value(B0, x, V), format("value: ~d~n", [V]),
    play(B0, x),
    B1 = [x,x,e, o,o,e, e,e,e],
    best_move(B1, x, M), format("x should play ~d~n", [M]),
    show(B1).
