% yall.pl -- library(yall): lambda expressions `Params>>Body`, `Free/Lambda`
% and `\X^Body`, called with call/N. The lambda is copied before each call,
% except for the variables of Free, which stay shared.
:- module(yall, [
    (>>)/2,
    (>>)/3,
    (>>)/4,
    (>>)/5,
    (>>)/6,
    (>>)/7,
    (>>)/8,
    (>>)/9,
    (/)/2,
    (/)/3,
    (/)/4,
    (/)/5,
    (/)/6,
    (/)/7,
    (/)/8,
    (/)/9,
    (\)/1,
    (\)/2,
    (\)/3,
    (\)/4,
    (\)/5,
    (\)/6,
    is_lambda/1,
    lambda_calls/2,
    lambda_calls/3
]).


:- '$doc'(">>(?Params, :Lambda)", "Call the lambda Params>>Lambda with no extra arguments, on a fresh copy.").
'>>'(Ps, B) :- '$lambda'(Ps, B, []).
:- '$doc'(">>(?Params, :Lambda, ?A1)", "Call a copy of the lambda with A1 bound to its first parameter.").
'>>'(Ps, B, A1) :- '$lambda'(Ps, B, [A1]).
:- '$doc'(">>(?Params, :Lambda, ?A1, ?A2)", "Call a copy of the lambda with A1 and A2 bound to its parameters.").
'>>'(Ps, B, A1, A2) :- '$lambda'(Ps, B, [A1, A2]).
:- '$doc'(">>(?Params, :Lambda, ?A1, ?A2, ?A3)", "Call a copy of the lambda with three arguments bound to its parameters.").
'>>'(Ps, B, A1, A2, A3) :- '$lambda'(Ps, B, [A1, A2, A3]).
:- '$doc'(">>(?Params, :Lambda, ?A1, ?A2, ?A3, ?A4)", "Call a copy of the lambda with four arguments bound to its parameters.").
'>>'(Ps, B, A1, A2, A3, A4) :- '$lambda'(Ps, B, [A1, A2, A3, A4]).
:- '$doc'(">>(?Params, :Lambda, ?A1, ?A2, ?A3, ?A4, ?A5)", "Call a copy of the lambda with five arguments bound to its parameters.").
'>>'(Ps, B, A1, A2, A3, A4, A5) :- '$lambda'(Ps, B, [A1, A2, A3, A4, A5]).
:- '$doc'(">>(?Params, :Lambda, ?A1, ?A2, ?A3, ?A4, ?A5, ?A6)", "Call a copy of the lambda with six arguments bound to its parameters.").
'>>'(Ps, B, A1, A2, A3, A4, A5, A6) :- '$lambda'(Ps, B, [A1, A2, A3, A4, A5, A6]).
:- '$doc'(">>(?Params, :Lambda, ?A1, ?A2, ?A3, ?A4, ?A5, ?A6, ?A7)", "Call a copy of the lambda with seven arguments bound to its parameters.").
'>>'(Ps, B, A1, A2, A3, A4, A5, A6, A7) :- '$lambda'(Ps, B, [A1, A2, A3, A4, A5, A6, A7]).

'$lambda'(Ps0, B0, Args) :-
    '$lambda_copy'(Ps0>>B0, Ps1>>B),
    (   nonvar(Ps1), Ps1 = _/Ps -> true ; Ps = Ps1 ),
    '$lambda_bind'(Ps, Args, Rest),
    '$lambda_call'(B, Rest).

% Free/Lambda: the variables of Free are global (not copied).
'$lambda_copy'(Lambda, Copy) :-
    (   Lambda = (Free/_>>_), nonvar(Free)
    ->  copy_term(Free-Lambda, Free2-Copy), Free2 = Free
    ;   copy_term(Lambda, Copy)
    ).

'$lambda_bind'(Ps, Args, Rest) :-
    (   var(Ps) -> Rest = Args
    ;   Ps == [] -> Rest = Args
    ;   Ps = [P|Ps1], Args = [A|As] -> P = A, '$lambda_bind'(Ps1, As, Rest)
    ;   Rest = []
    ).

'$lambda_call'(B, []) :- !, call(B).
'$lambda_call'(B, Extra) :- B =.. L0, '$append'(L0, Extra, L), G =.. L, call(G).

:- '$doc'("/(+Free, :Lambda)", "Call the lambda Free/Lambda with no extra arguments; Free's variables stay shared, the rest are copied.").
/(Free, Lambda) :- '$lambda_free'(Free, Lambda, []).
:- '$doc'("/(+Free, :Lambda, ?A1)", "Call the lambda Free/Lambda with one extra argument; Free's variables stay shared.").
/(Free, Lambda, A1) :- '$lambda_free'(Free, Lambda, [A1]).
:- '$doc'("/(+Free, :Lambda, ?A1, ?A2)", "Call the lambda Free/Lambda with two extra arguments; Free's variables stay shared.").
/(Free, Lambda, A1, A2) :- '$lambda_free'(Free, Lambda, [A1, A2]).
:- '$doc'("/(+Free, :Lambda, ?A1, ?A2, ?A3)", "Call the lambda Free/Lambda with three extra arguments.").
/(Free, Lambda, A1, A2, A3) :- '$lambda_free'(Free, Lambda, [A1, A2, A3]).
:- '$doc'("/(+Free, :Lambda, ?A1, ?A2, ?A3, ?A4)", "Call the lambda Free/Lambda with four extra arguments.").
/(Free, Lambda, A1, A2, A3, A4) :- '$lambda_free'(Free, Lambda, [A1, A2, A3, A4]).
:- '$doc'("/(+Free, :Lambda, ?A1, ?A2, ?A3, ?A4, ?A5)", "Call the lambda Free/Lambda with five extra arguments.").
/(Free, Lambda, A1, A2, A3, A4, A5) :- '$lambda_free'(Free, Lambda, [A1, A2, A3, A4, A5]).
:- '$doc'("/(+Free, :Lambda, ?A1, ?A2, ?A3, ?A4, ?A5, ?A6)", "Call the lambda Free/Lambda with six extra arguments.").
/(Free, Lambda, A1, A2, A3, A4, A5, A6) :- '$lambda_free'(Free, Lambda, [A1, A2, A3, A4, A5, A6]).
:- '$doc'("/(+Free, :Lambda, ?A1, ?A2, ?A3, ?A4, ?A5, ?A6, ?A7)", "Call the lambda Free/Lambda with seven extra arguments.").
/(Free, Lambda, A1, A2, A3, A4, A5, A6, A7) :- '$lambda_free'(Free, Lambda, [A1, A2, A3, A4, A5, A6, A7]).

'$lambda_free'(Free, Lambda, Args) :-
    copy_term(Free-Lambda, Free2-Copy), Free2 = Free,
    (   Copy = \X^B -> '$lambda_hat'(X^B, Args)
    ;   '$lambda_call'(Copy, Args)
    ).

:- '$doc'("\\(:Lambda)", "Call the lambda \\X^Body with no arguments; its \\-marked variables are local.").
\(Lambda) :- copy_term(Lambda, X^B), '$lambda_hat'(X^B, []).
:- '$doc'("\\(:Lambda, ?A1)", "Call a copy of the lambda \\X^Body with X bound to A1.").
\(Lambda, A1) :- copy_term(Lambda, C), '$lambda_hat'(C, [A1]).
:- '$doc'("\\(:Lambda, ?A1, ?A2)", "Call a copy of the lambda \\X^Body with two arguments.").
\(Lambda, A1, A2) :- copy_term(Lambda, C), '$lambda_hat'(C, [A1, A2]).
:- '$doc'("\\(:Lambda, ?A1, ?A2, ?A3)", "Call a copy of the lambda \\X^Body with three arguments.").
\(Lambda, A1, A2, A3) :- copy_term(Lambda, C), '$lambda_hat'(C, [A1, A2, A3]).
:- '$doc'("\\(:Lambda, ?A1, ?A2, ?A3, ?A4)", "Call a copy of the lambda \\X^Body with four arguments.").
\(Lambda, A1, A2, A3, A4) :- copy_term(Lambda, C), '$lambda_hat'(C, [A1, A2, A3, A4]).
:- '$doc'("\\(:Lambda, ?A1, ?A2, ?A3, ?A4, ?A5)", "Call a copy of the lambda \\X^Body with five arguments.").
\(Lambda, A1, A2, A3, A4, A5) :- copy_term(Lambda, C), '$lambda_hat'(C, [A1, A2, A3, A4, A5]).

'$lambda_hat'(L, Args) :-
    (   Args = [A|As], nonvar(L), L = X^B
    ->  X = A,
        (   nonvar(B), B = \L2 -> '$lambda_hat'(L2, As) ; '$lambda_hat'(B, As) )
    ;   '$lambda_call'(L, Args)
    ).

:- meta_predicate
    >>(?, 0), >>(?, 0, ?), >>(?, 0, ?, ?), >>(?, 0, ?, ?, ?), >>(?, 0, ?, ?, ?, ?),
    >>(?, 0, ?, ?, ?, ?, ?), >>(?, 0, ?, ?, ?, ?, ?, ?),
    /(?, 0), /(?, 0, ?), /(?, 0, ?, ?), /(?, 0, ?, ?, ?), /(?, 0, ?, ?, ?, ?),
    /(?, 0, ?, ?, ?, ?, ?), /(?, 0, ?, ?, ?, ?, ?, ?), /(?, 0, ?, ?, ?, ?, ?, ?, ?).

:- '$doc'("is_lambda(@Term)", "Term is a lambda expression Params>>Body with a list of parameters (or Free/List).").
is_lambda(Term) :-
    compound(Term),
    compound_name_arguments(Term, Name, [Params, _|_]),
    Name == (>>),
    nonvar(Params),
    (   Params = _/Ps -> true ; Ps = Params ),
    is_list(Ps).

:- '$doc'("lambda_calls(+LambdaExt, -Goal)", "Goal is what calling LambdaExt, a >>/N or //N term with its extra arguments, calls.").
lambda_calls(LambdaExt, Goal) :-
    compound(LambdaExt),
    compound_name_arguments(LambdaExt, Name, [A1, A2|Extra]),
    (   Name == (>>)
    ->  lambda_calls(A1>>A2, Extra, Goal)
    ;   Name == (/)
    ->  lambda_calls(A1/A2, Extra, Goal)
    ).

:- '$doc'("lambda_calls(+Lambda, +Args, -Goal)", "Goal is what calling Lambda with the extra arguments Args calls: a copy of the body with the parameters bound and the remaining arguments added.").
lambda_calls(Lambda, Args, Goal) :-
    nonvar(Lambda),
    (   Lambda = (_>>_)
    ->  '$lambda_copy'(Lambda, Ps1>>Body),
        (   nonvar(Ps1), Ps1 = _/Ps -> true ; Ps = Ps1 ),
        '$lambda_bind_all'(Ps, Args, Rest, Ps1>>Body),
        '$lambda_extend'(Body, Rest, Goal)
    ;   Lambda = Free/Body0
    ->  copy_term(Free/Body0, Free2/Body),
        Free2 = Free,
        '$lambda_extend'(Body, Args, Goal)
    ).

'$lambda_bind_all'(Ps, Args, Rest, Lambda) :-
    (   var(Ps) -> Rest = Args
    ;   Ps == [] -> Rest = Args
    ;   Ps = [P|Ps1], Args = [A|As] -> P = A, '$lambda_bind_all'(Ps1, As, Rest, Lambda)
    ;   throw(error(domain_error(lambda_parameters, Lambda), _))
    ).

'$lambda_extend'(Body, [], Body) :- !.
'$lambda_extend'(Body, Extra, Goal) :-
    Body =.. L0,
    '$append'(L0, Extra, L),
    Goal =.. L.
