/*  library(charsio): I/O on text held in lists, for knightlog, compatible
    with SWI-Prolog's library of the same name.  As in SWI-Prolog, the
    "chars" produced are character codes; the read predicates accept any
    text (codes, chars, atom, string).

    Reading parses the text as if " . " followed it, so a final full stop
    is optional; only the first term is read.  Input streams over text use
    open_string/2 where the system has it and otherwise a temporary file
    that is deleted as soon as it is open.
*/

:- module(charsio,
          [ format_to_chars/3,          % +Format, +Args, -Codes
            format_to_chars/4,          % +Format, +Args, -Codes, ?Tail
            write_to_chars/2,           % +Term, -Codes
            write_to_chars/3,           % +Term, -Codes, ?Tail
            atom_to_chars/2,            % +Atom, -Codes
            atom_to_chars/3,            % +Atom, -Codes, ?Tail
            number_to_chars/2,          % +Number, -Codes
            number_to_chars/3,          % +Number, -Codes, ?Tail
            read_from_chars/2,          % +Codes, -Term
            read_term_from_chars/3,     % +Codes, -Term, +Options
            open_chars_stream/2,        % +Codes, -Stream
            with_output_to_chars/2,     % :Goal, -Codes
            with_output_to_chars/3,     % :Goal, -Codes, ?Tail
            with_output_to_chars/4      % :Goal, -Stream, -Codes, ?Tail
          ]).

:- meta_predicate
    with_output_to_chars(0, -),
    with_output_to_chars(0, -, ?),
    with_output_to_chars(0, -, -, ?).

format_to_chars(Format, Args, Codes) :-
    format(codes(Codes), Format, Args).

format_to_chars(Format, Args, Codes, Tail) :-
    format(codes(Codes, Tail), Format, Args).

write_to_chars(Term, Codes) :-
    format(codes(Codes), '~w', [Term]).

write_to_chars(Term, Codes, Tail) :-
    format(codes(Codes, Tail), '~w', [Term]).

atom_to_chars(Atom, Codes) :-
    atom_codes(Atom, Codes).

atom_to_chars(Atom, Codes, Tail) :-
    atom_codes(Atom, Codes0),
    append(Codes0, Tail, Codes).

number_to_chars(Number, Codes) :-
    number_codes(Number, Codes).

number_to_chars(Number, Codes, Tail) :-
    number_codes(Number, Codes0),
    append(Codes0, Tail, Codes).

%!  read_from_chars(+Text, -Term) is det.

read_from_chars(Text, Term) :-
    read_term_from_chars(Text, Term, []).

%!  read_term_from_chars(+Text, -Term, +Options) is det.

read_term_from_chars(Text, Term, Options) :-
    (   ( var(Text) ; Text == [] )
    ->  Term = end_of_file
    ;   text_to_string(Text, String),
        (   all_layout(String)
        ->  Term = end_of_file
        ;   string_concat(String, " . ", Full),
            setup_call_cleanup(
                open_text_stream(Full, Stream),
                read_term(Stream, Term0, Options),
                close(Stream)),
            Term = Term0
        )
    ).

all_layout(String) :-
    string_codes(String, Codes),
    \+ ( member(C, Codes), \+ code_type(C, space) ).

%!  open_chars_stream(+Text, -Stream) is det.

open_chars_stream(Text, Stream) :-
    text_to_string(Text, String),
    open_text_stream(String, Stream).

open_text_stream(String, Stream) :-
    (   predicate_property(open_string(_, _), defined)
    ->  Goal = open_string(String, Stream),
        call(Goal)
    ;   tmp_file(charsio, File),
        setup_call_cleanup(
            open(File, write, Out, [encoding(utf8)]),
            write(Out, String),
            close(Out)),
        open(File, read, Stream, [encoding(utf8)]),
        delete_file(File)
    ).

%!  with_output_to_chars(:Goal, -Codes) is semidet.

with_output_to_chars(Goal, Codes) :-
    with_output_to(codes(Codes), Goal).

with_output_to_chars(Goal, Codes, Tail) :-
    with_output_to(codes(Codes0), Goal),
    append(Codes0, Tail, Codes).

with_output_to_chars(Goal, Stream, Codes, Tail) :-
    with_output_to(codes(Codes0), (current_output(Stream), Goal)),
    append(Codes0, Tail, Codes).
