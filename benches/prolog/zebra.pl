/*  zebra.pl -- the zebra puzzle (Life International, 1962) by generate and
    test on partially instantiated houses; solved 200 times.
    Result: who owns the zebra and who drinks water: japanese and norwegian,
    the puzzle's published answer.
*/

bench(Owner-Drinker) :-
    zebra_loop(200, Owner, Drinker).

zebra_loop(1, O, D) :- !, zebra(O, D).
zebra_loop(N, O, D) :-
    zebra(_, _), !,
    N1 is N - 1,
    zebra_loop(N1, O, D).

% h(Colour, Nation, Pet, Drink, Smoke)
zebra(Owner, Drinker) :-
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
    member(h(_,_,_,orange_juice,luckystrike), Hs),
    member(h(_,japanese,_,_,parliament), Hs),
    next_to(h(_,norwegian,_,_,_), h(blue,_,_,_,_), Hs),
    member(h(_,Owner,zebra,_,_), Hs),
    member(h(_,Drinker,_,water,_), Hs), !.

right_of(A, B, [B, A|_]).
right_of(A, B, [_|T]) :- right_of(A, B, T).

next_to(A, B, L) :- right_of(A, B, L).
next_to(A, B, L) :- right_of(B, A, L).

expected(japanese-norwegian).
