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

:- end_tests(inferences).
