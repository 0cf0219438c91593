% library(sort): predsort/3 and locale_sort/2, written for knightlog.
%
% predsort/3 is the one of library(lists) (knightlog keeps it there too).
% locale_sort/2 orders text by character code, which is the collation of
% the C and C.UTF-8 locales; knightlog does not read other locales.

:- module(sort,
          [ predsort/3,
            locale_sort/2
          ]).

:- use_module(library(lists), []).  % loaded before lists:predsort/3 is called

:- meta_predicate predsort(3, +, -).

%!  predsort(:Pred, +List, -Sorted) is semidet.
%   Sort List with call(Pred, Order, A, B); elements for which Order is =
%   are kept once.
predsort(Pred, List, Sorted) :-
    lists:predsort(Pred, List, Sorted).

%!  locale_sort(+List, -Sorted) is det.
%   Sort a list of atoms and strings on their text, keeping duplicates.
locale_sort(List, Sorted) :-
    locale_keys(List, Keyed),
    keysort(Keyed, SortedKeyed),
    locale_values(SortedKeyed, Sorted).

locale_keys([], []).
locale_keys([E|Es], [K-E|Ks]) :-
    locale_key(E, K),
    locale_keys(Es, Ks).

locale_key(E, K) :-
    (   var(E)
    ->  throw(error(instantiation_error, context(locale_sort/2, _)))
    ;   atom(E)
    ->  atom_codes(E, K)
    ;   string(E)
    ->  string_codes(E, K)
    ;   throw(error(type_error(atom, E), context(locale_sort/2, _)))
    ).

locale_values([], []).
locale_values([_-V|KVs], [V|Vs]) :-
    locale_values(KVs, Vs).
