/*  tour_utils.pl -- helpers shared by the knight's tour programs

    Not from any one seed document: these are the checks and printers the
    programs in this directory share, so that every tour a program prints is
    also checked.  Loaded with `:- ensure_loaded(tour_utils).`

    Squares are [File, Rank] lists, as in the 2008 paper (000_...): file 1 is
    the left-most file, rank 1 the bottom rank, [1,1] the lower left corner.
    A board size is either N (an N x N board) or W-H (W files, H ranks).

      knight_step(+Sq1, +Sq2)     the squares are one knight's move apart
      valid_tour(+Size, +Tour)    Tour visits every square of the board
                                  exactly once, each step a knight's move
      closed_tour(+Tour)          the last square is a knight's move from
                                  the first (a closed, re-entrant tour)
      print_tour(+Tour)           a text board of move numbers, top rank at
      print_tour(+Size, +Tour)    the top; squares not on Tour print as '.'
      print_matrix(+Rows)         a matrix (list of rows of integers) laid
                                  out like Julia prints a Matrix{Int64}
      matrix_tour(+Rows, -Tour)   the tour numbered in a matrix: the squares
                                  [Column, Row] in the order 1, 2, 3, ...

    Run on its own it only defines predicates:
      swipl -q -g tour_utils_demo -t halt programs/tour_utils.pl
      knightlog -q -g tour_utils_demo -t halt programs/tour_utils.pl
    tour_utils_demo/0 checks and prints the 5 x 5 tour backtrack.pl finds,
    shows that valid_tour/2 rejects broken tours, and prints a partial 8 x 8
    tour.  (It is not called demo/0 because every program loads this file
    and defines its own demo/0.)

    Portability: ISO builtins plus between/3, member/2, nth1/3, last/2,
    forall/2; no format column directives (padding is done by hand), so the
    output is the same in any ISO + SWI compatible system.
*/

% knight_step(+Sq1, +Sq2): |dFile| * |dRank| = 2 exactly when the
% differences are 1 and 2 in some order.
knight_step([F1,R1], [F2,R2]) :-
    D is abs(F1 - F2) * abs(R1 - R2),
    D =:= 2.

% board_size(+Size, -Files, -Ranks)
board_size(W-H, W, H) :- !.
board_size(N, N, N).

valid_tour(Size, Tour) :-
    ground(Tour),
    board_size(Size, W, H),
    N is W * H,
    length(Tour, N),
    forall(member(Square, Tour), on_board(W, H, Square)),
    sort(Tour, Distinct),               % sort/2 removes duplicates
    length(Distinct, N),
    knight_steps(Tour).

on_board(W, H, [F,R]) :-
    integer(F), integer(R),
    F >= 1, F =< W,
    R >= 1, R =< H.

knight_steps([_]).
knight_steps([A,B|Squares]) :-
    knight_step(A, B),
    knight_steps([B|Squares]).

closed_tour(Tour) :-
    Tour = [First|_],
    last(Tour, Last),
    knight_step(Last, First).

% print_tour(+Tour): the board size is taken from the largest file and rank
% on the tour, which is right for a complete tour.
print_tour(Tour) :-
    findall(F, member([F,_], Tour), Fs), max_list_(Fs, W),
    findall(R, member([_,R], Tour), Rs), max_list_(Rs, H),
    print_tour(W-H, Tour).

print_tour(Size, Tour) :-
    board_size(Size, W, H),
    length(Tour, Len),
    digits(Len, D),
    Width is D + 1,
    digits(H, RankWidth),
    forall(between(1, H, I),
           ( R is H + 1 - I,
             write_padded(RankWidth, R), write(' |'),
             forall(between(1, W, F),
                    ( square_label(Tour, [F,R], Label),
                      write_padded(Width, Label) )),
             nl )),
    spaces(RankWidth), write(' +'),
    Dashes is W * Width, dashes(Dashes), nl,
    spaces(RankWidth), write('  '),
    forall(between(1, W, F), write_padded(Width, F)),
    nl.

% square_label(+Tour, +Square, -Label): the move number of the first visit
% to Square, or '.' when the tour does not visit it.
square_label(Tour, Square, Label) :-
    (   nth1(N, Tour, Square)
    ->  Label = N
    ;   Label = '.'
    ).

% print_matrix(+Rows): Julia's layout for a Matrix{Int64}: every column is
% right-aligned to the widest entry, entries are separated by two spaces and
% each row starts with one space.
print_matrix(Rows) :-
    findall(X, (member(Row, Rows), member(X, Row)), Xs),
    findall(D, (member(X, Xs), digits(X, D)), Ds),
    max_list_(Ds, Width),
    First is Width + 1,
    Rest is Width + 2,
    forall(member([X1|Row], Rows),
           ( write_padded(First, X1),
             forall(member(X, Row), write_padded(Rest, X)),
             nl )).

% matrix_tour(+Rows, -Tour): Rows numbers the squares 1..N in visiting
% order; Tour lists them as [Column, Row] (row 1 = the first row of the
% matrix).  Fails unless the numbers are exactly 1..N.
matrix_tour(Rows, Tour) :-
    findall(K-[C,R],
            ( nth1(R, Rows, Row), nth1(C, Row, K) ),
            Numbered),
    keysort(Numbered, Sorted),
    numbered_from(Sorted, 1, Tour).

numbered_from([], _, []).
numbered_from([K-Square|Pairs], K, [Square|Tour]) :-
    K1 is K + 1,
    numbered_from(Pairs, K1, Tour).

% --- small portable helpers -------------------------------------------

% max_list_(+Numbers, -Max); named with a trailing underscore so it cannot
% clash with SWI's library(lists) max_list/2 (autoloaded in SWI, absent
% elsewhere).
max_list_([X|Xs], Max) :- max_list_(Xs, X, Max).
max_list_([], Max, Max).
max_list_([X|Xs], M0, Max) :-
    (   X > M0 -> M1 = X ; M1 = M0 ),
    max_list_(Xs, M1, Max).

% digits(+Integer, -Count): the number of characters Integer is written with.
digits(N, D) :-
    number_codes(N, Codes),
    length(Codes, D).

% write_padded(+Width, +Term): Term (a number or an atom) right-aligned in a
% field of Width characters.
write_padded(Width, X) :-
    (   number(X) -> number_codes(X, Codes) ; atom_codes(X, Codes) ),
    length(Codes, L),
    Pad is Width - L,
    spaces(Pad),
    write(X).

spaces(N) :- N > 0, !, put_char(' '), N1 is N - 1, spaces(N1).
spaces(_).

dashes(N) :- N > 0, !, put_char('-'), N1 is N - 1, dashes(N1).
dashes(_).

% --- demo -------------------------------------------------------------

% The 5 x 5 board backtrack.pl prints (its first tour from the corner).
demo_matrix([[ 1, 18, 13,  4, 25],
             [12,  5,  2, 19, 14],
             [17, 20,  9, 24,  3],
             [ 6, 11, 22, 15,  8],
             [21, 16,  7, 10, 23]]).

tour_utils_demo :-
    demo_matrix(M),
    print_matrix(M),
    matrix_tour(M, Tour),
    format('as [column,row] squares: ~w~n', [Tour]),
    yes_no(valid_tour(5, Tour), Valid),
    yes_no(closed_tour(Tour), Closed),
    format('valid 5x5 tour: ~w, closed: ~w~n', [Valid, Closed]),
    print_tour(Tour),
    % a repeated square, a step that is not a knight's move, a wrong size
    Tour = [A,B|Rest],
    yes_no(valid_tour(5, [A,B,A|Rest]), Repeat),
    yes_no(valid_tour(5, [B,A|Rest]), Step),
    yes_no(valid_tour(6, Tour), Size),
    format('valid with a repeated square: ~w, with a bad step: ~w, as 6x6: ~w~n',
           [Repeat, Step, Size]),
    print_tour(8, [[1,8],[3,7],[5,8]]).

% yes_no(+Goal, -Answer): yes when Goal succeeds, no when it fails.
yes_no(Goal, Answer) :-
    (   call(Goal) -> Answer = yes ; Answer = no ).
