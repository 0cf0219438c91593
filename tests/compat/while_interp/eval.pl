:- module(eval, [run/2]).
:- use_module(library(assoc)).

run(Stmts, Pairs) :-
    empty_assoc(E0),
    exec_all(Stmts, E0, E),
    assoc_to_list(E, Pairs).

exec_all([], E, E).
exec_all([S|Ss], E0, E) :- exec(S, E0, E1), exec_all(Ss, E1, E).

exec(assign(X, Ex), E0, E) :- value(Ex, E0, V), put_assoc(X, E0, V, E).
exec(print(Ex), E, E) :- value(Ex, E, V), format("print: ~w~n", [V]).
exec(while(C, B), E0, E) :-
    (   value(C, E0, 1) -> exec_all(B, E0, E1), exec(while(C, B), E1, E) ; E = E0 ).
exec(if(C, T, F), E0, E) :-
    (   value(C, E0, 1) -> exec_all(T, E0, E) ; exec_all(F, E0, E) ).

value(num(N), _, N).
value(var(X), E, V) :-
    (   get_assoc(X, E, V) -> true ; throw(error(existence_error(variable, X), _)) ).
value(A + B, E, V) :- value(A, E, X), value(B, E, Y), V is X + Y.
value(A - B, E, V) :- value(A, E, X), value(B, E, Y), V is X - Y.
value(A * B, E, V) :- value(A, E, X), value(B, E, Y), V is X * Y.
value(A < B, E, V) :- value(A, E, X), value(B, E, Y), ( X < Y -> V = 1 ; V = 0 ).
value(A > B, E, V) :- value(A, E, X), value(B, E, Y), ( X > Y -> V = 1 ; V = 0 ).
