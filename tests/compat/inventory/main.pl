% An inventory report: a CSV-like data module, a report module using
% format/2 column stops, and an import list with except/1.
:- use_module(data).
:- use_module(report, except([debug_dump/0])).
:- initialization(main, main).

main :-
    items(Items),
    report_table(Items),
    low_stock(Items, 5, Low), format("low stock: ~w~n", [Low]),
    (   catch(debug_dump, error(existence_error(procedure, PI), _), (format("not imported: ~w~n", [PI]), fail))
    ->  true ; true ),
    report:debug_dump.
