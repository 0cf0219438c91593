% All-solutions predicates.
:- use_module(library(plunit)).

age(peter, 7).
age(ann, 11).
age(pat, 8).
age(tom, 5).
age(mike, 11).

class(a, x). class(b, y). class(c, x).

:- begin_tests(findall).
test(all, [L == [1, 2, 3]]) :- findall(X, member(X, [1, 2, 3]), L).
test(none, [L == []]) :- findall(_, fail, L).
test(template, [L == [f(1), f(2)]]) :- findall(f(X), member(X, [1, 2]), L).
test(fresh_vars) :- findall(X-_, member(X, [_, _]), [A-B, C-D]), A \== C, var(B), var(D).
test(tail, [L == [1, 2|T]]) :- findall(X, member(X, [1, 2]), L, T).
test(unbound_goal, error(instantiation_error)) :- findall(_, _G, _).
test(bad_goal, error(type_error(callable, 1))) :- findall(_, 1, _).
% ISO: type_error(list, foo); SWI and knightlog simply fail.
test(bad_list, fail) :- findall(X, member(X, [1]), foo).
test(forall) :- forall(member(X, [1, 2]), X > 0).
test(forall_fails, fail) :- forall(member(X, [1, -2]), X > 0).
:- end_tests(findall).

:- begin_tests(bagof_setof).
test(bagof, [L == [7, 11, 8, 5, 11]]) :- bagof(A, N^age(N, A), L).
test(bagof_groups, all(C-L == [x-[a, c], y-[b]])) :- bagof(K, class(K, C), L).
test(bagof_fails, fail) :- bagof(_, fail, _).
test(setof, [L == [5, 7, 8, 11]]) :- setof(A, N^age(N, A), L).
test(setof_pairs, [L == [5-tom, 7-peter, 8-pat, 11-ann, 11-mike]]) :- setof(A-N, age(N, A), L).
test(setof_groups, all(A-Ns == [5-[tom], 7-[peter], 8-[pat], 11-[ann, mike]])) :- setof(N, age(N, A), Ns).
test(nested_caret, [L == [a, b, c]]) :- setof(K, C^class(K, C), L).
test(bagof_unbound, error(instantiation_error)) :- bagof(_, _G, _).
test(setof_callable, error(type_error(callable, 4))) :- setof(_, 4, _).
:- end_tests(bagof_setof).

:- begin_tests(aggregate_all).
test(count, [N == 5]) :- aggregate_all(count, age(_, _), N).
test(count_empty, [N == 0]) :- aggregate_all(count, fail, N).
test(sum, [S == 42]) :- aggregate_all(sum(A), age(_, A), S).
test(max, [M == 11]) :- aggregate_all(max(A), age(_, A), M).
test(min, [M == 5]) :- aggregate_all(min(A), age(_, A), M).
test(max_witness, [M == max(11, ann)]) :- aggregate_all(max(A, N), age(N, A), M).
test(max_empty, fail) :- aggregate_all(max(A), member(A, []), _).
test(bag, [B == [7, 11, 8, 5, 11]]) :- aggregate_all(bag(A), age(_, A), B).
test(set, [S == [5, 7, 8, 11]]) :- aggregate_all(set(A), age(_, A), S).
test(sum_empty, [S == 0]) :- aggregate_all(sum(X), member(X, []), S).
test(bad_spec, error(domain_error(aggregate_template, foo))) :- aggregate_all(foo, true, _).
test(var_spec, error(instantiation_error)) :- aggregate_all(_, true, _).
test(sum_expressions, [S == 10]) :- aggregate_all(sum(A * 2), member(A, [1, 4]), S).
test(sum_mixed, [S == 3.5]) :- aggregate_all(sum(A), member(A, [1, 2.5]), S).
test(max_expressions, [M == 8]) :- aggregate_all(max(A * 2), member(A, [1, 4, 2]), M).
test(min_float, [M == 3.0]) :- aggregate_all(min(A), member(A, [4, 3.0, 5]), M).
test(max_witness_empty, fail) :- aggregate_all(max(A, w), member(A, []), _).
test(max_witness_number, error(type_error(number, a))) :- aggregate_all(max(A, w), member(A, [a]), _).
test(min_witness_first, [M == min(1, x)]) :- aggregate_all(min(A, W), member(A-W, [3-z, 1-x, 1-y]), M).
test(count_nested, [L == [a-2, b-1]]) :-
    findall(K-N, ( member(K, [a, b]), aggregate_all(count, member(K, [a, b, a]), N) ), L).
:- end_tests(aggregate_all).

% library(solution_sequences)
:- begin_tests(solution_sequences).
test(limit, all(X == [1, 2])) :- limit(2, member(X, [1, 2, 3])).
test(limit_last_cuts) :- limit(2, member(_, [1, 2, 3])), !.
test(limit_det) :- limit(1, member(_, [a, b])).
test(limit_more_than_there_are, all(X == [a, b])) :- limit(5, member(X, [a, b])).
test(limit_zero, fail) :- limit(0, true).
test(limit_negative, fail) :- limit(-3, true).
test(limit_infinite, all(X == [a, b])) :- limit(infinite, member(X, [a, b])).
test(limit_unbound, error(instantiation_error)) :- limit(_, true).
test(limit_type, error(type_error(evaluable, a/0))) :- limit(a, true).
test(offset, all(X == [3, 4])) :- offset(2, member(X, [1, 2, 3, 4])).
test(offset_zero, all(X == [1, 2])) :- offset(0, member(X, [1, 2])).
test(offset_past_the_end, fail) :- offset(5, member(_, [1, 2])).
test(offset_negative, error(domain_error(not_less_than_zero, -1))) :- offset(-1, true).
test(limit_offset_page, all(X == [3, 4])) :- limit(2, offset(2, member(X, [1, 2, 3, 4, 5]))).
test(call_nth_enumerates, all(X-N == [a-1, b-2, c-3])) :- call_nth(member(X, [a, b, c]), N).
test(call_nth_given, [X == b]) :- call_nth(member(X, [a, b, c]), 2).
test(call_nth_too_far, fail) :- call_nth(member(_, [a, b, c]), 4).
test(call_nth_zero, error(domain_error(not_less_than_one, 0))) :- call_nth(true, 0).
test(call_nth_type, error(type_error(integer, a))) :- call_nth(true, a).
test(distinct, all(X == [a, b, c])) :- distinct(member(X, [a, b, a, c, b])).
test(distinct_witness, all(X-Y == [1-a, 2-a])) :- distinct(X, member(X-Y, [1-a, 1-b, 2-a])).
:- end_tests(solution_sequences).
