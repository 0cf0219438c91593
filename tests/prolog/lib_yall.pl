% library(yall): lambdas with >>/N and //N, is_lambda/1, lambda_calls/2,3.
:- use_module(library(plunit)).
:- use_module(library(yall)).
:- use_module(library(apply)).

:- begin_tests(yall).
test(params, L == [2, 4, 6]) :- maplist([X, Y]>>(Y is X * 2), [1, 2, 3], L).
test(copy) :- maplist([X]>>(X > 0), [1, 2]), true.
test(is_lambda) :- is_lambda([_]>>a).
test(is_lambda_no) :- \+ is_lambda(a), \+ is_lambda(_), \+ is_lambda(a>>b), \+ is_lambda(_>>b), \+ is_lambda(\_^a).
test(lambda_calls2, G == foo(1)) :- lambda_calls('>>'([X], foo(X), 1), G).
test(lambda_calls2_extra, G == foo(1, 2)) :- lambda_calls('>>'([X], foo(X), 1, 2), G).
test(lambda_calls3, G == foo(1, 2)) :- lambda_calls([X, Y]>>foo(X, Y), [1, 2], G).
test(lambda_calls3_extra, G == foo(1, 2)) :- lambda_calls([X]>>foo(X), [1, 2], G).
test(lambda_calls3_free) :- lambda_calls(F/foo(F), [1], G), G == foo(F, 1).
test(lambda_calls3_short, error(domain_error(lambda_parameters, _))) :- lambda_calls([X, Y]>>foo(X, Y), [1], _).
test(lambda_calls_not, fail) :- lambda_calls(foo, [1], _).
test(lambda_calls2_not, fail) :- lambda_calls(foo, _).
:- end_tests(yall).
