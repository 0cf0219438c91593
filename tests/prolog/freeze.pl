% freeze/2 and frozen/2: wake-up order, nested freezes, variables bound by
% builtins, aliasing of frozen variables, backtracking.
:- use_module(library(plunit)).

log(X) :- ( nb_current(flog, L0) -> true ; L0 = [] ), append(L0, [X], L), nb_setval(flog, L).
log_reset :- nb_setval(flog, []).
log_is(L) :- nb_getval(flog, L).

q(1).

:- begin_tests(freeze).
test(nonvar_runs_at_once, [L == [now]]) :- log_reset, freeze(a, log(now)), log_is(L).
test(delayed, [L == [before, woke(1), after]]) :-
    log_reset, freeze(X, log(woke(X))), log(before), X = 1, log(after), log_is(L).
test(order_on_one_var, [L == [a, b, c]]) :-
    log_reset, freeze(X, log(a)), freeze(X, log(b)), freeze(X, log(c)), X = 1, log_is(L).
test(order_by_binding, [L == [x1, x2, y1]]) :-
    log_reset, freeze(X, log(x1)), freeze(Y, log(y1)), freeze(X, log(x2)),
    f(X, Y) = f(1, 2), log_is(L).
test(order_by_binding_reversed, [L == [y1, x1]]) :-
    log_reset, freeze(X, log(x1)), freeze(Y, log(y1)), f(Y, X) = f(1, 2), log_is(L).
test(aliasing_merges, [L == [mid, x1, y1]]) :-
    log_reset, freeze(X, log(x1)), freeze(Y, log(y1)), X = Y, log(mid), X = 1, log_is(L).
test(alias_to_plain_var, [L == [mid, w]]) :-
    log_reset, freeze(X, log(w)), X = Y, log(mid), Y = 1, log_is(L).
test(nested, [L == [outer, inner]]) :-
    log_reset, freeze(X, (log(outer), freeze(Y, log(inner)))), X = 1, Y = 2, log_is(L).
test(nested_chain, [Z == 3]) :-
    freeze(X, Y = 2), freeze(Y, Z = 3), X = 1.
test(failure_fails, [fail]) :- freeze(X, fail), X = 1.
test(goal_fails_later, [fail]) :- freeze(X, X > 5), X = 3.
test(goal_succeeds_later) :- freeze(X, X > 5), X = 7.
test(bound_by_functor, [L == [woke]]) :- log_reset, freeze(X, log(woke)), functor(X, f, 2), log_is(L).
test(bound_by_is, [L == [woke(3)]]) :- log_reset, freeze(X, log(woke(X))), X is 1 + 2, log_is(L).
test(bound_by_between, [all(X == [2, 3])]) :- freeze(X, X > 1), between(1, 3, X).
test(bound_by_member, [all(X == [b])]) :- freeze(X, X == b), member(X, [a, b]).
test(bound_by_head, [L == [woke(1)]]) :- log_reset, freeze(X, log(woke(X))), q(X), log_is(L).
test(bound_by_univ, [L == [woke]]) :- log_reset, freeze(X, log(woke)), X =.. [g, a], log_is(L).
test(bound_by_atom_codes, [X == ab]) :- freeze(X, atom(X)), atom_codes(X, "ab").
test(bound_by_findall_result, [L == [woke]]) :-
    log_reset, freeze(X, log(woke)), findall(A, member(A, [1]), X), log_is(L).
test(in_negation) :- freeze(X, fail), \+ X = 1, var(X).
test(in_condition, [R == else]) :- freeze(X, fail), ( X = 1 -> R = then ; R = else ).
test(undone_by_backtracking, [L == [1, 2]]) :-
    log_reset, freeze(X, log(X)), ( X = 1 ; X = 2 ), log_is(L0), length(L0, 2), !, log_is(L).
test(nondet_goal, [all(Y == [1, 2])]) :- freeze(X, member(Y, [1, 2])), X = a.
test(frozen_none, [G == true]) :- frozen(_, G).
test(frozen_goal) :- freeze(X, true), frozen(X, G), G = freeze(Y, _:true), Y == X.
test(frozen_conj) :-
    freeze(X, a), freeze(X, b), frozen(X, G), G = (freeze(X1, _:a), freeze(X2, _:b)), X1 == X, X2 == X.
test(frozen_after_binding, [G == true]) :- freeze(X, true), X = 1, frozen(X, G).
test(residual) :- freeze(X, log(x)), copy_term(X, Y, Gs), Gs = [freeze(Z, _:log(x))], Z == Y.
test(exception_from_goal, [throws(oops)]) :- freeze(X, throw(oops)), X = 1.
test(catch_around) :- freeze(X, throw(oops)), catch(X = 1, oops, true), var(X).
test(head_then_cut, [fail]) :- freeze(X, fail), cut_a(X).
test(head_then_cut_else, [R == other]) :- freeze(X, fail), cut_ab(X, R).
test(long_chain, [X == 1]) :-
    length(L, 100000), chain(L), L = [1|_], last(L, X).
test(long_chain_compiled, [X == 1]) :-
    length(L, 100000), chain_q(L), L = [1|_], last(L, X).
:- end_tests(freeze).

cut_a(a) :- !.
cut_ab(a, first) :- !.
cut_ab(_, other).

chain([A|T]) :- chain_(T, A).
chain_([], _).
chain_([B|T], A) :- freeze(A, B = 1), chain_(T, B).
chain_q([A|T]) :- chain_q_(T, A).
chain_q_([], _).
chain_q_([B|T], A) :- freeze(A, set_then_call(B)), chain_q_(T, B).
set_then_call(B) :- B = 1, true_call.
true_call.
