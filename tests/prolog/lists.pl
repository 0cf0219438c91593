% library(lists), library(apply), sorting.
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(yall)).

:- begin_tests(lists).
test(append, [L == [a, b, c]]) :- append([a], [b, c], L).
test(append_split, all(X-Y == [[]-[a, b], [a]-[b], [a, b]-[]])) :- append(X, Y, [a, b]).
test(append2, [L == [a, b, c]]) :- append([[a], [], [b, c]], L).
test(member, all(X == [a, b])) :- member(X, [a, b]).
test(member_last_det) :- member(c, [a, b, c]).
test(member_not_last, [nondet]) :- member(b, [a, b, c]).
test(member_skips, all(X-Y == [a-a, c-c])) :- member(f(X, X), [f(a, a), f(a, b), g(c), f(c, c), f(1, d)]), Y = X.
test(member_shares, all(X == [z])) :- member(f(X, b), [f(Y, c), f(z, b)]), var(Y).
test(member_partial, [L = [x, _, _|_]]) :- member(x, L), member(y, [a|T]), T = [_|_], !, L = [x, _, _|_].
test(member_open_tail, [T = [a|_]]) :- member(a, [b|T]), !.
test(member_improper, all(X == [1])) :- member(X, [1|foo]).
test(member_empty, fail) :- member(_, []).
test(member_not_list, fail) :- member(_, foo).
test(member_nonground, all(X-Y == [1-2, 3-4])) :- member([X, Y], [[1, 2], [3], [3, 4], [5|6]]).
test(member_inferences) :-
    numlist(1, 100, L),
    statistics(inferences, I0), \+ member(0, L), statistics(inferences, I1),
    D is I1 - I0, D > 100, D < 110.
test(memberchk) :- memberchk(b, [a, b, c]).
% member/2's and memberchk/2's clash probe (first argument and kind of
% each element) against every kind of element.
test(member_probe_kinds, all(Y == [a, z, c])) :-
    member(f(1, Y), [g(1, a), f(2, b), f(1.0, b), f(1, a), 1, [1, b], "f", f(1, z), f(_, c), f(1)]).
test(member_probe_lists, all(Y == [a, x])) :-
    member([1|Y], [[2, a], [1.0, a], [1|a], f(1, a), [], [_|x]]).
test(member_probe_second, all(T == [[2]])) :-
    member([1, 2], [[1, 3], [1], [1|T], [1, 2, 3], [2, 2], [1, 2.0]]).
test(member_probe_second_count, all(x == [x, x, x])) :-
    member([1, 2], [[1, 3], [1], [1, 2], [1, 2|_], [1, _], f(1, 2), [1, 2|x]]).
test(member_probe_second_var, all(Y == [a, 2])) :-
    member([1, Y], [[1, 2|x], [1], [1, a], [2, a], [1, b, c], [1, 2]]).
test(member_probe_args, all(Y == [c, d])) :-
    member(f(1, 2, Y), [f(1, 3, a), f(2, 2, b), f(1, 2, c), f(1, 2.0, e), f(1, _, d), f(1, 2)]).
test(member_probe_atomic, all(N == [3, 7])) :-
    member(2-N, [1-1, 2.0-2, 2-3, "2"-4, f(2)-5, a-6, _-7]).
test(member_probe_box, all(N == [3, 5, 6])) :-
    member(1.5-N, [1-1, f(1.5)-2, 1.5-3, 2.5-4, _-5, 1.5-6]).
test(member_probe_box_top, all(N == [3, 5])) :-
    findall(E, member(E, [1, f(1.5), 1.5, 2.5, _, "x"]), L),
    nth1(N, L, E), \+ \+ E = 1.5, \+ \+ member(1.5, [E]).
test(member_probe_big, [nondet]) :-
    B is 2^70, C is B + 1, member(C, [B, 1, C]).
test(member_probe_big_miss, fail) :-
    B is 2^70, C is B + 1, member(C, [B, 1, 1.0, f(C)]).
test(memberchk_probe, [Y == b]) :-
    memberchk(f(1, Y), [f(2, a), g(1, a), f(1.0, a), f(1, b), f(1, c)]).
test(select, all(X-R == [a-[b, c], b-[a, c], c-[a, b]])) :- select(X, [a, b, c], R).
test(selectchk, [R == [a, c, b]]) :- selectchk(b, [a, b, c, b], R).
test(select4, [nondet, R == [a, x, c]]) :- select(b, [a, b, c], x, R).
test(subtract, [R == [a, c]]) :- subtract([a, b, c], [b, d], R).
test(intersection, [R == [b]]) :- intersection([a, b], [b, c], R).
test(union, [R == [a, b, c]]) :- union([a, b], [b, c], R).
test(delete, [R == [a, c]]) :- delete([a, b, c, b], b, R).
test(nth0, [X == b]) :- nth0(1, [a, b, c], X).
test(nth1, [X == a]) :- nth1(1, [a, b, c], X).
test(nth0_enum, all(I-X == [0-a, 1-b])) :- nth0(I, [a, b], X).
test(nth0_4, [X-R == b-[a, c]]) :- nth0(1, [a, b, c], X, R).
test(nth1_4_insert, [L == [a, x, b]]) :- nth1(2, L, x, [a, b]).
test(last, [X == c]) :- last([a, b, c], X).
test(reverse, [R == [c, b, a]]) :- reverse([a, b, c], R).
test(list_to_set, [S == [a, b, c]]) :- list_to_set([a, b, a, c, b], S).
test(sum_list, [S == 6]) :- sum_list([1, 2, 3], S).
test(sumlist, [S == 6.5]) :- sumlist([1, 2, 3.5], S).
test(max_min_list, [Mx-Mn == 5-1]) :- max_list([3, 5, 1], Mx), min_list([3, 5, 1], Mn).
test(max_list_empty, fail) :- max_list([], _).
test(max_member, [M == f(b)]) :- max_member(M, [a, f(b), 3]).
test(min_member, [M == 3]) :- min_member(M, [a, f(b), 3]).
test(numlist, [L == [3, 4, 5]]) :- numlist(3, 5, L).
test(numlist_empty, fail) :- numlist(5, 3, _).
test(permutation, all(P == [[a, b, c], [a, c, b], [b, a, c], [b, c, a], [c, a, b], [c, b, a]])) :- permutation([a, b, c], P).
test(flatten, [F == [a, b, c, d]]) :- flatten([a, [b, [c]], [], d], F).
test(pairs, [K-V == [a, b]-[1, 2]]) :- pairs_keys_values(P, [a, b], [1, 2]), P == [a-1, b-2], pairs_keys(P, K), pairs_values(P, V).
test(exclude_include, [I-E == [2, 4]-[1, 3]]) :- include([X]>>(X mod 2 =:= 0), [1, 2, 3, 4], I), exclude([X]>>(X mod 2 =:= 0), [1, 2, 3, 4], E).
test(partition, [I-E == [1, 2]-[3]]) :- partition([X]>>(X < 3), [1, 2, 3], I, E).
test(partition6, [L-E-G == [1]-[2]-[3]]) :- partition([X, O]>>compare(O, X, 2), [1, 2, 3], L, E, G).
test(length_gen, [L =@= [_, _]]) :- length(L, 2).
test(length_enum, all(N == [0, 1, 2])) :- length(L, N), ( N >= 2 -> ! ; true ), is_list(L).
test(length_neg, error(domain_error(not_less_than_zero, -1))) :- length(_, -1).
test(length_type, error(type_error(integer, a))) :- length(_, a).
test(length_partial, [nondet, N == 2]) :- length([a, b|T], N), T == [].
test(sumlist3_style, [S == 10]) :- foldl([X, A0, A]>>(A is A0 + X), [1, 2, 3, 4], 0, S).
test(proper_length, fail) :- proper_length([a|_], _).
test(msort, [L == [a, b, b, c]]) :- msort([b, c, a, b], L).
test(sort_dedup, [L == [a, b, c]]) :- sort([b, c, a, b], L).
test(sort_unbound, error(instantiation_error)) :- sort(_, _).
test(sort_partial, error(instantiation_error)) :- sort([a|_], _).
test(sort_not_list, error(type_error(list, foo))) :- sort(foo, _).
test(keysort, [L == [a-2, a-1, b-3]]) :- keysort([b-3, a-2, a-1], L).
test(keysort_pair, error(type_error(pair, x))) :- keysort([a-1, x], _).
test(sort4_key_desc, [L == [f(3, a), f(2, b), f(2, c)]]) :- sort(1, @>=, [f(2, b), f(3, a), f(2, c)], L).
test(sort4_dedup, [L == [1-b, 2-a]]) :- sort(1, @<, [2-a, 1-b, 2-c], L).
test(sort4_keep, [L == [1, 1, 2]]) :- sort(0, @=<, [2, 1, 1], L).
test(sort4_bad_key, error(type_error(compound, a))) :- sort(1, @<, [a], _).
test(sort4_bad_order, error(domain_error(order, foo))) :- sort(0, foo, [a], _).
test(predsort, [L == [c-1, b-2, a-3]]) :- predsort([O, _-X, _-Y]>>compare(O, X, Y), [a-3, b-2, c-1], L).
test(predsort_dedup, [L == [1, 2]]) :- predsort([O, X, Y]>>compare(O, X, Y), [2, 1, 2], L).
:- end_tests(lists).

:- begin_tests(apply).
test(maplist2) :- maplist(atom, [a, b]).
test(maplist3, [L == [2, 3]]) :- maplist(succ, [1, 2], L).
test(maplist4, [L == [4, 6]]) :- maplist([X, Y, Z]>>(Z is X + Y), [1, 2], [3, 4], L).
test(maplist5, [L == [3, 6]]) :- maplist([A, B, C, D]>>(D is A + B + C), [1, 2], [1, 2], [1, 2], L).
% maplist/6,7 are in the issue's list; SWI-Prolog 9.0.4 stops at maplist/5.
test(maplist6, [L == [4]]) :- current_prolog_flag(dialect, swi) -> L = [4] ; maplist([A, B, C, D, E]>>(E is A + B + C + D), [1], [1], [1], [1], L).
test(maplist7, [L == [5]]) :- current_prolog_flag(dialect, swi) -> L = [5] ; maplist([A, B, C, D, E, F]>>(F is A + B + C + D + E), [1], [1], [1], [1], [1], L).
test(maplist_unequal, fail) :- maplist([X, Y]>>(Y = X), [1, 2], [_]).
test(maplist_fails, fail) :- maplist(atom, [a, 1]).
test(foldl4, [S == 6]) :- foldl([X, A0, A]>>(A is A0 + X), [1, 2, 3], 0, S).
test(foldl5, [S == 32]) :- foldl([X, Y, A0, A]>>(A is A0 + X * Y), [1, 2, 3], [4, 5, 6], 0, S).
test(foldl6, [S == 3]) :- foldl([X, Y, Z, A0, A]>>(A is A0 + X + Y + Z), [1], [1], [1], 0, S).
test(foldl7, [S == [d-c-b-a, h-g-f-e]]) :-
    foldl([A, B, C, D, S0, [D-C-B-A|S0]]>>true, [e, a], [f, b], [g, c], [h, d], [], S).
test(foldl7_unequal_lengths, fail) :- foldl([_, _, _, _, S, S]>>true, [a], [b], [c], [], 0, _).
test(yall, [L == [f(1), f(2)]]) :- maplist([X, Y]>>(Y = f(X)), [1, 2], L).
test(unknown_goal, error(existence_error(procedure, _))) :- maplist(no_such_pred_xyz, [1]).
:- end_tests(apply).
