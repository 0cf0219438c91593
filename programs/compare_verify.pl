/*  compare_verify.pl -- the paper's verify/2 experiment and its symmetry remark

    Source: seed 000_... (the 2008 paper), Table 2 ("Time to first solution
    in 2008": 35 s with the original verify/2 in UNSW, GNU and SWI Prolog,
    7 s in SWI-Prolog with the improved one), the text after it ("The first
    14 solutions were found in with an average of 2m7s of computing time"),
    and section 4 ("The board can be rotated so that one solution can become
    four solutions ... the starting square can be [8,8], [8,1], and [1,1]").

    compare_verify/0 runs the paper's knight_tour([1,8], S) (knight_tour.pl,
    unchanged) under each verify/2 version -- it consults
    verify_original.pl, then verify_improved.pl, through use_verify/1 -- and
    prints, for the first solution and for the first 14: inferences and CPU
    seconds (deltas of statistics(inferences, _) and statistics(cputime, _)),
    the ratio improved/original, and the paper's 2008 figure beside them.
    It then checks that both versions produce the same solutions in the same
    order, that the first one is Figure 2's (from [1,8] to [8,2]), and
    turns that tour into the tours from the other three corners.
    compare_verify(N) does the same for the first N solutions. While it
    runs, it prints a status line on standard error before each search and
    at each solution found (standard output keeps only the results).

    Measured (SWI-Prolog 9.0.4, 2 cores shared with other jobs, see
    docs/programs.md): compare_verify/0 takes about 100 CPU seconds (5
    minutes of wall time on the loaded machine):
      original, first solution   610,333,263 inferences   47.5 s
      original, first 14         629,164,366 inferences   49.1 s
      improved, first solution   525,052,936 inferences   51.2 s
      improved, first 14         541,282,316 inferences   52.7 s
    CPU times vary by about 10 % from run to run (another run: 56.1 s and
    46.6 s for the first solution), so in SWI-Prolog 9 the improved verify/2
    saves 14 % of the inferences but no measurable time -- not the paper's
    35 s -> 7 s.  The first 14 solutions cost only 3 % more than the first
    one: solutions 2 to 14 differ from the first only near its end, and all
    end at [8,2].

    Run (from the repository root):
      swipl -q -g compare_verify -t halt programs/compare_verify.pl
      knightlog -q -g compare_verify -t halt programs/compare_verify.pl
        the table (minutes: see above; timings vary from run to run).
      swipl -q -g symmetry_demo -t halt programs/compare_verify.pl
      knightlog -q -g symmetry_demo -t halt programs/compare_verify.pl
        deterministic and fast: the symmetry part on the stored Figure 2
        tour (the eight tours that rotations and reflections give, each
        checked with valid_tour/2).  This file's test goal is not called
        demo/0 because it loads knight_tour.pl, which has its own demo/0;
        `-g demo` on this file runs that one.

    Interpretation, where the paper is not explicit: "first 14 solutions ...
    2m7s" is read as the time to find the first 14 solutions with the
    improved verify/2 (the paper gives no figure for the original); the
    paper's Figure 2 is a picture, so figure2_tour/1 below is the first
    solution as this program computes it, whose start and end squares are
    the ones the paper names.
*/

:- ensure_loaded(knight_tour).

:- dynamic(solution/3).

compare_verify :-
    compare_verify(14).

compare_verify(N) :-
    retractall(solution(_, _, _)),
    measure(original, N, Original),
    measure(improved, N, Improved),
    print_table(N, Original, Improved),
    same_solutions(N),
    first_solution_check,
    nl,
    solution(improved, 1, Tour),
    symmetric_tours(Tour).

% measure(+Version, +N, -Result): one run of knight_tour([1,8], S) under
% Version, stopped at the N-th solution.  Result = r(First, Nth), each
% m(Inferences, CpuSeconds, Solutions) counted from the start of the run.
measure(Version, N, r(First, Nth)) :-
    use_verify(Version),
    progress('knight_tour([1,8], S) with the ~w verify/2, up to ~w solution(s); the first takes about a minute',
             [Version, N]),
    nb_setval(cv_count, 0),
    statistics(inferences, I0),
    statistics(cputime, T0),
    (   knight_tour([1,8], Tour),
        nb_getval(cv_count, C0),
        C is C0 + 1,
        nb_setval(cv_count, C),
        statistics(inferences, I),
        statistics(cputime, T),
        DI is I - I0,
        DT is T - T0,
        progress('~w verify/2: solution ~w of ~w after ~w inferences, ~2f CPU s',
                 [Version, C, N, DI, DT]),
        assertz(solution(Version, C, Tour)),
        (   C =:= 1 -> nb_setval(cv_first, m(DI, DT, C)) ; true ),
        nb_setval(cv_last, m(DI, DT, C)),
        C >= N
    ->  true
    ;   true
    ),
    nb_getval(cv_first, First),
    nb_getval(cv_last, Nth),
    use_verify(improved).

% progress(+Format, +Args): a status line on standard error, so a long run
% says what it is doing while standard output keeps only the table.
progress(Format, Args) :-
    format(user_error, '% compare_verify: ', []),
    format(user_error, Format, Args),
    nl(user_error),
    flush_output(user_error).

print_table(N, r(O1, ON), r(I1, IN)) :-
    format('knight_tour([1,8], S): the paper\'s program under each verify/2~n', []),
    Widths = [10, 10, 12, 9, 10, 10, 22],
    row(Widths, ['verify/2', solutions, inferences, 'CPU s',
                 'inf ratio', 'CPU ratio', 'paper, 2008 (SWI)']),
    row(Widths, ['--------', '---------', '----------', '-----',
                 '---------', '---------', '-----------------']),
    table_row(Widths, original, O1, O1, '35 s'),
    (   N > 1 -> table_row(Widths, original, ON, ON, '-') ; true ),
    table_row(Widths, improved, I1, O1, '7 s (less than)'),
    (   N =:= 14 -> Paper14 = '2m7s (127 s)' ; Paper14 = '-' ),
    (   N > 1 -> table_row(Widths, improved, IN, ON, Paper14) ; true ),
    format('ratios: improved / original for the same number of solutions.~n', []),
    format('paper: 7 s / 35 s = 0.20 for the first solution.~n', []).

table_row(Widths, Version, m(Inf, Cpu, Count), m(OInf, OCpu, _), Paper) :-
    fmt(Cpu, '~2f', CpuA),
    (   Version == original
    ->  InfR = '', CpuR = ''
    ;   IR is Inf / OInf, fmt(IR, '~2f', InfR),
        (   OCpu > 0 -> CR is Cpu / OCpu, fmt(CR, '~2f', CpuR) ; CpuR = '-' )
    ),
    row(Widths, [Version, Count, Inf, CpuA, InfR, CpuR, Paper]).

% row(+Widths, +Cells): the first cell left-aligned, the others right-aligned.
row([W|Ws], [C|Cs]) :-
    to_atom(C, A),
    write(A),
    atom_length(A, L),
    Pad is W - L,
    spaces(Pad),
    row_rest(Ws, Cs),
    nl.

row_rest([], []).
row_rest([W|Ws], [C|Cs]) :-
    to_atom(C, A),
    atom_length(A, L),
    Pad is W - L,
    spaces(Pad),
    write(A),
    row_rest(Ws, Cs).

to_atom(X, A) :-
    (   atom(X) -> A = X ; with_output_to(atom(A), write(X)) ).

fmt(X, Format, A) :-
    with_output_to(atom(A), format(Format, [X])).

% same_solutions(+N): both versions found the same solutions in the same
% order (they must: verify/2 only decides which squares are on the board).
same_solutions(N) :-
    findall(T, solution(original, _, T), Ts1),
    findall(T, solution(improved, _, T), Ts2),
    length(Ts2, Found),
    (   Ts1 == Ts2 -> Same = yes ; Same = no ),
    format('~w solutions (of ~w asked); original and improved give the same ones in the same order: ~w~n',
           [Found, N, Same]),
    findall(Last, (member(T, Ts2), last(T, Last)), Ends),
    format('their last squares: ~w~n', [Ends]).

first_solution_check :-
    solution(improved, 1, Tour),
    figure2_tour(Stored),
    (   Tour == Stored -> Same = yes ; Same = no ),
    last(Tour, Last),
    format('the first solution ends at ~w and equals figure2_tour/1: ~w~n',
           [Last, Same]).

% --- symmetry: one tour becomes four (eight with reflections) -----------

% rotate_tour(+QuarterTurns, +Tour, -Rotated): the board turned clockwise
% QuarterTurns times: [F,R] -> [R, 9-F], which takes [1,8] to [8,8].
rotate_tour(0, Tour, Tour) :- !.
rotate_tour(K, Tour, Rotated) :-
    K > 0,
    K1 is K - 1,
    rotate_tour(K1, Tour, Tour1),
    rotate_squares(Tour1, Rotated).

rotate_squares([], []).
rotate_squares([[F,R]|Squares], [[R,F1]|Rotated]) :-
    F1 is 9 - F,
    rotate_squares(Squares, Rotated).

% mirror_tour(+Tour, -Mirrored): the board reflected left to right,
% [F,R] -> [9-F, R].
mirror_tour([], []).
mirror_tour([[F,R]|Squares], [[F1,R]|Mirrored]) :-
    F1 is 9 - F,
    mirror_tour(Squares, Mirrored).

% symmetric_tours(+Tour): the four rotations of Tour and their mirror
% images, each checked.
symmetric_tours(Tour) :-
    format('one tour, turned and reflected (the paper, section 4):~n', []),
    forall(between(0, 3, K),
           ( rotate_tour(K, Tour, Rotated),
             report_symmetric(K, rotation, Rotated),
             mirror_tour(Rotated, Mirrored),
             report_symmetric(K, 'rotation, mirrored', Mirrored) )).

report_symmetric(K, Kind, Tour) :-
    Tour = [First|_],
    last(Tour, Last),
    (   valid_tour(8, Tour) -> Valid = 'a valid tour' ; Valid = 'NOT VALID' ),
    format('  ~w quarter turn(s), ~w: ~w to ~w, ~w~n',
           [K, Kind, First, Last, Valid]).

% --- demo ---------------------------------------------------------------

symmetry_demo :-
    figure2_tour(Tour),
    Tour = [First|_],
    last(Tour, Last),
    (   valid_tour(8, Tour) -> Valid = yes ; Valid = no ),
    format('Figure 2 (stored): from ~w to ~w, valid: ~w~n', [First, Last, Valid]),
    print_tour(8, Tour),
    symmetric_tours(Tour),
    rotate_tour(3, Tour, Corner11),
    format('the tour from [1,1] (three quarter turns):~n', []),
    print_tour(8, Corner11),
    rotate_tour(4, Tour, Full),
    (   Full == Tour -> Back = yes ; Back = no ),
    format('four quarter turns give the tour back: ~w~n', [Back]).

% figure2_tour(-Tour): the first solution of knight_tour([1,8], S), as
% computed by knight_tour.pl (about a minute; compare_verify/0 and
% first_tour/0 recompute it).  It starts at [1,8] and ends at [8,2], as the
% paper's Figure 2.
figure2_tour([[1,8],[3,7],[5,8],[7,7],[8,5],[7,3],[8,1],[6,2],[7,4],[8,6],
              [6,5],[8,4],[7,2],[5,1],[6,3],[7,5],[8,7],[6,6],[7,8],[5,7],
              [7,6],[8,8],[6,7],[5,5],[4,3],[6,4],[8,3],[7,1],[5,2],[3,1],
              [1,2],[2,4],[3,6],[4,8],[5,6],[6,8],[4,7],[2,8],[1,6],[3,5],
              [5,4],[4,2],[2,1],[1,3],[3,4],[4,6],[2,7],[1,5],[2,3],[1,1],
              [3,2],[4,4],[2,5],[1,7],[3,8],[2,6],[4,5],[3,3],[1,4],[2,2],
              [4,1],[5,3],[6,1],[8,2]]).
