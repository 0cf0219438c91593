% when/2: every condition form, conjunctions and disjunctions, errors, residual goals.
:- use_module(library(plunit)).

:- begin_tests(when).
test(nonvar_now, [X == 1]) :- when(nonvar(a), X = 1).
test(nonvar_later, [Y == 1]) :- when(nonvar(X), Y = 1), var(Y), X = a.
test(ground_now, [X == 1]) :- when(ground(f(a)), X = 1).
test(ground_waits, [R == done]) :-
    when(ground(f(X, Y)), R = done), X = 1, var(R), Y = g(Z), var(R), Z = 2.
test(eq_decided_equal, [R == done]) :- when(?=(X, Y), R = done), var(R), X = Y.
test(eq_decided_different, [R == done]) :- when(?=(X, Y), R = done), X = a, var(R), Y = b.
test(eq_now) :- when(?=(a, b), true).
test(eq_now_identical) :- when(?=(X, X), true).
test(eq_compound, [R == done]) :- when(?=(f(X, _), f(Y, _)), R = done), X = a, Y = b.
test(conj, [R == done]) :- when((nonvar(X), nonvar(Y)), R = done), X = 1, var(R), Y = 2.
test(disj_first, [R == done]) :- when((nonvar(X) ; nonvar(_)), R = done), X = 1.
test(disj_second, [R == done]) :- when((nonvar(_) ; nonvar(Y)), R = done), Y = 1.
test(disj_runs_once, [L == [1]]) :-
    nb_setval(wlog, []),
    when((nonvar(X) ; nonvar(Y)), (nb_getval(wlog, L0), nb_setval(wlog, [1|L0]))),
    X = 1, Y = 2, nb_getval(wlog, L).
test(fails_later, [fail]) :- when(nonvar(X), fail), X = 1.
test(var_condition, [error(instantiation_error)]) :- when(_, true).
test(bad_condition, [error(domain_error(when_condition, foo))]) :- when(foo, true).
test(bad_inner, [error(domain_error(when_condition, (nonvar(_), foo)))]) :-
    when((nonvar(_), foo), true).
test(residual) :-
    when(nonvar(X), true), copy_term(X, Y, Gs), Gs = [when(nonvar(Z), _:true)], Z == Y.
test(residual_remaining) :-
    when((nonvar(X), nonvar(Y)), true), X = 1, copy_term(Y, B, Gs),
    Gs = [when(nonvar(C), _:true)], C == B.
test(residual_disj_once) :-
    when((nonvar(X) ; nonvar(Y)), true), copy_term(X-Y, A-B, Gs),
    Gs = [when((nonvar(C) ; nonvar(D)), _:true)], C-D == A-B.
test(backtracking, [all(X == [1, 2])]) :- when(nonvar(X), X > 0), member(X, [1, -1, 2]).
:- end_tests(when).
