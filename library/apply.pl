% apply.pl -- library(apply): maplist/2..7, foldl/4..7, include/exclude/partition.
:- module(apply, [
    maplist/2,
    maplist/3,
    maplist/4,
    maplist/5,
    maplist/6,
    maplist/7,
    foldl/4,
    foldl/5,
    foldl/6,
    foldl/7,
    convlist/3,
    include/3,
    exclude/3,
    partition/4,
    partition/5,
    scanl/4,
    scanl/5,
    scanl/6,
    scanl/7
]).


:- '$doc'("maplist(:Goal, ?List)", "True if call(Goal, E) succeeds for every element E of List.").
maplist(_, []).
maplist(G, [A|As]) :- call(G, A), maplist(G, As).
:- '$doc'("maplist(:Goal, ?List1, ?List2)", "Call Goal on the pairs of elements of two lists of equal length, in order.").
maplist(_, [], []).
maplist(G, [A|As], [B|Bs]) :- call(G, A, B), maplist(G, As, Bs).
:- '$doc'("maplist(:Goal, ?List1, ?List2, ?List3)", "Call Goal on the corresponding elements of three lists of equal length, in order.").
maplist(_, [], [], []).
maplist(G, [A|As], [B|Bs], [C|Cs]) :- call(G, A, B, C), maplist(G, As, Bs, Cs).
:- '$doc'("maplist(:Goal, ?List1, ?List2, ?List3, ?List4)", "Call Goal on the corresponding elements of four lists of equal length, in order.").
maplist(_, [], [], [], []).
maplist(G, [A|As], [B|Bs], [C|Cs], [D|Ds]) :- call(G, A, B, C, D), maplist(G, As, Bs, Cs, Ds).
:- '$doc'("maplist(:Goal, ?List1, ?List2, ?List3, ?List4, ?List5)", "Call Goal on the corresponding elements of five lists of equal length, in order.").
maplist(_, [], [], [], [], []).
maplist(G, [A|As], [B|Bs], [C|Cs], [D|Ds], [E|Es]) :-
    call(G, A, B, C, D, E), maplist(G, As, Bs, Cs, Ds, Es).
:- '$doc'("maplist(:Goal, ?List1, ?List2, ?List3, ?List4, ?List5, ?List6)", "Call Goal on the corresponding elements of six lists of equal length, in order.").
maplist(_, [], [], [], [], [], []).
maplist(G, [A|As], [B|Bs], [C|Cs], [D|Ds], [E|Es], [F|Fs]) :-
    call(G, A, B, C, D, E, F), maplist(G, As, Bs, Cs, Ds, Es, Fs).

:- '$doc'("foldl(:Goal, ?List, +V0, -V)", "Fold List from the left: call(Goal, X, Vi, Vi1) for each element X, from V0 to V.").
foldl(G, L, V0, V) :- '$foldl'(L, G, V0, V).
'$foldl'([], _, V, V).
'$foldl'([X|Xs], G, V0, V) :- call(G, X, V0, V1), '$foldl'(Xs, G, V1, V).
:- '$doc'("foldl(:Goal, ?List1, ?List2, +V0, -V)", "As foldl/4, over two lists of equal length side by side.").
foldl(G, L1, L2, V0, V) :- '$foldl'(L1, L2, G, V0, V).
'$foldl'([], [], _, V, V).
'$foldl'([X|Xs], [Y|Ys], G, V0, V) :- call(G, X, Y, V0, V1), '$foldl'(Xs, Ys, G, V1, V).
:- '$doc'("foldl(:Goal, ?List1, ?List2, ?List3, +V0, -V)", "As foldl/4, over three lists of equal length side by side.").
foldl(G, L1, L2, L3, V0, V) :- '$foldl'(L1, L2, L3, G, V0, V).
'$foldl'([], [], [], _, V, V).
'$foldl'([X|Xs], [Y|Ys], [Z|Zs], G, V0, V) :-
    call(G, X, Y, Z, V0, V1), '$foldl'(Xs, Ys, Zs, G, V1, V).
:- '$doc'("foldl(:Goal, ?List1, ?List2, ?List3, ?List4, +V0, -V)", "As foldl/4, over four lists of equal length side by side.").
foldl(G, L1, L2, L3, L4, V0, V) :- '$foldl'(L1, L2, L3, L4, G, V0, V).
'$foldl'([], [], [], [], _, V, V).
'$foldl'([X|Xs], [Y|Ys], [Z|Zs], [W|Ws], G, V0, V) :-
    call(G, X, Y, Z, W, V0, V1), '$foldl'(Xs, Ys, Zs, Ws, G, V1, V).

:- '$doc'("convlist(:Goal, ?List1, ?List2)", "List2 holds Y for each X in List1 where call(Goal, X, Y) succeeds; elements where it fails are dropped.").
convlist(_, [], []).
convlist(G, [X|Xs], Ys) :- ( call(G, X, Y) -> Ys = [Y|Ys1] ; Ys = Ys1 ), convlist(G, Xs, Ys1).

:- '$doc'("include(:Goal, +List1, ?List2)", "List2 holds the elements of List1 for which call(Goal, X) succeeds.").
include(_, [], []).
include(P, [X|Xs], R) :- ( call(P, X) -> R = [X|R1] ; R = R1 ), include(P, Xs, R1).
:- '$doc'("exclude(:Goal, +List1, ?List2)", "List2 holds the elements of List1 for which call(Goal, X) fails.").
exclude(_, [], []).
exclude(P, [X|Xs], R) :- ( call(P, X) -> R = R1 ; R = [X|R1] ), exclude(P, Xs, R1).
:- '$doc'("partition(:Pred, +List, -Included, -Excluded)", "Split List into the elements for which call(Pred, E) succeeds and those for which it fails.").
partition(_, [], [], []).
partition(P, [H|T], I, E) :-
    (   call(P, H) -> I = [H|I1], E = E1 ; I = I1, E = [H|E1] ),
    partition(P, T, I1, E1).
:- '$doc'("partition(:Pred, +List, -Less, -Equal, -Greater)", "Split List by call(Pred, E, Diff), which gives Diff as <, = or >.").
partition(_, [], [], [], []).
partition(P, [H|T], L, E, G) :-
    call(P, H, O),
    '$partition5'(O, H, L, E, G, L1, E1, G1),
    partition(P, T, L1, E1, G1).
'$partition5'(<, H, [H|L], E, G, L, E, G).
'$partition5'(=, H, L, [H|E], G, L, E, G).
'$partition5'(>, H, L, E, [H|G], L, E, G).

:- '$doc'("scanl(:Goal, ?List, +V0, -Values)", "Values is [V0, V1, ...]: the states of foldl/4 over List, call(Goal, X, Vi, Vi1) for each element X.").
scanl(G, L, V0, [V0|Vs]) :- '$scanl'(L, G, V0, Vs).
'$scanl'([], _, _, []).
'$scanl'([X|Xs], G, V0, [V|Vs]) :- call(G, X, V0, V), '$scanl'(Xs, G, V, Vs).
:- '$doc'("scanl(:Goal, ?List1, ?List2, +V0, -Values)", "As scanl/4, over two lists of equal length side by side.").
scanl(G, L1, L2, V0, [V0|Vs]) :- '$scanl'(L1, L2, G, V0, Vs).
'$scanl'([], [], _, _, []).
'$scanl'([X|Xs], [Y|Ys], G, V0, [V|Vs]) :- call(G, X, Y, V0, V), '$scanl'(Xs, Ys, G, V, Vs).
:- '$doc'("scanl(:Goal, ?List1, ?List2, ?List3, +V0, -Values)", "As scanl/4, over three lists of equal length side by side.").
scanl(G, L1, L2, L3, V0, [V0|Vs]) :- '$scanl'(L1, L2, L3, G, V0, Vs).
'$scanl'([], [], [], _, _, []).
'$scanl'([X|Xs], [Y|Ys], [Z|Zs], G, V0, [V|Vs]) :-
    call(G, X, Y, Z, V0, V), '$scanl'(Xs, Ys, Zs, G, V, Vs).
:- '$doc'("scanl(:Goal, ?List1, ?List2, ?List3, ?List4, +V0, -Values)", "As scanl/4, over four lists of equal length side by side.").
scanl(G, L1, L2, L3, L4, V0, [V0|Vs]) :- '$scanl'(L1, L2, L3, L4, G, V0, Vs).
'$scanl'([], [], [], [], _, _, []).
'$scanl'([X|Xs], [Y|Ys], [Z|Zs], [W|Ws], G, V0, [V|Vs]) :-
    call(G, X, Y, Z, W, V0, V), '$scanl'(Xs, Ys, Zs, Ws, G, V, Vs).

:- meta_predicate
    maplist(1, ?), maplist(2, ?, ?), maplist(3, ?, ?, ?), maplist(4, ?, ?, ?, ?),
    maplist(5, ?, ?, ?, ?, ?), maplist(6, ?, ?, ?, ?, ?, ?),
    foldl(3, +, +, -), foldl(4, +, +, +, -), foldl(5, +, +, +, +, -), foldl(6, +, +, +, +, +, -),
    convlist(2, +, -), include(1, +, -), exclude(1, +, -), partition(1, +, -, -), partition(2, +, -, -, -),
    scanl(3, ?, +, -), scanl(4, ?, ?, +, -), scanl(5, ?, ?, ?, +, -), scanl(6, ?, ?, ?, ?, +, -).
