% Memoisation with assert/retractall, counters with nb_setval, and the
% difference in work.
:- initialization(main, main).
:- dynamic memo/2.

fib(N, F) :- memo(N, F), !.
fib(N, F) :- N < 2, !, F = N.
fib(N, F) :- nb_getval(calls, C), C1 is C + 1, nb_setval(calls, C1),
    N1 is N - 1, N2 is N - 2, fib(N1, F1), fib(N2, F2), F is F1 + F2, assertz(memo(N, F)).

slow_fib(N, F) :- N < 2, !, F = N.
slow_fib(N, F) :- nb_getval(calls, C), C1 is C + 1, nb_setval(calls, C1),
    N1 is N - 1, N2 is N - 2, slow_fib(N1, F1), slow_fib(N2, F2), F is F1 + F2.

main :-
    nb_setval(calls, 0), fib(30, F), nb_getval(calls, C), format("fib(30) = ~w with ~d calls~n", [F, C]),
    aggregate_all(count, memo(_, _), M), format("~d memo entries~n", [M]),
    retractall(memo(_, _)), aggregate_all(count, memo(_, _), M2), format("~d after retractall~n", [M2]),
    nb_setval(calls, 0), slow_fib(20, F20), nb_getval(calls, C20), format("slow fib(20) = ~w with ~d calls~n", [F20, C20]),
    b_setval(v, 1), b_getval(v, V), writeln(V),
    ( clause(memo(_, _), _) -> true ; writeln('no clauses') ),
    assertz(memo(1, 1)), asserta(memo(0, 0)), findall(K, memo(K, _), Ks), writeln(Ks),
    retract(memo(0, _)), findall(K, memo(K, _), Ks2), writeln(Ks2).
