% assoc.pl -- library(assoc): AVL trees, written for knightlog.
%
% A tree is t (empty) or t(Key, Value, Balance, Left, Right), Balance being
% < (left subtree one deeper), - (equal) or > (right one deeper): the terms
% SWI-Prolog's library builds, so printed assocs look the same.
:- module(assoc, [
    empty_assoc/1,
    get_assoc/3,
    get_assoc/5,
    is_assoc/1,
    put_assoc/4,
    del_assoc/4,
    del_min_assoc/4,
    del_max_assoc/4,
    list_to_assoc/2,
    ord_list_to_assoc/2,
    assoc_to_list/2,
    assoc_to_keys/2,
    assoc_to_values/2,
    max_assoc/3,
    min_assoc/3,
    gen_assoc/3,
    map_assoc/2,
    map_assoc/3
]).


:- '$doc'("empty_assoc(?Assoc)", "Assoc is the empty association list.").
empty_assoc(t).

:- '$doc'("get_assoc(+Key, +Assoc, -Value)", "Value is the value stored for Key in Assoc; fails if Key is absent.").
get_assoc(Key, A, Val) :-
    (   '$is_tree'(A) -> '$get'(A, Key, Val)
    ;   throw(error(type_error(assoc, A), context(get_assoc/3, _)))
    ).
'$get'(t(K, V, _, L, R), Key, Val) :-
    compare(O, Key, K),
    '$get'(O, Key, V, L, R, Val).
'$get'(=, _, V, _, _, V).
'$get'(<, Key, _, L, _, V) :- '$get'(L, Key, V).
'$get'(>, Key, _, _, R, V) :- '$get'(R, Key, V).

:- '$doc'("get_assoc(+Key, +Assoc0, ?Val0, ?Assoc, ?Val)", "Assoc is Assoc0 with the value Val0 of Key replaced by Val; fails if Key is absent.").
get_assoc(Key, A0, Val0, A, Val) :-
    (   '$is_tree'(A0) -> '$get_put'(A0, Key, Val0, A, Val)
    ;   throw(error(type_error(assoc, A0), context(get_assoc/5, _)))
    ).
'$get_put'(t(K, V, B, L, R), Key, Val0, T, Val) :-
    compare(O, Key, K),
    '$get_put'(O, K, V, B, L, R, Key, Val0, T, Val).
'$get_put'(=, K, V, B, L, R, _, V, t(K, Val, B, L, R), Val).
'$get_put'(<, K, V, B, L0, R, Key, Val0, t(K, V, B, L, R), Val) :- '$get_put'(L0, Key, Val0, L, Val).
'$get_put'(>, K, V, B, L, R0, Key, Val0, t(K, V, B, L, R), Val) :- '$get_put'(R0, Key, Val0, R, Val).


'$is_tree'(A) :- nonvar(A), ( A == t -> true ; functor(A, t, 5) ).
'$must_be_assoc'(A, PI) :-
    (   var(A) -> throw(error(instantiation_error, context(PI, _)))
    ;   '$is_tree'(A) -> true
    ;   throw(error(type_error(assoc, A), context(PI, _)))
    ).

:- '$doc'("is_assoc(+Assoc)", "Assoc is a well-formed association list (a balanced AVL tree).").
is_assoc(A) :- '$is_tree'(A), '$check'(A, _, _, _), !.
'$check'(t, none, none, 0).
'$check'(t(K, _, B, L, R), Min, Max, D) :-
    '$check'(L, Min0, Max0, DL), '$check'(R, Min1, Max1, DR),
    ( Max0 == none -> Min = K ; Max0 @< K, Min = Min0 ),
    ( Min1 == none -> Max = K ; K @< Min1, Max = Max1 ),
    compare(O, DL, DR), '$balance_of'(O, B),
    D is max(DL, DR) + 1.
'$balance_of'(<, >).
'$balance_of'(=, -).
'$balance_of'(>, <).

:- '$doc'("put_assoc(+Key, +Assoc0, +Value, -Assoc)", "Assoc is Assoc0 with Key mapped to Value, added or replacing the old value.").
put_assoc(Key, A0, Val, A) :-
    '$must_be_assoc'(A0, put_assoc/4),
    '$put'(A0, Key, Val, A, _).
'$put'(t, K, V, t(K, V, -, t, t), yes).
'$put'(t(K0, V0, B, L, R), K, V, T, Grew) :-
    compare(O, K, K0),
    '$put'(O, K0, V0, B, L, R, K, V, T, Grew).
'$put'(=, K0, _, B, L, R, _, V, t(K0, V, B, L, R), no).
'$put'(<, K0, V0, B, L, R, K, V, T, Grew) :-
    '$put'(L, K, V, L1, G),
    (   G == yes -> '$grew_left'(B, K0, V0, L1, R, T, Grew)
    ;   T = t(K0, V0, B, L1, R), Grew = no
    ).
'$put'(>, K0, V0, B, L, R, K, V, T, Grew) :-
    '$put'(R, K, V, R1, G),
    (   G == yes -> '$grew_right'(B, K0, V0, L, R1, T, Grew)
    ;   T = t(K0, V0, B, L, R1), Grew = no
    ).

'$grew_left'(-, K, V, L, R, t(K, V, <, L, R), yes).
'$grew_left'(>, K, V, L, R, t(K, V, -, L, R), no).
'$grew_left'(<, K, V, L, R, T, no) :- '$rotate_right'(K, V, L, R, T, _).
'$grew_right'(-, K, V, L, R, t(K, V, >, L, R), yes).
'$grew_right'(<, K, V, L, R, t(K, V, -, L, R), no).
'$grew_right'(>, K, V, L, R, T, no) :- '$rotate_left'(K, V, L, R, T, _).

% The left subtree is two deeper than R: rotate; Shrunk tells whether the
% result is shallower than before the imbalance arose.
% Dispatch on the child's balance first, so that the choice is made by
% first-argument indexing and leaves no choicepoint.
'$rotate_right'(K, V, L, R, T, S) :-
    arg(3, L, LB),
    '$rot_right'(LB, K, V, L, R, T, S).
'$rot_right'(<, K, V, t(LK, LV, _, LL, LR), R, t(LK, LV, -, LL, t(K, V, -, LR, R)), yes).
'$rot_right'(-, K, V, t(LK, LV, _, LL, LR), R, t(LK, LV, >, LL, t(K, V, <, LR, R)), no).
'$rot_right'(>, K, V, t(LK, LV, _, LL, t(MK, MV, MB, ML, MR)), R,
             t(MK, MV, -, t(LK, LV, B1, LL, ML), t(K, V, B2, MR, R)), yes) :-
    '$double'(MB, B1, B2).
'$rotate_left'(K, V, L, R, T, S) :-
    arg(3, R, RB),
    '$rot_left'(RB, K, V, L, R, T, S).
'$rot_left'(>, K, V, L, t(RK, RV, _, RL, RR), t(RK, RV, -, t(K, V, -, L, RL), RR), yes).
'$rot_left'(-, K, V, L, t(RK, RV, _, RL, RR), t(RK, RV, <, t(K, V, >, L, RL), RR), no).
'$rot_left'(<, K, V, L, t(RK, RV, _, t(MK, MV, MB, ML, MR), RR),
            t(MK, MV, -, t(K, V, B1, L, ML), t(RK, RV, B2, MR, RR)), yes) :-
    '$double'(MB, B1, B2).
'$double'(-, -, -).
'$double'(<, -, >).
'$double'(>, <, -).

% After the left (right) subtree became one shallower.
'$shrunk_left'(<, K, V, L, R, t(K, V, -, L, R), yes).
'$shrunk_left'(-, K, V, L, R, t(K, V, >, L, R), no).
'$shrunk_left'(>, K, V, L, R, T, S) :- '$rotate_left'(K, V, L, R, T, S).
'$shrunk_right'(>, K, V, L, R, t(K, V, -, L, R), yes).
'$shrunk_right'(-, K, V, L, R, t(K, V, <, L, R), no).
'$shrunk_right'(<, K, V, L, R, T, S) :- '$rotate_right'(K, V, L, R, T, S).

:- '$doc'("del_assoc(+Key, +Assoc0, ?Value, -Assoc)", "Assoc is Assoc0 without Key, whose value was Value.").
del_assoc(Key, A0, Val, A) :-
    '$must_be_assoc'(A0, del_assoc/4),
    '$del'(A0, Key, Val, A, _).
'$del'(t(K0, V0, B, L, R), K, V, T, Shrunk) :-
    compare(O, K, K0),
    '$del'(O, K0, V0, B, L, R, K, V, T, Shrunk).
'$del'(=, _, V0, B, L, R, _, V0, T, Shrunk) :-
    (   L == t -> T = R, Shrunk = yes
    ;   R == t -> T = L, Shrunk = yes
    ;   '$del_max'(L, MK, MV, L1, LS),
        (   LS == yes -> '$shrunk_left'(B, MK, MV, L1, R, T, Shrunk)
        ;   T = t(MK, MV, B, L1, R), Shrunk = no
        )
    ).
'$del'(<, K0, V0, B, L, R, K, V, T, Shrunk) :-
    '$del'(L, K, V, L1, S),
    (   S == yes -> '$shrunk_left'(B, K0, V0, L1, R, T, Shrunk)
    ;   T = t(K0, V0, B, L1, R), Shrunk = no
    ).
'$del'(>, K0, V0, B, L, R, K, V, T, Shrunk) :-
    '$del'(R, K, V, R1, S),
    (   S == yes -> '$shrunk_right'(B, K0, V0, L, R1, T, Shrunk)
    ;   T = t(K0, V0, B, L, R1), Shrunk = no
    ).
'$del_min'(t(K, V, B, L, R), MK, MV, T, Shrunk) :-
    (   L == t -> MK = K, MV = V, T = R, Shrunk = yes
    ;   '$del_min'(L, MK, MV, L1, S),
        (   S == yes -> '$shrunk_left'(B, K, V, L1, R, T, Shrunk)
        ;   T = t(K, V, B, L1, R), Shrunk = no
        )
    ).
'$del_max'(t(K, V, B, L, R), MK, MV, T, Shrunk) :-
    (   R == t -> MK = K, MV = V, T = L, Shrunk = yes
    ;   '$del_max'(R, MK, MV, R1, S),
        (   S == yes -> '$shrunk_right'(B, K, V, L, R1, T, Shrunk)
        ;   T = t(K, V, B, L, R1), Shrunk = no
        )
    ).
:- '$doc'("del_min_assoc(+Assoc0, ?Key, ?Val, -Assoc)", "Assoc is Assoc0 without its smallest key Key, whose value is Val.").
del_min_assoc(A0, K, V, A) :- '$must_be_assoc'(A0, del_min_assoc/4), '$del_min'(A0, K, V, A, _).
:- '$doc'("del_max_assoc(+Assoc0, ?Key, ?Val, -Assoc)", "Assoc is Assoc0 without its largest key Key, whose value is Val.").
del_max_assoc(A0, K, V, A) :- '$must_be_assoc'(A0, del_max_assoc/4), '$del_max'(A0, K, V, A, _).

:- '$doc'("list_to_assoc(+Pairs, -Assoc)", "Assoc is an AVL tree holding the Key-Value pairs of Pairs; an error if a key repeats.").
list_to_assoc(List, A) :-
    keysort(List, Sorted),
    (   '$has_dup_key'(Sorted)
    ->  throw(error(domain_error(unique_key_pairs, List), context(list_to_assoc/2, _)))
    ;   true
    ),
    length(Sorted, N),
    '$build'(N, Sorted, [], A, _).
:- '$doc'("ord_list_to_assoc(+Pairs, -Assoc)", "Assoc holds the Key-Value Pairs, which must be sorted by key without duplicates.").
ord_list_to_assoc(List, A) :-
    (   '$strictly_ordered'(List) -> true
    ;   throw(error(domain_error(unique_key_pairs, List), context(ord_list_to_assoc/2, _)))
    ),
    length(List, N),
    '$build'(N, List, [], A, _).
'$has_dup_key'([K1-_, K2-_|T]) :- ( K1 == K2 -> true ; '$has_dup_key'([K2-_|T]) ).
'$strictly_ordered'([]).
'$strictly_ordered'([_-_]) :- !.
'$strictly_ordered'([K1-_, K2-V|T]) :- K1 @< K2, '$strictly_ordered'([K2-V|T]).
% A perfectly balanced tree of the first N pairs; the left half takes the
% odd one out, as SWI-Prolog's does.
'$build'(0, L, L, t, 0) :- !.
'$build'(N, L0, L, t(K, V, B, Left, Right), D) :-
    NR is (N - 1) // 2, NL is N - 1 - NR,
    '$build'(NL, L0, [K-V|L1], Left, DL),
    '$build'(NR, L1, L, Right, DR),
    compare(O, DR, DL), '$balance_of'(O, B0), '$flip'(B0, B),
    D is DL + 1.
'$flip'(<, >).
'$flip'(-, -).
'$flip'(>, <).

:- '$doc'("assoc_to_list(+Assoc, -Pairs)", "Pairs is the list of Key-Value pairs of Assoc, ordered by key.").
assoc_to_list(A, L) :- '$must_be_assoc'(A, assoc_to_list/2), '$to_list'(A, L, []).
'$to_list'(t, L, L).
'$to_list'(t(K, V, _, Le, R), L0, L) :- '$to_list'(Le, L0, [K-V|L1]), '$to_list'(R, L1, L).
:- '$doc'("assoc_to_keys(+Assoc, -Keys)", "Keys is the ordered list of the keys of Assoc.").
assoc_to_keys(A, Ks) :- assoc_to_list(A, L), '$pair_keys'(L, Ks).
:- '$doc'("assoc_to_values(+Assoc, -Values)", "Values is the list of the values of Assoc, in the order of their keys.").
assoc_to_values(A, Vs) :- assoc_to_list(A, L), '$pair_values'(L, Vs).
'$pair_keys'([], []).
'$pair_keys'([K-_|T], [K|Ks]) :- '$pair_keys'(T, Ks).
'$pair_values'([], []).
'$pair_values'([_-V|T], [V|Vs]) :- '$pair_values'(T, Vs).

:- '$doc'("max_assoc(+Assoc, -Key, -Value)", "Key-Value is the pair with the largest key in Assoc; fails if Assoc is empty.").
max_assoc(t(K, V, _, _, R), Key, Val) :-
    (   R == t -> Key = K, Val = V ; max_assoc(R, Key, Val) ).
:- '$doc'("min_assoc(+Assoc, -Key, -Value)", "Key-Value is the pair with the smallest key in Assoc; fails if Assoc is empty.").
min_assoc(t(K, V, _, L, _), Key, Val) :-
    (   L == t -> Key = K, Val = V ; min_assoc(L, Key, Val) ).

:- '$doc'("gen_assoc(?Key, +Assoc, ?Value)", "Key-Value is a pair of Assoc; enumerates the pairs in order of key.").
gen_assoc(Key, A, Val) :- '$must_be_assoc'(A, gen_assoc/3), '$gen'(A, Key, Val).
'$gen'(t(_, _, _, L, _), K, V) :- '$gen'(L, K, V).
'$gen'(t(K, V, _, _, _), K, V).
'$gen'(t(_, _, _, _, R), K, V) :- '$gen'(R, K, V).

:- '$doc'("map_assoc(:Goal, +Assoc)", "True if call(Goal, Value) succeeds for every value in Assoc.").
map_assoc(P, A) :- '$must_be_assoc'(A, map_assoc/2), '$map'(A, P).
'$map'(t, _).
'$map'(t(_, V, _, L, R), P) :- '$map'(L, P), call(P, V), '$map'(R, P).
:- '$doc'("map_assoc(:Goal, +Assoc0, -Assoc)", "Assoc has the keys of Assoc0, each value V0 replaced by V where call(Goal, V0, V).").
map_assoc(P, A0, A) :- '$must_be_assoc'(A0, map_assoc/3), '$map'(A0, P, A).
'$map'(t, _, t).
'$map'(t(K, V, B, L0, R0), P, t(K, W, B, L, R)) :-
    '$map'(L0, P, L), call(P, V, W), '$map'(R0, P, R).

:- meta_predicate map_assoc(1, +), map_assoc(2, +, -).
