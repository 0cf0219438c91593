/*  warnsdorff.pl -- closed tours by Warnsdorff's rule with backtracking

    Source: seed 003_... (a Julia blog post: listoptions/2 and knight_jump!/3).
    A port of the post's algorithm to Prolog, for any rectangular grid:

      * the grid is a matrix of move numbers, 0 = not visited (here: an
        unbound cell), indexed (row, column) as in Julia; the knight starts
        with move number 1 at p, (1, 1) by default;
      * listoptions(grid, p): the unvisited squares a knight's move from p,
        trying the offsets in the post's order
          (1,2), (-1,2), (1,-2), (-1,-2), (2,1), (-2,1), (2,-1), (-2,-1);
      * knight_jump!(grid, p, i): number p with i; if i is the last number,
        succeed only if p is a knight's move from the start (the tour is
        closed); otherwise sort the options by their own number of options
        (Warnsdorff's rule: fewest onward moves first; Julia's sort! on a
        vector of tuples is a stable merge sort, and keysort/2 is stable
        too, so ties keep listoptions' order) and try them in turn,
        backtracking when none leads to a closed tour.

    The result for the default 8 x 8 grid from (1, 1) is exactly the matrix
    the post prints (demo/0 compares it with the post's, entry by entry).

    Run (from the repository root):
      swipl -q -g demo -t halt programs/warnsdorff.pl
      knightlog -q -g demo -t halt programs/warnsdorff.pl
        prints the 8 x 8 grid (the post's result), closed tours on 6 x 7
        and 8 x 5, and "nothing" for 3 x 4 and 4 x 4 (no closed tour exists
        there), each with the number of knight_jump calls (the post's first
        exercise: does the search ever need to backtrack?  64 calls for 64
        squares: not on 8 x 8) and a check of the tour.
      ?- warnsdorff(8, 8, 1-1, Grid), print_board(Grid).
    Warnsdorff's rule does not aim at closing the tour, so on some boards
    the backtracking needed to end next to the start is enormous: from
    (1,1), 6 x 6, 5 x 6, 7 x 8 and 10 x 10 had not finished after 50
    million inferences (about 280,000 knight_jump calls) in SWI-Prolog,
    while 8 x 8 (64 calls), 8 x 6 (65), 6 x 7 (50) and 9 x 8 (91) need
    almost no backtracking.

    Departures from the Julia code, and why:
      * The extracted listing lost its `end` lines; they are restored from
        the prose (the `if i == length(grid)` block ends after its return).
      * Julia resets grid[p] to 0 only when all options fail; when the last
        square does not close the tour it returns `nothing` with grid[p]
        still set, so that square stays "visited" for the rest of the search
        and no later attempt could complete the grid.  In Prolog the cell is
        a variable bound by unification and every failure undoes the binding
        automatically, so here the last square is always released.  The
        two agree whenever the first time the search reaches the last square
        it closes the tour -- as it does on the default 8 x 8 run (demo/0
        shows 64 calls of knight_jump: no backtracking at all).
      * `nothing` is failure: warnsdorff/4 fails when there is no closed
        tour from the start square (on small boards the search then tries
        everything before failing).
      * Julia's recursion is Prolog recursion; the post's last exercise (the
        recursion depth limit) does not arise for the boards used here.
*/

:- ensure_loaded(tour_utils).

% warnsdorff(+Rows, +Cols, +Start, -Grid): Grid (a list of Rows rows) numbers
% a closed tour from Start = Row-Col in visiting order.
warnsdorff(Rows, Cols, Start, Grid) :-
    nb_setval(warnsdorff_calls, 0),
    Size is Rows * Cols,
    functor(Cells, cells, Size),
    Board = board(Rows, Cols, Cells),
    Start = R0-C0,
    knight_jump(Board, R0-C0, 1, R0-C0),
    !,
    board_rows(Board, Grid).

% knight_jump(+Board, +P, +I, +P1): the post's knight_jump!(grid, p, i);
% P1 is the start square (Julia finds it again as the cell holding 1).
knight_jump(Board, P, I, P1) :-
    count_call,
    cell(Board, P, I),                       % grid[p...] = i
    Board = board(Rows, Cols, _),
    (   I =:= Rows * Cols
    ->  closes(P, P1)
    ;   listoptions(Board, P, V),
        sort_by_onward_moves(Board, V, Sorted),
        I1 is I + 1,
        member(NP, Sorted),
        knight_jump(Board, NP, I1, P1)
    ).

% listoptions(+Board, +P, -Options): the unvisited squares one knight's move
% from P, in the post's order of offsets.
listoptions(Board, R-C, Options) :-
    findall(R1-C1,
            ( offset(DR, DC),
              R1 is R + DR, C1 is C + DC,
              free(Board, R1-C1) ),
            Options).

offset( 1,  2).
offset(-1,  2).
offset( 1, -2).
offset(-1, -2).
offset( 2,  1).
offset(-2,  1).
offset( 2, -1).
offset(-2, -1).

% sort!(v, by=np -> length(listoptions(grid, np))), stably.
sort_by_onward_moves(Board, V, Sorted) :-
    findall(N-NP,
            ( member(NP, V),
              listoptions(Board, NP, Onward),
              length(Onward, N) ),
            Keyed),
    keysort(Keyed, SortedKeyed),
    findall(NP, member(_-NP, SortedKeyed), Sorted).

% closes(+P, +P1): extrema(abs, p .- p1) == (1, 2).
closes(R-C, R1-C1) :-
    DR is abs(R - R1), DC is abs(C - C1),
    Min is min(DR, DC), Max is max(DR, DC),
    Min =:= 1, Max =:= 2.

% free(+Board, +Square): on the grid and not visited (get(grid, p, -1) == 0).
free(board(Rows, Cols, Cells), R-C) :-
    R >= 1, R =< Rows, C >= 1, C =< Cols,
    K is (R - 1) * Cols + C,
    arg(K, Cells, X),
    var(X).

% cell(+Board, +Square, ?Value): the grid entry of Square.
cell(board(_, Cols, Cells), R-C, X) :-
    K is (R - 1) * Cols + C,
    arg(K, Cells, X).

board_rows(Board, Grid) :-
    Board = board(Rows, Cols, _),
    findall(Row,
            ( between(1, Rows, R),
              findall(X, (between(1, Cols, C), cell(Board, R-C, X)), Row) ),
            Grid).

% count_call: counts the calls of knight_jump/4, i.e. the squares numbered,
% including those undone by backtracking; warnsdorff/4 resets the count and
% warnsdorff_calls/1 reads it.
count_call :-
    nb_getval(warnsdorff_calls, N0),
    N is N0 + 1,
    nb_setval(warnsdorff_calls, N).

warnsdorff_calls(N) :-
    nb_getval(warnsdorff_calls, N).

% print_board(+Grid): the grid as Julia prints a Matrix{Int64}.
print_board(Grid) :-
    print_matrix(Grid).

% --- demo ---------------------------------------------------------------

% The post's result, knight_jump!() on the 8 x 8 grid from (1, 1).
post_result([[ 1, 16, 51, 34,  3, 18, 21, 36],
             [50, 33,  2, 17, 52, 35,  4, 19],
             [15, 64, 49, 56, 45, 20, 37, 22],
             [32, 55, 44, 63, 48, 53, 42,  5],
             [61, 14, 57, 54, 43, 46, 23, 38],
             [28, 31, 62, 47, 58, 41,  6,  9],
             [13, 60, 29, 26, 11,  8, 39, 24],
             [30, 27, 12, 59, 40, 25, 10,  7]]).

demo :-
    run(8, 8, 1-1, Grid8),
    post_result(Post),
    (   Grid8 == Post -> Same = yes ; Same = no ),
    format('the same matrix as the post: ~w~n', [Same]),
    run(6, 7, 1-1, _),
    run(8, 5, 1-1, _),
    run(3, 4, 1-1, _),
    run(4, 4, 1-1, _).

% run(+Rows, +Cols, +Start, -Grid): one search, printed.
run(Rows, Cols, Start, Grid) :-
    format('~wx~w grid from ~w:~n', [Rows, Cols, Start]),
    (   warnsdorff(Rows, Cols, Start, Grid)
    ->  print_board(Grid),
        matrix_tour(Grid, Tour),
        (   valid_tour(Cols-Rows, Tour), closed_tour(Tour)
        ->  Check = 'a valid closed tour'
        ;   Check = 'NOT a valid closed tour'
        )
    ;   write(nothing), nl,
        Grid = nothing,
        Check = 'no closed tour from this square'
    ),
    warnsdorff_calls(Calls),
    format('knight_jump calls: ~w; ~w~n~n', [Calls, Check]).
