% System predicates over the core: cleanup and catch variants, choicepoint
% references, declarations, database utilities. Run under knightlog and
% SWI-Prolog (at_halt/1 and cancel_halt/1 are in tests/scripts_vs_swi.rs).
:- use_module(library(plunit)).
:- use_module(library(lists)).

:- dynamic counter/1, src/2.
src(1, a).
src(2, b) :- true.
src(X, c) :- X > 2.

stat(1).
:- public stat/1.
:- volatile stat/1.
nt(x).
:- non_terminal(nt/1).

:- begin_tests(cleanup_variants).
test(call_cleanup_exit, [C == exit]) :-
    call_cleanup(true, C, true).
test(call_cleanup_fail, [R == fail]) :-
    \+ call_cleanup(fail, C, nb_setval(cc, C)),
    nb_getval(cc, R).
test(call_cleanup_exception, [C == exception(oops)]) :-
    catch(call_cleanup(throw(oops), C0, nb_setval(cc2, C0)), oops, true),
    nb_getval(cc2, C).
test(catch_with_backtrace_catches, [E == boom]) :-
    catch_with_backtrace(throw(boom), E, true).
test(catch_with_backtrace_solutions, [all(X == [1, 2])]) :-
    catch_with_backtrace(member(X, [1, 2]), _, true).
test(notrace_is_once, [all(X == [1])]) :-
    notrace(member(X, [1, 2])).
test(sig_atomic_is_once, [all(X == [1])]) :-
    sig_atomic(member(X, [1, 2])).
:- end_tests(cleanup_variants).

:- begin_tests(choice_references).
test(cut_to_keeps_older, [L == [1, 2, 3]]) :-
    findall(X, (member(X, [1, 2, 3]), prolog_current_choice(C), prolog_cut_to(C)), L).
test(cut_to_removes_newer, [L == [2]]) :-
    findall(X, (member(X, [1, 2, 3]), prolog_current_choice(C), X >= 2, prolog_cut_to(C)), L0),
    L0 = [_|_],
    findall(X, (prolog_current_choice(C), member(X, [1, 2, 3]), X >= 2, prolog_cut_to(C)), L).
test(cut_to_removes_disjunction, [fail]) :-
    prolog_current_choice(Ch),
    (   member(_, [1, 2, 3]), prolog_cut_to(Ch), fail
    ;   true
    ).
test(cut_to_not_a_choice, [throws(error(type_error(choice, a), _))]) :-
    prolog_cut_to(a).
test(cut_to_unbound, [throws(error(instantiation_error, _))]) :-
    prolog_cut_to(_).
test(current_choice_integer) :-
    prolog_current_choice(C),
    integer(C).
:- end_tests(choice_references).

:- begin_tests(declarations).
test(public) :-
    predicate_property(stat(_), public).
test(volatile) :-
    predicate_property(stat(_), volatile).
test(non_terminal) :-
    predicate_property(nt(_), non_terminal).
test(not_public, [fail]) :-
    predicate_property(nt(_), public).
test(volatile_not_a_pi, [throws(error(type_error(predicate_indicator, foo), _))]) :-
    volatile(foo).
test(non_terminal_not_a_pi, [throws(error(type_error(predicate_indicator, 1), _))]) :-
    non_terminal(1).
:- end_tests(declarations).

:- begin_tests(database_utilities).
test(copy_clauses, [L == [1-a, 2-b, 5-c]]) :-
    copy_predicate_clauses(src(_, _), dst(_, _)),
    findall(X-Y, (member(X, [1, 2, 5]), dst(X, Y)), L).
test(copy_makes_dynamic) :-
    copy_predicate_clauses(src(_, _), dst2(_, _)),
    predicate_property(dst2(_, _), dynamic).
test(copy_bodies, [B == (X > 2)]) :-
    copy_predicate_clauses(src(_, _), dst3(_, _)),
    clause(dst3(X, c), B).
test(copy_unbound, [throws(error(instantiation_error, _))]) :-
    copy_predicate_clauses(_, dst4(_)).
test(abolish2) :-
    assertz(tmp_fact(1)),
    abolish(tmp_fact, 1),
    \+ catch(tmp_fact(_), _, fail).
test(abolish2_arity, [throws(error(type_error(integer, a), _))]) :-
    abolish(foo, a).
test(abolish2_unbound, [throws(error(instantiation_error, _))]) :-
    abolish(foo, _).
test(compile_predicates_static) :-
    assertz(cp_fact(1)),
    compile_predicates([cp_fact/1]),
    \+ predicate_property(cp_fact(_), dynamic),
    cp_fact(1).
test(compile_predicates_then_assert,
     [throws(error(permission_error(modify, static_procedure, _), _))]) :-
    assertz(cp2_fact(1)),
    compile_predicates([cp2_fact/1]),
    assertz(cp2_fact(2)).
test(compile_predicates_unknown,
     [throws(error(existence_error(procedure, _), _))]) :-
    compile_predicates([no_such_pred/3]).
test(compiling, [fail]) :-
    compiling.
test(collectors) :-
    garbage_collect_atoms,
    garbage_collect_clauses,
    trim_stacks.
:- end_tests(database_utilities).

:- begin_tests(dwim_match).
dwim_pairs([hello-helo, hello-hello, abc-xyz, fooBar-foo_bar, hello-hallo,
            hello-hlelo, hello-hellox, ab-ba, a-b, foo-'Foo', abc-ab, hello-hel,
            abcd-abd, abc-abd, ab-ac, abc-bac, foo_bar-foobar, fooBar-foobar,
            foo_bar-foo_bar_, hello-'HELLO', foo_bar_baz-fooBarBaz,
            foo_bar-bar_foo, x1-x2, abcd-axcy, "abc"-abd, 1-a]).
test(differences, [L == [inserted_char, equal, no, separated, mismatched_char,
                         transposed_char, inserted_char, no, no, mismatched_char,
                         no, no, inserted_char, mismatched_char, no,
                         transposed_char, inserted_char, mismatched_char,
                         inserted_char, no, separated, transposed_word, no, no,
                         mismatched_char, no]]) :-
    dwim_pairs(Ps),
    findall(D, ( member(A-B, Ps),
                 ( dwim_match(A, B, D0) -> D = D0 ; D = no ) ), L).
test(two_arguments) :-
    dwim_match(hello, helo),
    \+ dwim_match(abc, xyz).
test(unbound_fails, [fail]) :-
    dwim_match(_, abc, _).
:- end_tests(dwim_match).

:- begin_tests(default_module).
test(user, [L == [user, system]]) :-
    findall(D, default_module(user, D), L).
test(system, [L == [system]]) :-
    findall(D, default_module(system, D), L).
test(new_module, [L == [no_such_module_yet, user, system]]) :-
    findall(D, default_module(no_such_module_yet, D), L).
test(unbound, [throws(error(instantiation_error, _))]) :-
    default_module(_, _).
test(not_a_module, [throws(error(type_error(module, 1), _))]) :-
    default_module(1, _).
:- end_tests(default_module).

% compile_aux_clauses/1 from term_expansion/2: the clauses join the file.
term_expansion(make_aux(N), []) :-
    compile_aux_clauses([aux_fact(N), (aux_rule(X) :- aux_fact(X))]).
make_aux(7).

:- begin_tests(compile_aux_clauses).
test(loaded, [X == 7]) :-
    aux_rule(X).
test(static, [fail]) :-
    predicate_property(aux_fact(_), dynamic).
test(not_loading, [fail]) :-
    compile_aux_clauses([aux_later(3)]).
:- end_tests(compile_aux_clauses).
