/*  verify_improved.pl -- the improved verify/2 of the 2008 paper (000_...)

    Figure 7, "An improved verify/2 predicate".  Instead of testing that a
    square lies inside the board (Figure 6, verify_original.pl), it tests
    whether a coordinate lands on the border {-1, 0, 9, 10} around the 8 x 8
    board (the idea of the 10 x 10 Othello array with -1 border cells).  A
    knight's move from a square of the board always lands in -1..10, so this
    rejects exactly the squares off the board; the first argument indexes the
    four file clauses, and an inside square falls through to the last clause.

    Repairs of the extracted listing (the evident intent, nothing else):
      * the anonymous variables lost their underscore: "verify(-1, ) :- !,
        fail." is verify(-1, _) :- !, fail.  and "verify(_, )." is
        verify(_, _).;
      * the cut '!' was read as the digit '1' in five clauses ("verify(0, ) :-
        1, fail."), which would make those clauses type errors in Prolog.
    The order is the paper's: four file clauses (-1, 0, 9, 10), then four
    rank clauses, then the catch-all.

    knight_tour.pl loads this file by default (:- ensure_loaded(verify_improved)).
    It defines only verify/2, so it prints nothing.
*/

verify(-1, _) :- !, fail.
verify(0, _) :- !, fail.
verify(9, _) :- !, fail.
verify(10, _) :- !, fail.
verify(_, -1) :- !, fail.
verify(_, 0) :- !, fail.
verify(_, 9) :- !, fail.
verify(_, 10) :- !, fail.
verify(_, _).
