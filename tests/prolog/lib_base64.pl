% library(base64): base64/2, base64url/2, base64_encoded/3 and the DCGs
% base64//1, base64url//1, base64_encoded//2. Vectors from RFC 4648 section 10.
:- use_module(library(plunit)).
:- use_module(library(base64)).
:- use_module(library(lists)).
:- use_module(library(apply)).

rfc4648('', '').
rfc4648(f, 'Zg==').
rfc4648(fo, 'Zm8=').
rfc4648(foo, 'Zm9v').
rfc4648(foob, 'Zm9vYg==').
rfc4648(fooba, 'Zm9vYmE=').
rfc4648(foobar, 'Zm9vYmFy').

syntax(G, C) :-
    catch(G, error(syntax_error(base64_char(_, C)), _), true).

:- begin_tests(base64_2).
test(rfc4648_encode, forall(rfc4648(P, E))) :-
    base64(P, E0),
    assertion(E0 == E).
test(rfc4648_decode, forall(rfc4648(P, E))) :-
    base64(P0, E),
    assertion(P0 == P).
test(string_in, E == 'aGVsbG8=') :- base64("hello", E).
test(codes_in, E == 'aGk=') :- base64(`hi`, E).
test(chars_in, E == 'aGk=') :- base64([h, i], E).
test(decode_string, P == hello) :- base64(P, "aGVsbG8=").
test(decode_codes, P == hello) :- base64(P, `aGVsbG8=`).
test(latin1, E == '6Q==') :- base64('é', E).
test(latin1_decode, P == 'é') :- base64(P, '6Q==').
test(check_atom) :- base64(hello, 'aGVsbG8=').
test(check_string) :- base64(hello, "aGVsbG8=").
test(check_codes) :- base64(hello, `aGVsbG8=`).
test(check_wrong, fail) :- base64(hello, 'aGVsbG9=').
test(check_non_text, fail) :- base64(hello, f(x)).
test(check_number, fail) :- base64(hello, 12).
test(unpadded, fail) :- base64(_, 'aGVsbG8').
test(too_much_padding, fail) :- base64(_, 'aGVsbG8==').
test(groups_after_padding, P == hihi) :- base64(P, 'aGk=aGk=').
test(trailing_bits, P == h) :- base64(P, 'aH==').
test(empty_list, E == '') :- base64([], E).
test(not_latin1, E == representation_error(encoding)) :-
    catch(base64('€', _), error(E, _), true).
test(bad_char, C == 0'$) :- syntax(base64(_, 'aGV$bG8='), C).
test(bad_space, C == 0' ) :- syntax(base64(_, 'aGVs bG8='), C).
test(bad_pad_pos, C == 0'=) :- syntax(base64(_, 'a===aGk='), C).
test(bad_url_char, C == 0'_) :- syntax(base64(_, 'aGVsbG8_Pg=='), C).
test(bad_non_ascii, C == 233) :- syntax(base64(_, 'aé=='), C).
test(unbound, E == instantiation_error) :- catch(base64(_, _), error(E, _), true).
test(number_plain, E == type_error(text, 12)) :- catch(base64(12, _), error(E, _), true).
test(compound_plain, E == type_error(text, f(x))) :- catch(base64(f(x), _), error(E, _), true).
test(number_encoded, E == type_error(text, 12)) :- catch(base64(_, 12), error(E, _), true).
test(bad_code, E == type_error(character_code, -1)) :- catch(base64([-1], _), error(E, _), true).
test(partial_plain, E == instantiation_error) :- catch(base64([a|_], _), error(E, _), true).
test(all_bytes) :-
    numlist(0, 255, Cs),
    atom_codes(A, Cs),
    base64(A, E),
    base64(A1, E),
    assertion(A1 == A).
:- end_tests(base64_2).

:- begin_tests(base64url_2).
test(encode, E == 'aGVsbG8_Pg==') :- base64url('hello?>', E).
test(decode, P == 'hello?>') :- base64url(P, 'aGVsbG8_Pg==').
test(unpadded_input, fail) :- base64url(_, 'aGVsbG8_Pg').
test(utf8, E == '4oKs') :- base64url('€', E).
test(utf8_decode, P == '€') :- base64url(P, "4oKs").
test(classic_chars, P == 'hello>>') :- base64url(P, 'aGVsbG8+Pg==').
test(check_non_text, fail) :- base64url(hello, 12).
test(number, E == type_error(text, 12)) :- catch(base64url(12, _), error(E, _), true).
test(not_latin1_encoded, E == representation_error(encoding)) :-
    catch(base64url(_, 'a€=='), error(E, _), true).
:- end_tests(base64url_2).

:- begin_tests(base64_encoded_3).
test(default_string, E == "aGVsbG8=") :- base64_encoded(hello, E, []).
test(as_atom, E == 'aGVsbG8=') :- base64_encoded(hello, E, [as(atom)]).
test(decode_string, P == "hello") :- base64_encoded(P, 'aGVsbG8=', []).
test(decode_atom, P == hello) :- base64_encoded(P, "aGVsbG8=", [as(atom)]).
test(utf8, E == "4oKs") :- base64_encoded('€', E, []).
test(utf8_decode, P == "€") :- base64_encoded(P, "4oKs", []).
test(latin1, E == "6Q==") :- base64_encoded('é', E, [encoding(iso_latin_1)]).
test(octet, E == "6Q==") :- base64_encoded('é', E, [encoding(octet)]).
test(text, E == "w6k=") :- base64_encoded('é', E, [encoding(text)]).
test(bad_utf8_bytes, P == "ÿ") :- base64_encoded(P, "/w==", []).
test(latin1_decode, P == "Ã©") :- base64_encoded(P, "w6k=", [encoding(iso_latin_1)]).
test(url, E == "aGVsbG8_Pg==") :- base64_encoded('hello?>', E, [charset(url)]).
test(url_unpadded, E == "aGVsbG8_Pg") :-
    base64_encoded('hello?>', E, [charset(url), padding(false)]).
test(classic_unpadded, E == "aGVsbG8") :- base64_encoded(hello, E, [padding(false)]).
test(unpadded_decode, P == "hello") :- base64_encoded(P, "aGVsbG8", [padding(false)]).
test(unpadded_short, P == "h") :- base64_encoded(P, 'aG', [padding(false)]).
test(unpadded_one_char, fail) :- base64_encoded(_, 'a', [padding(false)]).
test(padded_needs_padding, fail) :- base64_encoded(_, "aGVsbG8", []).
test(unpadded_rejects_pad, C == 0'=) :-
    syntax(base64_encoded(_, "aGVsbG8=", [padding(false)]), C).
test(unpadded_bad_char, C == 0')) :-
    syntax(base64_encoded(_, 'aGV)a', [padding(false)]), C).
test(url_accepts_both, P == "hello>>") :-
    base64_encoded(P, "aGVsbG8+Pg==", [charset(url)]).
test(classic_rejects_url, C == 0'_) :-
    syntax(base64_encoded(_, "aGVsbG8_Pg==", []), C).
test(first_option_wins, E == "aGk=") :-
    base64_encoded(hi, E, [charset(url), charset(classic), padding(true), padding(false)]).
test(unknown_option, E == "aGk=") :- base64_encoded(hi, E, [foo(bar)]).
test(var_charset, [nondet, E == "aGk="]) :- base64_encoded(hi, E, [charset(_)]).
test(var_as, E == 'aGk=') :- base64_encoded(hi, E, [as(_)]).
test(bad_charset, fail) :- base64_encoded(hello, _, [charset(foo)]).
test(bad_padding, fail) :- base64_encoded(hello, _, [padding(foo)]).
test(bad_as, E == type_error(oneof([atom, string]), codes)) :-
    catch(base64_encoded(hello, _, [as(codes)]), error(E, _), true).
test(bad_encoding, E == domain_error(encoding, foo)) :-
    catch(base64_encoded(hello, _, [encoding(foo)]), error(E, _), true).
test(bad_encoding_decode, E == domain_error(encoding, foo)) :-
    catch(base64_encoded(_, "aGk=", [encoding(foo)]), error(E, _), true).
test(var_encoding, E == instantiation_error) :-
    catch(base64_encoded(hi, _, [encoding(_)]), error(E, _), true).
test(options_not_list, E == type_error(list, foo)) :-
    catch(base64_encoded(hello, _, foo), error(E, _), true).
test(options_bad_tail, E == type_error(list, foo)) :-
    catch(base64_encoded(hello, _, [charset(url)|foo]), error(E, _), true).
test(not_octet, E == representation_error(encoding)) :-
    catch(base64_encoded('€', _, [encoding(octet)]), error(E, _), true).
test(check_atom) :- base64_encoded(hello, 'aGVsbG8=', []).
test(check_codes) :- base64_encoded(hello, `aGVsbG8=`, []).
test(check_chars) :- base64_encoded(hello, [a, 'G', 'V', s, b, 'G', '8', =], []).
test(check_wrong, fail) :- base64_encoded(hello, "aGVs", []).
test(check_partial, fail) :- base64_encoded(hello, [0'a|_], []).
test(check_number, E == type_error(text, 12)) :-
    catch(base64_encoded(hello, 12, []), error(E, _), true).
test(check_compound, E == type_error(text, f(x))) :-
    catch(base64_encoded(hello, f(x), []), error(E, _), true).
test(check_bad_code, E == type_error(character_code, f(x))) :-
    catch(base64_encoded(hello, [f(x)], []), error(E, _), true).
test(decode_partial, E == instantiation_error) :-
    catch(base64_encoded(_, [0'a|_], []), error(E, _), true).
test(round_trip, forall(member(Opts, [[], [charset(url)], [padding(false)],
                                      [charset(url), padding(false)]]))) :-
    numlist(0, 300, Cs),
    string_codes(S, Cs),
    base64_encoded(S, E, Opts),
    base64_encoded(S1, E, Opts),
    assertion(S1 == S).
test(long, N == 40000) :-
    length(L, 30000),
    maplist(=(0'x), L),
    base64_encoded(L, E, []),
    string_length(E, N),
    base64_encoded(P, E, []),
    string_length(P, 30000).
:- end_tests(base64_encoded_3).

:- begin_tests(base64_dcg).
test(encode, L == `aGVsbG8=`) :- phrase(base64(`hello`), L).
test(decode, L == `hello`) :- phrase(base64(L), `aGVsbG8=`).
test(rfc4648, forall(rfc4648(P, E))) :-
    atom_codes(P, Ps),
    atom_codes(E, Es),
    phrase(base64(Ps), Es0),
    assertion(Es0 == Es),
    phrase(base64(Ps0), Es),
    assertion(Ps0 == Ps).
test(rest, [L, R] == [`hi`, `)`]) :- phrase(base64(L), `aGk=)`, R).
test(rest_short_group, [L, R] == [`hel`, `aG)`]) :- phrase(base64(L), `aGVsaG)`, R).
test(rest_after_pad, [L, R] == [`hi`, ` x`]) :- phrase(base64(L), `aGk= x`, R).
test(groups_after_pad, [L, R] == [`hihi`, []]) :- phrase(base64(L), `aGk=aGk=`, R).
test(unpadded_fails, fail) :- phrase(base64(_), `aGk`).
test(bad_in_group, C == 0')) :- syntax(phrase(base64(_), `aGk)`, _), C).
test(bad_pad, C == 0'=) :- syntax(phrase(base64(_), `aG=k`, _), C).
test(bad_element, C == f(x)) :- syntax(phrase(base64(_), [0'a, f(x), 0'=, 0'=]), C).
test(big_code, C == 8364) :- syntax(phrase(base64(_), [0'a, 8364, 0'=, 0'=]), C).
test(codes_modulo, L == `rA==`) :- phrase(base64([0x20AC]), L).
test(negative_code, L == `/w==`) :- phrase(base64([-1]), L).
test(atom_plain, fail) :- phrase(base64(hello), _).
test(not_evaluable, E == type_error(evaluable, a/0)) :-
    catch(phrase(base64([a]), _), error(E, _), true).
test(url_encode, L == `aGVsbG8_Pg`) :- phrase(base64url(`hello?>`), L).
test(url_decode, L == `hello?>`) :- phrase(base64url(L), `aGVsbG8_Pg`).
test(url_bytes, L == `__4`) :- phrase(base64url([0xFF, 0xFE]), L).
test(url_classic_chars, L == [107, 239, 219]) :- phrase(base64url(L), `a+/b`).
test(url_short, L == `h`) :- phrase(base64url(L), `aG`).
test(url_lone_char, fail) :- phrase(base64url(_), `a`).
test(url_lone_char_rest, [L, R] == [`hel`, `a`]) :- phrase(base64url(L), `aGVsa`, R).
test(url_rest, [L, R] == [`hel`, `)`]) :- phrase(base64url(L), `aGVs)`, R).
test(url_pad, C == 0'=) :- syntax(phrase(base64url(_), `aGk=`), C).
test(url_bad, C == 0')) :- syntax(phrase(base64url(_), `aG)`, _), C).
test(encoded_options, L == `aGVsbG8_Pg==`) :-
    phrase(base64_encoded(`hello?>`, [charset(url)]), L).
test(encoded_decode, L == `hello?>`) :-
    phrase(base64_encoded(L, [charset(url)]), `aGVsbG8_Pg==`).
test(encoded_unpadded, L == `aGk`) :-
    phrase(base64_encoded(`hi`, [padding(false)]), L).
test(encoded_bad_charset, fail) :-
    phrase(base64_encoded(`hi`, [charset(foo)]), _).
test(all_bytes) :-
    numlist(0, 255, Bs),
    phrase(base64(Bs), E),
    base64_encoded(S, E, [encoding(octet)]),
    string_codes(S, Bs1),
    assertion(Bs1 == Bs),
    phrase(base64(Bs2), E),
    assertion(Bs2 == Bs).
:- end_tests(base64_dcg).
