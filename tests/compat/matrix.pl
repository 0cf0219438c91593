% Matrices as lists of lists: transpose, multiply, identity, determinant.
:- initialization(main, main).

transpose_m([[]|_], []) :- !.
transpose_m(M, [Col|Cols]) :- maplist([[H|T], H, T]>>true, M, Col, Rest), transpose_m(Rest, Cols).

dot(V, W, D) :- foldl([X, Y, A0, A]>>(A is A0 + X * Y), V, W, 0, D).

mmul(A, B, C) :- transpose_m(B, BT), maplist([Row, CRow]>>maplist(dot(Row), BT, CRow), A, C).

identity(N, M) :- numlist(1, N, Is), maplist([I, Row]>>(maplist([J, E]>>(I =:= J -> E = 1 ; E = 0), Is, Row)), Is, M).

det([[X]], X) :- !.
det([Row|Rows], D) :-
    length(Row, N), numlist(1, N, Js),
    foldl([J, A0, A]>>( nth1(J, Row, E), maplist([R, R1]>>nth1(J, R, _, R1), Rows, Minor),
                        det(Minor, DM), S is (-1) ** (J + 1), A is A0 + S * E * DM ), Js, 0, D).

power(M, 1, M) :- !.
power(M, N, P) :- N1 is N - 1, power(M, N1, P1), mmul(M, P1, P).

pm(M) :- forall(member(R, M), (forall(member(E, R), format("~t~w~6|", [E])), nl)).

main :-
    A = [[1, 2, 3], [4, 5, 6]], B = [[7, 8], [9, 10], [11, 12]],
    mmul(A, B, C), pm(C),
    transpose_m(A, AT), pm(AT),
    identity(3, I), pm(I),
    det([[2, 0, 1], [1, 3, 2], [1, 1, 1]], D), format("det = ~w~n", [D]),
    power([[1, 1], [1, 0]], 30, F), F = [[_, Fib]|_], format("fib(30) = ~w~n", [Fib]),
    power([[1, 1], [1, 0]], 100, F2), F2 = [[_, Fib2]|_], format("fib(100) = ~w~n", [Fib2]).
