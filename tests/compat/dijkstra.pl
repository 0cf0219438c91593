% Shortest paths by Dijkstra's algorithm with an assoc of distances and a
% sorted list as the priority queue.
:- use_module(library(assoc)).
:- use_module(library(pairs)).
:- initialization(main, main).

road(amsterdam, utrecht, 45). road(utrecht, arnhem, 64). road(amsterdam, haarlem, 20).
road(haarlem, leiden, 33). road(leiden, den_haag, 18). road(den_haag, rotterdam, 27).
road(utrecht, rotterdam, 57). road(rotterdam, breda, 50). road(breda, eindhoven, 58).
road(arnhem, eindhoven, 84). road(utrecht, eindhoven, 92).

link(A, B, D) :- road(A, B, D) ; road(B, A, D).

dijkstra(Start, Dist, Prev) :-
    empty_assoc(E), put_assoc(Start, E, 0, D0),
    loop([0-Start], D0, E, Dist, Prev).

loop([], D, P, D, P).
loop([C-N|Q0], D0, P0, D, P) :-
    findall(NC-M, (link(N, M, W), NC is C + W, ( get_assoc(M, D0, Old) -> NC < Old ; true )), Better),
    foldl([NC-M, D1-P1, D2-P2]>>(put_assoc(M, D1, NC, D2), put_assoc(M, P1, N, P2)), Better, D0-P0, D3-P3),
    append(Q0, Better, Q1), keysort(Q1, Q2),
    exclude([C2-M2]>>(get_assoc(M2, D3, Best), C2 > Best), Q2, Q3),
    loop(Q3, D3, P3, D, P).

route(Prev, To, [To|R]) :- ( get_assoc(To, Prev, From) -> route(Prev, From, R) ; R = [] ).

main :-
    dijkstra(amsterdam, Dist, Prev),
    assoc_to_list(Dist, L), transpose_pairs(L, ByDist),
    forall(member(D-C, ByDist), ( route(Prev, C, R0), reverse(R0, R), atomic_list_concat(R, ' > ', RA), format("~w~t~12|~d~t~18|~w~n", [C, D, RA]) )).
