/*  tak.pl -- Takeuchi's function, the Gabriel benchmark: deep arithmetic
    recursion with many calls.  tak(24, 16, 8) = 9 (tak(x,y,z) returns
    z when the arguments start decreasing from the top; see Gabriel,
    "Performance and Evaluation of Lisp Systems", 1985).
*/

bench(A) :-
    tak(24, 16, 8, A).

tak(X, Y, Z, A) :-
    X =< Y, !,
    Z = A.
tak(X, Y, Z, A) :-
    X1 is X - 1,
    Y1 is Y - 1,
    Z1 is Z - 1,
    tak(X1, Y, Z, A1),
    tak(Y1, Z, X, A2),
    tak(Z1, X, Y, A3),
    tak(A1, A2, A3, A).

expected(9).
