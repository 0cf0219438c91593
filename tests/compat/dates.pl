% Parsing ISO dates with a DCG, weekdays by Zeller's congruence, day counts.
:- initialization(main, main).

date(Y-M-D) --> digits4(Y), "-", digits2(M), "-", digits2(D), { M >= 1, M =< 12, D >= 1, D =< 31 }.
digits4(N) --> dg(A), dg(B), dg(C), dg(D), { N is A*1000 + B*100 + C*10 + D }.
digits2(N) --> dg(A), dg(B), { N is A*10 + B }.
dg(D) --> [C], { code_type(C, digit(D)) }.

weekday(Y0-M0-D, W) :-
    ( M0 < 3 -> M is M0 + 12, Y is Y0 - 1 ; M = M0, Y = Y0 ),
    K is Y mod 100, J is Y // 100,
    H is (D + (13 * (M + 1)) // 5 + K + K // 4 + J // 4 + 5 * J) mod 7,
    nth0(H, [saturday, sunday, monday, tuesday, wednesday, thursday, friday], W).

leap(Y) :- ( Y mod 400 =:= 0 -> true ; Y mod 100 =\= 0, Y mod 4 =:= 0 ).
days_in(Y, 2, 29) :- leap(Y), !.
days_in(_, M, D) :- nth1(M, [31,28,31,30,31,30,31,31,30,31,30,31], D).
day_of_year(Y-M-D, N) :- M1 is M - 1, ( M1 >= 1 -> numlist(1, M1, Ms) ; Ms = [] ),
    foldl([Mo, A0, A]>>(days_in(Y, Mo, Dm), A is A0 + Dm), Ms, D, N).

main :-
    forall(member(S, ["2024-02-29", "1969-07-20", "2000-01-01", "2023-13-01", "1999-12-31"]),
           ( string_codes(S, Cs),
             (   phrase(date(Dt), Cs)
             ->  weekday(Dt, W), day_of_year(Dt, N), format("~s: ~w, day ~d~n", [Cs, W, N])
             ;   format("~s: invalid~n", [Cs])
             ) )),
    findall(Y, (between(1896, 1912, Y), leap(Y)), Ls), format("leap years: ~w~n", [Ls]).
