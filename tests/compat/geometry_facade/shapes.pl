% Basic shape measures; scale/3 stays private to this module.
:- module(shapes, [area/2, perimeter/2]).

area(square(S), A) :- A is S * S.
area(rect(W, H), A) :- A is W * H.
area(circle(R), A) :- A is pi * R * R.

perimeter(square(S), P) :- P is 4 * S.
perimeter(rect(W, H), P) :- P is 2 * (W + H).
perimeter(circle(R), P) :- P is 2 * pi * R.

scale(F, square(S), square(S1)) :- S1 is S * F.
