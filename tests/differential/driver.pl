% Differential test driver: runs every query line of queries.txt and prints
% one normalised line per query, `Query -> Result`. The same file runs under
% SWI-Prolog (`swipl -q driver.pl`) and knightlog (`knightlog -q driver.pl`);
% tests/builtins_differential.rs compares the two outputs line by line.
%
% Result is the first solution's bindings (`X = t, Y = u`, written with
% writeq after numbervars, so fresh variables read A, B, ...), `true`,
% `false`, or for an exception the formal part of error(Formal, Context)
% only -- contexts legitimately differ between systems -- as `error(Formal)`;
% other balls print as `ball(B)`. Output the goal writes is captured and
% shown as `[out: "..."]`.

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

run_line(Line) :-
    (   skip_line(Line)
    ->  true
    ;   catch(term_string(Goal, Line, [variable_names(Names)]), E, true),
        (   var(E)
        ->  run_query(Goal, Names, Result)
        ;   ball_text(E, Result)
        ),
        format("~s -> ~s~n", [Line, Result])
    ).

skip_line("").
skip_line(Line) :- sub_string(Line, 0, 1, _, "%").

run_query(Goal, Names, Result) :-
    catch(( with_output_to(string(Out), (call(Goal) -> R = true ; R = false)),
            (   R == true
            ->  bindings_text(Names, Text0)
            ;   Text0 = "false"
            ),
            with_output(Text0, Out, Text)
          ),
          E,
          ball_text(E, Text)),
    Result = Text.

with_output(Text, "", Text) :- !.
with_output(Text0, Out, Text) :-
    format(string(Text), "~s [out: ~q]", [Text0, Out]).

bindings_text(Names0, Text) :-
    exclude(anonymous, Names0, Names),
    copy_term(Names, Copy),
    numbervars(Copy, 0, _),
    (   Copy == []
    ->  Text = "true"
    ;   with_output_to(string(Text), write_bindings(Copy))
    ).

anonymous(Name = _) :- sub_atom(Name, 0, 1, _, '_').

write_bindings([B]) :- !, write_binding(B).
write_bindings([B|Bs]) :- write_binding(B), write(', '), write_bindings(Bs).

write_binding(Name = Value) :-
    write(Name), write(' = '),
    write_term(Value, [quoted(true), numbervars(true)]).

ball_text(error(Formal, _), Text) :- !,
    copy_term(Formal, F),
    numbervars(F, 0, _),
    format(string(Text), "error(~q)", [F]).
ball_text(Ball, Text) :-
    copy_term(Ball, B),
    numbervars(B, 0, _),
    format(string(Text), "ball(~q)", [B]).
