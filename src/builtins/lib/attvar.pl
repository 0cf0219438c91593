% attvar.pl -- the Prolog side of attributed variables (system module):
% '$wakeup'/1, which the engine calls when attributed variables were bound
% (engine/attvar.rs), freeze/2, frozen/2, copy_term/3 and the residual goals
% of attributed variables (attribute_goals//1 of each attribute's module).
% Follows SWI-Prolog's boot/attvar.pl.
% Tested by: tests/prolog/attvar.pl, tests/prolog/freeze.pl, tests/repl_pipe.rs.

:- meta_predicate freeze(?, 0).

'$wakeup'([]).
'$wakeup'(wakeup(Atts, Value, Rest)) :-
    '$attv_hooks'(Atts, Value),
    '$wakeup'(Rest).

% Wake-ups pending when Goal was about to be called (engine/attvar.rs).
'$wakeup_call'(Wake, Goal) :-
    '$wakeup'(Wake),
    call(Goal).

'$attv_hooks'([], _).
'$attv_hooks'(att(Module, Value, Rest), Other) :-
    '$attv_hook'(Module, Value, Other),
    '$attv_hooks'(Rest, Other).

'$attv_hook'(freeze, Goal, Y) :-
    !,
    (   attvar(Y)
    ->  (   get_attr(Y, freeze, G2)
        ->  put_attr(Y, freeze, '$and'(G2, Goal))
        ;   put_attr(Y, freeze, Goal)
        )
    ;   var(Y)
    ->  put_attr(Y, freeze, Goal)
    ;   '$unfreeze'(Goal)
    ).
'$attv_hook'(Module, Value, Other) :-
    Module:attr_unify_hook(Value, Other).

'$unfreeze'('$and'(A, B)) :-
    !,
    '$unfreeze'(A),
    '$unfreeze'(B).
'$unfreeze'(Goal) :-
    call(Goal).

:- '$doc'("freeze(+Var, :Goal)", "Delay Goal until Var is bound; call it at once if Var is already nonvar.").
freeze(Var, Goal) :-
    '$attv_qualify'(Goal, QGoal),
    (   var(Var)
    ->  (   get_attr(Var, freeze, G0)
        ->  put_attr(Var, freeze, '$and'(G0, QGoal))
        ;   put_attr(Var, freeze, QGoal)
        )
    ;   call(QGoal)
    ).

% Goals are kept qualified, as SWI-Prolog shows them (user:G).
'$attv_qualify'(G, G) :-
    nonvar(G),
    G = _:_,
    !.
'$attv_qualify'(G, user:G).

:- '$doc'("frozen(@Term, -Goal)", "Goal is the conjunction of goals delayed on the variables of Term (true if none).").
frozen(Term, Goal) :-
    term_attvars(Term, Vs0),
    (   Vs0 == []
    ->  Goal = true
    ;   sort(Vs0, Vs),
        '$attvars_residuals'(Vs, Gs0),
        sort(Gs0, Gs),
        '$attv_conj'(Gs, Goal)
    ).

'$attv_conj'([], true).
'$attv_conj'([G|Gs], Goal) :-
    (   Gs == []
    ->  Goal = G
    ;   Goal = (G, Rest),
        '$attv_conj'(Gs, Rest)
    ).

:- '$doc'("copy_term(+Term, -Copy, -Gs)", "Copy is Term with fresh plain variables; Gs are the goals standing for its attributes.").
copy_term(Term, Copy, Gs) :-
    term_attvars(Term, Vs0),
    (   Vs0 == []
    ->  Gs = [],
        copy_term(Term, Copy)
    ;   sort(Vs0, Vs),
        '$attvars_residuals'(Vs, Gs0),
        copy_term_nat(Term-Gs0, Copy-Gs)
    ).

% The residual goals of attributed variables, each once (a goal that
% several variables share is listed where it is first met).
'$attvars_residuals'(Vs, Gs) :-
    '$attvars_residuals'(Vs, Gs0, []),
    '$attv_dedup'(Gs0, [], Gs).

'$attvars_residuals'([], L, L).
'$attvars_residuals'([V|Vs], L0, L) :-
    (   get_attrs(V, As)
    ->  '$attvar_residuals'(As, V, L0, L1)
    ;   L1 = L0
    ),
    '$attvars_residuals'(Vs, L1, L).

'$attvar_residuals'([], _, L, L).
'$attvar_residuals'(att(Module, Value, As), V, L0, L) :-
    (   nonvar(V)
    ->  L1 = L0
    ;   Module == freeze
    ->  '$frozen_residuals'(Value, V, L0, L1)
    ;   '$attv_defined'(Module, attribute_goals, 3)
    ->  Module:attribute_goals(V, Goals, []),
        '$attv_append'(Goals, L1, L0)
    ;   L0 = [put_attr(V, Module, Value)|L1]
    ),
    '$attvar_residuals'(As, V, L1, L).

'$frozen_residuals'('$and'(A, B), V, L0, L) :-
    !,
    '$frozen_residuals'(A, V, L0, L1),
    '$frozen_residuals'(B, V, L1, L).
'$frozen_residuals'(G, V, [freeze(V, G)|L], L).

'$attv_append'([], L, L).
'$attv_append'([X|Xs], L, [X|L0]) :-
    '$attv_append'(Xs, L, L0).

'$attv_dedup'([], _, []).
'$attv_dedup'([G|Gs], Seen, Out) :-
    (   '$attv_memq'(G, Seen)
    ->  Out = Out1
    ;   Out = [G|Out1]
    ),
    '$attv_dedup'(Gs, [G|Seen], Out1).

'$attv_memq'(X, [Y|Ys]) :-
    (   X == Y
    ->  true
    ;   '$attv_memq'(X, Ys)
    ).

% The top level's residual goals for the attributed variables Vs.
'$toplevel_residuals'(Vs0, Gs) :-
    sort(Vs0, Vs),
    '$attvars_residuals'(Vs, Gs0),
    '$toplevel_unqualify'(Gs0, Gs).

'$toplevel_unqualify'([], []).
'$toplevel_unqualify'([G0|Gs0], [G|Gs]) :-
    (   G0 = freeze(V, user:B)
    ->  G = freeze(V, B)
    ;   G0 = when(C, user:B)
    ->  G = when(C, B)
    ;   G = G0
    ),
    '$toplevel_unqualify'(Gs0, Gs).
