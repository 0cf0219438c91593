% library(heaps): pairing heaps. Run under knightlog and SWI-Prolog.
:- use_module(library(plunit)).
:- use_module(library(heaps)).

h(H) :- list_to_heap([3-c, 1-a, 2-b, 1-z], H).

% A deterministic pseudo-random sequence of operations, so that both
% systems build the same heaps.
lcg(S0, S) :- S is (S0 * 1103515245 + 12345) mod 2147483648.
ops(0, _, H, H) :- !.
ops(N, S0, H0, H) :-
    lcg(S0, S1), Op is S1 mod 7, lcg(S1, S2), P is S2 mod 5, K is S2 mod 11,
    (   Op < 4 -> add_to_heap(H0, P, k(K), H1)
    ;   Op =:= 4 -> ( get_from_heap(H0, _, _, H1) -> true ; H1 = H0 )
    ;   Op =:= 5 -> ( delete_from_heap(H0, _, k(K), H1) -> true ; H1 = H0 )
    ;   list_to_heap([P-m, 2-n], HX), merge_heaps(H0, HX, H1)
    ),
    is_heap(H1),
    N1 is N - 1,
    ops(N1, S2, H1, H).

:- begin_tests(heaps).
test(empty) :- empty_heap(H), is_heap(H), heap_size(H, 0), heap_to_list(H, []).
test(empty_not, fail) :- h(H), empty_heap(H).
test(list_to_heap, [L == [1-z, 1-a, 2-b, 3-c]]) :- h(H), heap_to_list(H, L).
test(list_to_heap_empty, [H == heap(nil, 0)]) :- list_to_heap([], H).
test(list_to_heap_not_pairs, fail) :- list_to_heap([a], _).
test(size, [N == 4]) :- h(H), heap_size(H, N).
test(add, [L == [0-q, 1-z, 1-a, 2-b, 3-c]]) :- h(H0), add_to_heap(H0, 0, q, H), heap_to_list(H, L).
test(add_ties_newest_first, [L == [2-c, 2-b, 2-a]]) :-
    empty_heap(H0), add_to_heap(H0, 2, a, H1), add_to_heap(H1, 2, b, H2),
    add_to_heap(H2, 2, c, H3), heap_to_list(H3, L).
test(standard_order_priorities, [L == [1-b, 2.5-c, foo-a]]) :-
    list_to_heap([foo-a, 1-b, 2.5-c], H), heap_to_list(H, L).
test(get, [P-K-L == 1-z-[1-a, 2-b, 3-c]]) :- h(H0), get_from_heap(H0, P, K, H), heap_to_list(H, L).
test(get_size, [N == 3]) :- h(H0), get_from_heap(H0, _, _, H), heap_size(H, N).
test(get_empty, fail) :- empty_heap(H), get_from_heap(H, _, _, _).
test(min, [P-K == 1-z]) :- h(H), min_of_heap(H, P, K).
test(min_empty, fail) :- empty_heap(H), min_of_heap(H, _, _).
test(min5, [P1-K1-P2-K2 == 1-z-1-a]) :- h(H), min_of_heap(H, P1, K1, P2, K2).
test(min5_ties, [P2-K2 == 3-c]) :- list_to_heap([1-a, 5-b, 3-c, 3-d], H), min_of_heap(H, _, _, P2, K2).
test(min5_single, fail) :- list_to_heap([1-a], H), min_of_heap(H, _, _, _, _).
test(delete, [P-L == 2-[1-z, 1-a, 3-c]]) :- h(H0), delete_from_heap(H0, P, b, H), heap_to_list(H, L).
test(delete_top, [P-L == 1-[1-a, 2-b, 3-c]]) :- h(H0), delete_from_heap(H0, P, z, H), heap_to_list(H, L).
test(delete_missing, fail) :- h(H0), delete_from_heap(H0, _, q, _).
test(delete_unbound_key, [K == z]) :- h(H0), delete_from_heap(H0, _, K, _).
test(delete_structure, [H == heap(t(b, 2, [t(y, 3, [t(d, 4, [t(e, 5, [])]), t(x, 9, [])])]), 5)]) :-
    list_to_heap([1-a, 2-b, 3-c, 4-d, 5-e, 9-x, 3-y], H0),
    get_from_heap(H0, _, _, H1), delete_from_heap(H1, _, c, H).
test(merge, [L == [0-z, 1-a, 2-b, 3-c]]) :-
    list_to_heap([3-c, 1-a], H0), list_to_heap([2-b, 0-z], H1),
    merge_heaps(H0, H1, H), heap_to_list(H, L).
test(merge_size, [N == 4]) :-
    list_to_heap([3-c, 1-a], H0), list_to_heap([2-b, 0-z], H1),
    merge_heaps(H0, H1, H), heap_size(H, N).
test(merge_ties, [H == heap(t(d, 1, [t(b, 1, [t(a, 1, [])]), t(c, 1, [])]), 4)]) :-
    list_to_heap([1-a, 1-b], A), list_to_heap([1-c, 1-d], B), merge_heaps(A, B, H).
test(singleton, [H == heap(t(a, 1, []), 1)]) :- singleton_heap(H, 1, a).
test(singleton_check, [P-K == 1-a]) :- singleton_heap(H, 1, a), singleton_heap(H, P, K).
test(singleton_not, fail) :- h(H), singleton_heap(H, _, _).
test(is_heap, [true]) :- h(H), is_heap(H).
test(is_heap_var, fail) :- is_heap(_).
test(is_heap_atom, fail) :- is_heap(foo).
test(is_heap_order, fail) :- is_heap(heap(t(a, 5, [t(b, 1, [])]), 2)).
test(is_heap_size_unchecked) :- is_heap(heap(t(a, 1, [t(b, 5, [])]), 3)).
test(not_heap_fails, fail) :- heap_size(foo, _).
test(get_not_heap_fails, fail) :- get_from_heap(foo, _, _, _).
test(sorting, [L == [0-a, 1-b, 2-c, 3-d, 4-e, 5-f, 6-g, 7-h, 8-i, 9-j]]) :-
    list_to_heap([5-f, 3-d, 9-j, 0-a, 7-h, 1-b, 8-i, 2-c, 6-g, 4-e], H),
    heap_to_list(H, L).
test(random_ops, [Size-L == 11-[1-k(10), 2-k(8), 2-n, 2-k(3), 2-k(7), 2-k(6), 2-k(5), 3-k(3), 3-k(1), 4-k(8), 4-k(4)]]) :-
    empty_heap(E), ops(25, 42, E, H), heap_size(H, Size), heap_to_list(H, L).
:- end_tests(heaps).
