% A tiny Lisp: a reader over codes (DCG), an evaluator with closures and an
% environment as a list of frames, and a REPL over a fixed script.
:- initialization(main, main).

script("(define sq (lambda (x) (* x x)))
(sq 12)
(define fact (lambda (n) (if (< n 2) 1 (* n (fact (- n 1))))))
(fact 20)
(define map (lambda (f l) (if (null l) (quote ()) (cons (f (car l)) (map f (cdr l))))))
(map sq (quote (1 2 3 4)))
(let ((a 3) (b 4)) (+ (sq a) (sq b)))
(car (quote (x y z)))
(undefined-thing 1)").

main :-
    script(S), string_codes(S, Cs),
    phrase(sexprs(Es), Cs),
    nb_setval(lisp_globals, []),
    foldl(repl, Es, [[]], _).

repl(E, Env0, Env) :-
    catch(( eval(E, Env0, V, Env), show(V, Txt), format("=> ~s~n", [Txt]) ),
          lisp_error(Msg), ( format("error: ~w~n", [Msg]), Env = Env0 )).

sexprs([E|Es]) --> ws, sexpr(E), !, sexprs(Es).
sexprs([]) --> ws.
sexpr(L) --> "(", !, ws, list_items(L), ")".
sexpr(N) --> digits(Ds), { Ds \== [] }, !, { number_codes(N, Ds) }.
sexpr(A) --> sym_chars(Cs), { Cs \== [], atom_codes(A, Cs) }.
list_items([E|Es]) --> sexpr(E), !, ws, list_items(Es).
list_items([]) --> [].
digits([D|Ds]) --> [D], { code_type(D, digit) }, !, digits(Ds).
digits([]) --> [].
sym_chars([C|Cs]) --> [C], { \+ memberchk(C, `() \n\t`) }, !, sym_chars(Cs).
sym_chars([]) --> [].
ws --> [C], { code_type(C, space) }, !, ws.
ws --> [].

eval(N, E, N, E) :- number(N), !.
eval(A, E, V, E) :- atom(A), !, lookup(A, E, V).
eval([define, Name, X], E, Name, E) :- !,
    eval(X, E, V, _), nb_getval(lisp_globals, G), nb_setval(lisp_globals, [Name-V|G]).
eval([quote, X], E, X, E) :- !.
eval([if, C, T, F], E, V, E) :- !,
    eval(C, E, CV, _), ( CV \== [] , CV \== false -> eval(T, E, V, _) ; eval(F, E, V, _) ).
eval([lambda, Ps, Body], E, closure(Ps, Body, E), E) :- !.
eval([let, Bs, Body], E, V, E) :- !,
    findall(N, member([N, _], Bs), Ns), findall(X, member([_, X], Bs), Xs),
    eval([[lambda, Ns, Body]|Xs], E, V, _).
eval([F|Args], E, V, E) :-
    eval(F, E, FV, _),
    maplist([A, AV]>>eval(A, E, AV, _), Args, Vs),
    apply_fn(FV, Vs, V).

lookup(A, [F|Fs], V) :- ( memberchk(A-V0, F) -> V = V0 ; lookup(A, Fs, V) ).
lookup(A, [], V) :-
    nb_getval(lisp_globals, G),
    (   memberchk(A-V0, G) -> V = V0
    ;   prim(A) -> V = prim(A)
    ;   throw(lisp_error(unbound(A)))
    ).

prim(+). prim(-). prim(*). prim(<). prim(car). prim(cdr). prim(cons). prim(null).

apply_fn(prim(+), [A, B], V) :- V is A + B.
apply_fn(prim(-), [A, B], V) :- V is A - B.
apply_fn(prim(*), [A, B], V) :- V is A * B.
apply_fn(prim(<), [A, B], V) :- ( A < B -> V = t ; V = [] ).
apply_fn(prim(car), [[H|_]], H).
apply_fn(prim(cdr), [[_|T]], T).
apply_fn(prim(cons), [H, T], [H|T]).
apply_fn(prim(null), [L], V) :- ( L == [] -> V = t ; V = [] ).
apply_fn(closure(Ps, Body, CE), Vs, V) :-
    pairs_keys_values(Frame, Ps, Vs),
    eval(Body, [Frame|CE], V, _).

show(V, S) :- number(V), !, format(codes(S), "~w", [V]).
show(closure(_, _, _), S) :- !, format(codes(S), "#<closure>", []).
show([], S) :- !, format(codes(S), "()", []).
show(L, S) :- is_list(L), !, maplist(show, L, Ss),
    maplist([X, A]>>atom_codes(A, X), Ss, As), atomic_list_concat(As, ' ', J), format(codes(S), "(~w)", [J]).
show(A, S) :- format(codes(S), "~w", [A]).
