% Propositional logic: parsing formulas with operators, truth tables,
% tautology checking and conversion to negation normal form.
:- initialization(main, main).
:- op(200, fy, ~).
:- op(400, xfy, &).
:- op(500, xfy, v).
:- op(600, xfx, =>).

eval(V, Env, T) :- atom(V), !, memberchk(V-T, Env).
eval(~A, Env, T) :- eval(A, Env, TA), ( TA == t -> T = f ; T = t ).
eval(A & B, Env, T) :- eval(A, Env, TA), eval(B, Env, TB), ( TA == t, TB == t -> T = t ; T = f ).
eval(A v B, Env, T) :- eval(A, Env, TA), eval(B, Env, TB), ( (TA == t ; TB == t) -> T = t ; T = f ).
eval(A => B, Env, T) :- eval(~A v B, Env, T).

vars(F, Vs) :- F =.. [_|As], ( As == [] -> Vs = [F] ; maplist(vars, As, Vss), append(Vss, V0), sort(V0, Vs) ).

envs([], []).
envs([V|Vs], [V-T|E]) :- member(T, [t, f]), envs(Vs, E).

tautology(F) :- vars(F, Vs), forall(envs(Vs, E), eval(F, E, t)).

nnf(~ ~A, N) :- !, nnf(A, N).
nnf(~(A & B), N) :- !, nnf(~A v ~B, N).
nnf(~(A v B), N) :- !, nnf(~A & ~B, N).
nnf(~(A => B), N) :- !, nnf(A & ~B, N).
nnf(A => B, N) :- !, nnf(~A v B, N).
nnf(A & B, NA & NB) :- !, nnf(A, NA), nnf(B, NB).
nnf(A v B, NA v NB) :- !, nnf(A, NA), nnf(B, NB).
nnf(A, A).

main :-
    F = (p & q => p v r),
    vars(F, Vs), format("vars ~w~n", [Vs]),
    forall(envs(Vs, E), ( eval(F, E, T), pairs_values(E, Row), format("~w -> ~w~n", [Row, T]) )),
    forall(member(G, [p v ~p, p & ~p, (p => q) & p => q, p => q, ~(p & q) => ~p v ~q]),
           ( ( tautology(G) -> R = tautology ; R = 'not a tautology' ), nnf(G, N), format("~q: ~w; nnf ~q~n", [G, R, N]) )).
