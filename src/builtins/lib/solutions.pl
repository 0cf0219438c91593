% library(solution_sequences): limit/2, offset/2, call_nth/2, distinct/1,2.
% Each keeps its counter in a term updated with nb_setarg/3, so the count
% survives backtracking into Goal.

:- '$doc'("limit(+Count, :Goal)", "Run Goal but give at most Count of its solutions.").
limit(Count, Goal) :-
    Count == infinite,
    !,
    call(Goal).
limit(Count, Goal) :-
    Count > 0,
    Counter = seen(0),
    call(Goal),
    arg(1, Counter, Seen0),
    Seen is Seen0 + 1,
    (   Seen =:= Count
    ->  !                       % the last one wanted: drop Goal's choicepoints
    ;   nb_setarg(1, Counter, Seen)
    ).

:- '$doc'("offset(+Count, :Goal)", "Run Goal but skip its first Count solutions.").
offset(Count, Goal) :-
    Count > 0,
    !,
    Counter = skipped(0),
    call(Goal),
    arg(1, Counter, Skipped0),
    (   Skipped0 >= Count
    ->  true
    ;   Skipped is Skipped0 + 1,
        nb_setarg(1, Counter, Skipped),
        fail
    ).
offset(Count, Goal) :-
    Count =:= 0,
    !,
    call(Goal).
offset(Count, _) :-
    domain_error(not_less_than_zero, Count).

:- '$doc'("call_nth(:Goal, ?Nth)", "True when Goal succeeds for the Nth time; with Nth unbound, count the solutions.").
call_nth(Goal, Nth) :-
    integer(Nth),
    !,
    (   Nth > 0
    ->  '$call_nth'(Goal, Sofar), Sofar =:= Nth, !
    ;   domain_error(not_less_than_one, Nth)
    ).
call_nth(Goal, Nth) :-
    var(Nth),
    !,
    '$call_nth'(Goal, Nth).
call_nth(_, Nth) :-
    must_be(integer, Nth).

'$call_nth'(Goal, Nth) :-
    Counter = count(0),
    call(Goal),
    arg(1, Counter, N0),
    Nth is N0 + 1,
    nb_setarg(1, Counter, Nth).

% The witnesses seen so far are a list in the counter term: a linear scan per
% answer, fine for the answer counts a top-level user asks for.
:- '$doc'("distinct(:Goal)", "Call Goal, skipping solutions that are variants of earlier ones.").
distinct(Goal) :-
    distinct(Goal, Goal).
:- '$doc'("distinct(?Witness, :Goal)", "Call Goal, skipping solutions where Witness is a variant of an earlier one.").
distinct(Witness, Goal) :-
    Seen = seen([]),
    call(Goal),
    arg(1, Seen, Before),
    \+ ( member(W, Before), W =@= Witness ),
    nb_setarg(1, Seen, [Witness|Before]).

:- meta_predicate limit(+, 0), offset(+, 0), call_nth(0, ?), distinct(0), distinct(?, 0).
