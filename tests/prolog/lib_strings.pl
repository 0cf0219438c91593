% library(strings): string_lines/2, dedent_lines/3, indent_lines/3,4,
% interpolate_string/4 and the quasi-quotation hook string/4.
:- use_module(library(plunit)).
:- use_module(library(strings)).

not_empty(S) :- S \== "".
say(X) :- write(said(X)).

:- begin_tests(string_lines).
test(split, [L == ["a", "b"]]) :- string_lines("a\nb", L).
test(split_final_newline, [L == ["a", "b"]]) :- string_lines("a\nb\n", L).
test(split_keeps_inner_empty, [L == ["a", "b", ""]]) :- string_lines("a\nb\n\n", L).
test(split_empty, [L == []]) :- string_lines("", L).
test(split_newline, [L == [""]]) :- string_lines("\n", L).
test(split_cr_kept, [L == ["a\r", "b"]]) :- string_lines("a\r\nb", L).
test(split_atom, [L == ["a", "b"]]) :- string_lines('a\nb', L).
test(split_codes, [L == ["a", "b"]]) :- string_lines(`a\nb`, L).
test(split_chars, [L == ["a", "b"]]) :- string_lines([a, '\n', b], L).
test(split_check) :- string_lines("a\nb\n", ["a", "b"]).
test(split_check_atoms, fail) :- string_lines("a\nb\n", [a, b]).
test(join, [S == "a\nb\n"]) :- string_lines(S, ["a", "b"]).
test(join_empty, [S == ""]) :- string_lines(S, []).
test(join_empty_line, [S == "a\n\n"]) :- string_lines(S, ["a", ""]).
test(join_atomic, [S == "a\nb\nc\n1.5\n"]) :- string_lines(S, [a, 'b', "c", 1.5]).
test(join_codes, error(type_error(text, [0'a]))) :- string_lines(_, [[0'a]]).
test(join_compound, error(type_error(text, f(x)))) :- string_lines(_, [f(x)]).
test(join_unbound_line, error(instantiation_error)) :- string_lines(_, [_]).
test(both_unbound, error(instantiation_error)) :- string_lines(_, _).
test(partial_lines, error(instantiation_error)) :- string_lines(_, [a|_]).
test(not_a_list, error(type_error(list, foo))) :- string_lines(_, foo).
test(number, error(type_error(text, 12))) :- string_lines(12, _).
test(det) :- string_lines("a\nb", _), string_lines(_, ["x"]).
:- end_tests(string_lines).

:- begin_tests(dedent_lines).
test(common, [S == "a\n  b\nc"]) :- dedent_lines("  a\n    b\n  c", S, []).
test(final_newline, [S == "a\n  b\nc\n"]) :- dedent_lines("  a\n    b\n  c\n", S, []).
test(empty_line, [S == "a\n\n  b\n"]) :- dedent_lines("  a\n\n    b\n", S, []).
test(short_blank_line, [S == "a\n\nb"]) :- dedent_lines("  a\n \n  b", S, []).
test(long_blank_line, [S == " \na\n"]) :- dedent_lines("   \n  a\n", S, []).
test(only_blank, [S == "\n\n"]) :- dedent_lines("   \n  \n", S, []).
test(blank_without_prefix, [S == "a\n\nb"]) :- dedent_lines("  a\n\t\t\t\n  b", S, []).
test(blank_with_prefix, [S == "a\n \t\nb"]) :- dedent_lines("  a\n   \t\n  b", S, []).
test(trailing_space_kept, [S == "a  \nb \n"]) :- dedent_lines("  a  \n  b \n", S, []).
test(none_common, [S == "a\n  b"]) :- dedent_lines("a\n  b", S, []).
test(empty, [S == ""]) :- dedent_lines("", S, []).
test(cr_kept, [S == "a\r\nb\r\n"]) :- dedent_lines("  a\r\n  b\r\n", S, []).
test(literal_mix, [S == "  a\n\t b\n"]) :- dedent_lines("  a\n\t b\n", S, []).
test(literal_tab, [S == "a\nb"]) :- dedent_lines("\ta\n\tb", S, []).
test(literal_partial, [S == "\ta\n b"]) :- dedent_lines(" \ta\n  b", S, []).
test(tab8, [S == "a\n       b\n"]) :- dedent_lines("  a\n\t b\n", S, [tab(8)]).
test(tab4, [S == "a\n   b\n"]) :- dedent_lines("  a\n\t b\n", S, [tab(4)]).
test(tab_split, [S == "        a\nb"]) :- dedent_lines("\t a\n b", S, [tab(8)]).
test(tab_kept, [S == "\t a\nb"]) :- dedent_lines(" \t a\n b", S, [tab(8)]).
test(tab_stop, [S == "a\n b\n"]) :- dedent_lines("\ta\n  \t b\n", S, [tab(8)]).
test(tab_two_tabs, [S == "       a\nb\n"]) :- dedent_lines("\t\ta\n\t b\n", S, [tab(8)]).
test(tab_blank, [S == "a\n      \t\t\nb"]) :- dedent_lines("  a\n\t\t\t\n  b", S, [tab(8)]).
test(tab_zero, [S == "\ta\n  \t b\n"]) :- dedent_lines("\ta\n  \t b\n", S, [tab(0)]).
test(first_option_wins, [S == "      a\nb"]) :- dedent_lines("\ta\n  b", S, [tab(8), tab(2)]).
test(option_eq, [S == "a\nb"]) :- dedent_lines("\ta\n  b", S, [tab=2]).
test(plain_option_before_eq, [S == "      a\nb"]) :-
    dedent_lines("\ta\n  b", S, [tab=2, tab(8)]).
test(chars_bar, [S == "  a\n   b\n"]) :- dedent_lines("|  a\n|   b\n", S, [chars("|")]).
test(chars_bar_space, [S == "a\n b\n"]) :- dedent_lines("  |a\n  | b\n", S, [chars("| ")]).
test(chars_codes, [S == "a\n b\n"]) :- dedent_lines("  |a\n  | b\n", S, [chars(`| `)]).
test(chars_chars, [S == "a\n b\n"]) :- dedent_lines("  |a\n  | b\n", S, [chars([' ', '|'])]).
test(chars_none, [S == "  a\n  b"]) :- dedent_lines("  a\n  b", S, [chars("")]).
test(chars_blank_line, [S == "a\n\nb"]) :- dedent_lines("xxa\nx\nxxb", S, [chars("x")]).
test(chars_not_blank, [S == "xa\n \nxb"]) :- dedent_lines("xxa\nx \nxxb", S, [chars("x")]).
test(chars_tab_columns, [S == "| a\nb"]) :- dedent_lines("|| a\n|b", S, [tab(8), chars(" |")]).
test(chars_space_only, [S == "  a\n\t\n  b"]) :- dedent_lines("  a\n\t\n  b", S, [chars(" ")]).
test(unknown_option, [S == "a"]) :- dedent_lines(" a", S, [bogus, tab(x)]).
test(atom_in, [S == "a\nb"]) :- dedent_lines('  a\n  b', S, []).
test(codes_in, [S == "a\nb"]) :- dedent_lines(`  a\n  b`, S, []).
test(out_is_string, fail) :- dedent_lines("  a", a, []).
test(tab_not_integer, error(type_error(integer, 2.0))) :- dedent_lines("\ta\n  b", _, [tab(2.0)]).
test(tab_not_evaluable, error(type_error(evaluable, x/0))) :- dedent_lines("\ta", _, [tab(x)]).
test(chars_atom, error(type_error(list, '| '))) :- dedent_lines("a", _, [chars('| ')]).
test(chars_number, error(type_error(list, 1))) :- dedent_lines("a", _, [chars(1)]).
test(chars_unbound, error(instantiation_error)) :- dedent_lines("a", _, [chars(_)]).
test(options_not_list, error(type_error(list, foo))) :- dedent_lines("a", _, foo).
test(options_bad_tail, error(type_error(list, bar))) :- dedent_lines("a", _, [foo|bar]).
test(options_first, error(type_error(list, foo))) :- dedent_lines(12, _, foo).
test(options_unbound, error(instantiation_error)) :- dedent_lines("a", _, _).
test(in_unbound, error(instantiation_error)) :- dedent_lines(_, _, []).
test(in_number, error(type_error(text, 12))) :- dedent_lines(12, _, []).
test(det) :- dedent_lines("  a\n  b", _, []).
:- end_tests(dedent_lines).

:- begin_tests(indent_lines).
test(basic, [S == "  a\n  b"]) :- indent_lines("  ", "a\nb", S).
test(final_newline, [S == "  a\n  b\n"]) :- indent_lines("  ", "a\nb\n", S).
test(skip_empty, [S == "> a\n\n> b\n"]) :- indent_lines("> ", "a\n\nb\n", S).
test(skip_blank, [S == "  a\n  \n  b\n"]) :- indent_lines("  ", "a\n  \nb\n", S).
test(skip_tab_only, [S == ">a\n\t\n>b\n"]) :- indent_lines(">", "a\n\t\nb\n", S).
test(cr_not_blank, [S == ">a\n>\r\n"]) :- indent_lines(">", "a\n\r\n", S).
test(empty, [S == ""]) :- indent_lines("  ", "", S).
test(newline, [S == "\n"]) :- indent_lines("  ", "\n", S).
test(atom_args, [S == "> a\n> b"]) :- indent_lines('> ', 'a\nb', S).
test(number_prefix, [S == "1a\n1b"]) :- indent_lines(1, "a\nb", S).
test(out_is_string, fail) :- indent_lines("x", "a", xa).
test(prefix_codes, error(type_error(text, `> `))) :- indent_lines(`> `, "a", _).
test(prefix_unbound, error(instantiation_error)) :- indent_lines(_, "a\nb", _).
test(prefix_unused, [S == "  \n"]) :- indent_lines(_, "  \n", S).
test(in_unbound, error(instantiation_error)) :- indent_lines("x", _, _).
test(in_number, error(type_error(text, 1))) :- indent_lines("x", 1, _).
test(filter, [S == "> a\n\n> b\n"]) :- indent_lines(not_empty, "> ", "a\n\nb\n", S).
test(filter_all, [S == "> a\n> \n> b\n>   \n"]) :-
    indent_lines([_]>>true, "> ", "a\n\nb\n  \n", S).
test(filter_lambda, [S == "a\n> \n> b\n"]) :-
    indent_lines([L]>>(L \== "a"), "> ", "a\n\nb\n", S).
test(filter_sees_lines, [Seen == ["a", "", "b"]]) :-
    indent_lines([L]>>(nb_getval(lib_strings_seen, S0), append(S0, [L], S1),
                       nb_setval(lib_strings_seen, S1)),
                 "", "a\n\nb\n", _),
    nb_getval(lib_strings_seen, Seen).
test(filter_once, all(S == ["> a\nc\n"])) :-
    indent_lines([L]>>member(L, ["a", "a"]), "> ", "a\nc\n", S).
test(filter_unknown, error(existence_error(procedure, _))) :-
    indent_lines(no_such_filter, "> ", "a", _).
test(filter_unbound, error(instantiation_error)) :- indent_lines(_, "> ", "a", _).
:- end_tests(indent_lines).

:- begin_tests(interpolate_string).
% SWI-Prolog's interpolate_string/4 leaves a choicepoint (with no further
% answer); knightlog's is deterministic: `nondet` accepts both.
test(basic, [nondet, S == "Hello world!"]) :- interpolate_string("Hello {X}!", S, ['X'=world], []).
test(twice, [nondet, S == "1 1"]) :- interpolate_string("{X} {X}", S, ['X'=1], []).
test(several, [nondet, S == "1 2.5"]) :- interpolate_string("{X} {Y}", S, ['X'=1, 'Y'=2.5], []).
test(written, [nondet, S == "f(a,B,s,[1])"]) :-
    interpolate_string("{X}", S, ['X'=f(a, 'B', "s", [1])], []).
test(operators, [nondet, S == "a:-b"]) :- interpolate_string("{X}", S, ['X'=(a:-b)], []).
test(string_value, [nondet, S == "a\nb"]) :- interpolate_string("{X}", S, ['X'="a\nb"], []).
test(underscore, [nondet, S == "1 2"]) :- interpolate_string("{_X} {_}", S, ['_X'=1, '_'=2], []).
test(first_binding, [nondet, S == "1"]) :- interpolate_string("{X}", S, ['X'=1, 'X'=2], []).
test(skip_other_elements, [nondet, S == "ok"]) :- interpolate_string("{X}", S, [x, 'X'=ok], []).
test(not_a_var_name, [nondet, S == "{x} {x y} { X } {} {X-1}"]) :-
    interpolate_string("{x} {x y} { X } {} {X-1}", S, [x=1, 'X'=1], []).
test(unclosed, [nondet, S == "{X"]) :- interpolate_string("{X", S, ['X'=1], []).
test(double_brace, [nondet, S == "{1}"]) :- interpolate_string("{{X}}", S, ['X'=1], []).
test(default, [nondet, S == "adefb"]) :- interpolate_string("a{X,def}b", S, [], []).
test(default_unused, [nondet, S == "a1b"]) :- interpolate_string("a{X,def}b", S, ['X'=1], []).
test(default_text, [nondet, S == "a d,e 'q'b"]) :- interpolate_string("a{X, d,e 'q'}b", S, [], []).
test(default_empty, [nondet, S == "ab"]) :- interpolate_string("a{X,}b", S, [], []).
test(default_first_brace, [nondet, S == "a{d}b"]) :- interpolate_string("a{X,{d}}b", S, [], []).
test(default_unclosed, [nondet, S == "{X,abc"]) :- interpolate_string("{X,abc", S, [], []).
test(goal_off, [nondet, S == "a{@write(hi)}b"]) :- interpolate_string("a{@write(hi)}b", S, [], []).
test(goal_on, [nondet, S == "ahib"]) :- interpolate_string("a{@write(hi)}b", S, [], [goals(true)]).
test(goal_eq_option, [nondet, S == "hi"]) :- interpolate_string("{@write(hi)}", S, [], [goals=true]).
test(goal_false, [nondet, S == "{@write(hi)}"]) :-
    interpolate_string("{@write(hi)}", S, [], [goals(false), goals(true)]).
test(goal_user_predicate, [nondet, S == "<said(x)>"]) :-
    interpolate_string("<{@say(x)}>", S, [], [goals(true)]).
test(goal_once, all(S == ["a1b"])) :-
    interpolate_string("a{@(member(X,[1,2]),write(X))}b", S, [], [goals(true)]).
test(goal_fails, fail) :- interpolate_string("a{@fail}b", _, [], [goals(true)]).
test(goal_throws, throws(oops)) :- interpolate_string("{@throw(oops)}", _, [], [goals(true)]).
test(goal_unknown, error(existence_error(procedure, _))) :-
    interpolate_string("{@no_such_goal_here}", _, [], [goals(true)]).
test(goal_syntax, error(syntax_error(_))) :-
    interpolate_string("{@write(x y)}", _, [], [goals(true)]).
test(goal_options_not_list, error(type_error(list, foo))) :-
    interpolate_string("{@write(a)}", _, [], foo).
test(options_unused, [nondet, S == "a1"]) :- interpolate_string("a{X}", S, ['X'=1], foo).
test(atom_in, [nondet, S == "Hello 1!"]) :- interpolate_string('Hello {X}!', S, ['X'=1], []).
test(codes_in, [nondet, S == "Hello 1!"]) :- interpolate_string(`Hello {X}!`, S, ['X'=1], []).
test(number_in, [nondet, S == "12"]) :- interpolate_string(12, S, [], []).
test(qualified_in, [nondet, S == "1"]) :- interpolate_string(user:"{X}", S, ['X'=1], []).
test(out_is_string, fail) :- interpolate_string("a{X}", a1, ['X'=1], []).
test(partial_map, nondet) :-
    M = ['Y'=1|_], interpolate_string("{X}", S, M, []),
    M = ['Y'=1, 'X'=V|_], var(V), string(S).
test(missing, error(existence_error(template_var, 'Z'))) :-
    interpolate_string("Hello {Z}!", _, ['X'=1], []).
test(missing_pair_syntax, error(existence_error(template_var, 'X'))) :-
    interpolate_string("{X}", _, ['X'-1, "X"=1, 'X'(1)], []).
test(map_not_list, error(type_error(list, foo))) :- interpolate_string("{X}", _, foo, []).
test(map_bad_tail, error(type_error(list, foo))) :- interpolate_string("{X}", _, ['Y'=1|foo], []).
test(map_unused, [nondet, S == "a"]) :- interpolate_string("a", S, foo, []).
test(list_value, error(format(_))) :- interpolate_string("{X}", _, ['X'=[a, b]], []).
test(in_unbound, error(instantiation_error)) :- interpolate_string(_, _, [], []).
:- end_tests(interpolate_string).

:- begin_tests(string_qq).
test(no_quasi_quotation, fail) :- strings:string("abc", [], [], _).
test(unbound, error(instantiation_error)) :- strings:string(_, [], [], _).
:- end_tests(string_qq).

:- nb_setval(lib_strings_seen, []).
