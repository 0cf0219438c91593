% library(lists) additions: prefix/2. Run under knightlog and SWI-Prolog.
:- use_module(library(plunit)).
:- use_module(library(lists)).

:- begin_tests(lists_extra).
test(prefix_enum, all(P == [[], [a], [a, b]])) :- prefix(P, [a, b]).
test(prefix_check, [true]) :- prefix([a], [a, b]).
test(prefix_not, fail) :- prefix([b], [a, b]).
test(prefix_empty, [true]) :- prefix([], []).
test(prefix_longer, fail) :- prefix([a, b, c], [a, b]).
test(prefix_open_whole, [W = [a, b|_]]) :- prefix([a, b], W).
test(prefix_partial, [X == b]) :- prefix([a, X], [a, b, c]).
:- end_tests(lists_extra).
