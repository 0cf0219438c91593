% Grouping sales records by region with pairs and aggregate.
:- use_module(library(pairs)).
:- use_module(library(aggregate)).
:- use_module(library(apply)).
:- initialization(main, main).

sale(north, widget, 12).
sale(south, gadget, 7).
sale(north, gadget, 3).
sale(east, widget, 9).
sale(south, widget, 4).
sale(north, widget, 5).

main :-
    findall(R-Q, sale(R, _, Q), Pairs0),
    keysort(Pairs0, Pairs),
    group_pairs_by_key(Pairs, Groups),
    forall(member(R-Qs, Groups),
           ( sum_list(Qs, S), format("~a: ~w = ~d~n", [R, Qs, S]) )),
    pairs_keys_values(Pairs, Ks, Vs), format("keys ~w~nvalues ~w~n", [Ks, Vs]),
    map_list_to_pairs(atom_length, [pear, fig, banana], LP), writeln(LP),
    forall(aggregate(sum(Q), P^sale(R, P, Q), Tot), format("total ~a ~d~n", [R, Tot])),
    forall(aggregate(count, R^Q^sale(R, P, Q), C), format("~a sold ~d times~n", [P, C])),
    aggregate(max(Q, R-P), sale(R, P, Q), max(MQ, Who)), format("biggest ~w ~w~n", [MQ, Who]),
    aggregate_all(count, sale(_, _, _), N), format("~d sales~n", [N]),
    aggregate_all(count, R, sale(R, _, _), NR), format("~d regions~n", [NR]),
    aggregate_all(sum(Q), P, sale(_, P, Q), SP), format("sum over distinct products ~d~n", [SP]),
    aggregate_all(bag(P), sale(north, P, _), Bag), writeln(Bag),
    aggregate_all(set(P), sale(_, P, _), Set), writeln(Set),
    aggregate_all(max(Q), sale(_, _, Q), Max), writeln(max(Max)).
