% A script that raises an uncaught exception: output so far, then exit status.
:- initialization(main, main).

main :-
    writeln(before),
    X = foo,
    atom_length(X, L), format("length ~d~n", [L]),
    Y is X + 1,
    writeln(Y).
