% base64.pl -- library(base64): Base64 encoding and decoding of text and of
% code lists (SWI-Prolog 9's module `base64`).
%
% The text predicates go through the natives '$base64_encode'/5 and
% '$base64_decode'/5 (src/builtins/base64.rs, on the `base64` crate), the DCG
% decoder through '$base64_decode_codes'/5; the DCG encoder is written here,
% taking any integers as SWI does (each group of three is one number whose
% 6-bit slices are the digits).
%
% Written for knightlog from SWI-Prolog's documentation and observed behaviour.
% Tested by: tests/prolog/lib_base64.pl (tests/prolog_suites.rs).

:- module(base64,
          [ base64/2,                   % ?PlainText, ?Encoded
            base64url/2,                % ?PlainText, ?Encoded
            base64_encoded/3,           % ?PlainText, ?Encoded, +Options
            base64//1,                  % ?PlainText
            base64url//1,               % ?PlainText
            base64_encoded//2           % ?PlainText, +Options
          ]).

%!  base64(+Plain, -Encoded) is det.
%!  base64(-Plain, +Encoded) is det.
%
%   Encoded is the Base64 atom of the ISO Latin-1 bytes of Plain; decoding
%   gives an atom.

base64(Plain, Encoded) :-
    text_base64(Plain, Encoded, iso_latin_1, classic).

%!  base64url(+Plain, -Encoded) is det.
%!  base64url(-Plain, +Encoded) is det.
%
%   As base64/2 with the URL-safe characters (`-` and `_`) and UTF-8.

base64url(Plain, Encoded) :-
    text_base64(Plain, Encoded, utf8, url).

text_base64(Plain, Encoded, Enc, Charset) :-
    (   nonvar(Plain)
    ->  '$base64_encode'(Plain, Enc, Charset, true, S),
        (   var(Encoded)
        ->  atom_string(Encoded, S)
        ;   same_text(Encoded, S, lax)
        )
    ;   '$base64_decode'(Encoded, Charset, true, Enc, S),
        atom_string(Plain, S)
    ).

%!  base64_encoded(+Plain, -Encoded, +Options) is det.
%!  base64_encoded(-Plain, +Encoded, +Options) is det.
%
%   Base64 encoding with options charset(classic|url), padding(Bool),
%   as(atom|string) (the type of the output, default string) and
%   encoding(Enc) (how text maps to bytes, default utf8).

base64_encoded(Plain, Encoded, Options) :-
    charset_option(Options, Charset),
    padding_option(Options, Pad),
    as_option(Options, As),
    (   memberchk(encoding(Enc), Options)
    ->  true
    ;   Enc = utf8
    ),
    (   nonvar(Plain)
    ->  '$base64_encode'(Plain, Enc, Charset, Pad, S),
        (   var(Encoded)
        ->  as_text(As, S, Encoded)
        ;   same_text(Encoded, S, strict)
        )
    ;   '$base64_decode'(Encoded, Charset, Pad, Enc, S),
        as_text(As, S, Plain)
    ).

% A variable charset, padding or type takes the first value, as in SWI.
charset_option(Options, Charset) :-
    (   memberchk(charset(C), Options)
    ->  (   C = classic
        ->  Charset = classic
        ;   C == url
        ->  Charset = url
        )
    ;   Charset = classic
    ).

padding_option(Options, Pad) :-
    (   memberchk(padding(P), Options)
    ->  (   P = true
        ->  Pad = true
        ;   P == false
        ->  Pad = false
        )
    ;   Pad = true
    ).

as_option(Options, As) :-
    (   memberchk(as(A), Options)
    ->  (   A = atom
        ->  As = atom
        ;   A == string
        ->  As = string
        ;   throw(error(type_error(oneof([atom, string]), A), _))
        )
    ;   As = string
    ).

as_text(atom, S, T) :-
    atom_string(T, S).
as_text(string, S, S).

% same_text(+Given, +String, +Mode): the encoded text Given is String. Given
% may be of any text type; in strict mode a non-text Given raises string_bytes/3's
% error, in lax mode it fails. A partial list fails in both.
same_text(Given, S, _) :-
    atom(Given),
    !,
    atom_string(Given, S).
same_text(Given, S, _) :-
    string(Given),
    !,
    Given == S.
same_text(Given, _, _) :-
    partial_list(Given),
    !,
    fail.
same_text(Given, S, strict) :-
    !,
    string_bytes(Given, Bytes, utf8),
    string_bytes(S, Bytes, utf8).
same_text(Given, S, lax) :-
    catch(string_bytes(Given, Bytes, utf8), error(_, _), fail),
    string_bytes(S, Bytes, utf8).

partial_list(L) :-
    var(L),
    !.
partial_list([_|T]) :-
    partial_list(T).

%!  base64(?PlainText)// is det.
%
%   PlainText is the list of bytes (codes) that the Base64 codes of the
%   input encode, padded with `=`.

base64(Plain) -->
    base64_encoded(Plain, []).

%!  base64url(?PlainText)// is det.
%
%   As base64//1 with the URL-safe characters and no padding.

base64url(Plain) -->
    base64_encoded(Plain, [charset(url), padding(false)]).

%!  base64_encoded(?PlainText, +Options)// is det.
%
%   As base64//1 with the options charset(classic|url) and padding(Bool)
%   of base64_encoded/3.

base64_encoded(Plain, Options, S0, S) :-
    charset_option(Options, Charset),
    padding_option(Options, Pad),
    (   nonvar(Plain)
    ->  encode_codes(Plain, Charset, Pad, S0, S)
    ;   '$base64_decode_codes'(S0, Charset, Pad, Plain, S)
    ).

% Three codes at a time; a partial list is extended, as a DCG would.
encode_codes(Plain, Charset, Pad, S0, S) :-
    (   Plain = [A, B, C|Rest]
    ->  N is (A << 16) + (B << 8) + C,
        digits(4, N, Charset, S0, S1),
        encode_codes(Rest, Charset, Pad, S1, S)
    ;   Plain = [A, B]
    ->  N is (A << 16) + (B << 8),
        digits(3, N, Charset, S0, S1),
        padding(Pad, 1, S1, S)
    ;   Plain = [A]
    ->  N is A << 16,
        digits(2, N, Charset, S0, S1),
        padding(Pad, 2, S1, S)
    ;   Plain == []
    ->  S0 = S
    ).

% The first K of the four 6-bit digits of the 24-bit group N.
digits(K, N, Charset, S0, S) :-
    (   K =:= 0
    ->  S0 = S
    ;   I is (N >> 18) /\ 63,
        digit_code(I, Charset, C),
        S0 = [C|S1],
        N1 is N << 6,
        K1 is K - 1,
        digits(K1, N1, Charset, S1, S)
    ).

digit_code(I, Charset, C) :-
    (   I < 26
    ->  C is 0'A + I
    ;   I < 52
    ->  C is 0'a + I - 26
    ;   I < 62
    ->  C is 0'0 + I - 52
    ;   I =:= 62
    ->  ( Charset == url -> C = 0'- ; C = 0'+ )
    ;   ( Charset == url -> C = 0'_ ; C = 0'/ )
    ).

padding(true, N, S0, S) :-
    length(Eqs, N),
    maplist(=(0'=), Eqs),
    append(Eqs, S, S0).
padding(false, _, S, S).
