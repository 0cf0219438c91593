% lists.pl -- library(lists) as SWI-Prolog users know it (redefinable).
:- module(lists, [
    append/3,
    append/2,
    member/2,
    reverse/2,
    nth0/3,
    nth1/3,
    nth0/4,
    nth1/4,
    last/2,
    select/3,
    selectchk/3,
    select/4,
    subtract/3,
    intersection/3,
    union/3,
    delete/3,
    list_to_set/2,
    sum_list/2,
    sumlist/2,
    max_list/2,
    min_list/2,
    max_member/3,
    min_member/3,
    max_member/2,
    min_member/2,
    numlist/3,
    permutation/2,
    flatten/2,
    predsort/3,
    prefix/2,
    nextto/3,
    proper_length/2,
    subseq/3,
    clumped/2,
    is_set/1,
    subset/2,
    same_length/2,
    selectchk/4
]).


% One-line descriptions for help/1 (builtins/docs.rs) stand before each predicate.
:- '$doc'("append(?List1, ?List2, ?List1AndList2)", "List1AndList2 is List1 followed by List2; with it given, every way to split it in two.").
append([], L, L).
append([H|T], L, [H|R]) :- append(T, L, R).

:- '$doc'("append(+ListOfLists, ?List)", "List is the lists of ListOfLists, one after the other.").
append(ListOfLists, List) :- '$append_lists'(ListOfLists, List).
'$append_lists'([], []).
'$append_lists'([L|Ls], As) :- append(L, Ws, As), '$append_lists'(Ls, Ws).

% '$member'/2 (builtins/lists.rs) is SWI's member_/3 loop, done natively.
:- '$doc'("member(?Elem, ?List)", "Elem is an element of List; on backtracking, each element that unifies, in order.").
member(X, L) :- '$member'(X, L).

:- '$doc'("reverse(?List1, ?List2)", "List2 has the elements of List1 in the opposite order.").
reverse(Xs, Ys) :- '$reverse'(Xs, [], Ys).
'$reverse'([], Ys, Ys).
'$reverse'([X|Xs], Acc, Ys) :- '$reverse'(Xs, [X|Acc], Ys).

:- '$doc'("nth0(?Index, ?List, ?Elem)", "Elem is the element of List at position Index, counting from 0.").
nth0(I, L, E) :- nth0(I, L, E, _).
:- '$doc'("nth1(?Index, ?List, ?Elem)", "Elem is the element of List at position Index, counting from 1.").
nth1(I, L, E) :- nth1(I, L, E, _).
:- '$doc'("nth0(?Index, ?List, ?Elem, ?Rest)", "As nth0/3, and Rest is List with that element taken out.").
nth0(I, L, E, R) :- integer(I), !, I >= 0, '$nth_del'(I, L, E, R).
nth0(I, L, E, R) :- var(I), !, '$nth_gen'(L, E, R, 0, I).
nth0(I, _, _, _) :- throw(error(type_error(integer, I), context(nth0/4, _))).
:- '$doc'("nth1(?Index, ?List, ?Elem, ?Rest)", "As nth1/3, and Rest is List with that element taken out.").
nth1(I, L, E, R) :- integer(I), !, I >= 1, I0 is I - 1, '$nth_del'(I0, L, E, R).
nth1(I, L, E, R) :- var(I), !, '$nth_gen'(L, E, R, 1, I).
nth1(I, _, _, _) :- throw(error(type_error(integer, I), context(nth1/4, _))).
'$nth_del'(0, [E|R], E, R) :- !.
'$nth_del'(I, [H|T], E, [H|R]) :- I1 is I - 1, '$nth_del'(I1, T, E, R).
'$nth_gen'([E|R], E, R, B, B).
'$nth_gen'([H|T], E, [H|R], B0, I) :- B1 is B0 + 1, '$nth_gen'(T, E, R, B1, I).

:- '$doc'("last(?List, ?Last)", "Last is the last element of List.").
last([X|Xs], Last) :- '$last'(Xs, X, Last).
'$last'([], Last, Last).
'$last'([X|Xs], _, Last) :- '$last'(Xs, X, Last).

:- '$doc'("select(?Elem, ?List1, ?List2)", "List2 is List1 with one occurrence of Elem taken out; on backtracking, each one.").
select(X, [X|T], T).
select(X, [H|T], [H|R]) :- select(X, T, R).
:- '$doc'("selectchk(+Elem, +List, -Rest)", "As select/3, but only for the first element that unifies.").
selectchk(X, L, R) :- select(X, L, R), !.
:- '$doc'("select(?X, ?Xs, ?Y, ?Ys)", "Ys is Xs with one element X replaced by Y.").
select(X, Xs, Y, Ys) :- '$select4'(Xs, X, Y, Ys).
'$select4'([X|T], X, Y, [Y|T]).
'$select4'([H|T], X, Y, [H|T2]) :- '$select4'(T, X, Y, T2).

:- '$doc'("subtract(+Set, +Delete, -Result)", "Result is the elements of Set that are not in Delete.").
subtract([], _, []).
subtract([H|T], L, R) :- ( memberchk(H, L) -> R = R1 ; R = [H|R1] ), subtract(T, L, R1).
:- '$doc'("intersection(+Set1, +Set2, -Set3)", "Set3 holds the elements of Set1 that are also in Set2.").
intersection([], _, []).
intersection([H|T], L, R) :- ( memberchk(H, L) -> R = [H|R1] ; R = R1 ), intersection(T, L, R1).
:- '$doc'("union(+Set1, +Set2, -Set3)", "Set3 is the elements of Set1 not in Set2, followed by Set2.").
union([], L, L).
union([H|T], L, R) :- ( memberchk(H, L) -> R = R1 ; R = [H|R1] ), union(T, L, R1).
:- '$doc'("delete(+List, @Elem, -Rest)", "Rest is List without every element that unifies with Elem.").
delete([], _, []).
delete([H|T], X, R) :- ( H \= X -> R = [H|R1] ; R = R1 ), delete(T, X, R1).

% Duplicates (by ==) are removed keeping the first; O(n log n) as in SWI.
:- '$doc'("list_to_set(+List, -Set)", "Set is List without duplicates (==), keeping the first of each in its original order.").
list_to_set(List, Set) :-
    must_be(list, List),
    '$number_list'(List, 1, Numbered),
    sort(1, @=<, Numbered, ONum),
    '$remove_dup_keys'(ONum, NumSet),
    sort(2, @=<, NumSet, ONumSet),
    pairs_keys(ONumSet, Set).
'$number_list'([], _, []).
'$number_list'([H|T0], N, [H-N|T]) :- N1 is N + 1, '$number_list'(T0, N1, T).
'$remove_dup_keys'([], []).
'$remove_dup_keys'([H|T0], [H|T]) :- H = V-_, '$remove_same_key'(T0, V, T1), '$remove_dup_keys'(T1, T).
'$remove_same_key'([V1-_|T0], V, T) :- V1 == V, !, '$remove_same_key'(T0, V, T).
'$remove_same_key'(L, _, L).

:- '$doc'("sum_list(+List, -Sum)", "Sum is the sum of the numbers in List.").
sum_list(L, S) :- '$sum_list'(L, 0, S).
'$sum_list'([], S, S).
'$sum_list'([X|Xs], S0, S) :- S1 is S0 + X, '$sum_list'(Xs, S1, S).
:- '$doc'("sumlist(+List, -Sum)", "Old name of sum_list/2: Sum is the sum of the numbers in List.").
sumlist(L, S) :- sum_list(L, S).
:- '$doc'("max_list(+List, -Max)", "Max is the largest number in the non-empty List.").
max_list([H|T], M) :- '$max_list'(T, H, M).
'$max_list'([], M, M).
'$max_list'([H|T], M0, M) :- M1 is max(M0, H), '$max_list'(T, M1, M).
:- '$doc'("min_list(+List, -Min)", "Min is the smallest number in the non-empty List.").
min_list([H|T], M) :- '$min_list'(T, H, M).
'$min_list'([], M, M).
'$min_list'([H|T], M0, M) :- M1 is min(M0, H), '$min_list'(T, M1, M).
:- '$doc'("max_member(:Pred, -Max, +List)", "Max is the largest element of List, with call(Pred, X, Y) meaning X is at most Y.").
max_member(Pred, M, L) :- L = [H|T], '$max_member_p'(T, Pred, H, M).
'$max_member_p'([], _, M, M).
'$max_member_p'([H|T], P, M0, M) :- ( call(P, M0, H) -> '$max_member_p'(T, P, H, M) ; '$max_member_p'(T, P, M0, M) ).
:- '$doc'("min_member(:Pred, -Min, +List)", "Min is the smallest element of List, with call(Pred, X, Y) meaning X is at most Y.").
min_member(Pred, M, L) :- L = [H|T], '$min_member_p'(T, Pred, H, M).
'$min_member_p'([], _, M, M).
'$min_member_p'([H|T], P, M0, M) :- ( call(P, H, M0) -> '$min_member_p'(T, P, H, M) ; '$min_member_p'(T, P, M0, M) ).
:- '$doc'("max_member(-Max, +List)", "Max is the largest element of List in the standard order of terms.").
max_member(M, L) :- '$max_member'(L, M).
'$max_member'([H|T], M) :- '$max_member_'(T, H, M).
'$max_member_'([], M, M).
'$max_member_'([H|T], M0, M) :- ( H @> M0 -> '$max_member_'(T, H, M) ; '$max_member_'(T, M0, M) ).
:- '$doc'("min_member(-Min, +List)", "Min is the smallest element of List in the standard order of terms.").
min_member(M, L) :- '$min_member'(L, M).
'$min_member'([H|T], M) :- '$min_member_'(T, H, M).
'$min_member_'([], M, M).
'$min_member_'([H|T], M0, M) :- ( H @< M0 -> '$min_member_'(T, H, M) ; '$min_member_'(T, M0, M) ).

:- '$doc'("numlist(+Low, +High, -List)", "List is the integers from Low to High, in order.").
numlist(L, H, R) :- must_be(integer, L), must_be(integer, H), L =< H, '$numlist'(L, H, R).
'$numlist'(H, H, [H]) :- !.
'$numlist'(L, H, [L|T]) :- L1 is L + 1, '$numlist'(L1, H, T).

:- '$doc'("permutation(?Xs, ?Ys)", "Ys is a permutation of Xs; on backtracking, every ordering.").
permutation(Xs, Ys) :-
    '$skip_list'(Xs, XT), '$skip_list'(Ys, YT),
    (   XT == [], YT == [] -> length(Xs, N), length(Ys, N)
    ;   var(XT), YT == [] -> length(Ys, N), length(Xs, N)
    ;   XT == [], var(YT) -> length(Xs, N), length(Ys, N)
    ;   var(XT), var(YT) -> length(Xs, N), length(Ys, N)
    ;   must_be(list, Xs), must_be(list, Ys)
    ),
    '$perm'(Xs, Ys).
'$perm'([], []).
'$perm'(L, [H|T]) :- select(H, L, R), '$perm'(R, T).

:- '$doc'("flatten(+NestedList, -FlatList)", "FlatList has the non-list elements of NestedList, at any depth, in order.").
flatten(List, Flat) :- '$flatten'(List, [], Flat0), !, Flat = Flat0.
'$flatten'(Var, Tl, [Var|Tl]) :- var(Var), !.
'$flatten'([], Tl, Tl) :- !.
'$flatten'([Hd|Tl], Tail, List) :- !, '$flatten'(Hd, FlatHeadTail, List), '$flatten'(Tl, Tail, FlatHeadTail).
'$flatten'(NonList, Tl, [NonList|Tl]).


:- '$doc'("predsort(:Pred, +List, -Sorted)", "Sort List by call(Pred, Order, A, B) giving <, > or =; elements compared = are dropped.").
predsort(P, L, Sorted) :-
    length(L, N),
    (   N < 2 -> '$predsort_small'(P, L, Sorted)
    ;   '$predsort'(P, N, L, _, Sorted1), Sorted = Sorted1
    ).
'$predsort_small'(_, [], []).
'$predsort_small'(_, [X], [X]).
'$predsort'(P, 2, [X1,X2|L], L, R) :- !, call(P, Delta, X1, X2), '$sort2'(Delta, X1, X2, R).
'$predsort'(_, 1, [X|L], L, [X]) :- !.
'$predsort'(_, 0, L, L, []) :- !.
'$predsort'(P, N, L1, L3, R) :-
    N1 is N // 2, plus(N1, N2, N),
    '$predsort'(P, N1, L1, L2, R1),
    '$predsort'(P, N2, L2, L3, R2),
    '$predmerge'(P, R1, R2, R).
'$sort2'(<, X1, X2, [X1,X2]).
'$sort2'(=, X1, _, [X1]).
'$sort2'(>, X1, X2, [X2,X1]).
'$predmerge'(_, [], R, R) :- !.
'$predmerge'(_, R, [], R) :- !.
'$predmerge'(P, [H1|T1], [H2|T2], Result) :-
    call(P, Delta, H1, H2), !,
    '$predmerge_'(Delta, P, H1, H2, T1, T2, Result).
'$predmerge_'(<, P, H1, H2, T1, T2, [H1|R]) :- '$predmerge'(P, T1, [H2|T2], R).
'$predmerge_'(=, P, H1, _, T1, T2, [H1|R]) :- '$predmerge'(P, T1, T2, R).
'$predmerge_'(>, P, H1, H2, T1, T2, [H2|R]) :- '$predmerge'(P, [H1|T1], T2, R).

:- '$doc'("prefix(?Part, ?Whole)", "True if Part is a leading part of the list Whole.").
prefix([], _).
prefix([E|T0], [E|T]) :- prefix(T0, T).
:- '$doc'("nextto(?X, ?Y, ?List)", "True if Y directly follows X somewhere in List.").
nextto(X, Y, [X,Y|_]).
nextto(X, Y, [_|T]) :- nextto(X, Y, T).
:- '$doc'("proper_length(@List, -Length)", "Length is the length of List if it is a proper list; fails for partial or cyclic lists.").
proper_length(L, N) :- is_list(L), length(L, N).
:- '$doc'("subseq(?List, ?SubList, ?Complement)", "Split List into SubList and Complement, each keeping the original order.").
subseq([], [], []).
subseq([H|T], [H|S], R) :- subseq(T, S, R).
subseq([H|T], S, [H|R]) :- subseq(T, S, R).
:- '$doc'("clumped(+Items, -Pairs)", "Pairs has Item-Count for each run of equal adjacent items in Items.").
clumped([], []).
clumped([H|T0], [H-C|T]) :- '$clump'(T0, H, 1, C, T1), clumped(T1, T).
'$clump'([H|T0], E, C0, C, T) :- H == E, !, C1 is C0 + 1, '$clump'(T0, E, C1, C, T).
'$clump'(L, _, C, C, L).

:- meta_predicate predsort(3, +, -), max_member(2, -, +), min_member(2, -, +).

:- '$doc'("is_set(@Set)", "True if Set is a proper list with no two elements equal (==).").
is_set(Set) :- is_list(Set), '$no_dups'(Set).
'$no_dups'([]).
'$no_dups'([H|T]) :- \+ ( member(X, T), X == H ), '$no_dups'(T).
:- '$doc'("subset(+SubSet, +Set)", "True if every element of SubSet is in Set (by unification).").
subset([], _) :- !.
subset([E|R], Set) :- memberchk(E, Set), subset(R, Set).
:- '$doc'("same_length(?List1, ?List2)", "True if List1 and List2 have the same number of elements.").
same_length([], []).
same_length([_|T1], [_|T2]) :- same_length(T1, T2).
:- '$doc'("selectchk(?X, ?Xs, ?Y, ?Ys)", "As select/4, but only the first solution.").
selectchk(X, L, Y, L2) :- select(X, L, Y, L2), !.
