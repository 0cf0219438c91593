% A module exporting operators along with predicates: the operators are
% available to the importing file's clauses.
:- use_module(shapes).
:- initialization(main, main).

figure(sq is_a square(2)).
figure(c is_a circle(1)).
figure(r is_a rect(2, 5)).

main :-
    forall(figure(N is_a S), ( area(S, A), format("~w: ~4f~n", [N, A]) )),
    X = (a is_a b), X =.. L, print(L), nl,
    writeq(x is_a y), nl,
    ( current_op(P, T, is_a) -> format("is_a: ~w ~w~n", [P, T]) ; true ),
    total_area([square(1), circle(2)], Tot), format("total ~4f~n", [Tot]).
