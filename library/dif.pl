% dif.pl -- library(dif): dif/2, the constraint that two terms stay
% different, on attributed variables (lib/attvar.pl, engine/attvar.rs).
%
% A constraint is a node '$dif'(A, B), kept in the `dif` attribute (a list of
% nodes) of the variables its unifier binds: the variables on the left of
% unifiable/3's bindings and variables bound to them. Only binding one of those
% can decide it, so each wake-up re-runs unifiable/3 on the node: no unifier -
% the terms can no longer be equal (the node is done); an empty one - they are
% identical (failure); otherwise the node is kept on the new unifier's
% variables. dif(f(X,Y), f(a,b)) thus stays pending until it is decided.
%
% Residual goals follow SWI-Prolog: one binding left gives dif(Var, Value)
% (the node's own pair if that is it), several give dif(f(Vars), f(Values)).
% Tested by: tests/prolog/dif.pl (tests/prolog_suites.rs).
:- module(dif, [
    dif/2
]).


:- '$doc'("dif(@A, @B)", "Constraint: A and B must stay different; delayed until that is decided.").
dif(X, Y) :-
    (   unifiable(X, Y, U)
    ->  U \== [],
        '$dif_node'(U, X, Y, Node),
        '$dif_suspend'(U, Node)
    ;   true
    ).

% The pair a new node keeps: one binding V = Value is kept as that (a
% variable first), unless it is the pair itself.
'$dif_node'([V=W], X, Y, Node) :-
    !,
    (   ( X == V, Y == W ; X == W, Y == V )
    ->  (   var(X)
        ->  Node = '$dif'(X, Y)
        ;   Node = '$dif'(Y, X)
        )
    ;   Node = '$dif'(V, W)
    ).
'$dif_node'(_, X, Y, '$dif'(X, Y)).

'$dif_suspend'([], _).
'$dif_suspend'([V=W|U], Node) :-
    '$dif_add'(V, Node),
    (   var(W)
    ->  '$dif_add'(W, Node)
    ;   true
    ),
    '$dif_suspend'(U, Node).

'$dif_add'(V, Node) :-
    (   get_attr(V, dif, Nodes)
    ->  (   '$dif_memq'(Node, Nodes)
        ->  true
        ;   '$dif_append'(Nodes, Node, Nodes1),
            put_attr(V, dif, Nodes1)
        )
    ;   put_attr(V, dif, [Node])
    ).

'$dif_memq'(X, [Y|Ys]) :-
    (   X == Y
    ->  true
    ;   '$dif_memq'(X, Ys)
    ).

'$dif_append'([], X, [X]).
'$dif_append'([Y|Ys], X, [Y|Zs]) :-
    '$dif_append'(Ys, X, Zs).

attr_unify_hook(Nodes, _Other) :-
    '$dif_recheck'(Nodes).

'$dif_recheck'([]).
'$dif_recheck'([Node|Nodes]) :-
    Node = '$dif'(X, Y),
    (   unifiable(X, Y, U)
    ->  U \== [],
        '$dif_suspend'(U, Node)
    ;   true
    ),
    '$dif_recheck'(Nodes).

attribute_goals(V) -->
    { get_attr(V, dif, Nodes) },
    '$dif_goals'(Nodes).

'$dif_goals'([]) --> [].
'$dif_goals'([Node|Nodes]) -->
    (   { Node = '$dif'(X, Y), unifiable(X, Y, U), U \== [] }
    ->  { '$dif_residual'(U, X, Y, G) },
        [G]
    ;   []
    ),
    '$dif_goals'(Nodes).

'$dif_residual'([V=W], X, Y, G) :-
    !,
    (   ( X == V, Y == W ; X == W, Y == V )
    ->  G = dif(X, Y)
    ;   G = dif(V, W)
    ).
'$dif_residual'(U, _, _, dif(F1, F2)) :-
    '$dif_reverse'(U, [], U1),
    '$dif_sides'(U1, Vs, Ws),
    F1 =.. [f|Vs],
    F2 =.. [f|Ws].

'$dif_reverse'([], L, L).
'$dif_reverse'([X|Xs], L0, L) :-
    '$dif_reverse'(Xs, [X|L0], L).

'$dif_sides'([], [], []).
'$dif_sides'([V=W|U], [V|Vs], [W|Ws]) :-
    '$dif_sides'(U, Vs, Ws).
