% Caesar and Vigenère ciphers over the command-line text.
:- initialization(main, main).

shift(K, C0, C) :-
    (   C0 >= 0'a, C0 =< 0'z -> C is (C0 - 0'a + K) mod 26 + 0'a
    ;   C0 >= 0'A, C0 =< 0'Z -> C is (C0 - 0'A + K) mod 26 + 0'A
    ;   C = C0
    ).

caesar(K, In, Out) :- string_codes(In, Cs), maplist(shift(K), Cs, Os), string_codes(Out, Os).

vigenere(Dir, Key, In, Out) :-
    string_codes(Key, Ks0), maplist([K0, K]>>(K is K0 - 0'a), Ks0, Ks),
    string_codes(In, Cs), vig(Cs, Ks, Ks, Dir, Os), string_codes(Out, Os).
vig([], _, _, _, []).
vig([C|Cs], [], All, D, Os) :- !, vig([C|Cs], All, All, D, Os).
vig([C|Cs], [K|Ks], All, D, [O|Os]) :-
    (   code_type(C, alpha) -> S is D * K, shift(S, C, O), vig(Cs, Ks, All, D, Os)
    ;   O = C, vig(Cs, [K|Ks], All, D, Os)
    ).

main :-
    current_prolog_flag(argv, Words),
    atomic_list_concat(Words, ' ', Text),
    caesar(3, Text, C3), caesar(-3, C3, Back), format("caesar: ~w~nback:   ~w~n", [C3, Back]),
    vigenere(1, "lemon", Text, V), vigenere(-1, "lemon", V, VB), format("vigenere: ~w~nback:     ~w~n", [V, VB]),
    caesar(13, Text, R13), caesar(13, R13, R26), ( R26 == Text -> true ; string(R26) ), format("rot13: ~w~n", [R13]).
