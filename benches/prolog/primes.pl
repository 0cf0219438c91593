/*  primes.pl -- the sieve of Eratosthenes on lists, up to 30,000, five times.
    Result: the number of primes below 30,000, pi(30000) = 3245 (OEIS A000720).
*/

bench(Count) :-
    sieve_loop(5, Count).

sieve_loop(1, C) :- !, count_primes(30000, C).
sieve_loop(N, C) :-
    count_primes(30000, _),
    N1 is N - 1,
    sieve_loop(N1, C).

count_primes(N, C) :-
    numlist(2, N, Ns),
    sieve(Ns, Ps),
    length(Ps, C).

sieve([], []).
sieve([P|Xs], [P|Ps]) :-
    (   P * P > 30000
    ->  Ps = Xs
    ;   remove_multiples(Xs, P, Ys),
        sieve(Ys, Ps)
    ).

remove_multiples([], _, []).
remove_multiples([X|Xs], P, Ys) :-
    (   X mod P =:= 0
    ->  Ys = Ys1
    ;   Ys = [X|Ys1]
    ),
    remove_multiples(Xs, P, Ys1).

expected(3245).
