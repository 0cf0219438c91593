% 4x4 sudoku by generate-and-test over rows with permutation/2.
:- initialization(main, main).

puzzle([[1,_,_,_],[_,_,3,_],[_,4,_,_],[_,_,_,2]]).

sudoku(Rows) :-
    maplist(row, Rows),
    transpose4(Rows, Cols), maplist(distinct, Cols),
    Rows = [A, B, C, D], blocks(A, B), blocks(C, D).

row(R) :- permutation([1,2,3,4], R).
distinct(L) :- sort(L, S), length(S, 4).
blocks([A,B,C,D], [E,F,G,H]) :- distinct([A,B,E,F]), distinct([C,D,G,H]).
transpose4([[A,B,C,D],[E,F,G,H],[I,J,K,L],[M,N,O,P]], [[A,E,I,M],[B,F,J,N],[C,G,K,O],[D,H,L,P]]).

main :-
    puzzle(P),
    findall(P, sudoku(P), Sols), length(Sols, N), format("~d solution(s)~n", [N]),
    Sols = [S|_], forall(member(R, S), (atomic_list_concat(R, ' ', A), writeln(A))).
