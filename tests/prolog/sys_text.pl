% SWI-Prolog's system text predicates: name/2, atomic_concat/3,
% atomics_to_string/2,3, normalize_space/2, collation_key/2, string_bytes/3.
% Run under knightlog and SWI-Prolog alike.
:- use_module(library(plunit)).

:- begin_tests(name).
test(number, X == 42) :- name(X, "42").
test(nil, X == '') :- name(X, []).
test(atom_codes, L == [0'f, 0'o, 0'o]) :- name(foo, L).
test(number_codes, L == [0'4, 0'2]) :- name(42, L).
test(atom, X == foo) :- name(X, "foo").
test(string, L == [0's, 0't, 0'r]) :- name("str", L).
test(leading_space, X == ' 42') :- name(X, " 42").
test(hex, X == 26) :- name(X, "0x1A").
test(float, L == [0'3, 0'., 0'0]) :- name(3.0, L).
test(chars, X == ab) :- name(X, [a, b]).
test(negative, X == -1) :- name(X, "-1").
test(not_number, X == '- 1') :- name(X, "- 1").
test(trailing_space, X == '1 ') :- name(X, "1 ").
test(unbound, error(instantiation_error)) :- name(_, _).
test(compound, error(type_error(atomic, f(x)))) :- name(f(x), _).
test(partial, error(instantiation_error)) :- name(_, [0'a|_]).
test(not_list, error(type_error(list, f))) :- name(_, f).
test(bad_code, error(type_error(character_code, -1))) :- name(_, [-1]).
:- end_tests(name).

:- begin_tests(atomic_concat).
test(atoms, X == ab) :- atomic_concat(a, b, X).
test(numbers, X == '12') :- atomic_concat(1, 2, X).
test(string, X == ab) :- atomic_concat(a, "b", X).
test(check) :- atomic_concat(a, b, ab).
test(unbound, error(instantiation_error)) :- atomic_concat(_, b, ab).
test(compound, error(type_error(atomic, f(x)))) :- atomic_concat(f(x), b, _).
:- end_tests(atomic_concat).

:- begin_tests(atomics_to_string).
test(mixed, S == "a1s2.5") :- atomics_to_string([a, 1, "s", 2.5], S).
test(separator, S == "a, b") :- atomics_to_string([a, b], ', ', S).
test(number_separator, S == "a1b") :- atomics_to_string([a, b], 1, S).
test(empty, S == "") :- atomics_to_string([], S).
test(check) :- atomics_to_string([a, b], "ab").
test(atom_result, fail) :- atomics_to_string([a, b], ab).
test(unbound, error(instantiation_error)) :- atomics_to_string(_, _).
test(partial, error(instantiation_error)) :- atomics_to_string([a|_], _).
test(unbound_element, error(instantiation_error)) :- atomics_to_string([a, _], _).
test(compound, error(type_error(text, f(x)))) :- atomics_to_string([f(x)], _).
test(code_list, error(type_error(text, [0'a]))) :- atomics_to_string([[0'a]], _).
test(not_list, error(type_error(list, foo))) :- atomics_to_string(foo, _).
test(separator_compound, error(type_error(text, f(x)))) :- atomics_to_string([a, b], f(x), _).
test(separator_unbound, error(instantiation_error)) :- atomics_to_string([a, b], _, _).
:- end_tests(atomics_to_string).

:- begin_tests(normalize_space).
test(atom, A == 'a b c') :- normalize_space(atom(A), "  a   b  c  ").
test(string, S == "a b") :- normalize_space(string(S), '\ta\nb ').
test(codes, C == [0'a, 0' , 0'b]) :- normalize_space(codes(C), "a  b").
test(codes_tail, C == [0'a, 0' , 0'b, 0'x]) :- normalize_space(codes(C, [0'x]), "a  b").
test(chars, C == [a, ' ', b]) :- normalize_space(chars(C), " a b").
test(chars_tail, C-T == [a, ' ', b|T]-T) :- normalize_space(chars(C, T), " a b").
test(number, A == '42') :- normalize_space(atom(A), 42).
test(empty, A == '') :- normalize_space(atom(A), "   ").
test(unicode_space, S == "a b c") :- normalize_space(string(S), "a\x2003\b\x3000\c").
test(nel_kept, C == [0'a, 0x85, 0'b]) :- normalize_space(codes(C), "a\x85\b").
test(check, fail) :- normalize_space(atom(ab), "a b").
test(code_list_input, error(type_error(atomic, _))) :- normalize_space(atom(_), [0'a]).
test(compound_input, error(type_error(atomic, f(x)))) :- normalize_space(atom(_), f(x)).
test(unbound_output, error(instantiation_error)) :- normalize_space(_, "a").
test(unbound_input, error(instantiation_error)) :- normalize_space(atom(_), _).
test(bad_output, error(type_error(output, foo(_)))) :- normalize_space(foo(_), "a").
test(no_stream, error(existence_error(stream, foo))) :- normalize_space(foo, "a").
test(stream, S == "a b") :-
    with_output_to(string(S), (current_output(Out), normalize_space(Out, " a  b "))).
:- end_tests(normalize_space).

:- begin_tests(collation_key).
test(atom, K == "abc") :- collation_key(abc, K).
test(string, K == "abc") :- collation_key("abc", K).
test(unbound, error(instantiation_error)) :- collation_key(_, _).
test(number, error(type_error(atom, 1))) :- collation_key(1, _).
test(compare, fail) :- collation_key(a, foo).
:- end_tests(collation_key).

:- begin_tests(string_bytes).
test(utf8, B == [97, 195, 169]) :- string_bytes("aé", B, utf8).
test(utf8_decode, S == "aé") :- string_bytes(S, [97, 195, 169], utf8).
test(latin1, B == [97, 233]) :- string_bytes("aé", B, iso_latin_1).
test(octet, B == [97, 233]) :- string_bytes("aé", B, octet).
test(text, B == [97, 195, 169]) :- string_bytes("aé", B, text).
test(atom, B == [97, 98, 99]) :- string_bytes(abc, B, utf8).
test(code_list, B == [97]) :- string_bytes([0'a], B, utf8).
test(latin1_decode, S == "é") :- string_bytes(S, [233], iso_latin_1).
test(utf16be, B == [0, 97, 0, 98]) :- string_bytes("ab", B, utf16be).
test(utf16le, B == [97, 0]) :- string_bytes("a", B, utf16le).
test(utf16be_decode, S == "a") :- string_bytes(S, [0, 97], utf16be).
test(ascii, B == [97, 98]) :- string_bytes("ab", B, ascii).
test(check) :- string_bytes("a", [97], utf8).
test(unbound, error(instantiation_error)) :- string_bytes(_, _, utf8).
test(encoding_unbound, error(instantiation_error)) :- string_bytes("a", _, _).
test(encoding_unknown, error(domain_error(encoding, foo))) :- string_bytes("a", _, foo).
test(encoding_not_atom, error(type_error(atom, 1))) :- string_bytes("a", _, 1).
test(latin1_range, error(representation_error(encoding))) :- string_bytes("a€", _, iso_latin_1).
test(ascii_range, error(representation_error(encoding))) :- string_bytes("é", _, ascii).
test(byte_range, error(representation_error(encoding))) :- string_bytes(_, [300], octet).
test(not_text, error(type_error(text, f(x)))) :- string_bytes(f(x), _, utf8).
test(number, error(type_error(text, 42))) :- string_bytes(42, _, utf8).
test(not_list, error(type_error(list, "ab"))) :- string_bytes(_, "ab", utf8).
test(partial, error(instantiation_error)) :- string_bytes(_, [97|_], utf8).
test(odd_utf16, error(syntax_error(incomplete_multibyte_sequence))) :- string_bytes(_, [0, 97, 0], utf16be).
:- end_tests(string_bytes).
