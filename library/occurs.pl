% occurs.pl -- library(occurs): finding subterms (SWI-Prolog 9's module
% `occurs`): sub_term/2, sub_var/2, contains_term/2, contains_var/2,
% free_of_term/2, free_of_var/2, occurrences_of_term/3, occurrences_of_var/3
% and sub_term_shared_variables/3. The *_term predicates compare by
% unification, the *_var ones by ==/2 (as in SWI-Prolog 9.0).
%
% Written for knightlog from SWI-Prolog's documentation and observed behaviour.
% Tested by: tests/prolog/lib_occurs.pl (tests/prolog_suites.rs).

:- module(occurs,
          [ contains_term/2,
            contains_var/2,
            free_of_term/2,
            free_of_var/2,
            occurrences_of_term/3,
            occurrences_of_var/3,
            sub_term/2,
            sub_var/2,
            sub_term_shared_variables/3
          ]).

%   sub_term(?Sub, +Term): Sub unifies with a subterm of Term (Term itself,
%   then the subterms of its arguments, left to right, on backtracking).
sub_term(X, X).
sub_term(X, Term) :-
    compound(Term),
    compound_name_arity(Term, _, N),
    between(1, N, I),
    arg(I, Term, A),
    sub_term(X, A).

%   sub_var(+Sub, +Term): Sub is identical (==) to a subterm of Term; succeeds
%   once per occurrence.
sub_var(X, Term) :-
    sub_term(S, Term),
    S == X.

%   contains_term(?Sub, +Term): some subterm of Term unifies with Sub (the
%   first one found is unified).
contains_term(X, Term) :-
    sub_term(S, Term),
    S = X,
    !.

%   contains_var(+Sub, +Term): Sub is identical to a subterm of Term.
contains_var(X, Term) :-
    sub_var(X, Term),
    !.

%   free_of_term(+Sub, +Term): no subterm of Term unifies with Sub.
free_of_term(X, Term) :-
    \+ contains_term(X, Term).

%   free_of_var(+Sub, +Term): no subterm of Term is identical to Sub.
free_of_var(X, Term) :-
    \+ contains_var(X, Term).

%   occurrences_of_term(@Sub, @Term, ?Count): Count subterms of Term unify
%   with Sub.
occurrences_of_term(X, Term, Count) :-
    count_subterms([Term], X, unify, 0, N),
    Count = N.

%   occurrences_of_var(@Sub, @Term, ?Count): Count subterms of Term are
%   identical to Sub.
occurrences_of_var(X, Term, Count) :-
    count_subterms([Term], X, identical, 0, N),
    Count = N.

count_subterms([], _, _, N, N).
count_subterms([T|Ts], X, How, N0, N) :-
    (   matches(How, X, T)
    ->  N1 is N0 + 1
    ;   N1 = N0
    ),
    (   compound(T)
    ->  T =.. [_|Args],
        append(Args, Ts, Ts1)
    ;   Ts1 = Ts
    ),
    count_subterms(Ts1, X, How, N1, N).

matches(unify, X, T) :-
    \+ X \= T.
matches(identical, X, T) :-
    X == T.

%   sub_term_shared_variables(+Sub, +Term, -Vars): Vars are the variables of
%   Sub (in their order in Sub) that also occur in Term outside the first
%   occurrence (==) of Sub.
sub_term_shared_variables(Sub, Term, Vars) :-
    term_variables(Sub, SubVars),
    (   replace_first(Term, Sub, Rest)
    ->  true
    ;   Rest = Term
    ),
    term_variables(Rest, RestVars),
    shared(SubVars, RestVars, Shared),
    Vars = Shared.

replace_first(Term, Sub, Rest) :-
    (   Term == Sub
    ->  Rest = []
    ;   compound(Term),
        Term =.. [F|Args],
        replace_first_arg(Args, Sub, Args1),
        Rest =.. [F|Args1]
    ).

replace_first_arg([A|As], Sub, [B|Bs]) :-
    (   replace_first(A, Sub, B)
    ->  Bs = As
    ;   B = A,
        replace_first_arg(As, Sub, Bs)
    ).

shared([], _, []).
shared([V|Vs], Others, Shared) :-
    (   member(O, Others), O == V
    ->  Shared = [V|Shared1]
    ;   Shared = Shared1
    ),
    shared(Vs, Others, Shared1).
