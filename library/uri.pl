% uri.pl -- library(uri): parsing, composing, resolving, normalizing and
% %-encoding URIs and IRIs (SWI-Prolog 9's module `uri`, which is written in
% C there; here in Prolog over code lists).
%
% A URI is split by RFC 3986's regular expression into scheme, authority,
% path, query and fragment. Normalization lowercases the scheme and the
% authority, removes dot segments and rewrites %-escapes: each escape (a run
% of them is read as UTF-8 where it is valid, byte by byte as ISO Latin-1
% where not) becomes its character where the component allows that
% character unescaped, and every character the component does not allow is
% escaped as UTF-8. The sets are SWI's, observed per component.
%
% Written for knightlog from SWI-Prolog's documentation and observed behaviour.
% Tested by: tests/prolog/lib_uri.pl (tests/prolog_suites.rs).

:- module(uri,
          [ uri_components/2,           % ?URI, ?Components
            uri_data/3,                 % ?Field, +Components, ?Data
            uri_data/4,                 % +Field, +Components, +Data, -NewComponents
            uri_normalized/2,           % +URI, -NormalizedURI
            iri_normalized/2,           % +IRI, -NormalizedIRI
            uri_normalized_iri/2,       % +URI, -NormalizedIRI
            uri_normalized/3,           % +URI, +Base, -NormalizedURI
            iri_normalized/3,           % +IRI, +Base, -NormalizedIRI
            uri_normalized_iri/3,       % +URI, +Base, -NormalizedIRI
            uri_resolve/3,              % +URI, +Base, -AbsURI
            uri_is_global/1,            % +URI
            uri_query_components/2,     % ?QueryString, ?ValueList
            uri_authority_components/2, % ?Authority, ?Components
            uri_authority_data/3,       % ?Field, ?Components, ?Data
            uri_encoded/3,              % +Component, ?Value, ?Encoded
            uri_file_name/2,            % ?URI, ?FileName
            uri_iri/2                   % ?URI, ?IRI
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).

%!  uri_components(+URI, -Components) is det.
%!  uri_components(-URI, +Components) is det.
%
%   Components is uri_components(Scheme, Authority, Path, Search, Fragment);
%   parts a URI lacks are left unbound (the path is always there).
%   Composing writes the parts as they are, without escaping.

uri_components(URI, Components) :-
    (   nonvar(URI)
    ->  text_codes(URI, Cs),
        split(Cs, S, A, P, Q, F),
        maplist(part_atom, [S, A, P, Q, F], [S1, A1, P1, Q1, F1]),
        Components = uri_components(S1, A1, P1, Q1, F1)
    ;   nonvar(Components),
        Components = uri_components(S, A, P, Q, F)
    ->  maplist(component_codes, [S, A, P, Q, F], [S1, A1, P1, Q1, F1]),
        join(S1, A1, P1, Q1, F1, Cs),
        codes_atom(Cs, URI)
    ;   throw(error(instantiation_error, _))
    ).

part_atom(none, _) :- !.
part_atom(Cs, A) :- atom_codes(A, Cs).

component_codes(V, none) :- var(V), !.
component_codes(V, Cs) :-
    (   atom(V) -> atom_codes(V, Cs)
    ;   string(V) -> string_codes(V, Cs)
    ;   throw(error(type_error(atom, V), _))
    ).

%!  uri_data(?Field, +Components, ?Data) is semidet.
%
%   Data is the Field (scheme, authority, path, search or fragment) of a
%   uri_components/5 term.

uri_data(scheme, uri_components(S, _, _, _, _), S).
uri_data(authority, uri_components(_, A, _, _, _), A).
uri_data(path, uri_components(_, _, P, _, _), P).
uri_data(search, uri_components(_, _, _, Q, _), Q).
uri_data(fragment, uri_components(_, _, _, _, F), F).

%!  uri_data(+Field, +Components, +Data, -NewComponents) is semidet.
%
%   NewComponents is Components with Field set to Data.

uri_data(scheme, uri_components(_, A, P, Q, F), S, uri_components(S, A, P, Q, F)).
uri_data(authority, uri_components(S, _, P, Q, F), A, uri_components(S, A, P, Q, F)).
uri_data(path, uri_components(S, A, _, Q, F), P, uri_components(S, A, P, Q, F)).
uri_data(search, uri_components(S, A, P, _, F), Q, uri_components(S, A, P, Q, F)).
uri_data(fragment, uri_components(S, A, P, Q, _), F, uri_components(S, A, P, Q, F)).

%!  uri_authority_components(+Authority, -Components) is det.
%!  uri_authority_components(-Authority, +Components) is det.
%
%   Components is uri_authority(User, Password, Host, Port); absent parts
%   are unbound, a numeric port is an integer, and parsing decodes
%   %-escapes of the user, password and host.

uri_authority_components(Auth, Components) :-
    (   nonvar(Auth)
    ->  text_codes(Auth, Cs),
        (   append(UserInfo, [0'@|HostPort], Cs),
            \+ memberchk(0'@, HostPort)
        ->  (   append(U, [0':|Pw], UserInfo)
            ->  decoded_atom(U, User),
                decoded_atom(Pw, Password)
            ;   decoded_atom(UserInfo, User)
            )
        ;   HostPort = Cs
        ),
        (   append(H, [0':|P], HostPort)
        ->  port(P, Port)
        ;   H = HostPort
        ),
        decoded_atom(H, Host),
        Components = uri_authority(User, Password, Host, Port)
    ;   nonvar(Components),
        Components = uri_authority(User, Password, Host, Port)
    ->  (   var(User)
        ->  Us = []
        ;   var(Password)
        ->  atomic_codes(User, U),
            append(U, `@`, Us)
        ;   atomic_codes(User, U),
            atomic_codes(Password, Pw),
            append([U, `:`, Pw, `@`], Us)
        ),
        (   var(Host) -> Hs = [] ; atomic_codes(Host, Hs) ),
        (   var(Port) -> Ps = [] ; atomic_codes(Port, P), Ps = [0':|P] ),
        append([Us, Hs, Ps], Cs),
        codes_atom(Cs, Auth)
    ;   throw(error(instantiation_error, _))
    ).

port(Cs, Port) :-
    (   Cs == []
    ->  Port = 0
    ;   maplist(digit, Cs)
    ->  number_codes(Port, Cs)
    ;   atom_codes(Port, Cs)
    ).

digit(C) :- between(0'0, 0'9, C).

%!  uri_authority_data(?Field, ?Components, ?Data) is semidet.
%
%   Data is the Field (user, password, host or port) of a uri_authority/4
%   term.

uri_authority_data(user, uri_authority(U, _, _, _), U).
uri_authority_data(password, uri_authority(_, P, _, _), P).
uri_authority_data(host, uri_authority(_, _, H, _), H).
uri_authority_data(port, uri_authority(_, _, _, P), P).

%!  uri_encoded(+Component, +Value, -Encoded) is det.
%!  uri_encoded(+Component, -Value, +Encoded) is det.
%
%   Encoded is Value with the characters that may not appear unescaped in
%   Component (query_value, fragment, path or segment) %-encoded as UTF-8.
%   Decoding reads runs of escapes as UTF-8 (ISO Latin-1 where that fails)
%   and, for query_value, `+` as a space.

uri_encoded(Component, Value, Encoded) :-
    (   var(Component)
    ->  throw(error(type_error(atom, Component), _))
    ;   memberchk(Component, [query_value, fragment, path, segment])
    ->  true
    ;   throw(error(domain_error(uri_component, Component), _))
    ),
    (   nonvar(Value)
    ->  (   atomic(Value)
        ->  atomic_codes(Value, Cs)
        ;   throw(error(type_error(atomic, Value), _))
        ),
        encode_codes(Cs, Component, Es),
        codes_atom(Es, Encoded)
    ;   var(Encoded)
    ->  throw(error(instantiation_error, _))
    ;   atom(Encoded)
    ->  atom_codes(Encoded, Es),
        (   Component == query_value
        ->  decode_codes(Es, plus, Cs)
        ;   decode_codes(Es, keep, Cs)
        ),
        atom_codes(Value, Cs)
    ;   throw(error(type_error(atom, Encoded), _))
    ).

%!  uri_query_components(+String, -Query) is det.
%!  uri_query_components(-String, +Query) is det.
%
%   Query is the list of Name=Value pairs (atoms, fully decoded) of the
%   query String, whose pairs are separated by `&` or `;`. Composing also
%   takes Name(Value) and Name-Value, with atomic names and values.

uri_query_components(String, Query) :-
    (   nonvar(String)
    ->  text_codes(String, Cs),
        query_pairs(Cs, Pairs),
        Query = Pairs
    ;   is_list(Query)
    ->  maplist(query_pair_codes, Query, Parts),
        atomic_list_concat(Parts, '&', String)
    ;   throw(error(instantiation_error, _))
    ).

query_pairs([], []) :- !.
query_pairs(Cs, [Name=Value|Pairs]) :-
    (   append(N, [0'=|Rest], Cs)
    ->  true
    ;   throw(error(syntax_error(illegal_uri_query), _))
    ),
    !,
    (   append(V, [Sep|More], Rest),
        memberchk(Sep, `&;`)
    ->  true
    ;   V = Rest,
        More = []
    ),
    !,
    decode_codes(N, keep, NCs),
    atom_codes(Name, NCs),
    decode_codes(V, plus, VCs),
    atom_codes(Value, VCs),
    query_pairs(More, Pairs).

query_pair_codes(Pair, Atom) :-
    (   var(Pair)
    ->  throw(error(instantiation_error, _))
    ;   Pair = (N = V) -> true
    ;   Pair = N-V -> true
    ;   compound(Pair), compound_name_arguments(Pair, N, [V]) -> true
    ;   throw(error(type_error(name_value, Pair), _))
    ),
    query_text(N, NE),
    query_text(V, VE),
    append(NE, [0'=|VE], Cs),
    atom_codes(Atom, Cs).

query_text(X, Es) :-
    (   var(X)
    ->  throw(error(instantiation_error, _))
    ;   atomic(X)
    ->  atomic_codes(X, Cs),
        encode_codes(Cs, query_value, Es)
    ;   throw(error(type_error(atomic, X), _))
    ).

%!  uri_is_global(+URI) is semidet.
%
%   URI has a scheme of two or more characters (so that a DOS path such as
%   `c:/x` is not global).

uri_is_global(URI) :-
    text_codes(URI, Cs),
    append(S, [0':|_], Cs),
    !,
    S = [_, _|_],
    maplist(scheme_char, S).

scheme_char(C) :-
    (   code_type(C, alnum) -> true
    ;   memberchk(C, `+-.`)
    ).

%!  uri_resolve(+URI, +Base, -GlobalURI) is det.
%
%   GlobalURI is URI resolved against Base as RFC 3986 section 5.2 says
%   (dot segments removed, no other normalization).

uri_resolve(URI, Base, Global) :-
    resolve_parts(URI, Base, S, A, P, Q, F),
    join(S, A, P, Q, F, Cs),
    codes_atom(Cs, Global).

resolve_parts(URI, Base, S, A, P, Q, F) :-
    text_codes(URI, Cs),
    text_codes(Base, BCs),
    split(Cs, S0, A0, P0, Q0, F0),
    F = F0,
    (   S0 \== none
    ->  S = S0, A = A0, remove_dots(P0, P), Q = Q0
    ;   split(BCs, BS, BA, BP, BQ, _),
        S = BS,
        (   A0 \== none
        ->  A = A0, remove_dots(P0, P), Q = Q0
        ;   A = BA,
            (   P0 == []
            ->  P = BP,
                ( Q0 == none -> Q = BQ ; Q = Q0 )
            ;   (   P0 = [0'/|_]
                ->  remove_dots(P0, P)
                ;   merge(BA, BP, P0, M),
                    remove_dots(M, P)
                ),
                Q = Q0
            )
        )
    ).

% As SWI: against a base with an authority and an empty path, the
% reference's path is dropped (RFC 3986 would give "/" + path).
merge(BA, BP, P, M) :-
    (   BA \== none, BP == []
    ->  P = _,
        M = []
    ;   append(Dir, [0'/|Last], BP),
        \+ memberchk(0'/, Last)
    ->  append(Dir, [0'/|P], M)
    ;   M = P
    ).

%!  uri_normalized(+URI, -NormalizedURI) is det.
%
%   NormalizedURI is URI with its scheme and authority in lowercase, dot
%   segments removed and %-escapes normalized (RFC 3986 section 6.2.2).

uri_normalized(URI, Normalized) :-
    normalized(URI, uri, Normalized).

%!  iri_normalized(+IRI, -NormalizedIRI) is det.
%
%   As uri_normalized/2 without normalizing %-escapes; characters beyond
%   ASCII stay as they are.

iri_normalized(IRI, Normalized) :-
    normalized(IRI, iri, Normalized).

%!  uri_normalized_iri(+URI, -NormalizedIRI) is det.
%
%   As uri_normalized/2, but %-escapes of characters beyond ASCII (and of
%   `%`) become the characters themselves.

uri_normalized_iri(URI, Normalized) :-
    normalized(URI, uri_iri, Normalized).

%!  uri_normalized(+URI, +Base, -NormalizedGlobalURI) is det.
%!  iri_normalized(+IRI, +Base, -NormalizedGlobalIRI) is det.
%!  uri_normalized_iri(+URI, +Base, -NormalizedGlobalIRI) is det.
%
%   The normalized form of URI resolved against Base.

uri_normalized(URI, Base, Normalized) :-
    uri_resolve(URI, Base, Global),
    normalized(Global, uri, Normalized).

iri_normalized(IRI, Base, Normalized) :-
    uri_resolve(IRI, Base, Global),
    normalized(Global, iri, Normalized).

uri_normalized_iri(URI, Base, Normalized) :-
    uri_resolve(URI, Base, Global),
    normalized(Global, uri_iri, Normalized).

%!  uri_iri(+URI, -IRI) is det.
%!  uri_iri(-URI, +IRI) is det.
%
%   IRI is the normalized URI with the %-escapes of characters beyond ASCII
%   decoded (uri_normalized_iri/2); from IRI, URI is uri_normalized/2 of it.

uri_iri(URI, IRI) :-
    (   nonvar(URI)
    ->  normalized(URI, uri_iri, IRI)
    ;   nonvar(IRI)
    ->  normalized(IRI, uri, URI)
    ;   throw(error(instantiation_error, _))
    ).

%!  uri_file_name(+URI, -FileName) is semidet.
%!  uri_file_name(-URI, +FileName) is det.
%
%   URI is a `file:` URI (with an empty or `localhost` authority) naming
%   the file FileName; from a relative FileName, URI names its absolute
%   path.

uri_file_name(URI, File) :-
    (   nonvar(URI)
    ->  text_codes(URI, Cs),
        split(Cs, S, A, P, _, _),
        S == `file`,
        ( A == none -> true ; A == [] -> true ; A == `localhost` ),
        decode_codes(P, keep, FCs),
        codes_atom(FCs, File)
    ;   nonvar(File)
    ->  absolute_file_name(File, Abs),
        atom_codes(Abs, FCs),
        encode_codes(FCs, path, Es),
        append(`file://`, Es, Cs),
        codes_atom(Cs, URI)
    ).

% --- Splitting and joining -------------------------------------------------

% split(+Codes, -Scheme, -Authority, -Path, -Query, -Fragment): the parts by
% RFC 3986's regular expression; an absent part is `none`.
split(Cs, S, A, P, Q, F) :-
    (   scheme(Cs, S0, R0)
    ->  S = S0
    ;   S = none,
        R0 = Cs
    ),
    (   R0 = [0'/, 0'/|R1]
    ->  upto(R1, `/?#`, A, R2)
    ;   A = none,
        R2 = R0
    ),
    upto(R2, `?#`, P, R3),
    (   R3 = [0'?|R4]
    ->  upto(R4, `#`, Q, R5)
    ;   Q = none,
        R5 = R3
    ),
    (   R5 = [0'#|F0]
    ->  F = F0
    ;   F = none
    ).

scheme([C|Cs], [C|S], R) :-
    \+ memberchk(C, `:/?#`),
    scheme_rest(Cs, S, R).

scheme_rest([0':|R], [], R) :- !.
scheme_rest([C|Cs], [C|S], R) :-
    \+ memberchk(C, `/?#`),
    scheme_rest(Cs, S, R).

upto([], _, [], []).
upto([C|Cs], Stops, Part, Rest) :-
    (   memberchk(C, Stops)
    ->  Part = [],
        Rest = [C|Cs]
    ;   Part = [C|P],
        upto(Cs, Stops, P, Rest)
    ).

join(S, A, P, Q, F, Cs) :-
    ( S == none -> L1 = [] ; append(S, `:`, L1) ),
    ( A == none -> L2 = [] ; append(`//`, A, L2) ),
    ( P == none -> L3 = [] ; L3 = P ),
    ( Q == none -> L4 = [] ; L4 = [0'?|Q] ),
    ( F == none -> L5 = [] ; L5 = [0'#|F] ),
    append([L1, L2, L3, L4, L5], Cs).

% remove_dots(+Path, -Path): RFC 3986 section 5.2.4, except that a leading
% "../" leaves the path rooted, as SWI's does.
remove_dots(In, Out) :-
    remove_dots(In, [], Rev),
    reverse(Rev, Segs),
    append(Segs, Out).

remove_dots([], Out, Out) :- !.
remove_dots(In, Out0, Out) :-
    (   append(`../`, R, In)
    ->  remove_dots([0'/|R], Out0, Out)
    ;   append(`./`, R, In)
    ->  remove_dots(R, Out0, Out)
    ;   append(`/./`, R, In)
    ->  remove_dots([0'/|R], Out0, Out)
    ;   In == `/.`
    ->  remove_dots(`/`, Out0, Out)
    ;   append(`/../`, R, In)
    ->  pop(Out0, Out1),
        remove_dots([0'/|R], Out1, Out)
    ;   In == `/..`
    ->  pop(Out0, Out1),
        remove_dots(`/`, Out1, Out)
    ;   ( In == `.` ; In == `..` )
    ->  Out = Out0
    ;   In = [C|R0],
        upto(R0, `/`, Seg0, R),
        remove_dots(R, [[C|Seg0]|Out0], Out)
    ).

pop([], []).
pop([_|T], T).

% --- Normalization ---------------------------------------------------------

normalized(URI, Mode, Normalized) :-
    text_codes(URI, Cs),
    split(Cs, S0, A0, P0, Q0, F0),
    lower(S0, S),
    lower(A0, A1),
    norm_part(A1, authority, Mode, A),
    remove_dots(P0, P1),
    norm_part(P1, path, Mode, P),
    norm_part(Q0, query, Mode, Q),
    norm_part(F0, fragment, Mode, F),
    join(S, A, P, Q, F, Out),
    codes_atom(Out, Normalized).

lower(none, none) :- !.
lower(Cs, Ls) :-
    maplist(lower_code, Cs, Ls).

lower_code(C, L) :-
    (   between(0'A, 0'Z, C)
    ->  L is C + 0'a - 0'A
    ;   L = C
    ).

norm_part(none, _, _, none) :- !.
norm_part(Cs, Part, Mode, Out) :-
    norm_codes(Cs, Part, Mode, Out, []).

% One character or run of escapes at a time; Set is the component's set of
% characters that need no escape.
norm_codes([], _, _) --> [].
norm_codes([0'%, H1, H2|Cs], Part, Mode) -->
    { hex(H1, _), hex(H2, _) },
    !,
    { escape_run([0'%, H1, H2|Cs], Bytes, Origs, Rest) },
    norm_escapes(Bytes, Origs, Part, Mode),
    norm_codes(Rest, Part, Mode).
norm_codes([C|Cs], Part, Mode) -->
    norm_raw(C, Part, Mode),
    norm_codes(Cs, Part, Mode).

norm_raw(C, query, _) -->
    { memberchk(C, `&=;`) },
    !,
    [C].
norm_raw(0'+, fragment, Mode) -->
    { Mode \== iri },
    !,
    `%20`.
norm_raw(0'%, _, Mode) -->
    { Mode \== uri },
    !,
    `%`.
norm_raw(C, _, Mode) -->
    { C > 127, Mode \== uri },
    !,
    [C].
norm_raw(C, Part, _) -->
    { part_set(Part, Set) },
    encode_char(C, Set).

norm_escapes(_, Origs, _, iri) -->
    !,
    { append(Origs, Cs) },
    Cs.
norm_escapes(Bytes, Origs, Part, Mode) -->
    { utf8_chars(Bytes, Chars) },
    norm_chars(Chars, Origs, Part, Mode).

% Each character with the number of escapes it came from.
norm_chars([], _, _, _) --> [].
norm_chars([C0-N|Cs], Origs, Part, Mode) -->
    { length(Used, N), append(Used, Os, Origs),
      ( Part == authority -> lower_code(C0, C) ; C = C0 )
    },
    (   { Part == query, memberchk(C, `;=`) }
    ->  { append(Used, O) },
        O
    ;   { C > 127, Mode == uri_iri }
    ->  [C]
    ;   { C == 0'%, Mode == uri_iri }
    ->  [C]
    ;   { part_set(Part, Set) },
        encode_char(C, Set)
    ),
    norm_chars(Cs, Os, Part, Mode).

% The set of characters left unescaped in each part when normalizing.
part_set(authority, authority).
part_set(path, path).
part_set(query, query_value).
part_set(fragment, query_value).

% utf8_chars(+Bytes, -Chars): Char-N pairs, N the bytes of a valid UTF-8
% sequence, or a byte that starts none as its ISO Latin-1 character.
utf8_chars([], []).
utf8_chars([B|Bs], [C-N|Cs]) :-
    (   B >= 0xC2, B =< 0xDF, Bs = [B1|R], cont(B1)
    ->  C is (B /\ 0x1F) << 6 \/ (B1 /\ 0x3F), N = 2, Rest = R
    ;   B >= 0xE0, B =< 0xEF, Bs = [B1, B2|R], cont(B1), cont(B2),
        C0 is (B /\ 0x0F) << 12 \/ (B1 /\ 0x3F) << 6 \/ (B2 /\ 0x3F),
        C0 >= 0x800
    ->  C = C0, N = 3, Rest = R
    ;   B >= 0xF0, B =< 0xF4, Bs = [B1, B2, B3|R], cont(B1), cont(B2), cont(B3),
        C0 is (B /\ 0x07) << 18 \/ (B1 /\ 0x3F) << 12 \/ (B2 /\ 0x3F) << 6 \/ (B3 /\ 0x3F),
        C0 >= 0x10000, C0 =< 0x10FFFF
    ->  C = C0, N = 4, Rest = R
    ;   C = B, N = 1, Rest = Bs
    ),
    utf8_chars(Rest, Cs).

cont(B) :-
    B >= 0x80,
    B =< 0xBF.

escape_run([0'%, H1, H2|Cs], [B|Bs], [[0'%, H1, H2]|Os], Rest) :-
    hex(H1, V1),
    hex(H2, V2),
    !,
    B is V1 * 16 + V2,
    escape_run(Cs, Bs, Os, Rest).
escape_run(Cs, [], [], Cs).

% --- %-encoding ------------------------------------------------------------

encode_codes(Cs, Component, Es) :-
    foldl(encode_char_(Component), Cs, Es, []).

encode_char_(Component, C, E0, E) :-
    encode_char(C, Component, E0, E).

encode_char(C, Component) -->
    (   { unreserved(C) ; allowed(Component, C) }
    ->  [C]
    ;   { utf8_bytes(C, Bytes) },
        escapes(Bytes)
    ).

escapes([]) --> [].
escapes([B|Bs]) -->
    { H is B >> 4, L is B /\ 15, hex_digit(H, D1), hex_digit(L, D2) },
    [0'%, D1, D2],
    escapes(Bs).

unreserved(C) :-
    (   code_type(C, alnum), C < 128
    ->  true
    ;   memberchk(C, `-._~`)
    ).

allowed(authority, C) :- memberchk(C, `!$&'()*+,;=:@`).
allowed(query_value, C) :- memberchk(C, `!$'()*,/?@`).
allowed(fragment, C) :- memberchk(C, `!$&'()*+,/:;=?@`).
allowed(path, C) :- memberchk(C, `!$&'()*+,/;=@`).
allowed(segment, C) :- memberchk(C, `!$&'()*+,;=@`).

utf8_bytes(C, Bytes) :-
    string_codes(S, [C]),
    string_bytes(S, Bytes, utf8).

hex(C, V) :-
    (   between(0'0, 0'9, C) -> V is C - 0'0
    ;   between(0'a, 0'f, C) -> V is C - 0'a + 10
    ;   between(0'A, 0'F, C) -> V is C - 0'A + 10
    ).

hex_digit(V, D) :-
    (   V < 10 -> D is 0'0 + V ; D is 0'A + V - 10 ).

% decode_codes(+Encoded, +Plus, -Codes): %-escapes decoded (a run as UTF-8,
% ISO Latin-1 where that fails); with `plus`, `+` is a space.
decode_codes(Es, Plus, Cs) :-
    decode(Es, Plus, Cs, []).

decode([], _) --> [].
decode([0'%, H1, H2|Es], Plus) -->
    { hex(H1, _), hex(H2, _) },
    !,
    { escape_run([0'%, H1, H2|Es], Bytes, _, Rest),
      utf8_chars(Bytes, Pairs),
      pairs_keys(Pairs, Cs)
    },
    Cs,
    decode(Rest, Plus).
decode([0'+|Es], plus) -->
    !,
    " ",
    decode(Es, plus).
decode([C|Es], Plus) -->
    [C],
    decode(Es, Plus).

decoded_atom(Cs, A) :-
    decode_codes(Cs, keep, Ds),
    atom_codes(A, Ds).

% --- Text ------------------------------------------------------------------

text_codes(T, Cs) :-
    (   var(T)
    ->  throw(error(instantiation_error, _))
    ;   atom(T)
    ->  atom_codes(T, Cs)
    ;   string(T)
    ->  string_codes(T, Cs)
    ;   is_list(T)
    ->  text_to_string(T, S),
        string_codes(S, Cs)
    ;   throw(error(type_error(text, T), _))
    ).

% The result is made first, then unified: a string is not the atom.
codes_atom(Cs, Atom) :-
    atom_codes(A, Cs),
    Atom = A.

atomic_codes(X, Cs) :-
    (   string(X)
    ->  string_codes(X, Cs)
    ;   atom_codes(X, Cs)
    ).
