/*  library(codesio): I/O on lists of character codes, for knightlog,
    compatible with SWI-Prolog's library of the same name.

    Reading parses the text as if " . " followed it, so a final full stop
    is optional; only the first term is read.  Reading and input streams
    are library(charsio)'s, which accepts codes among other text.
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

:- use_module(library(charsio),
              [ read_term_from_chars/3,
                open_chars_stream/2,
                with_output_to_chars/2,
                with_output_to_chars/3,
                with_output_to_chars/4
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
    read_term_from_chars(Codes, Term, []).

%!  read_term_from_codes(+Codes, -Term, +Options) is det.
%
%   library(charsio) reads any text, codes included: the same reader.

read_term_from_codes(Codes, Term, Options) :-
    read_term_from_chars(Codes, Term, Options).

%!  open_codes_stream(+Codes, -Stream) is det.

open_codes_stream(Codes, Stream) :-
    open_chars_stream(Codes, Stream).

%!  with_output_to_codes(:Goal, -Codes) is semidet.

with_output_to_codes(Goal, Codes) :-
    with_output_to_chars(Goal, Codes).

with_output_to_codes(Goal, Codes, Tail) :-
    with_output_to_chars(Goal, Codes, Tail).

with_output_to_codes(Goal, Stream, Codes, Tail) :-
    with_output_to_chars(Goal, Stream, Codes, Tail).
