% aggregate.pl -- library(aggregate), written for knightlog: aggregate/3,4
% (bagof/setof based: grouped by the free variables of Goal, ^ as in
% bagof/3), aggregate_all/3,4 (findall based, or a failure-driven loop for
% count, sum, max and min), foreach/2 and free_variables/4.
%
% A template is one of count, sum(E), max(E), min(E), max(E, W),
% min(E, W), bag(E), set(E), or a compound whose arguments all are: the
% result then has the compound's name with one result per argument.
:- module(aggregate, [
    aggregate/3,
    aggregate/4,
    aggregate_all/3,
    aggregate_all/4,
    foreach/2,
    free_variables/4
]).


:- '$doc'("aggregate(+Template, :Goal, -Result)", "Aggregate (count, sum, max, bag, set, ...) over Goal's solutions, grouped by free variables like bagof/3.").
aggregate(Template, Goal, Result) :-
    '$aggr_parse'(Template, Term, Finish),
    bagof(Term, Goal, List),
    '$aggr_finish'(Finish, bag, List, Result).

:- '$doc'("aggregate(+Template, +Discriminator, :Goal, -Result)", "As aggregate/3, counting solutions with the same Discriminator only once.").
aggregate(Template, Discriminator, Goal, Result) :-
    '$aggr_parse'(Template, Term, Finish),
    setof(Discriminator-Term, Goal, Pairs),
    '$aggr_values'(Pairs, List),
    '$aggr_finish'(Finish, bag, List, Result).

:- '$doc'("aggregate_all(+Template, :Goal, -Result)", "Aggregate over all solutions of Goal: count, sum(E), max(E), min(E), bag(E) or set(E).").
% count, sum, max and min are SWI-Prolog's library(aggregate) clauses: a
% failure-driven loop over a state term, so they count the inferences SWI's do.
aggregate_all(Spec, _, _) :- var(Spec), !, throw(error(instantiation_error, _)).
aggregate_all(count, Goal, Count) :- !, aggregate_all(sum(1), Goal, Count).
aggregate_all(count(T), Goal, Count) :- !, findall(T, Goal, L), length(L, Count).
aggregate_all(sum(X), Goal, Sum) :- !,
    State = state(0),
    (   call(Goal), arg(1, State, S0), S is S0 + X, nb_setarg(1, State, S), fail
    ;   arg(1, State, Sum)
    ).
aggregate_all(max(X), Goal, Max) :- !,
    State = state(X),
    (   call(Goal), arg(1, State, M0), M is max(M0, X), nb_setarg(1, State, M), fail
    ;   arg(1, State, Max), nonvar(Max)
    ).
aggregate_all(min(X), Goal, Min) :- !,
    State = state(X),
    (   call(Goal), arg(1, State, M0), M is min(M0, X), nb_setarg(1, State, M), fail
    ;   arg(1, State, Min), nonvar(Min)
    ).
aggregate_all(max(X, W), Goal, max(Max, Witness)) :- !,
    State = state(false, _, _),
    (   call(Goal),
        (   State = state(true, Max0, _)
        ->  X > Max0, nb_setarg(2, State, X), nb_setarg(3, State, W)
        ;   number(X)
        ->  nb_setarg(1, State, true), nb_setarg(2, State, X), nb_setarg(3, State, W)
        ;   throw(error(type_error(number, X), _))
        ),
        fail
    ;   State = state(true, Max, Witness)
    ).
aggregate_all(min(X, W), Goal, min(Min, Witness)) :- !,
    State = state(false, _, _),
    (   call(Goal),
        (   State = state(true, Min0, _)
        ->  X < Min0, nb_setarg(2, State, X), nb_setarg(3, State, W)
        ;   number(X)
        ->  nb_setarg(1, State, true), nb_setarg(2, State, X), nb_setarg(3, State, W)
        ;   throw(error(type_error(number, X), _))
        ),
        fail
    ;   State = state(true, Min, Witness)
    ).
aggregate_all(bag(E), Goal, Bag) :- !, findall(E, Goal, Bag).
aggregate_all(set(E), Goal, Set) :- !, findall(E, Goal, Bag), sort(Bag, Set).
% A compound template, e.g. r(count, max(X)): library(aggregate) parses it
% and computes each argument's result from the solutions.
aggregate_all(Spec, Goal, Result) :-
    '$aggr_parse'(Spec, Term, Finish),
    findall(Term, Goal, List),
    '$aggr_finish'(Finish, all, List, Result).

:- '$doc'("aggregate_all(+Template, +Discriminator, :Goal, -Result)", "As aggregate_all/3, counting solutions with the same Discriminator only once.").
aggregate_all(Template, Discriminator, Goal, Result) :-
    '$aggr_parse'(Template, Term, Finish),
    findall(Discriminator-Term, Goal, Pairs0),
    sort(Pairs0, Pairs),
    '$aggr_values'(Pairs, List),
    '$aggr_finish'(Finish, all, List, Result).

'$aggr_values'([], []).
'$aggr_values'([_-V|T], [V|Vs]) :- '$aggr_values'(T, Vs).

% '$aggr_parse'(+Template, -Term, -Finish): Term is what to collect for one
% solution; Finish says how to turn the collected list into the result.
'$aggr_parse'(T, _, _) :- var(T), !, throw(error(instantiation_error, _)).
'$aggr_parse'(T, Term, one(Kind)) :- '$aggr_simple'(T, Term, Kind), !.
'$aggr_parse'(T, Term, many(Name, Kinds)) :-
    compound(T),
    !,
    T =.. [Name|Specs],
    '$aggr_parse_args'(Specs, Terms, Kinds),
    Term =.. [t|Terms].
'$aggr_parse'(T, _, _) :- throw(error(domain_error(aggregate_template, T), _)).

'$aggr_parse_args'([], [], []).
'$aggr_parse_args'([S|Ss], [T|Ts], [K|Ks]) :-
    (   var(S) -> fail                 % as SWI: count(X) is no template
    ;   '$aggr_simple'(S, T, K) -> true
    ;   throw(error(domain_error(aggregate_template, S), _))
    ),
    '$aggr_parse_args'(Ss, Ts, Ks).

'$aggr_simple'(count, 1, count).
'$aggr_simple'(sum(E), E, sum).
'$aggr_simple'(max(E), E, max).
'$aggr_simple'(min(E), E, min).
'$aggr_simple'(max(E, W), E-W, max_witness).
'$aggr_simple'(min(E, W), E-W, min_witness).
'$aggr_simple'(bag(E), E, bag).
'$aggr_simple'(set(E), E, set).

% '$aggr_finish'(+Finish, +Mode, +List, -Result): Mode is bag (aggregate/3,4:
% List is never empty) or all (aggregate_all: max and min fail on an empty
% List, and max(E, W), min(E, W) want numbers).
'$aggr_finish'(one(Kind), Mode, List, Result) :-
    '$aggr_kind'(Kind, Mode, List, Result).
'$aggr_finish'(many(Name, Kinds), Mode, List, Result) :-
    length(Kinds, N),
    '$aggr_columns'(1, N, Kinds, Mode, List, Results),
    Result =.. [Name|Results].

'$aggr_columns'(I, N, [], _, _, []) :- I > N, !.
'$aggr_columns'(I, N, [K|Ks], Mode, List, [R|Rs]) :-
    '$aggr_column'(List, I, Col),
    '$aggr_kind'(K, Mode, Col, R),
    I1 is I + 1,
    '$aggr_columns'(I1, N, Ks, Mode, List, Rs).

'$aggr_column'([], _, []).
'$aggr_column'([T|Ts], I, [X|Xs]) :- arg(I, T, X), '$aggr_column'(Ts, I, Xs).

'$aggr_kind'(count, _, L, N) :- length(L, N).
'$aggr_kind'(sum, _, L, S) :- '$aggr_sum'(L, 0, S).
'$aggr_kind'(max, _, [H|T], M) :- M0 is H, '$aggr_max'(T, M0, M).
'$aggr_kind'(min, _, [H|T], M) :- M0 is H, '$aggr_min'(T, M0, M).
'$aggr_kind'(max_witness, Mode, [E-W|T], max(M, Wit)) :-
    '$aggr_num'(Mode, E, V), '$aggr_max_w'(T, Mode, V, W, M, Wit).
'$aggr_kind'(min_witness, Mode, [E-W|T], min(M, Wit)) :-
    '$aggr_num'(Mode, E, V), '$aggr_min_w'(T, Mode, V, W, M, Wit).
'$aggr_kind'(bag, _, L, L).
'$aggr_kind'(set, _, L, S) :- sort(L, S).

'$aggr_sum'([], S, S).
'$aggr_sum'([X|Xs], S0, S) :- S1 is S0 + X, '$aggr_sum'(Xs, S1, S).
'$aggr_max'([], M, M).
'$aggr_max'([X|Xs], M0, M) :- M1 is max(M0, X), '$aggr_max'(Xs, M1, M).
'$aggr_min'([], M, M).
'$aggr_min'([X|Xs], M0, M) :- M1 is min(M0, X), '$aggr_min'(Xs, M1, M).

% aggregate/3 evaluates E; aggregate_all/3 wants a number.
'$aggr_num'(bag, E, V) :- V is E.
'$aggr_num'(all, E, V) :-
    (   number(E) -> V = E
    ;   var(E) -> throw(error(instantiation_error, _))
    ;   throw(error(type_error(number, E), _))
    ).

% The first of equal extremes is kept.
'$aggr_max_w'([], _, M, W, M, W).
'$aggr_max_w'([E-W|T], Mode, M0, W0, M, Wit) :-
    '$aggr_num'(Mode, E, V),
    (   V > M0 -> '$aggr_max_w'(T, Mode, V, W, M, Wit)
    ;   '$aggr_max_w'(T, Mode, M0, W0, M, Wit)
    ).
'$aggr_min_w'([], _, M, W, M, W).
'$aggr_min_w'([E-W|T], Mode, M0, W0, M, Wit) :-
    '$aggr_num'(Mode, E, V),
    (   V < M0 -> '$aggr_min_w'(T, Mode, V, W, M, Wit)
    ;   '$aggr_min_w'(T, Mode, M0, W0, M, Wit)
    ).

:- '$doc'("foreach(:Generator, :Goal)", "True if the conjunction of the instances of Goal for every solution of Generator is true; variables of Goal not in Generator are shared by all instances.").
foreach(Generator, Goal) :-
    term_variables(Generator, GenVars),
    term_variables(Goal, GoalVars),
    '$aggr_shared'(GoalVars, GenVars, Shared, Others),
    Templ =.. [v|Shared],
    findall(Templ, Generator, Instances),
    '$aggr_foreach'(Instances, Templ, Others, Goal).

'$aggr_shared'([], _, [], []).
'$aggr_shared'([V|Vs], GenVars, Shared, Others) :-
    (   '$aggr_var_in'(GenVars, V)
    ->  Shared = [V|Shared1], Others = Others1
    ;   Shared = Shared1, Others = [V|Others1]
    ),
    '$aggr_shared'(Vs, GenVars, Shared1, Others1).

'$aggr_var_in'([V0|Vs], V) :- ( V0 == V -> true ; '$aggr_var_in'(Vs, V) ).

'$aggr_foreach'([], _, _, _).
'$aggr_foreach'([Inst|Insts], Templ, Others, Goal) :-
    copy_term(Templ-Others-Goal, Inst-Others1-Goal1),
    Others1 = Others,
    call(Goal1),
    '$aggr_foreach'(Insts, Templ, Others, Goal).

:- '$doc'("free_variables(:Generator, +Template, +VarList0, -VarList)", "VarList is VarList0 with the variables of Generator that are free as in bagof/3 (not in Template, not bound by ^, not inside \\+ or the template of a nested bagof/setof) in front of it.").
free_variables(Generator, Template, VarList0, VarList) :-
    term_variables(Template, Bound),
    '$fv'(Generator, Bound, VarList0, VarList).

% Walk the arguments from the last to the first, putting each new free
% variable in front.
'$fv'(T, Bound, L0, L) :-
    var(T),
    !,
    (   ( '$aggr_var_in'(Bound, T) ; '$aggr_var_in'(L0, T) )
    ->  L = L0
    ;   L = [T|L0]
    ).
'$fv'(V^G, Bound, L0, L) :-
    !,
    term_variables(V, Vs),
    append(Vs, Bound, Bound1),
    '$fv'(G, Bound1, L0, L).
'$fv'(\+ _, _, L0, L) :- !, L = L0.
'$fv'(setof(T, G, S), Bound, L0, L) :- !, '$fv_bag'(T, G, S, Bound, L0, L).
'$fv'(bagof(T, G, S), Bound, L0, L) :- !, '$fv_bag'(T, G, S, Bound, L0, L).
'$fv'(T, Bound, L0, L) :-
    compound(T),
    !,
    functor(T, _, N),
    '$fv_args'(N, T, Bound, L0, L).
'$fv'(_, _, L, L).

'$fv_bag'(T, G, S, Bound, L0, L) :-
    '$fv'(S, Bound, L0, L1),
    term_variables(T, Vs),
    append(Vs, Bound, Bound1),
    '$fv'(G, Bound1, L1, L).

'$fv_args'(0, _, _, L, L) :- !.
'$fv_args'(I, T, Bound, L0, L) :-
    arg(I, T, A),
    '$fv'(A, Bound, L0, L1),
    I1 is I - 1,
    '$fv_args'(I1, T, Bound, L1, L).

:- meta_predicate aggregate_all(?, 0, -), aggregate(?, ^, -), aggregate(?, ?, ^, -), aggregate_all(?, ?, 0, -),
    foreach(0, 0), free_variables(^, ?, ?, ?).
