% Sums its numeric arguments (integers and floats), reporting bad ones.
:- initialization(main, main).

main :-
    current_prolog_flag(argv, Args),
    partition([A]>>atom_number(A, _), Args, Nums, Bad),
    maplist(atom_number, Nums, Xs),
    sum_list(Xs, S),
    length(Xs, N),
    format("~d numbers, sum ~w~n", [N, S]),
    (   N > 0 -> Avg is S / N, format("average ~4f~n", [Avg]) ; true ),
    forall(member(B, Bad), format("ignored: ~w~n", [B])),
    (   Bad == [] -> true ; halt(1) ).
