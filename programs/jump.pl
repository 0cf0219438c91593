/*  jump.pl -- the queen-on-d5 walk, first solver (jump/4)

    Source: seed 001_... (a blog post on the puzzle "Ain't it funny how the
    knight moves?"): visit every square of the board that a queen on d5 does
    not attack or occupy -- 36 squares -- with a knight starting from h8.  The
    knight may not land on an attacked square but may revisit squares.
    Squares are File-Rank pairs, h8 = 8-8, the queen on d5 = 4-5.

    The program is the post's: valid/1, knight/2, move/2, jump/4, add_new/4,
    tail/3, solve/1.  jump/4 tries the moves in knight/2's fixed order and
    keeps a list of the squares seen so far; add_new/4 allows a move back to a
    seen square only if something new was seen since the knight was last
    there.  The PostScript pictures (show/1) are in board_ps.pl.

    Run (from the repository root):
      swipl -q -g demo -t halt programs/jump.pl
      knightlog -q -g demo -t halt programs/jump.pl
        prints N = 257 (the walk from solve/1), the walk, its 36 distinct
        squares, and the PostScript of the first two board states.
      swipl -q -g write_ps -t halt programs/jump.pl
        writes knight.ps (257 pages, one per board state) in the working
        directory, as the post does; `gs -o knight.pdf -sDEVICE=pdfwrite
        -g5000x5000 knight.ps` turns it into a PDF.

    The number 257: the post runs "?- solve(X), length(X, N)." and shows
    "N = 257", then "That's 256 moves after the initial position".  This
    program gives the same: solve(X), length(X, N) yields N = 257, with X
    beginning [8-8, 7-6, 8-4, 7-6, ...] as the post shows.

    Repairs of the extracted listings (the extraction moved every clause's
    first name -- the head's functor -- to the end of the previous clause and
    shuffled some goals; the prose fixes the intent):
      * valid/1: "X-Y) :- valid(1, 8, X), between(1, 8, Y), between(X =\= 4,
        ..." is valid(X-Y) :- between(1, 8, X), between(1, 8, Y), X =\= 4,
        Y =\= 5, X + Y =\= 9, Y - X =\= 1.  (not on the queen's file, rank,
        or her two diagonals);
      * move/2: move(X-Y, X1-Y1) :- knight(DX, DY), X1 is X + DX,
        Y1 is Y + DY, valid(X1-Y1).;
      * jump/4's second clause reads "jump(Pos, Pos1), move(Pos1, Visited,
        Path, Visited1), add_new(Pos1, Visited1, [Pos1|Path], Solution)";
        following the prose ("we try to move to a new position (Pos1), add it
        to the list of Visited places if not yet visited, and continue
        jumping, adding the new position to the current path") it is
        move(Pos, Pos1), add_new(Pos1, Visited, Path, Visited1),
        jump(Pos1, Visited1, [Pos1|Path], Solution);
      * add_new/4 and tail/3 are restored the same way (the goals are the
        post's, in the post's order).
*/

:- ensure_loaded(board_ps).

% A square the knight may land on: on the board and not attacked by the
% queen on d5 (4-5): not on file 4, rank 5, or the diagonals X+Y = 9 and
% Y-X = 1.
valid(X-Y) :-
    between(1, 8, X), between(1, 8, Y),
    X =\= 4, Y =\= 5,
    X + Y =\= 9, Y - X =\= 1.

knight(1, 2).  knight(1, -2).  knight(-1, 2).  knight(-1, -2).
knight(2, 1).  knight(2, -1).  knight(-2, 1).  knight(-2, -1).

move(X-Y, X1-Y1) :-
    knight(DX, DY),
    X1 is X + DX, Y1 is Y + DY,
    valid(X1-Y1).

% jump(+Pos, +Visited, +Path, -Solution): Visited holds the distinct squares
% seen, the newest first; Path the walk so far, newest first.
jump(_, Visited, Path, Path) :- length(Visited, 36), !.
jump(Pos, Visited, Path, Solution) :-
    move(Pos, Pos1),
    add_new(Pos1, Visited, Path, Visited1),
    jump(Pos1, Visited1, [Pos1|Path], Solution).

% add_new(+Pos, +Visited, +Path, -Visited1): a seen square may be entered
% again only if the newest seen square (Last) was found after the knight's
% latest visit to Pos, i.e. Last is not in the part of the reversed path
% from that visit back to the start.
add_new(Pos, Visited, Path, Visited) :-
    member(Pos, Visited), !,
    Visited = [Last|_],
    tail(Pos, Path, Tail),
    \+ member(Last, Tail).
add_new(Pos, Visited, _, [Pos|Visited]).

% tail(+X, +List, -Tail): Tail is the suffix of List from the first X.
tail(X, [X|T], [X|T]) :- !.
tail(X, [Y|Ys], T) :- X \= Y, tail(X, Ys, T).

solve(X) :- jump(8-8, [8-8], [8-8], Path), reverse(Path, X).

% --- goals for people and for the test harness --------------------------

% write_ps: the post's knight.ps, one page per board state of the walk.
write_ps :- write_ps('knight.ps').

write_ps(File) :-
    solve(X), !,
    show_to_file(File, X).

demo :-
    solve(X), !,
    length(X, N),
    Moves is N - 1,
    format('solve(X), length(X, N): N = ~w (~w moves after the start)~n',
           [N, Moves]),
    print_walk(X),
    walk_report(X),
    X = [P1, P2|_],
    show([P1, P2]).
