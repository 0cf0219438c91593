% The dynamic database and global variables.
:- use_module(library(plunit)).

:- dynamic(counter/1).
:- dynamic(fact/1).
:- dynamic((p/1, q/2)).

static_pred(1).

:- begin_tests(assert, [cleanup(retractall(fact(_)))]).
test(assertz, [L == [a, b]]) :- retractall(fact(_)), assertz(fact(a)), assertz(fact(b)), findall(X, fact(X), L).
test(asserta, [L == [b, a]]) :- retractall(fact(_)), assertz(fact(a)), asserta(fact(b)), findall(X, fact(X), L).
test(assert_rule) :- assertz((twice(X, Y) :- Y is 2 * X)), twice(3, 6).
test(assert_unbound, error(instantiation_error)) :- assertz(_).
test(assert_number, error(type_error(callable, 1))) :- assertz(1).
test(assert_body, error(type_error(callable, 1))) :- assertz((a :- 1)).
test(assert_conj_body, error(type_error(callable, (true, 1)))) :- assertz((a :- true, 1)).
test(assert_builtin, error(permission_error(modify, static_procedure, atom_length/2))) :- assertz(atom_length(a, 1)).
:- end_tests(assert).

:- begin_tests(clause_refs, [cleanup(retractall(fact(_)))]).
test(assertz_erase, [L == [a]]) :-
    retractall(fact(_)), assertz(fact(a)), assertz(fact(b), Ref), erase(Ref), findall(X, fact(X), L).
test(asserta_ref_clause, [H-B == fact(first)-true]) :-
    asserta(fact(first), Ref), clause(H, B, Ref).
test(clause3_enumerates, [Xs == [c, d]]) :-
    retractall(fact(_)), assertz(fact(c), R1), assertz(fact(d), R2),
    findall(X-R, clause(fact(X), true, R), Pairs), pairs_keys_values(Pairs, Xs, Rs), Rs == [R1, R2].
test(erase_twice, fail) :- assertz(fact(e), Ref), erase(Ref), erase(Ref).
test(clause3_after_erase, fail) :- assertz(fact(g), Ref), erase(Ref), clause(_, _, Ref).
test(assert2_bound_ref, error(uninstantiation_error(r))) :- assertz(fact(f), r).
test(erase_unbound, error(instantiation_error)) :- erase(_).
:- end_tests(clause_refs).

:- begin_tests(retract).
test(retract, [L == [b]]) :- retractall(fact(_)), assertz(fact(a)), assertz(fact(b)), retract(fact(a)), findall(X, fact(X), L).
test(retract_nondet, all(X == [1, 2])) :- retractall(fact(_)), assertz(fact(1)), assertz(fact(2)), retract(fact(X)).
test(logical_update_view, [L == [1, 2]]) :-
    retractall(fact(_)), assertz(fact(1)), assertz(fact(2)),
    findall(X, (fact(X), assertz(fact(3))), L).
test(retract_rule) :- assertz((r(X) :- X > 1)), retract((r(Y) :- Body)), var(Y), Body = (_ > 1).
test(retract_missing, fail) :- retractall(fact(_)), retract(fact(_)).
test(retract_unbound, error(instantiation_error)) :- retract(_).
test(retract_static, error(permission_error(modify, static_procedure, atom_length/2))) :- retract(atom_length(_, _)).
test(retractall_creates) :- retractall(brand_new(_)), \+ brand_new(_), predicate_property(brand_new(_), dynamic).
test(abolish) :- assertz(gone(1)), abolish(gone/1), \+ catch(gone(_), _, fail).
% SWI (not in ISO mode) and knightlog abolish static user predicates; not builtins.
test(abolish_static, error(permission_error(modify, static_procedure, atom_length/2))) :- abolish(atom_length/2).
test(abolish_bad, error(type_error(predicate_indicator, foo))) :- abolish(foo).
:- end_tests(retract).

:- begin_tests(clause).
test(fact, [B == true]) :- clause(static_like(a), B).
test(rule, [B == (Y is X * 2)]) :- clause(dbl(X, Y), B).
test(enumerate, all(X == [a, b])) :- clause(static_like(X), true).
test(unbound, error(instantiation_error)) :- clause(_, _).
test(number, error(type_error(callable, 3))) :- clause(3, _).
test(builtin, error(permission_error(access, private_procedure, atom_length/2))) :- clause(atom_length(_, _), _).
:- end_tests(clause).

:- dynamic(static_like/1).
static_like(a).
static_like(b).
:- dynamic(dbl/2).
dbl(X, Y) :- Y is X * 2.

:- begin_tests(predicates).
test(current_predicate) :- current_predicate(static_pred/1).
test(current_predicate_missing, fail) :- current_predicate(no_such_pred_xyz/_).
test(current_predicate_enum, [nondet, A == 1]) :- current_predicate(static_pred/A).
test(current_predicate_bad, error(type_error(predicate_indicator, foo))) :- current_predicate(foo).
test(dynamic_property) :- predicate_property(counter(_), dynamic).
test(defined) :- predicate_property(static_pred(_), defined).
test(built_in) :- predicate_property(atom_length(_, _), built_in).
test(clauses, [N == 2]) :- predicate_property(static_like(_), number_of_clauses(N)).
test(dynamic_list) :- predicate_property(p(_), dynamic), predicate_property(q(_, _), dynamic).
test(dynamic_error_has_no_helper_context, [C-E == none-type_error(predicate_indicator, foo)]) :-
    catch(dynamic(foo), error(E, C0), true),
    ( var(C0) -> C = none ; C = C0 ).
test(discontiguous_error, error(type_error(predicate_indicator, 3))) :- discontiguous(3).
:- end_tests(predicates).

:- begin_tests(global_vars).
test(nb, [V == 42]) :- nb_setval(gv_key, 42), nb_getval(gv_key, V).
test(nb_survives, [V == 1]) :- ( nb_setval(gv_key2, 1), fail ; true ), nb_getval(gv_key2, V).
test(b_backtracks, [V == 0]) :- b_setval(gv_key3, 0), ( b_setval(gv_key3, 1), fail ; true ), b_getval(gv_key3, V).
test(b_value, [V == f(x)]) :- b_setval(gv_key4, f(x)), b_getval(gv_key4, V).
test(counter, [N == 3]) :-
    nb_setval(gv_count, 0),
    forall(member(_, [a, b, c]), (nb_getval(gv_count, C0), C is C0 + 1, nb_setval(gv_count, C))),
    nb_getval(gv_count, N).
test(missing, error(existence_error(_, gv_no_such_key))) :- nb_getval(gv_no_such_key, _).
test(unbound_key, error(instantiation_error)) :- nb_setval(_, 1).
test(nb_current) :- nb_setval(gv_key5, x), nb_current(gv_key5, x).
:- end_tests(global_vars).

% clause/2 and retract/1 on a qualified head enumerate every clause (the
% retry looks in the named module again); multifile clauses from two files
% add up instead of the second file redefining the first's.
qm:color(red).
qm:color(green).
qm:color(blue).

write_file(File, Text) :-
    setup_call_cleanup(open(File, write, S), write(S, Text), close(S)).

:- begin_tests(qualified_and_multifile).
test(clause_qualified, [L == [red, green, blue]]) :- findall(C, clause(qm:color(C), true), L).
test(retract_qualified, [L == [1, 2, 3]]) :-
    forall(member(X, [1, 2, 3]), assertz(qm:tmp(X))),
    findall(X, retract(qm:tmp(X)), L).
test(multifile_two_files, [L == [one, two]]) :-
    tmp_file(mfa, F1), tmp_file(mfb, F2),
    atom_concat(F1, '.pl', P1), atom_concat(F2, '.pl', P2),
    write_file(P1, ':- multifile mf_hook/1.\nmf_hook(one).\n'),
    write_file(P2, ':- multifile mf_hook/1.\nmf_hook(two).\n'),
    load_files([P1, P2], [silent(true)]),
    findall(X, mf_hook(X), L),
    delete_file(P1), delete_file(P2).
test(multifile_dcg_qualified, [L == [x, y]]) :-
    tmp_file(mfc, F1), tmp_file(mfd, F2),
    atom_concat(F1, '.pl', P1), atom_concat(F2, '.pl', P2),
    write_file(P1, ':- multifile qm:said//1.\nqm:said(x) --> [x].\n'),
    write_file(P2, ':- multifile qm:said//1.\nqm:said(y) --> [y].\n'),
    load_files([P1, P2], [silent(true)]),
    findall(X, clause(qm:said(X, _, _), _), L),
    delete_file(P1), delete_file(P2).
test(multifile_declared_is_defined) :-
    multifile(mf_empty/1),
    predicate_property(mf_empty(_), multifile),
    predicate_property(mf_empty(_), defined),
    \+ mf_empty(_).
:- end_tests(qualified_and_multifile).
