% sha.pl -- library(sha): SHA-1 and SHA-2 digests and HMAC (SWI-Prolog 9's
% module `crypto_hash`, the name SWI gives library(sha)).
%
% The digests are computed by the natives '$digest'/4, '$hmac'/5,
% '$digest_file'/3 and '$digest_ctx_new'/2, '$digest_ctx_update'/5
% (src/builtins/digest.rs, on the crates sha1, sha2 and hmac); this file
% checks the options as SWI does. A context is a string, as in SWI.
%
% Written for knightlog from SWI-Prolog's documentation and observed behaviour.
% Tested by: tests/prolog/lib_sha.pl (tests/prolog_suites.rs).

:- module(crypto_hash,
          [ sha_hash/3,                 % +Data, -Hash, +Options
            sha_new_ctx/2,              % -NewContext, +Options
            sha_hash_ctx/4,             % +OldContext, +Data, -NewContext, -Hash
            hmac_sha/4,                 % +Key, +Data, -Hash, +Options
            file_sha1/2,                % +File, -SHA1
            hash_atom/2                 % +HashCodes, -HexAtom
          ]).

%!  sha_hash(+Data, -Hash, +Options) is det.
%
%   Hash is the list of bytes of the SHA digest of the text Data. Options:
%   algorithm(sha1|sha224|sha256|sha384|sha512) (default sha1) and
%   encoding(utf8|octet) (how text maps to bytes, default utf8). When an
%   option is given twice, the last one counts.

sha_hash(Data, Hash, Options) :-
    sha_options(Options, Alg, Enc),
    '$digest'(Alg, Data, Enc, Hash0),
    Hash = Hash0.

%!  sha_new_ctx(-NewContext, +Options) is det.
%
%   NewContext is the context of an empty SHA computation with Options (see
%   sha_hash/3), to be extended by sha_hash_ctx/4.

sha_new_ctx(Ctx, Options) :-
    sha_options(Options, Alg, Enc),
    '$digest_ctx_new'(Alg, Ctx0),
    Ctx = Enc-Ctx0.

%!  sha_hash_ctx(+OldContext, +Data, -NewContext, -Hash) is det.
%
%   NewContext is OldContext after also hashing Data, and Hash is the digest
%   of all data hashed so far. OldContext stays valid.

sha_hash_ctx(Enc-Ctx0, Data, Enc-Ctx, Hash) :-
    atom(Enc),
    '$digest_ctx_update'(Ctx0, Data, Enc, Ctx, Hash0),
    Hash = Hash0.

%!  hmac_sha(+Key, +Data, -Hash, +Options) is det.
%
%   Hash is the HMAC of Data with Key, on algorithm(sha1) (default) or
%   algorithm(sha256). Key and Data are taken as ISO Latin-1 bytes.

hmac_sha(Key, Data, Hash, Options) :-
    sha_options(Options, Alg, _),
    (   memberchk(Alg, [sha1, sha256])
    ->  true
    ;   throw(error(domain_error(algorithm, Alg), _))
    ),
    '$hmac'(Alg, Key, Data, octet, Hash0),
    Hash = Hash0.

%!  file_sha1(+File, -SHA1:atom) is det.
%
%   SHA1 is the SHA-1 digest of the content of File as a hexadecimal atom,
%   as printed by sha1sum.

file_sha1(File, SHA1) :-
    open(File, read, S, [type(binary)]),
    close(S),
    absolute_file_name(File, Path),
    '$digest_file'(sha1, Path, Bytes),
    hash_atom(Bytes, SHA1).

%!  hash_atom(+HashCodes, -HexAtom) is det.
%
%   HexAtom is the lowercase hexadecimal notation of the list of bytes
%   HashCodes.

hash_atom(Codes, Hex) :-
    hex_digits(Codes, Digits),
    atom_codes(Hex, Digits).

hex_digits([], []).
hex_digits([B|Bs], [H, L|T]) :-
    (   B < 0
    ->  throw(error(type_error(character, B), _))
    ;   B < 256
    ),
    hex_digit(B >> 4, H),
    hex_digit(B /\ 15, L),
    hex_digits(Bs, T).

hex_digit(E, C) :-
    D is E,
    (   D < 10
    ->  C is 0'0 + D
    ;   C is 0'a + D - 10
    ).

% Options are read in order; the last algorithm or encoding counts.
sha_options(Options, Alg, Enc) :-
    must_be_options(Options),
    sha_options(Options, sha1, Alg, utf8, Enc).

sha_options([], Alg, Alg, Enc, Enc).
sha_options([O|Os], Alg0, Alg, Enc0, Enc) :-
    (   var(O)
    ->  throw(error(instantiation_error, _))
    ;   O = algorithm(A)
    ->  sha_algorithm(A),
        sha_options(Os, A, Alg, Enc0, Enc)
    ;   O = encoding(E)
    ->  sha_encoding(E),
        sha_options(Os, Alg0, Alg, E, Enc)
    ;   compound(O),
        compound_name_arity(O, _, 1)
    ->  sha_options(Os, Alg0, Alg, Enc0, Enc)
    ;   throw(error(type_error(option, O), _))
    ).

sha_algorithm(A) :-
    must_be(atom, A),
    (   memberchk(A, [sha1, sha224, sha256, sha384, sha512])
    ->  true
    ;   throw(error(domain_error(algorithm, A), _))
    ).

sha_encoding(E) :-
    must_be(atom, E),
    (   memberchk(E, [utf8, octet])
    ->  true
    ;   throw(error(domain_error(encoding, E), _))
    ).

must_be_options(Options) :-
    '$options_list'(Options, Options).

'$options_list'(L, Whole) :-
    (   var(L)
    ->  throw(error(instantiation_error, _))
    ;   L == []
    ->  true
    ;   L = [_|T]
    ->  '$options_list'(T, Whole)
    ;   throw(error(type_error(list, L), _))
    ).
