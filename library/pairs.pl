% pairs.pl -- library(pairs): Key-Value pair lists, written for knightlog.
:- module(pairs, [
    pairs_keys_values/3,
    pairs_keys/2,
    pairs_values/2,
    group_pairs_by_key/2,
    transpose_pairs/2,
    map_list_to_pairs/3
]).


:- '$doc'("pairs_keys_values(?Pairs, ?Keys, ?Values)", "Pairs is the Key-Value list made by zipping Keys with Values.").
pairs_keys_values([], [], []).
pairs_keys_values([K-V|T], [K|Ks], [V|Vs]) :- pairs_keys_values(T, Ks, Vs).
:- '$doc'("pairs_keys(?Pairs, ?Keys)", "Keys is the list of keys of the Key-Value list Pairs.").
pairs_keys([], []).
pairs_keys([K-_|T], [K|Ks]) :- pairs_keys(T, Ks).
:- '$doc'("pairs_values(?Pairs, ?Values)", "Values is the list of values of the Key-Value list Pairs.").
pairs_values([], []).
pairs_values([_-V|T], [V|Vs]) :- pairs_values(T, Vs).

:- '$doc'("group_pairs_by_key(+Pairs, -Joined)", "Joined has K-Vs for each run of adjacent pairs with the same key K.").
group_pairs_by_key([], []).
group_pairs_by_key([K-V|T0], [K-[V|Vs]|T]) :-
    '$same_key'(K, T0, Vs, T1),
    group_pairs_by_key(T1, T).
'$same_key'(K0, [K-V|T0], [V|Vs], T) :- K0 == K, !, '$same_key'(K0, T0, Vs, T).
'$same_key'(_, L, [], L).

:- '$doc'("transpose_pairs(+Pairs, -Transposed)", "Transposed is the Value-Key pairs of Pairs, sorted by the new keys.").
transpose_pairs(Pairs, Transposed) :-
    '$flip_pairs'(Pairs, Flipped),
    keysort(Flipped, Transposed).
'$flip_pairs'([], []).
'$flip_pairs'([K-V|T], [V-K|R]) :- '$flip_pairs'(T, R).

:- '$doc'("map_list_to_pairs(:Function, +List, -Pairs)", "Pairs has K-E for each element E of List, where call(Function, E, K).").
map_list_to_pairs(Function, List, Pairs) :- '$map_pairs'(List, Function, Pairs).
'$map_pairs'([], _, []).
'$map_pairs'([H|T0], F, [K-H|T]) :- call(F, H, K), '$map_pairs'(T0, F, T).

:- meta_predicate map_list_to_pairs(2, ?, -).
