% library(gensym): gensym/2, reset_gensym/1, reset_gensym/0.
:- use_module(library(plunit)).
:- use_module(library(gensym)).

:- begin_tests(gensym).
test(sequence, [A, B, C] == [lib_gensym_a1, lib_gensym_a2, lib_gensym_b1]) :-
    reset_gensym,
    gensym(lib_gensym_a, A), gensym(lib_gensym_a, B), gensym(lib_gensym_b, C).
test(reset_one, [A, B] == [lib_gensym_c1, lib_gensym_d2]) :-
    reset_gensym,
    gensym(lib_gensym_c, _), gensym(lib_gensym_d, _),
    reset_gensym(lib_gensym_c),
    gensym(lib_gensym_c, A), gensym(lib_gensym_d, B).
test(reset_all, A == lib_gensym_e1) :-
    gensym(lib_gensym_e, _), reset_gensym, gensym(lib_gensym_e, A).
test(string, A == lib_gensym_s1) :- reset_gensym, gensym("lib_gensym_s", A).
test(number, A == '71') :- reset_gensym, gensym(7, A).
test(check, fail) :- gensym(lib_gensym_f, foo).
test(unused) :- reset_gensym(lib_gensym_never).
test(unbound, error(instantiation_error)) :- gensym(_, _).
test(compound, error(type_error(_, f(x)))) :- gensym(f(x), _).
test(reset_unbound, error(instantiation_error)) :- reset_gensym(_).
:- end_tests(gensym).
