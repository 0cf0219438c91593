/*  backtrack.pl -- shallow backtracking over a few facts (issue 19): a
    failure-driven loop calls a 12-fact table with its first argument
    unbound and keeps one answer in twelve, 200,000 times; then looks up
    every fact by its first argument, which leaves no choicepoint.
    Result: the number of kept answers (200,000 * 1) and the sum of the
    looked-up values (200,000 * 78).
*/

day(mon, 1).  day(tue, 2).  day(wed, 3).  day(thu, 4).
day(fri, 5).  day(sat, 6).  day(sun, 7).  day(xmas, 8).
day(easter, 9).  day(may, 10).  day(june, 11).  day(last, 12).

bench(Kept-Sum) :-
    nb_setval(kept, 0),
    (   between(1, 200000, _),
        day(_, N),
        N == 12,
        nb_getval(kept, K0), K is K0 + 1, nb_setval(kept, K),
        fail
    ;   true
    ),
    nb_getval(kept, Kept),
    lookups(200000, 0, Sum).

lookups(0, S, S) :- !.
lookups(I, S0, S) :-
    day(mon, A), day(tue, B), day(wed, C), day(thu, D), day(fri, E), day(sat, F),
    day(sun, G), day(xmas, H), day(easter, J), day(may, K), day(june, L), day(last, M),
    S1 is S0 + A + B + C + D + E + F + G + H + J + K + L + M,
    I1 is I - 1,
    lookups(I1, S1, S).

expected(Kept-Sum) :-
    Kept =:= 200000,
    Sum =:= 200000 * 78.
