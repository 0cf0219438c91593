/*  nrev.pl -- naive reverse: the classic LIPS benchmark (Warren 1977).
    Reverses a 30-element list 30,000 times (496 logical inferences each).
    Result: the reversed list, 30 down to 1.
*/

bench(R) :-
    numlist(1, 30, L),
    nrev_loop(30000, L, R).

nrev_loop(0, _, []) :- !.
nrev_loop(1, L, R) :- !, nrev(L, R).
nrev_loop(N, L, R) :-
    nrev(L, _),
    N1 is N - 1,
    nrev_loop(N1, L, R).

nrev([], []).
nrev([H|T], R) :-
    nrev(T, RT),
    app(RT, [H], R).

app([], L, L).
app([H|T], L, [H|R]) :-
    app(T, L, R).

expected(R) :- numlist(1, 30, L), reverse(L, R).
