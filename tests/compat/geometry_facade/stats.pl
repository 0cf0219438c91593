% Small statistics helpers over lists of numbers.
:- module(stats, [mean/2, spread/2, median/2]).

mean(L, M) :- sum_list(L, S), length(L, N), N > 0, M is S / N.
spread(L, D) :- max_list(L, Max), min_list(L, Min), D is Max - Min.
median(L, M) :-
    msort(L, S), length(S, N), N > 0,
    H is N // 2,
    (   N mod 2 =:= 1
    ->  nth0(H, S, M)
    ;   H1 is H - 1, nth0(H1, S, A), nth0(H, S, B), M is (A + B) / 2
    ).
