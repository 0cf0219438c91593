% Atoms, numbers and characters.
:- use_module(library(plunit)).

:- begin_tests(atom_codes_chars).
test(codes, [L == [0'a, 0'b]]) :- atom_codes(ab, L).
test(codes_rev, [A == ab]) :- atom_codes(A, [0'a, 0'b]).
test(codes_number, [L == [0'1, 0'2]]) :- atom_codes(12, L).
test(codes_empty, [A == '']) :- atom_codes(A, []).
test(chars, [L == [a, b]]) :- atom_chars(ab, L).
test(chars_rev, [A == 'x y']) :- atom_chars(A, [x, ' ', y]).
test(chars_check) :- atom_chars(abc, [a|_]).
test(codes_unbound, error(instantiation_error)) :- atom_codes(_, _).
test(codes_partial, error(instantiation_error)) :- atom_codes(_, [0'a|_]).
test(chars_partial, error(instantiation_error)) :- atom_chars(_, [a, _]).
% ISO asks for representation_error(character_code); SWI and knightlog agree on this.
test(codes_bad, error(type_error(character_code, -1))) :- atom_codes(_, [-1]).
% ISO: type_error(character, ab), which knightlog follows; SWI-Prolog says
% type_error(character_code, ab) (tests/KNOWN_DIFFERENCES.md).
test(chars_bad) :-
    catch(atom_chars(_, [ab]), error(type_error(T, ab), _), true),
    (   current_prolog_flag(dialect, swi) -> T == character_code ; T == character ).
test(codes_compound, error(type_error(_, f(x)))) :- atom_codes(f(x), _).
test(char_code, [C == 0'a]) :- char_code(a, C).
test(char_code_rev, [A == b]) :- char_code(A, 0'b).
test(char_code_unbound, error(instantiation_error)) :- char_code(_, _).
test(char_code_bad, error(type_error(character, ab))) :- char_code(ab, _).
test(char_code_range, error(type_error(character_code, -3))) :- char_code(_, -3).
:- end_tests(atom_codes_chars).

:- begin_tests(atom_length).
test(length, [N == 5]) :- atom_length(hello, N).
test(empty, [N == 0]) :- atom_length('', N).
test(unicode, [N == 3]) :- atom_length('äöü', N).
test(number, [N == 3]) :- atom_length(123, N).
test(check) :- atom_length(abc, 3).
test(unbound, error(instantiation_error)) :- atom_length(_, _).
test(compound, error(type_error(_, f(x)))) :- atom_length(f(x), _).
test(bad_length, error(type_error(integer, x))) :- atom_length(abc, x).
% ISO raises domain_error(not_less_than_zero, -1); SWI (and knightlog) fail.
test(negative_length, fail) :- atom_length(abc, -1).
:- end_tests(atom_length).

:- begin_tests(atom_concat).
test(concat, [A == abcd]) :- atom_concat(ab, cd, A).
test(numbers, [A == '12ab']) :- atom_concat(12, ab, A).
test(prefix, [X == cd]) :- atom_concat(ab, X, abcd).
test(suffix, [X == ab]) :- atom_concat(X, cd, abcd).
test(split, all(X-Y == [''-abc, a-bc, ab-c, abc-''])) :- atom_concat(X, Y, abc).
test(no_match, fail) :- atom_concat(x, _, abc).
test(unbound, error(instantiation_error)) :- atom_concat(_, b, _).
test(compound, error(type_error(atomic, f(x)))) :- atom_concat(f(x), b, _).
:- end_tests(atom_concat).

:- begin_tests(sub_atom).
test(sub, [S == bc]) :- sub_atom(abcde, 1, 2, _, S).
test(after, [A == 2]) :- sub_atom(abcde, 1, 2, A, _).
test(find, all(B == [1, 3])) :- sub_atom(abcbc, B, _, _, bc).
test(find_len_after, [nondet, B-L-A == 2-2-1]) :- sub_atom(abcde, B, L, A, cd).
test(prefixes, all(S == ['', a, ab, abc])) :- sub_atom(abc, 0, _, _, S).
test(suffixes, all(S == [abc, bc, c, ''])) :- sub_atom(abc, _, _, 0, S).
test(all, all(S == ['', a, ab, '', b, ''])) :- sub_atom(ab, _, _, _, S).
test(length_given, all(S == [ab, bc])) :- sub_atom(abc, _, 2, _, S).
test(after_given, [S == bcd]) :- sub_atom(abcde, 1, _, 1, S).
test(out_of_range, fail) :- sub_atom(abc, 2, 5, _, _).
test(unbound, error(instantiation_error)) :- sub_atom(_, _, _, _, _).
test(compound, error(type_error(atom, f(x)))) :- sub_atom(f(x), _, _, _, _).
% ISO raises type_error(atom, 1); SWI (and knightlog) fail.
test(bad_sub, fail) :- sub_atom(abc, _, _, _, 1).
test(bad_before, error(type_error(integer, a))) :- sub_atom(abc, a, _, _, _).
test(sub_atom_icasechk) :- sub_atom_icasechk('Hello World', _, world).
:- end_tests(sub_atom).

:- begin_tests(number_text).
test(number_codes, [N == 42]) :- number_codes(N, "42").
test(number_codes_out, [L == [0'4, 0'2]]) :- number_codes(42, L).
test(number_codes_float, [N == 1.5]) :- number_codes(N, "1.5").
test(number_codes_neg, [N == -3]) :- number_codes(N, "-3").
test(number_codes_layout, [N == 7]) :- number_codes(N, " 7").
test(number_chars, [N == 255]) :- number_chars(N, ['0', x, f, f]).
test(number_chars_out, [L == ['1', '0']]) :- number_chars(10, L).
test(number_codes_syntax, error(syntax_error(_))) :- number_codes(_, "4a").
test(number_chars_syntax, error(syntax_error(_))) :- number_chars(_, [a]).
test(number_codes_unbound, error(instantiation_error)) :- number_codes(_, _).
test(number_codes_type, error(type_error(number, a))) :- number_codes(a, _).
test(number_chars_partial, error(instantiation_error)) :- number_chars(_, ['1'|_]).
test(atom_number, [N == 12]) :- atom_number('12', N).
test(atom_number_float, [N == 0.5]) :- atom_number('0.5', N).
test(atom_number_not, fail) :- atom_number(foo, _).
test(atom_number_rev, [A == '7']) :- atom_number(A, 7).
test(atom_number_unbound, error(instantiation_error)) :- atom_number(_, _).
test(big, [N == 123456789012345678901234567890]) :- atom_number('123456789012345678901234567890', N).
:- end_tests(number_text).

:- begin_tests(atomic_list_concat).
test(concat2, [A == abc12]) :- atomic_list_concat([a, bc, 1, 2], A).
test(concat3, [A == 'a-b-c']) :- atomic_list_concat([a, b, c], -, A).
test(split, [L == [a, b, c]]) :- atomic_list_concat(L, -, 'a-b-c').
test(split_empty_parts, [L == ['', a, '', b, '']]) :- atomic_list_concat(L, ',', ',a,,b,').
test(split_multichar, [L == [x, y]]) :- atomic_list_concat(L, '::', 'x::y').
test(split_none, [L == [abc]]) :- atomic_list_concat(L, '-', abc).
test(check) :- atomic_list_concat([a, b], '+', 'a+b').
test(unbound_elem, error(instantiation_error)) :- atomic_list_concat([a, _], A), atom(A).
test(split_empty_sep, error(domain_error(non_empty_atom, ''))) :- atomic_list_concat(_, '', abc).
test(compound_elem, error(type_error(_, f(x)))) :- atomic_list_concat([f(x)], _).
:- end_tests(atomic_list_concat).

:- begin_tests(case).
test(upcase, [U == 'HELLO World']) :- upcase_atom('hello world', U0), sub_atom(U0, 0, 6, _, P), atom_concat(P, 'World', U).
test(upcase_all, [U == 'ABC1']) :- upcase_atom(abc1, U).
test(downcase, [D == abc]) :- downcase_atom('AbC', D).
test(upcase_unbound, error(instantiation_error)) :- upcase_atom(_, _).
:- end_tests(case).

:- begin_tests(char_type).
test(alpha) :- char_type(a, alpha).
test(digit, [W == 7]) :- char_type('7', digit(W)).
test(not_digit, fail) :- char_type(a, digit(_)).
test(upper, [L == a]) :- char_type('A', upper(L)).
test(lower, [U == 'B']) :- char_type(b, lower(U)).
test(space) :- char_type(' ', space).
test(punct) :- char_type('!', punct).
test(csym) :- char_type('_', csym).
test(csymf, fail) :- char_type('1', csymf).
test(end_of_line) :- char_type('\n', end_of_line).
% SWI: to_lower(L) holds when L is the character itself or its uppercase.
test(to_lower, [L == 'A']) :- char_type('A', to_lower(L)).
test(code_type_alpha) :- code_type(0'a, alpha).
test(code_type_digit, [W == 3]) :- code_type(0'3, digit(W)).
test(code_type_space) :- code_type(0' , white).
test(enumerate_digits, all(C == ['0', '1', '2'])) :- member(C, ['0', '1', '2', a]), char_type(C, digit(_)).
test(bad_char, error(type_error(character, ab))) :- char_type(ab, alpha).
test(to_lower_itself) :- char_type(a, to_lower(a)), char_type(a, to_lower('A')).
test(to_lower_not_lower, fail) :- char_type('A', to_lower(a)).
test(to_upper_itself) :- char_type('A', to_upper('A')), char_type('A', to_upper(a)).
test(to_upper_not_upper, fail) :- char_type(a, to_upper('A')).
test(enumerate_to_lower, all(C == [a])) :- char_type(C, to_lower('A')).
test(enumerate_to_upper, all(C == ['A'])) :- char_type(C, to_upper(a)).
test(enumerate_code_to_lower, all(C == [0'a])) :- code_type(C, to_lower(0'a)).
% A bound type argument: only its argument is compared (nothing built).
test(digit_weight_bound) :- code_type(0'5, digit(5)), char_type('9', digit(9)).
test(digit_weight_other, fail) :- code_type(0'5, digit(4)).
test(upper_lower_bound) :- code_type(0'A, upper(0'a)), char_type(b, lower('B')).
test(upper_lower_other, fail) :- char_type('A', upper(b)).
test(chars_of_a_weight, all(C == ['4'])) :- member(C, [a, '4', '5']), char_type(C, digit(4)).
% SWI reads a bound case or weight argument as a code or a one-character
% atom, compared by code, in char_type/2 and code_type/2 alike; anything
% else is a type error.
test(case_argument_code_or_char) :-
    char_type('A', upper(0'a)), code_type(0'A, upper(a)),
    char_type(a, lower(0'A)), char_type(a, to_lower(0'a)).
test(enumerate_by_code, [C == 'A']) :- once(char_type(C, upper(0'a))).
test(enumerate_codes_by_char, [C == 0'A]) :- once(code_type(C, upper(a))).
test(weight_compared_by_code, fail) :- code_type(0'5, digit('5')).
test(weight_not_a_character, error(type_error(character, five))) :- code_type(0'5, digit(five)).
test(case_argument_not_a_character, error(type_error(character, ab))) :- char_type('A', upper(ab)).
test(negative_case_argument, error(type_error(character, -1))) :- char_type('A', to_lower(-1)).
test(compound_weight, error(type_error(character, f(x)))) :- char_type('5', digit(f(x))).
test(classified_before_the_argument, fail) :- char_type(a, upper(f(x))).
% Outside ASCII, as the C library classifies: digits of other scripts are
% alpha too; superscripts, fractions and circled numbers are punctuation.
type_list(C, Ts) :- findall(T, (member(T, [alnum, alpha, csym, csymf, punct, graph, print]), code_type(C, T)), Ts).
test(arabic_indic_digit, [Ts == [alnum, alpha, csym, csymf, graph, print]]) :- type_list(0x663, Ts).
test(fullwidth_digit, [Ts == [alnum, alpha, csym, csymf, graph, print]]) :- type_list(0xFF10, Ts).
test(roman_numeral, [Ts == [alnum, alpha, csym, csymf, graph, print]]) :- type_list(0x216B, Ts).
test(superscript_two, [Ts == [punct, graph, print]]) :- type_list(0xB2, Ts).
test(vulgar_fraction, [Ts == [punct, graph, print]]) :- type_list(0xBD, Ts).
test(circled_one, [Ts == [punct, graph, print]]) :- type_list(0x2460, Ts).
test(no_break_space, [Ts == [punct, graph, print]]) :- type_list(0xA0, Ts).
test(ascii_digit_not_alpha, [Ts == [alnum, csym, graph, print]]) :- type_list(0'7, Ts).
test(latin_letter, [Ts == [alnum, alpha, csym, csymf, graph, print]]) :- type_list(0xE9, Ts).
:- end_tests(char_type).
