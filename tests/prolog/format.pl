% format/1,2,3 directives and format(atom(A), ...).
:- use_module(library(plunit)).

fmt(F, Args, S) :- format(string(S), F, Args).

:- begin_tests(format).
test(w, [S == "a b f(x)"]) :- fmt("~w ~w ~w", [a, 'b', f(x)], S).
test(p, [S == "'A'"]) :- fmt("~p", ['A'], S).
test(q, [S == "'A b'-[]"]) :- fmt("~q", ['A b'-[]], S).
test(a, [S == "abc"]) :- fmt("~a", [abc], S).
test(d, [S == "42"]) :- fmt("~d", [42], S).
test(d_group, [S == "12.345"]) :- fmt("~3d", [12345], S).
test(big_d, [S == "1,234,567"]) :- fmt("~D", [1234567], S).
test(d_float, error(format_argument_type(d, 1.0))) :- fmt("~d", [1.0], _).
test(f, [S == "3.14"]) :- fmt("~2f", [3.14159], S).
test(f_default, [S == "2.000000"]) :- fmt("~f", [2], S).
test(e, [S == "1.500000e+00"]) :- fmt("~e", [1.5], S).
test(g, [S == "0.1"]) :- fmt("~g", [0.1], S).
test(g_big, [S == "1e+20"]) :- fmt("~g", [1.0e20], S).
test(s, [S == "abc"]) :- fmt("~s", [[0'a, 0'b, 0'c]], S).
test(s_string, [S == "abc"]) :- fmt("~s", ["abc"], S).
test(c, [S == "aaa"]) :- fmt("~3c", [0'a], S).
test(r, [S == "ff"]) :- fmt("~16r", [255], S).
test(big_r, [S == "FF"]) :- fmt("~16R", [255], S).
test(r8, [S == "17"]) :- fmt("~8r", [15], S).
test(i, [S == "b"]) :- fmt("~i~w", [a, b], S).
test(star, [S == "xxx"]) :- fmt("~*c", [3, 0'x], S).
test(n, [S == "a\nb"]) :- fmt("a~nb", [], S).
test(tilde, [S == "~"]) :- fmt("~~", [], S).
test(column, [S == "ab    cd"]) :- fmt("~w~t~6|~w", [ab, cd], S).
test(right_align, [S == "    ab"]) :- fmt("~t~w~6|", [ab], S).
test(center, [S == "  ab  "]) :- fmt("~t~w~t~6|", [ab], S).
test(fill_char, [S == "ab****"]) :- fmt("~w~`*t~6|", [ab], S).
test(column_plus, [S == "a     b"]) :- fmt("~w~t~6+~w", [a, b], S).
test(column_plus_twice, [S == "  1  2"]) :- fmt("~t~w~3+~t~w~3+", [1, 2], S).
test(number_pad, [S == "007"]) :- fmt("~`0t~d~3|", [7], S).
test(atom_sink, [A == 'x=1']) :- format(atom(A), "x=~w", [1]).
test(codes_sink, [C == [0'h, 0'i]]) :- format(codes(C), "hi", []).
test(single_arg, [S == "a"]) :- fmt("~w", a, S).
test(too_few, error(format(_))) :- fmt("~w ~w", [a], _).
test(too_many, error(format(_))) :- fmt("~w", [a, b], _).
test(unknown_directive, error(existence_error(format_character, y))) :- fmt("~y", [a], _).
test(a_non_atomic, error(_)) :- fmt("~a", [f(x)], _).
test(unbound_format, error(instantiation_error)) :- format(_, []).
test(with_output_to, [S == "hello"]) :- with_output_to(string(S), write(hello)).
test(format1, [S == "plain"]) :- with_output_to(string(S), format("plain")).
:- end_tests(format).
