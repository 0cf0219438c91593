% gensym.pl -- library(gensym): generating unique atoms (SWI-Prolog 9's module
% `gensym`): gensym/2, reset_gensym/1, reset_gensym/0. The counter of Base
% lives in gensym:gensym_counter/2, keyed by the atom Base (so "a" and a
% share one).
%
% Written for knightlog from SWI-Prolog's documentation and observed behaviour.
% Tested by: tests/prolog/lib_gensym.pl (tests/prolog_suites.rs).

:- module(gensym,
          [ reset_gensym/0,
            reset_gensym/1,
            gensym/2
          ]).

:- dynamic gensym_counter/2.

%   gensym(+Base, -Unique): Unique is Base followed by the next number of
%   Base's counter (1 first).
gensym(Base, Unique) :-
    atom_concat(Base, '', Key),
    (   retract(gensym_counter(Key, N0))
    ->  N is N0 + 1
    ;   N = 1
    ),
    assertz(gensym_counter(Key, N)),
    atom_concat(Key, N, Atom),
    Unique = Atom.

%   reset_gensym(+Base): restart the counter of Base.
reset_gensym(Base) :-
    atom_concat(Base, '', Key),
    retractall(gensym_counter(Key, _)).

%   reset_gensym: restart every counter.
reset_gensym :-
    retractall(gensym_counter(_, _)).
