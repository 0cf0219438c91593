% aggregate.pl -- library(aggregate): aggregate/3,4 (bagof-based, grouping
% by free variables) and aggregate_all/4 (findall-based, one solution per
% distinct Discriminator), written for knightlog. aggregate_all/3 is in
% boot.pl.

:- '$doc'("aggregate(+Template, :Goal, -Result)", "Aggregate (count, sum, max, bag, set, ...) over Goal's solutions, grouped by free variables like bagof/3.").
aggregate(Template, Goal, Result) :-
    '$aggr_term'(Template, Term),
    bagof(Term, Goal, List),
    '$aggr_result'(Template, List, Result).
:- '$doc'("aggregate(+Template, +Discriminator, :Goal, -Result)", "As aggregate/3, counting solutions with the same Discriminator only once.").
aggregate(Template, Discriminator, Goal, Result) :-
    '$aggr_term'(Template, Term),
    setof(Discriminator-Term, Goal, Pairs),
    '$aggr_values'(Pairs, List),
    '$aggr_result'(Template, List, Result).

:- '$doc'("aggregate_all(+Template, +Discriminator, :Goal, -Result)", "As aggregate_all/3, counting solutions with the same Discriminator only once.").
aggregate_all(Template, Discriminator, Goal, Result) :-
    '$aggr_term'(Template, Term),
    findall(Discriminator-Term, Goal, Pairs0),
    sort(Pairs0, Pairs),
    '$aggr_values'(Pairs, List),
    (   List == [], Template \= count, Template \= sum(_), Template \= bag(_), Template \= set(_)
    ->  fail
    ;   '$aggr_result'(Template, List, Result)
    ).

'$aggr_values'([], []).
'$aggr_values'([_-V|T], [V|Vs]) :- '$aggr_values'(T, Vs).

'$aggr_term'(V, _) :- var(V), !, throw(error(instantiation_error, _)).
'$aggr_term'(count, x) :- !.
'$aggr_term'(count(T), T) :- !.
'$aggr_term'(sum(E), E) :- !.
'$aggr_term'(max(E), E) :- !.
'$aggr_term'(min(E), E) :- !.
'$aggr_term'(max(E, W), E-W) :- !.
'$aggr_term'(min(E, W), E-W) :- !.
'$aggr_term'(bag(E), E) :- !.
'$aggr_term'(set(E), E) :- !.
'$aggr_term'(T, _) :- throw(error(domain_error(aggregate_spec, T), _)).

'$aggr_result'(count, L, N) :- length(L, N).
'$aggr_result'(count(_), L, N) :- length(L, N).
'$aggr_result'(sum(_), L, S) :- '$aggr_sum'(L, 0, S).
'$aggr_result'(max(_), [H|T], M) :- '$aggr_max'(T, H, M0), M is M0.
'$aggr_result'(min(_), [H|T], M) :- '$aggr_min'(T, H, M0), M is M0.
'$aggr_result'(max(_, _), [E-W|T], max(M, Wit)) :- '$aggr_max_w'(T, E, W, M, Wit).
'$aggr_result'(min(_, _), [E-W|T], min(M, Wit)) :- '$aggr_min_w'(T, E, W, M, Wit).
'$aggr_result'(bag(_), L, L).
'$aggr_result'(set(_), L, S) :- sort(L, S).

'$aggr_sum'([], S, S).
'$aggr_sum'([X|Xs], S0, S) :- S1 is S0 + X, '$aggr_sum'(Xs, S1, S).
'$aggr_max'([], M, M).
'$aggr_max'([X|Xs], M0, M) :- ( X > M0 -> '$aggr_max'(Xs, X, M) ; '$aggr_max'(Xs, M0, M) ).
'$aggr_min'([], M, M).
'$aggr_min'([X|Xs], M0, M) :- ( X < M0 -> '$aggr_min'(Xs, X, M) ; '$aggr_min'(Xs, M0, M) ).
'$aggr_max_w'([], M, W, M, W).
'$aggr_max_w'([E-W|T], M0, W0, M, Wit) :-
    ( E > M0 -> '$aggr_max_w'(T, E, W, M, Wit) ; '$aggr_max_w'(T, M0, W0, M, Wit) ).
'$aggr_min_w'([], M, W, M, W).
'$aggr_min_w'([E-W|T], M0, W0, M, Wit) :-
    ( E < M0 -> '$aggr_min_w'(T, E, W, M, Wit) ; '$aggr_min_w'(T, M0, W0, M, Wit) ).

:- meta_predicate aggregate(?, ^, -), aggregate(?, ?, ^, -), aggregate_all(?, ?, 0, -).
