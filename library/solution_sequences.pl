% library(solution_sequences): limit/2, offset/2, call_nth/2, distinct/1,2.
% Each keeps its counter in a term updated with nb_setarg/3, so the count
% survives backtracking into Goal.
:- module(solution_sequences, [
    limit/2,
    offset/2,
    call_nth/2,
    distinct/1,
    distinct/2,
    reduced/1,
    reduced/3,
    order_by/2,
    group_by/4
]).


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

:- '$doc'("reduced(:Goal)", "As distinct/1, but remembering at most 10,000 answers (the table restarts when full), so duplicates may come through.").
reduced(Goal) :-
    reduced(Goal, Goal, []).
:- '$doc'("reduced(?Witness, :Goal, +Options)", "As distinct/2 with a bounded table: option size_limit(N) (default 10,000) empties the table when a new answer finds it full.").
reduced(Witness, Goal, Options) :-
    (   is_list(Options), memberchk(size_limit(Limit0), Options)
    ->  must_be(positive_integer, Limit0), Limit = Limit0
    ;   Limit = 10000
    ),
    Seen = seen([], 0),
    call(Goal),
    arg(1, Seen, Before),
    \+ ( member(W, Before), W =@= Witness ),
    arg(2, Seen, N0),
    (   N0 >= Limit
    ->  nb_setarg(1, Seen, [Witness]), nb_setarg(2, Seen, 1)
    ;   N is N0 + 1, nb_setarg(1, Seen, [Witness|Before]), nb_setarg(2, Seen, N)
    ).

:- '$doc'("order_by(+Spec, :Goal)", "Run Goal to completion and give its answers sorted by Spec, a non-empty list of asc(Key) and desc(Key); equal keys keep their order.").
order_by(Spec, Goal) :-
    must_be(list, Spec),
    (   Spec == [] -> domain_error(non_empty_list, Spec) ; true ),
    '$order_keys'(Spec, Keys, Orders),
    term_variables(Goal, Vars),
    Templ =.. [r, Vars|Keys],
    findall(Templ, Goal, Answers),
    length(Keys, N),
    '$order_sort'(N, Orders, Answers, Sorted),
    member(Templ, Sorted).

'$order_keys'([], [], []).
'$order_keys'([S|Ss], [K|Ks], [O|Os]) :-
    (   var(S) -> instantiation_error(S)
    ;   S = asc(K) -> O = (@=<)
    ;   S = desc(K) -> O = (@>=)
    ;   domain_error(order_specifier, S)
    ),
    '$order_keys'(Ss, Ks, Os).

% Stable sorts from the last key to the first.
'$order_sort'(0, _, Sorted, Sorted) :- !.
'$order_sort'(I, Orders, Answers, Sorted) :-
    nth1(I, Orders, Order),
    ArgI is I + 1,
    sort(ArgI, Order, Answers, Answers1),
    I1 is I - 1,
    '$order_sort'(I1, Orders, Answers1, Sorted).

:- '$doc'("group_by(+By, +Template, :Goal, -Bag)", "As bagof/3, grouping Goal's answers by By, with every other variable of Goal existential.").
group_by(By, Template, Goal, Bag) :-
    term_variables(By, ByVars),
    term_variables(Goal, GoalVars),
    '$group_free'(GoalVars, ByVars, Others),
    bagof(Template, Others^Goal, Bag).

'$group_free'([], _, []).
'$group_free'([V|Vs], ByVars, Others) :-
    (   member(B, ByVars), B == V
    ->  Others = Others1
    ;   Others = [V|Others1]
    ),
    '$group_free'(Vs, ByVars, Others1).

:- meta_predicate limit(+, 0), offset(+, 0), call_nth(0, ?), distinct(0), distinct(?, 0),
    reduced(0), reduced(?, 0, +), order_by(+, 0), group_by(?, ?, 0, -).
