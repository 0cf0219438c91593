% ordsets.pl -- library(ordsets): sets as sorted lists without duplicates.
:- module(ordsets, [
    is_ordset/1,
    list_to_ord_set/2,
    ord_empty/1,
    ord_memberchk/2,
    ord_add_element/3,
    ord_del_element/3,
    ord_insert/3,
    ord_union/3,
    ord_union/2,
    ord_subtract/3,
    ord_intersection/3,
    ord_subset/2,
    ord_disjoint/2,
    ord_intersect/2,
    ord_symdiff/3,
    ord_selectchk/3,
    ord_intersect/3,
    ord_intersection/4,
    ord_union/4,
    ord_seteq/2,
    ord_intersection/2
]).


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

:- '$doc'("ord_selectchk(+Item, ?Set1, ?Set2)", "Set2 is the ordered set Set1 without Item; fails if Item is not in Set1.").
ord_selectchk(Item, Set1, Set2) :-
    var(Set1),
    !,
    '$ord_put_new'(Set2, Item, Set1).
ord_selectchk(Item, [X|Set], Set2) :-
    compare(O, Item, X),
    '$ord_selectchk'(O, Item, X, Set, Set2).
% Set1 unbound: insert Item, which must not be in Set2.
'$ord_put_new'([], Item, [Item]).
'$ord_put_new'([X|Xs], Item, Set) :-
    compare(O, Item, X),
    '$ord_put_new'(O, X, Xs, Item, Set).
'$ord_put_new'(<, X, Xs, Item, [Item, X|Xs]).
'$ord_put_new'(>, X, Xs, Item, [X|Set]) :- '$ord_put_new'(Xs, Item, Set).
'$ord_selectchk'(=, _, _, Set, Set).
'$ord_selectchk'(>, Item, X, Set, [X|Set2]) :- ord_selectchk(Item, Set, Set2).

:- '$doc'("ord_intersect(+Set1, +Set2, -Intersection)", "Same as ord_intersection/3 (deprecated name).").
ord_intersect(Set1, Set2, Intersection) :- ord_intersection(Set1, Set2, Intersection).

:- '$doc'("ord_intersection(+Set1, +Set2, ?Intersection, ?Difference)", "Intersection is Set1 and Set2's common part, Difference the elements of Set2 not in Set1.").
ord_intersection(Set1, Set2, Intersection, Difference) :-
    '$ord_int_diff'(Set1, Set2, Intersection, Difference).
'$ord_int_diff'([], Set2, [], Set2) :- !.
'$ord_int_diff'(_, [], [], []) :- !.
'$ord_int_diff'([A|As], [B|Bs], I, D) :-
    compare(O, A, B),
    '$ord_int_diff'(O, A, As, B, Bs, I, D).
'$ord_int_diff'(<, _, As, B, Bs, I, D) :- '$ord_int_diff'(As, [B|Bs], I, D).
'$ord_int_diff'(=, A, As, _, Bs, [A|I], D) :- '$ord_int_diff'(As, Bs, I, D).
'$ord_int_diff'(>, A, As, B, Bs, I, [B|D]) :- '$ord_int_diff'([A|As], Bs, I, D).

:- '$doc'("ord_union(+Set1, +Set2, ?Union, ?New)", "Union is the union of Set1 and Set2; New holds the elements of Set2 that are not in Set1.").
ord_union(Set1, Set2, Union, New) :-
    '$ord_union_new'(Set1, Set2, Union, New).
'$ord_union_new'([], Set2, Set2, Set2) :- !.
'$ord_union_new'(Set1, [], Set1, []) :- !.
'$ord_union_new'([A|As], [B|Bs], U, N) :-
    compare(O, A, B),
    '$ord_union_new'(O, A, As, B, Bs, U, N).
'$ord_union_new'(<, A, As, B, Bs, [A|U], N) :- '$ord_union_new'(As, [B|Bs], U, N).
'$ord_union_new'(=, A, As, _, Bs, [A|U], N) :- '$ord_union_new'(As, Bs, U, N).
'$ord_union_new'(>, A, As, B, Bs, [B|U], [B|N]) :- '$ord_union_new'([A|As], Bs, U, N).

:- '$doc'("ord_seteq(+Set1, +Set2)", "True if the ordered sets Set1 and Set2 are equal.").
ord_seteq(Set1, Set2) :- Set1 == Set2.

:- '$doc'("ord_intersection(+PowerSet, -Intersection)", "Intersection is the intersection of all the ordered sets in the non-empty list PowerSet.").
ord_intersection([S|Ss], Intersection) :- '$ord_int_all'(Ss, S, Intersection).
'$ord_int_all'([], I, I).
'$ord_int_all'([S|Ss], I0, I) :- ord_intersection(I0, S, I1), '$ord_int_all'(Ss, I1, I).
