% library(rbtrees): red-black trees, written for knightlog.
%
% A tree is t(Nil, Root): Nil is the shared empty node black('', _, _, ''),
% Root is Nil or a node red(Left, Key, Value, Right) or black(Left, Key,
% Value, Right). Keys are compared in the standard order of terms.
% Insertion rebalances as in the textbook algorithm (recolour when the
% uncle is red, rotate otherwise); deletion returns whether the black height
% of the subtree shrank and repairs on the way back up.
% The public predicates use single sided unification, so calling one with
% something that is not a tree raises existence_error(matching_rule, _).

:- module(rbtrees,
          [ rb_new/1,
            rb_empty/1,
            rb_lookup/3,
            rb_update/4,
            rb_update/5,
            rb_apply/4,
            rb_insert/4,
            rb_insert_new/4,
            rb_delete/3,
            rb_delete/4,
            rb_visit/2,
            rb_keys/2,
            rb_map/2,
            rb_map/3,
            rb_partial_map/4,
            rb_fold/4,
            rb_clone/3,
            rb_min/3,
            rb_max/3,
            rb_del_min/4,
            rb_del_max/4,
            rb_next/4,
            rb_previous/4,
            list_to_rbtree/2,
            ord_list_to_rbtree/2,
            is_rbtree/1,
            rb_size/2,
            rb_in/3
          ]).

:- meta_predicate
    rb_map(+, 1),
    rb_map(+, 2, -),
    rb_partial_map(+, +, 2, -),
    rb_apply(+, +, 2, -),
    rb_fold(3, +, +, -).

%!  rb_new(-Tree) is det.
rb_new(t(Nil, Nil)) :-
    Nil = black('', _, _, '').

%!  rb_empty(?Tree) is semidet.
rb_empty(t(Nil, Nil)) :-
    Nil = black('', _, _, '').

%!  rb_lookup(+Key, -Value, +Tree) is semidet.
rb_lookup(Key, Value, t(_, Root)) =>
    rbt_lookup(Root, Key, Value).

rbt_lookup(black('', _, _, ''), _, _) :- !, fail.
rbt_lookup(Node, Key, Value) :-
    arg(2, Node, K0),
    compare(Order, Key, K0),
    rbt_lookup_(Order, Node, Key, Value).

rbt_lookup_(=, Node, _, Value) :-
    arg(3, Node, Value).
rbt_lookup_(<, Node, Key, Value) :-
    arg(1, Node, Left),
    rbt_lookup(Left, Key, Value).
rbt_lookup_(>, Node, Key, Value) :-
    arg(4, Node, Right),
    rbt_lookup(Right, Key, Value).

%!  rb_in(?Key, ?Value, +Tree) is nondet.
rb_in(Key, Value, t(_, Root)) =>
    (   var(Key)
    ->  rbt_enum(Root, Key, Value)
    ;   rbt_lookup(Root, Key, Value)
    ).

rbt_enum(Node, Key, Value) :-
    Node \= black('', _, _, ''),
    Node =.. [_, Left, K, V, Right],
    (   rbt_enum(Left, Key, Value)
    ;   Key = K, Value = V
    ;   rbt_enum(Right, Key, Value)
    ).

%!  rb_update(+Tree, +Key, ?NewValue, -NewTree) is semidet.
rb_update(t(Nil, Root0), Key, New, Tree) =>
    Tree = t(Nil, Root),
    rbt_update(Root0, Key, _, New, Root).

%!  rb_update(+Tree, +Key, -OldValue, ?NewValue, -NewTree) is semidet.
rb_update(t(Nil, Root0), Key, Old, New, Tree) =>
    Tree = t(Nil, Root),
    rbt_update(Root0, Key, Old, New, Root).

%!  rb_apply(+Tree, +Key, :Goal, -NewTree) is semidet.
rb_apply(t(Nil, Root0), Key, Goal, Tree) =>
    Tree = t(Nil, Root),
    rbt_update(Root0, Key, Old, New, Root),
    call(Goal, Old, New).

rbt_update(black('', _, _, ''), _, _, _, _) :- !, fail.
rbt_update(Node0, Key, Old, New, Node) :-
    Node0 =.. [C, L, K0, V0, R],
    compare(Order, Key, K0),
    rbt_update_(Order, C, L, K0, V0, R, Key, Old, New, Node).

rbt_update_(=, C, L, K0, V0, R, _, V0, New, Node) :-
    rbt_node(C, L, K0, New, R, Node).
rbt_update_(<, C, L0, K0, V0, R, Key, Old, New, Node) :-
    rbt_update(L0, Key, Old, New, L),
    rbt_node(C, L, K0, V0, R, Node).
rbt_update_(>, C, L, K0, V0, R0, Key, Old, New, Node) :-
    rbt_update(R0, Key, Old, New, R),
    rbt_node(C, L, K0, V0, R, Node).

rbt_node(black, L, K, V, R, black(L, K, V, R)).
rbt_node(red, L, K, V, R, red(L, K, V, R)).

%!  rb_insert(+Tree, +Key, ?Value, -NewTree) is det.
rb_insert(t(Nil, Root0), Key, Value, Tree) =>
    Tree = t(Nil, Root),
    rbt_insert(Root0, Key, Value, Nil, replace, Root1),
    rbt_blacken(Root1, Root).

%!  rb_insert_new(+Tree, +Key, ?Value, -NewTree) is semidet.
rb_insert_new(t(Nil, Root0), Key, Value, Tree) =>
    Tree = t(Nil, Root),
    rbt_insert(Root0, Key, Value, Nil, new, Root1),
    rbt_blacken(Root1, Root).

rbt_blacken(red(L, K, V, R), Node) :- !,
    Node = black(L, K, V, R).
rbt_blacken(Node, Node).

rbt_insert(black('', _, _, ''), Key, Value, Nil, _, Node) :- !,
    Node = red(Nil, Key, Value, Nil).
rbt_insert(red(L, K0, V0, R), Key, Value, Nil, Mode, Node) :-
    compare(Order, Key, K0),
    rbt_insert_red(Order, L, K0, V0, R, Key, Value, Nil, Mode, Node).
rbt_insert(black(L, K0, V0, R), Key, Value, Nil, Mode, Node) :-
    compare(Order, Key, K0),
    rbt_insert_black(Order, L, K0, V0, R, Key, Value, Nil, Mode, Node).

rbt_insert_red(=, L, K0, _, R, _, Value, _, replace, red(L, K0, Value, R)).
rbt_insert_red(<, L0, K0, V0, R, Key, Value, Nil, Mode, red(L, K0, V0, R)) :-
    rbt_insert(L0, Key, Value, Nil, Mode, L).
rbt_insert_red(>, L, K0, V0, R0, Key, Value, Nil, Mode, red(L, K0, V0, R)) :-
    rbt_insert(R0, Key, Value, Nil, Mode, R).

rbt_insert_black(=, L, K0, _, R, _, Value, _, replace, black(L, K0, Value, R)).
rbt_insert_black(<, L0, K0, V0, R, Key, Value, Nil, Mode, Node) :-
    rbt_insert(L0, Key, Value, Nil, Mode, L),
    rbt_fix_left(L, K0, V0, R, Node).
rbt_insert_black(>, L, K0, V0, R0, Key, Value, Nil, Mode, Node) :-
    rbt_insert(R0, Key, Value, Nil, Mode, R),
    rbt_fix_right(L, K0, V0, R, Node).

% rbt_fix_left(+Left, +K, +V, +Right, -Node): Left is the new left child of
% a black node; repair a red node with a red child below it.
rbt_fix_left(red(A, KL, VL, B), K, V, R, Node) :-
    (   A = red(_, _, _, _)
    ;   B = red(_, _, _, _)
    ),
    !,
    (   R = red(RL, RK, RV, RR)
    ->  Node = red(black(A, KL, VL, B), K, V, black(RL, RK, RV, RR))
    ;   A = red(_, _, _, _)
    ->  Node = black(A, KL, VL, red(B, K, V, R))
    ;   B = red(B1, KB, VB, B2),
        Node = black(red(A, KL, VL, B1), KB, VB, red(B2, K, V, R))
    ).
rbt_fix_left(L, K, V, R, black(L, K, V, R)).

rbt_fix_right(L, K, V, red(A, KR, VR, B), Node) :-
    (   A = red(_, _, _, _)
    ;   B = red(_, _, _, _)
    ),
    !,
    (   L = red(LL, LK, LV, LR)
    ->  Node = red(black(LL, LK, LV, LR), K, V, black(A, KR, VR, B))
    ;   B = red(_, _, _, _)
    ->  Node = black(red(L, K, V, A), KR, VR, B)
    ;   A = red(A1, KA, VA, A2),
        Node = black(red(L, K, V, A1), KA, VA, red(A2, KR, VR, B))
    ).
rbt_fix_right(L, K, V, R, black(L, K, V, R)).

%!  rb_delete(+Tree, +Key, -NewTree) is semidet.
rb_delete(t(Nil, Root0), Key, Tree) =>
    Tree = t(Nil, Root),
    rbt_delete(Root0, Key, _, Nil, Root, _).

%!  rb_delete(+Tree, +Key, -Value, -NewTree) is semidet.
rb_delete(t(Nil, Root0), Key, Value, Tree) =>
    Tree = t(Nil, Root),
    rbt_delete(Root0, Key, Value, Nil, Root, _).

% rbt_delete(+Node0, +Key, -Value, +Nil, -Node, -Short): Short is short
% when the black height of Node is one less than that of Node0.
rbt_delete(black('', _, _, ''), _, _, _, _, _) :- !, fail.
rbt_delete(Node0, Key, Value, Nil, Node, Short) :-
    Node0 =.. [C, L, K0, V0, R],
    compare(Order, Key, K0),
    rbt_delete_(Order, C, L, K0, V0, R, Key, Value, Nil, Node, Short).

rbt_delete_(=, C, L, _, V0, R, _, V0, Nil, Node, Short) :-
    rbt_remove(C, L, R, Nil, Node, Short).
rbt_delete_(<, C, L0, K0, V0, R, Key, Value, Nil, Node, Short) :-
    rbt_delete(L0, Key, Value, Nil, L, Short0),
    rbt_after_left(Short0, C, L, K0, V0, R, Node, Short).
rbt_delete_(>, C, L, K0, V0, R0, Key, Value, Nil, Node, Short) :-
    rbt_delete(R0, Key, Value, Nil, R, Short0),
    rbt_after_right(Short0, C, L, K0, V0, R, Node, Short).

rbt_after_left(done, C, L, K, V, R, Node, done) :-
    rbt_node(C, L, K, V, R, Node).
rbt_after_left(short, C, L, K, V, R, Node, Short) :-
    rbt_fix_del_left(C, L, K, V, R, Node, Short).

rbt_after_right(done, C, L, K, V, R, Node, done) :-
    rbt_node(C, L, K, V, R, Node).
rbt_after_right(short, C, L, K, V, R, Node, Short) :-
    rbt_fix_del_right(C, L, K, V, R, Node, Short).

% Remove a node of colour C with children L and R.
rbt_remove(C, L, R, _, Node, Short) :-
    L = black('', _, _, ''),
    !,
    rbt_replace(C, R, Node, Short).
rbt_remove(C, L, R, _, Node, Short) :-
    R = black('', _, _, ''),
    !,
    rbt_replace(C, L, Node, Short).
rbt_remove(C, L, R0, Nil, Node, Short) :-
    rbt_del_min(R0, K, V, Nil, R, Short0),
    rbt_after_right(Short0, C, L, K, V, R, Node, Short).

% A node of colour C is replaced by its only child X.
rbt_replace(red, X, X, done).
rbt_replace(black, X, Node, Short) :-
    (   X = red(L, K, V, R)
    ->  Node = black(L, K, V, R),
        Short = done
    ;   Node = X,
        Short = short
    ).

rbt_del_min(Node0, K, V, Nil, Node, Short) :-
    Node0 =.. [C, L0, K0, V0, R],
    (   L0 = black('', _, _, '')
    ->  K = K0, V = V0,
        rbt_replace(C, R, Node, Short)
    ;   rbt_del_min(L0, K, V, Nil, L, Short0),
        rbt_after_left(Short0, C, L, K0, V0, R, Node, Short)
    ).

rbt_del_max(Node0, K, V, Nil, Node, Short) :-
    Node0 =.. [C, L, K0, V0, R0],
    (   R0 = black('', _, _, '')
    ->  K = K0, V = V0,
        rbt_replace(C, L, Node, Short)
    ;   rbt_del_max(R0, K, V, Nil, R, Short0),
        rbt_after_right(Short0, C, L, K0, V0, R, Node, Short)
    ).

% rbt_fix_del_left(+C, +L, +K, +V, +S, -Node, -Short): the black height of
% L is one less than that of its sibling S.
rbt_fix_del_left(C, red(A, KL, VL, B), K, V, S, Node, done) :- !,
    rbt_node(C, black(A, KL, VL, B), K, V, S, Node).
rbt_fix_del_left(_, L, K, V, red(SL, SK, SV, SR), black(L1, SK, SV, SR), done) :- !,
    rbt_fix_del_left(red, L, K, V, SL, L1, _).
rbt_fix_del_left(C, L, K, V, black(SL, SK, SV, SR), Node, Short) :-
    (   SR = red(A, RK, RV, B)
    ->  rbt_node(C, black(L, K, V, SL), SK, SV, black(A, RK, RV, B), Node),
        Short = done
    ;   SL = red(A, LK, LV, B)
    ->  rbt_node(C, black(L, K, V, A), LK, LV, black(B, SK, SV, SR), Node),
        Short = done
    ;   Node = black(L, K, V, red(SL, SK, SV, SR)),
        (   C == red
        ->  Short = done
        ;   Short = short
        )
    ).

rbt_fix_del_right(C, S, K, V, red(A, KR, VR, B), Node, done) :- !,
    rbt_node(C, S, K, V, black(A, KR, VR, B), Node).
rbt_fix_del_right(_, red(SL, SK, SV, SR), K, V, R, black(SL, SK, SV, R1), done) :- !,
    rbt_fix_del_right(red, SR, K, V, R, R1, _).
rbt_fix_del_right(C, black(SL, SK, SV, SR), K, V, R, Node, Short) :-
    (   SL = red(A, LK, LV, B)
    ->  rbt_node(C, black(A, LK, LV, B), SK, SV, black(SR, K, V, R), Node),
        Short = done
    ;   SR = red(A, RK, RV, B)
    ->  rbt_node(C, black(SL, SK, SV, A), RK, RV, black(B, K, V, R), Node),
        Short = done
    ;   Node = black(red(SL, SK, SV, SR), K, V, R),
        (   C == red
        ->  Short = done
        ;   Short = short
        )
    ).

%!  rb_del_min(+Tree, -Key, -Value, -NewTree) is semidet.
rb_del_min(t(Nil, Root0), Key, Value, Tree) =>
    Root0 \= black('', _, _, ''),
    Tree = t(Nil, Root),
    rbt_del_min(Root0, Key, Value, Nil, Root, _).

%!  rb_del_max(+Tree, -Key, -Value, -NewTree) is semidet.
rb_del_max(t(Nil, Root0), Key, Value, Tree) =>
    Root0 \= black('', _, _, ''),
    Tree = t(Nil, Root),
    rbt_del_max(Root0, Key, Value, Nil, Root, _).

%!  rb_min(+Tree, -Key, -Value) is semidet.
rb_min(t(_, Root), Key, Value) =>
    Root \= black('', _, _, ''),
    rbt_min(Root, Key, Value).

rbt_min(Node, Key, Value) :-
    arg(1, Node, L),
    (   L = black('', _, _, '')
    ->  arg(2, Node, Key),
        arg(3, Node, Value)
    ;   rbt_min(L, Key, Value)
    ).

%!  rb_max(+Tree, -Key, -Value) is semidet.
rb_max(t(_, Root), Key, Value) =>
    Root \= black('', _, _, ''),
    rbt_max(Root, Key, Value).

rbt_max(Node, Key, Value) :-
    arg(4, Node, R),
    (   R = black('', _, _, '')
    ->  arg(2, Node, Key),
        arg(3, Node, Value)
    ;   rbt_max(R, Key, Value)
    ).

%!  rb_next(+Tree, +Key, -Next, -Value) is semidet.
rb_next(t(_, Root), Key, Next, Value) =>
    rbt_next(Root, Key, none, Next, Value).

rbt_next(black('', _, _, ''), _, _, _, _) :- !, fail.
rbt_next(Node, Key, Cand, Next, Value) :-
    Node =.. [_, L, K0, V0, R],
    compare(Order, Key, K0),
    rbt_next_(Order, L, K0, V0, R, Key, Cand, Next, Value).

rbt_next_(<, L, K0, V0, _, Key, _, Next, Value) :-
    rbt_next(L, Key, K0-V0, Next, Value).
rbt_next_(>, _, _, _, R, Key, Cand, Next, Value) :-
    rbt_next(R, Key, Cand, Next, Value).
rbt_next_(=, _, _, _, R, _, Cand, Next, Value) :-
    (   R = black('', _, _, '')
    ->  Cand = Next-Value
    ;   rbt_min(R, Next, Value)
    ).

%!  rb_previous(+Tree, +Key, -Previous, -Value) is semidet.
rb_previous(t(_, Root), Key, Prev, Value) =>
    rbt_prev(Root, Key, none, Prev, Value).

rbt_prev(black('', _, _, ''), _, _, _, _) :- !, fail.
rbt_prev(Node, Key, Cand, Prev, Value) :-
    Node =.. [_, L, K0, V0, R],
    compare(Order, Key, K0),
    rbt_prev_(Order, L, K0, V0, R, Key, Cand, Prev, Value).

rbt_prev_(>, _, K0, V0, R, Key, _, Prev, Value) :-
    rbt_prev(R, Key, K0-V0, Prev, Value).
rbt_prev_(<, L, _, _, _, Key, Cand, Prev, Value) :-
    rbt_prev(L, Key, Cand, Prev, Value).
rbt_prev_(=, L, _, _, _, _, Cand, Prev, Value) :-
    (   L = black('', _, _, '')
    ->  Cand = Prev-Value
    ;   rbt_max(L, Prev, Value)
    ).

%!  rb_visit(+Tree, -Pairs) is det.
rb_visit(t(_, Root), Pairs) =>
    rbt_visit(Root, Pairs, []).

rbt_visit(black('', _, _, ''), Ps0, Ps) :- !,
    Ps = Ps0.
rbt_visit(Node, Ps0, Ps) :-
    Node =.. [_, L, K, V, R],
    rbt_visit(L, Ps0, [K-V|Ps1]),
    rbt_visit(R, Ps1, Ps).

%!  rb_keys(+Tree, -Keys) is det.
rb_keys(t(_, Root), Keys) =>
    rbt_keys(Root, Keys, []).

rbt_keys(black('', _, _, ''), Ks0, Ks) :- !,
    Ks = Ks0.
rbt_keys(Node, Ks0, Ks) :-
    Node =.. [_, L, K, _, R],
    rbt_keys(L, Ks0, [K|Ks1]),
    rbt_keys(R, Ks1, Ks).

%!  rb_size(+Tree, -Size) is det.
rb_size(t(_, Root), Size) =>
    rbt_size(Root, 0, Size).

rbt_size(black('', _, _, ''), S0, S) :- !,
    S = S0.
rbt_size(Node, S0, S) :-
    arg(1, Node, L),
    arg(4, Node, R),
    S1 is S0 + 1,
    rbt_size(L, S1, S2),
    rbt_size(R, S2, S).

%!  rb_map(+Tree, :Goal) is semidet.
rb_map(t(_, Root), Goal) =>
    rbt_map(Root, Goal).

rbt_map(black('', _, _, ''), _) :- !.
rbt_map(Node, Goal) :-
    Node =.. [_, L, _, V, R],
    rbt_map(L, Goal),
    call(Goal, V),
    rbt_map(R, Goal).

%!  rb_map(+Tree, :Goal, -NewTree) is semidet.
rb_map(t(Nil, Root0), Goal, Tree) =>
    Tree = t(Nil, Root),
    rbt_map(Root0, Goal, Root).

rbt_map(black('', _, _, ''), _, Node) :- !,
    Node = black('', _, _, '').
rbt_map(Node0, Goal, Node) :-
    Node0 =.. [C, L0, K, V0, R0],
    rbt_map(L0, Goal, L),
    call(Goal, V0, V),
    rbt_map(R0, Goal, R),
    rbt_node(C, L, K, V, R, Node).

%!  rb_partial_map(+Tree, +Keys, :Goal, -NewTree) is semidet.
rb_partial_map(t(Nil, Root0), Keys, Goal, Tree) =>
    Tree = t(Nil, Root),
    rbt_pmap(Root0, Keys, [], Goal, Nil, Root).

rbt_pmap(Node0, Keys0, Keys, _, Nil, Node) :-
    Node0 = black('', _, _, ''),
    !,
    Node = Nil,
    Keys = Keys0.
rbt_pmap(Node0, [], Keys, _, _, Node) :- !,
    Keys = [],
    Node = Node0.
rbt_pmap(Node0, Keys0, Keys, Goal, Nil, Node) :-
    Node0 =.. [C, L0, K, V0, R0],
    rbt_pmap(L0, Keys0, Keys1, Goal, Nil, L),
    (   Keys1 = [K1|Keys2],
        K1 == K
    ->  call(Goal, V0, V)
    ;   V = V0,
        Keys2 = Keys1
    ),
    rbt_pmap(R0, Keys2, Keys, Goal, Nil, R),
    rbt_node(C, L, K, V, R, Node).

%!  rb_fold(:Goal, +Tree, +State0, -State).
rb_fold(Goal, t(_, Root), S0, S) =>
    rbt_fold(Root, Goal, S0, S).

rbt_fold(black('', _, _, ''), _, S0, S) :- !,
    S = S0.
rbt_fold(Node, Goal, S0, S) :-
    Node =.. [_, L, K, V, R],
    rbt_fold(L, Goal, S0, S1),
    call(Goal, K-V, S1, S2),
    rbt_fold(R, Goal, S2, S).

%!  rb_clone(+Tree, -NewTree, -Pairs) is det.
rb_clone(t(Nil, Root0), Tree, Pairs) =>
    Tree = t(Nil, Root),
    rbt_clone(Root0, Nil, Root, Pairs, []).

rbt_clone(black('', _, _, ''), Nil, Node, Ps0, Ps) :- !,
    Node = Nil,
    Ps = Ps0.
rbt_clone(Node0, Nil, Node, Ps0, Ps) :-
    Node0 =.. [C, L0, K, _, R0],
    rbt_clone(L0, Nil, L, Ps0, [K-V|Ps1]),
    rbt_clone(R0, Nil, R, Ps1, Ps),
    rbt_node(C, L, K, V, R, Node).

%!  list_to_rbtree(+Pairs, -Tree) is det.
list_to_rbtree(Pairs, Tree) :-
    msort(Pairs, Sorted),
    ord_list_to_rbtree(Sorted, Tree).

%!  ord_list_to_rbtree(+Pairs, -Tree) is det.
%   Pairs is sorted on keys; the tree is balanced and its deepest level,
%   when not the root, is red.
ord_list_to_rbtree(Pairs, Tree) :-
    must_be(list, Pairs),
    length(Pairs, N),
    Nil = black('', _, _, ''),
    Tree = t(Nil, Root),
    (   N =:= 0
    ->  Root = Nil
    ;   Max is msb(N) + 1,
        rbt_build(N, 1, Max, Pairs, [], Nil, Root)
    ).

rbt_build(0, _, _, Ps0, Ps, Nil, Node) :- !,
    Ps = Ps0,
    Node = Nil.
rbt_build(N, D, Max, Ps0, Ps, Nil, Node) :-
    NL is (N - 1) // 2,
    NR is N - 1 - NL,
    D1 is D + 1,
    rbt_build(NL, D1, Max, Ps0, [P|Ps1], Nil, L),
    rbt_pair(P, K, V),
    rbt_build(NR, D1, Max, Ps1, Ps, Nil, R),
    (   D =:= Max, D > 1
    ->  Node = red(L, K, V, R)
    ;   Node = black(L, K, V, R)
    ).

rbt_pair(P, K, V) :-
    (   nonvar(P),
        P = K-V
    ->  true
    ;   must_be(pair, P)
    ).

%!  is_rbtree(@Term) is semidet.
is_rbtree(Tree) :-
    nonvar(Tree),
    Tree = t(Nil, Root),
    nonvar(Nil),
    Nil = black('', _, _, ''),
    Root == Nil
    ->  true
    ;   nonvar(Tree),
        Tree = t(Nil, Root),
        nonvar(Nil),
        Nil = black('', _, _, ''),
        nonvar(Root),
        Root \= red(_, _, _, _),
        rbt_check(Root, none, none, _).

% rbt_check(+Node, +Low, +High, -BlackHeight)
rbt_check(Node, _, _, 0) :-
    nonvar(Node),
    Node = black('', _, _, ''),
    !.
rbt_check(Node, Low, High, BH) :-
    nonvar(Node),
    Node =.. [C, L, K, _, R],
    (   C == red
    ->  BH0 = 0,
        \+ ( nonvar(L), L = red(_, _, _, _) ),
        \+ ( nonvar(R), R = red(_, _, _, _) )
    ;   C == black,
        BH0 = 1
    ),
    (   Low == none
    ->  true
    ;   Low @< K
    ),
    (   High == none
    ->  true
    ;   K @< High
    ),
    rbt_check(L, Low, K, BHL),
    rbt_check(R, K, High, BHR),
    BHL =:= BHR,
    BH is BHL + BH0.
