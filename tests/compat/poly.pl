% Polynomials as coefficient lists: addition, multiplication, evaluation by
% Horner's rule, derivative and pretty printing.
:- initialization(main, main).

add([], Q, Q) :- !.
add(P, [], P) :- !.
add([A|P], [B|Q], [C|R]) :- C is A + B, add(P, Q, R).

scale(_, [], []).
scale(K, [A|P], [B|Q]) :- B is K * A, scale(K, P, Q).

mul([], _, []).
mul([A|P], Q, R) :- scale(A, Q, AQ), mul(P, Q, PQ), add(AQ, [0|PQ], R).

horner(P, X, V) :- reverse(P, R), foldl([C, A0, A]>>(A is A0 * X + C), R, 0, V).

deriv([], []).
deriv([_|P], D) :- deriv(P, 1, D).
deriv([], _, []).
deriv([A|P], K, [B|D]) :- B is A * K, K1 is K + 1, deriv(P, K1, D).

show(P) :-
    findall(T, ( nth0(I, P, C), C =\= 0, term(C, I, T) ), Ts0), reverse(Ts0, Ts),
    ( Ts == [] -> writeln(0) ; atomic_list_concat(Ts, ' + ', S), writeln(S) ).
term(C, 0, T) :- !, format(atom(T), "~w", [C]).
term(C, 1, T) :- !, format(atom(T), "~wx", [C]).
term(C, I, T) :- format(atom(T), "~wx^~w", [C, I]).

main :-
    P = [1, 2, 3], Q = [0, 1],
    add(P, Q, S), show(S),
    mul(P, Q, M), show(M),
    mul([1, 1], [1, 1], Sq), mul(Sq, [1, 1], Cube), show(Cube),
    horner(Cube, 2, V), format("(x+1)^3 at 2 = ~w~n", [V]),
    deriv(Cube, D), show(D),
    foldl([_, A0, A]>>mul(A0, [1, 1], A), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [1], B10), show(B10),
    horner(B10, 1, S10), format("sum of coefficients ~w~n", [S10]).
