% SWI-Prolog's string type.
:- use_module(library(plunit)).

:- begin_tests(strings).
test(literal) :- string("abc").
test(not_atom, fail) :- atom("abc").
test(concat, [S == "abcd"]) :- string_concat("ab", cd, S).
test(concat_split, all(X-Y == [""-"ab", "a"-"b", "ab"-""])) :- string_concat(X, Y, "ab").
test(concat_unbound, error(instantiation_error)) :- string_concat(_, _, _).
test(chars, [L == [h, i]]) :- string_chars("hi", L).
test(chars_rev, [S == "hi"]) :- string_chars(S, [h, i]).
test(codes, [L == [0'h, 0'i]]) :- string_codes("hi", L).
test(codes_rev, [S == "hi"]) :- string_codes(S, [0'h, 0'i]).
test(codes_unbound, error(instantiation_error)) :- string_codes(_, _).
test(to_atom, [A == abc]) :- string_to_atom("abc", A).
test(to_atom_rev, [S == "abc"]) :- string_to_atom(S, abc).
test(to_atom_unbound, error(instantiation_error)) :- string_to_atom(_, _).
test(length, [N == 5]) :- string_length("hello", N).
test(length_atom, [N == 3]) :- string_length(abc, N).
test(length_unbound, error(instantiation_error)) :- string_length(_, _).
test(number_string, [N == 42]) :- number_string(N, "42").
test(number_string_out, [S == "3.5"]) :- number_string(3.5, S).
% SWI fails where number_codes/2 raises a syntax error.
test(number_string_bad, fail) :- number_string(_, "x").
test(string_code, [C == 0'b]) :- string_code(2, "abc", C).
test(upper, [U == "ABC"]) :- string_upper("abc", U).
test(lower, [L == "abc"]) :- string_lower("ABC", L).
test(atom_string, [S == "xy"]) :- atom_string(xy, S).
test(text_to_string, [S == "ab"]) :- text_to_string([a, b], S).
test(term_string, [S == "f('X')"]) :- term_string(f('X'), S).
:- end_tests(strings).

:- begin_tests(split_string).
test(fields, [L == ["a", "b", "c"]]) :- split_string("a,b,c", ",", "", L).
test(strip, [L == ["a", "b"]]) :- split_string(" a , b ", ",", " ", L).
test(strip_only, [L == ["hi"]]) :- split_string("  hi  ", "", " ", L).
test(empty_fields, [L == ["", "a", ""]]) :- split_string("/a/", "/", "", L).
test(several_seps, [L == ["a", "b", "c"]]) :- split_string("a.b-c", ".-", "", L).
test(unbound, error(instantiation_error)) :- split_string(_, ",", "", _).
:- end_tests(split_string).

:- begin_tests(sub_string).
test(sub, [S == "bc"]) :- sub_string("abcd", 1, 2, _, S).
test(find, [nondet, B == 2]) :- sub_string("hello", B, _, _, "ll").
test(all, all(S == ["", "a", "ab", "", "b", ""])) :- sub_string("ab", _, _, _, S).
test(after, [A == 1]) :- sub_string("abcd", 1, 2, A, _).
test(atom_input, [S == "b"]) :- sub_string(abc, 1, 1, _, S).
test(unbound, error(instantiation_error)) :- sub_string(_, _, _, _, _).
:- end_tests(sub_string).
