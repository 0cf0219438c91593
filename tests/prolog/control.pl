% Control: setup_call_cleanup/3 and call_cleanup/2. Each test records what the
% cleanup saw in a global variable and checks it, so the order of events is
% visible without output.
:- use_module(library(plunit)).

log(X) :- ( nb_current(log, L0) -> true ; L0 = [] ), append(L0, [X], L), nb_setval(log, L).
log_reset :- nb_setval(log, []).
log_is(L) :- nb_getval(log, L).

:- begin_tests(setup_call_cleanup).
test(det_exit_keeps_bindings, [X == 1]) :- setup_call_cleanup(true, true, X = 1).
test(det_exit_runs_at_once, [L == [goal, cleanup, after]]) :-
    log_reset,
    setup_call_cleanup(true, log(goal), log(cleanup)), log(after),
    log_is(L).
test(failure, [L == [cleanup]]) :-
    log_reset,
    \+ setup_call_cleanup(true, fail, log(cleanup)),
    log_is(L).
test(exhausted, [L == [a, cleanup(b), b]]) :-
    log_reset,
    \+ ( setup_call_cleanup(true, member(X, [a, b]), log(cleanup(X))), log(X), fail ),
    log_is(L).
test(backtracked_until_failure, [L == [a, b, cleanup]]) :-
    log_reset,
    \+ ( setup_call_cleanup(true, ( member(X, [a, b]) ; false ), log(cleanup)), log(X), fail ),
    log_is(L).
test(last_answer_is_det, [L == [cleanup(b), after(b)]]) :-
    log_reset,
    setup_call_cleanup(true, member(X, [a, b]), log(cleanup(X))),
    X == b, log(after(X)),
    log_is(L).
test(cut, [L == [cleanup(a), after_cut]]) :-
    log_reset,
    setup_call_cleanup(true, member(X, [a, b]), log(cleanup(X))), !,
    log(after_cut),
    log_is(L).
test(once_cuts, [L == [cleanup(1)]]) :-
    log_reset,
    once(setup_call_cleanup(true, member(X, [1, 2]), log(cleanup(X)))),
    log_is(L).
test(exception, [L == [cleanup]]) :-
    log_reset,
    catch(setup_call_cleanup(true, throw(oops), log(cleanup)), oops, true),
    log_is(L).
test(exception_after_answers, [E == w(2)]) :-
    catch(setup_call_cleanup(true, (member(W, [1, 2]), W > 1, throw(w(W))), true), E, true).
test(findall_exhausts, [Xs-L == [x, y]-[cleanup]]) :-
    log_reset,
    findall(X, setup_call_cleanup(true, member(X, [x, y]), log(cleanup)), Xs),
    log_is(L).
test(nested, [L == [inner, outer]]) :-
    log_reset,
    setup_call_cleanup(true,
        ( setup_call_cleanup(true, member(_, [1, 2]), log(inner)), member(_, [a, b]) ),
        log(outer)), !,
    log_is(L).
test(setup_once, [L == [setup(1), cleanup]]) :-
    log_reset,
    setup_call_cleanup(member(S, [1, 2]), log(setup(S)), log(cleanup)),
    log_is(L).
test(cleanup_failure_ignored) :- setup_call_cleanup(true, true, fail).
test(cleanup_error_on_exit, error(type_error(evaluable, foo/0))) :-
    setup_call_cleanup(true, true, _ is foo + 1).
test(cleanup_error_on_failure, [E == x]) :-
    catch(( setup_call_cleanup(true, fail, throw(x)) ; true ), E, true).
test(cleanup_error_on_cut, [E == y]) :-
    catch(( setup_call_cleanup(true, member(_, [1, 2]), throw(y)), ! ), E, true).
test(goal_error_wins, [E == a]) :-
    catch(setup_call_cleanup(true, throw(a), throw(b)), E, true).
test(call_cleanup, [L == [cleanup]]) :-
    log_reset,
    call_cleanup(true, log(cleanup)),
    log_is(L).
:- end_tests(setup_call_cleanup).

:- begin_tests(setup_call_catcher_cleanup).
test(exit, [C == exit]) :- setup_call_catcher_cleanup(true, true, C, true).
test(fail, [L == [fail]]) :-
    log_reset,
    \+ setup_call_catcher_cleanup(true, fail, C, log(C)),
    log_is(L).
test(exception, [L == [exception(oops)]]) :-
    log_reset,
    catch(setup_call_catcher_cleanup(true, throw(oops), C, log(C)), oops, true),
    log_is(L).
test(cut, [L == [!]]) :-
    log_reset,
    setup_call_catcher_cleanup(true, member(_, [1, 2]), C, log(C)), !,
    log_is(L).
test(external_exception, [L == [external_exception(later)]]) :-
    log_reset,
    catch(( setup_call_catcher_cleanup(true, member(_, [1, 2]), C, log(C)),
            throw(later) ), later, true),
    log_is(L).
test(exception_after_backtracking_in, [L == [a, exception(inner)]]) :-
    log_reset,
    catch(( setup_call_catcher_cleanup(true, ( member(X, [a, b]), ( X == b -> throw(inner) ; true ) ),
                                       C, log(C)),
            log(X), fail ), inner, true),
    log_is(L).
test(catcher_not_matching_skips_cleanup, [L == []]) :-
    log_reset,
    \+ setup_call_catcher_cleanup(true, fail, exit, log(never)),
    log_is(L).
test(last_answer_exits, [L == [a, exit, b]]) :-
    log_reset,
    setup_call_catcher_cleanup(true, member(X, [a, b]), C, log(C)),
    log(X), X == b,
    log_is(L).
test(setup_error, error(instantiation_error)) :-
    setup_call_catcher_cleanup(_, true, _, true).
:- end_tests(setup_call_catcher_cleanup).
