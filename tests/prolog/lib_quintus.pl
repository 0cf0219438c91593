% library(quintus): the Quintus compatibility predicates.
:- use_module(library(plunit)).
:- use_module(library(quintus)).

:- begin_tests(quintus_arith).
test(abs, X == 3) :- abs(-3, X).
test(trig, [S, C, T] == [0.0, 1.0, 0.0]) :- sin(0, S), cos(0, C), tan(0, T).
test(inverse, [A, B] == [0.0, 0.0]) :- acos(1, A), asin(0, B).
test(atan) :- atan(1, X), abs(X - 0.7853981633974483) < 1.0e-12.
test(atan2) :- atan2(1, 2, X), abs(X - 0.4636476090008061) < 1.0e-12.
test(logs, [A, B] == [0.0, 2.0]) :- log(1, A), log10(100, B).
test(pow, [A, B, C] == [8, 8.0, 0.5]) :- pow(2, 3, A), pow(2.0, 3, B), pow(2, -1, C).
test(rounding, [A, B, C] == [3, 2, 3]) :- ceiling(2.5, A), floor(2.5, B), round(2.5, C).
test(sign, [A, B] == [-1, -1.0]) :- sign(-2, A), sign(-2.0, B).
test(sqrt, X == 2.0) :- sqrt(4, X).
test(unbound, error(instantiation_error)) :- abs(_, 3).
test(not_evaluable, error(type_error(evaluable, a/0))) :- abs(a, _).
:- end_tests(quintus_arith).

:- begin_tests(quintus_terms).
test(genarg, L == [1-a, 2-b]) :- findall(N-A, genarg(N, f(a, b), A), L).
test(genarg_out, fail) :- genarg(3, f(a, b), _).
test(genarg_type, error(type_error(compound, a))) :- genarg(_, a, _).
test(simple) :- simple(a), simple(_), simple("s"), simple(1), \+ simple(f(a)).
test(otherwise) :- otherwise.
test(atom_char, [C, A] == [97, b]) :- atom_char(a, C), atom_char(A, 0'b).
test(atom_char_type, error(type_error(character, ab))) :- atom_char(ab, _).
test(midstring6, [B, AC, C] == [bc, adef, 3]) :- midstring(abcdef, B, AC, 1, 2, C).
test(midstring5, [B, AC] == [bc, adef]) :- midstring(abcdef, B, AC, 1, 2).
test(midstring4, [nondet, ABC == abcd]) :- midstring(ABC, bc, ad, 1).
test(midstring3, L == [''-abc, a-bc, ab-c, abc-'', ''-abc, b-ac, bc-a, ''-abc, c-ab, ''-abc]) :-
    findall(B-AC, midstring(abc, B, AC), L).
test(midstring_check, fail) :- midstring(abc, bc, adef).
:- end_tests(quintus_terms).

:- begin_tests(quintus_system).
test(raise, throws(foo)) :- raise_exception(foo).
test(on_exception, E == x) :- on_exception(E, throw(x), true).
test(on_exception_other, throws(x)) :- on_exception(y, throw(x), true).
test(on_exception_ok) :- on_exception(_, true, fail).
test(date) :- date(D), D = date(Y, M, Dd), integer(Y), Y > 2000, between(1, 12, M), between(1, 31, Dd).
test(prolog_flag, V == false) :- prolog_flag(bounded, V).
test(prolog_flag_version) :- prolog_flag(F, V), F == version, atom(V), !.
test(prolog_flag_unknown, fail) :- prolog_flag(no_such_flag_xyz, _).
test(no_style_check) :- no_style_check(singleton), style_check(+singleton).
test(no_style_check_bad, error(domain_error(style_name, foo))) :- no_style_check(foo).
test(current_stream, M == read) :- current_stream(_, M, user_input), !.
test(unix_argv) :- unix(argv(L)), is_list(L).
test(unix_shell) :- unix(shell('exit 0')), \+ unix(shell('exit 3')).
test(unix_system) :- unix(system(true)).
test(unix_unknown, fail) :- unix(foo).
test(skip_line, X == "second") :-
    F = '/tmp/knightlog_lib_quintus_skip_line.txt',
    setup_call_cleanup(open(F, write, W), write(W, 'first line\nsecond.'), close(W)),
    setup_call_cleanup(open(F, read, S), (skip_line(S), read_term(S, T, []), atom_string(T, X)), close(S)),
    delete_file(F).
test(mode) :- mode(f(+, -)).
:- end_tests(quintus_system).
