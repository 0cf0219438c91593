/*  harness.pl -- runs one benchmark of the classic suite and reports it.
    Loaded together with one benchmark file, which defines bench/1 (the work,
    binding a result) and expected/1 (true of the right result; it says
    where the answer comes from).
      knightlog -q -g bench_main -t halt benches/prolog/harness.pl benches/prolog/nrev.pl
      swipl     -q -g bench_main -t halt benches/prolog/harness.pl benches/prolog/nrev.pl
    Prints one line: ok|wrong CPU-seconds inferences.  Runs unchanged in
    SWI-Prolog and knightlog; `knights bench --suite` drives it.
*/

bench_main :-
    garbage_collect,
    statistics(inferences, I0),
    statistics(cputime, T0),
    bench(Result),
    statistics(cputime, T1),
    statistics(inferences, I1),
    (   expected(Result)
    ->  Verdict = ok
    ;   Verdict = wrong
    ),
    T is T1 - T0,
    I is I1 - I0,
    format('~w ~6f ~d~n', [Verdict, T, I]).
