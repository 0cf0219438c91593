% Term inspection and construction: functor/arg/univ, copy_term, numbervars,
% subsumption, variant checks, term ordering.
:- initialization(main, main).

show(T) :- print(T), nl.

main :-
    T = point(3, 4, color(red)),
    functor(T, N, A), show(N/A),
    arg(3, T, C), show(C),
    T =.. L, show(L),
    G =.. [foo, a, B, B], copy_term(G, G2), numbervars(G2, 0, End), show(G2-End),
    functor(F, pair, 2), numbervars(F, 0, _), show(F),
    findall(I-X, arg(I, f(a, b, c), X), Args), show(Args),
    ( subsumes_term(f(_, b), f(a, b)) -> show(subsumes) ; show(no) ),
    ( f(X1, Y1) =@= f(Y2, X2) -> show(variant) ; show(not_variant) ),
    msort([b, 1, "s", f(x), 2.0, a, Z], Sorted), length(Sorted, NS), show(NS),
    Sorted = [V1|_], ( var(V1) -> show(var_first) ; true ),
    compare(O, f(a), g), show(O),
    compare(O2, 1, 1.0), show(O2),
    setarg(1, T, 30), show(T),
    term_variables(t(P, Q, P, _R), Vs), length(Vs, NV), show(NV),
    tab(3), write(x), nl,
    atom_to_term('foo(X, Y, X)', TT, Bindings), length(Bindings, NB), functor(TT, TN, TA), show(TN/TA/NB),
    ( ground(f(a, [b])) -> show(ground) ; true ),
    sort(0, @>=, [c-1, a-2, b-3, a-2], SD), show(SD),
    sort(1, @<, [c-1, a-2, b-3, a-2], SK), show(SK),
    ( ?=(a, b) -> show(decided) ; true ),
    unify_with_occurs_check(W, g(k)), show(W),
    ignore((X1, Y1, X2, Y2, B, Z, P, Q, fail)).
