% A program may define a non-ISO system predicate for itself, as SWI-Prolog
% allows: calls in the program reach its definition (here name/2 and
% instance/2, names programs often used for their own predicates), while
% assert/1 still may not add to the system's. Run under knightlog and
% SWI-Prolog alike.
:- use_module(library(plunit)).

greet(X, Y) :- name(X, Y).  % compiled before the definition below
name(world, 1).
name(prolog, 2).
instance(cat, animal).

:- begin_tests(redefine).
test(called, Xs == [world-1, prolog-2]) :- findall(X-Y, greet(X, Y), Xs).
test(direct, Xs == [world, prolog]) :- findall(X, name(X, _), Xs).
test(instance, C == animal) :- instance(cat, C).
test(others_are_system) :- same_term(a, a), \+ same_term(f(a), f(a)).
test(assert_refused, error(permission_error(modify, static_procedure, _))) :-
    assertz(same_term(x, y)).
:- end_tests(redefine).
