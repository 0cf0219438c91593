/*  deep.pl -- deep recursion that is not tail recursive: the length and the
    sum of a 1,000,000-element list by plain recursion (a million frames
    deep), and a list built by non-tail recursion; two rounds.
    Result: the sum 1 + ... + 1,000,000 = 500,000,500,000 each round.
*/

bench(Sums) :-
    findall(S, (between(1, 2, _), round(1000000, S)), Sums).

round(N, S) :-
    upto(1, N, L),
    len(L, N),
    sum(L, S).

upto(I, N, []) :- I > N, !.
upto(I, N, [I|T]) :- I1 is I + 1, upto(I1, N, T).

len([], 0).
len([_|T], N) :- len(T, N0), N is N0 + 1.

sum([], 0).
sum([X|T], S) :- sum(T, S0), S is S0 + X.

expected([S, S]) :-
    S =:= 1000000 * 1000001 // 2.
