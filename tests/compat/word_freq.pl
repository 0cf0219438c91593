% Word frequencies of a text with library(assoc) and library(pairs).
:- use_module(library(assoc)).
:- use_module(library(pairs)).
:- initialization(main, main).

text("the quick brown fox jumps over the lazy dog the fox barks and the dog runs").

count_words(Words, Assoc) :-
    empty_assoc(A0),
    foldl(bump, Words, A0, Assoc).

bump(W, A0, A) :-
    (   get_assoc(W, A0, N0) -> N is N0 + 1 ; N = 1 ),
    put_assoc(W, A0, N, A).

main :-
    text(T),
    split_string(T, " ", "", Parts),
    maplist([S, A]>>atom_string(A, S), Parts, Words),
    count_words(Words, Assoc),
    assoc_to_list(Assoc, Pairs),
    transpose_pairs(Pairs, ByCount0),
    reverse(ByCount0, ByCount),
    forall(member(N-W, ByCount), format("~w~t~10|~d~n", [W, N])),
    assoc_to_keys(Assoc, Keys), length(Keys, K),
    format("distinct words: ~d~n", [K]),
    max_assoc(Assoc, MaxK, _), min_assoc(Assoc, MinK, _),
    format("first ~w, last ~w~n", [MinK, MaxK]).
