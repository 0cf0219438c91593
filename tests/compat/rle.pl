% Run-length encoding of strings and lists, both directions, with DCGs.
:- initialization(main, main).

encode([], []).
encode([X|Xs], [N-X|R]) :- take_same(X, Xs, 1, N, Rest), encode(Rest, R).
take_same(X, [Y|Ys], N0, N, Rest) :- X == Y, !, N1 is N0 + 1, take_same(X, Ys, N1, N, Rest).
take_same(_, Rest, N, N, Rest).

decode([], []).
decode([N-X|R], L) :- length(P, N), maplist(=(X), P), decode(R, L1), append(P, L1, L).

rle_text([]) --> [].
rle_text([N-C|Ps]) --> { N > 1 }, !, { number_codes(N, Ds) }, Ds, [C], rle_text(Ps) .
rle_text([1-C|Ps]) --> [C], rle_text(Ps).

main :-
    forall(member(S, ["aaabccddddde", "abc", "", "zzzzzzzzzzzz"]),
           ( string_codes(S, Cs), encode(Cs, E),
             phrase(rle_text(E), Out), atom_codes(A, Out),
             decode(E, D), string_codes(Back, D),
             format("~w -> ~w -> ~w~n", [S, A, Back]) )),
    encode([a, a, b, c, c, c], E2), print(E2), nl,
    msort([c, a, b, a], M), encode(M, E3), print(E3), nl.
