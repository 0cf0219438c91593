% Towers of Hanoi for the number of discs given on the command line.
:- initialization(main, main).

main :-
    current_prolog_flag(argv, [A|_]),
    atom_number(A, N),
    hanoi(N, left, right, middle, Moves),
    length(Moves, Len),
    format("~d discs: ~d moves~n", [N, Len]),
    forall(nth1(I, Moves, From-To), format("~d. ~w -> ~w~n", [I, From, To])).

hanoi(0, _, _, _, []) :- !.
hanoi(N, From, To, Via, Moves) :-
    N1 is N - 1,
    hanoi(N1, From, Via, To, M1),
    hanoi(N1, Via, To, From, M2),
    append(M1, [From-To|M2], Moves).
