% library(dcg/basics): basic DCG nonterminals over code lists.
:- use_module(library(plunit)).
:- use_module(library(dcg/basics)).

:- begin_tests(dcg_basics_layout).
test(blanks, [R == `x`]) :- phrase(blanks, `  \t\nx`, R).
test(blanks_none, [R == `x`]) :- phrase(blanks, `x`, R).
test(blanks_greedy, fail) :- phrase(blanks, `  `, ` `).
test(blanks_all) :- phrase(blanks, `\n\r\t `).
test(blanks_generate, [L == []]) :- phrase(blanks, L).
test(blank, [R == `x`]) :- phrase(blank, ` x`, R).
test(blank_fail, fail) :- phrase(blank, `x`, _).
test(blank_generate, fail) :- phrase(blank, _).
test(white, [R == `x`]) :- phrase(white, ` x`, R).
test(white_newline, fail) :- phrase(white, `\nx`, _).
test(whites, [R == `\nx`]) :- phrase(whites, ` \t\nx`, R).
test(whites_generate, [L == []]) :- phrase(whites, L).
test(nonblank, [C-R == 0'a-`b`]) :- phrase(nonblank(C), `ab`, R).
test(nonblank_fail, fail) :- phrase(nonblank(_), ` a`, _).
test(nonblanks, [L-R == `ab`-` c`]) :- phrase(nonblanks(L), `ab c`, R).
test(nonblanks_none, [L == []]) :- phrase(nonblanks(L), ` a`, _).
test(nonblanks_empty, [L == []]) :- phrase(nonblanks(L), ``, _).
test(blanks_to_nl, [R == `x`]) :- phrase(blanks_to_nl, `   \nx`, R).
test(blanks_to_nl_eos, [R == []]) :- phrase(blanks_to_nl, `  `, R).
test(blanks_to_nl_crlf, [R == `x`]) :- phrase(blanks_to_nl, `\r\nx`, R).
test(blanks_to_nl_fail, fail) :- phrase(blanks_to_nl, `  x\n`, _).
test(blanks_to_nl_generate, [L == `\n`]) :- phrase(blanks_to_nl, L).
test(eol_nl, [R == `x`]) :- phrase(eol, `\nx`, R).
test(eol_crlf, [R == `x`]) :- phrase(eol, `\r\nx`, R).
test(eol_eos, [R == []]) :- phrase(eol, ``, R).
test(eol_fail, fail) :- phrase(eol, `x`, _).
test(eol_cr, fail) :- phrase(eol, `\rx`, _).
test(eol_generate, [L == `\n`]) :- phrase(eol, L).
test(eos) :- phrase(eos, ``).
test(eos_fail, fail) :- phrase(eos, `a`, _).
test(remainder, [L-R == `abc`-[]]) :- phrase(remainder(L), `abc`, R).
test(remainder_empty, [L == []]) :- phrase(remainder(L), ``).
:- end_tests(dcg_basics_layout).

:- begin_tests(dcg_basics_strings).
test(string, all(L-R == [[]-`abc`, `a`-`bc`, `ab`-`c`, `abc`-[]])) :- phrase(string(L), `abc`, R).
test(string_then, [nondet, S-Rm == `ab`-`cd`]) :- phrase((string(S), ",", remainder(Rm)), `ab,cd`).
test(string_eos, [nondet, S == `ab`]) :- phrase((string(S), eos), `ab`).
test(string_generate, [L == `ab`]) :- phrase(string(`ab`), L).
test(string_without, [L-R == `ab`-`,c`]) :- phrase(string_without(`,`, L), `ab,c`, R).
test(string_without_all, [L-R == `abc`-[]]) :- phrase(string_without(`,`, L), `abc`, R).
test(string_without_string, [L == `ab`]) :- phrase(string_without(",", L), `ab,c`, _).
test(string_without_empty, [L == []]) :- phrase(string_without(`\n`, L), [], _).
test(string_without_greedy, fail) :- phrase(string_without(`b`, _), `aab`, `ab`).
test(string_without_generate, [L == `ab`]) :- phrase(string_without(`,`, `ab`), L).
test(string_without_atom, error(type_error(list, ','))) :- phrase(string_without(',', _), `a,b`, _).
test(atom, [R == `d`]) :- phrase(atom(abc), `abcd`, R).
test(atom_fail, fail) :- phrase(atom(abc), `ab`, _).
test(atom_generate, [L == `abc`]) :- phrase(atom(abc), L).
test(atom_string, [L == `abc`]) :- phrase(atom("abc"), L).
test(atom_number, [L == `12`]) :- phrase(atom(12), L).
test(atom_term, [L == `f(x)`]) :- phrase(atom(f(x)), L).
test(atom_unbound, error(instantiation_error)) :- phrase(atom(_), `abc`, _).
test(alpha_to_lower, [C-R == 0'a-`b`]) :- phrase(alpha_to_lower(C), `Ab`, R).
test(alpha_to_lower_lower, [C == 0'a]) :- phrase(alpha_to_lower(C), `a`).
test(alpha_to_lower_bound) :- phrase(alpha_to_lower(0'a), `A`).
test(alpha_to_lower_bound_upper) :- phrase(alpha_to_lower(0'A), `A`).
test(alpha_to_lower_latin1, [C == 0'é]) :- phrase(alpha_to_lower(C), `É`).
test(alpha_to_lower_digit, fail) :- phrase(alpha_to_lower(_), `1`).
test(alpha_to_lower_underscore, fail) :- phrase(alpha_to_lower(_), `_`).
test(alpha_to_lower_generate, [L == `a`]) :- phrase(alpha_to_lower(0'a), L).
test(prolog_var_name, [N-R == 'Abc'-` d`]) :- phrase(prolog_var_name(N), `Abc d`, R).
test(prolog_var_name_underscore, [N == '_x1']) :- phrase(prolog_var_name(N), `_x1 d`, _).
test(prolog_var_name_anon, [N == '_']) :- phrase(prolog_var_name(N), `_`).
test(prolog_var_name_mixed, [N == 'A_1b2']) :- phrase(prolog_var_name(N), `A_1b2`).
test(prolog_var_name_stop, [N-R == 'A'-`-b`]) :- phrase(prolog_var_name(N), `A-b`, R).
test(prolog_var_name_lower, fail) :- phrase(prolog_var_name(_), `abc`, _).
test(prolog_var_name_digit, fail) :- phrase(prolog_var_name(_), `1A`, _).
:- end_tests(dcg_basics_strings).

:- begin_tests(dcg_basics_numbers).
test(digits, [L-R == `123`-`a`]) :- phrase(digits(L), `123a`, R).
test(digits_none, [L == []]) :- phrase(digits(L), `a`, _).
test(digits_empty, [L == []]) :- phrase(digits(L), ``, _).
test(digits_greedy, fail) :- phrase(digits(_), `12`, `2`).
test(digits_generate, [L == `12`]) :- phrase(digits(`12`), L).
test(digit, [C == 0'1]) :- phrase(digit(C), `1`).
test(digit_fail, fail) :- phrase(digit(_), `a`).
test(digit_generate, [L == `5`]) :- phrase(digit(0'5), L).
test(integer, [I-R == 123-`a`]) :- phrase(integer(I), `123a`, R).
test(integer_neg, [I == -12]) :- phrase(integer(I), `-12`).
test(integer_plus, [I == 12]) :- phrase(integer(I), `+12`).
test(integer_leading_zeros, [I == 12]) :- phrase(integer(I), `00012`).
test(integer_big, [I == 12345678901234567890]) :- phrase(integer(I), `12345678901234567890`).
test(integer_sign_space, fail) :- phrase(integer(_), `- 1`, _).
test(integer_sign_only, fail) :- phrase(integer(_), `-`, _).
test(integer_fraction, [I-R == 12-`.5`]) :- phrase(integer(I), `12.5`, R).
test(integer_exp, [I-R == 1-`e`]) :- phrase(integer(I), `1e`, R).
test(integer_underscore, [I-R == 1-`_000`]) :- phrase(integer(I), `1_000`, R).
test(integer_fail, fail) :- phrase(integer(_), `a`, _).
test(integer_generate, [L == `42`]) :- phrase(integer(42), L).
test(integer_generate_neg, [L == `-42`]) :- phrase(integer(-42), L).
test(integer_generate_zero, [L == `0`]) :- phrase(integer(0), L).
test(integer_check) :- phrase(integer(12), `12`).
test(integer_check_zeros, fail) :- phrase(integer(12), `012`, _).
test(float, [F-R == 1.5-`x`]) :- phrase(float(F), `1.5x`, R).
test(float_exp, [F == 1500.0]) :- phrase(float(F), `1.5e3`).
test(float_exp_only, [F == 1000.0]) :- phrase(float(F), `1e3`).
test(float_exp_upper_neg, [F == 0.015]) :- phrase(float(F), `1.5E-2`).
test(float_exp_plus, [F == 1500.0]) :- phrase(float(F), `1.5e+3`).
test(float_neg, [F == -1.5]) :- phrase(float(F), `-1.5`).
test(float_plus, [F == 2.0]) :- phrase(float(F), `+2.0`).
test(float_int, fail) :- phrase(float(_), `1`, _).
test(float_dot, fail) :- phrase(float(_), `1.`, _).
test(float_leading_dot, fail) :- phrase(float(_), `.5`, _).
test(float_bad_exp, fail) :- phrase(float(_), `1.5e`, _).
test(float_bad_exp2, fail) :- phrase(float(_), `1.5e-x`, _).
test(float_exp_zero, [F-R == 1.5-`x`]) :- phrase(float(F), `1.5e0x`, R).
test(float_generate, [L == `1.5`]) :- phrase(float(1.5), L).
test(float_generate_neg, [L == `-0.5`]) :- phrase(float(-0.5), L).
test(float_generate_int, fail) :- phrase(float(2), _).
test(number_int, [N == 12]) :- phrase(number(N), `12`).
test(number_float, [N == 12.5]) :- phrase(number(N), `12.5`).
test(number_exp, [N == 1.0e10]) :- phrase(number(N), `1e10`).
test(number_neg, [N == -3]) :- phrase(number(N), `-3`).
test(number_plus, [N == 5]) :- phrase(number(N), `+5`).
test(number_zeros, [N == 7.5]) :- phrase(number(N), `007.50`).
test(number_dot, [N-R == 12-`.`]) :- phrase(number(N), `12.`, R).
test(number_dot_exp, [N-R == 1-`.e5`]) :- phrase(number(N), `1.e5`, R).
test(number_two_dots, [N-R == 1.5-`.3`]) :- phrase(number(N), `1.5.3`, R).
test(number_hex_prefix, [N-R == 0-`x1F`]) :- phrase(number(N), `0x1F`, R).
test(number_bad_exp, fail) :- phrase(number(_), `1.0e`, _).
test(number_bad_exp2, fail) :- phrase(number(_), `1ex`, _).
test(number_fail, fail) :- phrase(number(_), `abc`, _).
test(number_generate, [L == `3`]) :- phrase(number(3), L).
test(number_generate_float, [L == `3.25`]) :- phrase(number(3.25), L).
test(number_check_float) :- phrase(number(12.0), `12.0`).
test(number_generate_type, error(type_error(number, a))) :- phrase(number(a), _).
test(xdigits, [L-R == [1, 10, 15]-`z`]) :- phrase(xdigits(L), `1aFz`, R).
test(xdigits_none, [L == []]) :- phrase(xdigits(L), `g`, _).
test(xdigit, [W == 15]) :- phrase(xdigit(W), `F`).
test(xdigit_fail, fail) :- phrase(xdigit(_), `g`).
test(xdigit_generate, [L == `b`]) :- phrase(xdigit(11), L).
test(xdigits_generate, [L == `1b`]) :- phrase(xdigits([1, 11]), L).
test(xinteger, [I == 255]) :- phrase(xinteger(I), `ff`).
test(xinteger_upper, [I-R == 255-`g`]) :- phrase(xinteger(I), `FFg`, R).
test(xinteger_neg, [I == -1]) :- phrase(xinteger(I), `-1`).
test(xinteger_plus, [I == 255]) :- phrase(xinteger(I), `+ff`).
test(xinteger_prefix, [I-R == 0-`x1F`]) :- phrase(xinteger(I), `0x1F`, R).
test(xinteger_fail, fail) :- phrase(xinteger(_), `g`, _).
test(xinteger_generate, [L == `ff`]) :- phrase(xinteger(255), L).
test(xinteger_generate_neg, [L == `-ff`]) :- phrase(xinteger(-255), L).
:- end_tests(dcg_basics_numbers).

:- begin_tests(dcg_basics_combined).
line(Key-Value) --> whites, string_without(` =`, K), whites, "=", whites, integer(Value), blanks_to_nl, { atom_codes(Key, K) }.
lines([L|Ls]) --> line(L), !, lines(Ls).
lines([]) --> eos.
test(config, [L == [a-1, bc-(-22), d-3]]) :- phrase(lines(L), ` a = 1\nbc=-22  \nd =3`).
test(csv, [Fs == [`ab`, `c d`, []]]) :-
    phrase(fields(Fs), `ab,c d,`).
fields([F|Fs]) --> string_without(`,`, F), ( "," -> fields(Fs) ; { Fs = [] } ).
:- end_tests(dcg_basics_combined).
