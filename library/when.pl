% when.pl -- library(when): when/2, calling a goal once a condition holds:
% nonvar(X), ground(X), ?=(X, Y), and conjunctions and disjunctions of them.
%
% A suspended condition is an entry '$when'(Done, Cond, Goal) in the `when`
% attribute (a list) of the variables whose binding can change it; Done is
% bound when Goal has run, so an entry reached through several variables
% (a disjunction, ?=/2) runs it once. On wake-up the entry's condition is
% evaluated again: true - Goal runs; otherwise the remaining condition is
% suspended on its new variables. Residual goals are when(Cond, Goal), with
% the remaining condition, as in SWI-Prolog.
% Tested by: tests/prolog/when.pl (tests/prolog_suites.rs).
:- module(when, [
    when/2
]).


:- meta_predicate when(+, 0).

:- '$doc'("when(+Condition, :Goal)", "Delay Goal until Condition (nonvar(X), ground(T), ?=(X,Y), ...) holds, then call it.").
when(Cond, Goal) :-
    '$when_check'(Cond, Cond),
    '$attv_qualify'(Goal, QGoal),
    '$when_trigger'(Cond, _Done, QGoal).

'$when_check'(C, _) :-
    var(C),
    !,
    throw(error(instantiation_error, _)).
'$when_check'((A, B), All) :-
    !,
    '$when_check'(A, All),
    '$when_check'(B, All).
'$when_check'((A ; B), All) :-
    !,
    '$when_check'(A, All),
    '$when_check'(B, All).
'$when_check'(nonvar(_), _) :- !.
'$when_check'(ground(_), _) :- !.
'$when_check'(?=(_, _), _) :- !.
'$when_check'(_, All) :-
    throw(error(domain_error(when_condition, All), _)).

% Evaluates Cond: true, or the remaining condition and the variables to wait on.
'$when_eval'(nonvar(X), R, Vs) :-
    (   nonvar(X)
    ->  R = true, Vs = []
    ;   R = nonvar(X), Vs = [X]
    ).
'$when_eval'(ground(X), R, Vs) :-
    term_variables(X, Vars),
    (   Vars = [V|_]
    ->  R = ground(X), Vs = [V]
    ;   R = true, Vs = []
    ).
'$when_eval'(?=(X, Y), R, Vs) :-
    (   ?=(X, Y)
    ->  R = true, Vs = []
    ;   unifiable(X, Y, U),
        '$when_unifier_vars'(U, Vs),
        R = ?=(X, Y)
    ).
'$when_eval'((A, B), R, Vs) :-
    '$when_eval'(A, RA, VsA),
    (   RA == true
    ->  '$when_eval'(B, R, Vs)
    ;   R = (A, B), Vs = VsA
    ).
'$when_eval'((A ; B), R, Vs) :-
    '$when_eval'(A, RA, VsA),
    (   RA == true
    ->  R = true, Vs = []
    ;   '$when_eval'(B, RB, VsB),
        (   RB == true
        ->  R = true, Vs = []
        ;   R = (A ; B),
            '$attv_append'(VsA, VsB, Vs)
        )
    ).

'$when_unifier_vars'([], []).
'$when_unifier_vars'([V=W|U], [V|Vs]) :-
    (   var(W)
    ->  Vs = [W|Vs1]
    ;   Vs = Vs1
    ),
    '$when_unifier_vars'(U, Vs1).

'$when_trigger'(Cond, Done, Goal) :-
    '$when_eval'(Cond, R, Vs),
    (   R == true
    ->  Done = true,
        call(Goal)
    ;   '$when_suspend'(Vs, '$when'(Done, R, Goal))
    ).

'$when_suspend'([], _).
'$when_suspend'([V|Vs], Entry) :-
    (   var(V)
    ->  (   get_attr(V, when, Es)
        ->  '$when_replace'(Es, Entry, Es1),
            put_attr(V, when, Es1)
        ;   put_attr(V, when, [Entry])
        )
    ;   true
    ),
    '$when_suspend'(Vs, Entry).

% An entry for the same when/2 call replaces the older one.
'$when_replace'([], E, [E]).
'$when_replace'([E0|Es], E, Out) :-
    E0 = '$when'(D0, _, _),
    E = '$when'(D, _, _),
    (   D0 == D
    ->  Out = [E|Es]
    ;   Out = [E0|Out1],
        '$when_replace'(Es, E, Out1)
    ).

attr_unify_hook(Entries, _Other) :-
    '$when_wake'(Entries).

'$when_wake'([]).
'$when_wake'(['$when'(Done, Cond, Goal)|Es]) :-
    (   nonvar(Done)
    ->  true
    ;   '$when_trigger'(Cond, Done, Goal)
    ),
    '$when_wake'(Es).

attribute_goals(V) -->
    { get_attr(V, when, Es) },
    '$when_goals'(Es).

'$when_goals'([]) --> [].
'$when_goals'(['$when'(Done, Cond, Goal)|Es]) -->
    (   { var(Done) }
    ->  [when(Cond, Goal)]
    ;   []
    ),
    '$when_goals'(Es).
