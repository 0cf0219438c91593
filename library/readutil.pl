/*  library(readutil): reading lines, streams and files, for knightlog,
    compatible with SWI-Prolog's library of the same name.

    read_line_to_codes/2 and read_line_to_string/2 are system builtins in
    knightlog; they are exported here as in SWI-Prolog.
*/

:- module(read_util,
          [ read_line_to_codes/2,       % +Stream, -Codes (without trailing \n)
            read_line_to_codes/3,       % +Stream, -Codes, ?Tail
            read_stream_to_codes/2,     % +Stream, -Codes
            read_stream_to_codes/3,     % +Stream, -Codes, ?Tail
            read_file_to_codes/3,       % +File, -Codes, +Options
            read_line_to_string/2,      % +Stream, -Line (without trailing \n)
            read_file_to_string/3,      % +File, -Codes, +Options
            read_file_to_terms/3        % +File, -Terms, +Options
          ]).

%!  read_line_to_codes(+Stream, -Line, ?Tail) is det.
%
%   Difference-list version: Line holds the codes of the next line up to
%   and including its newline, followed by Tail.  At the end of the input
%   (no newline) Tail is unified with [].

read_line_to_codes(Stream, Line, Tail) :-
    get_code(Stream, C0),
    line_codes(C0, Stream, Line0, Tail0),
    Line = Line0,
    Tail = Tail0.

line_codes(-1, _, T, T) :-
    !,
    T = [].
line_codes(0'\n, _, [0'\n|T], T) :-
    !.
line_codes(C, Stream, [C|Cs], T) :-
    get_code(Stream, C1),
    line_codes(C1, Stream, Cs, T).

%!  read_stream_to_codes(+Stream, -Codes) is det.
%!  read_stream_to_codes(+Stream, -Codes, ?Tail) is det.

read_stream_to_codes(Stream, Codes) :-
    read_stream_to_codes(Stream, Codes, []).

read_stream_to_codes(Stream, Codes, Tail) :-
    get_code(Stream, C0),
    stream_codes(C0, Stream, Codes0, Tail0),
    Codes = Codes0,
    Tail = Tail0.

stream_codes(-1, _, T, T) :-
    !.
stream_codes(C, Stream, [C|Cs], T) :-
    get_code(Stream, C1),
    stream_codes(C1, Stream, Cs, T).

%!  read_file_to_codes(+Spec, -Codes, +Options) is det.
%
%   Options: tail(Tail), encoding(Enc) and the other options of open/4,
%   extensions(List) and file_type(Type) to find the file.

read_file_to_codes(Spec, Codes, Options) :-
    must_be(list, Options),
    option_value(tail(Tail), Options, []),
    source_file_path(Spec, Options, Path),
    open_options(Options, OpenOptions),
    setup_call_cleanup(
        open(Path, read, Stream, OpenOptions),
        read_stream_to_codes(Stream, Codes, Tail),
        close(Stream)).

%!  read_file_to_string(+Spec, -String, +Options) is det.

read_file_to_string(Spec, String, Options) :-
    must_be(list, Options),
    source_file_path(Spec, Options, Path),
    open_options(Options, OpenOptions),
    setup_call_cleanup(
        open(Path, read, Stream, OpenOptions),
        read_stream_to_codes(Stream, Codes, []),
        close(Stream)),
    string_codes(String, Codes).

%!  read_file_to_terms(+Spec, -Terms, +Options) is det.
%
%   Terms are the terms of the file up to its end; Options go to open/4
%   and read_term/2.

read_file_to_terms(Spec, Terms, Options) :-
    must_be(list, Options),
    source_file_path(Spec, Options, Path),
    open_options(Options, OpenOptions),
    read_options(Options, ReadOptions),
    setup_call_cleanup(
        open(Path, read, Stream, OpenOptions),
        read_terms(Stream, Terms, ReadOptions),
        close(Stream)).

read_terms(Stream, Terms, Options) :-
    read_term(Stream, T0, Options),
    read_terms(T0, Stream, Terms, Options).

read_terms(end_of_file, _, Terms, _) :-
    !,
    Terms = [].
read_terms(T, Stream, [T|Terms], Options) :-
    read_term(Stream, T1, Options),
    read_terms(T1, Stream, Terms, Options).

option_value(Opt, Options, Default) :-
    functor(Opt, Name, 1),
    functor(Gen, Name, 1),
    (   memberchk(Gen, Options)
    ->  Opt = Gen
    ;   arg(1, Opt, Default)
    ).

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
open_option(eof_action(_)).

read_options([], []).
read_options([O|Os], Read) :-
    (   nonvar(O), \+ open_option(O), \+ file_option(O)
    ->  Read = [O|Read1]
    ;   Read = Read1
    ),
    read_options(Os, Read1).

file_option(tail(_)).
file_option(extensions(_)).
file_option(file_type(_)).
file_option(access(_)).
file_option(file_errors(_)).
file_option(relative_to(_)).

%   source_file_path(+Spec, +Options, -Path)
%
%   The readable file Spec names, trying the extensions of Options.

source_file_path(Spec, _, _) :-
    var(Spec),
    !,
    throw(error(instantiation_error, _)).
source_file_path(Spec, Options, Path) :-
    (   atom(Spec) -> Base = Spec
    ;   string(Spec) -> atom_string(Base, Spec)
    ;   compound(Spec) -> Base = Spec
    ;   throw(error(type_error(text, Spec), _))
    ),
    (   atom(Base),
        file_extensions(Options, Exts),
        member(Ext, Exts),
        add_extension(Base, Ext, Path),
        exists_file(Path)
    ->  true
    ;   throw(error(existence_error(source_sink, Spec), _))
    ).

file_extensions(Options, Exts) :-
    (   memberchk(extensions(Exts0), Options)
    ->  Exts = [''|Exts0]
    ;   memberchk(file_type(prolog), Options)
    ->  Exts = ['', pl]
    ;   Exts = ['']
    ).

add_extension(Base, '', Base) :-
    !.
add_extension(Base, Ext, Path) :-
    (   sub_atom(Ext, 0, 1, _, '.')
    ->  atom_concat(Base, Ext, Path)
    ;   atomic_list_concat([Base, '.', Ext], Path)
    ).

