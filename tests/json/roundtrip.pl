% Run by tests/json_swi.rs under knightlog and SWI-Prolog with the same
% files: reads each JSON file given on the command line as dicts and as
% classic terms and writes them back in several layouts. Both systems must
% print the same bytes.

:- use_module(library(http/json)).
:- initialization(main, main).

main :-
    current_prolog_flag(argv, Files),
    set_stream(user_output, encoding(utf8)),
    maplist(document, Files).

document(File) :-
    format("== ~w~n", [File]),
    forall(layout(Options),
           ( read_file(File, json_read_dict, Dict),
             json_write_dict(current_output, Dict, Options),
             nl
           )),
    read_file(File, json_read, Term),
    json_write(current_output, Term),
    nl,
    print(Term),
    nl,
    read_file(File, json_read_dict, D),
    atom_json_dict(Text, D, [as(string), width(40)]),
    atom_json_dict(Text, D2, []),
    (   D2 =@= D
    ->  writeln(same)
    ;   writeln(differs)
    ).

layout([]).
layout([width(0)]).
layout([width(30), step(3), tab(4)]).
layout([width(50), step(8)]).

read_file(File, Reader, Term) :-
    setup_call_cleanup(open(File, read, In, [encoding(utf8)]),
                       call(Reader, In, Term),
                       close(In)).
