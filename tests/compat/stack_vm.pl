% Compiling arithmetic expressions to code for a stack machine and running it.
:- initialization(main, main).

compile(N) --> { number(N) }, !, [push(N)].
compile(V) --> { atom(V) }, !, [load(V)].
compile(E) --> { E =.. [Op, A, B] }, compile(A), compile(B), [Op].

run([], [V], _, V).
run([push(N)|Is], S, Env, V) :- run(Is, [N|S], Env, V).
run([load(X)|Is], S, Env, V) :- memberchk(X = N, Env), run(Is, [N|S], Env, V).
run([Op|Is], [B, A|S], Env, V) :- Op \= push(_), Op \= load(_), E =.. [Op, A, B], R is E, run(Is, [R|S], Env, V).

main :-
    Env = [x = 3, y = 4],
    forall(member(E, [1 + 2 * 3, (x + y) * (x - y), x * x + y * y, 2 ** 10 - 1, (10 - 4) / 4]),
           ( phrase(compile(E), Code), length(Code, N), run(Code, [], Env, V),
             format("~w~t~20|~w (~d instructions)~n", [E, V, N]) )),
    phrase(compile(a * (b + c)), C1), print(C1), nl.
