% term_expansion/2 and goal_expansion/2 as a program uses them: a small unit-conversion
% "macro" layer, generated facts, a dropped term, clauses added at the end of the file,
% and expand_term/2, expand_goal/2 called directly.
:- initialization(main, main).
:- discontiguous unit_factor/2, to_base/3.

term_expansion(unit(Name, Factor), [unit_factor(Name, Factor), (to_base(Name, V, B) :- B is V * Factor)]).
term_expansion(debug_only(_), []).
term_expansion(end_of_file, [units_loaded(yes), end_of_file]).

goal_expansion(km_to_m(K, M), M is K * 1000).
goal_expansion(legacy_print(X), format("~w~n", [X])).

unit(m, 1).
unit(km, 1000).
unit(cm, 0.01).
debug_only(secret).

distance(walk, 3).
distance(drive, 42).

report(Mode) :-
    distance(Mode, K),
    km_to_m(K, M),
    ( M > 5000 -> legacy_print(long(Mode, M)) ; legacy_print(short(Mode, M)) ).

main :-
    forall(unit_factor(N, F), format("unit ~w = ~w m~n", [N, F])),
    to_base(km, 2, B), format("2 km = ~w m~n", [B]),
    forall(distance(Mode, _), report(Mode)),
    ( catch(debug_only(_), _, fail) -> writeln(debug_kept) ; writeln(debug_dropped) ),
    ( units_loaded(Y) -> format("end_of_file expansion: ~w~n", [Y]) ; true ),
    expand_goal((km_to_m(1, X), legacy_print(X)), G),
    X = x, G = (G1, _), writeq(G1), nl,
    expand_term(unit(mm, 0.001), T),
    length(T, Len), format("expanded into ~w terms~n", [Len]).
