% quintus.pl -- library(quintus): the Quintus Prolog compatibility
% predicates SWI-Prolog autoloads (SWI-Prolog 9's module `quintus`, all 36
% exports). mode/1 declarations are accepted and ignored, as in SWI-Prolog.
% Helpers are `$`-named: every other predicate of this file is exported.
%
% Differences: stream_position/3 needs set_stream_position/2 (knightlog has
% none yet); current_stream/3 gives [] as the file of a stream without a file
% name (SWI-Prolog gives its file descriptor number); prolog_flag(version, V)
% names knightlog.
% Tested by: tests/prolog/lib_quintus.pl and tests/prolog/ssu.pl (a
% `:- mode(...)` directive loads cleanly).

:- module(quintus,
          [ abs/2,
            acos/2,
            asin/2,
            atan/2,
            atan2/3,
            atom_char/2,
            ceiling/2,
            compile/1,
            cos/2,
            current_stream/3,
            date/1,
            floor/2,
            genarg/3,
            log/2,
            log10/2,
            midstring/3,
            midstring/4,
            midstring/5,
            midstring/6,
            mode/1,
            no_style_check/1,
            on_exception/3,
            otherwise/0,
            pow/3,
            prolog_flag/2,
            raise_exception/1,
            round/2,
            sign/2,
            simple/1,
            sin/2,
            skip_line/0,
            skip_line/1,
            sqrt/2,
            stream_position/3,
            tan/2,
            unix/1
          ]).


:- meta_predicate on_exception(+, 0, 0), compile(:).

:- '$doc'("mode(+Spec)", "Quintus mode declaration; accepted and ignored.").
mode(_).

:- '$doc'("unix(+Action)", "Quintus operating system interface: argv(-Argv), cd, cd(+Dir), shell, shell(+Command), system(+Command).").
unix(Action) :-
    (   var(Action)
    ->  throw(error(instantiation_error, _))
    ;   '$unix'(Action)
    ).
'$unix'(argv(Argv)) :- current_prolog_flag(argv, Argv).
'$unix'(cd) :- expand_file_name('~', [Home|_]), working_directory(_, Home).
'$unix'(cd(Dir)) :- working_directory(_, Dir).
'$unix'(shell) :- shell.
'$unix'(shell(Command)) :- shell(Command, 0).
'$unix'(system(Command)) :- shell(Command, 0).

:- '$doc'("abs(+X, -Y)", "Y is abs(X).").
abs(X, Y) :- Y is abs(X).
:- '$doc'("sin(+X, -Y)", "Y is sin(X).").
sin(X, Y) :- Y is sin(X).
:- '$doc'("cos(+X, -Y)", "Y is cos(X).").
cos(X, Y) :- Y is cos(X).
:- '$doc'("tan(+X, -Y)", "Y is tan(X).").
tan(X, Y) :- Y is tan(X).
:- '$doc'("log(+X, -Y)", "Y is log(X).").
log(X, Y) :- Y is log(X).
:- '$doc'("log10(+X, -Y)", "Y is log10(X).").
log10(X, Y) :- Y is log10(X).
:- '$doc'("pow(+X, +Y, -Z)", "Z is X**Y.").
pow(X, Y, Z) :- Z is X ** Y.
:- '$doc'("ceiling(+X, -Y)", "Y is ceiling(X).").
ceiling(X, Y) :- Y is ceiling(X).
:- '$doc'("floor(+X, -Y)", "Y is floor(X).").
floor(X, Y) :- Y is floor(X).
:- '$doc'("round(+X, -Y)", "Y is round(X).").
round(X, Y) :- Y is round(X).
:- '$doc'("acos(+X, -Y)", "Y is acos(X).").
acos(X, Y) :- Y is acos(X).
:- '$doc'("asin(+X, -Y)", "Y is asin(X).").
asin(X, Y) :- Y is asin(X).
:- '$doc'("atan(+X, -Y)", "Y is atan(X).").
atan(X, Y) :- Y is atan(X).
:- '$doc'("atan2(+Y, +X, -Z)", "Z is atan2(Y, X).").
atan2(Y, X, Z) :- Z is atan2(Y, X).
:- '$doc'("sign(+X, -Y)", "Y is sign(X).").
sign(X, Y) :- Y is sign(X).
:- '$doc'("sqrt(+X, -Y)", "Y is sqrt(X).").
sqrt(X, Y) :- Y is sqrt(X).

:- '$doc'("genarg(?N, +Term, ?Arg)", "Arg is argument N of Term; enumerates N on backtracking (arg/3).").
genarg(N, Term, Arg) :- arg(N, Term, Arg).

:- '$doc'("no_style_check(+Style)", "Switch off a style check: style_check(-Style).").
no_style_check(Style) :-
    (   var(Style)
    ->  throw(error(instantiation_error, _))
    ;   memberchk(Style, [singleton, discontiguous, charset, no_effect, var_branches])
    ->  style_check(-Style)
    ;   throw(error(domain_error(style_name, Style), _))
    ).

% otherwise/0 (always true) is a knightlog system predicate.

:- '$doc'("simple(@Term)", "Term is not compound: a variable or atomic.").
simple(X) :- \+ compound(X).

:- '$doc'("prolog_flag(?Flag, ?Value)", "Quintus prolog_flag/2: version (enumerated), or any Prolog flag by name.").
prolog_flag(Flag, Value) :-
    (   var(Flag)
    ->  Flag = version, '$quintus_version'(Value)
    ;   Flag == version
    ->  '$quintus_version'(Value)
    ;   current_prolog_flag(Flag, Value)
    ).
'$quintus_version'(Value) :-
    current_prolog_flag(version, V),
    format(atom(Value), "knightlog ~w", [V]).

:- '$doc'("date(-Date)", "Date is date(Year, Month, Day), today in local time.").
date(Date) :-
    get_time(T),
    stamp_date_time(T, date(Y, M, D, _, _, _, _, _, _), local),
    Date = date(Y, M, D).

:- '$doc'("current_stream(?File, ?Mode, ?Stream)", "Stream is open on File (its file name, [] if none) in Mode (read, write, append, update).").
current_stream(File, Mode, Stream) :-
    stream_property(Stream, mode(Mode)),
    (   stream_property(Stream, file_name(F))
    ->  File = F
    ;   File = []
    ).

:- '$doc'("stream_position(+Stream, -Old, +New)", "Old is Stream's position; then move Stream to New.").
stream_position(Stream, Old, New) :-
    stream_property(Stream, position(Old)),
    set_stream_position(Stream, New).

:- '$doc'("skip_line", "Skip input up to and including the next newline (or to the end) of current input.").
skip_line :-
    current_input(S),
    skip_line(S).
:- '$doc'("skip_line(+Stream)", "Skip Stream's input up to and including the next newline (or to the end).").
skip_line(Stream) :-
    get_code(Stream, C),
    (   C =:= 10 -> true
    ;   C =:= -1 -> true
    ;   skip_line(Stream)
    ).

:- '$doc'("compile(+Files)", "Load Files (consult/1).").
compile(Files) :- consult(Files).

:- '$doc'("atom_char(?Char, ?Code)", "Code is the character code of the one-character atom Char (char_code/2).").
atom_char(Char, Code) :- char_code(Char, Code).

:- '$doc'("midstring(?ABC, ?B, ?AC)", "ABC is A+B+C and AC is A+C (atoms); see midstring/6.").
midstring(ABC, B, AC) :- midstring(ABC, B, AC, _, _, _).
:- '$doc'("midstring(?ABC, ?B, ?AC, ?LenA)", "midstring/6 with the length of A given.").
midstring(ABC, B, AC, LenA) :- midstring(ABC, B, AC, LenA, _, _).
:- '$doc'("midstring(?ABC, ?B, ?AC, ?LenA, ?LenB)", "midstring/6 with the lengths of A and B given.").
midstring(ABC, B, AC, LenA, LenB) :- midstring(ABC, B, AC, LenA, LenB, _).
:- '$doc'("midstring(?ABC, ?B, ?AC, ?LenA, ?LenB, ?LenC)", "ABC is the concatenation of atoms A, B, C with lengths LenA, LenB, LenC, and AC of A and C; enumerates B as sub_atom/5 does.").
midstring(ABC, B, AC, LenA, LenB, LenC) :-
    (   var(ABC)
    ->  sub_atom(AC, 0, LenA, LenC, A),
        sub_atom(AC, LenA, LenC, 0, C),
        atom_length(B, LenB),
        atomic_list_concat([A, B, C], ABC)
    ;   sub_atom(ABC, LenA, LenB, LenC, B),
        sub_atom(ABC, 0, LenA, _, A),
        sub_atom(ABC, _, LenC, 0, C),
        atom_concat(A, C, AC)
    ).

:- '$doc'("raise_exception(+Exception)", "Quintus name of throw/1.").
raise_exception(Exception) :- throw(Exception).

:- '$doc'("on_exception(+Ball, :Goal, :Recover)", "Quintus name of catch/3.").
on_exception(Ball, Goal, Recover) :- catch(Goal, Ball, Recover).
