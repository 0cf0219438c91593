% Integer arithmetic as scripts use it: between/succ/plus, gcd, big integers,
% bit operations, rounding, number formatting.
:- initialization(main, main).

collatz(1, [1]) :- !.
collatz(N, [N|T]) :- ( N mod 2 =:= 0 -> M is N // 2 ; M is 3 * N + 1 ), collatz(M, T).

main :-
    findall(X, (between(1, 30, X), X mod 7 =:= 0), L), writeln(L),
    succ(A, 5), succ(5, B), plus(2, C, 9), writeln([A, B, C]),
    G is gcd(1071, 462), writeln(gcd(G)),
    F is 2 ** 100, writeln(F), F2 is 7 ^ 30, writeln(F2),
    X1 is 0xff /\ 0b1010, X2 is 1 << 20, X3 is \ 5, X4 is 5 xor 3, writeln([X1, X2, X3, X4]),
    R1 is round(2.5), R2 is truncate(-2.7), R3 is ceiling(2.1), R4 is floor(-2.1), writeln([R1, R2, R3, R4]),
    D1 is 7 // -2, D2 is -7 mod 3, D3 is -7 rem 3, D4 is div(-7, 2), writeln([D1, D2, D3, D4]),
    M is max(3, 4.0), Mi is min(2, 2.0), writeln(M/Mi),
    S is sqrt(16), P is pi, E is e, format("~w ~4f ~4f~n", [S, P, E]),
    collatz(27, Cs), length(Cs, Len), max_list(Cs, Top), format("collatz(27): ~d steps, max ~d~n", [Len, Top]),
    format("~d ~D ~2d ~8|~a~n", [1234567, 1234567, 1234567, x]),
    format("~e ~3e ~g~n", [12345.678, 0.000123, 100.0]),
    format("~8|~t~d~n", [42]),
    format("~c~c ~r ~8r ~16r ~R~n", [104, 105, 10, 255, 255, 255]) -> true ; true.
