% md5.pl -- library(md5): the MD5 digest of text (SWI-Prolog 9's module
% `md5`), computed by the native '$digest'/4 (src/builtins/digest.rs, on the
% crate md-5).
%
% Written for knightlog from SWI-Prolog's documentation and observed behaviour.
% Tested by: tests/prolog/lib_sha.pl (tests/prolog_suites.rs).

:- module(md5,
          [ md5_hash/3                  % +Data, -HexAtom, +Options
          ]).
:- use_module(library(sha), [hash_atom/2]).

%!  md5_hash(+Data, -Hash, +Options) is det.
%
%   Hash is the MD5 digest of the text Data as an atom of 32 lowercase
%   hexadecimal digits. The only option is encoding(utf8|octet) (how text
%   maps to bytes, default utf8); when given twice, the last one counts.

md5_hash(Data, Hash, Options) :-
    md5_encoding(Options, utf8, Enc),
    '$digest'(md5, Data, Enc, Bytes),
    hash_atom(Bytes, Hash0),
    Hash = Hash0.

md5_encoding(L, Enc0, Enc) :-
    (   var(L)
    ->  throw(error(instantiation_error, _))
    ;   L == []
    ->  Enc = Enc0
    ;   L = [O|Os]
    ->  (   var(O)
        ->  throw(error(instantiation_error, _))
        ;   O = encoding(E)
        ->  must_be(atom, E),
            (   memberchk(E, [utf8, octet])
            ->  md5_encoding(Os, E, Enc)
            ;   throw(error(domain_error(encoding, E), _))
            )
        ;   compound(O),
            compound_name_arity(O, _, 1)
        ->  md5_encoding(Os, Enc0, Enc)
        ;   throw(error(type_error(option, O), _))
        )
    ;   throw(error(type_error(list, L), _))
    ).
