% library(occurs): sub_term/2, sub_var/2, contains_term/2, contains_var/2,
% free_of_term/2, free_of_var/2, occurrences_of_term/3, occurrences_of_var/3,
% sub_term_shared_variables/3.
:- use_module(library(plunit)).
:- use_module(library(occurs)).

:- begin_tests(sub_term).
test(all, L == [f(a, g(b, [c])), a, g(b, [c]), b, [c], c, []]) :-
    findall(S, sub_term(S, f(a, g(b, [c]))), L).
test(pattern, all(X == [a, b])) :- sub_term(g(X), f(g(a), h(g(b)))).
test(atomic, all(S == ["abc"])) :- sub_term(S, "abc").
test(partial_list, L == [[a|b], a, b]) :- findall(S, sub_term(S, [a|b]), L).
test(var_term, T == a) :- sub_term(a, T), !.
test(sub_var, all(x == [x, x, x])) :- sub_var(a, f(a, g(a), a)).
test(sub_var_var, all(x == [x])) :- sub_var(X, f(X, Y, g(Y))).
test(sub_var_none, fail) :- sub_var(_, f(a)).
:- end_tests(sub_term).

:- begin_tests(contains).
test(contains_term, X == b) :- contains_term(g(X), f(a, g(b), g(c))).
test(contains_term_fail, fail) :- contains_term(g(c), f(a, g(b))).
test(contains_term_once, all(x == [x])) :- contains_term(a, f(a, g(a), a)).
test(contains_var) :- contains_var(X, f(a, g(X))).
test(contains_var_fail, fail) :- contains_var(_, f(a, g(_))).
test(contains_var_once, all(x == [x])) :- contains_var(a, f(a, g(a), a)).
test(free_of_term, fail) :- free_of_term(g(_), f(a, g(b))).
test(free_of_term_ok) :- free_of_term(h(_), f(a, g(b))).
test(free_of_var) :- free_of_var(_, f(a, g(_))).
test(free_of_var_fail, fail) :- free_of_var(X, f(a, g(X))).
:- end_tests(contains).

:- begin_tests(occurrences).
test(term, N == 3) :- occurrences_of_term(a, f(a, g(a, b), [a]), N).
test(term_unify, N == 2) :- occurrences_of_term(g(_), f(g(a), g(b)), N).
test(term_any, N == 3) :- occurrences_of_term(_, f(a, b), N).
test(term_no_binding) :- occurrences_of_term(g(X), f(g(a), h), 1), var(X).
test(term_check, fail) :- occurrences_of_term(a, f(a), 2).
test(term_nonint, fail) :- occurrences_of_term(a, f(a), x).
test(var, N == 2) :- occurrences_of_var(X, f(X, g(X), _), N).
test(var_atom, N == 1) :- occurrences_of_var(a, f(a), N).
test(var_none, N == 0) :- occurrences_of_var(_, f(a, b), N).
:- end_tests(occurrences).

:- begin_tests(shared_variables).
test(one) :- sub_term_shared_variables(g(X, Y), f(X, g(X, Y), _), V), V == [X].
test(two) :- sub_term_shared_variables(g(X, Y), f(Y, X, g(X, Y)), V), V == [X, Y].
test(sub_order) :- sub_term_shared_variables(g(Y, X), f(g(Y, X), X, Y), V), V == [Y, X].
test(none) :- sub_term_shared_variables(h(_), f(X, Y, g(X, Y)), V), V == [].
test(self) :- sub_term_shared_variables(g(X), g(X), V), V == [].
test(twice) :- sub_term_shared_variables(g(X), f(g(X), g(X)), V), V == [X].
test(absent) :- sub_term_shared_variables(g(Y, X), f(X, Y), V), V == [Y, X].
test(var) :- sub_term_shared_variables(X, f(X, X), V), V == [X].
:- end_tests(shared_variables).
