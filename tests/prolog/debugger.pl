% The debugger's settings as SWI-Prolog 9 takes them: trace/2 knows the
% ports all, call, exit, redo and fail (a Unify or Exception port, or any
% other, makes it fail), adds a plain port to those already traced, and
% fails to remove ports from a predicate it does not trace; visible/1 and
% leash/1 take the Unify port.
:- use_module(library(plunit)).

kl_dbg_p(1).
kl_dbg_q(1).

:- begin_tests(debugger).
test(trace2_unify_port_fails, [fail]) :-
    trace(user:kl_dbg_p/1, unify).
test(trace2_unify_in_list_fails, [fail]) :-
    trace(user:kl_dbg_p/1, [call, +unify]).
test(trace2_exception_port_fails, [fail]) :-
    trace(user:kl_dbg_p/1, exception).
test(trace2_unknown_port_fails, [fail]) :-
    trace(user:kl_dbg_p/1, no_such_port).
test(trace2_unbound_ports, [error(instantiation_error)]) :-
    trace(user:kl_dbg_p/1, _).
test(trace2_remove_untraced_fails, [fail]) :-
    trace(user:kl_dbg_q/1, -all).
test(trace2_add_then_remove) :-
    trace(user:kl_dbg_p/1, [call, +exit]),
    trace(user:kl_dbg_p/1, redo),
    trace(user:kl_dbg_p/1, -all).
test(visible_and_leash_take_unify) :-
    visible(+unify), visible(-unify),
    leash(+unify), leash(-unify).
:- end_tests(debugger).
