/*  rewrite.pl -- a term rewriter: simplifies arithmetic expressions over
    x, y, z to a fixpoint with algebraic rules (x+0 -> x, x*1 -> x, x*0 -> 0,
    constant folding, x-x -> 0), bottom-up, repeating until nothing changes;
    15,000 rounds over a set of generated expressions.
    Result: the simplified forms of the last round, checked against forms
    worked out by hand from the rules (see expected/1).
*/

bench(Rs) :-
    rewrite_loop(15000, Rs).

rewrite_loop(1, Rs) :- !, simplify_all(Rs).
rewrite_loop(N, Rs) :-
    simplify_all(_),
    N1 is N - 1,
    rewrite_loop(N1, Rs).

simplify_all(Rs) :-
    exprs(Es),
    simplify_list(Es, Rs).

simplify_list([], []).
simplify_list([E|Es], [R|Rs]) :-
    fixpoint(E, R),
    simplify_list(Es, Rs).

exprs([ (x + 0) * (1 * y) + (z - z),
        ((2 + 3) * x) * (0 + 1) + 0 * (y + z),
        (x * (y * 0)) + ((1 * (x + 0)) - 0) * 1,
        ((x + y) - (x + y)) + (3 * 4 - 2 * 6) * z,
        (((x * 1) * 1) * 1) + (((0 + y) + 0) + 0),
        (2 * (3 * (4 * x))) + (y - 0) * (z * 1 + 0),
        ((x - x) * y + (y - y) * x) + ((z + 0) * (1 + 0)),
        (10 - 2 * 5) * x + (7 - 7 + 1) * (y + (0 * z))
      ]).

fixpoint(E, R) :-
    simp(E, E1),
    (   E1 == E
    ->  R = E
    ;   fixpoint(E1, R)
    ).

% One bottom-up pass: simplify the arguments, then the top.
simp(E, R) :-
    (   compound(E)
    ->  E =.. [F|As],
        simp_args(As, Bs),
        E1 =.. [F|Bs],
        top(E1, R)
    ;   R = E
    ).

simp_args([], []).
simp_args([A|As], [B|Bs]) :-
    simp(A, B),
    simp_args(As, Bs).

top(E, R) :- rule(E, R0), !, R = R0.
top(E, E).

rule(X + 0, X).
rule(0 + X, X).
rule(X - 0, X).
rule(X * 1, X).
rule(1 * X, X).
rule(_ * 0, 0).
rule(0 * _, 0).
rule(X - Y, 0) :- X == Y.
rule(A + B, C) :- integer(A), integer(B), C is A + B.
rule(A - B, C) :- integer(A), integer(B), C is A - B.
rule(A * B, C) :- integer(A), integer(B), C is A * B.
rule(A * (B * X), C * X) :- integer(A), integer(B), C is A * B.

expected([ x * y,
           5 * x,
           x,
           0,
           x + y,
           24 * x + y * z,
           z,
           y
         ]).
