% Roman numerals both ways with one DCG; arguments are numbers or numerals.
:- initialization(main, main).

main :-
    current_prolog_flag(argv, Args),
    forall(member(A, Args), convert(A)).

convert(A) :-
    (   atom_number(A, N)
    ->  (   phrase(roman(N), Cs) -> atom_codes(R, Cs), format("~w -> ~w~n", [N, R])
        ;   format("~w: out of range~n", [N])
        )
    ;   atom_codes(A, Cs),
        (   phrase(roman(N), Cs) -> format("~w -> ~w~n", [A, N])
        ;   format("~w: not a numeral~n", [A])
        )
    ).

roman(N) --> { var(N) }, !, thousands(T), hundreds(H), tens(Te), units(U),
    { N is T + H + Te + U, N > 0 }.
roman(N) --> { integer(N), N > 0, N < 4000,
    T is N // 1000 * 1000, H is N mod 1000 // 100 * 100,
    Te is N mod 100 // 10 * 10, U is N mod 10 },
    thousands(T), hundreds(H), tens(Te), units(U).

thousands(3000) --> "MMM".
thousands(2000) --> "MM".
thousands(1000) --> "M".
thousands(0) --> "".
hundreds(N) --> digit(N, 100, 0'C, 0'D, 0'M).
tens(N) --> digit(N, 10, 0'X, 0'L, 0'C).
units(N) --> digit(N, 1, 0'I, 0'V, 0'X).

digit(N, S, One, Five, Ten) --> { between(0, 9, D) , pattern(D, P) },
    emit(P, One, Five, Ten), { N is D * S }.

pattern(9, [o, t]). pattern(8, [f, o, o, o]). pattern(7, [f, o, o]).
pattern(6, [f, o]). pattern(5, [f]). pattern(4, [o, f]).
pattern(3, [o, o, o]). pattern(2, [o, o]). pattern(1, [o]). pattern(0, []).

emit([], _, _, _) --> [].
emit([o|P], O, F, T) --> [O], emit(P, O, F, T).
emit([f|P], O, F, T) --> [F], emit(P, O, F, T).
emit([t|P], O, F, T) --> [T], emit(P, O, F, T).
