% library(solution_sequences) additions: reduced/1,3, order_by/2, group_by/4.
% Run under knightlog and SWI-Prolog.
:- use_module(library(plunit)).
:- use_module(library(solution_sequences)).

p(1, b). p(2, a). p(3, b). p(1, a).

:- begin_tests(solution_sequences_extra).
test(reduced1, all(X == [a, b])) :- reduced(member(X, [a, b, a])).
test(reduced3, all(X-Y == [a-1, b-2])) :- reduced(X, member(X-Y, [a-1, b-2, a-3]), []).
test(reduced_limit1, all(X == [a, b, a, c, a, b, d, a, b, c])) :-
    reduced(X, member(X, [a, b, a, c, a, b, d, a, b, c]), [size_limit(1)]).
test(reduced_limit2, all(X == [a, b, c, a, b, d, a, b, c])) :-
    reduced(X, member(X, [a, b, a, c, a, b, d, a, b, c]), [size_limit(2)]).
test(reduced_limit3, all(X == [a, b, c, d, a, b, c])) :-
    reduced(X, member(X, [a, b, a, c, a, b, d, a, b, c]), [size_limit(3)]).
test(reduced_unknown_option, all(X == [a, b])) :- reduced(X, member(X, [a, b, a]), [foo]).
test(reduced_variants, all(X = [f(_), g])) :- reduced(X, member(X, [f(_), f(_), g]), []).
test(order_asc, all(X-Y == [1-b, 1-a, 2-a, 3-b])) :- order_by([asc(X)], p(X, Y)).
test(order_desc, all(X-Y == [3-b, 2-a, 1-b, 1-a])) :- order_by([desc(X)], p(X, Y)).
test(order_two, all(X-Y == [2-a, 1-a, 3-b, 1-b])) :- order_by([asc(Y), desc(X)], p(X, Y)).
test(order_empty_goal, fail) :- order_by([asc(X)], member(X, [])).
test(order_empty_spec, error(domain_error(non_empty_list, []))) :- order_by([], p(_, _)).
test(order_not_list, error(type_error(list, foo))) :- order_by(foo, p(_, _)).
test(order_bad_spec, error(domain_error(order_specifier, foo(_)))) :- order_by([foo(X)], p(X, _)).
test(order_unbound_spec, error(instantiation_error)) :- order_by(_, p(_, _)).
test(order_unbound_element, error(instantiation_error)) :- order_by([_], p(_, _)).
test(group_by, all(Y-B == [a-[2, 1], b-[1, 3]])) :- group_by(Y, X, p(X, Y), B).
test(group_by_template, all(Y-B == [a-[2-k, 1-k], b-[1-k, 3-k]])) :- group_by(Y, X-Z, (p(X, Y), Z = k), B).
test(group_by_empty, fail) :- group_by(Y, X, member(X-Y, []), _).
test(group_by_all_existential, all(B == [[1, 2, 3, 1]])) :- group_by(none, X, p(X, _), B).
:- end_tests(solution_sequences_extra).
