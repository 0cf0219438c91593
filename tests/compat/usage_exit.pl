% A script that checks its arguments, prints usage and exits with a status.
:- initialization(main, main).

main :-
    current_prolog_flag(argv, Argv),
    (   Argv = [Cmd|Rest], command(Cmd, Rest)
    ->  true
    ;   format("usage: usage_exit (sum|max) N...~n"),
        halt(2)
    ).

command(sum, Ns) :- maplist(atom_number, Ns, Xs), sum_list(Xs, S), format("sum ~w~n", [S]).
command(max, Ns) :- maplist(atom_number, Ns, Xs), max_list(Xs, M), format("max ~w~n", [M]).
