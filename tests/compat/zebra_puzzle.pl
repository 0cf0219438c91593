% The zebra puzzle with member/2 and nextto/3 over a list of houses.
:- initialization(main, main).

right_of(A, B, Hs) :- nextto(B, A, Hs).
next_to(A, B, Hs) :- ( nextto(A, B, Hs) ; nextto(B, A, Hs) ).

zebra(Owner, Water, Hs) :-
    Hs = [h(_,norwegian,_,_,_), _, h(_,_,_,milk,_), _, _],
    member(h(red,english,_,_,_), Hs),
    member(h(_,spanish,dog,_,_), Hs),
    member(h(green,_,_,coffee,_), Hs),
    member(h(_,ukrainian,_,tea,_), Hs),
    right_of(h(green,_,_,_,_), h(ivory,_,_,_,_), Hs),
    member(h(_,_,snails,_,oldgold), Hs),
    member(h(yellow,_,_,_,kools), Hs),
    next_to(h(_,_,_,_,chesterfield), h(_,_,fox,_,_), Hs),
    next_to(h(_,_,_,_,kools), h(_,_,horse,_,_), Hs),
    member(h(_,_,_,orange_juice,lucky), Hs),
    member(h(_,japanese,_,_,parliament), Hs),
    next_to(h(_,norwegian,_,_,_), h(blue,_,_,_,_), Hs),
    member(h(_,Owner,zebra,_,_), Hs),
    member(h(_,Water,_,water,_), Hs).

main :-
    zebra(Owner, Water, Hs),
    format("The ~w owns the zebra; the ~w drinks water.~n", [Owner, Water]),
    forall(nth1(I, Hs, h(C, N, P, D, S)),
           format("~d ~w~t~10|~w~t~22|~w~t~32|~w~t~46|~w~n", [I, C, N, P, D, S])).
