% CLP(FD) differential driver: runs every query line of queries.txt and
% prints `Query -> Result`, Result being the list of ALL solutions (the
% query's named variables, in order, as Name=Value lists written with
% writeq after numbervars), or error(Formal) for an exception. The same
% file runs under SWI-Prolog and knightlog (`-q driver.pl`);
% tests/clpfd_diff.rs compares the outputs line by line: same solutions,
% same order, same count. puzzles.pl holds the models the queries use.

:- use_module(library(clpfd)).
:- ensure_loaded(puzzles).
:- initialization(main, main).

main :-
    open('queries.txt', read, S),
    run_lines(S),
    close(S).

run_lines(S) :-
    read_line_to_string(S, Line),
    (   Line == end_of_file
    ->  true
    ;   run_line(Line),
        run_lines(S)
    ).

run_line("") :- !.
run_line(Line) :-
    sub_string(Line, 0, 1, _, "%"),
    !.
run_line(Line) :-
    catch(( term_string(Goal, Line, [variable_names(Names0)]),
            exclude(anonymous, Names0, Names),
            findall(Names, Goal, Sols),
            solutions_text(Sols, Result)
          ),
          E,
          ball_text(E, Result)),
    format("~s -> ~s~n", [Line, Result]).

anonymous(Name = _) :- sub_atom(Name, 0, 1, _, '_').

solutions_text(Sols, Text) :-
    copy_term_nat(Sols, Copy),
    numbervars(Copy, 0, _),
    with_output_to(string(Text), write_term(Copy, [quoted(true), numbervars(true)])).

ball_text(error(Formal, _), Text) :- !,
    copy_term_nat(Formal, F),
    numbervars(F, 0, _),
    format(string(Text), "error(~q)", [F]).
ball_text(Ball, Text) :-
    format(string(Text), "ball(~q)", [Ball]).
