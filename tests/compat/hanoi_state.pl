% Missionaries and cannibals by iterative deepening over states.
:- initialization(main, main).

safe(M, C) :- ( M =:= 0 ; M >= C ), M2 is 3 - M, C2 is 3 - C, ( M2 =:= 0 ; M2 >= C2 ).

move(s(M, C, left), s(M1, C1, right), DM-DC) :-
    member(DM-DC, [1-0, 2-0, 0-1, 0-2, 1-1]),
    M1 is M - DM, C1 is C - DC, M1 >= 0, C1 >= 0, safe(M1, C1).
move(s(M, C, right), s(M1, C1, left), DM-DC) :-
    member(DM-DC, [1-0, 2-0, 0-1, 0-2, 1-1]),
    M1 is M + DM, C1 is C + DC, M1 =< 3, C1 =< 3, safe(M1, C1).

path(S, S, _, []).
path(S, G, Seen, [Mv|Mvs]) :- move(S, S1, Mv), \+ memberchk(S1, Seen), path(S1, G, [S1|Seen], Mvs).

solve(Moves) :- between(1, 20, L), length(Moves, L), path(s(3, 3, left), s(0, 0, right), [s(3, 3, left)], Moves), !.

main :-
    solve(Moves), length(Moves, N),
    format("~d crossings~n", [N]),
    foldl([DM-DC, S0, S]>>(format("~w: ~d missionaries, ~d cannibals~n", [S0, DM, DC]), S is S0 + 1), Moves, 1, _).
