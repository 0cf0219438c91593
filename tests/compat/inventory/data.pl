:- module(data, [items/1]).

raw("widget,12,2.50
gadget,3,10.00
doohickey,0,7.25
sprocket,40,0.30
gizmo,5,15.00").

items(Items) :-
    raw(Text),
    split_string(Text, "\n", " ", Lines),
    maplist(parse_line, Lines, Items).

parse_line(Line, item(Name, Qty, Price)) :-
    split_string(Line, ",", " ", [N, Q, P]),
    atom_string(Name, N), number_string(Qty, Q), number_string(Price, P).
