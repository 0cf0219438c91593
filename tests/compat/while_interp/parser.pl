:- module(parser, [statements//1]).

statements([S|Ss]) --> statement(S), ( [';'] -> statements(Ss) ; { Ss = [] } ).

statement(assign(X, E)) --> [id(X), ':='], expr(E).
statement(while(C, B)) --> [kw(while)], expr(C), [kw(do)], statements(B), [kw(end)].
statement(if(C, T, E)) --> [kw(if)], expr(C), [kw(then)], statements(T),
    [kw(else)], statements(E), [kw(end)].
statement(print(E)) --> [kw(print)], expr(E).

expr(E) --> sum(L), ( [op(O)], { memberchk(O, [<, >]) } -> sum(R), { E =.. [O, L, R] } ; { E = L } ).
sum(E) --> product(P), sum_rest(P, E).
sum_rest(Acc, E) --> [op(O)], { memberchk(O, [+, -]) }, !, product(P),
    { T =.. [O, Acc, P] }, sum_rest(T, E).
sum_rest(E, E) --> [].
product(E) --> primary(P), product_rest(P, E).
product_rest(Acc, E) --> [op(*)], !, primary(P), product_rest(Acc * P, E).
product_rest(E, E) --> [].
primary(num(N)) --> [num(N)].
primary(var(X)) --> [id(X)].
