% A calculator: the command-line arguments are parsed by a DCG and evaluated.
:- initialization(main, main).

main :-
    current_prolog_flag(argv, Args),
    forall(member(A, Args), calc(A)).

calc(Atom) :-
    atom_codes(Atom, Codes),
    (   phrase(expr(T), Codes)
    ->  V is T, format("~w = ~w~n", [Atom, V])
    ;   format("~w: syntax error~n", [Atom])
    ).

expr(E) --> term(T), expr_rest(T, E).
expr_rest(Acc, E) --> "+", !, term(T), expr_rest(Acc + T, E).
expr_rest(Acc, E) --> "-", !, term(T), expr_rest(Acc - T, E).
expr_rest(E, E) --> [].
term(E) --> factor(F), term_rest(F, E).
term_rest(Acc, E) --> "*", !, factor(F), term_rest(Acc * F, E).
term_rest(Acc, E) --> "/", !, factor(F), term_rest(Acc / F, E).
term_rest(E, E) --> [].
factor(E) --> "(", !, expr(E), ")".
factor(N) --> digits(Ds), { Ds \== [], number_codes(N, Ds) }.
digits([D|T]) --> digit(D), !, digits(T).
digits([]) --> [].
digit(D) --> [D], { code_type(D, digit) }.
