/*  knight_clpfd.pl -- closed knight's tours as a constraint program

    Not from one seed document: the paper's brute force (knight_tour.pl)
    and the heuristic it leaves for future work (Warnsdorff's rule,
    warnsdorff.pl) meet in one model from library(clpfd).

    Model: the squares of a W x H board are numbered 1..W*H row by row
    (square [F,R] is (R-1)*W + F).  Each square gets a successor variable
    whose domain is the squares a knight's move away; circuit/1 says the
    successors form one cycle through all squares -- a closed tour.

    Search: labeling([ff], Successors).  First-fail picks the variable with
    the smallest domain, i.e. the square with the fewest onward moves left:
    Warnsdorff's rule, with the propagation of circuit/1 (no square taken
    twice, no cycle closing early, every square still reachable) pruning
    what the rule alone would try and backtrack over.

    Run (from the repository root):
      swipl -q -g demo -t halt programs/knight_clpfd.pl
      knightlog -q -g demo -t halt programs/knight_clpfd.pl
        closed tours on 8 x 8 and 6 x 5, printed and checked
      ?- closed_tour(12, Tour), print_tour(12, Tour).
      ?- count_circuits(6, N).        % N = 19724 directed circuits (2 x 9862)
*/

:- use_module(library(clpfd)).
:- ensure_loaded(tour_utils).

% knight_circuit(+Size, -Successors): the constraint model, not labelled.
knight_circuit(Size, Succs) :-
    board_size(Size, W, H),
    N is W * H,
    length(Succs, N),
    successor_domains(Succs, 1, W, H),
    circuit(Succs).

successor_domains([], _, _, _).
successor_domains([S|Ss], K, W, H) :-
    square_of(K, W, F, R),
    findall(J,
            ( knight_offset(DF, DR),
              F2 is F + DF, R2 is R + DR,
              F2 >= 1, F2 =< W, R2 >= 1, R2 =< H,
              J is (R2 - 1) * W + F2 ),
            Js),
    Js = [J0|Rest],
    foldl_union(Rest, J0, Dom),
    S in Dom,
    K1 is K + 1,
    successor_domains(Ss, K1, W, H).

foldl_union([], D, D).
foldl_union([J|Js], D0, D) :-
    foldl_union(Js, D0 \/ J, D).

knight_offset(1, 2).  knight_offset(2, 1).  knight_offset(2, -1).  knight_offset(1, -2).
knight_offset(-1, -2). knight_offset(-2, -1). knight_offset(-2, 1). knight_offset(-1, 2).

square_of(K, W, F, R) :-
    F is (K - 1) mod W + 1,
    R is (K - 1) // W + 1.

% closed_tour(+Size, -Tour): a closed tour as [File,Rank] squares from [1,1].
closed_tour(Size, Tour) :-
    knight_circuit(Size, Succs),
    labeling([ff], Succs),
    board_size(Size, W, _),
    Array =.. [succ|Succs],
    functor(Array, _, N),
    follow(N, 1, Array, W, Tour).

follow(0, _, _, _, []) :- !.
follow(N, K, Array, W, [[F,R]|Tour]) :-
    square_of(K, W, F, R),
    arg(K, Array, Next),
    N1 is N - 1,
    follow(N1, Next, Array, W, Tour).

% count_circuits(+Size, -Count): all directed closed tours (each undirected
% tour counts twice, once per direction).
count_circuits(Size, Count) :-
    knight_circuit(Size, Succs),
    aggregate_all(count, labeling([ff], Succs), Count).

show(Size) :-
    (   closed_tour(Size, Tour)
    ->  print_tour(Size, Tour),
        yes_no(valid_tour(Size, Tour), Valid),
        yes_no(closed_tour(Tour), Closed),
        format('valid: ~w, closed: ~w~n', [Valid, Closed])
    ;   format('no closed tour on ~w~n', [Size])
    ).

demo :-
    show(8),
    show(6-5),
    show(4-4).

% check/0: the same output in every system (the tours themselves depend on
% how strongly circuit/1 propagates, so only their checks are printed).
check :-
    forall(member(Size, [8, 10, 6-5, 3-10, 4-4]),
           (   closed_tour(Size, Tour)
           ->  yes_no(valid_tour(Size, Tour), Valid),
               yes_no(closed_tour(Tour), Closed),
               format('~w: valid ~w, closed ~w~n', [Size, Valid, Closed])
           ;   format('~w: no closed tour~n', [Size])
           )),
    count_circuits(6-5, N),
    format('directed closed tours on 6 x 5: ~w~n', [N]).
