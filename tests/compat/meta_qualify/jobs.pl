% Jobs of a module of its own: its private predicates are reached through
% the task runner and through the library's meta-predicates.
:- module(jobs, [nightly/0]).
:- use_module(tasks).
:- meta_predicate logged(0).

logged(G) :- format("logged ~q~n", [G]), run_task(G).

backup :- writeln(backing_up).
small(X) :- X < 3.
notify(Who) :- format("notify ~w~n", [Who]).
flaky :- nb_getval(tries, N), N1 is N + 1, nb_setval(tries, N1), N1 >= 2.

nightly :-
    run_task(backup),
    logged(backup),
    run_all([backup, notify(ops)]),
    collect(X, (member(X, [1, 2, 3, 4]), small(X)), Small), print(Small), nl,
    on_each(notify, [ann, bob]),
    include(small, [5, 1, 2, 9], Inc), print(Inc), nl,
    foldl([Y, A0, A]>>(A is A0 + Y), [1, 2, 3], 0, Sum), print(Sum), nl,
    maplist([Z]>>logged(notify(Z)), [cy]),
    nb_setval(tries, 0), retry(3, flaky), nb_getval(tries, T), print(tries(T)), nl,
    G = small(1), logged(G),
    context_module(CM), print(context(CM)), nl.
