% library(plunit) itself: each test option behaves as in SWI-Prolog.
:- use_module(library(plunit)).

:- dynamic(log/1).

:- begin_tests(options, [setup(retractall(log(_))), cleanup(retractall(log(_)))]).
test(plain) :- true.
test(true_cond, true(X =:= 3)) :- X is 1 + 2.
test(shorthand_eq, X == f(a)) :- X = f(a).
test(shorthand_unify, X = f(_)) :- X = f(b).
test(shorthand_variant, X =@= f(_, _)) :- X = f(_, _).
test(shorthand_arith, X =:= 2.0) :- X = 2.
test(fail, fail) :- 1 =:= 2.
test(throws, throws(ball(_))) :- throw(ball(1)).
test(error, error(type_error(_, _))) :- atom_length(f(x), _).
test(error_context, error(existence_error(procedure, _), _)) :- call(no_such_predicate_xyz).
test(all, all(X == [1, 2, 3])) :- member(X, [1, 2, 3]).
test(all_empty, all(X == [])) :- member(X, []).
test(set, set(X == [a, b])) :- member(X, [b, a, b]).
test(all_arith, all(X =:= [1, 2])) :- member(X, [1.0, 2]).
test(nondet, [nondet]) :- member(_, [a, b]).
test(setup_binds, [setup(Y = 5), true(X == 6)]) :- X is Y + 1.
test(cleanup_runs, [cleanup(assertz(log(cleaned)))]) :- true.
test(cleanup_ran) :- log(cleaned).
test(forall, [forall(member(X, [1, 2, 3])), true(Y =:= 2 * X)]) :- Y is X + X.
test(condition_false, [condition(fail)]) :- fail.
test(blocked, [blocked(not_today)]) :- fail.
test(single_option, nondet) :- member(_, [a, b]).
test(unit_setup_ran) :- \+ log(_) ; log(_).
:- end_tests(options).

helper_in_unit(7).

:- begin_tests(helpers).
local(X) :- helper_in_unit(X).
test(local_helper, X == 7) :- local(X).
test(deterministic_first_arg) :- local(7).
:- end_tests(helpers).
