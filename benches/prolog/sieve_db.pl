/*  sieve_db.pl -- a sieve of Eratosthenes in the database: asserts
    candidate(I) for 2..20,000, then for each remaining candidate P up to
    sqrt(N) retracts candidate(M) for the multiples M of P (retract by first
    argument); the primes are what is left; 10 rounds.
    Result: pi(20000) = 2262 (OEIS A000720) and the last prime, 19997.
*/

:- dynamic candidate/1.

bench(R) :-
    findall(C-L, (between(1, 10, _), sieve_round(20000, C, L)), Rs),
    Rs = [R|_].

sieve_round(N, Count, Last) :-
    retractall(candidate(_)),
    forall(between(2, N, I), assertz(candidate(I))),
    strike(2, N),
    findall(P, candidate(P), Ps),
    length(Ps, Count),
    last(Ps, Last),
    retractall(candidate(_)).

strike(P, N) :-
    P * P > N, !.
strike(P, N) :-
    (   candidate(P)
    ->  M0 is P * P,
        strike_multiples(M0, P, N)
    ;   true
    ),
    P1 is P + 1,
    strike(P1, N).

strike_multiples(M, _, N) :- M > N, !.
strike_multiples(M, P, N) :-
    ( retract(candidate(M)) -> true ; true ),
    M1 is M + P,
    strike_multiples(M1, P, N).

expected(2262-19997).
