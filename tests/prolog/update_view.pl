% The logical update view under the first-argument index (issue 19): clause/2, retract/1 and
% calls see the clauses alive when they started, whatever is asserted or retracted meanwhile,
% and retracted clauses that are still running keep running while their memory is reclaimed.
:- use_module(library(plunit)).
:- use_module(library(lists)).

:- dynamic(k/2).
:- dynamic(v/1).
:- dynamic(step/1).
:- dynamic(stepped/1).

% retract/1 backtracks over every k(1, _) under the first clause/2 answer.
% The database is changed only through these (user-module) helpers: SWI's plunit runs
% test bodies in a module of their own.  40 clauses: enough for an index.
fill_k :- retractall(k(_, _)), forall(between(1, 40, I), (K is I mod 4, assertz(k(K, I)))).
fill_v(N) :- retractall(v(_)), forall(between(1, N, I), assertz(v(I))).
all_k(K, L) :- findall(I, k(K, I), L).
all_v(L) :- findall(I, v(I), L).

retract_key_asserting(K, L) :-
    findall(I, (retract(k(K, I)), I < 12, assertz(k(K, 100)), asserta(k(K, 200))), L).
retract_var_asserta(L) :-
    findall(I, (retract(v(I)), ( I =< 3 -> asserta(v(100)) ; true )), L).
clause_while_retracting(K, L) :-
    findall(I, (clause(k(K, I), true), retract(k(1, _))), L).
clause_retracting_own(K, I) :- clause(k(K, I), true), retract(k(K, I)).
retract_while_calling(L) :-
    findall(I, (v(I), I mod 2 =:= 0, retract(v(I))), L).
assert_while_clause(L) :-
    findall(I, (clause(v(I), true), asserta(v(0)), assertz(v(99))), L).
retract_key_absent(K) :- retract(k(K, _)).
retractall_key(K) :- retractall(k(K, _)).

% step/1's one clause retracts itself and asserts its successor, then goes on running the
% retracted code (the frame still points into it): 5,000 times, so its code is reclaimed
% repeatedly while the query runs.
step_clause((step(N) :-
    retract((step(_) :- _)),
    step_clause(C), assertz(C),
    assertz(stepped(N)),
    N1 is N + 1, N1 < 5000,
    step(N1))).
start_steps :-
    retractall(step(_)), retractall(stepped(_)),
    step_clause(C), assertz(C),
    ( step(0) -> true ; true ).
steps_seen(N, Last) :- aggregate_all(count, stepped(_), N), aggregate_all(max(X), stepped(X), Last).

cycles(0) :- !.
cycles(N) :- retract(v(C)), C1 is C + 1, assertz(v(C1)), N1 is N - 1, cycles(N1).
counter_after(N, V) :- retractall(v(_)), assertz(v(0)), cycles(N), v(V).

% A clause that retracts its whole predicate inside a disjunction, churns
% enough retracted code for the engine to free what nothing reaches, then
% backtracks into its own second branch: that branch's code must survive.
:- dynamic(own/1).
:- dynamic(junk/1).
own_setup :-
    retractall(own(_)),
    forall(between(1, 40, I),
           assertz((own(I) :- ( retractall(own(_)), churn(600), fail ; true )))).
churn(0) :- !.
churn(N) :-
    assertz((junk(N) :- atom(N), N > 1)),
    retract((junk(N) :- _)),
    N1 is N - 1,
    churn(N1).

:- begin_tests(update_view).
test(retract_by_key_sees_only_old_clauses, [L == [3, 7, 11]]) :-
    fill_k, retract_key_asserting(3, L).
test(retract_by_key_leaves_the_new_ones, [L == [200, 200, 200, 100, 100, 100]]) :-
    fill_k, retract_key_asserting(3, _), all_k(3, L).
test(retract_with_asserta_meanwhile, [L == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]]) :-
    fill_v(20), retract_var_asserta(L).
test(retract_with_asserta_leaves_new_clauses, [L == [100, 100, 100]]) :-
    fill_v(20), retract_var_asserta(_), all_v(L).
test(clause_while_retracting_by_key, [L == [2, 2, 2, 2, 2, 2, 2, 2, 2, 2]]) :-
    fill_k, clause_while_retracting(2, L).
test(clause_while_retracting_empties_the_other_key, [L == []]) :-
    fill_k, clause_while_retracting(2, _), all_k(1, L).
test(clause_while_retracting_keeps_its_key, [L == [2, 6, 10, 14, 18, 22, 26, 30, 34, 38]]) :-
    fill_k, clause_while_retracting(2, _), all_k(2, L).
test(clause_while_retracting_own_clauses, [L == [2, 6, 10, 14, 18, 22, 26, 30, 34, 38]]) :-
    fill_k, findall(I, clause_retracting_own(2, I), L).
test(retract_while_calling, [L == [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]]) :-
    fill_v(30), retract_while_calling(L).
test(retract_while_calling_leaves_odd, [N == 15]) :-
    fill_v(30), retract_while_calling(_), all_v(L), length(L, N).
test(assert_while_clause, [L == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]]) :-
    fill_v(18), assert_while_clause(L).
test(assert_while_clause_adds_both_ends, [N == 54]) :-
    fill_v(18), assert_while_clause(_), all_v(L), length(L, N).
test(retract_absent_key, [fail]) :-
    fill_k, retract_key_absent(7).
test(retractall_by_key, [L == []]) :-
    fill_k, retractall_key(0), all_k(0, L).
test(retractall_by_key_keeps_others, [N == 30]) :-
    fill_k, retractall_key(0), findall(I, k(_, I), Is), length(Is, N).
test(running_retracted_code, [N-Last == 5000-4999]) :-
    start_steps, steps_seen(N, Last).
test(counter_cycles, [V == 20000]) :-
    counter_after(20000, V).
test(retracted_clause_backtracks_into_its_else_branch, [N == 0]) :-
    own_setup, own(7), aggregate_all(count, own(_), N).
:- end_tests(update_view).

% A call's own iteration (not clause/2 or retract/1) while asserta/1 moves the clauses it
% has yet to try: it must see exactly the clauses alive when it started, in order, whether
% it walks an index bucket (k/2 has 40 clauses, first argument bound), all clauses (first
% argument unbound) or a predicate too small for an index (v/1 with 6 clauses).
call_key_asserta(K, L) :-
    findall(I, (k(K, I), ( I =:= 5 -> asserta(k(K, 500)), asserta(k(0, 600)) ; true )), L).
call_any_asserta(L) :-
    findall(I, (k(_, I), ( I mod 10 =:= 0 -> asserta(k(1, I)) ; true )), L).
call_small_asserta(L) :-
    findall(I, (v(I), ( I < 4 -> asserta(v(I)) ; true )), L).
call_key_retract_asserta(K, L) :-
    findall(I, (k(K, I), ( I =:= 5 -> retract(k(K, 13)), asserta(k(K, 700)) ; true )), L).
nested_asserta(L) :-
    findall(I-J, (v(I), v(J), I =:= J, asserta(v(0))), L).

:- begin_tests(call_update_view).
test(indexed_call_with_asserta_meanwhile, [L == [1, 5, 9, 13, 17, 21, 25, 29, 33, 37]]) :-
    fill_k, call_key_asserta(1, L).
test(indexed_call_with_asserta_adds_in_front, [L == [500, 1, 5, 9, 13, 17, 21, 25, 29, 33, 37]]) :-
    fill_k, call_key_asserta(1, _), all_k(1, L).
test(unindexed_call_with_asserta_meanwhile, [N-Last == 40-40]) :-
    fill_k, call_any_asserta(L), length(L, N), last(L, Last).
test(small_call_with_asserta_meanwhile, [L == [1, 2, 3, 4, 5, 6]]) :-
    fill_v(6), call_small_asserta(L).
test(small_call_with_asserta_adds_in_front, [L == [3, 2, 1, 1, 2, 3, 4, 5, 6]]) :-
    fill_v(6), call_small_asserta(_), all_v(L).
test(indexed_call_with_retract_and_asserta, [L == [1, 5, 9, 13, 17, 21, 25, 29, 33, 37]]) :-
    fill_k, call_key_retract_asserta(1, L).
test(nested_calls_with_asserta, [L == [1-1, 2-2, 3-3, 4-4, 5-5, 6-6]]) :-
    fill_v(6), nested_asserta(L).
:- end_tests(call_update_view).
