% url.pl -- library(url): the older, RFC 1738 style URL library (SWI-Prolog
% 9's module `url`): parse_url/2,3 turns a URL into a list of attributes
% and back, with www-form encoding of the search part. New code should use
% library(uri).
%
% Written for knightlog from SWI-Prolog's documentation and observed behaviour.
% Tested by: tests/prolog/lib_url.pl (tests/prolog_suites.rs).

:- module(url,
          [ parse_url/2,                % ?URL, ?Attributes
            parse_url/3,                % +URL, +BaseURL, -Attributes
            is_absolute_url/1,          % +URL
            global_url/3,               % +Local, +Base, -Global
            http_location/2,            % ?Parts, ?Location
            www_form_encode/2,          % ?Value, ?WwwFormEncoded
            parse_url_search/2,         % ?Codes, ?Fields
            set_url_encoding/2,         % ?Old, +New
            url_iri/2,                  % ?Encoded, ?Decoded
            file_name_to_url/2          % ?FileName, ?URL
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).

:- dynamic url_encoding/1.
url_encoding(utf8).

%!  parse_url(?URL, ?Attributes) is det.
%
%   Attributes is the list protocol(P), user(U), host(H), port(N), path(P),
%   search(NameValues) and fragment(F) (those present, in that order) of
%   URL. A URL without a protocol is read as `http://URL`. From Attributes,
%   URL is composed with the path, search and fragment %-encoded.

parse_url(URL, Attributes) :-
    (   var(URL)
    ->  compose_url(Attributes, URL)
    ;   url_codes(URL, Cs),
        phrase(url(Parts), Cs),
        !,
        Attributes = Parts
    ).

%!  parse_url(+URL, +BaseURL, -Attributes) is det.
%
%   As parse_url/2 of URL made global against BaseURL (global_url/3).

parse_url(URL, Base, Attributes) :-
    (   is_absolute_url(URL)
    ->  parse_url(URL, Attributes)
    ;   relative_url(URL, Rel),
        parse_url(Base, BaseAttrs),
        resolve(Rel, parse, BaseAttrs, Attrs),
        compose_url(Attrs, Global),
        parse_url(Global, Attributes)
    ).

%!  is_absolute_url(+URL) is semidet.
%
%   URL starts with a protocol of two or more characters and a colon.

is_absolute_url(URL) :-
    url_codes(URL, Cs),
    phrase(protocol(_), Cs, _),
    !.

%!  global_url(+URL, +Base, -Global) is det.
%
%   Global is URL made absolute against Base. An illegal URL raises
%   `syntax_error(illegal_url)`.

global_url(URL, Base, Global) :-
    (   is_absolute_url(URL)
    ->  Global = URL
    ;   relative_url(URL, Rel),
        parse_url(Base, Attrs),
        resolve(Rel, global, Attrs, Attrs1),
        compose_url(Attrs1, Global)
    ).

relative_url(URL, Rel) :-
    url_codes(URL, Cs),
    (   phrase(relative(Rel), Cs)
    ->  true
    ;   throw(error(syntax_error(illegal_url), URL))
    ).

% resolve(+Relative, +Mode, +BaseAttrs, -Attrs): global_url/3 (Mode global)
% keeps the base's path and search for a lone #fragment; parse_url/3 does
% not, as in SWI.
resolve(net(Attrs), _, BaseAttrs, [protocol(P)|Attrs]) :-
    !,
    ( memberchk(protocol(P), BaseAttrs) -> true ; P = http ).
resolve(local(Path, Search, Frag), Mode, Base, Attrs) :-
    base_keep(Base, Keep),
    (   Mode == global, Path == [], Search == none, Frag \== none
    ->  exclude(fragment_attr, Base, B0),
        append(B0, [fragment(Frag)], Attrs)
    ;   (   Path == []
        ->  P = /
        ;   Path = [0'/|_]
        ->  atom_codes(P, Path)
        ;   memberchk(path(BP), Base),
            atom_codes(BP, BPs),
            (   append(Dir, [0'/|Last], BPs), \+ memberchk(0'/, Last)
            ->  true
            ;   Dir = []
            ),
            up_dirs(Path, Dir, Path1, Dir1),
            append(Dir1, [0'/|Path1], Ps),
            atom_codes(P, Ps)
        ),
        append(Keep, [path(P)], A0),
        ( Search == none -> A1 = A0 ; append(A0, [search(Search)], A1) ),
        ( Frag == none -> Attrs = A1 ; append(A1, [fragment(Frag)], Attrs) )
    ).

fragment_attr(fragment(_)).

base_keep(Base, Keep) :-
    include(net_attr, Base, Keep).

net_attr(protocol(_)).
net_attr(user(_)).
net_attr(host(_)).
net_attr(port(_)).

% Each leading "../" of a relative path goes up one directory.
up_dirs(Path, Dir, Path1, Dir1) :-
    (   append(`../`, Rest, Path)
    ->  (   append(Up, [0'/|Last], Dir), \+ memberchk(0'/, Last)
        ->  true
        ;   Up = []
        ),
        up_dirs(Rest, Up, Path1, Dir1)
    ;   Path1 = Path,
        Dir1 = Dir
    ).

%!  http_location(?Parts, ?Location) is det.
%
%   Parts is [path(P), search(S), fragment(F)] (those present) of the
%   location part of an HTTP URL. Composing writes the path and the search
%   part (not the fragment, as SWI does).

http_location(Parts, Location) :-
    (   var(Location)
    ->  (   memberchk(path(P), Parts)
        ->  atom_codes(P, PCs),
            path_encode(PCs, L1)
        ;   L1 = []
        ),
        (   memberchk(search(S), Parts), S \== []
        ->  search_codes(S, SCs),
            append(L1, [0'?|SCs], L2)
        ;   L2 = L1
        ),
        atom_codes(Location, L2)
    ;   (   atom(Location)
        ->  atom_codes(Location, Cs)
        ;   is_list(Location),
            Cs = Location
        ),
        phrase(location(Parts0), Cs),
        !,
        Parts = Parts0
    ).

%!  www_form_encode(+Value, -Encoded) is det.
%!  www_form_encode(-Value, +Encoded) is det.
%
%   Encoded is Value in application/x-www-form-urlencoded form: every
%   character but ASCII letters, digits and `-._~` %-encoded (in lowercase
%   hexadecimal) as UTF-8 (or ISO Latin-1, see set_url_encoding/2), a
%   newline as `%0D%0A`. Decoding also reads `+` as a space.

www_form_encode(Value, Encoded) :-
    (   nonvar(Value)
    ->  atomic_codes(Value, Cs),
        form_encode(Cs, Es),
        atom_codes(Encoded, Es)
    ;   url_codes(Encoded, Es),
        form_decode(Es, Cs),
        atom_codes(Value, Cs)
    ).

%!  parse_url_search(?Spec, ?Fields) is det.
%
%   Fields is the list of Name=Value of the www-form-encoded search Spec
%   (codes or an atom); composing gives codes.

parse_url_search(Spec, Fields) :-
    (   nonvar(Spec)
    ->  url_codes(Spec, Cs),
        phrase(search(Fields0), Cs),
        !,
        Fields = Fields0
    ;   search_codes(Fields, Spec)
    ).

%!  set_url_encoding(?Old, +New) is semidet.
%
%   Old is the encoding of %-escapes (utf8, the default, or iso_latin_1)
%   and New becomes it.

set_url_encoding(Old, New) :-
    url_encoding(Old),
    (   memberchk(New, [utf8, iso_latin_1])
    ->  retractall(url_encoding(_)),
        assertz(url_encoding(New))
    ;   throw(error(type_error(oneof([utf8, iso_latin_1]), New), _))
    ).

%!  url_iri(+Encoded, -Decoded) is det.
%!  url_iri(-Encoded, +Decoded) is det.
%
%   Decoded is the IRI of the URL Encoded: its %-escapes of UTF-8 decoded.
%   Encoding %-encodes spaces and the characters beyond ASCII.

url_iri(Encoded, Decoded) :-
    (   nonvar(Encoded)
    ->  url_codes(Encoded, Es),
        iri_decode(Es, Cs),
        atom_codes(Decoded, Cs)
    ;   url_codes(Decoded, Cs),
        foldl(iri_char, Cs, Es, []),
        atom_codes(Encoded, Es)
    ).

iri_char(C, E0, E) :-
    (   ( C > 127 ; C == 0'\s )
    ->  utf8_bytes(C, Bs),
        foldl(hex_escape, Bs, E0, E)
    ;   E0 = [C|E]
    ).

% Strict UTF-8: a byte sequence that is not UTF-8 fails.
utf8_decode([], T, T).
utf8_decode([B|Bs], [C|Cs], T) :-
    (   B < 0x80
    ->  C = B, Rest = Bs
    ;   utf8_decode_one([B|Bs], C, Rest)
    ),
    utf8_decode(Rest, Cs, T).

cont(B) :-
    B >= 0x80,
    B =< 0xBF.

%!  file_name_to_url(+File, -URL) is det.
%!  file_name_to_url(-File, +URL) is semidet.
%
%   URL is `file://` followed by the absolute path of File (not encoded).

file_name_to_url(File, URL) :-
    (   nonvar(File)
    ->  absolute_file_name(File, Abs),
        atom_concat('file://', Abs, URL)
    ;   atom_concat('file://', File, URL)
    ).

% --- Parsing ---------------------------------------------------------------

url(Parts) -->
    protocol(P),
    !,
    (   { memberchk(P, [http, https, ftp]) }
    ->  (   "//"
        ->  authority(Net),
            net_location(Loc),
            { append([[protocol(P)], Net, Loc], Parts) }
        ;   location(Loc),
            { Parts = [protocol(P)|Loc] }
        )
    ;   { P == file }
    ->  "//",
        host_chars(HCs),
        location(Loc),
        { HCs == [] -> Net = [] ; atom_codes(H, HCs), Net = [host(H)] },
        { append([[protocol(file)], Net, Loc], Parts) }
    ;   rest(Cs),
        { atom_codes(Path, Cs),
          Parts = [protocol(P), path(Path)]
        }
    ).
url([protocol(http)|Parts]) -->
    authority(Net),
    net_location(Loc),
    { append(Net, Loc, Parts) }.

% After an authority, the location starts with / ? or # (or is empty).
net_location(Loc, Cs, Rest) :-
    (   Cs == [] -> true ; Cs = [C|_], memberchk(C, `/?#`) ),
    location(Loc, Cs, Rest).

protocol(P) -->
    [C0, C1],
    { code_type(C0, alpha), scheme_char(C1) },
    scheme_chars(Cs),
    ":",
    { maplist(lower, [C0, C1|Cs], Ls), atom_codes(P, Ls) }.

scheme_chars([C|Cs]) -->
    [C],
    { scheme_char(C) },
    !,
    scheme_chars(Cs).
scheme_chars([]) --> [].

scheme_char(C) :-
    (   code_type(C, alnum) -> true
    ;   memberchk(C, `+-.`)
    ).

lower(C, L) :-
    (   between(0'A, 0'Z, C) -> L is C + 32 ; L = C ).

authority(Net) -->
    (   user_chars(UCs), "@"
    ->  { atom_codes(U, UCs), Net = [user(U)|Net1] }
    ;   { Net = Net1 }
    ),
    host_chars(HCs),
    { atom_codes(H, HCs), Net1 = [host(H)|Net2] },
    (   ":"
    ->  digits(Ds),
        { Ds \== [], number_codes(Port, Ds), Net2 = [port(Port)] }
    ;   { Net2 = [] }
    ).

user_chars([C|Cs]) -->
    [C],
    { \+ memberchk(C, `@/?#`) },
    user_chars(Cs).
user_chars([]) --> [].

host_chars([C|Cs]) -->
    [C],
    { code_type(C, alnum) ; memberchk(C, `-._`) },
    !,
    host_chars(Cs).
host_chars([]) --> [].

digits([D|Ds]) -->
    [D],
    { between(0'0, 0'9, D) },
    !,
    digits(Ds).
digits([]) --> [].

% location(-Parts): path (default /), search and fragment.
location(Parts) -->
    path_codes(PCs),
    { PCs == [] -> Path = / ; atom_codes(Path, PCs) },
    (   "?"
    ->  search(S),
        { Parts = [path(Path), search(S)|Parts1] }
    ;   { Parts = [path(Path)|Parts1] }
    ),
    (   "#"
    ->  rest(FCs),
        { form_decode(FCs, Fs), atom_codes(F, Fs), Parts1 = [fragment(F)] }
    ;   { Parts1 = [] }
    ).

path_codes(Cs) -->
    path_chars(Es),
    { form_decode(Es, Cs) }.

path_chars([0'%, H1, H2|Cs]) -->
    "%", [H1, H2],
    { hex(H1, _), hex(H2, _) },
    !,
    path_chars(Cs).
path_chars([C|Cs]) -->
    [C],
    { code_type(C, alnum) ; memberchk(C, `!$&'()*+,-./:;=@_~`) },
    !,
    path_chars(Cs).
path_chars([]) --> [].

search([F|Fs]) -->
    search_item(Cs),
    { field(Cs, F) },
    (   [Sep], { memberchk(Sep, `&;`) }
    ->  search(Fs)
    ;   { Fs = [] }
    ).

search_item([C|Cs]) -->
    [C],
    { \+ memberchk(C, `&;#`) },
    !,
    search_item(Cs).
search_item([]) --> [].

field(Cs, F) :-
    (   append(N, [0'=|V], Cs)
    ->  form_decode(N, NCs), atom_codes(Name, NCs),
        form_decode(V, VCs), atom_codes(Value, VCs),
        F = (Name = Value)
    ;   form_decode(Cs, NCs),
        atom_codes(F, NCs)
    ).

% relative(-Rel): a relative URL, net(Attrs) for //host...
relative(net(Attrs)) -->
    "//",
    !,
    authority(Net),
    net_location(Loc),
    { append(Net, Loc, Attrs) }.
relative(local(Path, Search, Frag)) -->
    path_chars(Path),
    (   "?"
    ->  search(Search)
    ;   { Search = none }
    ),
    (   "#"
    ->  rest(FCs),
        { form_decode(FCs, Fs), atom_codes(Frag, Fs) }
    ;   { Frag = none }
    ).

rest(Cs, Cs, []).

% --- Composing -------------------------------------------------------------

compose_url(Attrs, URL) :-
    (   memberchk(protocol(P), Attrs)
    ->  atom_codes(P, PCs),
        append(PCs, `://`, L0)
    ;   L0 = `//`
    ),
    (   memberchk(user(U), Attrs)
    ->  atomic_codes(U, UCs),
        append([L0, UCs, `@`], L1)
    ;   L1 = L0
    ),
    (   memberchk(host(H), Attrs)
    ->  atomic_codes(H, HCs),
        append(L1, HCs, L2)
    ;   L2 = L1
    ),
    (   memberchk(port(N), Attrs)
    ->  number_codes(N, NCs),
        append([L2, `:`, NCs], L3)
    ;   L3 = L2
    ),
    (   memberchk(path(Path), Attrs)
    ->  atomic_codes(Path, Ps),
        path_encode(Ps, PEs),
        append(L3, PEs, L4)
    ;   L4 = L3
    ),
    (   memberchk(search(S), Attrs)
    ->  is_list(S),
        (   S == []
        ->  L5 = L4
        ;   search_codes(S, SCs),
            append(L4, [0'?|SCs], L5)
        )
    ;   L5 = L4
    ),
    (   memberchk(fragment(F), Attrs)
    ->  atomic_codes(F, FCs),
        form_encode(FCs, FEs),
        append(L5, [0'#|FEs], L6)
    ;   L6 = L5
    ),
    atom_codes(URL, L6).

search_codes(Fields, Cs) :-
    maplist(field_codes, Fields, Parts),
    join_amp(Parts, Cs).

field_codes(N = V, Cs) :-
    !,
    atomic_codes(N, NCs),
    atomic_codes(V, VCs),
    form_encode(NCs, NEs),
    form_encode(VCs, VEs),
    append(NEs, [0'=|VEs], Cs).
field_codes(N, Cs) :-
    atomic_codes(N, NCs),
    form_encode(NCs, Cs).

join_amp([], []).
join_amp([P], P) :- !.
join_amp([P|Ps], Cs) :-
    join_amp(Ps, Cs1),
    append(P, [0'&|Cs1], Cs).

% --- %-encoding ------------------------------------------------------------

path_encode(Cs, Es) :-
    foldl(path_char, Cs, Es, []).

path_char(C, E0, E) :-
    (   C < 128, ( code_type(C, alnum) ; memberchk(C, `+,-./:_~`) )
    ->  E0 = [C|E]
    ;   char_escape(C, E0, E)
    ).

form_encode(Cs, Es) :-
    foldl(form_char, Cs, Es, []).

form_char(C, E0, E) :-
    (   C < 128, ( code_type(C, alnum) ; memberchk(C, `-._~`) )
    ->  E0 = [C|E]
    ;   C == 0'\n
    ->  E0 = [0'%, 0'0, 0'D, 0'%, 0'0, 0'A|E]
    ;   char_escape(C, E0, E)
    ).

char_escape(C, E0, E) :-
    (   url_encoding(iso_latin_1), C < 256
    ->  Bs = [C]
    ;   utf8_bytes(C, Bs)
    ),
    foldl(hex_escape, Bs, E0, E).

hex_escape(B, [0'%, D1, D2|E], E) :-
    H is B >> 4,
    L is B /\ 15,
    hex_digit(H, D1),
    hex_digit(L, D2).

hex_digit(V, D) :-
    (   V < 10 -> D is 0'0 + V ; D is 0'a + V - 10 ).

hex(C, V) :-
    (   between(0'0, 0'9, C) -> V is C - 0'0
    ;   between(0'a, 0'f, C) -> V is C - 0'a + 10
    ;   between(0'A, 0'F, C) -> V is C - 0'A + 10
    ).

% form_decode(+Encoded, -Codes): %-escapes decoded (a run as UTF-8 where it
% is, else byte by byte), `+` as a space and `%0D%0A` as a newline;
% iri_decode/2 decodes only escapes, and only of UTF-8.
form_decode(Es, Cs) :-
    decode_escapes(Es, form, Cs).

iri_decode(Es, Cs) :-
    decode_escapes(Es, iri, Cs).

decode_escapes([], _, []).
decode_escapes([0'%, H1, H2|Es], How, Cs) :-
    hex(H1, _),
    hex(H2, _),
    !,
    escape_bytes([0'%, H1, H2|Es], Bytes, Rest),
    (   How == form
    ->  bytes_text(Bytes, Cs, Cs1)
    ;   utf8_decode(Bytes, Cs, Cs1)
    ),
    decode_escapes(Rest, How, Cs1).
decode_escapes([0'+|Es], form, [0'\s|Cs]) :-
    !,
    decode_escapes(Es, form, Cs).
decode_escapes([C|Es], How, [C|Cs]) :-
    decode_escapes(Es, How, Cs).

escape_bytes([0'%, H1, H2|Es], [B|Bs], Rest) :-
    hex(H1, V1),
    hex(H2, V2),
    !,
    B is V1 * 16 + V2,
    escape_bytes(Es, Bs, Rest).
escape_bytes(Es, [], Es).

bytes_text(Bytes, Cs, T) :-
    (   Bytes == []
    ->  Cs = T
    ;   Bytes = [0x0D, 0x0A|Bs]
    ->  Cs = [0'\n|Cs1],
        bytes_text(Bs, Cs1, T)
    ;   url_encoding(utf8),
        Bytes = [B|_], B >= 0x80,
        utf8_decode_one(Bytes, C, Rest)
    ->  Cs = [C|Cs1],
        bytes_text(Rest, Cs1, T)
    ;   Bytes = [B|Rest],
        Cs = [B|Cs1],
        bytes_text(Rest, Cs1, T)
    ).

utf8_decode_one([B|Bs], C, Rest) :-
    (   B >= 0xC2, B =< 0xDF, Bs = [B1|Rest], cont(B1)
    ->  C is (B /\ 0x1F) << 6 \/ (B1 /\ 0x3F)
    ;   B >= 0xE0, B =< 0xEF, Bs = [B1, B2|Rest], cont(B1), cont(B2)
    ->  C is (B /\ 0x0F) << 12 \/ (B1 /\ 0x3F) << 6 \/ (B2 /\ 0x3F)
    ;   B >= 0xF0, B =< 0xF4, Bs = [B1, B2, B3|Rest], cont(B1), cont(B2), cont(B3)
    ->  C is (B /\ 0x07) << 18 \/ (B1 /\ 0x3F) << 12 \/ (B2 /\ 0x3F) << 6 \/ (B3 /\ 0x3F)
    ).

utf8_bytes(C, Bytes) :-
    string_codes(S, [C]),
    string_bytes(S, Bytes, utf8).

% --- Text ------------------------------------------------------------------

url_codes(X, Cs) :-
    (   var(X)
    ->  throw(error(instantiation_error, _))
    ;   is_list(X)
    ->  Cs = X
    ;   atomic_codes(X, Cs)
    ).

atomic_codes(X, Cs) :-
    (   string(X)
    ->  string_codes(X, Cs)
    ;   atom_codes(X, Cs)
    ).
