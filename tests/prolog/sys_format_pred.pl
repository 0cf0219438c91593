% format_predicate/2 and current_format_predicate/2: user-defined format/2
% directives, their arguments, where their output lands, and the errors.
% Run under knightlog and SWI-Prolog.
:- use_module(library(plunit)).

% ~Z takes one argument from the list; ~Y none; ~V two.
:- format_predicate('Z', fp_z(_, _)).
:- format_predicate(0'Y, fp_y(_)).
:- format_predicate('V', fp_v(_, _, _)).
% ~U: what the predicate sees of the column it writes at.
:- format_predicate('U', fp_col(_)).
% ~Q fails or throws on request. A format_predicate/2 call inside a test
% names its module (plunit runs a test in a module of its own).
:- format_predicate('Q', fp_q(_, _)).

fp_z(Arg, X) :- write(z(Arg, X)).
fp_y(Arg) :- write(y(Arg)).
fp_v(Arg, X, Y) :- write(v(Arg, X, Y)).
fp_col(_) :- line_position(current_output, P), write(P).
fp_q(_, fail) :- !, fail.
fp_q(_, throw) :- !, throw(fp_ball).
fp_q(_, X) :- write(X).

:- begin_tests(format_predicate).

test(one_arg) :-
    format(atom(A), "a~Zb", [1]), A == 'az(default,1)b'.
test(numeric_arg) :-
    format(atom(A), "~3Z", [x]), A == 'z(3,x)'.
test(star_arg) :-
    format(atom(A), "~*Z", [4, x]), A == 'z(4,x)'.
test(char_arg) :-
    format(atom(A), "~`*Z", [x]), A == 'z(42,x)'.
test(no_list_arg) :-
    format(atom(A), "~Y~Y", []), A == 'y(default)y(default)'.
test(two_args) :-
    format(atom(A), "<~V>", [p, q]), A == '<v(default,p,q)>'.
test(mixed_with_builtin) :-
    format(atom(A), "~w ~Z ~a", [f(x), 2, b]), A == 'f(x) z(default,2) b'.
test(column_stop_left) :-
    format(atom(A), "<~Z~t~20|>", [q]), A == '<z(default,q)       >'.
test(column_stop_right) :-
    format(atom(A), "<~t~Z~20|>", [q]), A == '<       z(default,q)>'.
test(two_columns) :-
    format(atom(A), "~Z~t~10|~Z~t~10+|", [a, b]),
    A == 'z(default,a)z(default,b)|'.
test(with_output_to) :-
    with_output_to(string(S), (write(ab), format("~t~Z~20|", [q]))),
    S == "ab      z(default,q)".
test(column_seen) :-
    format(atom(A), "abc~U", []), A == abc3.
test(column_after_stop) :-
    format(atom(A), "ab~10|cd~U", []), A == 'ab        cd12'.
test(column_after_newline) :-
    format(atom(A), "ab~ncd~U", []), A == 'ab\ncd2'.
test(column_of_stream) :-
    with_output_to(string(S), (write(xyz), format("~U", []))), S == "xyz3".
test(pred_fails, [fail]) :-
    format(atom(_), "~Q", [fail]).
test(pred_fails_output) :-
    with_output_to(string(S), ( format("ab~Qcd", [fail]) -> true ; true )),
    S == "ab".
test(pred_throws, [throws(fp_ball)]) :-
    format(atom(_), "~Q", [throw]).
test(not_enough_args, [error(format(_))]) :-
    format(atom(_), "~Z", []).
test(too_many_args, [error(format(_))]) :-
    format(atom(_), "~Z", [a, b]).
test(current) :-
    once(current_format_predicate(0'Z, H)), H = fp_z(_, _).
test(current_enumerates) :-
    findall(C, current_format_predicate(C, _), Cs),
    msort(Cs, Sorted),
    subtract([0'Q, 0'U, 0'V, 0'Y, 0'Z], Sorted, []).
test(current_atom_char, [fail]) :-
    current_format_predicate('Z', _).
test(current_no_such, [fail]) :-
    current_format_predicate(0'\x2603\, _).
test(redefine) :-
    format_predicate('W', user:fp_y(_)),
    format_predicate('W', user:fp_z(_, _)),
    once(current_format_predicate(0'W, H)), H = fp_z(_, _),
    format(atom(A), "~W", [k]), A == 'z(default,k)'.
test(module_qualified) :-
    format_predicate('X', fp_mod:fp_m(_)),
    once(current_format_predicate(0'X, H)), H = fp_mod:fp_m(_),
    format(atom(A), "~X", []), A == listed.
test(text_char) :-
    format_predicate("T", user:fp_y(_)),
    format(atom(A), "~T", []), A == 'y(default)'.
test(undefined_pred, [error(existence_error(procedure, _))]) :-
    format_predicate('S', user:fp_undefined(_)),
    format(atom(_), "~S", []).

test(var_char, [error(instantiation_error)]) :-
    format_predicate(_, fp_y(_)).
test(var_head, [error(instantiation_error)]) :-
    format_predicate(a, _).
test(float_char, [error(type_error(character, 1.5))]) :-
    format_predicate(1.5, fp_y(_)).
test(long_atom, [error(type_error(character, ab))]) :-
    format_predicate(ab, fp_y(_)).
test(compound_char, [error(type_error(character, f(x)))]) :-
    format_predicate(f(x), fp_y(_)).
test(negative_code, [error(type_error(character, -1))]) :-
    format_predicate(-1, fp_y(_)).
test(code_too_big, [error(domain_error(character, 0x110000))]) :-
    format_predicate(0x110000, fp_y(_)).
test(int_head, [error(type_error(callable, 1))]) :-
    format_predicate(a, 1).
test(atom_head, [error(domain_error(format_predicate, fp_y), _)]) :-
    format_predicate(a, fp_y).

:- end_tests(format_predicate).

fp_mod:fp_m(_) :- write(listed).
