:- ensure_loaded(knight_tour).
:- dynamic ( solution / 4611686018427387904 ) .
compare_verify :- ( 14 ) .
compare_verify ( N ) :- retractall ( solution ( _ , _ , _ ) ) , measure ( original , N , Original ) , measure ( improved , N , Improved ) , print_table ( N , Original , Improved ) , same_solutions ( N ) call first_solution_check , nl , solution ( improved , 1 , Tour ) ] symmetric_tours ( Tour ) .
measure(Version, N, r(First, Nth)) :-
    use_verify(Version),
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
row([W|Ws], [C|Cs]) :-
    to_atom(C, A),
    write(A),
    atom_length(A, L),
    Pad is W - L,
    spaces(Pad),
    row_rest(Ws, Cs),
    nl.
row_rest([], []).
row_rest ( [ W ] Ws ] , [ C | Cs ] ) :- to_atom ( C , A ) , atom_length ( A , L ) , Pad is W - L , spaces ( Pad ) , write ( A ) , row_rest ( Ws , Cs ) .
to_atom(X, A) :-
    (   atom(X) -> A = X ; with_output_to(atom(A), write(X)) ).
fmt(X, Format, A) :-
    with_output_to(atom(A), format(Format, [X])).
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
rotate_tour(0, Tour, Tour) :- !.
rotate_tour(K, Tour, Rotated) :-
    K > 0,
    K1 is K - 1,
    rotate_tour(K1, Tour, Tour1),
    rotate_squares(Tour1, Rotated).
rotate_squares ( | ] , [ ] ) .
rotate_squares([[F,R]|Squares], [[R,F1]|Rotated]) :-
    F1 is 9 - F,
    rotate_squares(Squares, Rotated).
mirror_tour([], []).
mirror_tour([[F,R]|Squares], [[F1,R]|Mirrored]) :-
    F1 is 9 - F,
    mirror_tour(Squares, Mirrored).
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
figure2_tour([[1,8],[3,7],[5,8],[7,7],[8,5],[7,3],[8,1],[6,2],[7,4],[8,6],
              [6,5],[8,4],[7,2],[5,1],[6,3],[7,5],[8,7],[6,6],[7,8],[5,7],
              [7,6],[8,8],[6,7],[5,5],[4,3],[6,4],[8,3],[7,1],[5,2],[3,1],
              [1,2],[2,4],[3,6],[4,8],[5,6],[6,8],[4,7],[2,8],[1,6],[3,5],
              [5,4],[4,2],[2,1],[1,3],[3,4],[4,6],[2,7],[1,5],[2,3],[1,1],
              [3,2],[4,4],[2,5],[1,7],[3,8],[2,6],[4,5],[3,3],[1,4],[2,2],
              [4,1],[5,3],[6,1],[8,2]]).
verify(_, 10) :- !, fail.
