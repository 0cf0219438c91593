% Models for the CLP(FD) differential queries (tests/clpfd/queries.txt).
:- use_module(library(clpfd)).

queens(N, Qs) :-
    length(Qs, N),
    Qs ins 1..N,
    queens_safe(Qs).

queens_safe([]).
queens_safe([Q|Qs]) :-
    queens_apart(Qs, Q, 1),
    queens_safe(Qs).

queens_apart([], _, _).
queens_apart([Q|Qs], Q0, D) :-
    Q0 #\= Q,
    abs(Q0 - Q) #\= D,
    D1 is D + 1,
    queens_apart(Qs, Q0, D1).

send_more([S,E,N,D,M,O,R,Y]) :-
    Vs = [S,E,N,D,M,O,R,Y],
    Vs ins 0..9,
    all_different(Vs),
    S #\= 0, M #\= 0,
    1000*S + 100*E + 10*N + D + 1000*M + 100*O + 10*R + E #=
        10000*M + 1000*O + 100*N + 10*E + Y,
    label(Vs).

magic3(Sq) :-
    Sq = [A,B,C,D,E,F,G,H,I],
    Sq ins 1..9,
    all_different(Sq),
    A+B+C #= 15, D+E+F #= 15, G+H+I #= 15,
    A+D+G #= 15, B+E+H #= 15, C+F+I #= 15,
    A+E+I #= 15, C+E+G #= 15,
    label(Sq).

sudoku(Rows) :-
    length(Rows, 9),
    maplist(same_length(Rows), Rows),
    append(Rows, Vs), Vs ins 1..9,
    maplist(all_distinct, Rows),
    transpose(Rows, Cols),
    maplist(all_distinct, Cols),
    Rows = [A,B,C,D,E,F,G,H,I],
    blocks(A, B, C), blocks(D, E, F), blocks(G, H, I),
    maplist(label, Rows).

blocks([], [], []).
blocks([A,B,C|R1], [D,E,F|R2], [G,H,I|R3]) :-
    all_distinct([A,B,C,D,E,F,G,H,I]),
    blocks(R1, R2, R3).

% A sudoku with a unique solution.
sudoku_puzzle([[_,_,_,_,_,_,_,_,_],
               [_,_,_,_,_,3,_,8,5],
               [_,_,1,_,2,_,_,_,_],
               [_,_,_,5,_,7,_,_,_],
               [_,_,4,_,_,_,1,_,_],
               [_,9,_,_,_,_,_,_,_],
               [5,_,_,_,_,_,_,7,3],
               [_,_,2,_,1,_,_,_,_],
               [_,_,_,_,4,_,_,_,9]]).

% All directed closed knight's circuits on an N x N board.
knight_circuits(N, Count) :-
    M is N * N,
    length(Vs, M),
    knight_domains(Vs, 1, N),
    circuit(Vs),
    aggregate_all(count, labeling([ff], Vs), Count).

knight_domains([], _, _).
knight_domains([V|Vs], K, N) :-
    F is (K - 1) mod N, R is (K - 1) // N,
    findall(J, ( member(DF-DR, [1-2,2-1,2-(-1),1-(-2),(-1)-(-2),(-2)-(-1),(-2)-1,(-1)-2]),
                 F2 is F + DF, R2 is R + DR,
                 F2 >= 0, F2 < N, R2 >= 0, R2 < N,
                 J is R2 * N + F2 + 1 ), Js),
    list_dom(Js, D),
    V in D,
    K1 is K + 1,
    knight_domains(Vs, K1, N).

list_dom([J], J) :- !.
list_dom([J|Js], J \/ D) :- list_dom(Js, D).

% The SWI-Prolog manual's factorial, which runs both ways (big integers
% past 20!).
n_factorial(0, 1).
n_factorial(N, F) :-
    N #> 0,
    N1 #= N - 1,
    F #= N * F1,
    n_factorial(N1, F1).
