% Rational numbers (SWI-Prolog 9's 1r3): reading, printing, arithmetic,
% comparison, standard order, type checks, flags and errors. Run under
% knightlog and SWI-Prolog.
:- use_module(library(plunit)).

% The text Goal writes.
out(Goal, S) :- with_output_to(string(S), Goal).

% Run Goal with Prolog flag Flag set to Value, restoring it afterwards.
with_flag(Flag, Value, Goal) :-
    current_prolog_flag(Flag, Old),
    setup_call_cleanup(set_prolog_flag(Flag, Value),
                       once(Goal),
                       set_prolog_flag(Flag, Old)).

:- begin_tests(rational_read).
test(literal, [X == Y]) :- X = 1r3, Y is 1 rdiv 3.
test(normalised, [X == 1r2]) :- X = 2r4.
test(integral_is_integer) :- X = 4r2, integer(X), X == 2.
test(negative, [N-D == (-1)-3]) :- X = -1r3, rational(X, N, D).
test(digit_groups, [X == 1000r3]) :- X = 1_000r3.
test(leading_zero_denominator, [X == 1r3]) :- X = 1r03.
test(atom_number, [X == 5r3]) :- atom_number('5r3', X).
test(atom_number_negative, [X == -1r3]) :- atom_number('-1r3', X).
test(atom_number_upper_r, fail) :- atom_number('1R3', _).
test(atom_number_signed_denominator, fail) :- atom_number('1r-3', _).
test(atom_number_hex, fail) :- atom_number('0x1r3', _).
test(number_codes, [X == 1r3]) :- number_codes(X, "2r6").
test(term_to_atom, [T == f(1r3, -2r5)]) :- term_to_atom(T, 'f(1r3, -2r5)').
test(zero_denominator, [throws(error(syntax_error(illegal_number), _))]) :-
    term_to_atom(_, '1r0').
test(space_before_denominator, [throws(error(syntax_error(operator_expected), _))]) :-
    term_to_atom(_, 'X = 1r 3').
test(read_term, [T == [1r3, 7r2]]) :-
    term_string(T, "[1r3, 14r4]").
:- end_tests(rational_read).

:- begin_tests(rational_write).
test(write, [S == "1r3 -1r3"]) :- out((write(1r3), write(' '), write(-1r3)), S).
test(writeq_operators, [S == "- 1r3 1r3-1 a- -1r3 2-1r3"]) :-
    out((writeq(-(1r3)), write(' '), writeq(1r3-1), write(' '),
         writeq(a-(-1r3)), write(' '), writeq(2-1r3)), S).
test(print, [S == "[1r2]"]) :- out(print([1r2]), S).
test(write_canonical, [S == "f(1r3)"]) :- out(write_canonical(f(1r3)), S).
test(format_wqpa, [S == "1r3 -1r3 1r3 1r3"]) :-
    format(string(S), "~w ~q ~p ~a", [1r3, -1r3, 1r3, 1r3]).
test(format_f_exact, [S == "0.33333333333333333333"]) :-
    format(string(S), "~20f", [1r3]).
test(format_f_rounding, [S == "3 -3 0.67 -0.1 0.3"]) :-
    format(string(S), "~0f ~0f ~2f ~1f ~1f", [5r2, -5r2, 2r3, -1r20, 1r4]).
test(format_e_g, [S == "3.333333e-01 0.333333"]) :-
    format(string(S), "~e ~g", [1r3, 1r3]).
test(format_e_exact, [S == "3e+00 4e+00 3.333e+399 1.000000e-400 1E-400"]) :-
    X is 10**400 rdiv 3, Y is 1 rdiv 10**400,
    format(string(S), "~0e ~0e ~3e ~e ~G", [5r2, 7r2, X, Y, Y]).
test(format_g, [S == "3.33333e+399 123457 1e-05 -0.67"]) :-
    X is 10**400 rdiv 3,
    format(string(S), "~g ~g ~g ~2g", [X, 1234567r10, 1r100000, -2r3]).
test(format_column, [S == "     1r3"]) :- format(string(S), "~t~w~8|", [1r3]).
test(format_d, [throws(error(format_argument_type(d, 1r3), _))]) :-
    format(string(_), "~d", [1r3]).
test(format_s, [throws(error(format_argument_type(s, 1r3), _))]) :-
    format(string(_), "~s", [1r3]).
test(term_to_atom, [A == '1r3']) :- term_to_atom(1r3, A).
test(atom_length, [L == 3]) :- atom_length(1r3, L).
test(atom_string, [S == "-5r7"]) :- atom_string(-5r7, S).
test(atom_number_out, [A == '5r3']) :- atom_number(A, 5r3).
:- end_tests(rational_write).

:- begin_tests(rational_arith).
test(add, [X == 1r2]) :- X is 1r3 + 1r6.
test(mul_to_integer, [X == 1]) :- X is 1r3 * 3.
test(sub, [X == -2r3]) :- X is 1r3 - 1.
test(neg, [X == -1r3]) :- X is -(1r3).
test(div_rationals, [X == 2]) :- X is 1r3 / 1r6.
test(div_by_integer, [X == 1r6]) :- X is 1r3 / 2.
test(int_div_default, [X == 0.3333333333333333]) :- X is 1 / 3.
test(int_div_exact, [X == 2]) :- X is 4 / 2.
test(rdiv, [X == 1r3]) :- X is 1 rdiv 3.
test(rdiv_normalises, [X == 1r2]) :- X is 7 rdiv 14.
test(rdiv_to_integer, [X == 3]) :- X is 1 rdiv 1r3.
test(rdiv_big, [X == 1000000000000000000000000000000r7]) :- X is 10**30 rdiv 7.
test(rdiv_float, [throws(error(type_error(rational, 1.0), _))]) :- _ is 1.0 rdiv 2.
test(rdiv_zero, [throws(error(evaluation_error(zero_divisor), _))]) :- _ is 2 rdiv 0.
test(div_zero, [throws(error(evaluation_error(zero_divisor), _))]) :- _ is 1r3 / 0.
test(div_zero_float, [throws(error(evaluation_error(zero_divisor), _))]) :- _ is 1r3 / 0.0.
test(mixed_float, [X == 0.8333333333333333]) :- X is 1r3 + 0.5.
test(float_overflow, [throws(error(evaluation_error(float_overflow), _))]) :- _ is 1r3 + inf.
test(nan, [throws(error(evaluation_error(undefined), _))]) :- _ is 1r3 * nan.
test(rational_of_float, [X == 3602879701896397r36028797018963968]) :- X is rational(0.1).
test(rational_of_quarter, [X == 1r4]) :- X is rational(0.25).
test(rational_of_exact, [X-Y == 1-(1r3)]) :- X is rational(1), Y is rational(1r3).
test(rational_neg_zero, [X == 0]) :- X is rational(-0.0).
test(rational_inf, [throws(error(evaluation_error(_), _))]) :- _ is rational(inf).
test(rationalize, [L == [1r10, 3r10, 314159r100000, 1r3, 2r3, 15432r125, -7r10, 5]]) :-
    findall(X, (member(F, [0.1, 0.3, 3.14159, 0.3333333333333333,
                           0.6666666666666666, 123.456, -0.7, 5]),
                X is rationalize(F)), L).
test(rationalize_tiny, [X == 1r100000000000000000000]) :- X is rationalize(1.0e-20).
test(rationalize_nan, [throws(error(evaluation_error(undefined), _))]) :- _ is rationalize(nan).
test(numerator_denominator, [N-D == 1-3]) :- N is numerator(2r6), D is denominator(2r6).
test(numerator_integer, [N-D == 5-1]) :- N is numerator(5), D is denominator(5).
test(numerator_float, [throws(error(type_error(rational, 0.5), _))]) :- _ is numerator(0.5).
test(powers, [L == [1r9, 1r9, 9r4, 9r4, -1r27, 3, 2]]) :-
    L = [A, B, C, D, E, F, G],
    A is 1r3 ** 2, B is 1r3 ^ 2, C is 2r3 ** -2, D is 2r3 ^ -2,
    E is (-1r3) ^ 3, F is 1r3 ^ -1, G is 1r2 ** -1.
test(exact_roots, [L == [2r3, 2r3, 2, 4, 1r4, -2, 2, 27]]) :-
    L = [A, B, C, D, E, F, G, H],
    A is 4r9 ** 1r2, B is 4r9 ^ 1r2, C is 4 ^ 1r2, D is 8 ^ 2r3,
    E is 8 ^ -2r3, F is -8 ^ 1r3, G is 1r4 ^ -1r2, H is 9 ^ 3r2.
test(inexact_roots, [L == [0.4714045207910317, 1.4142135623730951, 0.7071067811865476]]) :-
    L = [A, B, C], A is 2r9 ^ 1r2, B is 2 ** 1r2, C is 1r2 ** 1r2.
test(root_of_negative, [throws(error(evaluation_error(undefined), _))]) :- _ is (-4) ^ 1r2.
test(float_powers, [L == [0.5773502691896257, 0.25, 1.4142135623730951]]) :-
    L = [A, B, C], A is 1r3 ** 0.5, B is 1r2 ** 2.0, C is 2.0 ** 1r2.
test(zero_exponent, [X-Y == 1-1]) :- X is 1r3 ^ 0, Y is 1r3 ** 0.0.
test(zero_to_negative_rational, [throws(error(evaluation_error(zero_divisor), _))]) :-
    _ is 0 ** -1r2.
test(int_negative_power_default, [X-Y == 0.5-0.5]) :- X is 2 ** -1, Y is 2 ^ -1.
test(abs_sign, [A-S == (1r3)-(-1)]) :- A is abs(-1r3), S is sign(-1r3).
test(min_max, [L == [0.3, 1, 1r2, 1r2, 0.5, 0.5]]) :-
    L = [A, B, C, D, E, F],
    A is min(1r3, 0.3), B is max(1r3, 1), C is max(1r2, 1r3), D is min(1r2, 1),
    E is max(1r2, 0.5), F is min(1r2, 0.5).
test(rounding, [L == [-3, -4, -3, -4, -4, 3, -3, 2, 3]]) :-
    L = [A, B, C, D, E, F, G, H, I],
    A is truncate(-7r2), B is floor(-7r2), C is ceiling(-7r2), D is round(-7r2),
    E is integer(-7r2), F is round(5r2), G is round(-5r2), H is integer(7r3),
    I is ceiling(7r3).
test(float_parts, [I-F == (-3)-(-1r2)]) :-
    I is float_integer_part(-7r2), F is float_fractional_part(-7r2).
test(float, [X == 0.3333333333333333]) :- X is float(1r3).
test(float_tiny, [X == 0.0]) :- X is float(1 rdiv 10**400).
test(float_huge, [throws(error(evaluation_error(float_overflow), _))]) :-
    _ is float(10**400 rdiv 3).
test(float_functions, [L == [0.5, 0.479425538604203, 0.4636476090008061, 1.6487212707001282]]) :-
    L = [A, B, C, D], A is sqrt(1r4), B is sin(1r2), C is atan2(1r2, 1), D is e ** 1r2.
test(copysign, [X-Y == (-1r2)-(-1r2)]) :- X is copysign(1r2, -1), Y is copysign(1r2, -0.0).
test(truncate_big, [X == 142857142857142857142857142857]) :- X is truncate(10**30 rdiv 7).
test(cancel_to_zero, [X-Y == 0-0]) :- X is 1r3 - 1r3, Y is 1r3 * 0.
test(float_times_rational, [X == 0.0]) :- X is 0.0 * 1r3.
test(intdiv, [throws(error(type_error(integer, 1r3), _))]) :- _ is 1r3 // 2.
test(mod, [throws(error(type_error(integer, 1r3), _))]) :- _ is 1r3 mod 2.
test(rem, [throws(error(type_error(integer, 10r3), _))]) :- _ is 10r3 rem 2.
test(shift, [throws(error(type_error(integer, 7r2), _))]) :- _ is 7r2 >> 1.
test(msb, [throws(error(type_error(integer, 7r2), _))]) :- _ is msb(7r2).
test(gcd, [throws(error(type_error(integer, 1r3), _))]) :- _ is gcd(1r3, 2).
test(bitnot, [throws(error(type_error(integer, 1r2), _))]) :- _ is \ 1r2.
test(xor, [throws(error(type_error(integer, 1r2), _))]) :- _ is 1r2 xor 1.
test(random, [throws(error(type_error(integer, 1r2), _))]) :- _ is random(1r2).
test(succ, [throws(error(type_error(integer, 1r2), _))]) :- succ(1r2, _).
test(plus, [throws(error(type_error(integer, 1r2), _))]) :- plus(1r2, 1, _).
test(between_low, [throws(error(type_error(integer, 1r2), _))]) :- between(1r2, 3, _).
test(between_value, [throws(error(type_error(integer, 1r2), _))]) :- between(0, 3, 1r2).
test(length, [throws(error(type_error(integer, 1r2), _))]) :- length(_, 1r2).
test(arg, [throws(error(type_error(integer, 1r2), _))]) :- arg(1r2, f(a), _).
test(numlist, [throws(error(type_error(integer, 1r3), _))]) :- numlist(1r3, 2, _).
test(sum_list, [S == 1r2]) :- sum_list([1r3, 1r6], S).
test(max_list, [M == 1r2]) :- max_list([1r3, 1r2, 0.4], M).
test(nested, [L == [2, 1, 1r2, 0.0, -1r2, 1]]) :-
    L = [A, B, C, D, E, F],
    A is 3 - 1r2 * 2, B is 2 * 1r2 + 0, C is -(-(1r2)), D is 1r2 - 0.5,
    E is 5 rdiv -10, F is 1r2 ** 1000 * 2 ** 1000.
:- end_tests(rational_arith).

:- begin_tests(rational_flags).
test(defaults, [P-S == false-compatibility]) :-
    current_prolog_flag(prefer_rationals, P),
    current_prolog_flag(rational_syntax, S).
test(prefer_rationals, [L == [1r3, 1r2, 1r2, 2, 8, 1.4142135623730951, 2]]) :-
    with_flag(prefer_rationals, true,
              ( A is 1/3, B is 2 ** -1, C is 2 ^ -1, D is 4/2, E is 2 ** 3,
                F is 2 ** 0.5, G is 7 / 7r2 )),
    L = [A, B, C, D, E, F, G].
test(prefer_rationals_big, [X == 100000000000000000001r100000000000000000000]) :-
    with_flag(prefer_rationals, true, X is (10**20+1) / 10**20).
test(prefer_rationals_zero, [throws(error(evaluation_error(zero_divisor), _))]) :-
    with_flag(prefer_rationals, true, _ is 0 ^ -1).
test(iso_division, [L == [0.3333333333333333, 2.0, 2.0, 0.16666666666666666, 8, 0.5, 4r3]]) :-
    with_flag(iso, true,
              ( A is 1/3, B is 4/2, C is 1r3/1r6, D is 1r3/2, E is 2 ** 3,
                F is 2 ^ -1, G is 1r3 + 1 )),
    L = [A, B, C, D, E, F, G].
test(iso_beats_prefer_rationals, [X-Y == 0.3333333333333333-(1r2)]) :-
    with_flag(iso, true,
              with_flag(prefer_rationals, true, (X is 1/3, Y is 2 ** -1))).
test(prefer_rationals_bad, [throws(error(type_error(bool, foo), _))]) :-
    set_prolog_flag(prefer_rationals, foo).
test(rational_syntax_bad, [throws(error(domain_error(rational_syntax, foo), _))]) :-
    set_prolog_flag(rational_syntax, foo).
test(rational_syntax_compatibility) :-
    set_prolog_flag(rational_syntax, compatibility),
    current_prolog_flag(rational_syntax, compatibility).
:- end_tests(rational_flags).

:- begin_tests(rational_compare).
test(eq) :- 1r3 =:= 2r6, 1r2 =:= 0.5.
test(lt) :- 1r3 < 0.34, 1r4 < 1r3, -1r2 < 0, 1r2 < 1.
test(gt) :- 1r3 > 1r4, 1r3 > 0.3333333333333332, 3r2 > 1.
% Against a float, SWI compares the rational's nearest float.
test(float_eq) :- 1r3 =:= 0.3333333333333333, 1r10 =:= 0.1.
test(float_gt, fail) :- 1r3 > 0.3333333333333333.
test(float_ne, fail) :- 1r3 =\= 0.3333333333333333.
test(max_tie, [X == 0.3333333333333333]) :- X is max(1r3, 0.3333333333333333).
test(nan, fail) :- 1r3 < nan.
test(inf) :- 1r3 < inf, 1r3 > -inf.
test(big) :- 10**30 rdiv 7 > 10**28, 10**30 rdiv 7 < 10**30.
test(compare_float, [O == (>)]) :- compare(O, 1r3, 0.3333333333333333).
test(compare_equal_float, [O == (>)]) :- compare(O, 1r2, 0.5).
test(compare_int, [O == (<)]) :- compare(O, 1r2, 1).
test(compare_tenth, [O == (>)]) :- compare(O, 1r10, 0.1).
test(msort_tenth, [L == [0.1, 1r10]]) :- msort([1r10, 0.1], L).
test(msort, [L == [0, 0.3333333333333333, 1r3, 0.5, 1r2, 1]]) :-
    msort([1r2, 0.5, 1, 0, 1r3, 0.3333333333333333], L).
test(sort_desc, [L == [1, 1.0, 2r3, 1r2, 0.5, 1r3]]) :-
    sort(0, @>=, [1, 1r2, 0.5, 2r3, 1.0, 1r3], L).
test(before_atoms) :- 5r2 @< a, 5r2 @< "s", 5r2 @< f(x).
test(equal) :- 1r3 == 2r6, 1r3 =@= 1r3, 1r3 = 1r3.
test(not_equal) :- 1r3 \== 1r4, 1r3 \= 1r4, 1r2 \= 0.5, 1r2 \== 0.5.
:- end_tests(rational_compare).

:- begin_tests(rational_types).
test(rational) :-
    rational(1r3), rational(1), rational(-5r7), rational(1000000000000000000000000000000).
test(rational_expression, fail) :- rational(10**30).
test(rational_float, fail) :- rational(1.0).
test(rational_atom, fail) :- rational(a).
test(rational_var, fail) :- rational(_).
test(rational3, [N-D == 1-3]) :- rational(1r3, N, D).
test(rational3_integer, [N-D == 3-1]) :- rational(3, N, D).
test(rational3_negative, [N-D == (-5)-7]) :- rational(-5r7, N, D).
test(rational3_float, fail) :- rational(0.5, _, _).
test(rational3_check, fail) :- rational(1r3, 2, 6).
test(number) :- number(1r3), atomic(1r3), nonvar(1r3).
test(integer, fail) :- integer(1r3).
test(float, fail) :- float(1r3).
test(atom, fail) :- atom(1r3).
test(compound, fail) :- compound(1r3).
test(callable, fail) :- callable(1r3).
:- end_tests(rational_types).

:- dynamic stored/1.

:- begin_tests(rational_terms).
fact(1r3).
fact(0.5).
fact(2r3).
fact(1).
test(clauses, [L == [1r3, 0.5, 2r3, 1]]) :- findall(X, fact(X), L).
test(indexing) :- fact(2r3), \+ fact(3r4).
test(assert_retract, [L == [f(-5r3, 1000000000000000000000000000000r7)]]) :-
    X is 10**30 rdiv 7,
    assertz(stored(1r7)), assertz(stored(f(-5r3, X))),
    retract(stored(1r7)),
    findall(Y, stored(Y), L),
    retractall(stored(_)).
test(copy_term, [C == g(1r3)]) :- copy_term(g(1r3), C).
test(findall_big, [L == [1000000000000000000000000000001r3]]) :-
    findall(X, X is (10**30+1) rdiv 3, L).
test(global_var, [V == 5r7]) :- nb_setval(rat_key, 5r7), nb_getval(rat_key, V).
test(term_hash_same, [H1 == H2]) :- term_hash(1r3, H1), term_hash(2r6, H2).
test(term_hash_differs) :- term_hash(1r3, H1), term_hash(1r4, H2), H1 \== H2.
test(variant_sha1_differs) :- variant_sha1(1r3, H1), variant_sha1(1r4, H2), H1 \== H2.
test(functor, [N-A == (1r3)-0]) :- functor(1r3, N, A).
test(sum_loop, [S == 733331r6]) :-
    numlist(1, 200000, L),
    foldl([I, A0, A1]>>(A1 is A0 + (1 rdiv (I mod 3 + 1))), L, 0, S).
test(harmonic, [F == 1.6446007890642758]) :-
    harmonic(3000, 0, S), F is float(S).
harmonic(0, A, A) :- !.
harmonic(N, A0, A) :- A1 is A0 + 1 rdiv (N*N), N1 is N - 1, harmonic(N1, A1, A).
:- end_tests(rational_terms).
