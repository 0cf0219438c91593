% Unknown procedures and what they may have meant (tests/repl_pipe.rs).
t :- knight_tuor([1,8], _).
u :- move(_).
v :- ( foo -> true ; t ).
move(1, 2).
knight_tour(_, _).
