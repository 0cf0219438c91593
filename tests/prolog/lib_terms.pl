% library(terms): term_size/2, variant/2, subsumes/2, term_subsumer/3,
% term_factorized/3, mapargs/3, mapsubterms/3, foldsubterms/4,5, same_functor/2,3,4.
:- use_module(library(plunit)).
:- use_module(library(terms)).
:- use_module(library(lists)).

:- begin_tests(term_size).
test(atom, S == 0) :- term_size(a, S).
test(var, S == 0) :- term_size(_, S).
test(small_int, S == 0) :- term_size(-1, S).
test(compound, S == 4) :- term_size(a(1, 2, 3), S).
test(nested, S == 11) :- term_size(a(a(1, 2, 3), a(1, 2, 3)), S).
test(list, S == 6) :- term_size([a, b], S).
test(float, S == 3) :- term_size(1.0, S).
test(float_arg, S == 5) :- term_size(f(1.0), S).
test(string, S == 3) :- term_size("abc", S).
test(string8, S == 4) :- term_size("abcdefg", S).
test(int64, S == 3) :- term_size(9223372036854775807, S).
test(bigint, S == 5) :- term_size(100000000000000000000000, S).
test(check, fail) :- term_size(f(a), 3).
:- end_tests(term_size).

:- begin_tests(variant_subsumes).
test(variant) :- variant(f(X, Y, X), f(A, _, A)), var(X), var(Y).
test(not_variant, fail) :- variant(f(X, _), f(X, X)).
test(subsumes, X == a) :- subsumes(f(X), f(a)).
test(subsumes_fail, fail) :- subsumes(f(a), f(_)).
test(subsumes_chk) :- subsumes_chk(f(X), f(a)), var(X).
test(subsumes_chk_fail, fail) :- subsumes_chk(f(X, X), f(a, b)).
:- end_tests(variant_subsumes).

:- begin_tests(term_subsumer).
test(simple) :- term_subsumer(f(a, b), f(c, b), G), G = f(V, W), var(V), W == b.
test(same_pair) :- term_subsumer(f(a, a), f(b, b), f(X, Y)), X == Y, var(X).
test(pairs) :- term_subsumer(f(a, b, a), f(c, d, c), f(X, Y, Z)), X == Z, X \== Y.
test(vars) :- term_subsumer(f(X, Y), f(Y, X), f(A, B)), A \== B, var(A), A \== X, A \== Y.
test(equal, G == a) :- term_subsumer(a, a, G).
test(equal_var) :- term_subsumer(X, X, G), G == X.
test(diff_functor) :- term_subsumer(f(a), g(a), G), var(G).
:- end_tests(term_subsumer).

:- begin_tests(term_factorized).
test(pair) :- term_factorized(f(g(a), g(a)), Sk, S), Sk = f(V, W), V == W, S == [V=g(a)].
test(vars) :- term_factorized(f(X, X), Sk, S), Sk == f(X, X), S == [].
test(atomic) :- term_factorized(f(a, a, "s", "s", 1.5, 1.5), Sk, S), Sk == f(a, a, "s", "s", 1.5, 1.5), S == [].
test(nested) :- term_factorized(f(h(a), g(h(a)), g(h(a))), f(A, B, C), S), B == C, S == [B=g(A), A=h(a)].
test(order) :- term_factorized(f(k(b), h(a), k(b), h(a)), f(A, B, C, D), S), A == C, B == D, S == [B=h(a), A=k(b)].
test(shared_once) :- term_factorized(f(g(h(a)), g(h(a))), f(A, B), S), A == B, S == [A=g(h(a))].
test(lists) :- term_factorized(f([a, b], [b]), f([a|T], U), S), T == U, S == [T=[b]].
test(check) :- term_factorized(f(g(a), g(a)), f(A, A), [A=X]), X == g(a).
:- end_tests(term_factorized).

double(X, Y) :- Y is X * 2.
tag_atom(X, Y) :- atom(X), Y = t(X).
count_atom(X, S0, S) :- atom(X), S is S0 + 1.
collect(X, S0, [X|S0]).
is_var_to_v(X, v) :- var(X).
a_to_b(X, b) :- X == a.
mark_g(X, h, S0, [X|S0]) :- compound(X), X = g(_).
log_sub(X, _) :- assertz(seen(X)), fail.
log_sub4(X, _, _, _) :- assertz(seen(X)), fail.
:- dynamic seen/1.

:- begin_tests(mapargs).
test(map, T == f(2, 4, 6)) :- mapargs(double, f(1, 2, 3), T).
test(backward, T == f(1, 2)) :- mapargs([X, Y]>>(X is Y // 2), T, f(2, 4)).
test(atomic, T == a) :- mapargs(double, a, T).
test(list, T == [2|4]) :- mapargs(double, [1|2], T).
test(check) :- mapargs(succ, f(1, 2), f(2, 3)).
test(functor_differs, fail) :- mapargs(=, f(_), g(_)).
test(arity_differs, fail) :- mapargs(=, f(_), f(_, _)).
test(unbound, error(instantiation_error)) :- mapargs(=, _, _).
:- end_tests(mapargs).

:- begin_tests(mapsubterms).
test(leaves, T == f(b, g(b, [b]), c)) :- mapsubterms(a_to_b, f(a, g(a, [a]), c), T).
test(whole, T == b) :- mapsubterms([X, Y]>>(X == f(a), Y = b), f(a), T).
test(no_descend, T == f(a, g(t(x), [t(a)]), "s")) :-
    mapsubterms([X, Y]>>(X = g(_, _) -> Y = g(t(x), [t(a)]) ; tag_atom(X, Y)), f(a, g(x, [a]), "s"), T0),
    T0 = f(t(a), G, S), T = f(a, G, S).
test(first_only, T == f(1, 1)) :- mapsubterms([X, Y]>>(atom(X), member(Y, [1, 2])), f(a, b), T).
test(vars_untouched) :- mapsubterms(is_var_to_v, f(X, a), T), T == f(X, a).
test(vars) :- mapsubterms_var(is_var_to_v, f(_, a, [_|_]), T), T == f(v, a, [v|v]).
test(order, L == [f(a, g(x, [a, b]), "s", 1.0), a, g(x, [a, b]), x, [a, b], a, b, "s", 1.0]) :-
    retractall(user:seen(_)),
    T0 = f(a, g(x, [a, b]), "s", 1.0),
    mapsubterms(log_sub, T0, T), T == T0,
    findall(X, user:seen(X), L).
test(order_var) :-
    retractall(user:seen(_)),
    mapsubterms_var(log_sub, g(_, [c|d]), _),
    findall(X, user:seen(X), L),
    L = [G, V, C, c, d], G = g(V1, CD), var(V1), CD == [c|d], var(V), C == [c|d].
test(unbound) :- mapsubterms(a_to_b, X, Y), X == Y.
test(nil_not_in_list, T == f([x], nil, [x|d])) :-
    mapsubterms([X, Y]>>(X == [], Y = nil), f([x], [], [x|d]), T).
:- end_tests(mapsubterms).

:- begin_tests(foldsubterms).
test(count, S == 3) :- foldsubterms(count_atom, f(a, g(_, [b]), "s", c), 0, S).
test(top, S == [f(a, g(b))]) :- foldsubterms(collect, f(a, g(b)), [], S).
test(order, L == [f(a, [b]), a, [b], b]) :-
    retractall(user:seen(_)),
    foldsubterms([X, _, _]>>(assertz(user:seen(X)), fail), f(a, [b]), 0, S), S == 0,
    findall(X, user:seen(X), L).
test(five, [T, S] == [f(a, h), [g(b)]]) :- foldsubterms(mark_g, f(a, g(b)), T, [], S).
test(five_none, [T, S] == [f(a, g(b)), []]) :- foldsubterms([_, _, _, _]>>fail, f(a, g(b)), T, [], S).
test(five_mismatch, fail) :- foldsubterms([_, _, _, _]>>fail, f(a, g(b)), f(_, _, _), [], _).
test(five_order) :-
    retractall(user:seen(_)),
    foldsubterms(log_sub4, f([a|_]), _, 0, _),
    findall(X, user:seen(X), L),
    L = [F, L1, a, V], var(V), F = f([a|V1]), var(V1), L1 = [a|V2], var(V2).
:- end_tests(foldsubterms).

:- begin_tests(same_functor).
test(two, T = f(_)) :- same_functor(f(a), T).
test(two_fail, fail) :- same_functor(f(a), g(_)).
test(atom, T == a) :- same_functor(a, T).
test(string) :- same_functor("s", "s").
test(three, A == 2) :- same_functor(_, f(a, b), A).
test(four, [T1, T2] = [f(_, _), f(_, _)]) :- same_functor(T1, T2, f, 2).
test(four_zero, [T1, T2] == [f, f]) :- same_functor(T1, T2, f, 0).
test(four_int, [T1, T2] == [1, 1]) :- same_functor(T1, T2, 1, 0).
test(list, [N, A] == ['[|]', 2]) :- same_functor([a], T, N, A), T = [_|_].
test(name_differs, fail) :- same_functor(f(a), _, g, _).
test(arity_count, fail) :- same_functor(f(a), f(b, c)).
test(unbound, error(instantiation_error)) :- same_functor(_, _).
test(unbound_arity, error(instantiation_error)) :- same_functor(_, _, f, _).
test(bad_arity, error(type_error(integer, a))) :- same_functor(_, _, foo, a).
test(neg_arity, error(domain_error(not_less_than_zero, -1))) :- same_functor(_, _, foo, -1).
test(bad_name, error(type_error(atomic, foo(a)))) :- same_functor(_, _, foo(a), 1).
:- end_tests(same_functor).
