% A module exporting a predicate that knightlog has built in (as SWI-Prolog's
% library(backcomp) exports string_to_atom/2) without defining it.
:- module(rebuilt, [string_to_atom/2, shout/2]).

shout(A, B) :- string_to_atom(S, A), string_upper(S, U), string_to_atom(U, B).
