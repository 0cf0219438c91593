% library(aggregate): aggregate/3,4, aggregate_all/3,4, foreach/2,
% free_variables/4. Run under knightlog and SWI-Prolog.
:- use_module(library(plunit)).
:- use_module(library(aggregate)).

p(a, 1). p(b, 3). p(a, 2). p(c, 3). p(b, 1).
q(1, x). q(2, y). q(3, x).

:- begin_tests(aggregate3).
test(count_all, [C == 5]) :- aggregate(count, K^V^p(K, V), C).
test(count_groups, all(V-C == [1-2, 2-1, 3-2])) :- aggregate(count, K^p(K, V), C).
test(count_by_key, all(K-C == [a-2, b-2, c-1])) :- aggregate(count, V^p(K, V), C).
test(count_free_vars, all(C == [1, 1, 1, 1, 1])) :- aggregate(count, p(_, _), C).
test(sum_groups, all(K-S == [a-3, b-4, c-3])) :- aggregate(sum(V), p(K, V), S).
test(sum, [S == 10]) :- aggregate(sum(V), K^p(K, V), S).
test(sum_evaluates, [S == 4]) :- aggregate(sum(X), member(X, [1+1, 2]), S).
test(sum_float, [S == 3.5]) :- aggregate(sum(X), member(X, [1, 2.5]), S).
test(max, [M == 3]) :- aggregate(max(V), K^p(K, V), M).
test(min, [M == 1]) :- aggregate(min(V), K^p(K, V), M).
test(max_mixed, [M == 2.5]) :- aggregate(max(X), member(X, [1, 2.5, 2]), M).
test(max_evaluates, [M == 2]) :- aggregate(max(X), member(X, [1+1, 2]), M).
test(max_int_float_tie, [M == 1.0]) :- aggregate(max(X), member(X, [1, 1.0]), M).
test(max_witness, [R == max(3, b)]) :- aggregate(max(V, K), p(K, V), R).
test(max_witness_caret, [R == max(3, b)]) :- aggregate(max(V, K), K^p(K, V), R).
test(min_witness, [R == min(1, a)]) :- aggregate(min(V, K), K^p(K, V), R).
test(min_witness_first_tie, [R == min(1, b)]) :- aggregate(min(X, W), member(X-W, [2-a, 1-b, 1-c]), R).
test(max_witness_first_tie, [R == max(2, a)]) :- aggregate(max(X, W), member(X-W, [2-a, 1-b, 2-c]), R).
test(max_witness_evaluates, [R == max(2, a)]) :- aggregate(max(X, W), member(X-W, [1+1-a, 2-b]), R).
test(bag, [B == [a, b, a, c, b]]) :- aggregate(bag(K), V^p(K, V), B).
test(set, [S == [a, b, c]]) :- aggregate(set(K), V^p(K, V), S).
test(set_pairs, [S == [a-1, a-2, b-1, b-3, c-3]]) :- aggregate(set(K-V), p(K, V), S).
test(bag_fresh_vars, [B = [1-_, 2-_]]) :- aggregate(bag(X-_), member(X, [1, 2]), B).
test(nested_caret, [C == 2]) :- aggregate(count, Y^Z^member(Y-Z, [1-a, 2-b]), C).
test(caret_conjunction, [C == 1]) :- aggregate(count, M^(member(M, [1, 2]), M > 1), C).
test(compound, [R == r(5, 10)]) :- aggregate(r(count, sum(V)), K^p(K, V), R).
test(compound3, [R == f(3, 1, [1, 2, 3])]) :- aggregate(f(max(X), min(X), set(X)), member(X, [3, 1, 2]), R).
test(compound_witness, [R == f(max(3, a), 2)]) :- aggregate(f(max(X, Y), count), member(X-Y, [3-a, 1-b]), R).
test(count_check, [true]) :- aggregate(count, X^member(X, [a, b]), 2).
test(count_free_var_groups, all(C == [1, 1])) :- aggregate(count, member(_, [a, b]), C).
test(count_empty, fail) :- aggregate(count, fail, _).
test(sum_empty, fail) :- aggregate(sum(X), member(X, []), _).
test(max_not_number, error(type_error(evaluable, a/0))) :- aggregate(max(X), member(X, [a, c, b]), _).
test(sum_not_number, error(type_error(evaluable, a/0))) :- aggregate(sum(X), member(X, [a]), _).
test(bad_template, error(domain_error(aggregate_template, foo))) :- aggregate(foo, p(_, _), _).
test(bad_compound_template, error(domain_error(aggregate_template, x))) :- aggregate(f(x, count), member(_, [1]), _).
test(unbound_template, error(instantiation_error)) :- aggregate(_, p(_, _), _).
test(unbound_goal, error(instantiation_error)) :- aggregate(count, _, _).
test(bad_goal, error(type_error(callable, 1))) :- aggregate(count, 1, _).
:- end_tests(aggregate3).

:- begin_tests(aggregate4).
test(count_distinct, [C == 2]) :- aggregate(count, X, member(X, [a, b, a]), C).
test(max_distinct, [M == 3]) :- aggregate(max(X), X, member(X, [2, 3, 2]), M).
test(witness_distinct, [R == max(3, b)]) :- aggregate(max(X, W), W, member(X-W, [2-a, 3-b]), R).
test(count_groups, all(C == [2, 1, 2])) :- aggregate(count, K, p(K, _), C).
test(count_caret, [C == 3]) :- aggregate(count, K, V^p(K, V), C).
test(sum_discriminator, [S == 10]) :- aggregate(sum(V), K, p(K, V), S).
test(sum_caret, [S == 10]) :- aggregate(sum(V), K, V^p(K, V), S).
test(bag, [B == [1, 2, 1, 3, 3]]) :- aggregate(bag(V), K, p(K, V), B).
test(list_discriminator, [C == 3]) :- aggregate(count, [K, Y], q(K, Y), C).
test(caret_discriminator, [C == 2]) :- aggregate(count, Y, K^q(K, Y), C).
test(empty, fail) :- aggregate(count, X, member(X, []), _).
:- end_tests(aggregate4).

:- begin_tests(aggregate_all).
test(count, [C == 5]) :- aggregate_all(count, p(_, _), C).
test(count_empty, [C == 0]) :- aggregate_all(count, fail, C).
test(sum_empty, [S == 0]) :- aggregate_all(sum(X), member(X, []), S).
test(sum_evaluates, [S == 4]) :- aggregate_all(sum(X), member(X, [1+1, 2]), S).
test(max_empty, fail) :- aggregate_all(max(X), member(X, []), _).
test(max_float, [M == 3.0]) :- aggregate_all(max(X), member(X, [2, 3.0, 1]), M).
test(min_tie, [M == 1.0]) :- aggregate_all(min(X), member(X, [1.0, 1]), M).
test(max_witness_first_tie, [R == max(3, b)]) :- aggregate_all(max(X, Y), member(X-Y, [1-a, 3-b, 3-c]), R).
test(max_witness_empty, fail) :- aggregate_all(max(X, Y), member(X-Y, []), _).
test(max_witness_not_number, error(type_error(number, 1+1))) :-
    aggregate_all(max(X, W), member(X-W, [1+1-a, 2-b]), _).
test(compound, [R == r(3, 3)]) :- aggregate_all(r(count, max(X)), member(X, [1, 3, 2]), R).
test(compound_all, [R == f(4, 7, 3, 1, [3, 1, 2, 1], [1, 2, 3])]) :-
    aggregate_all(f(count, sum(X), max(X), min(X), bag(X), set(X)), member(X, [3, 1, 2, 1]), R).
test(compound_empty_max, fail) :- aggregate_all(f(count, max(X)), member(X, []), _).
test(compound_empty, [R == f(0, [])]) :- aggregate_all(f(count, bag(X)), member(X, []), R).
test(bad_template, error(domain_error(aggregate_template, foo))) :- aggregate_all(foo, true, _).
test(count4, [C == 2]) :- aggregate_all(count, X, member(X, [a, b, a]), C).
test(sum4, [S == 3]) :- aggregate_all(sum(X), X, member(X, [1, 2, 1]), S).
test(bag4_sorted, [B == [a, c]]) :- aggregate_all(bag(X), X, member(X, [c, a, c]), B).
test(compound4, [R == f(2)]) :- aggregate_all(f(count), X, member(X, [a, b, a]), R).
test(count4_empty, [C == 0]) :- aggregate_all(count, X, member(X, []), C).
test(sum4_empty, [S == 0]) :- aggregate_all(sum(X), X, member(X, []), S).
test(bag4_empty, [B == []]) :- aggregate_all(bag(X), X, member(X, []), B).
test(max4_empty, fail) :- aggregate_all(max(X), X, member(X, []), _).
:- end_tests(aggregate_all).

:- begin_tests(foreach).
test(all_true) :- foreach(member(X, [1, 2, 3]), X > 0).
test(one_false, fail) :- foreach(member(X, [1, -2, 3]), X > 0).
test(no_solutions) :- foreach(fail, fail).
test(constraints, [Y == 3]) :-
    foreach(member(X, [1, 2]), dif(X, Y)),
    \+ Y = 1, \+ Y = 2, Y = 3.
test(between_dif, [true]) :- foreach(between(1, 4, X), dif(X, Y)), Y = 5.
test(generator_vars_unbound, [true(var(X))]) :- foreach(member(X, [1, 2]), integer(X)).
test(pairs) :- foreach(member(_-Y, [1-a, 2-b]), atom(Y)).
test(error, error(existence_error(variable, nokey))) :- foreach(member(X, [1, 2]), nb_getval(nokey, X)).
:- end_tests(foreach).

:- begin_tests(free_variables).
test(template, [L = [_, _]]) :- free_variables(p(X, _, _), X, [], L).
test(order, [L == [Y, Z]]) :- free_variables(p(X, Y, Z), X, [], L).
test(caret, [L == [Z]]) :- free_variables(Y^p(X, Y, Z), X, [], L).
test(accumulator, [L == [X, a]]) :- free_variables(p(X, Y), f(Y), [a], L).
test(already_there, [L == [X]]) :- free_variables(p(X, Y), f(Y), [X], L).
test(conjunction, [L == [Y, X]]) :- free_variables((p(X), q(Y, X)), [], [], L).
test(setof, [L == [B, S]]) :- free_variables(setof(A, p(A, B), S), [], [], L).
test(bagof_caret, [L == [C, S]]) :- free_variables(bagof(A, B^p(A, B, C), S), [], [], L).
test(negation, [L == []]) :- free_variables(\+ p(_), [], [], L).
test(module, [L == [X]]) :- free_variables(m:p(X), [], [], L).
test(findall, [L == [X, Y, S]]) :- free_variables(findall(X, p(X, Y), S), [], [], L).
test(repeated, [L == [X, Y]]) :- free_variables(p(X, X, Y), [], [], L).
test(two_carets, [L == [Z]]) :- free_variables(X^Y^p(X, Y, Z), [], [], L).
test(variable, [L == [G]]) :- free_variables(G, [], [], L).
test(disjunction, [L == [X, Y]]) :- free_variables((X = 1 ; Y = 2), [], [], L).
test(call_caret, [L == [Y]]) :- free_variables(call(X^p(X, Y)), [], [], L).
:- end_tests(free_variables).
