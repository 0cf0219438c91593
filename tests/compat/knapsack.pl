% 0/1 knapsack by dynamic programming with a memo table in an assoc threaded
% through the computation, and the chosen items recovered.
:- use_module(library(assoc)).
:- initialization(main, main).

item(map, 9, 150). item(compass, 13, 35). item(water, 153, 200). item(sandwich, 50, 160).
item(glucose, 15, 60). item(tin, 68, 45). item(banana, 27, 60). item(apple, 39, 40).
item(cheese, 23, 30). item(beer, 52, 10). item(suntan, 11, 70). item(camera, 32, 30).

best([], _, 0, [], M, M).
best([I-W-V|Is], Cap, Best, Take, M0, M) :-
    length(Is, K),
    (   get_assoc(K-Cap, M0, Best-Take) -> M = M0
    ;   best(Is, Cap, B1, T1, M0, M1),
        (   W =< Cap
        ->  Cap2 is Cap - W, best(Is, Cap2, B2, T2, M1, M2), B2v is B2 + V,
            (   B2v > B1 -> Best = B2v, Take = [I|T2] ; Best = B1, Take = T1 )
        ;   Best = B1, Take = T1, M2 = M1
        ),
        put_assoc(K-Cap, M2, Best-Take, M)
    ).

main :-
    findall(I-W-V, item(I, W, V), Items),
    empty_assoc(M0),
    forall(member(Cap, [100, 250, 400]),
           ( best(Items, Cap, Best, Take, M0, M),
             assoc_to_keys(M, Ks), length(Ks, NK),
             aggregate_all(sum(W), (member(T, Take), item(T, W, _)), TW),
             format("capacity ~d: value ~d, weight ~d, ~d states~n  ~w~n", [Cap, Best, TW, NK, Take]) )).
