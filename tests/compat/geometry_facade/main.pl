% A program that sees everything through the geometry facade.
:- use_module(geometry).
:- initialization(main, main).

shapes([square(2), rect(2, 5), circle(1)]).

report(Goal) :-
    functor(Goal, Name, Arity),
    catch(( call(Goal) -> true ; format("~w failed~n", [Name/Arity]) ),
          error(E, _),
          format("~w raised ~q~n", [Name/Arity, E])).

main :-
    shapes(Ss),
    forall(member(S, Ss), describe(S)),
    maplist(area, Ss, As),
    mean(As, M), format("mean area ~4f~n", [M]),
    spread([3, 9, 4], D), format("spread ~w~n", [D]),
    total([1, 2, 3], T), largest([4, 8, 1], L), format("total ~w, largest ~w~n", [T, L]),
    unit(U), format("unit ~w~n", [U]),
    report(median([1, 2, 3], _)),
    report(stats:median([5, 1, 3], Md)), format("median ~w~n", [Md]),
    report(scale(2, square(1), _)),
    import(shapes:scale/3),
    scale(3, square(2), Sq), format("scaled ~w~n", [Sq]),
    module_property(geometry, exports(Ex)), msort(Ex, Sorted),
    format("geometry exports ~w~n", [Sorted]),
    (   predicate_property(area(_, _), imported_from(From))
    ->  format("area/2 comes from ~w~n", [From])
    ;   true
    ),
    report(import(_)),
    report(export(_)),
    report(export(foo/bar)).
