/*  board_ps.pl -- PostScript pictures of the queen-on-d5 walks

    Source: seed 001_... (the blog post's show/1, show/2, color/4 and
    base_color/4).  show(Path) writes a PostScript document with one page per
    board state along Path (a list of File-Rank squares, in walking order):

      %!PS-Adobe-2.0
      %%BoundingBox: 0 0 500 500
      then per page: 50 50 400 400 rectstroke, one
      "R G B setrgbcolor X Y 50 50 rectfill" line per square, showpage.

    Colours (base_color/4): squares the queen attacks red, the current
    square blue, squares visited before green, squares not yet visited light
    grey (0.8 0.8 0.8); dark squares ((X + Y) even, as a1) use half of each
    component.  Squares are 50 x 50 points; square X-Y is filled at
    (50 X, 50 Y), so the board spans 50..450 on a 500 x 500 page.

    Also here, because both solvers' demo/0 use them: print_walk/1 (the
    walk, 16 squares to a line) and walk_report/1 (checks every step with
    the solver's move/2 and that all 36 squares were visited).

    It needs valid/1 (and move/2 for walk_report/1) from the solver that
    loads it (jump.pl or jump_closest.pl), exactly as the post's single
    listing does.  Loaded by both solvers with :- ensure_loaded(board_ps).
    On its own it prints
    nothing; run a solver's write_ps/0 to get knight.ps:
      swipl -q -g write_ps -t halt programs/jump.pl
      knightlog -q -g write_ps -t halt programs/jump_closest.pl

    Numbers: the halved components are computed with '/', as in the post;
    with SWI-Prolog's default flags 1/2 is 0.5, 0/2 is 0 and 0.8/2 is 0.4, so
    the page says "0.5 0 0" (a dark red square) -- a system where integer
    division with '/' always gives a float would print "0.5 0.0 0.0".

    Repairs of the extracted listing (the head functors were moved to the
    end of the previous clause, punctuation shuffled): show/1, the two
    clauses of show/2 with the forall/2 over all 64 squares, color/4 with
    its if-then-else, and the four base_color/4 clauses, each restored in the
    post's order with the post's goals.  Added: show_to_file/2 (the post
    "put them in a file called knight.ps"; here with ISO open/3,
    set_output/1 and close/1, so no tell/told).
*/

show(Path) :-
    write('%!PS-Adobe-2.0'), nl,
    write('%%BoundingBox: 0 0 500 500'), nl,
    show(Path, []).

show([], _).
show([Current|Path], Seen) :-
    write('50 50 400 400 rectstroke'), nl,
    forall(( between(1, 8, X), between(1, 8, Y) ),
           ( color(Current, Seen, X-Y, c(R,G,B)),
             write(R), write(' '), write(G), write(' '), write(B),
             write(' setrgbcolor '),
             X1 is X * 50, Y1 is Y * 50,
             write(X1), write(' '), write(Y1),
             write(' 50 50 rectfill'), nl
           )),
    write(showpage), nl,
    show(Path, [Current|Seen]).

color(Current, Seen, X-Y, Color) :-
    base_color(Current, Seen, X-Y, c(R,G,B)),
    (   (X + Y) mod 2 =:= 0
    ->  R1 is R / 2, G1 is G / 2, B1 is B / 2,
        Color = c(R1,G1,B1)
    ;   Color = c(R,G,B)
    ).

base_color(_, _, Pos, c(1,0,0)) :- \+ valid(Pos).
base_color(Current, _, Current, c(0,0,1)).
base_color(_, Seen, Pos, c(0,1,0)) :- member(Pos, Seen).
base_color(_, _, _, c(0.8,0.8,0.8)).

% show_to_file(+File, +Path): show(Path) into File (the post's knight.ps).
show_to_file(File, Path) :-
    open(File, write, Stream),
    current_output(Old),
    set_output(Stream),
    (   catch(show(Path), Error, (set_output(Old), close(Stream), throw(Error)))
    ->  set_output(Old), close(Stream)
    ;   set_output(Old), close(Stream), fail
    ).

% --- shared by the demos of jump.pl and jump_closest.pl -----------------

% print_walk(+Squares): the walk, 16 squares to a line.
print_walk(Squares) :-
    print_walk(Squares, 0).

print_walk([], K) :-
    (   K =:= 0 -> true ; nl ).
print_walk([S|Ss], K) :-
    (   K =:= 0 -> true ; write(' ') ),
    write(S),
    K1 is (K + 1) mod 16,
    (   K1 =:= 0 -> nl ; true ),
    print_walk(Ss, K1).

% walk_report(+Squares): checks the walk: every step a knight's move to a
% square the queen does not attack, and all 36 such squares visited.
walk_report(Walk) :-
    (   knight_walk(Walk) -> Steps = yes ; Steps = no ),
    sort(Walk, Distinct),
    length(Distinct, D),
    findall(X-Y, (between(1, 8, X), between(1, 8, Y), valid(X-Y)), All),
    (   Distinct == All -> Covers = yes ; Covers = no ),
    format('every step a legal knight move: ~w; distinct squares: ~w; all 36 covered: ~w~n',
           [Steps, D, Covers]).

knight_walk([_]).
knight_walk([A,B|Squares]) :-
    move(A, B), !,
    knight_walk([B|Squares]).
