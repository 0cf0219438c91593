% One interface, two implementations in two modules with the same predicate
% names; the program picks one by qualifying calls with a module variable.
:- use_module(kv_assoc, []).
:- use_module(kv_pairs, []).
:- initialization(main, main).

exercise(M) :-
    M:new(S0),
    foldl([K-V, S1, S2]>>(M:put(K, V, S1, S2)), [pear-3, apple-1, fig-7, apple-2], S0, S),
    M:to_list(S, L),
    ( M:get(fig, S, F) -> true ; F = none ),
    ( M:get(kiwi, S, Ki) -> true ; Ki = none ),
    format("~w: ~w fig=~w kiwi=~w~n", [M, L, F, Ki]).

main :-
    forall(member(M, [kv_assoc, kv_pairs]), exercise(M)),
    ( catch(new(_), error(existence_error(procedure, PI), _), (format("~w not imported~n", [PI]), fail)) -> true ; true ),
    findall(M, ( member(M, [kv_assoc, kv_pairs, lists]), current_module(M) ), Ms), writeln(Ms).
