% CLP(FD) benchmarks, the same file under SWI-Prolog and knightlog
% (benches/clpfd_vs_swi.sh): each prints `Name Count Seconds` (CPU seconds of
% the search alone, model included, per run; Count the number of solutions found or
% checked, which must agree between the systems).
%   knightlog -q -g run_all -t halt benches/clpfd/bench.pl
%   knightlog -q -g "run(queens_ff(50))" -t halt benches/clpfd/bench.pl

:- use_module(library(clpfd)).
:- ensure_loaded('../../programs/knight_clpfd').
:- ensure_loaded('../../tests/clpfd/puzzles').

benchmark(knight(8)).
benchmark(knight(12)).
benchmark(knight(16)).
benchmark(knight(20)).
benchmark(queens_ff(8)).
benchmark(queens_ff(50)).
benchmark(queens_ff(100)).
benchmark(queens_ff(200)).
benchmark(queens_all(10)).
benchmark(send_more).
benchmark(sudoku).

% A closed tour through circuit/1 with first-fail labeling, checked.
bench(knight(N), 1) :-
    closed_tour(N, Tour),
    valid_tour(N, Tour),
    closed_tour(Tour).
bench(queens_ff(N), 1) :-
    queens(N, Qs),
    once(labeling([ff], Qs)).
bench(queens_all(N), Count) :-
    findall(Qs, (queens(N, Qs), label(Qs)), L),
    length(L, Count).
bench(send_more, Count) :-
    findall(L, send_more(L), Ls),
    length(Ls, Count).
bench(sudoku, Count) :-
    findall(P, (sudoku_puzzle(P), sudoku(P)), Ps),
    length(Ps, Count).

% Benchmarks under a millisecond run Reps times; Seconds is per run.
reps(queens_ff(8), 100) :- !.
reps(send_more, 100) :- !.
reps(sudoku, 20) :- !.
reps(_, 1).

run(B) :-
    reps(B, Reps),
    statistics(cputime, T0),
    (   bench(B, Count)
    ->  true
    ;   Count = failed
    ),
    forall(between(2, Reps, _), once(bench(B, _))),
    statistics(cputime, T1),
    T is (T1 - T0) / Reps,
    format("~w ~w ~6f~n", [B, Count, T]).

run_all :-
    forall(benchmark(B), run(B)).
