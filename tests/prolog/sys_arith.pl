% SWI-Prolog's system arithmetic predicates: divmod/4,
% nth_integer_root_and_remainder/4, float_class/2, float_parts/4,
% bounded_number/3, current_arithmetic_function/1, set_random/1,
% random_property/1. Run under knightlog and SWI-Prolog alike.
:- use_module(library(plunit)).
:- use_module(library(lists)).

:- begin_tests(divmod).
test(positive, [Q, R] == [3, 1]) :- divmod(7, 2, Q, R).
test(negative_dividend, [Q, R] == [-4, 1]) :- divmod(-7, 2, Q, R).
test(negative_divisor, [Q, R] == [-4, -1]) :- divmod(7, -2, Q, R).
test(both_negative, [Q, R] == [3, -1]) :- divmod(-7, -2, Q, R).
test(big, [Q, R] == [33333333333333333333333, 1]) :- divmod(100000000000000000000000, 3, Q, R).
test(check, fail) :- divmod(7, 2, 3, 2).
test(zero, error(evaluation_error(zero_divisor))) :- divmod(7, 0, _, _).
test(float, error(type_error(integer, 7.0))) :- divmod(7.0, 2, _, _).
test(atom, error(type_error(integer, a))) :- divmod(7, a, _, _).
test(unbound, error(instantiation_error)) :- divmod(_, 2, _, _).
:- end_tests(divmod).

:- begin_tests(nth_integer_root_and_remainder).
test(square, [R, M] == [3, 1]) :- nth_integer_root_and_remainder(2, 10, R, M).
test(cube_negative, [R, M] == [-2, -2]) :- nth_integer_root_and_remainder(3, -10, R, M).
test(exact, [R, M] == [-3, 0]) :- nth_integer_root_and_remainder(3, -27, R, M).
test(first, [R, M] == [5, 0]) :- nth_integer_root_and_remainder(1, 5, R, M).
test(zero, [R, M] == [0, 0]) :- nth_integer_root_and_remainder(2, 0, R, M).
test(big, [R, M] == [316227766016837933199, 562477137586013626400]) :-
    nth_integer_root_and_remainder(2, 100000000000000000000000000000000000000001, R, M).
test(even_negative, error(evaluation_error(undefined))) :- nth_integer_root_and_remainder(2, -10, _, _).
test(n_zero, error(domain_error(not_less_than_one, 0))) :- nth_integer_root_and_remainder(0, 10, _, _).
test(float, error(type_error(integer, 10.0))) :- nth_integer_root_and_remainder(2, 10.0, _, _).
test(unbound, error(instantiation_error)) :- nth_integer_root_and_remainder(_, 5, _, _).
:- end_tests(nth_integer_root_and_remainder).

:- begin_tests(float_class).
test(normal, C == normal) :- float_class(1.0, C).
test(zero, C == zero) :- float_class(0.0, C).
test(negative_zero, C == zero) :- float_class(-0.0, C).
test(infinite, C == infinite) :- X is inf, float_class(X, C).
test(nan, C == nan) :- X is nan, float_class(X, C).
test(subnormal, C == subnormal) :- float_class(5.0e-324, C).
test(check, fail) :- float_class(1.0, zero).
test(integer, error(type_error(float, 1))) :- float_class(1, _).
test(atom, error(type_error(float, inf))) :- float_class(inf, _).
test(unbound, error(instantiation_error)) :- float_class(_, _).
:- end_tests(float_class).

:- begin_tests(float_parts).
test(one_half, [M, B, E] == [0.75, 2, 1]) :- float_parts(1.5, M, B, E).
test(negative, [M, B, E] == [-0.75, 2, 2]) :- float_parts(-3.0, M, B, E).
test(zero, [M, B, E] == [0.0, 2, 0]) :- float_parts(0.0, M, B, E).
test(integer, [M, B, E] == [0.5, 2, 1]) :- float_parts(1, M, B, E).
test(subnormal, [M, B, E] == [0.5, 2, -1073]) :- float_parts(5.0e-324, M, B, E).
test(big, E == 77) :- float_parts(100000000000000000000000, _, 2, E).
test(base, fail) :- float_parts(1.5, _, 3, _).
test(atom, error(type_error(float, a))) :- float_parts(a, _, _, _).
test(unbound, error(instantiation_error)) :- float_parts(_, _, _, _).
:- end_tests(float_parts).

:- begin_tests(bounded_number).
test(inside) :- bounded_number(0, 10, 5).
test(at_bound, fail) :- bounded_number(0, 10, 10).
test(outside, fail) :- bounded_number(0, 10, 11).
test(low_free, L == 4) :- bounded_number(L, 10, 5).
test(both_free, [L, H] == [4, 6]) :- bounded_number(L, H, 5).
test(float_free, [L, H] == [4.999999999999999, 5.000000000000001]) :- bounded_number(L, H, 5.0).
test(big_free, [L, H] == [99999999999999999999, 100000000000000000001]) :-
    bounded_number(L, H, 100000000000000000000).
test(mixed) :- bounded_number(1, 3, 2.5), bounded_number(0.0, 1, 0.5).
test(reversed, fail) :- bounded_number(5, 1, 3).
test(bound_not_number, fail) :- bounded_number(a, 10, 5).
test(infinite_high) :- X is inf, bounded_number(1, X, 5).
test(not_number, error(type_error(number, 1))) :- bounded_number(1, 10, a).
test(unbound_num, error(type_error(number, 0))) :- bounded_number(0, 10, _).
test(unbound_all, error(instantiation_error)) :- bounded_number(_, 10, _).
:- end_tests(bounded_number).

:- begin_tests(current_arithmetic_function).
test(sin) :- current_arithmetic_function(sin(_)).
test(pi) :- current_arithmetic_function(pi).
test(plus) :- current_arithmetic_function(_ + _).
test(unknown, fail) :- current_arithmetic_function(foo(_)).
test(qualified, fail) :- current_arithmetic_function(m:sin(_)).
test(enumerate) :-
    findall(F, current_arithmetic_function(F), Fs),
    memberchk(sqrt(_), Fs), memberchk(_ mod _, Fs), memberchk(e, Fs).
test(nondeterministic, nondet) :- current_arithmetic_function(_).
test(not_callable, error(type_error(callable, 1))) :- current_arithmetic_function(1).
:- end_tests(current_arithmetic_function).

:- begin_tests(random_state).
test(seed) :-
    set_random(seed(1)), X is random(1000000),
    set_random(seed(1)), Y is random(1000000), X == Y.
test(seed_random) :- set_random(seed(random)).
test(state) :-
    random_property(state(S)), X is random(1000000),
    set_random(state(S)), Y is random(1000000), X == Y.
test(property_unbound, fail) :- random_property(_).
test(property_unknown, fail) :- random_property(foo).
test(unbound, error(instantiation_error)) :- set_random(_).
test(seed_unbound, error(instantiation_error)) :- set_random(seed(_)).
test(seed_atom, error(type_error(seed, a))) :- set_random(seed(a)).
test(seed_float, error(type_error(seed, 1.5))) :- set_random(seed(1.5)).
test(state_atom, error(type_error(state, foo))) :- set_random(state(foo)).
test(option_atom, error(type_error(random_option, foo))) :- set_random(foo).
test(option_unknown, error(domain_error(random_option, foo(1)))) :- set_random(foo(1)).
:- end_tests(random_state).
