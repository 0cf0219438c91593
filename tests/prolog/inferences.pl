% Inference counts (statistics(inferences, _)): which goals count and which
% do not, checked against SWI-Prolog without -O, whose counts are the
% reference (docs/ARCHITECTURE.md, "Counting inferences"). Each test runs a
% probe once to warm up (autoloading counts in SWI-Prolog) and then counts
% the inferences of one more call; the probe itself counts one.
:- use_module(library(plunit)).

count(G, N) :-
    \+ \+ G,
    statistics(inferences, I0),
    \+ \+ G,
    statistics(inferences, I1),
    N is I1 - I0 - 1.

% Inline in SWI-Prolog's virtual machine: no inference of their own.
p_unify(X) :- X = f(_).
p_compare(X) :- X == a, b \== X.
p_types(X) :- nonvar(X), atom(X), atomic(X), callable(X), \+ var(X).
p_true :- true, true.
p_add(X) :- Y is X + 1, Z is Y - 2, r(Z).
p_arg(T) :- arg(1, T, A), r(A).

% Counted: each goal is a call.
p_unify_nonvar :- f(_) = f(a).
p_compare_nonvar :- f(a) == f(a).
p_ground(X) :- ground(X), is_list([X]).
p_is_void(X) :- _ is X + 1.
p_is_bound(X) :- Y = 3, Y is X + 2.
p_is_product(X) :- Y is X * 2, r(Y).
p_arith(X) :- X > 1, X =< 9.

r(_).
f(1). f(2). f(3).

% Backtracking: retrying a clause is no inference, a builtin's redo is one,
% and a failed call resuming an alternative of the clause is one.
p_retry :- f(X), X >= 3.
p_redo :- between(1, 3, X), X >= 3.
p_else(X) :- ( f(X) -> true ; true ).
p_else_inline(X) :- ( X == 7 -> true ; true ).
p_not(X) :- \+ f(X).
p_deep(X) :- ( g(X) -> true ; true ).
g(X) :- X == 7.

% A variable first met inside a construct is fresh there, in every branch
% (an arg/3 or Y is X + C into it is free), and met after the construct if
% a branch met it.
p_arg_branch :- S = s(0, 0), ( arg(1, S, A) ; true ), r(A).
p_arg_second_branch :- S = s(0, 0), ( fail, r(A) ; arg(2, S, A) ), r(A).
p_arg_then :- S = s(0, 0), ( r(S) -> arg(1, S, A) ; true ), r(A).
p_arg_after :- S = s(0, 0), ( fail, arg(1, S, A) ; true ), arg(2, S, A), r(A).
p_arg_after_inner :- S = s(0, 0), ( ( fail, r(A) ; true ), arg(1, S, A), r(A) ; true ).
p_add_branch(X) :- ( Y is X + 2 ; true ), r(Y).

% Library predicates that are Prolog clauses in SWI-Prolog count their
% calls: nb_setval/2 (over duplicate_term/2 and nb_linkval/2),
% aggregate_all/3 (library(aggregate): a failure-driven loop that keeps
% its state with nb_setarg/3; count is sum(1)).
p_setval :- nb_setval(inferences_test, f(_)).
p_sum(S) :- aggregate_all(sum(X), f(X), S).
p_count(C) :- aggregate_all(count, f(_), C).
p_count_none(C) :- aggregate_all(count, fail, C).
p_max(M) :- aggregate_all(max(X), f(X), M).
p_min(M) :- aggregate_all(min(X), f(X), M).
p_max_witness(M) :- aggregate_all(max(X, W), h(X, W), M).
p_min_witness(M) :- aggregate_all(min(X, W), h(X, W), M).
h(2, a). h(7, b). h(4, c).

% call/N is not an inference; the goal it calls is.
p_call(X) :- call(r, X), G = r(X), call(G).
p_call_control(X) :- call((r(X), r(X))).

:- begin_tests(inferences).

test(inline_unify, N == 1) :- count(p_unify(_), N).
test(inline_compare, N == 1) :- count(p_compare(a), N).
test(inline_type_tests, N == 1) :- count(p_types(a), N).
test(true_is_free, N == 1) :- count(p_true, N).
test(add_constant, N == 2) :- count(p_add(5), N).
test(arg_into_fresh, N == 2) :- count(p_arg(f(a)), N).
test(unify_nonvar, N == 2) :- count(p_unify_nonvar, N).
test(compare_nonvar, N == 2) :- count(p_compare_nonvar, N).
test(ground_is_list, N == 3) :- count(p_ground(a), N).
test(is_into_void, N == 2) :- count(p_is_void(1), N).
test(is_into_bound, N == 2) :- count(p_is_bound(1), N).
test(is_product, N == 3) :- count(p_is_product(1), N).
test(comparisons, N == 3) :- count(p_arith(5), N).
test(clause_retry, N == 5) :- count(p_retry, N).
test(builtin_redo, N == 7) :- count(p_redo, N).
test(failed_call_resumes_else, N == 3) :- count(p_else(5), N).
test(inline_failure_resumes_else, N == 1) :- count(p_else_inline(5), N).
test(negation, N == 3) :- count(p_not(5), N).
test(failure_from_callee, N == 3) :- count(p_deep(5), N).
test(call_n, N == 3) :- count(p_call(a), N).
test(call_control, N == 3) :- count(p_call_control(a), N).
test(arg_in_branch, N == 2) :- count(p_arg_branch, N).
test(arg_in_second_branch, N == 2) :- count(p_arg_second_branch, N).
test(arg_in_then, N == 3) :- count(p_arg_then, N).
test(arg_after_construct, N == 3) :- count(p_arg_after, N).
test(arg_after_inner_construct, N == 3) :- count(p_arg_after_inner, N).
test(add_in_branch, N == 2) :- count(p_add_branch(1), N).
test(nb_setval, N == 4) :- count(p_setval, N).
test(aggregate_sum, N == 10) :- count(p_sum(_), N).
test(aggregate_count, N == 11) :- count(p_count(_), N).
test(aggregate_count_none, N == 6) :- count(p_count_none(_), N).
test(aggregate_max, N == 10) :- count(p_max(_), N).
test(aggregate_min, N == 10) :- count(p_min(_), N).
test(aggregate_max_witness, N == 11) :- count(p_max_witness(_), N).
test(aggregate_min_witness, N == 9) :- count(p_min_witness(_), N).

:- end_tests(inferences).
