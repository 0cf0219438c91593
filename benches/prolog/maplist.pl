/*  maplist.pl -- meta-calls through library(apply): maplist/3 with a
    closure adding a constant, maplist/2 with a test, foldl/4 summing, and
    include/3 with a closure of two extra arguments, over a 5,000-element
    list, 200 rounds.
    Result: the sum of the mapped list and how many elements pass the test,
    worked out in closed form (see expected/1).
*/

bench(Sum-Evens) :-
    numlist(1, 5000, L),
    map_loop(200, L, Sum, Evens).

map_loop(1, L, S, E) :- !, map_round(L, S, E).
map_loop(N, L, S, E) :-
    map_round(L, _, _),
    N1 is N - 1,
    map_loop(N1, L, S, E).

map_round(L, Sum, Evens) :-
    maplist(add(3), L, L3),
    maplist(positive, L3),
    foldl(plus_acc, L3, 0, Sum),
    include(divides(2, 0), L3, Es),
    length(Es, Evens).

add(K, X, Y) :- Y is X + K.
positive(X) :- X > 0.
plus_acc(X, A0, A) :- A is A0 + X.
divides(D, R, X) :- X mod D =:= R.

% 4..5003: sum = (4 + 5003) * 5000 / 2 = 12,517,500; evens among 4..5003: 2,500.
expected(12517500-2500).
