/*  library(codesio): I/O on lists of character codes, for knightlog,
    compatible with SWI-Prolog's library of the same name.

    Reading parses the text as if " . " followed it, so a final full stop
    is optional; only the first term is read.  Input streams over codes
    use open_string/2 where the system has it and otherwise a temporary
    file that is deleted as soon as it is open.
*/

:- module(codesio,
          [ format_to_codes/3,          % +Format, +Args, -Codes
            format_to_codes/4,          % +Format, +Args, -Codes, ?Tail
            write_to_codes/2,           % +Term, -Codes
            write_to_codes/3,           % +Term, -Codes, ?Tail
            write_term_to_codes/3,      % +Term, -Codes, +Options
            write_term_to_codes/4,      % +Term, -Codes, ?Tail, +Options
            read_from_codes/2,          % +Codes, -Term
            read_term_from_codes/3,     % +Codes, -Term, +Options
            open_codes_stream/2,        % +Codes, -Stream
            with_output_to_codes/2,     % :Goal, -Codes
            with_output_to_codes/3,     % :Goal, -Codes, ?Tail
            with_output_to_codes/4      % :Goal, -Stream, -Codes, ?Tail
          ]).

:- meta_predicate
    with_output_to_codes(0, -),
    with_output_to_codes(0, -, ?),
    with_output_to_codes(0, -, -, ?).

format_to_codes(Format, Args, Codes) :-
    format(codes(Codes), Format, Args).

format_to_codes(Format, Args, Codes, Tail) :-
    format(codes(Codes, Tail), Format, Args).

write_to_codes(Term, Codes) :-
    format(codes(Codes), '~w', [Term]).

write_to_codes(Term, Codes, Tail) :-
    format(codes(Codes, Tail), '~w', [Term]).

write_term_to_codes(Term, Codes, Options) :-
    with_output_to(codes(Codes), write_term(Term, Options)).

write_term_to_codes(Term, Codes, Tail, Options) :-
    with_output_to(codes(Codes0), write_term(Term, Options)),
    append(Codes0, Tail, Codes).

%!  read_from_codes(+Codes, -Term) is det.

read_from_codes(Codes, Term) :-
    read_term_from_codes(Codes, Term, []).

%!  read_term_from_codes(+Codes, -Term, +Options) is det.

read_term_from_codes(Codes, Term, Options) :-
    (   ( var(Codes) ; Codes == [] )
    ->  Term = end_of_file
    ;   text_to_string(Codes, String),
        (   all_layout(String)
        ->  Term = end_of_file
        ;   string_concat(String, " . ", Text),
            setup_call_cleanup(
                open_text_stream(Text, Stream),
                read_term(Stream, Term0, Options),
                close(Stream)),
            Term = Term0
        )
    ).

all_layout(String) :-
    string_codes(String, Codes),
    \+ ( member(C, Codes), \+ code_type(C, space) ).

%!  open_codes_stream(+Codes, -Stream) is det.

open_codes_stream(Codes, Stream) :-
    text_to_string(Codes, String),
    open_text_stream(String, Stream).

open_text_stream(String, Stream) :-
    (   predicate_property(open_string(_, _), defined)
    ->  Goal = open_string(String, Stream),
        call(Goal)
    ;   tmp_file(codesio, File),
        setup_call_cleanup(
            open(File, write, Out, [encoding(utf8)]),
            write(Out, String),
            close(Out)),
        open(File, read, Stream, [encoding(utf8)]),
        delete_file(File)
    ).

%!  with_output_to_codes(:Goal, -Codes) is semidet.

with_output_to_codes(Goal, Codes) :-
    with_output_to(codes(Codes), Goal).

with_output_to_codes(Goal, Codes, Tail) :-
    with_output_to(codes(Codes0), Goal),
    append(Codes0, Tail, Codes).

with_output_to_codes(Goal, Stream, Codes, Tail) :-
    with_output_to(codes(Codes0), (current_output(Stream), Goal)),
    append(Codes0, Tail, Codes).
