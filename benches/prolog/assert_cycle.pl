/*  assert_cycle.pl -- 1,000,000 assert/retract cycles on one dynamic
    predicate, the counter pattern: retract the current value, assert the
    next; the database never holds more than one clause, so memory should
    stay flat (peak RSS is what `knights bench --suite` reports alongside).
    Result: the final counter value, 1,000,000.
*/

:- dynamic counter/1.

bench(V) :-
    retractall(counter(_)),
    assertz(counter(0)),
    cycle(1000000),
    counter(V).

cycle(0) :- !.
cycle(N) :-
    retract(counter(C)),
    C1 is C + 1,
    assertz(counter(C1)),
    N1 is N - 1,
    cycle(N1).

expected(1000000).
