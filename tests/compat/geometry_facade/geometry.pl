% One module for the application: re-exports the shapes module whole, part
% of stats (median/2 left out), and two list predicates under names of its
% own; adds describe/1 and, at load time, a predicate built by assert.
:- module(geometry, [describe/1]).
:- reexport(shapes).
:- reexport(stats, except([median/2])).
:- reexport(library(lists), [sum_list/2 as total, max_list/2 as largest]).

describe(Shape) :-
    area(Shape, A), perimeter(Shape, P),
    format("~w: area ~2f, perimeter ~2f~n", [Shape, A, P]).

:- dynamic unit/1.
unit(cm).
:- export(unit/1).
