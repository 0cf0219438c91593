% library(time): alarms and time limits. Run under knightlog and SWI-Prolog.
:- use_module(library(plunit)).
:- use_module(library(time)).
:- use_module(library(lists)).

:- dynamic rang/1.

loop(N) :- N1 is N + 1, loop(N1).

note(X) :- assertz(rang(X)).

% The tests run in their unit's module: rang/1 is reached through these.
clear :- retractall(rang(_)).
rung(R) :- findall(X, rang(X), R).

:- begin_tests(time_limits).
test(loop_stopped, [throws(time_limit_exceeded)]) :-
    call_with_time_limit(0.1, loop(0)).
test(sleep_stopped, [throws(time_limit_exceeded)]) :-
    call_with_time_limit(0.1, sleep(3)).
test(failure_driven_loop_stopped, [throws(time_limit_exceeded)]) :-
    call_with_time_limit(0.1, (between(1, inf, _), fail)).
test(repeat_fail_stopped, [throws(time_limit_exceeded)]) :-
    call_with_time_limit(0.1, (repeat, fail)).
test(in_time, [X == 3]) :-
    call_with_time_limit(5, X is 1 + 2).
test(fails_in_time, [fail]) :-
    call_with_time_limit(5, fail).
test(once_only, [all(X == [1])]) :-
    call_with_time_limit(5, member(X, [1, 2, 3])).
test(zero_time, [throws(time_limit_exceeded)]) :-
    call_with_time_limit(0, true).
test(negative_time, [throws(time_limit_exceeded)]) :-
    call_with_time_limit(-1, true).
test(unbound_time, [throws(error(instantiation_error, _))]) :-
    call_with_time_limit(_, true).
test(atom_time, [throws(error(type_error(evaluable, a/0), _))]) :-
    call_with_time_limit(a, true).
test(inner_limit_first, [throws(time_limit_exceeded)]) :-
    call_with_time_limit(5, call_with_time_limit(0.1, loop(0))).
test(outer_limit_first, [throws(time_limit_exceeded)]) :-
    call_with_time_limit(0.1, call_with_time_limit(5, loop(0))).
test(caught_and_going_on, [X == after]) :-
    catch(call_with_time_limit(0.05, loop(0)), time_limit_exceeded, true),
    sleep(0.1),
    X = after.
test(errors_of_the_goal_pass, [throws(error(type_error(evaluable, foo/0), _))]) :-
    call_with_time_limit(5, _ is foo + 1).
test(no_alarm_left) :-
    call_with_time_limit(5, true),
    \+ current_alarm(_, throw(_), _, _).
:- end_tests(time_limits).

:- begin_tests(alarms).
test(runs_goal, [R == [a]]) :-
    clear,
    alarm(0.05, note(a), _, [remove(true)]),
    sleep(0.3),
    rung(R).
test(removed_does_not_run, [R == []]) :-
    clear,
    alarm(0.05, note(b), Id, []),
    remove_alarm(Id),
    sleep(0.2),
    rung(R).
test(scheduled_then_done, [S1-S2 == scheduled-done]) :-
    alarm(0.05, true, Id, []),
    alarm(100, true, Id0, []),
    current_alarm(_, _, Id, S1),
    sleep(0.2),
    current_alarm(_, _, Id, S2),
    remove_alarm(Id),
    remove_alarm(Id0).
test(earliest_first, [Gs == [second, first]]) :-
    alarm(100, first, Id1, []),
    alarm(50, second, Id2, []),
    findall(G, (current_alarm(_, G, _, S), S == scheduled), Gs),
    remove_alarm(Id1),
    remove_alarm(Id2).
test(current_shows_goal, [G == note(x)]) :-
    alarm(100, note(x), Id, []),
    current_alarm(At, G, Id, _),
    number(At),
    remove_alarm(Id).
test(not_installed_waits, [R1-R2 == []-[c]]) :-
    clear,
    alarm(0.05, note(c), Id, [install(false)]),
    sleep(0.15),
    rung(R1),
    install_alarm(Id),
    sleep(0.15),
    rung(R2),
    remove_alarm(Id).
test(uninstalled_does_not_run, [R == []]) :-
    clear,
    alarm(0.05, note(d), Id, []),
    uninstall_alarm(Id),
    sleep(0.15),
    rung(R),
    remove_alarm(Id).
test(install_with_new_time, [R == [e]]) :-
    clear,
    alarm(100, note(e), Id, [install(false)]),
    install_alarm(Id, 0.05),
    sleep(0.2),
    rung(R),
    remove_alarm(Id).
test(alarm_at_absolute, [R == [f]]) :-
    clear,
    get_time(Now),
    At is Now + 0.05,
    alarm_at(At, note(f), _, [remove(true)]),
    sleep(0.2),
    rung(R).
test(alarms_in_order, [R == [g1, g2]]) :-
    clear,
    alarm(0.1, note(g2), _, [remove(true)]),
    alarm(0.05, note(g1), _, [remove(true)]),
    sleep(0.3),
    rung(R).
test(failing_goal_is_harmless, [X == ok]) :-
    alarm(0.05, fail, _, [remove(true)]),
    sleep(0.15),
    X = ok.
test(error_raised_in_the_interrupted_goal, [throws(stop)]) :-
    alarm(0.05, throw(stop), _, [remove(true)]),
    loop(0).
test(bad_time, [throws(error(type_error(number, x), _))]) :-
    alarm(x, true, _, []).
test(unbound_time, [throws(error(instantiation_error, _))]) :-
    alarm(_, true, _, []).
test(unknown_options_ignored) :-
    alarm(100, true, Id, [foo(x)]),
    remove_alarm(Id).
test(remove_not_an_alarm, [throws(error(type_error(alarm, foo), _))]) :-
    remove_alarm(foo).
test(install_not_an_alarm, [throws(error(type_error(alarm, 42), _))]) :-
    install_alarm(42).
:- end_tests(alarms).
