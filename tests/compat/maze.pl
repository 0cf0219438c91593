% Shortest path through a maze given as text rows, by breadth-first search.
:- initialization(main, main).

maze(["##########",
      "#S   #   #",
      "# ## # # #",
      "#  #   # #",
      "## ### # #",
      "#      #E#",
      "##########"]).

cell(R, C, Ch) :- maze(Rows), nth0(R, Rows, Row), string_code(C1, Row, Code), C is C1 - 1, char_code(Ch, Code).
open_cell(R, C) :- cell(R, C, Ch), Ch \== '#'.

step(R-C, R1-C) :- R1 is R - 1. step(R-C, R1-C) :- R1 is R + 1.
step(R-C, R-C1) :- C1 is C - 1. step(R-C, R-C1) :- C1 is C + 1.

bfs([[G|P]|_], G, _, [G|P]) :- !.
bfs([[N|P]|Q], G, Seen, Path) :-
    findall([M, N|P], (step(N, M), M = R-C, open_cell(R, C), \+ memberchk(M, Seen)), Next),
    findall(M, member([M|_], Next), Ms), append(Ms, Seen, Seen1),
    append(Q, Next, Q1), bfs(Q1, G, Seen1, Path).

main :-
    cell(SR, SC, 'S'), cell(ER, EC, 'E'), !,
    bfs([[SR-SC]], ER-EC, [SR-SC], Rev), reverse(Rev, Path),
    length(Path, L), Steps is L - 1, format("~d steps~n", [Steps]),
    maze(Rows),
    forall(nth0(R, Rows, Row),
           ( string_chars(Row, Cs),
             forall(nth0(C, Cs, Ch), ( Ch == ' ', memberchk(R-C, Path) -> write('.') ; write(Ch) )), nl )).
