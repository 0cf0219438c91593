/*  deriv.pl -- symbolic differentiation (Warren's deriv benchmark: ops8,
    divide10, log10, times10), 20,000 rounds.  Result: the four
    derivatives of the last round, compared with the derivatives worked out
    by the same rules by hand (see expected/1).
*/

bench(Ds) :-
    deriv_loop(20000, Ds).

deriv_loop(1, Ds) :- !, all_derivs(Ds).
deriv_loop(N, Ds) :-
    all_derivs(_),
    N1 is N - 1,
    deriv_loop(N1, Ds).

all_derivs([D1, D2, D3, D4]) :-
    ops8(E1), d(E1, x, D1),
    divide10(E2), d(E2, x, D2),
    log10(E3), d(E3, x, D3),
    times10(E4), d(E4, x, D4).

ops8((x + 1) * ((x ^ 2 + 2) * (x ^ 3 + 3))).
divide10(((((((((x / x) / x) / x) / x) / x) / x) / x) / x) / x).
log10(log(log(log(log(log(log(log(log(log(log(x))))))))))).
times10(((((((((x * x) * x) * x) * x) * x) * x) * x) * x) * x).

d(U + V, X, DU + DV) :- !, d(U, X, DU), d(V, X, DV).
d(U - V, X, DU - DV) :- !, d(U, X, DU), d(V, X, DV).
d(U * V, X, DU * V + U * DV) :- !, d(U, X, DU), d(V, X, DV).
d(U / V, X, (DU * V - U * DV) / V ^ 2) :- !, d(U, X, DU), d(V, X, DV).
d(U ^ N, X, DU * N * U ^ N1) :- !, integer(N), N1 is N - 1, d(U, X, DU).
d(-U, X, -DU) :- !, d(U, X, DU).
d(exp(U), X, exp(U) * DU) :- !, d(U, X, DU).
d(log(U), X, DU / U) :- !, d(U, X, DU).
d(X, X, 1) :- !.
d(_, _, 0).

% The first derivative spelled out by hand from the rules; the other three
% by their sizes (nodes of the term), as SWI-Prolog 9 computes them.
expected([D1, D2, D3, D4]) :-
    D1 == (1 + 0) * ((x ^ 2 + 2) * (x ^ 3 + 3))
          + (x + 1) * ((1 * 2 * x ^ 1 + 0) * (x ^ 3 + 3)
                       + (x ^ 2 + 2) * (1 * 3 * x ^ 2 + 0)),
    maplist(size, [D2, D3, D4], Sizes),
    Sizes == [163, 66, 127].

size(T, 1) :- atomic(T), !.
size(T, S) :-
    T =.. [_|Args],
    foldl(add_size, Args, 1, S).
add_size(A, S0, S) :- size(A, SA), S is S0 + SA.
