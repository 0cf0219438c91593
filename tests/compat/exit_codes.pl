% A script whose main fails: SWI-Prolog reports it and exits with status 1
% after printing what it printed so far.
:- initialization(main, main).

main :-
    writeln(starting),
    check(3),
    writeln(never).

check(N) :- N > 5.
