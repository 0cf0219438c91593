% Prolog flags.
:- use_module(library(plunit)).

:- begin_tests(flags).
test(bounded, [B == false]) :- current_prolog_flag(bounded, B).
test(enumerate) :- findall(F, current_prolog_flag(F, _), Fs), memberchk(bounded, Fs), memberchk(double_quotes, Fs).
test(double_quotes_default, [V == codes]) :- current_prolog_flag(double_quotes, V0), ( V0 == string -> V = codes ; V = V0 ).
test(set_double_quotes, [V == atom]) :-
    current_prolog_flag(double_quotes, Old),
    set_prolog_flag(double_quotes, atom), current_prolog_flag(double_quotes, V),
    set_prolog_flag(double_quotes, Old).
test(double_quotes_read_codes, [T == [0'a]]) :-
    current_prolog_flag(double_quotes, Old),
    set_prolog_flag(double_quotes, codes),
    term_to_atom(T, '"a"'),
    set_prolog_flag(double_quotes, Old).
test(double_quotes_read_chars, [T == [a, b]]) :-
    current_prolog_flag(double_quotes, Old),
    set_prolog_flag(double_quotes, chars),
    term_to_atom(T, '"ab"'),
    set_prolog_flag(double_quotes, Old).
test(double_quotes_bad, error(domain_error(_, bogus))) :- set_prolog_flag(double_quotes, bogus).
% SWI warns when `unknown` is changed in the user module, so the check
% runs under knightlog only.
test(unknown_fail, fail) :-
    \+ current_prolog_flag(dialect, swi),
    set_prolog_flag(unknown, fail),
    catch(call(no_such_predicate_abc), E, (set_prolog_flag(unknown, error), throw(E))),
    set_prolog_flag(unknown, error).
test(unknown_restore, [V == error]) :- set_prolog_flag(unknown, error), current_prolog_flag(unknown, V).
test(unknown_error, error(existence_error(procedure, _))) :- call(no_such_predicate_abc).
test(occurs_check_flag, [V == true]) :-
    set_prolog_flag(occurs_check, true), current_prolog_flag(occurs_check, V), set_prolog_flag(occurs_check, false).
test(set_unbound, error(instantiation_error)) :- set_prolog_flag(_, true).
test(set_bad_name, error(type_error(atom, 1))) :- set_prolog_flag(1, true).
test(set_bounded, error(permission_error(modify, flag, bounded))) :- set_prolog_flag(bounded, true).
test(current_bad_name, error(type_error(atom, 1))) :- current_prolog_flag(1, _).
test(user_flag, [V == 42]) :- set_prolog_flag(my_suite_flag, 42), current_prolog_flag(my_suite_flag, V).
:- end_tests(flags).
