% library(lists) as programs use it day to day.
:- initialization(main, main).

main :-
    L = [3, 1, 4, 1, 5, 9, 2, 6],
    length(L, N), sum_list(L, S), max_list(L, Mx), min_list(L, Mn), format("~d ~d ~d ~d~n", [N, S, Mx, Mn]),
    nth0(2, L, E0), nth1(2, L, E1), last(L, La), format("~w ~w ~w~n", [E0, E1, La]),
    msort(L, Ms), sort(L, Ss), sort(0, @>=, L, Ds), predsort([O, A, B]>>compare(O, A, B), L, Ps), format("~w~n~w~n~w~n~w~n", [Ms, Ss, Ds, Ps]),
    reverse(L, R), format("~w~n", [R]),
    append(X, [5|Y], L), format("~w | ~w~n", [X, Y]),
    select(4, L, L2), selectchk(1, L, L3), subtract(L, [1], L4), format("~w ~w ~w~n", [L2, L3, L4]),
    exclude([V]>>(V > 3), L, Small), partition([V]>>(V < 4), L, In, Out), format("~w ~w ~w~n", [Small, In, Out]),
    sumlist([1.5, 2], FS), numlist(1, 5, NL), format("~w ~w~n", [FS, NL]),
    max_member(MM, [b, a, c]), min_member(Mm, [b, a, c]), format("~w ~w~n", [MM, Mm]),
    list_to_set([a, b, a, c], Set), delete([a, b, a, c], a, Del), exclude(==(b), [a, b, c], Ex), format("~w ~w ~w~n", [Set, Del, Ex]),
    flatten([1, [2, [3, 4]], [], 5], Fl), permutation([1, 2, 3], P), format("~w ~w~n", [Fl, P]),
    findall(P2, permutation([a, b, c], P2), AllP), length(AllP, NP), format("~d perms~n", [NP]),
    nextto(Xn, 9, L), format("before 9: ~w~n", [Xn]),
    sum_list([], Z), max_member(M2, [1]), format("~w ~w~n", [Z, M2]),
    pairs_keys_values(PKV, [a, b], [1, 2]), format("~w~n", [PKV]),
    length(Fresh, 2), format("~w~n", [len(2)]), Fresh = [x, y],
    exclude([V]>>memberchk(V, [1, 9]), L, NoOnes), format("~w~n", [NoOnes]),
    last([only], Only), proper_length([a, b], PL), format("~w ~w~n", [Only, PL]),
    ( is_list([a|_]) -> true ; writeln(partial) ),
    msort([c-1, a-2, b-0], KS), keysort([c-1, a-2, b-0, a-1], KS2), format("~w ~w~n", [KS, KS2]),
    foldl([V, A0, A1]>>(A1 is A0 * V), [1, 2, 3, 4], 1, Fact), format("~w~n", [Fact]),
    aggregate_all(count, member(_, L), Cnt), format("~w~n", [Cnt]),
    sumlist(L, S2), ( S2 =:= S -> writeln(same_sum) ; true ),
    max_list([2.5, 1], MF), format("~w~n", [MF]).
