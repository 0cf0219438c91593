/*  knight_tour.pl -- the 2008 paper's knight's tour program, made runnable

    Source: seed 000_... ("The knight's tour problem ... uses the Prolog
    language to develop a brute force algorithm in finding open circuit
    solutions"), Figure 4 (the program), Figure 5 (the eight moves), Figures 6
    and 7 (the two verify/2 predicates, in verify_original.pl and
    verify_improved.pl; this file loads the improved one).

    The algorithm is the paper's: go/3 enumerates, depth first and with no
    heuristic, every path of the knight that does not revisit a square, the
    shortest first (its first clause returns the path so far); knight_tour/2
    keeps the first path of length 64 (generate and test) and reverses it,
    since go/3 builds the path newest square first.

    Squares are [File, Rank], file 1 the left-most, [1,1] the lower left
    corner (the paper's Figure 3).

    Run (from the repository root; any directory works):
      swipl -q -g demo -t halt programs/knight_tour.pl
      knightlog -q -g demo -t halt programs/knight_tour.pl
        demo/0 (well under a second) prints the move order, checks that the
        two verify/2 versions accept the same squares, and prints the first
        path of 60 squares from [1,8] under each version.
      swipl -q -g first_tour -t halt programs/knight_tour.pl
      knightlog -q -g first_tour -t halt programs/knight_tour.pl
        the first solution from [1,8] (Figure 2): the tour, a board of move
        numbers, its check, and its last square [8,2].  Not part of demo:
        it takes 44-57 CPU seconds in SWI-Prolog 9 on the project's
        machine (525,076,825 inferences, 3,242,065 calls of go/3; see
        docs/programs.md).
      swipl -g "knight_tour([1,8],S), last(S,L), print(L), nl" -t halt programs/knight_tour.pl
        prints [8,2].
    To use the original verify/2: ?- use_verify(original). (or consult
    programs/verify_original.pl); ?- use_verify(improved). switches back.

    Repairs of the extracted Figure 4, each the evident intent:
      * '<-' is ':-' and "knight move" is knight_move;
      * go(Start, Start, Path) starts with the empty path: go(Start, [], Path)
        (go/3's second argument is the list of squares visited before the
        current one; with Start there, the first clause would return the
        improper list [Start|Start]);
      * "length(Len, Path), Len == 64" is length(Path, 64): length/2 takes the
        list first; with the list already built, length(Path, 64) only tests;
      * "reverse(Solution)" is reverse(Path, Solution);
      * "not(member(Next, Current))" tests Next against the squares visited
        so far, [Current|Path] (Current alone is a square, not a list).  It is
        written with ISO \+ instead of not/1; both mean negation as failure,
        \+ is the one every ISO system has;
      * the "knight move generator" of Figure 4 is move/2 below with the
        eight moves of Figure 5 (a picture, lost in extraction) in the order
        the project documents: clockwise from one file right and two ranks
        up.  With this order the first tour from [1,8] ends at [8,2], as the
        paper says of Figure 2;
      * Figure 4 calls verify([X, Y]) with one list argument, but Figures 6
        and 7 define verify/2, so the call is verify(X1, Y1).
    Nothing else is changed: the search is the paper's, node for node.
    member/2, length/2 and reverse/2 are the builtins the paper mentions
    for GNU Prolog.

    Loading: verify_improved.pl and tour_utils.pl are loaded relative to
    this file's directory (ensure_loaded/1 in a file being loaded resolves
    names there).  tour_utils.pl is used only by the goals below the
    paper's program (printing and checking tours).
*/

:- ensure_loaded(verify_improved).
:- ensure_loaded(tour_utils).

% --- the paper's program (Figure 4) -------------------------------------

knight_tour(Start, Solution) :-
    go(Start, [], Path),
    length(Path, 64),
    reverse(Path, Solution).

go(Current, Path, [Current|Path]).
go(Current, Path, Z) :-
    knight_move(Current, Next),
    \+ member(Next, [Current|Path]),
    go(Next, [Current|Path], Z).

knight_move([X,Y], [X1,Y1]) :-
    move(DX, DY),
    X1 is X + DX,
    Y1 is Y + DY,
    verify(X1, Y1).

% Figure 5, as [File, Rank] offsets, clockwise from (+1, +2).
move( 1,  2).
move( 2,  1).
move( 2, -1).
move( 1, -2).
move(-1, -2).
move(-2, -1).
move(-2,  1).
move(-1,  2).

% --- switching verify/2 -------------------------------------------------

% use_verify(+Version): Version is original (Figure 6) or improved
% (Figure 7).  Consults the file of that version from this directory.  The
% old definition is abolished first: SWI-Prolog would replace it anyway when
% a different file defines verify/2, but with a "Redefined static procedure"
% warning; a strictly ISO abolish/1 refuses static procedures (permission
% error), hence the catch -- consult then replaces the definition.
use_verify(Version) :-
    verify_file(Version, Base),
    program_file(Base, File),
    catch(abolish(verify/2), error(permission_error(_, _, _), _), true),
    consult(File).

verify_file(original, 'verify_original.pl').
verify_file(improved, 'verify_improved.pl').

% program_file(+Base, -File): the file Base of this directory.  consult/1
% at run time resolves a relative name against the working directory, not
% against this file, so the directory is remembered while this file loads
% (prolog_load_context/2 is SWI's; where it is missing the catch/3 makes the
% directive a no-op).  Failing that, the working directory is taken to be
% the repository root or programs/ itself; if the file is not found there
% either, use_verify/1 raises an existence error.
:- dynamic(program_dir/1).
:- retractall(program_dir(_)),
   (   catch(prolog_load_context(directory, Dir), _, fail)
   ->  assertz(program_dir(Dir))
   ;   true
   ).

program_file(Base, File) :-
    (   program_dir(Dir), atom_concat(Dir, '/', Prefix)
    ;   Prefix = 'programs/'
    ;   Prefix = ''
    ),
    atom_concat(Prefix, Base, File),
    readable(File),
    !.
program_file(Base, _) :-
    throw(error(existence_error(source_sink, Base), use_verify/1)).

readable(File) :-
    catch(open(File, read, S), _, fail),
    close(S).

% --- goals for people and for the test harness --------------------------

% first_tour: the paper's first solution (Figure 2).  Slow: see the header.
first_tour :-
    knight_tour([1,8], Tour),
    !,
    format('first tour from [1,8]: ~w~n', [Tour]),
    print_tour(8, Tour),
    report_tour(Tour).

report_tour(Tour) :-
    Tour = [First|_],
    last(Tour, Last),
    (   valid_tour(8, Tour) -> Valid = yes ; Valid = no ),
    (   closed_tour(Tour) -> Closed = closed ; Closed = open ),
    format('starts at ~w, ends at ~w, valid: ~w, ~w tour~n',
           [First, Last, Valid, Closed]).

demo :-
    format('moves from [4,4]: ', []),
    findall(Next, knight_move([4,4], Next), Nexts),
    format('~w~n', [Nexts]),
    findall(Next, knight_move([1,8], Next), Corner),
    format('moves from [1,8]: ~w~n', [Corner]),
    verify_table(original, Original),
    verify_table(improved, Improved),
    length(Improved, Inside),
    (   Original == Improved -> Same = yes ; Same = no ),
    format('squares in -1..10 accepted: ~w (original and improved agree: ~w)~n',
           [Inside, Same]),
    first_path(original, 60, P1),
    first_path(improved, 60, P2),
    (   P1 == P2 -> SamePath = yes ; SamePath = no ),
    format('first 60-square path from [1,8]: ~w~n', [P2]),
    format('the same under both verify versions: ~w~n', [SamePath]),
    print_tour(8, P2).

% verify_table(+Version, -Squares): the squares in -1..10 (everything a
% knight's move from the board can reach) that the version accepts.
verify_table(Version, Squares) :-
    use_verify(Version),
    findall([X,Y], (between(-1, 10, X), between(-1, 10, Y), verify(X, Y)),
            Squares).

% first_path(+Version, +N, -Path): the first path of N squares that go/3
% generates from [1,8] -- the paper's search, stopped early.  Leaves the
% improved verify/2 loaded.
first_path(Version, N, Path) :-
    use_verify(Version),
    go([1,8], [], Reversed),
    length(Reversed, N),
    !,
    reverse(Reversed, Path),
    use_verify(improved).
