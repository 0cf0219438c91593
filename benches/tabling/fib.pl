% Tabled Fibonacci with big integers: fib(1000) from empty tables, 50 times.
:- ensure_loaded(graph).
:- table fib/2.
fib(0, 0).
fib(1, 1).
fib(N, F) :- N > 1, N1 is N - 1, N2 is N - 2, fib(N1, F1), fib(N2, F2), F is F1 + F2.
run :- between(1, 50, _), abolish_all_tables, fib(1000, _), fail.
run.
bench_main :- run, fib(1000, F), X is F mod 1000000007, write(X), nl.
