% library(rbtrees): red-black trees. Run under knightlog and SWI-Prolog.
:- use_module(library(plunit)).
:- use_module(library(rbtrees)).

abc(T) :- list_to_rbtree([b-2, a-1, c-3], T).

ins_all(Keys, T) :-
    rb_new(T0),
    ins_all(Keys, T0, T).
ins_all([], T, T).
ins_all([K|Ks], T0, T) :-
    rb_insert(T0, K, v(K), T1),
    ins_all(Ks, T1, T).

% The shape of a tree: colour and key of every node, '.' for the empty node.
shape(black('', _, _, ''), '.') :- !.
shape(black(L, K, _, R), b(K, SL, SR)) :- shape(L, SL), shape(R, SR).
shape(red(L, K, _, R), r(K, SL, SR)) :- shape(L, SL), shape(R, SR).

:- begin_tests(rbtrees_basic).
test(new) :- rb_new(T), rb_empty(T), is_rbtree(T), rb_size(T, 0).
test(empty_fresh) :- rb_empty(T), is_rbtree(T).
test(not_empty, fail) :- abc(T), rb_empty(T).
test(lookup, [V == 2]) :- abc(T), rb_lookup(b, V, T).
test(lookup_missing, fail) :- abc(T), rb_lookup(d, _, T).
test(lookup_standard_order, fail) :- list_to_rbtree([1-a], T), rb_lookup(1.0, _, T).
test(lookup_unbound_key, fail) :- abc(T), rb_lookup(_, _, T).
test(insert_replace, [P == [a-1, b-20, c-3]]) :- abc(T0), rb_insert(T0, b, 20, T), rb_visit(T, P).
test(insert_new, [P == [a-1, b-2, c-3, d-4]]) :- abc(T0), rb_insert_new(T0, d, 4, T), rb_visit(T, P).
test(insert_new_exists, fail) :- abc(T0), rb_insert_new(T0, a, 4, _).
test(update4, [P == [a-1, b-x, c-3]]) :- abc(T0), rb_update(T0, b, x, T), rb_visit(T, P).
test(update5, [Old-P == 3-[a-1, b-2, c-x]]) :- abc(T0), rb_update(T0, c, Old, x, T), rb_visit(T, P).
test(update_missing, fail) :- abc(T0), rb_update(T0, z, x, _).
test(apply, [P == [a-2, b-2, c-3]]) :- abc(T0), rb_apply(T0, a, succ, T), rb_visit(T, P).
test(apply_fails, fail) :- abc(T0), rb_apply(T0, a, [_, _]>>fail, _).
test(apply_missing, fail) :- abc(T0), rb_apply(T0, q, succ, _).
test(delete, [P == [a-1, c-3]]) :- abc(T0), rb_delete(T0, b, T), rb_visit(T, P).
test(delete4, [V-P == 1-[b-2, c-3]]) :- abc(T0), rb_delete(T0, a, V, T), rb_visit(T, P).
test(delete_missing, fail) :- abc(T0), rb_delete(T0, q, _).
test(keys, [K == [a, b, c]]) :- abc(T), rb_keys(T, K).
test(size, [N == 3]) :- abc(T), rb_size(T, N).
test(visit_empty, [P == []]) :- rb_new(T), rb_visit(T, P).
test(min_max, [A/VA-Z/VZ == a/1-c/3]) :- abc(T), rb_min(T, A, VA), rb_max(T, Z, VZ).
test(min_empty, fail) :- rb_new(T), rb_min(T, _, _).
test(max_empty, fail) :- rb_new(T), rb_max(T, _, _).
test(del_min, [K-V-P == a-1-[b-2, c-3]]) :- abc(T0), rb_del_min(T0, K, V, T), rb_visit(T, P).
test(del_max, [K-V-P == c-3-[a-1, b-2]]) :- abc(T0), rb_del_max(T0, K, V, T), rb_visit(T, P).
test(del_min_empty, fail) :- rb_new(T), rb_del_min(T, _, _, _).
test(next, [K-V == c-3]) :- abc(T), rb_next(T, b, K, V).
test(next_last, fail) :- abc(T), rb_next(T, c, _, _).
test(next_absent_key, fail) :- abc(T), rb_next(T, bb, _, _).
test(previous, [K-V == a-1]) :- abc(T), rb_previous(T, b, K, V).
test(previous_first, fail) :- abc(T), rb_previous(T, a, _, _).
test(next_deep) :-
    numlist(1, 40, Ks), ins_all(Ks, T),
    forall(between(1, 39, I), (rb_next(T, I, J, v(J)), J =:= I + 1)),
    forall(between(2, 40, I), (rb_previous(T, I, J, v(J)), J =:= I - 1)).
:- end_tests(rbtrees_basic).

:- begin_tests(rbtrees_traversal).
test(map2) :- abc(T), rb_map(T, integer).
test(map2_fails, fail) :- abc(T), rb_map(T, atom).
test(map3, [P == [a-2, b-3, c-4]]) :- abc(T0), rb_map(T0, succ, T), rb_visit(T, P).
test(map3_fails, fail) :- abc(T0), rb_map(T0, [X, Y]>>(X < 3, Y = X), _).
test(partial_map, [P == [a-2, b-2, c-4]]) :- abc(T0), rb_partial_map(T0, [a, c], succ, T), rb_visit(T, P).
test(partial_map_missing_key, fail) :- abc(T0), rb_partial_map(T0, [a, d], succ, _).
test(partial_map_unsorted, fail) :- abc(T0), rb_partial_map(T0, [c, a], succ, _).
test(partial_map_none, [P == [a-1, b-2, c-3]]) :- abc(T0), rb_partial_map(T0, [], succ, T), rb_visit(T, P).
test(fold, [S == [c/3, b/2, a/1]]) :- abc(T), rb_fold([K-V, S0, S1]>>(S1 = [K/V|S0]), T, [], S).
test(fold_empty, [S == x]) :- rb_new(T), rb_fold([_, _, _]>>fail, T, x, S).
test(clone) :-
    abc(T), rb_clone(T, T2, Pairs),
    Pairs = [a-A, b-B, c-C], var(A), var(B), var(C),
    A = x, B = y, C = z,
    rb_visit(T2, [a-x, b-y, c-z]),
    rb_visit(T, [a-1, b-2, c-3]).
test(in_enum, all(K-V == [a-1, b-2, c-3])) :- abc(T), rb_in(K, V, T).
test(in_bound, [nondet, V == 2]) :- abc(T), rb_in(b, V, T).
test(in_bound_missing, fail) :- abc(T), rb_in(z, _, T).
test(in_value, all(K == [b])) :- abc(T), rb_in(K, 2, T).
test(in_empty, fail) :- rb_new(T), rb_in(_, _, T).
:- end_tests(rbtrees_traversal).

:- begin_tests(rbtrees_build).
test(list_to_rbtree, [P == [a-1, b-2, c-3]]) :- abc(T), rb_visit(T, P).
test(list_to_rbtree_empty) :- list_to_rbtree([], T), rb_empty(T).
test(ord_list_to_rbtree, [P == [1-a, 2-b]]) :- ord_list_to_rbtree([1-a, 2-b], T), rb_visit(T, P).
test(shapes, [Ss == [b(1, '.', '.'),
                     b(1, '.', r(2, '.', '.')),
                     b(2, r(1, '.', '.'), r(3, '.', '.')),
                     b(2, b(1, '.', '.'), b(3, '.', r(4, '.', '.'))),
                     b(3, b(1, '.', r(2, '.', '.')), b(4, '.', r(5, '.', '.')))]]) :-
    findall(S, ( between(1, 5, N), numlist(1, N, Ks),
                 findall(K-x, member(K, Ks), Ps),
                 ord_list_to_rbtree(Ps, t(_, Root)), shape(Root, S) ), Ss).
test(insert_shape, [S == b(5, r(3, b(1, '.', r(2, '.', '.')), b(4, '.', '.')),
                           r(8, b(7, r(6, '.', '.'), '.'), b(9, '.', '.')))]) :-
    ins_all([5, 3, 8, 1, 4, 7, 9, 2, 6], t(_, Root)), shape(Root, S).
test(delete_shape, [S == b(6, r(2, b(1, '.', '.'), b(4, '.', '.')),
                           r(8, b(7, '.', '.'), b(9, '.', '.')))]) :-
    ins_all([5, 3, 8, 1, 4, 7, 9, 2, 6], T0),
    rb_delete(T0, 5, T1), rb_delete(T1, 3, t(_, Root)), shape(Root, S).
test(many) :-
    numlist(1, 200, Ks), reverse(Ks, Rs), ins_all(Rs, T),
    is_rbtree(T), rb_size(T, 200), rb_keys(T, Ks),
    del_evens(Ks, T, T2), is_rbtree(T2), rb_size(T2, 100),
    rb_keys(T2, Odd), findall(X, (member(X, Ks), X mod 2 =:= 1), Odd).
test(is_rbtree_var, fail) :- is_rbtree(_).
test(is_rbtree_atom, fail) :- is_rbtree(foo).
test(is_rbtree_unsorted, fail) :-
    Nil = black('', _, _, ''),
    is_rbtree(t(Nil, black(black(Nil, 5, x, Nil), 3, x, black(Nil, 7, x, Nil)))).
test(is_rbtree_red_root, fail) :-
    Nil = black('', _, _, ''),
    is_rbtree(t(Nil, red(Nil, 1, x, Nil))).
test(list_to_rbtree_unbound, error(instantiation_error)) :- list_to_rbtree(_, _).
test(list_to_rbtree_type, error(type_error(list, foo))) :- list_to_rbtree(foo, _).
test(ord_list_to_rbtree_unbound, error(instantiation_error)) :- ord_list_to_rbtree(_, _).
:- end_tests(rbtrees_build).

del_evens([], T, T).
del_evens([K|Ks], T0, T) :-
    (   K mod 2 =:= 0
    ->  rb_delete(T0, K, T1)
    ;   T1 = T0
    ),
    del_evens(Ks, T1, T).

:- begin_tests(rbtrees_errors).
test(lookup_not_tree, error(existence_error(matching_rule, _))) :- rb_lookup(a, _, foo).
test(lookup_unbound_tree, error(existence_error(matching_rule, _))) :- rb_lookup(a, _, _).
test(insert_not_tree, error(existence_error(matching_rule, _))) :- rb_insert(foo, a, 1, _).
test(insert_unbound_tree, error(existence_error(matching_rule, _))) :- rb_insert(_, a, 1, _).
test(delete_not_tree, error(existence_error(matching_rule, _))) :- rb_delete(foo, a, _).
test(visit_unbound, error(existence_error(matching_rule, _))) :- rb_visit(_, _).
test(size_not_tree, error(existence_error(matching_rule, _))) :- rb_size(foo, _).
test(keys_not_tree, error(existence_error(matching_rule, _))) :- rb_keys(foo, _).
test(in_not_tree, error(existence_error(matching_rule, _))) :- rb_in(_, _, foo).
test(map_not_tree, error(existence_error(matching_rule, _))) :- rb_map(foo, true).
test(fold_not_tree, error(existence_error(matching_rule, _))) :- rb_fold(=, foo, a, _).
test(min_not_tree, error(existence_error(matching_rule, _))) :- rb_min(foo, _, _).
test(next_not_tree, error(existence_error(matching_rule, _))) :- rb_next(foo, a, _, _).
test(update_not_tree, error(existence_error(matching_rule, _))) :- rb_update(foo, a, 1, _).
:- end_tests(rbtrees_errors).
