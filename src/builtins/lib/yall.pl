% yall.pl -- library(yall): lambda expressions `Params>>Body`, `Free/Lambda`
% and `\X^Body`, called with call/N. The lambda is copied before each call,
% except for the variables of Free, which stay shared.

'>>'(Ps, B) :- '$lambda'(Ps, B, []).
'>>'(Ps, B, A1) :- '$lambda'(Ps, B, [A1]).
'>>'(Ps, B, A1, A2) :- '$lambda'(Ps, B, [A1, A2]).
'>>'(Ps, B, A1, A2, A3) :- '$lambda'(Ps, B, [A1, A2, A3]).
'>>'(Ps, B, A1, A2, A3, A4) :- '$lambda'(Ps, B, [A1, A2, A3, A4]).
'>>'(Ps, B, A1, A2, A3, A4, A5) :- '$lambda'(Ps, B, [A1, A2, A3, A4, A5]).
'>>'(Ps, B, A1, A2, A3, A4, A5, A6) :- '$lambda'(Ps, B, [A1, A2, A3, A4, A5, A6]).
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

/(Free, Lambda) :- '$lambda_free'(Free, Lambda, []).
/(Free, Lambda, A1) :- '$lambda_free'(Free, Lambda, [A1]).
/(Free, Lambda, A1, A2) :- '$lambda_free'(Free, Lambda, [A1, A2]).
/(Free, Lambda, A1, A2, A3) :- '$lambda_free'(Free, Lambda, [A1, A2, A3]).
/(Free, Lambda, A1, A2, A3, A4) :- '$lambda_free'(Free, Lambda, [A1, A2, A3, A4]).
/(Free, Lambda, A1, A2, A3, A4, A5) :- '$lambda_free'(Free, Lambda, [A1, A2, A3, A4, A5]).
/(Free, Lambda, A1, A2, A3, A4, A5, A6) :- '$lambda_free'(Free, Lambda, [A1, A2, A3, A4, A5, A6]).

'$lambda_free'(Free, Lambda, Args) :-
    copy_term(Free-Lambda, Free2-Copy), Free2 = Free,
    (   Copy = \X^B -> '$lambda_hat'(X^B, Args)
    ;   '$lambda_call'(Copy, Args)
    ).

\(Lambda) :- copy_term(Lambda, X^B), '$lambda_hat'(X^B, []).
\(Lambda, A1) :- copy_term(Lambda, C), '$lambda_hat'(C, [A1]).
\(Lambda, A1, A2) :- copy_term(Lambda, C), '$lambda_hat'(C, [A1, A2]).
\(Lambda, A1, A2, A3) :- copy_term(Lambda, C), '$lambda_hat'(C, [A1, A2, A3]).
\(Lambda, A1, A2, A3, A4) :- copy_term(Lambda, C), '$lambda_hat'(C, [A1, A2, A3, A4]).
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
    /(?, 0), /(?, 0, ?), /(?, 0, ?, ?), /(?, 0, ?, ?, ?), /(?, 0, ?, ?, ?, ?).
