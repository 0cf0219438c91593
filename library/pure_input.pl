/*  library(pure_input): DCG parsing of files and streams, for knightlog,
    compatible with SWI-Prolog's library of the same name in its answers.

    Unlike SWI-Prolog, knightlog does not read the input lazily: the whole
    stream is read into a list of codes before the grammar runs (so the
    stream can be closed at once and the grammar may backtrack freely).
    lazy_list_location//1 and lazy_list_character_count//1 find their
    position by locating the remaining input in the list read.
*/

:- module(pure_input,
          [ phrase_from_file/2,         % :Grammar, +File
            phrase_from_file/3,         % :Grammar, +File, +Options
            phrase_from_stream/2,       % :Grammar, +Stream
            stream_to_lazy_list/2,      % :Stream -List
            syntax_error//1,            % +ErrorTerm
            lazy_list_location//1,      % -Location
            lazy_list_character_count//1 % -CharacterCount
          ]).

:- meta_predicate
    phrase_from_file(//, +),
    phrase_from_file(//, +, +),
    phrase_from_stream(//, +).

%!  phrase_from_file(:Grammar, +File) is nondet.
%!  phrase_from_file(:Grammar, +File, +Options) is nondet.
%
%   Run Grammar (with phrase/2) over the contents of File.  Options are
%   those of open/4 (encoding(Enc), type(Type), bom(Bool)).

phrase_from_file(Grammar, File) :-
    phrase_from_file(Grammar, File, []).

phrase_from_file(Grammar, File, Options) :-
    must_be(list, Options),
    open_options(Options, OpenOptions),
    setup_call_cleanup(
        open(File, read, Stream, OpenOptions),
        stream_context(Stream, Codes, Ctx),
        close(Stream)),
    phrase_in_context(Grammar, Codes, Ctx).

open_options([], []).
open_options([O|Os], Open) :-
    (   nonvar(O), open_option(O)
    ->  Open = [O|Open1]
    ;   Open = Open1
    ),
    open_options(Os, Open1).

open_option(encoding(_)).
open_option(type(_)).
open_option(bom(_)).

%!  phrase_from_stream(:Grammar, +Stream) is nondet.
%
%   Run Grammar over the rest of Stream.

phrase_from_stream(Grammar, Stream) :-
    stream_context(Stream, Codes, Ctx),
    phrase_in_context(Grammar, Codes, Ctx).

stream_context(Stream, Codes, ctx(Codes, Len, Source)) :-
    read_all_codes(Stream, Codes),
    length(Codes, Len),
    (   stream_property(Stream, file_name(Name))
    ->  Source = file(Name)
    ;   Source = stream(Stream)
    ).

phrase_in_context(Grammar, Codes, Ctx) :-
    (   contexts(Old)
    ->  true
    ;   Old = []
    ),
    b_setval('$pure_input_contexts', [Ctx|Old]),
    phrase(Grammar, Codes).

%!  stream_to_lazy_list(+Stream, -List) is det.
%
%   List holds the codes of the rest of Stream.

stream_to_lazy_list(Stream, List) :-
    read_all_codes(Stream, List).

read_all_codes(Stream, Codes) :-
    get_code(Stream, C0),
    read_all_codes(C0, Stream, Codes).

read_all_codes(-1, _, []) :-
    !.
read_all_codes(C, Stream, [C|Cs]) :-
    get_code(Stream, C1),
    read_all_codes(C1, Stream, Cs).

%!  lazy_list_location(-Location)// is det.
%
%   Location is file(Name, Line, LinePos, CharNo) (stream(Stream, ...) for
%   a stream without a file name) for input being parsed by
%   phrase_from_file/2,3 or phrase_from_stream/2, and end_of_file-Count
%   for another list.

lazy_list_location(Location, Here, Here) :-
    (   input_context(Here, Consumed, Prefix, Source)
    ->  line_position(Prefix, 1, 0, Line, LinePos),
        (   Source = file(Name)
        ->  Location = file(Name, Line, LinePos, Consumed)
        ;   Source = stream(S),
            Location = stream(S, Line, LinePos, Consumed)
        )
    ;   remaining_length(Here, Len),
        Location = end_of_file-Len
    ).

%!  lazy_list_character_count(-Count)// is det.
%
%   Count is the number of characters consumed so far.

lazy_list_character_count(Count, Here, Here) :-
    (   input_context(Here, Consumed, _, _)
    ->  Count = Consumed
    ;   remaining_length(Here, Len),
        Count = end_of_file-Len
    ).

%!  syntax_error(+Error)// is det.
%
%   Throw error(syntax_error(Error), Location) at the current location.

syntax_error(Error) -->
    lazy_list_location(Location),
    { throw(error(syntax_error(Error), Location)) }.

contexts(Contexts) :-
    catch(b_getval('$pure_input_contexts', Contexts), error(_, _), fail).

input_context(Here, Consumed, Prefix, Source) :-
    contexts(Contexts),
    remaining_length(Here, Rest),
    member(ctx(Codes, Len, Source), Contexts),
    Consumed is Len - Rest,
    Consumed >= 0,
    length(Prefix, Consumed),
    append(Prefix, Suffix, Codes),
    Suffix == Here,
    !.

remaining_length(List, Len) :-
    remaining_length(List, 0, Len).

remaining_length(List, N0, N) :-
    (   nonvar(List), List = [_|T]
    ->  N1 is N0 + 1,
        remaining_length(T, N1, N)
    ;   N = N0
    ).

line_position([], Line, Pos, Line, Pos).
line_position([C|Cs], Line0, Pos0, Line, Pos) :-
    (   C == 0'\n
    ->  Line1 is Line0 + 1,
        line_position(Cs, Line1, 0, Line, Pos)
    ;   Pos1 is Pos0 + 1,
        line_position(Cs, Line0, Pos1, Line, Pos)
    ).
