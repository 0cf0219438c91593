% Conway's game of life on a small torus, cells as a sorted list of R-C.
:- initialization(main, main).

size(6, 8).
glider([0-1, 1-2, 2-0, 2-1, 2-2]).

neighbours(R-C, Ns) :-
    size(H, W),
    findall(R1-C1, ( member(DR, [-1, 0, 1]), member(DC, [-1, 0, 1]), DR-DC \== 0-0,
                     R1 is (R + DR) mod H, C1 is (C + DC) mod W ), Ns).

step(Live, Next) :-
    findall(N, (member(L, Live), neighbours(L, Ns), member(N, Ns)), All0),
    append(Live, All0, All), sort(All, Cands),
    include([X]>>( neighbours(X, Ns), include([Y]>>ord_memberchk(Y, Live), Ns, LN), length(LN, K),
                   ( ord_memberchk(X, Live) -> (K =:= 2 ; K =:= 3) ; K =:= 3 ) ), Cands, Next).

show(Live) :-
    size(H, W), H1 is H - 1, W1 is W - 1,
    forall(between(0, H1, R), ( forall(between(0, W1, C), ( ord_memberchk(R-C, Live) -> write('#') ; write('.') )), nl )).

run(0, L, L) :- !.
run(N, L0, L) :- step(L0, L1), N1 is N - 1, run(N1, L1, L).

main :-
    glider(G0), sort(G0, G),
    show(G), nl,
    run(4, G, G4), show(G4), nl,
    run(24, G, G24), ( G24 == G -> writeln('back to the start after 24 generations') ; show(G24) ).
