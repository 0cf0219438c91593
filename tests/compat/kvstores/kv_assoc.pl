:- module(kv_assoc, [new/1, put/4, get/3, to_list/2]).
:- use_module(library(assoc)).

new(S) :- empty_assoc(S).
put(K, V, S0, S) :- put_assoc(K, S0, V, S).
get(K, S, V) :- get_assoc(K, S, V).
to_list(S, L) :- assoc_to_list(S, L).
