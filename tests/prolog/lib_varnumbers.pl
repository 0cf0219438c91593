% library(varnumbers): numbervars/1, varnumbers/2,3, max_var_number/3,
% varnumbers_names/3.
:- use_module(library(plunit)).
:- use_module(library(varnumbers)).

:- begin_tests(varnumbers).
test(numbervars, T == f('$VAR'(0), '$VAR'(1), '$VAR'(0))) :- T = f(X, _, X), numbervars(T).
test(numbervars_from_zero, T == g('$VAR'(0))) :- numbervars(f(_)), T = g(_), numbervars(T).
test(varnumbers) :-
    varnumbers(f('$VAR'(0), '$VAR'(1), '$VAR'(0), '$VAR'(-1), '$VAR'(a), '$VAR'(x, y)), C),
    C = f(A, B, A1, M, N, P), var(A), var(B), A \== B, A == A1,
    M == '$VAR'(-1), N == '$VAR'(a), P == '$VAR'(x, y).
test(start) :-
    varnumbers(f('$VAR'(0), '$VAR'(1), '$VAR'(3)), 2, C),
    C = f(A, B, V), A == '$VAR'(0), B == '$VAR'(1), var(V).
test(negative_start) :-
    varnumbers(f('$VAR'(0), '$VAR'(3)), -1, f(A, B)), var(A), var(B), A \== B.
test(shared_vars) :- varnumbers(f(X, '$VAR'(1)), C), C = f(Y, Z), Y == X, var(Z), Z \== X.
test(list) :- varnumbers([a, '$VAR'(1)|'$VAR'(1)], C), C = [a, V|T], var(V), V == T.
test(atomic, C == "str") :- varnumbers("str", C).
test(unbound_start, error(instantiation_error)) :- varnumbers(f('$VAR'(0)), _, _).
test(roundtrip) :- T = f(X, Y, g(X)), copy_term(T, T1), numbervars(T1, 0, _), varnumbers(T1, T2), T2 =@= T, var(Y).
:- end_tests(varnumbers).

:- begin_tests(max_var_number).
test(max, M == 3) :- max_var_number(f('$VAR'(0), '$VAR'(1), '$VAR'(3)), 0, M).
test(start_bigger, M == 10) :- max_var_number(f('$VAR'(0), '$VAR'(3)), 10, M).
test(negative, M == -5) :- max_var_number(f('$VAR'(a), '$VAR'(-5)), -10, M).
test(none, M == a) :- max_var_number(f(_), a, M).
test(float, M == 0) :- max_var_number('$VAR'(2.0), 0, M).
test(check, fail) :- max_var_number('$VAR'(2), 0, 3).
:- end_tests(max_var_number).

:- begin_tests(varnumbers_names).
test(names) :-
    varnumbers_names(f('$VAR'('X'), '$VAR'('Y'), '$VAR'('X'), '$VAR'(1), '$VAR'('_')), C, N),
    C = f(X, Y, X1, O, U), X == X1,
    N == [1=O, 'X'=X, 'Y'=Y, '_'=U].
test(sorted) :- varnumbers_names(f('$VAR'('B'), '$VAR'('A')), f(B, A), N), N == ['A'=A, 'B'=B].
test(none, [C, N] == [a, []]) :- varnumbers_names(a, C, N).
:- end_tests(varnumbers_names).
