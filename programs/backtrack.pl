/*  backtrack.pl -- plain backtracking knight's tour, numbering the board

    Source: seed 004_... (a blog post with C code: safe/2, the moves[2][8]
    array and Solve(r, c, in)).  The knight starts in the corner (0,0) of an
    R x C board (0-indexed rows and columns, as in the C code) and tries the
    eight moves in the order of the C array

        moves = { { 1, 1, -1, -1, -2, -2, 2, 2 },     (row offsets)
                  { 2, -2, 2, -2, 1, -1, 1, -1 } }    (column offsets)

    i.e. (1,2), (1,-2), (-1,2), (-1,-2), (-2,1), (-2,-1), (2,1), (2,-1) on
    (r, c), numbering each square with the move number `in`; a square is
    safe if it is on the board and still 0.  No heuristic: depth first
    search with backtracking, the first complete numbering wins.

    The C board maps onto Prolog directly: the board is a term with one
    argument per square; 0 (not visited) is an unbound argument;
    "board[rr][cc] = in" binds it and "else board[rr][cc] = 0" is what
    Prolog's backtracking does anyway when the recursive call fails.

    Run (from the repository root):
      swipl -q -g demo -t halt programs/backtrack.pl
      knightlog -q -g demo -t halt programs/backtrack.pl
        prints the boards for 3 x 4, 5 x 5 and 6 x 7, each with the number
        of Solve calls (the same counts as the C code) and a check of the
        tour, and "no tour" for 4 x 4.
      ?- tour(6, 6, Board), print_board(Board), solve_calls(N).
                                                    % N = 2,222,653
      ?- tour(8, 8, Board).   % the post's board: see the timing below

    8 x 8: with this move order the search from (0,0) is very long.  The
    same search in C (the post's code, gcc -O2) had not found a tour after
    more than 25 minutes of CPU time (see docs/programs.md); in Prolog it is
    slower still, so tour(8, 8, B) is not part of demo/0 -- use 5 x 5 and
    6 x 6, which finish in a second or a few.

    Reconstruction of the C code (the extraction garbled it):
      * the loop body reads moves(0, t) and moves(1, t): the evident intent
        is moves[0][i] and moves[1][i] (the loop variable is i);
      * the prose list of moves repeats "(r-1, c+2)" as move 4; the moves
        array says (r-1, c-2), which is taken;
      * the post calls Solve(0, 0, 1) without marking the start square and
        stops at in == 64.  Taken literally the corner stays 0 ("not
        visited"), so the knight may land on it again, and the board it
        prints has 63 numbered squares and a 0; on 7 x 7 the literal code
        does revisit the corner and its "solution" is not a tour.  The
        evident intent -- "number the visited squares to know which cell was
        visited when" -- is a board numbered 1 .. R*C in visiting order:
        here the start is numbered 1 (board[0][0] = 1, then Solve(0, 0, 2))
        and the search stops when `in` passes the last number (in == R*C + 1,
        the C test in == 64 counted the squares numbered after an unnumbered
        start).  The order in which squares are tried is the C code's.
*/

:- ensure_loaded(tour_utils).

% tour(+Rows, +Cols, -Board): Board (a list of Rows rows, top row first as
% in the C array) numbers a tour from (0,0).
tour(Rows, Cols, Board) :-
    nb_setval(backtrack_calls, 0),
    Size is Rows * Cols,
    functor(Cells, cells, Size),
    B = board(Rows, Cols, Cells),
    place(B, 0-0, 1),                   % board[0][0] = 1
    solve(B, 0-0, 2),                   % Solve(0, 0, 2)
    !,
    board_rows(B, Board).

% solve(+Board, +Square, +In): Solve(r, c, in) -- number the rest of the
% board from In on, starting from Square.
solve(B, _, In) :-
    count_call,
    B = board(Rows, Cols, _),
    In =:= Rows * Cols + 1,
    !.
solve(B, R-C, In) :-
    move(DR, DC),
    RR is R + DR, CC is C + DC,
    safe(B, RR-CC),
    place(B, RR-CC, In),                % board[rr][cc] = in
    In1 is In + 1,
    solve(B, RR-CC, In1).

% The C moves array, column by column: (row offset, column offset).
move( 1,  2).
move( 1, -2).
move(-1,  2).
move(-1, -2).
move(-2,  1).
move(-2, -1).
move( 2,  1).
move( 2, -1).

% safe(+Board, +Square): r >= 0 && r < R && c >= 0 && c < C && !board[r][c]
safe(board(Rows, Cols, Cells), R-C) :-
    R >= 0, R < Rows, C >= 0, C < Cols,
    K is R * Cols + C + 1,
    arg(K, Cells, X),
    var(X).

place(board(_, Cols, Cells), R-C, In) :-
    K is R * Cols + C + 1,
    arg(K, Cells, In).

board_rows(board(Rows, Cols, Cells), Board) :-
    findall(Row,
            ( between(1, Rows, R),
              findall(X, ( between(1, Cols, C),
                           K is (R - 1) * Cols + C,
                           arg(K, Cells, X) ),
                      Row) ),
            Board).

% count_call: counts the calls of solve/3 (the C program's Solve calls);
% tour/3 resets the count and solve_calls/1 reads it.
count_call :-
    nb_getval(backtrack_calls, N0),
    N is N0 + 1,
    nb_setval(backtrack_calls, N).

solve_calls(N) :-
    nb_getval(backtrack_calls, N).

print_board(Board) :-
    print_matrix(Board).

% --- demo ---------------------------------------------------------------

demo :-
    run(3, 4),
    run(5, 5),
    run(6, 7),
    run(4, 4).

run(Rows, Cols) :-
    format('~wx~w board from (0,0):~n', [Rows, Cols]),
    (   tour(Rows, Cols, Board)
    ->  print_board(Board),
        matrix_tour(Board, Tour),
        (   valid_tour(Cols-Rows, Tour)
        ->  (   closed_tour(Tour) -> Kind = closed ; Kind = open ),
            format('a valid ~w tour; ', [Kind])
        ;   write('NOT a valid tour; ')
        )
    ;   write('no tour; ')
    ),
    solve_calls(Calls),
    format('Solve calls: ~w~n~n', [Calls]).
