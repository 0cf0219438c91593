% SWI-Prolog's flags, keys and globals: get_flag/2, set_flag/2, current_flag/1,
% create_prolog_flag/3, current_key/1, instance/2, nb_linkval/2, nb_linkarg/3,
% nb_delete/1, current_atom/1, blob/2, current_blob/2.
% Run under knightlog and SWI-Prolog alike.
:- use_module(library(plunit)).
:- use_module(library(lists)).

:- dynamic sys_flags_p/1.

:- begin_tests(flags).
test(unset, V == 0) :- get_flag(sys_flags_unset, V).
test(set_get, V == 3) :- set_flag(sys_flags_a, 3), get_flag(sys_flags_a, V).
test(with_flag3, V == 5) :-
    set_flag(sys_flags_b, 4), flag(sys_flags_b, Old, Old + 1), Old == 4,
    get_flag(sys_flags_b, V).
test(float, V == 1.5) :- set_flag(sys_flags_c, 1.5), get_flag(sys_flags_c, V).
test(atom, V == a) :- set_flag(sys_flags_d, a), get_flag(sys_flags_d, V).
test(compound_key, V == 1) :- set_flag(sys_flags_f(x), 1), get_flag(sys_flags_f(y), V).
test(integer_key, V == 7) :- set_flag(12345, 7), get_flag(12345, V).
test(check, fail) :- set_flag(sys_flags_e, 2), get_flag(sys_flags_e, 3).
test(current) :- set_flag(sys_flags_g, 1), current_flag(sys_flags_g).
test(current_unset, fail) :- current_flag(sys_flags_never).
test(enumerate) :-
    set_flag(sys_flags_h, 1),
    findall(K, current_flag(K), Ks), memberchk(sys_flags_h, Ks).
test(current_nondet, nondet) :- set_flag(sys_flags_i, 1), current_flag(_).
test(expression, error(type_error(flag_value, 1+2))) :- set_flag(sys_flags_x, 1+2).
test(big, error(representation_error(int64_t))) :- set_flag(sys_flags_x, 100000000000000000000).
test(key_unbound, error(instantiation_error)) :- set_flag(_, 1).
test(value_unbound, error(instantiation_error)) :- set_flag(sys_flags_x, _).
test(get_unbound, error(instantiation_error)) :- get_flag(_, _).
test(string_key, error(type_error(key, "s"))) :- set_flag("s", 1).
test(flag3_string_key, error(type_error(key, "s"))) :- flag("s", _, 1).
:- end_tests(flags).

:- begin_tests(create_prolog_flag).
test(create, V == 42) :- create_prolog_flag(sys_flags_p1, 42, []), current_prolog_flag(sys_flags_p1, V).
test(typed_from_value, error(type_error(integer, abc))) :-
    create_prolog_flag(sys_flags_p2, 42, []), set_prolog_flag(sys_flags_p2, abc).
test(type_integer, error(type_error(integer, abc))) :-
    create_prolog_flag(sys_flags_p3, 42, [type(integer)]), set_prolog_flag(sys_flags_p3, abc).
test(read_only, error(permission_error(modify, flag, sys_flags_p4))) :-
    create_prolog_flag(sys_flags_p4, true, [access(read_only)]), set_prolog_flag(sys_flags_p4, false).
test(keep, V == 42) :-
    create_prolog_flag(sys_flags_p5, 42, []), create_prolog_flag(sys_flags_p5, 1, [keep(true)]),
    current_prolog_flag(sys_flags_p5, V).
test(replace, V == 1) :-
    create_prolog_flag(sys_flags_p6, 42, []), create_prolog_flag(sys_flags_p6, 1, []),
    current_prolog_flag(sys_flags_p6, V).
test(term, V == f(x)) :- create_prolog_flag(sys_flags_p7, f(x), []), current_prolog_flag(sys_flags_p7, V).
test(string, V == "str") :- create_prolog_flag(sys_flags_p8, "str", []), current_prolog_flag(sys_flags_p8, V).
test(term_any) :- create_prolog_flag(sys_flags_p9, 1, [type(term)]), set_prolog_flag(sys_flags_p9, f(_)).
test(atom_type, error(type_error(atom, 1))) :-
    create_prolog_flag(sys_flags_p10, abc, [type(atom)]), set_prolog_flag(sys_flags_p10, 1).
test(boolean, V == true) :-
    create_prolog_flag(sys_flags_p11, false, [type(boolean)]), set_prolog_flag(sys_flags_p11, on),
    current_prolog_flag(sys_flags_p11, V).
test(float, V == 2.0) :-
    create_prolog_flag(sys_flags_p12, 1.5, [type(float)]), set_prolog_flag(sys_flags_p12, 2),
    current_prolog_flag(sys_flags_p12, V).
test(value_type, error(type_error(integer, a))) :- create_prolog_flag(sys_flags_p13, a, [type(integer)]).
test(unknown_option) :- create_prolog_flag(sys_flags_p14, 1, [bar(1)]).
test(system_flag, error(permission_error(modify, flag, bounded))) :- create_prolog_flag(bounded, true, []).
test(key_unbound, error(instantiation_error)) :- create_prolog_flag(_, 1, []).
test(key_compound, error(type_error(atom, f(x)))) :- create_prolog_flag(f(x), 1, []).
test(value_unbound, error(instantiation_error)) :- create_prolog_flag(sys_flags_x, _, []).
test(options_not_list, error(type_error(list, foo))) :- create_prolog_flag(sys_flags_x, 1, foo).
test(bad_type, error(domain_error(prolog_flag_type, foo))) :- create_prolog_flag(sys_flags_x, 1, [type(foo)]).
test(bad_access, error(domain_error(prolog_flag_access, foo))) :- create_prolog_flag(sys_flags_x, 1, [access(foo)]).
:- end_tests(create_prolog_flag).

:- begin_tests(recorded_keys).
test(current_key) :- recorda(sys_flags_k, f(_)), current_key(sys_flags_k).
test(no_records, fail) :- current_key(sys_flags_never).
test(enumerate) :-
    recordz(sys_flags_k2, a),
    findall(K, current_key(K), Ks), memberchk(sys_flags_k2, Ks).
test(string_key, error(type_error(key, "s"))) :- current_key("s").
test(instance_record, T =@= f(_)) :- recorda(sys_flags_k3, f(_), R), instance(R, T).
test(instance_fact, T == (sys_flags_p(1) :- true)) :- assertz(sys_flags_p(1), R), instance(R, T).
test(instance_erased, fail) :- recordz(sys_flags_k4, a, R), erase(R), instance(R, _).
test(instance_unbound, error(instantiation_error)) :- instance(_, _).
test(instance_not_ref, error(type_error(db_reference, foo))) :- instance(foo, _).
:- end_tests(recorded_keys).

:- begin_tests(globals).
test(delete, fail) :- nb_setval(sys_flags_g1, 1), nb_delete(sys_flags_g1), nb_current(sys_flags_g1, _).
test(delete_missing) :- nb_delete(sys_flags_never).
test(delete_unbound, error(instantiation_error)) :- nb_delete(_).
test(delete_not_atom, error(type_error(atom, 1))) :- nb_delete(1).
test(linkval_same) :- T = f(a), nb_linkval(sys_flags_g2, T), nb_getval(sys_flags_g2, V), same_term(T, V).
test(linkval_survives, V == f(b)) :-
    (   nb_linkval(sys_flags_g3, f(b)), fail ; true ),
    nb_getval(sys_flags_g3, V).
test(linkval_unbound, error(instantiation_error)) :- nb_linkval(_, 1).
test(linkval_not_atom, error(type_error(atom, 1))) :- nb_linkval(1, 1).
test(linkarg, T == f(g(X), b)) :- T = f(a, b), nb_linkarg(1, T, g(X)).
test(linkarg_range, fail) :- nb_linkarg(3, f(a), x).
test(linkarg_zero, fail) :- nb_linkarg(0, f(a), x).
test(linkarg_atomic, fail) :- nb_linkarg(1, a, x).
test(linkarg_not_int, error(type_error(integer, a))) :- nb_linkarg(a, f(a), x).
test(linkarg_unbound, error(instantiation_error)) :- nb_linkarg(_, f(a), x).
:- end_tests(globals).

:- begin_tests(atoms_blobs).
test(current_atom) :- current_atom(abc).
test(not_atom, fail) :- current_atom(1).
test(compound, fail) :- current_atom(f(x)).
test(string, fail) :- current_atom("s").
test(enumerate, nondet) :- current_atom(A), atom(A).
test(enumerate_known) :- once((current_atom(A), A == sys_flags_atom_known)).
test(blob_text, T == text) :- blob(abc, T).
test(blob_nil, T == reserved_symbol) :- blob([], T).
test(blob_number, fail) :- blob(1, _).
test(blob_string, fail) :- blob("s", _).
test(blob_compound, fail) :- blob(f(x), _).
test(blob_var, fail) :- blob(_, _).
test(current_blob, T == text) :- current_blob(abc, T).
test(current_blob_type, fail) :- current_blob(abc, foo).
test(current_blob_number, fail) :- current_blob(1, _).
test(current_blob_enumerate, nondet) :- current_blob(A, text), atom(A).
:- end_tests(atoms_blobs).
