% dif/2: decided at once, pending until decided, partially instantiated
% compound terms, aliasing, cyclic terms, backtracking over bindings, residual
% goals (copy_term/3), and a pure program whose answers come in SWI's order.
:- use_module(library(plunit)).

% Residual goals of Term's constraints, copied with Term.
residue(Term, Copy, Gs) :- copy_term(Term, Copy, Gs).

:- begin_tests(dif_decided).
test(atoms_differ) :- dif(a, b).
test(atoms_equal, [fail]) :- dif(a, a).
test(same_var, [fail]) :- dif(X, X).
test(numbers) :- dif(1, 1.0).
test(int_equal, [fail]) :- dif(1, 1).
test(compound_clash) :- dif(f(a), g(a)).
test(arity_clash) :- dif(f(a), f(a, b)).
test(ground_equal, [fail]) :- dif(f(a, [b]), f(a, [b])).
test(partial_clash) :- dif(f(X, a), f(Y, b)), var(X), var(Y).
test(strings) :- dif("abc", "abd").
test(strings_equal, [fail]) :- dif("abc", "abc").
:- end_tests(dif_decided).

:- begin_tests(dif_pending).
test(var_then_other) :- dif(X, a), X = b.
test(var_then_same, [fail]) :- dif(X, a), X = a.
test(compound_first_arg, [fail]) :- dif(f(X, Y), f(a, b)), X = a, Y = b.
test(compound_second_differs) :- dif(f(X, Y), f(a, b)), X = a, Y = c.
test(compound_first_differs) :- dif(f(X, Y), f(a, b)), X = c, var(Y).
test(compound_partial_pending, [Gs == [dif(Y, b)]]) :-
    dif(f(X, Y), f(a, b)), X = a, residue(Y, Y, Gs).
test(two_vars_aliased, [fail]) :- dif(X, Y), X = Y.
test(two_vars_via_third, [fail]) :- dif(X, Y), X = Z, Y = Z.
test(two_vars_bound_apart) :- dif(X, Y), X = a, Y = b.
test(two_vars_bound_same, [fail]) :- dif(X, Y), X = a, Y = a.
test(symmetric, [fail]) :- dif(f(X, Y), f(Y, X)), X = Y.
test(symmetric_apart) :- dif(f(X, Y), f(Y, X)), X = a, Y = b.
test(list_tail, [fail]) :- dif(L, [a]), L = [_|T], T = [], L = [a].
test(list_longer) :- dif(L, [a]), L = [a|T], T = [_|_].
test(nested, [fail]) :- dif(f(g(X)), f(Y)), Y = g(Z), X = Z.
test(nested_apart) :- dif(f(g(X)), f(Y)), Y = h(_), var(X).
test(head_unification, [fail]) :- dif(X, a), p_a(X).
test(head_unification_other) :- dif(X, a), p_b(X).
test(builtin_binds, [fail]) :- dif(X, f(a)), functor(X, f, 1), arg(1, X, a).
test(builtin_binds_other) :- dif(X, f(a)), functor(X, f, 1), arg(1, X, b).
test(univ_binds, [fail]) :- dif(X, g(1, 2)), X =.. [g, 1, 2].
test(is_binds, [fail]) :- dif(X, 3), X is 1 + 2.
test(negation) :- dif(X, a), \+ X = a, var(X).
test(if_then_else, [R == no]) :- dif(X, a), ( X = a -> R = yes ; R = no ).
test(not_unify_wakes) :- dif(X, a), X \= a, var(X).
test(several_on_one_var, [fail]) :- dif(X, a), dif(X, b), X = b.
test(several_on_one_var_ok) :- dif(X, a), dif(X, b), X = c.
test(dif_of_difs, [fail]) :- dif(X, Y), dif(Y, Z), X = 1, Z = 2, Y = 2.
test(findall_answers, [L == [b, c]]) :-
    findall(X, (dif(X, a), member(X, [a, b, a, c])), L).
:- end_tests(dif_pending).

p_a(a).
p_b(b).

:- begin_tests(dif_backtracking).
test(member_skips, [all(X == [b, c])]) :- dif(X, a), member(X, [a, b, a, c]).
test(pairs, [all(X-Y == [a-b, c-d])]) :-
    dif(X, Y), member(X-Y, [a-a, a-b, b-b, c-d]).
test(undone_on_backtracking, [all(X == [a])]) :-
    ( dif(X, a), fail ; true ), X = a.
test(constraint_dropped_after_failure) :-
    \+ ( dif(X, a), X = a ), X = a.
test(between, [all(N == [1, 3])]) :- dif(N, 2), between(1, 3, N).
test(retry_compound, [all(A-B == [a-c, b-b])]) :-
    dif(f(A, B), f(a, b)), member(A-B, [a-b, a-c, b-b]).
:- end_tests(dif_backtracking).

:- begin_tests(dif_cyclic).
test(cyclic_equal, [fail]) :- X = f(X), Y = f(Y), dif(X, Y).
test(cyclic_later, [fail]) :- dif(X, Y), X = f(X), Y = f(Y).
test(cyclic_differ) :- X = f(X, a), Y = f(Y, b), dif(X, Y).
test(cyclic_pending_then_equal, [fail]) :- X = f(X), dif(X, f(Y)), Y = X.
:- end_tests(dif_cyclic).

:- begin_tests(dif_residuals).
test(simple, [Gs == [dif(X, a)]]) :- dif(X0, a), residue(X0, X, Gs).
test(var_right, [Gs == [dif(X, a)]]) :- dif(a, X0), residue(X0, X, Gs).
test(two_vars, [Gs == [dif(X, Y)]]) :- dif(X0, Y0), residue(X0-Y0, X-Y, Gs).
test(compound, [Gs == [dif(f(X, Y), f(a, b))]]) :-
    dif(f(X0, Y0), f(a, b)), residue(X0-Y0, X-Y, Gs).
test(three_left, [Gs == [dif(f(Y, Z), f(b, c))]]) :-
    dif(f(X0, Y0, Z0), f(a, b, c)), X0 = a, residue(Y0-Z0, Y-Z, Gs).
test(two_constraints, [Gs == [dif(X, a), dif(X, b)]]) :-
    dif(X0, a), dif(X0, b), residue(X0, X, Gs).
test(shared_once, [Gs == [dif(f(X, Y), f(a, b)), dif(X, c)]]) :-
    dif(X0-Y0, a-b), dif(X0, c), residue(X0-Y0, X-Y, Gs).
test(decided_gone, [Gs == []]) :- dif(X0, a), X0 = b, residue(X0, _, Gs).
test(frozen_reports, [G == dif(X, a)]) :- dif(X, a), frozen(X, G).
:- end_tests(dif_residuals).

% A pure program: list difference with dif/2, and generate-and-test that
% prunes as soon as two queens' columns are equal.
list_without([], _, []).
list_without([X|Xs], E, Ys) :-
    (   X = E, Ys = Ys1
    ;   dif(X, E), Ys = [X|Ys1]
    ),
    list_without(Xs, E, Ys1).

all_different([]).
all_different([X|Xs]) :- maplist(dif(X), Xs), all_different(Xs).

perm_pruned(Vs, Dom) :- all_different(Vs), maplist([V]>>member(V, Dom), Vs).

:- begin_tests(dif_pure).
test(without_ground, [all(Ys == [[b, c]])]) :- list_without([a, b, a, c], a, Ys).
test(without_open, [all(E-Ys == [a-[], b-[a]])]) :-
    list_without([a], E, Ys), ( var(E) -> E = b ; true ).
test(without_order, [L =@= [a-[]-[], E-[a]-[dif(E, a)]]]) :-
    findall(E1-Ys-Gs, (list_without([a], E0, Ys0), copy_term(E0-Ys0, E1-Ys, Gs)), L).
test(permutations, [all(P == [[1, 2, 3], [1, 3, 2], [2, 1, 3], [2, 3, 1], [3, 1, 2], [3, 2, 1]])]) :-
    P = [_, _, _], perm_pruned(P, [1, 2, 3]).
test(no_permutation, [fail]) :- P = [_, _, _], perm_pruned(P, [1, 2]).
:- end_tests(dif_pure).
