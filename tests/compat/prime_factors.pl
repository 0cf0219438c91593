% Prime factorisation of the numbers given as arguments, with exponents.
:- initialization(main, main).

factors(N, Fs) :- N > 1, factors(N, 2, Fs).
factors(1, _, []) :- !.
factors(N, F, [F|Fs]) :- N mod F =:= 0, !, N1 is N // F, factors(N1, F, Fs).
factors(N, F, Fs) :- F * F > N, !, Fs = [N].
factors(N, F, Fs) :- F1 is F + 1, factors(N, F1, Fs).

main :-
    current_prolog_flag(argv, Args),
    forall(member(A, Args),
           (   atom_number(A, N), integer(N), N > 1
           ->  factors(N, Fs), clumped(Fs, Cl),
               maplist([P-E, T]>>(E =:= 1 -> T = P ; format(atom(T), '~w^~w', [P, E])), Cl, Ts),
               atomic_list_concat(Ts, ' * ', S), format("~w = ~w~n", [N, S])
           ;   format("~w: not an integer above 1~n", [A])
           )).
