% ordsets.pl -- library(ordsets): sets as sorted lists without duplicates.

is_ordset(Term) :- is_list(Term), '$is_ordset'(Term).
'$is_ordset'([]).
'$is_ordset'([H|T]) :- '$is_ordset'(T, H).
'$is_ordset'([], _).
'$is_ordset'([H|T], P) :- P @< H, '$is_ordset'(T, H).

list_to_ord_set(List, Set) :- sort(List, Set).
ord_empty([]).

ord_memberchk(X, [Y|Ys]) :-
    compare(O, X, Y),
    (   O == (=) -> true
    ;   O == (>) -> ord_memberchk(X, Ys)
    ).

ord_add_element(Set, E, Set2) :- ord_union(Set, [E], Set2).
ord_del_element(Set, E, Set2) :- ord_subtract(Set, [E], Set2).
ord_insert(Set, E, Set2) :- ord_union(Set, [E], Set2).

ord_union([], B, B) :- !.
ord_union(A, [], A) :- !.
ord_union([A|As], [B|Bs], U) :-
    compare(O, A, B),
    '$ord_union'(O, A, As, B, Bs, U).
'$ord_union'(<, A, As, B, Bs, [A|U]) :- ord_union(As, [B|Bs], U).
'$ord_union'(=, A, As, _, Bs, [A|U]) :- ord_union(As, Bs, U).
'$ord_union'(>, A, As, B, Bs, [B|U]) :- ord_union([A|As], Bs, U).

ord_union(Sets, Set) :- '$ord_union_all'(Sets, [], Set).
'$ord_union_all'([], S, S).
'$ord_union_all'([S|Ss], S0, U) :- ord_union(S0, S, S1), '$ord_union_all'(Ss, S1, U).

ord_subtract([], _, []) :- !.
ord_subtract(A, [], A) :- !.
ord_subtract([A|As], [B|Bs], D) :-
    compare(O, A, B),
    '$ord_subtract'(O, A, As, B, Bs, D).
'$ord_subtract'(<, A, As, B, Bs, [A|D]) :- ord_subtract(As, [B|Bs], D).
'$ord_subtract'(=, _, As, _, Bs, D) :- ord_subtract(As, Bs, D).
'$ord_subtract'(>, A, As, _, Bs, D) :- ord_subtract([A|As], Bs, D).

ord_intersection([], _, []) :- !.
ord_intersection(_, [], []) :- !.
ord_intersection([A|As], [B|Bs], I) :-
    compare(O, A, B),
    '$ord_intersection'(O, A, As, B, Bs, I).
'$ord_intersection'(<, _, As, B, Bs, I) :- ord_intersection(As, [B|Bs], I).
'$ord_intersection'(=, A, As, _, Bs, [A|I]) :- ord_intersection(As, Bs, I).
'$ord_intersection'(>, A, As, _, Bs, I) :- ord_intersection([A|As], Bs, I).

ord_subset(A, B) :- ord_subtract(A, B, []).
ord_disjoint(A, B) :- ord_intersection(A, B, []).
ord_intersect(A, B) :- \+ ord_disjoint(A, B).

ord_symdiff([], S, S) :- !.
ord_symdiff(S, [], S) :- !.
ord_symdiff([H1|T1], [H2|T2], D) :-
    compare(O, H1, H2),
    '$ord_symdiff'(O, H1, T1, H2, T2, D).
'$ord_symdiff'(<, H1, T1, H2, T2, [H1|D]) :- ord_symdiff(T1, [H2|T2], D).
'$ord_symdiff'(=, _, T1, _, T2, D) :- ord_symdiff(T1, T2, D).
'$ord_symdiff'(>, H1, T1, H2, T2, [H2|D]) :- ord_symdiff([H1|T1], T2, D).
