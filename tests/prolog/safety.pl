% Data safety (issue 23): erasing clauses under iteration and wipes, copying terms with
% sharing and cycles, cyclic culprits in errors, and other inputs that once crashed or hung.
:- use_module(library(plunit)).
:- use_module(library(lists)).

:- dynamic(r/1).
:- dynamic(s/1).

% The database is changed only through these (user-module) helpers: SWI's plunit runs
% test bodies in a module of their own.
fill(P, N) :- forall(between(1, N, I), (T =.. [P, I], assertz(T))).
count(P, N) :- T =.. [P, _], aggregate_all(count, T, N).
clear(P) :- T =.. [P, _], retractall(T).
drop(P, Key) :- T =.. [P, Key], retractall(T).
retract_each(P, Keys) :- forall(member(K, Keys), (T =.. [P, K], retract(T))).
retract_above(P, Min) :- T =.. [P, X], ( T, X > Min, retract(T), fail ; true ).
seen_while_clearing(P, L) :- T =.. [P, X], findall(X, (T, clear(P)), L).
erase_all(P, N) :-
    findall(Ref, (between(1, N, I), T =.. [P, I], assertz(T, Ref)), Refs),
    forall(member(Ref, Refs), erase(Ref)).

% T = f(T0, T0) repeated: a term of 3N cells that is 2^N nodes as a tree.
shared(0, T, T) :- !.
shared(N, T0, T) :- T1 = f(T0, T0), N1 is N - 1, shared(N1, T1, T).

:- begin_tests(erasure, [cleanup((clear(r), clear(s)))]).
test(retractall_removes_every_clause, [N == 0]) :-
    clear(r), fill(r, 100), clear(r), count(r, N).
test(retractall_by_key, [N == 99]) :-
    clear(r), fill(r, 100), drop(r, 50), count(r, N).
test(retract_in_failure_loop, [N == 60]) :-
    clear(r), fill(r, 100), retract_above(r, 60), count(r, N).
test(retract_every_clause_one_by_one, [N == 0]) :-
    clear(r), fill(r, 200), numlist(1, 200, Keys), retract_each(r, Keys), count(r, N).
test(logical_update_view_while_retracting, [L == [1, 2, 3, 4, 5]]) :-
    clear(r), fill(r, 5), seen_while_clearing(r, L).
test(erase_refs_of_many_clauses, [N == 0]) :-
    clear(r), erase_all(r, 80), count(r, N).
:- end_tests(erasure).

:- begin_tests(copying).
test(copy_term_keeps_cycles) :-
    X = f(X), copy_term(X, Y), Y = f(Z), Z == Y.
test(findall_of_a_cyclic_term) :-
    X = f(X), findall(X, true, [Y]), Y = f(Z), Z == Y.
test(global_variable_holds_a_cyclic_term) :-
    X = f(X), nb_setval(safety_key, X), nb_getval(safety_key, V), V = f(W), W == V.
test(throw_a_cyclic_term, [B = f(B)]) :-
    X = f(X), catch(throw(X), B, true).
test(shared_term_through_copy_term_and_findall) :-
    shared(40, a, T), copy_term(T, C), findall(T, true, [F]), C == T, F == T.
test(shared_term_through_throw) :-
    shared(40, a, T), catch(throw(ball(T)), ball(B), true), B == T.
test(shared_term_through_global_variable) :-
    shared(40, a, T), nb_setval(safety_key, T), nb_getval(safety_key, V), V == T.
test(assert_of_a_cyclic_term, error(representation_error(cyclic_term))) :-
    X = f(X), assertz(r(X)).
:- end_tests(copying).

:- begin_tests(cyclic_inputs).
test(cyclic_culprit_in_close, error(domain_error(stream_or_alias, _))) :-
    X = f(X), close(X).
test(cyclic_culprit_in_length, error(type_error(integer, _))) :-
    X = f(X), length(_, X).
test(cyclic_goal, error(representation_error(cyclic_term))) :-
    G = (true, G), call(G).
test(cyclic_conjunction_in_disjunction, error(representation_error(cyclic_term))) :-
    G = (fail ; G), call(G).
test(list_to_set_of_cyclic_list, error(type_error(list, _))) :-
    X = [a|X], list_to_set(X, _).
test(permutation_of_cyclic_list, error(type_error(list, _))) :-
    X = [a|X], permutation(X, _).
test(msort_of_cyclic_list, error(type_error(list, _))) :-
    X = [a|X], msort(X, _).
test(occurs_check_of_equal_cyclic_lists) :-
    X = [a|X], Y = [a|Y], unify_with_occurs_check(X, Y).
test(occurs_check_still_refuses_new_cycles, fail) :-
    X = [a|X], unify_with_occurs_check(Y, f(X, Y)).
:- end_tests(cyclic_inputs).

:- begin_tests(format_precision).
test(huge_fixed_precision, [N == 70002]) :-
    format(atom(A), '~70000f', [1.0]), atom_length(A, N).
test(huge_exponent_precision, [N == 70006]) :-
    format(atom(A), '~70000e', [1.0]), atom_length(A, N).
test(huge_general_precision, [A == '1']) :-
    format(atom(A), '~70000g', [1.0]).
test(huge_star_precision, [N == 70002]) :-
    format(atom(A), '~*f', [70000, 1.0]), atom_length(A, N).
test(fixed_digits_are_exact, [A == '0.1000000000000000055511151231257827021181583404541015625000']) :-
    format(atom(A), '~58f', [0.1]).
:- end_tests(format_precision).
