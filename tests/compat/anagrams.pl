% Grouping words into anagram classes with map_list_to_pairs and
% group_pairs_by_key.
:- initialization(main, main).

words([listen, silent, enlist, google, elgoog, inlets, banana, tinsel, act, cat, tac, dog]).

key(W, K) :- atom_chars(W, Cs), msort(Cs, S), atom_chars(K, S).

main :-
    words(Ws),
    map_list_to_pairs(key, Ws, Pairs),
    keysort(Pairs, Sorted),
    group_pairs_by_key(Sorted, Groups),
    include([_-G]>>(G = [_, _|_]), Groups, Multi),
    forall(member(K-G, Multi), ( length(G, N), format("~w (~d): ~w~n", [K, N, G]) )),
    pairs_values(Groups, Vs), max_member(Largest, Vs), format("largest class (standard order): ~w~n", [Largest]),
    aggregate_all(max(N, K), (member(K-G, Groups), length(G, N)), max(MN, MK)), format("~w has ~d~n", [MK, MN]).
