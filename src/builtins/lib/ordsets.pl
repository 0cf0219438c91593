% ordsets.pl -- library(ordsets): sets as sorted lists without duplicates.

:- '$doc'("is_ordset(@Term)", "True if Term is a proper list in strict standard order, so without duplicates.").
is_ordset(Term) :- is_list(Term), '$is_ordset'(Term).
'$is_ordset'([]).
'$is_ordset'([H|T]) :- '$is_ordset'(T, H).
'$is_ordset'([], _).
'$is_ordset'([H|T], P) :- P @< H, '$is_ordset'(T, H).

:- '$doc'("list_to_ord_set(+List, -OrdSet)", "OrdSet is List sorted into standard order with duplicates removed.").
list_to_ord_set(List, Set) :- sort(List, Set).
:- '$doc'("ord_empty(?List)", "True if List is the empty ordered set [].").
ord_empty([]).

:- '$doc'("ord_memberchk(+Elem, +OrdSet)", "True if Elem is (==) an element of the ordered set OrdSet.").
ord_memberchk(X, [Y|Ys]) :-
    compare(O, X, Y),
    (   O == (=) -> true
    ;   O == (>) -> ord_memberchk(X, Ys)
    ).

:- '$doc'("ord_add_element(+Set1, +Elem, -Set2)", "Set2 is the ordered set Set1 with Elem added.").
ord_add_element(Set, E, Set2) :- ord_union(Set, [E], Set2).
:- '$doc'("ord_del_element(+Set, +Elem, -NewSet)", "NewSet is the ordered set Set without Elem.").
ord_del_element(Set, E, Set2) :- ord_subtract(Set, [E], Set2).
:- '$doc'("ord_insert(+Set1, +Elem, -Set2)", "Old name of ord_add_element/3: Set2 is Set1 with Elem added.").
ord_insert(Set, E, Set2) :- ord_union(Set, [E], Set2).

:- '$doc'("ord_union(+Set1, +Set2, -Union)", "Union is the ordered set of elements in Set1 or Set2.").
ord_union([], B, B) :- !.
ord_union(A, [], A) :- !.
ord_union([A|As], [B|Bs], U) :-
    compare(O, A, B),
    '$ord_union'(O, A, As, B, Bs, U).
'$ord_union'(<, A, As, B, Bs, [A|U]) :- ord_union(As, [B|Bs], U).
'$ord_union'(=, A, As, _, Bs, [A|U]) :- ord_union(As, Bs, U).
'$ord_union'(>, A, As, B, Bs, [B|U]) :- ord_union([A|As], Bs, U).

:- '$doc'("ord_union(+SetOfSets, -Set)", "Set is the union of the ordered sets in the list SetOfSets.").
ord_union(Sets, Set) :- '$ord_union_all'(Sets, [], Set).
'$ord_union_all'([], S, S).
'$ord_union_all'([S|Ss], S0, U) :- ord_union(S0, S, S1), '$ord_union_all'(Ss, S1, U).

:- '$doc'("ord_subtract(+InOSet, +NotInOSet, -Diff)", "Diff is the ordered set of elements of InOSet not in NotInOSet.").
ord_subtract([], _, []) :- !.
ord_subtract(A, [], A) :- !.
ord_subtract([A|As], [B|Bs], D) :-
    compare(O, A, B),
    '$ord_subtract'(O, A, As, B, Bs, D).
'$ord_subtract'(<, A, As, B, Bs, [A|D]) :- ord_subtract(As, [B|Bs], D).
'$ord_subtract'(=, _, As, _, Bs, D) :- ord_subtract(As, Bs, D).
'$ord_subtract'(>, A, As, _, Bs, D) :- ord_subtract([A|As], Bs, D).

:- '$doc'("ord_intersection(+Set1, +Set2, -Intersection)", "Intersection is the ordered set of elements in both Set1 and Set2.").
ord_intersection([], _, []) :- !.
ord_intersection(_, [], []) :- !.
ord_intersection([A|As], [B|Bs], I) :-
    compare(O, A, B),
    '$ord_intersection'(O, A, As, B, Bs, I).
'$ord_intersection'(<, _, As, B, Bs, I) :- ord_intersection(As, [B|Bs], I).
'$ord_intersection'(=, A, As, _, Bs, [A|I]) :- ord_intersection(As, Bs, I).
'$ord_intersection'(>, A, As, _, Bs, I) :- ord_intersection([A|As], Bs, I).

:- '$doc'("ord_subset(+Sub, +Set)", "True if every element of ordered set Sub is in ordered set Set.").
ord_subset(A, B) :- ord_subtract(A, B, []).
:- '$doc'("ord_disjoint(+Set1, +Set2)", "True if the ordered sets Set1 and Set2 have no element in common.").
ord_disjoint(A, B) :- ord_intersection(A, B, []).
:- '$doc'("ord_intersect(+Set1, +Set2)", "True if the ordered sets Set1 and Set2 share at least one element.").
ord_intersect(A, B) :- \+ ord_disjoint(A, B).

:- '$doc'("ord_symdiff(+Set1, +Set2, -Difference)", "Difference is the ordered set of elements in exactly one of Set1 and Set2.").
ord_symdiff([], S, S) :- !.
ord_symdiff(S, [], S) :- !.
ord_symdiff([H1|T1], [H2|T2], D) :-
    compare(O, H1, H2),
    '$ord_symdiff'(O, H1, T1, H2, T2, D).
'$ord_symdiff'(<, H1, T1, H2, T2, [H1|D]) :- ord_symdiff(T1, [H2|T2], D).
'$ord_symdiff'(=, _, T1, _, T2, D) :- ord_symdiff(T1, T2, D).
'$ord_symdiff'(>, H1, T1, H2, T2, [H2|D]) :- ord_symdiff([H1|T1], T2, D).
