% library(nb_rbtrees): destructive (non-backtrackable) updates of the
% red-black trees of library(rbtrees), written for knightlog.
%
% nb_rb_insert/3 builds the new root as rb_insert/4 does, except that, as in
% SWI-Prolog, a key that is already present is added again (to the right of
% the old one), and stores it in the tree with nb_setarg/3 (which copies
% the tree: linear in its size).

:- module(nb_rbtrees,
          [ nb_rb_insert/3,
            nb_rb_get_node/3,
            nb_rb_node_value/2,
            nb_rb_set_node_value/2
          ]).

:- use_module(library(rbtrees)).

%!  nb_rb_insert(!Tree, +Key, +Value) is det.
nb_rb_insert(Tree, Key, Value) :-
    Tree = t(Nil, Root0),
    nb_rbt_insert(Root0, Key, Value, Nil, Root1),
    (   Root1 = red(L, K, V, R)
    ->  Root = black(L, K, V, R)
    ;   Root = Root1
    ),
    nb_setarg(2, Tree, Root).

nb_rbt_insert(black('', _, _, ''), Key, Value, Nil, Node) :- !,
    Node = red(Nil, Key, Value, Nil).
nb_rbt_insert(red(L, K0, V0, R), Key, Value, Nil, Node) :-
    (   Key @< K0
    ->  nb_rbt_insert(L, Key, Value, Nil, L1),
        Node = red(L1, K0, V0, R)
    ;   nb_rbt_insert(R, Key, Value, Nil, R1),
        Node = red(L, K0, V0, R1)
    ).
nb_rbt_insert(black(L, K0, V0, R), Key, Value, Nil, Node) :-
    (   Key @< K0
    ->  nb_rbt_insert(L, Key, Value, Nil, L1),
        rbtrees:rbt_fix_left(L1, K0, V0, R, Node)
    ;   nb_rbt_insert(R, Key, Value, Nil, R1),
        rbtrees:rbt_fix_right(L, K0, V0, R1, Node)
    ).

%!  nb_rb_get_node(+Tree, +Key, -Node) is semidet.
%   Node is the node of Key in Tree, for nb_rb_node_value/2 and
%   nb_rb_set_node_value/2.
nb_rb_get_node(t(_, Root), Key, Node) :-
    nb_rbt_node(Root, Key, Node).

nb_rbt_node(black('', _, _, ''), _, _) :- !, fail.
nb_rbt_node(Node0, Key, Node) :-
    arg(2, Node0, K0),
    compare(Order, Key, K0),
    (   Order == (=)
    ->  Node = Node0
    ;   Order == (<)
    ->  arg(1, Node0, L),
        nb_rbt_node(L, Key, Node)
    ;   arg(4, Node0, R),
        nb_rbt_node(R, Key, Node)
    ).

%!  nb_rb_node_value(+Node, -Value) is det.
nb_rb_node_value(Node, Value) :-
    arg(3, Node, Value).

%!  nb_rb_set_node_value(!Node, +Value) is det.
nb_rb_set_node_value(Node, Value) :-
    nb_setarg(3, Node, Value).
