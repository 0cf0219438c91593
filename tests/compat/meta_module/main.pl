% A module of meta-predicates called from user with user's own predicates,
% including one whose name is also a private helper of the module.
:- use_module(hof).
:- initialization(main, main).

double(X, Y) :- Y is 2 * X.
step(X) :- format("user step ~w~n", [X]).
positive(X) :- X > 0.

main :-
    map_twice(double, [1, 2, 3], L), writeln(L),
    each([a, b], step),
    keep(positive, [3, -1, 0, 5], P), writeln(P),
    count_where([X]>>(X mod 2 =:= 0), [1, 2, 3, 4, 6], C), writeln(even(C)),
    run_private, 
    compose(succ, double, 5, R), writeln(R),
    hof:tagged(T), writeln(T).
