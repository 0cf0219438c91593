% library(nb_rbtrees): destructive updates of red-black trees.
% Run under knightlog and SWI-Prolog.
:- use_module(library(plunit)).
:- use_module(library(rbtrees)).
:- use_module(library(nb_rbtrees)).

:- begin_tests(nb_rbtrees).

% The shape of a tree: colour and key of every node, '.' for the empty node.
shape(black('', _, _, ''), '.') :- !.
shape(black(L, K, _, R), b(K, SL, SR)) :- shape(L, SL), shape(R, SR).
shape(red(L, K, _, R), r(K, SL, SR)) :- shape(L, SL), shape(R, SR).

test(insert, [P == [a-2, b-1]]) :-
    rb_new(T), nb_rb_insert(T, b, 1), nb_rb_insert(T, a, 2), rb_visit(T, P).
test(insert_valid) :-
    rb_new(T), forall(between(1, 100, I), (K is (I * 37) mod 101, nb_rb_insert(T, K, I))),
    is_rbtree(T), rb_size(T, 100).
test(insert_survives_backtracking, [P == [1-1, 2-2, 3-3]]) :-
    rb_new(T),
    (   member(X, [2, 3, 1]), nb_rb_insert(T, X, X), fail ; true ),
    rb_visit(T, P).
test(insert_duplicate_key, [P == [a-2, a-3, b-1]]) :-
    rb_new(T), nb_rb_insert(T, b, 1), nb_rb_insert(T, a, 2), nb_rb_insert(T, a, 3), rb_visit(T, P).
test(same_shape_as_rb_insert, [S1 == S2]) :-
    rb_new(T1), forall(member(K, [5, 3, 8, 1, 4, 7, 9, 2, 6]), nb_rb_insert(T1, K, v)),
    rb_new(E), foldl([K, A, B]>>rb_insert(A, K, v, B), [5, 3, 8, 1, 4, 7, 9, 2, 6], E, T2),
    T1 = t(_, R1), T2 = t(_, R2), shape(R1, S1), shape(R2, S2).
test(get_node, [V == 2]) :-
    rb_new(T), nb_rb_insert(T, b, 1), nb_rb_insert(T, a, 2),
    nb_rb_get_node(T, a, N), nb_rb_node_value(N, V).
test(get_node_missing, fail) :-
    rb_new(T), nb_rb_insert(T, b, 1), nb_rb_get_node(T, z, _).
test(set_node_value, [P == [a-f(x), b-1]]) :-
    rb_new(T), nb_rb_insert(T, b, 1), nb_rb_insert(T, a, 2),
    nb_rb_get_node(T, a, N), nb_rb_set_node_value(N, f(x)), rb_visit(T, P).
test(set_node_value_survives, [V == 10]) :-
    rb_new(T), nb_rb_insert(T, k, 0),
    (   between(1, 10, I), nb_rb_get_node(T, k, N), nb_rb_set_node_value(N, I), fail ; true ),
    rb_lookup(k, V, T).
:- end_tests(nb_rbtrees).
