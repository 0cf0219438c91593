:- module(report, [report_table/1, low_stock/3, debug_dump/0]).

report_table(Items) :-
    format("~w~t~12|~t~w~18|~t~w~28|~t~w~38|~n", [item, qty, price, value]),
    format("~`=t~38|~n"),
    forall(member(item(N, Q, P), Items),
           ( V is Q * P, format("~w~t~12|~t~d~18|~t~2f~28|~t~2f~38|~n", [N, Q, P, V]) )),
    foldl([item(_, Q, P), T0, T]>>(T is T0 + Q * P), Items, 0, Total),
    format("~`-t~38|~n~w~t~t~2f~38|~n", [total, Total]).

low_stock(Items, Limit, Names) :-
    include([item(_, Q, _)]>>(Q < Limit), Items, Low),
    maplist([item(N, _, _), N]>>true, Low, Names).

debug_dump :- writeln('report module loaded').
