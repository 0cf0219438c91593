% A tiny task runner: tasks are goals handed in by other modules, logged
% with the module they come from before they run.
:- module(tasks, [run_task/1, run_all/1, collect/3, on_each/2, retry/2]).
:- meta_predicate run_task(0), run_all(:), collect(?, 0, -), on_each(1, +), retry(+, 0).

run_task(G) :-
    strip_module(G, M, Plain),
    format("task ~w in ~w~n", [Plain, M]),
    call(G).

run_all(M:Goals) :- forall(member(G, Goals), run_task(M:G)).

collect(T, G, L) :- findall(T, G, L).

on_each(P, L) :- maplist(P, L).

retry(0, G) :- !, format("giving up on ~w~n", [G]).
retry(N, G) :- ( catch(G, E, (print_message(silent, E), fail)) -> true ; N1 is N - 1, retry(N1, G) ).
