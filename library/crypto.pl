% crypto.pl -- library(crypto), the part of SWI-Prolog 9's module `crypto`
% that knightlog has: message digests and HMAC of data and files, random
% bytes and hexadecimal conversion. The ciphers, keys, signatures, key
% derivation, prime and curve predicates of SWI's library (which wraps
% OpenSSL) are absent (tests/KNOWN_DIFFERENCES.md).
%
% The digests are the natives '$digest'/4, '$hmac'/5 and '$digest_file'/3
% (src/builtins/digest.rs); the random bytes come from the operating system
% ('$random_bytes'/2).
%
% Written for knightlog from SWI-Prolog's documentation and observed behaviour.
% Tested by: tests/prolog/lib_sha.pl (tests/prolog_suites.rs).

:- module(crypto,
          [ crypto_data_hash/3,         % +Data, -Hash, +Options
            crypto_file_hash/3,         % +File, -Hash, +Options
            crypto_n_random_bytes/2,    % +N, -Bytes
            hex_bytes/2                 % ?Hex, ?List
          ]).
:- use_module(library(sha), [hash_atom/2]).

%!  crypto_data_hash(+Data, -Hash, +Options) is det.
%
%   Hash is the digest of the text Data as an atom of hexadecimal digits.
%   Options: algorithm(A) with A one of md5, sha1, sha224, sha256 (the
%   default; a variable is unified with it), sha384, sha512, sha3_224,
%   sha3_256, sha3_384 or sha3_512; encoding(utf8|octet); hmac(Key) for an
%   HMAC with Key (text taken as ISO Latin-1 bytes). The last of repeated
%   options counts.

crypto_data_hash(Data, Hash, Options) :-
    crypto_options(Options, Alg, Enc, Key),
    (   Key == none
    ->  '$digest'(Alg, Data, Enc, Bytes)
    ;   Key = key(K),
        '$hmac'(Alg, K, Data, Enc, Bytes)
    ),
    hex_bytes(Hash, Bytes).

%!  crypto_file_hash(+File, -Hash, +Options) is det.
%
%   Hash is the digest of the content of File; Options as for
%   crypto_data_hash/3 (hmac/1 is not supported for files).

crypto_file_hash(File, Hash, Options) :-
    crypto_options(Options, Alg, _, Key),
    (   Key == none
    ->  true
    ;   throw(error(domain_error(file_hash_option, hmac), _))
    ),
    open(File, read, S, [type(binary)]),
    close(S),
    absolute_file_name(File, Path),
    '$digest_file'(Alg, Path, Bytes),
    hex_bytes(Hash, Bytes).

crypto_options(Options, Alg, Enc, Key) :-
    (   memberchk(algorithm(A), Options),
        var(A)
    ->  A = sha256
    ;   true
    ),
    crypto_options(Options, sha256, Alg, utf8, Enc, none, Key).

crypto_options(L, Alg0, Alg, Enc0, Enc, Key0, Key) :-
    (   var(L)
    ->  throw(error(instantiation_error, _))
    ;   L == []
    ->  Alg = Alg0, Enc = Enc0, Key = Key0
    ;   L = [O|Os]
    ->  (   var(O)
        ->  throw(error(instantiation_error, _))
        ;   O = algorithm(A)
        ->  must_be(atom, A),
            (   algorithm(A)
            ->  crypto_options(Os, A, Alg, Enc0, Enc, Key0, Key)
            ;   throw(error(domain_error(algorithm, A), _))
            )
        ;   O = encoding(E)
        ->  must_be(atom, E),
            (   memberchk(E, [utf8, octet])
            ->  crypto_options(Os, Alg0, Alg, E, Enc, Key0, Key)
            ;   throw(error(domain_error(encoding, E), _))
            )
        ;   O = hmac(K)
        ->  (   var(K)
            ->  throw(error(instantiation_error, _))
            ;   crypto_options(Os, Alg0, Alg, Enc0, Enc, key(K), Key)
            )
        ;   compound(O),
            compound_name_arity(O, _, 1)
        ->  crypto_options(Os, Alg0, Alg, Enc0, Enc, Key0, Key)
        ;   throw(error(type_error(option, O), _))
        )
    ;   throw(error(type_error(list, L), _))
    ).

algorithm(md5).
algorithm(sha1).
algorithm(sha224).
algorithm(sha256).
algorithm(sha384).
algorithm(sha512).
algorithm(sha3_224).
algorithm(sha3_256).
algorithm(sha3_384).
algorithm(sha3_512).

%!  crypto_n_random_bytes(+N, -Bytes) is det.
%
%   Bytes is a list of N cryptographically secure random bytes (integers
%   0..255) from the operating system.

crypto_n_random_bytes(N, Bytes) :-
    '$random_bytes'(N, Bytes0),
    Bytes = Bytes0.

%!  hex_bytes(?Hex, ?List) is det.
%
%   Hex is the hexadecimal notation (an atom, string, code or character
%   list; either case) of the list of bytes List. From List, Hex is an atom
%   of lowercase digits.

hex_bytes(Hex, List) :-
    (   nonvar(Hex)
    ->  hex_text_codes(Hex, Cs),
        (   hex_codes(Cs, List0),
            List = List0
        ->  true
        ;   throw(error(domain_error(hex_encoding, Hex), _))
        )
    ;   nonvar(List)
    ->  must_be_bytes(List),
        hash_atom(List, Hex)
    ;   throw(error(instantiation_error, _))
    ).

hex_codes([], []).
hex_codes([H, L|Cs], [B|Bs]) :-
    code_type(H, xdigit(Hi)),
    code_type(L, xdigit(Lo)),
    B is Hi << 4 + Lo,
    hex_codes(Cs, Bs).

hex_text_codes(Hex, Cs) :-
    (   Hex == []
    ->  Cs = []
    ;   atomic(Hex)
    ->  atom_codes(Hex, Cs)
    ;   text_to_string(Hex, S),
        string_codes(S, Cs)
    ).

must_be_bytes(L) :-
    '$skip_bytes'(L, L),
    maplist(must_be_byte, L).

'$skip_bytes'(L, Whole) :-
    (   var(L)
    ->  throw(error(instantiation_error, _))
    ;   L == []
    ->  true
    ;   L = [_|T]
    ->  '$skip_bytes'(T, Whole)
    ;   throw(error(type_error(list(between(0, 255)), Whole), _))
    ).

must_be_byte(B) :-
    (   var(B)
    ->  throw(error(instantiation_error, _))
    ;   integer(B), B >= 0, B =< 255
    ->  true
    ;   throw(error(type_error(between(0, 255), B), _))
    ).
