% Set algebra with library(ordsets) on course enrolments.
:- use_module(library(ordsets)).
:- initialization(main, main).

takes(ann, [math, physics, art]).
takes(bob, [math, history]).
takes(cid, [art, history, music]).

main :-
    findall(S, takes(_, S), Ls), maplist(list_to_ord_set, Ls, Sets),
    ord_union(Sets, All), format("all courses: ~w~n", [All]),
    takes(ann, A0), takes(bob, B0), list_to_ord_set(A0, A), list_to_ord_set(B0, B),
    ord_intersection(A, B, AB), format("ann and bob: ~w~n", [AB]),
    ord_subtract(A, B, AnotB), format("ann not bob: ~w~n", [AnotB]),
    ord_union(A, B, AorB), format("ann or bob: ~w~n", [AorB]),
    ( ord_subset([math], A) -> writeln('ann takes math') ; true ),
    ( ord_memberchk(music, A) -> true ; writeln('ann skips music') ),
    ord_add_element(A, chemistry, A2), ord_del_element(A2, art, A3), format("~w~n", [A3]),
    ( ord_disjoint(A, [history, music]) -> writeln(disjoint) ; writeln(overlap) ),
    ord_symdiff(A, B, Sym), format("symdiff: ~w~n", [Sym]),
    findall(C-N, (member(C, All), aggregate_all(count, (takes(_, L), memberchk(C, L)), N)), CN),
    format("~w~n", [CN]),
    sumlist([1,2], _), subtract([a,b,c,d], [b,d], Sub), intersection([a,b,c], [c,a,x], Int), union([a,b], [b,c], Un),
    format("~w ~w ~w~n", [Sub, Int, Un]),
    list_to_set([a,b,a,c,b], LS), format("~w~n", [LS]),
    sort([c,a,b,a], S1), length(S1, N1), format("~d distinct~n", [N1]).
