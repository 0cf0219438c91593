% library(writef): writef/1,2 and swritef/2,3.
:- use_module(library(plunit)).
:- use_module(library(writef)).

wf(F, A, S) :- with_output_to(string(S), writef(F, A)).

:- begin_tests(writef).
test(plain, [S == "hello"]) :- with_output_to(string(S), writef(hello)).
test(w, [S == "hello foo world"]) :- wf('hello %w world', [foo], S).
test(w2, [S == "a and B c"]) :- wf('%w and %w', [a, 'B c'], S).
test(w_adjacent, [S == "ab"]) :- wf('%w%w', [a, b], S).
test(w_term, [S == "[1,2] f(x)"]) :- wf('%w %w', [[1,2], f(x)], S).
test(d, [S == "42"]) :- wf('%d', [42], S).
test(d_any, [S == "foo bar"]) :- wf('%d %w', [foo, bar], S).
test(p, [S == "'A b'"]) :- wf('%p', ['A b'], S).
test(q, [S == "'A'"]) :- wf('%q', ['A'], S).
test(s_codes, [S == "ab"]) :- wf('%s', [[0'a, 0'b]], S).
test(s_chars, [S == "ab"]) :- wf('%s', [[a, b]], S).
test(s_empty, [S == ""]) :- wf('%s', [[]], S).
test(s_string_not_list, [S == "%s abc"]) :- wf('%s %w', ["abc", x], S).
test(s_atom, [S == "%s"]) :- wf('%s', [abc], S).
test(s_partial, error(instantiation_error)) :- wf('%s', [[0'a|_]], _).
test(newline, [S == "x\ny"]) :- wf('x\\ny', [], S).
test(newline_l, [S == "x\ny"]) :- wf('x\\ly', [], S).
test(tab, [S == "a\tb"]) :- wf('a\\tb', [], S).
test(backslash, [S == "a\\b"]) :- wf('a\\\\b', [], S).
test(percent, [S == "a%b"]) :- wf('a\\%b', [], S).
test(escaped_directive, [S == "%w"]) :- wf('\\%w', [a], S).
test(unknown_escape, [S == "a\\zb"]) :- wf('a\\zb', [], S).
test(trailing_backslash, [S == "a\\"]) :- wf('a\\', [], S).
test(trailing_percent, [S == "a%"]) :- wf('a%', [], S).
test(double_percent, [S == "a%%b"]) :- wf('a%%b', [], S).
test(missing_arg, [S == "a %w"]) :- wf('%w %w', [a], S).
test(no_args, [S == "%w"]) :- wf('%w', [], S).
test(args_not_list, [S == "%w"]) :- wf('%w', foo, S).
test(unknown_directive, [S == "%x"]) :- wf('%x', [1], S).
test(width_no_column, [S == "%3d"]) :- wf('%3d', [5], S).
test(left, [S == "ab   |"]) :- wf('%5l|', [ab], S).
test(right, [S == "   ab|"]) :- wf('%5r|', [ab], S).
test(centre, [S == "  ab |"]) :- wf('%5c|', [ab], S).
test(centre_even, [S == "  ab  |"]) :- wf('%6c|', [ab], S).
test(centre_one_short, [S == " abcd |"]) :- wf('%5c|', [abcd], S).
test(left_overflow, [S == "abcdef |"]) :- wf('%1l|', [abcdef], S).
test(left_exact, [S == "abcde |"]) :- wf('%5l|', [abcde], S).
test(right_overflow, [S == " abcdef|"]) :- wf('%3r|', [abcdef], S).
test(centre_overflow, [S == " abcd |"]) :- wf('%2c|', [abcd], S).
test(column_term, [S == "f(x)  |"]) :- wf('%6l|', [f(x)], S).
test(column_number, [S == "   12|"]) :- wf('%5r|', [12], S).
test(column_then_w, [S == "a    b|"]) :- wf('%5l%w|', [a, b], S).
test(string_format, [S == "x str"]) :- wf("%w str", [x], S).
test(codes_format, [S == "y"]) :- wf([0'%, 0'w], [y], S).
test(writef1_escape, [S == "single\n"]) :- with_output_to(string(S), writef('single\\n')).
test(swritef3, [S == "a-3"]) :- swritef(S, '%w-%d', [a, 3]).
test(swritef2, [S == "plain\n"]) :- swritef(S, 'plain\\n').
test(swritef_string, [nondet]) :- swritef(S, '%w', [a]), string(S).
:- end_tests(writef).
