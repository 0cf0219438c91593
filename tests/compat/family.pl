% A family database: recursion, negation as failure, sorting and counting.
:- initialization(main, main).

parent(tom, bob). parent(tom, liz). parent(bob, ann). parent(bob, pat).
parent(pat, jim). parent(liz, joe). parent(joe, sue).
male(tom). male(bob). male(jim). male(joe).
female(liz). female(ann). female(pat). female(sue).

father(F, C) :- parent(F, C), male(F).
mother(M, C) :- parent(M, C), female(M).
grandparent(G, C) :- parent(G, P), parent(P, C).
sibling(A, B) :- parent(P, A), parent(P, B), A \== B.
ancestor(A, D) :- parent(A, D).
ancestor(A, D) :- parent(A, X), ancestor(X, D).
childless(P) :- ( male(P) ; female(P) ), \+ parent(P, _).
generation(P, 0) :- \+ parent(_, P), !.
generation(P, N) :- parent(Q, P), generation(Q, N0), N is N0 + 1.

main :-
    findall(F-C, father(F, C), FCs), format("fathers: ~w~n", [FCs]),
    findall(M, mother(M, _), Ms0), sort(Ms0, Ms), format("mothers: ~w~n", [Ms]),
    setof(G-C, grandparent(G, C), GCs), format("grandparents: ~w~n", [GCs]),
    setof(A-B, (sibling(A, B), A @< B), Sibs), format("siblings: ~w~n", [Sibs]),
    setof(D, ancestor(tom, D), Desc), length(Desc, ND), format("tom has ~d descendants: ~w~n", [ND, Desc]),
    setof(P, childless(P), CL), format("childless: ~w~n", [CL]),
    forall(member(P, [tom, bob, jim, sue]), (generation(P, N), format("~w is generation ~d~n", [P, N]))),
    findall(N-P, (member(P, [tom, bob, ann, sue, liz]), aggregate_all(count, ancestor(P, _), N)), Counts),
    keysort(Counts, Sorted), reverse(Sorted, [Top-Who|_]),
    format("most descendants: ~w (~d)~n", [Who, Top]),
    msort([b, a, c, a], MS), sort(0, @>=, [1, 3, 2, 3], SD), predsort([O, X, Y]>>compare(O, X, Y), [c, a, b, a], PS),
    format("~w ~w ~w~n", [MS, SD, PS]).
