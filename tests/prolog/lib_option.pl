% library(option): option/2,3, select_option/3,4, merge_options/3, meta_options/3.
:- use_module(library(plunit)).
:- use_module(library(option)).

is_meta(a).

:- begin_tests(option).
test(first, X == 2) :- option(a(X), [b(1), a(2), a(3)]).
test(eq, X == 2) :- option(a(X), [b=1, a=2]).
test(prefers_compound, X == 2) :- option(a(X), [a=1, a(2)]).
test(missing, fail) :- option(a(_), [b(1)]).
test(commit, fail) :- option(a(1), [a(2), a(1)]).
test(det, all(X == [1])) :- option(a(X), [a(1), a(2)]).
test(arity2, [X, Y] == [1, 2]) :- option(a(X, Y), [a(1, 2)]).
test(atom) :- option(a, [a]).
test(skip_junk, X == 1) :- option(a(X), [foo, a(1)]).
test(default, X == def) :- option(a(X), [b(1)], def).
test(default_found, X == 1) :- option(a(X), [a(1)], def).
test(default_eq, X == 1) :- option(a(X), [a=1], def).
test(unbound_opt, error(instantiation_error)) :- option(_, [a(1)]).
test(default_not_list, error(type_error(list, foo))) :- option(a(_), foo, d).
:- end_tests(option).

:- begin_tests(select_option).
test(first, [X, R] == [2, [b(1), a(3)]]) :- select_option(a(X), [b(1), a(2), a(3)], R).
test(prefers_compound, [X, R] == [3, [b(1), a=2]]) :- select_option(a(X), [b(1), a=2, a(3)], R).
test(eq, [X, R] == [2, [b(1)]]) :- select_option(a(X), [b(1), a=2], R).
test(missing, fail) :- select_option(a(_), [b(1)], _).
test(commit, fail) :- select_option(a(1), [a(2), a(1)], _).
test(default, [X, R] == [def, [b(1)]]) :- select_option(a(X), [b(1)], R, def).
test(default_found, [X, R] == [1, [b(1)]]) :- select_option(a(X), [a(1), b(1)], R, def).
test(atom, R == [b(2)]) :- select_option(a, [a, b(2)], R).
test(partial, X == 2) :- select_option(a(X), [a(2)|T], R), R == T.
test(not_list, fail) :- select_option(a(_), foo, _).
test(unbound, error(instantiation_error)) :- select_option(_, [a(2)], _).
:- end_tests(select_option).

:- begin_tests(merge_options).
test(merge, M == [a(1), b(2), c(3), d(4)]) :- merge_options([a(1), c(3)], [b(2), a(0), d=4], M).
test(eq, M == [a(1), b(2), c(3)]) :- merge_options([a=1, c(3)], [b(2), a(0)], M).
test(old_empty, M == [z(1), a(1)]) :- merge_options([z(1), a(1)], [], M).
test(new_empty, M == [b(1), a(1)]) :- merge_options([], [b(1), a(1)], M).
test(sorted, M == [a(1), b(1), b(2), c(1)]) :- merge_options([c(1)], [b(2), a(1), b(1)], M).
test(dup_new, M == [a(1), a(2)]) :- merge_options([a(1), a(2)], [a(3)], M).
test(dup_old, M == [a(1), a(4)]) :- merge_options([a(1)], [a(3), a(4)], M).
test(arity2, M == [a(1), f(1, 2)]) :- merge_options([f(1, 2)], [f(3, 4), a(1)], M).
test(atoms, M == [a, b(1), c]) :- merge_options([b(1), a], [c], M).
test(not_list, error(type_error(list, x))) :- merge_options(x, [a(1)], _).
:- end_tests(merge_options).

:- begin_tests(meta_options).
test(qualify, L == [a(m:foo), b(x), a(m:bar), a(n:baz)]) :-
    meta_options(is_meta, m:[a(foo), b(x), a(bar), a(n:baz)], L).
test(eq, L == [a=m:foo, b(x)]) :- meta_options(is_meta, m:[a=foo, b(x)], L).
test(atoms, L == [c, a]) :- meta_options(is_meta, m:[c, a], L).
:- end_tests(meta_options).

:- begin_tests(dict_options).
test(to_options, [O == [a(1), b(x)]]) :- dict_options(_{b: x, a: 1}, O).
test(tagged, [O == [a(1)]]) :- dict_options(t{a: 1}, O).
test(to_dict, [Ps == [a-1, b-2, c-3]]) :-
    dict_options(D, [c(3), b=2, a(1), a(4)]), dict_pairs(D, _, Ps).
test(not_an_option, [error(domain_error(option, foo))]) :- dict_options(_, [foo]).
test(not_a_list, [error(type_error(list, x))]) :- dict_options(_, x).
:- end_tests(dict_options).
