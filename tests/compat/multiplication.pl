% A multiplication table and a calendar page laid out with format/2 column
% stops and fill characters.
:- initialization(main, main).

main :-
    format("~t~4|"), forall(between(1, 9, C), format("~t~d~4+", [C])), nl,
    format("~`-t~40|~n"),
    forall(between(1, 9, R),
           ( format("~t~d~3| |", [R]),
             forall(between(1, 9, C), ( P is R * C, format("~t~d~4+", [P]) )), nl )),
    nl,
    format("~t~w~20|~t~w~n", ['March', 2024]),
    forall(member(D, [mo, tu, we, th, fr, sa, su]), format("~t~w~3+", [D])), nl,
    Start = 4, Days = 31,
    forall(between(1, Start, _), format("~3|", [])) -> true ; true,
    length(Pad, 4), maplist(=(''), Pad),
    numlist(1, 31, Ds), append(Pad, Ds, Cells),
    print_weeks(Cells), format("~w days~n", [Days]).

print_weeks([]) :- !.
print_weeks(Cells) :-
    length(Week, 7), ( append(Week, Rest, Cells) -> true ; Week = Cells, Rest = [] ),
    forall(member(C, Week), format("~t~w~3+", [C])), nl,
    print_weeks(Rest).
