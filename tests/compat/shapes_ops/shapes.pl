:- module(shapes, [area/2, total_area/2, op(700, xfx, is_a)]).

area(square(S), A) :- A is S * S.
area(circle(R), A) :- A is pi * R * R.
area(rect(W, H), A) :- A is W * H.

total_area(Shapes, Total) :-
    foldl([S, T0, T]>>(area(S, A), T is T0 + A), Shapes, 0, Total).
