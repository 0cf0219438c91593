/*  retract_key.pl -- retracting 16,000 facts one by one by their first
    argument (an integer key), in an order unrelated to insertion (a stride
    through the keys), after asserting them; 5 rounds.  With a first-argument
    index each retract is direct; without one it scans.
    Result: each round retracts all 16,000 and leaves none; the sum of the
    values retracted, 2 * (1 + ... + 16,000) = 256,016,000 per round.
*/

:- dynamic item/2.

bench(Sums) :-
    findall(S, (between(1, 5, _), round(16000, S)), Sums).

round(N, Sum) :-
    retractall(item(_, _)),
    forall(between(1, N, K), (V is 2 * K, assertz(item(K, V)))),
    retract_all_keys(0, N, 0, Sum),
    \+ item(_, _).

% Keys in the order (I * 7919) mod N + 1, I = 0 .. N-1 (7919 is prime, coprime
% to 16,000, so every key once).
retract_all_keys(N, N, S, S) :- !.
retract_all_keys(I, N, S0, S) :-
    K is (I * 7919) mod N + 1,
    retract(item(K, V)),
    S1 is S0 + V,
    I1 is I + 1,
    retract_all_keys(I1, N, S1, S).

expected([S, S, S, S, S]) :-
    S =:= 16000 * 16001.
