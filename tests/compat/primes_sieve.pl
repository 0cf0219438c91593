% Primes by trial division and by a sieve over an assoc; twin primes; goldbach.
:- use_module(library(assoc)).
:- initialization(main, main).

prime(2).
prime(N) :- N > 2, N mod 2 =\= 0, \+ has_factor(N, 3).
has_factor(N, F) :- F * F =< N, ( N mod F =:= 0 -> true ; F2 is F + 2, has_factor(N, F2) ).

sieve(Max, Primes) :-
    numlist(2, Max, Ns),
    empty_assoc(A0),
    foldl([N, A, A1]>>put_assoc(N, A, true, A1), Ns, A0, A),
    cross(2, Max, A, A2),
    assoc_to_list(A2, Pairs),
    include([_-true]>>true, Pairs, Ps),
    pairs_keys(Ps, Primes).

cross(P, Max, A, A) :- P * P > Max, !.
cross(P, Max, A0, A) :-
    (   get_assoc(P, A0, true)
    ->  S is P * P, mark(S, P, Max, A0, A1)
    ;   A1 = A0
    ),
    P1 is P + 1, cross(P1, Max, A1, A).
mark(I, _, Max, A, A) :- I > Max, !.
mark(I, P, Max, A0, A) :- put_assoc(I, A0, false, A1), I1 is I + P, mark(I1, P, Max, A1, A).

goldbach(N, P-Q) :- between(2, N, P), prime(P), Q is N - P, Q >= P, prime(Q), !.

main :-
    findall(P, (between(1, 60, P), prime(P)), L1), format("trial: ~w~n", [L1]),
    sieve(60, L2), format("sieve: ~w~n", [L2]),
    ( L1 == L2 -> writeln(agree) ; writeln(disagree) ),
    sieve(2000, Big), length(Big, NB), last(Big, LB), format("~d primes below 2000, last ~d~n", [NB, LB]),
    findall(P-Q, (nextto(P, Q, Big), Q - P =:= 2, P > 1800), Twins), format("twins: ~w~n", [Twins]),
    forall(member(N, [28, 100, 998]), (goldbach(N, G), format("~d = ~w~n", [N, G]))),
    sum_list(L1, S), max_list(L1, Mx), min_list(L1, Mn), format("sum ~d max ~d min ~d~n", [S, Mx, Mn]).
