% A simulated bank queue: customers arrive on a fixed schedule, two tellers
% serve them; the state is a record term updated with setarg-free rebuilding.
:- initialization(main, main).

arrivals([c(1, 0, 5), c(2, 1, 3), c(3, 2, 8), c(4, 3, 2), c(5, 4, 4), c(6, 10, 1), c(7, 11, 6)]).

simulate(Cs, Log) :- simulate(Cs, [0, 0], [], Log0), reverse(Log0, Log).
simulate([], _, Log, Log).
simulate([c(Id, Arr, Dur)|Cs], Free, Log0, Log) :-
    min_list(Free, F), nth0(T, Free, F), !,
    Start is max(F, Arr), End is Start + Dur, Wait is Start - Arr,
    nth0(T, Free, _, Rest), nth0(T, Free1, End, Rest),
    simulate(Cs, Free1, [served(Id, T, Start, End, Wait)|Log0], Log).

main :-
    arrivals(Cs), simulate(Cs, Log),
    forall(member(served(Id, T, S, E, W), Log),
           format("customer ~d: teller ~d, ~d-~d, waited ~d~n", [Id, T, S, E, W])),
    aggregate_all(sum(W), member(served(_, _, _, _, W), Log), TW),
    aggregate_all(max(W-Id), member(served(Id, _, _, _, W), Log), max(MW-MId)),
    length(Log, N), Avg is TW / N,
    format("total wait ~d, average ~2f, longest ~d (customer ~d)~n", [TW, Avg, MW, MId]).
