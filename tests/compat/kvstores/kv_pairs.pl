:- module(kv_pairs, [new/1, put/4, get/3, to_list/2]).

new([]).
put(K, V, [], [K-V]).
put(K, V, [K0-V0|T], S) :-
    compare(O, K, K0),
    (   O == (<) -> S = [K-V, K0-V0|T]
    ;   O == (=) -> S = [K-V|T]
    ;   S = [K0-V0|S1], put(K, V, T, S1)
    ).
get(K, S, V) :- memberchk(K-V, S).
to_list(S, S).
