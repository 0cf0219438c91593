/*  library(http/json): reading and writing JSON, for knightlog, compatible
    with SWI-Prolog's library of the same name. Written for knightlog from
    SWI-Prolog's documentation and its observed behaviour (9.0.4).

    Two Prolog forms of JSON: the classic one (objects as json([Key=Value]),
    strings as atoms, @(true), @(false), @(null)) and dicts (objects as
    dicts, strings as strings, true, false, null). The parser and the layout
    are natives ('$json_read'/3, '$json_write'/3 in src/builtins/json/);
    this file checks the options and gathers them for them.
*/

:- module(json,
          [ json_read/2,                % +Stream, -Term
            json_read/3,                % +Stream, -Term, +Options
            atom_json_term/3,           % ?Atom, ?Term, +Options
            json_write/2,               % +Stream, +Term
            json_write/3,               % +Stream, +Term, +Options
            is_json_term/1,             % @Term
            is_json_term/2,             % @Term, +Options
            json_read_dict/2,           % +Stream, -Dict
            json_read_dict/3,           % +Stream, -Dict, +Options
            json_write_dict/2,          % +Stream, +Dict
            json_write_dict/3,          % +Stream, +Dict, +Options
            atom_json_dict/3            % ?Text, ?Dict, +Options
          ]).

:- use_module(library(option)).
:- use_module(library(error)).

%!  json_read(+Stream, -Term) is det.
%!  json_read(+Stream, -Term, +Options) is det.
%
%   Reads one JSON value from Stream as a classic JSON term. Options:
%   null(T), true(T), false(T) (defaults @(null), @(true), @(false)),
%   value_string_as(atom|string) (default atom), end_of_file(Term|error).

json_read(Stream, Term) :-
    json_read(Stream, Term, []).

json_read(Stream, Term, Options) :-
    read_record(Options, classic, Record),
    '$json_read'(Stream, Term, Record).

%!  json_read_dict(+Stream, -Dict) is det.
%!  json_read_dict(+Stream, -Dict, +Options) is det.
%
%   As json_read/3, objects as dicts and strings as strings; null, true
%   and false as those atoms. Options also tag(Key) (the string value of
%   Key becomes the dict's tag) and default_tag(Tag).

json_read_dict(Stream, Dict) :-
    json_read_dict(Stream, Dict, []).

json_read_dict(Stream, Dict, Options) :-
    read_record(Options, dict, Record),
    '$json_read'(Stream, Dict, Record).

read_record(Options, Mode, json_read_options(Dicts, Null, True, False, As,
                                             Tag, DefaultTag, Eof)) :-
    is_list(Options),
    mode_defaults(Mode, Dicts, Null0, True0, False0, As0),
    option(null(Null), Options, Null0),
    option(true(True), Options, True0),
    option(false(False), Options, False0),
    option(value_string_as(As), Options, As0),
    (   memberchk(As, [atom, string])
    ->  true
    ;   type_error(oneof([atom, string]), As)
    ),
    option(tag(Tag), Options, []),
    option(default_tag(DefaultTag), Options, _),
    option(end_of_file(EofOpt), Options, error),
    (   EofOpt == error
    ->  Eof = error
    ;   Eof = eof(EofOpt)
    ).

mode_defaults(classic, false, @(null), @(true), @(false), atom).
mode_defaults(dict, true, null, true, false, string).

%!  json_write(+Stream, +Term) is det.
%!  json_write(+Stream, +Term, +Options) is det.
%
%   Writes Term (a classic JSON term, or a dict) as JSON. Options:
%   width(W) (default 72; 0 writes one line), step(S) (2), tab(T) (8),
%   null(T), true(T), false(T), tag(Key) (write a dict's tag as the
%   value of Key), serialize_unknown(Bool).

json_write(Stream, Term) :-
    json_write(Stream, Term, []).

json_write(Stream, Term, Options) :-
    write_record(Options, classic, Record),
    '$json_write'(Stream, Term, Record).

%!  json_write_dict(+Stream, +Dict) is det.
%!  json_write_dict(+Stream, +Dict, +Options) is det.
%
%   As json_write/3, with the atoms null, true and false for those values.

json_write_dict(Stream, Dict) :-
    json_write_dict(Stream, Dict, []).

json_write_dict(Stream, Dict, Options) :-
    write_record(Options, dict, Record),
    '$json_write'(Stream, Dict, Record).

write_record(Options, Mode, json_write_options(Dicts, Width, Step, Tab, Null,
                                               True, False, Tag, Unknown)) :-
    is_list(Options),
    mode_defaults(Mode, Dicts, Null0, True0, False0, _),
    option(width(Width), Options, 72),
    must_be(nonneg, Width),
    option(step(Step), Options, 2),
    must_be(positive_integer, Step),
    option(tab(Tab), Options, 8),
    must_be(positive_integer, Tab),
    option(null(Null), Options, Null0),
    option(true(True), Options, True0),
    option(false(False), Options, False0),
    option(tag(Tag), Options, []),
    option(serialize_unknown(Unknown), Options, false).

%!  atom_json_term(?Atom, ?Term, +Options) is det.
%
%   Term is the classic JSON term of the JSON text Atom; if Atom is unbound,
%   Term is written with json_write/3 and Options, as(Type) (atom, string,
%   codes or chars) giving the text's type.

atom_json_term(Atom, Term, Options) :-
    (   nonvar(Atom)
    ->  must_be(atom, Atom),
        read_text(Atom, Term, Options, json_read)
    ;   write_text(Atom, Term, Options, json_write)
    ).

%!  atom_json_dict(?Text, ?Dict, +Options) is det.
%
%   As atom_json_term/3 with dicts: json_read_dict/3 and json_write_dict/3.

atom_json_dict(Text, Dict, Options) :-
    (   nonvar(Text)
    ->  read_text(Text, Dict, Options, json_read_dict)
    ;   write_text(Text, Dict, Options, json_write_dict)
    ).

read_text(Text, Term, Options, Reader) :-
    setup_call_cleanup(open_string(Text, In),
                       call(Reader, In, Term, Options),
                       close(In)).

write_text(Text, Term, Options, Writer) :-
    option(as(Type), Options, atom),
    (   memberchk(Type, [atom, string, codes, chars])
    ->  true
    ;   type_error(oneof([atom, string, codes, chars]), Type)
    ),
    Sink =.. [Type, Text0],
    with_output_to(Sink, call(Writer, current_output, Term, Options)),
    Text = Text0.

%!  is_json_term(@Term) is semidet.
%!  is_json_term(@Term, +Options) is semidet.
%
%   Term is a classic JSON term: a number, atom, string, list of JSON
%   terms, json([Key=Value, ...]) with atom or string keys, or one of the
%   null, true and false terms of Options (default @(null) ...).

is_json_term(Term) :-
    is_json_term(Term, []).

is_json_term(Term, Options) :-
    option(null(Null), Options, @(null)),
    option(true(True), Options, @(true)),
    option(false(False), Options, @(false)),
    json_term(Term, [Null, True, False]).

json_term(T, _) :-
    var(T),
    !,
    fail.
json_term(T, Constants) :-
    memberchk_eq(T, Constants),
    !.
json_term(T, _) :-
    (   number(T)
    ;   string(T)
    ;   atom(T)
    ),
    !.
json_term(T, _) :-
    T = @(C),
    !,
    memberchk(C, [null, true, false]).
json_term(json(Pairs), Constants) :-
    !,
    is_list(Pairs),
    json_pairs(Pairs, Constants).
json_term(List, Constants) :-
    is_list(List),
    json_terms(List, Constants).

json_terms([], _).
json_terms([T|Ts], Constants) :-
    json_term(T, Constants),
    json_terms(Ts, Constants).

json_pairs([], _).
json_pairs([P|Ps], Constants) :-
    nonvar(P),
    P = (K=V),
    (   atom(K)
    ;   string(K)
    ),
    !,
    json_term(V, Constants),
    json_pairs(Ps, Constants).

memberchk_eq(X, [Y|Ys]) :-
    (   X == Y
    ->  true
    ;   memberchk_eq(X, Ys)
    ).
