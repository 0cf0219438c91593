% library(sha) (module crypto_hash), library(md5) and the digest part of
% library(crypto). Vectors from FIPS 180 ("abc" and the 448-bit message),
% RFC 1321 (MD5) and the usual HMAC example.
:- use_module(library(plunit)).
:- use_module(library(sha)).
:- use_module(library(md5)).
:- use_module(library(crypto)).
:- use_module(library(lists)).
:- use_module(library(apply)).

fips(sha1, abc, a9993e364706816aba3e25717850c26c9cd0d89d).
fips(sha224, abc, '23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7').
fips(sha256, abc, ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad).
fips(sha384, abc, cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7).
fips(sha512, abc, ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f).
fips(sha1, abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq,
     '84983e441c3bd26ebaae4aa1f95129e5e54670f1').
fips(sha256, abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq,
     '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1').

rfc1321('', d41d8cd98f00b204e9800998ecf8427e).
rfc1321(a, '0cc175b9c0f1b6a831c399e269772661').
rfc1321(abc, '900150983cd24fb0d6963f7d28e17f72').
rfc1321('message digest', f96b697d7cb7938d525a2f31aaf161d0).

fox("The quick brown fox jumps over the lazy dog").

err(G, E) :-
    catch(G, error(E, _), true).

with_file(Text, File, Goal) :-
    tmp_file(sha, File),
    setup_call_cleanup(open(File, write, S, [encoding(iso_latin_1)]),
                       format(S, "~s", [Text]),
                       close(S)),
    call_cleanup(Goal, delete_file(File)).

:- begin_tests(sha_hash).
test(fips, forall(fips(A, Data, Hex))) :-
    sha_hash(Data, H, [algorithm(A)]),
    hash_atom(H, Hex0),
    assertion(Hex0 == Hex).
test(default_sha1, L == 20) :- sha_hash(abc, H, []), length(H, L).
test(bytes) :- sha_hash(abc, H, []), forall(member(B, H), between(0, 255, B)).
test(text_types) :-
    sha_hash(abc, H, []),
    sha_hash("abc", H, []),
    sha_hash(`abc`, H, []),
    sha_hash([a, b, c], H, []).
test(empty) :- sha_hash('', H, []), sha_hash([], H, []), sha_hash("", H, []).
test(utf8_default) :-
    sha_hash('€', H, []),
    sha_hash([0xe2, 0x82, 0xac], H, [encoding(octet)]).
test(octet, H == H1) :- sha_hash('é', H, [encoding(octet)]), sha_hash([233], H1, [encoding(octet)]).
test(last_option_counts, L == 32) :-
    sha_hash(abc, H, [algorithm(sha1), algorithm(sha256)]), length(H, L).
test(unknown_option_ignored) :- sha_hash(abc, H, [foo(bar)]), sha_hash(abc, H, []).
test(check, fail) :- sha_hash(abc, [1, 2], []).
test(octet_too_big, E == representation_error(encoding)) :-
    err(sha_hash('€', _, [encoding(octet)]), E).
test(md5_not_sha, E == domain_error(algorithm, md5)) :-
    err(sha_hash(abc, _, [algorithm(md5)]), E).
test(bad_algorithm_first, E == domain_error(algorithm, foo)) :-
    err(sha_hash(abc, _, [algorithm(foo), algorithm(sha1)]), E).
test(algorithm_not_atom, E == type_error(atom, 1)) :-
    err(sha_hash(abc, _, [algorithm(1)]), E).
test(var_algorithm, E == instantiation_error) :-
    err(sha_hash(abc, _, [algorithm(_)]), E).
test(bad_encoding, E == domain_error(encoding, iso_latin_1)) :-
    err(sha_hash(abc, _, [encoding(iso_latin_1)]), E).
test(not_option, E == type_error(option, foo)) :- err(sha_hash(abc, _, [foo]), E).
test(eq_option, E == type_error(option, algorithm=sha1)) :-
    err(sha_hash(abc, _, [algorithm=sha1]), E).
test(options_not_list, E == type_error(list, foo)) :- err(sha_hash(abc, _, foo), E).
test(options_partial, E == instantiation_error) :- err(sha_hash(abc, _, [algorithm(sha1)|_]), E).
test(var_data, E == instantiation_error) :- err(sha_hash(_, _, []), E).
test(number_data, E == type_error(text, 12)) :- err(sha_hash(12, _, []), E).
test(compound_data, E == type_error(text, f(x))) :- err(sha_hash(f(x), _, []), E).
test(partial_data, E == instantiation_error) :- err(sha_hash([0'a|_], _, []), E).
:- end_tests(sha_hash).

:- begin_tests(sha_ctx).
test(chunks) :-
    sha_new_ctx(C0, []),
    sha_hash_ctx(C0, ab, C1, _),
    sha_hash_ctx(C1, c, _, H),
    sha_hash(abc, H, []).
test(old_context_stays) :-
    sha_new_ctx(C0, []),
    sha_hash_ctx(C0, ab, _, H1),
    sha_hash_ctx(C0, ab, _, H2),
    assertion(H1 == H2),
    sha_hash(ab, H1, []).
test(sha256_chunks, forall(member(A, [sha224, sha256, sha384, sha512]))) :-
    sha_new_ctx(C0, [algorithm(A)]),
    sha_hash_ctx(C0, "abcdbcdecdefdefgefghfghighijhijk", C1, _),
    sha_hash_ctx(C1, ijkljklmklmnlmnomnopnopq, _, H),
    sha_hash(abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq, H1, [algorithm(A)]),
    assertion(H == H1).
test(long_chunks) :-
    numlist(1, 100, Ns),
    length(Block, 1000),
    maplist(=(0'x), Block),
    sha_new_ctx(C0, []),
    foldl(add_block(Block), Ns, C0-[], _-H),
    length(All, 100000),
    maplist(=(0'x), All),
    sha_hash(All, H1, []),
    assertion(H == H1).
test(octet_context) :-
    sha_new_ctx(C0, [encoding(octet)]),
    sha_hash_ctx(C0, 'é', _, H),
    sha_hash([233], H, [encoding(octet)]).
test(bad_context, fail) :- sha_hash_ctx(foo, abc, _, _).
test(new_check, fail) :- sha_new_ctx(x, []).
test(ctx_md5, E == domain_error(algorithm, md5)) :- err(sha_new_ctx(_, [algorithm(md5)]), E).
test(ctx_number, E == type_error(text, 12)) :-
    sha_new_ctx(C, []),
    err(sha_hash_ctx(C, 12, _, _), E).
:- end_tests(sha_ctx).

add_block(Block, _, C0-_, C-H) :-
    sha_hash_ctx(C0, Block, C, H).

:- begin_tests(hmac_sha).
test(sha1, Hex == de7c9b85b8b78aa6bc8a7a36f70a90701c9db4d9) :-
    fox(D), hmac_sha(key, D, H, []), hash_atom(H, Hex).
test(sha256, Hex == f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8) :-
    fox(D), hmac_sha(key, D, H, [algorithm(sha256)]), hash_atom(H, Hex).
test(key_types) :-
    hmac_sha(key, abc, H, []),
    hmac_sha("key", abc, H, []),
    hmac_sha(`key`, abc, H, [encoding(octet)]).
test(byte_key, L == 20) :- hmac_sha([1, 2, 3], abc, H, []), length(H, L).
test(long_key) :-
    length(K, 200), maplist(=(0'k), K),
    hmac_sha(K, abc, H, [algorithm(sha256)]), length(H, 32).
test(sha384, E == domain_error(algorithm, sha384)) :-
    err(hmac_sha(key, abc, _, [algorithm(sha384)]), E).
test(md5, E == domain_error(algorithm, md5)) :- err(hmac_sha(key, abc, _, [algorithm(md5)]), E).
test(var_key, E == instantiation_error) :- err(hmac_sha(_, abc, _, []), E).
test(var_data, E == instantiation_error) :- err(hmac_sha(key, _, _, []), E).
test(number_key, E == type_error(text, 12)) :- err(hmac_sha(12, abc, _, []), E).
test(latin1_data, E == representation_error(encoding)) :- err(hmac_sha(key, '€', _, []), E).
test(bad_encoding, E == domain_error(encoding, foo)) :-
    err(hmac_sha(key, abc, _, [encoding(foo)]), E).
:- end_tests(hmac_sha).

:- begin_tests(hash_atom).
test(hex, A == '0102ff') :- hash_atom([1, 2, 255], A).
test(empty, A == '') :- hash_atom([], A).
test(too_big, fail) :- hash_atom([256], _).
test(negative, E == type_error(character, -1)) :- err(hash_atom([-1], _), E).
test(not_list, fail) :- hash_atom(foo, _).
:- end_tests(hash_atom).

:- begin_tests(file_sha1).
test(abc, H == a9993e364706816aba3e25717850c26c9cd0d89d) :-
    with_file(`abc`, F, file_sha1(F, H)).
test(binary, H == H1) :-
    numlist(0, 255, Bs),
    with_file(Bs, F, file_sha1(F, H)),
    sha_hash(Bs, H0, [encoding(octet)]),
    hash_atom(H0, H1).
test(string_name, H == a9993e364706816aba3e25717850c26c9cd0d89d) :-
    with_file(`abc`, F, (atom_string(F, S), file_sha1(S, H))).
test(missing, E == existence_error(source_sink, '/nonexistent/knightlog_sha_test')) :-
    err(file_sha1('/nonexistent/knightlog_sha_test', _), E).
test(var, E == instantiation_error) :- err(file_sha1(_, _), E).
:- end_tests(file_sha1).

:- begin_tests(md5_hash).
test(rfc1321, forall(rfc1321(D, H))) :- md5_hash(D, H0, []), assertion(H0 == H).
test(text_types) :-
    md5_hash(abc, H, []), md5_hash("abc", H, []), md5_hash(`abc`, H, []).
test(empty_list, H == d41d8cd98f00b204e9800998ecf8427e) :- md5_hash([], H, []).
test(utf8, H == bca53fde466a76b7bee3e18997e94a7a) :- md5_hash('€', H, []).
test(octet, H == '3406877694691ddd1dfb0aca54681407') :- md5_hash('é', H, [encoding(octet)]).
test(check_atom) :- md5_hash(abc, '900150983cd24fb0d6963f7d28e17f72', []).
test(check_string, fail) :- md5_hash(abc, "900150983cd24fb0d6963f7d28e17f72", []).
test(other_option_ignored) :- md5_hash(abc, _, [algorithm(sha1)]).
test(not_octet, E == representation_error(encoding)) :- err(md5_hash('€', _, [encoding(octet)]), E).
test(bad_encoding, E == domain_error(encoding, iso_latin_1)) :-
    err(md5_hash(abc, _, [encoding(iso_latin_1)]), E).
test(bad_option, E == type_error(option, foo)) :- err(md5_hash(abc, _, [foo]), E).
test(options_not_list, E == type_error(list, foo)) :- err(md5_hash(abc, _, foo), E).
test(var_options, E == instantiation_error) :- err(md5_hash(abc, _, _), E).
test(var_data, E == instantiation_error) :- err(md5_hash(_, _, []), E).
test(number_data, E == type_error(text, 12)) :- err(md5_hash(12, _, []), E).
:- end_tests(md5_hash).

:- begin_tests(crypto_data_hash).
test(default_sha256, H == ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad) :-
    crypto_data_hash(abc, H, []).
test(fips, forall(fips(A, Data, Hex))) :-
    crypto_data_hash(Data, H, [algorithm(A)]), assertion(H == Hex).
test(md5, forall(rfc1321(D, H))) :- crypto_data_hash(D, H0, [algorithm(md5)]), assertion(H0 == H).
test(sha3, forall(member(A, [sha3_224, sha3_256, sha3_384, sha3_512]))) :-
    crypto_data_hash(abc, H, [algorithm(A)]),
    atom_length(H, L),
    sub_atom(A, 5, _, 0, Bits),
    atom_number(Bits, N),
    assertion(L =:= N // 4).
test(sha3_256, H == '3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532') :-
    crypto_data_hash(abc, H, [algorithm(sha3_256)]).
test(var_algorithm, A == sha256) :- crypto_data_hash(abc, _, [algorithm(A)]).
test(last_counts, H == '900150983cd24fb0d6963f7d28e17f72') :-
    crypto_data_hash(abc, H, [algorithm(sha1), algorithm(md5)]).
test(hmac_sha1, H == de7c9b85b8b78aa6bc8a7a36f70a90701c9db4d9) :-
    fox(D), crypto_data_hash(D, H, [algorithm(sha1), hmac(key)]).
test(hmac_sha256, H == f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8) :-
    fox(D), crypto_data_hash(D, H, [hmac("key")]).
test(hmac_sha512, H == bb9ec7701f7de8a362d775b9bfcb61a474bf8bf69d5dbee0689a4b284bc59a54ffd1cfdc05151759afd97ffd1a255b3849ce775ea4be799a65e6a19ac97e2ade) :-
    crypto_data_hash(abc, H, [algorithm(sha512), hmac(k)]).
test(hmac_sha3, H == c12b7603f94b3e32c61f9e63f656e309cb6d048f0e22bdbb2e6aab58a4b999e7) :-
    crypto_data_hash(abc, H, [algorithm(sha3_256), hmac(k)]).
test(hmac_bytes, H == '200fd2f9dada90b91212225a6b5e5975512edffd02503bb98ea612ca904daa24') :-
    crypto_data_hash(abc, H, [hmac([1, 2, 3])]).
test(hmac_utf8_data, H == '578fac7e94227fcbb4f08cdbc618216e56c935382f8d941e412445ecbf187b1b') :-
    crypto_data_hash('€', H, [hmac(k)]).
test(octet, H == de2e331d891ae267a7009cb45b4e8830f170e0c937288ea2731a1941c7a53b0d) :-
    crypto_data_hash('é', H, [encoding(octet)]).
test(check_upper) :-
    crypto_data_hash(abc, 'BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD', []).
test(check_string) :-
    crypto_data_hash(abc, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", []).
test(check_wrong, E == domain_error(hex_encoding, '00')) :- err(crypto_data_hash(abc, '00', []), E).
test(bad_algorithm, E == domain_error(algorithm, foo)) :-
    err(crypto_data_hash(abc, _, [algorithm(foo)]), E).
test(algorithm_not_atom, E == type_error(atom, 1)) :-
    err(crypto_data_hash(abc, _, [algorithm(1)]), E).
test(bad_encoding, E == domain_error(encoding, iso_latin_1)) :-
    err(crypto_data_hash(abc, _, [encoding(iso_latin_1)]), E).
test(var_key, E == instantiation_error) :- err(crypto_data_hash(abc, _, [hmac(_)]), E).
test(number_key, E == type_error(text, 12)) :- err(crypto_data_hash(abc, _, [hmac(12)]), E).
test(big_key_byte, E == representation_error(encoding)) :-
    err(crypto_data_hash(abc, _, [hmac([1, 2, 300])]), E).
test(not_option, E == type_error(option, foo)) :- err(crypto_data_hash(abc, _, [foo]), E).
test(eq_option, E == type_error(option, a=b)) :- err(crypto_data_hash(abc, _, [a=b]), E).
test(options_not_list, E == type_error(list, foo)) :- err(crypto_data_hash(abc, _, foo), E).
test(var_data, E == instantiation_error) :- err(crypto_data_hash(_, _, []), E).
test(number_data, E == type_error(text, 12)) :- err(crypto_data_hash(12, _, []), E).
test(not_octet, E == representation_error(encoding)) :-
    err(crypto_data_hash('€', _, [encoding(octet)]), E).
:- end_tests(crypto_data_hash).

:- begin_tests(crypto_misc).
test(file_hash, H == ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad) :-
    with_file(`abc`, F, crypto_file_hash(F, H, [])).
test(file_md5, H == '900150983cd24fb0d6963f7d28e17f72') :-
    with_file(`abc`, F, crypto_file_hash(F, H, [algorithm(md5)])).
test(file_missing, E == existence_error(source_sink, '/nonexistent/knightlog_sha_test')) :-
    err(crypto_file_hash('/nonexistent/knightlog_sha_test', _, []), E).
test(random, L == 16) :-
    crypto_n_random_bytes(16, Bs),
    length(Bs, L),
    forall(member(B, Bs), between(0, 255, B)).
test(random_differs) :-
    crypto_n_random_bytes(32, A), crypto_n_random_bytes(32, B), A \== B.
test(random_zero, Bs == []) :- crypto_n_random_bytes(0, Bs).
test(random_check, fail) :- crypto_n_random_bytes(3, [_, _]).
test(random_negative, E == domain_error(not_less_than_zero, -1)) :-
    err(crypto_n_random_bytes(-1, _), E).
test(random_atom, E == type_error(integer, a)) :- err(crypto_n_random_bytes(a, _), E).
test(random_float, E == type_error(integer, 1.0)) :- err(crypto_n_random_bytes(1.0, _), E).
test(random_var, E == instantiation_error) :- err(crypto_n_random_bytes(_, _), E).
test(hex_to_bytes, Bs == [80, 26, 206]) :- hex_bytes('501ACE', Bs).
test(hex_lower, Bs == [80, 26, 206]) :- hex_bytes("501ace", Bs).
test(hex_codes, Bs == [80, 26, 206]) :- hex_bytes(`501ace`, Bs).
test(hex_chars, Bs == [171]) :- hex_bytes([a, b], Bs).
test(hex_number, Bs == [18]) :- hex_bytes(12, Bs).
test(hex_empty, Bs == []) :- hex_bytes('', Bs).
test(bytes_to_hex, H == '0aff') :- hex_bytes(H, [10, 255]).
test(bytes_empty, H == '') :- hex_bytes(H, []).
test(hex_odd, E == domain_error(hex_encoding, '501AC')) :- err(hex_bytes('501AC', _), E).
test(hex_bad, E == domain_error(hex_encoding, '50xx')) :- err(hex_bytes('50xx', _), E).
test(hex_mismatch, E == domain_error(hex_encoding, ab)) :- err(hex_bytes(ab, [1]), E).
test(hex_check) :- hex_bytes(ab, [171]).
test(hex_var, E == instantiation_error) :- err(hex_bytes(_, _), E).
test(byte_too_big, E == type_error(between(0, 255), 256)) :- err(hex_bytes(_, [256]), E).
test(byte_negative, E == type_error(between(0, 255), -1)) :- err(hex_bytes(_, [-1]), E).
test(byte_atom, E == type_error(between(0, 255), a)) :- err(hex_bytes(_, [a]), E).
test(bytes_partial, E == instantiation_error) :- err(hex_bytes(_, [a|_]), E).
test(bytes_not_list, E == type_error(list(between(0, 255)), foo)) :- err(hex_bytes(_, foo), E).
:- end_tests(crypto_misc).
