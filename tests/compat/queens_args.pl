% N-queens: all solutions counted, the first few printed as boards.
:- initialization(main, main).

main :-
    current_prolog_flag(argv, [A]),
    atom_number(A, N),
    findall(Qs, queens(N, Qs), All),
    length(All, Count),
    format("~d-queens: ~d solutions~n", [N, Count]),
    All = [First|_],
    print_board(N, First).

queens(N, Qs) :-
    numlist(1, N, Ns),
    permutation(Ns, Qs),
    safe(Qs).

safe([]).
safe([Q|Qs]) :- no_attack(Q, Qs, 1), safe(Qs).

no_attack(_, [], _).
no_attack(Q, [Q1|Qs], D) :-
    Q =\= Q1 + D, Q =\= Q1 - D,
    D1 is D + 1,
    no_attack(Q, Qs, D1).

print_board(N, Qs) :-
    forall(member(Q, Qs),
           ( forall(between(1, N, C), ( C =:= Q -> write(' Q') ; write(' .') )), nl )).
