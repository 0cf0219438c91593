/*  verify_original.pl -- the original verify/2 of the 2008 paper (000_...)

    Figure 6, "The original verify/2 predicate":

        verify(X,Y) .- X>0,X<9,Y>0,Y <9

    The extraction turned ':-' into '.-' and lost the final full stop; this is
    the evident clause.  It accepts a square when both coordinates lie inside
    the 8 x 8 board: four arithmetic comparisons for every generated move.

    knight_tour.pl loads verify_improved.pl by default.  To run the paper's
    program with this version, consult this file after knight_tour.pl:

      swipl -g "consult('programs/verify_original.pl')" programs/knight_tour.pl
      ?- use_verify(original).        % the same, from inside the program

    Consulting it replaces verify/2 (both systems wipe a predicate that a
    different file defined before; SWI-Prolog warns "Redefined static
    procedure"); use_verify/1 in knight_tour.pl abolishes verify/2 first, so
    the swap is silent.  The file defines only verify/2, so it prints nothing.
*/

verify(X, Y) :- X > 0, X < 9, Y > 0, Y < 9.
