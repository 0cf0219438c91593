% library(sort): predsort/3 and locale_sort/2. Run under knightlog and SWI-Prolog.
:- use_module(library(plunit)).
:- use_module(library(sort)).

by_length(O, A, B) :-
    atom_length(A, LA), atom_length(B, LB),
    compare(O, LA-A, LB-B).

by_length_only(O, A, B) :-
    atom_length(A, LA), atom_length(B, LB),
    compare(O, LA, LB).

:- begin_tests(sort).
test(predsort, [L == [a, b, c]]) :- predsort(compare, [c, a, b, a], L).
test(predsort_pred, [L == [b, aa, ccc]]) :- predsort(by_length, [ccc, b, aa], L).
test(predsort_drops_equal, [L == [x, yy]]) :- predsort(by_length_only, [x, yy, z], L).
test(predsort_reverse, [L == [3, 2, 1]]) :- predsort([O, A, B]>>compare(O, B, A), [1, 3, 2], L).
test(predsort_empty, [L == []]) :- predsort(compare, [], L).
test(predsort_unbound_pred, error(instantiation_error)) :- predsort(_, [b, a], _).
test(locale_sort, [L == ['A', 'B', a, b, "c", e]]) :- locale_sort([b, 'B', a, 'A', "c", e], L).
test(locale_sort_dups, [L == [a, b, b, "b"]]) :- locale_sort([b, b, "b", a], L).
test(locale_sort_empty, [L == []]) :- locale_sort([], L).
test(locale_sort_not_list, fail) :- locale_sort(foo, _).
test(locale_sort_number, error(type_error(atom, 1.5))) :- locale_sort([1.5], _).
test(locale_sort_compound, error(type_error(atom, f(x)))) :- locale_sort([a, f(x)], _).
:- end_tests(sort).
