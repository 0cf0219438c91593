% SEND + MORE = MONEY by choosing distinct digits column by column.
:- initialization(main, main).

digit(D) :- between(0, 9, D).
pick(D, Used, [D|Used]) :- digit(D), \+ memberchk(D, Used).

solve([S,E,N,D,M,O,R,Y]) :-
    M = 1, Used0 = [1],
    pick(D, Used0, U1), pick(E, U1, U2),
    Y is (D + E) mod 10, \+ memberchk(Y, U2), C1 is (D + E) // 10, U3 = [Y|U2],
    pick(N, U3, U4), pick(R, U4, U5),
    E =:= (N + R + C1) mod 10, C2 is (N + R + C1) // 10,
    pick(O, U5, U6),
    N =:= (E + O + C2) mod 10, C3 is (E + O + C2) // 10,
    pick(S, U6, _), S > 0,
    O =:= (S + M + C3) mod 10, M =:= (S + M + C3) // 10.

main :-
    findall(Sol, solve(Sol), Sols), length(Sols, N),
    format("~d solution(s)~n", [N]),
    Sols = [[S,E,N1,D,M,O,R,Y]|_],
    format("  ~w~w~w~w~n+ ~w~w~w~w~n= ~w~w~w~w~w~n", [S,E,N1,D, M,O,R,E, M,O,N1,E,Y]).
