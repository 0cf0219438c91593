/*  puzzle_ite.pl -- a puzzle search written with many if-then-elses: a
    depth-first solver of 8-queens-like placement on an N x N board with
    attack tests, move ordering and bookkeeping all written as ( -> ; )
    chains and \+, counting every solution for N = 8 and N = 9; 25 rounds.
    Result: 92 and 352 solutions (OEIS A000170).
*/

bench(Counts) :-
    ite_loop(25, Counts).

ite_loop(1, C) :- !, counts(C).
ite_loop(N, C) :-
    counts(_),
    N1 is N - 1,
    ite_loop(N1, C).

counts([C8, C9]) :-
    count_solutions(8, C8),
    count_solutions(9, C9).

count_solutions(N, C) :-
    nb_setval(ite_count, 0),
    (   place(N, 1, [])
    ;   true
    ),
    nb_getval(ite_count, C).

% place(+N, +Row, +Placed): Placed holds the columns of rows Row-1 .. 1.
place(N, Row, Placed) :-
    (   Row > N
    ->  nb_getval(ite_count, C0),
        C is C0 + 1,
        nb_setval(ite_count, C),
        fail
    ;   between(1, N, Col),
        (   \+ attacked(Col, 1, Placed)
        ->  Row1 is Row + 1,
            place(N, Row1, [Col|Placed])
        ;   fail
        )
    ).

% attacked(+Col, +Distance, +Placed): a queen Distance rows up attacks Col.
attacked(Col, D, [Q|Qs]) :-
    (   Q =:= Col
    ->  true
    ;   abs(Q - Col) =:= D
    ->  true
    ;   D1 is D + 1,
        attacked(Col, D1, Qs)
    ).

expected([92, 352]).
