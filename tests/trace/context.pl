% Messages that say where a mistake is (tests/repl_pipe.rs compares them
% with SWI-Prolog's): clauses of a predicate split by another one, and the
% context of an arithmetic error, the clause's predicate when SWI-Prolog
% runs the goal in its virtual machine (t3/0), else the builtin (is/2).

a(1).
b(1).
a(2).

t3 :- X = a, Y is X + 1, writeln(Y).
t8 :- Y is _ + 1, writeln(Y).
t9 :- X = a, X > 1.
