% edinburgh.pl -- library(edinburgh): old Edinburgh Prolog predicates
% (SWI-Prolog 9's module `edinburgh`): display/1,2, unknown/2, reconsult/1,
% debug/0, nodebug/0 and fileerrors/2. debug/0 and nodebug/0 are knightlog
% system predicates, exported here as in SWI-Prolog.
%
% fileerrors/2 keeps its state in this module (knightlog has no `fileerrors`
% flag; SWI-Prolog's flag changes whether a failed open/3 raises an error,
% which knightlog's open/3 always does).
%
% Written for knightlog from SWI-Prolog's documentation and observed behaviour.
% Tested by: tests/prolog/lib_edinburgh.pl (tests/prolog_suites.rs).

:- module(edinburgh,
          [ display/1,
            display/2,
            unknown/2,
            reconsult/1,
            debug/0,
            nodebug/0,
            fileerrors/2
          ]).

:- meta_predicate reconsult(:).

:- dynamic fileerrors_state/1.
fileerrors_state(true).

%   display(+Term): write Term to current output in canonical functional
%   notation: no operators, lists as '[|]'(H, T), atoms quoted where needed.
display(Term) :-
    current_output(S),
    display(S, Term).

%   display(+Stream, +Term)
display(Stream, Term) :-
    display_([Term], Stream).

display_([], _).
display_([T|Ts], S) :-
    (   T = '$text'(Text)
    ->  write(S, Text),
        display_(Ts, S)
    ;   var(T)
    ->  write(S, T),
        display_(Ts, S)
    ;   compound(T)
    ->  compound_name_arguments(T, Name, Args),
        writeq(S, Name),
        write(S, '('),
        display_args(Args, Items, ['$text'(')')|Ts]),
        display_(Items, S)
    ;   writeq(S, T),
        display_(Ts, S)
    ).

display_args([A], [A|Tail], Tail) :- !.
display_args([A|As], [A, '$text'(',')|Items], Tail) :-
    display_args(As, Items, Tail).

%   unknown(-Old, +New): Old is the unknown flag as Edinburgh Prolog names it
%   (trace for error, fail); set it to New (trace or fail).
unknown(Old, New) :-
    current_prolog_flag(unknown, Flag),
    edinburgh_unknown(Flag, Old),
    edinburgh_unknown(NewFlag, New),
    !,
    set_prolog_flag(unknown, NewFlag).

edinburgh_unknown(error, trace).
edinburgh_unknown(fail, fail).
edinburgh_unknown(warning, trace).

%   reconsult(+File): consult(File).
reconsult(File) :-
    consult(File).

%   fileerrors(-Old, +New): Old is true or false; New is a Boolean (true,
%   false, on or off).
fileerrors(Old, New) :-
    fileerrors_state(Old0),
    Old = Old0,
    (   var(New)
    ->  throw(error(instantiation_error, _))
    ;   memberchk(New-Value, [true-true, on-true, false-false, off-false])
    ->  true
    ;   throw(error(type_error(bool, New), _))
    ),
    retractall(fileerrors_state(_)),
    assertz(fileerrors_state(Value)).
