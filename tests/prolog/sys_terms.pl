% SWI-Prolog's system term predicates: duplicate_term/2, same_term/2,
% term_singletons/2, nonground/2, is_most_general_term/1, var_number/2,
% numbervars/4, functor/4, copy_term/4, copy_term_nat/4, size_abstract_term/3,
% variant_sha1/2, variant_hash/2. Run under knightlog and SWI-Prolog alike.
:- use_module(library(plunit)).

:- begin_tests(duplicate_term).
test(fresh) :-
    duplicate_term(f(X, a, "s"), D),
    D = f(Y, a, S), var(Y), Y \== X, S == "s".
test(keeps_sharing) :-
    X = f(_), duplicate_term(g(X, X), g(P, Q)),
    same_term(P, Q), \+ same_term(P, X).
test(attributes) :-
    put_attr(V, sys_terms, 1), duplicate_term(f(V), f(W)),
    get_attr(W, sys_terms, A), A == 1, W \== V.
:- end_tests(duplicate_term).

:- begin_tests(same_term).
test(atoms) :- same_term(a, a).
test(numbers) :- same_term(1, 1), same_term(1.5, 1.5), same_term(100000000000000000000, 100000000000000000000).
test(strings) :- same_term("a", "a").
test(var) :- same_term(X, X).
test(distinct_vars, fail) :- same_term(_, _).
test(distinct_compounds, fail) :- same_term(f(a), f(a)).
test(one_compound) :- X = f(a), same_term(X, X).
test(different, fail) :- same_term(1, 1.0).
:- end_tests(same_term).

:- begin_tests(term_singletons).
test(order, S == [Y, Z]) :- term_singletons(f(X, Y, X, g(Z)), S).
test(atomic, S == []) :- term_singletons(a, S).
test(none, S == []) :- term_singletons(f(X, X), S).
test(shared_subterm, S == []) :- T = g(_), term_singletons(f(T, T), S).
test(cyclic, error(representation_error(acyclic_term))) :-
    X = f(X, _), term_singletons(X, _).
:- end_tests(term_singletons).

:- begin_tests(nonground).
test(first, V == X) :- nonground(f(a, X, _), V).
test(ground, fail) :- nonground(f(a), _).
test(var, V == X) :- nonground(X, V).
:- end_tests(nonground).

:- begin_tests(is_most_general_term).
test(compound) :- is_most_general_term(f(_, _)).
test(repeated, fail) :- is_most_general_term(f(X, X)).
test(atom) :- is_most_general_term(a).
test(nil) :- is_most_general_term([]).
test(list) :- is_most_general_term([_, _]).
test(partial_list, fail) :- is_most_general_term([_|_]).
test(list_bound, fail) :- is_most_general_term([a]).
test(list_repeated, fail) :- is_most_general_term([X, X]).
test(var, fail) :- is_most_general_term(_).
test(number, fail) :- is_most_general_term(1).
test(string, fail) :- is_most_general_term("s").
:- end_tests(is_most_general_term).

:- begin_tests(var_number).
test(number, N == 3) :- var_number('$VAR'(3), N).
test(name, N == x) :- var_number('$VAR'(x), N).
test(other, fail) :- var_number(f(x), _).
test(unbound_arg, fail) :- var_number('$VAR'(_), _).
test(var, fail) :- var_number(_, _).
:- end_tests(var_number).

:- begin_tests(numbervars4).
test(functor_name, T == f(v(0), v(1))) :-
    T = f(_, _), numbervars(T, 0, E, [functor_name(v)]), E == 2.
test(singletons, T == f('$VAR'(0), '$VAR'('_'), '$VAR'(0))) :-
    T = f(X, _, X), numbervars(T, 0, E, [singletons(true)]), E == 1.
test(start, T == f(v(5), v(5))) :-
    T = f(X, X), numbervars(T, 5, E, [functor_name(v), singletons(true)]), E == 6.
test(unknown_option) :- numbervars(f(_), 0, 1, [foo(bar)]).
test(skip_attvar) :-
    put_attr(V, sys_terms, 1), T = f(V, _),
    numbervars(T, 0, E, [attvar(skip)]), E == 1, var(V).
test(attvar_error, error(type_error(free_of_attvar, _))) :-
    put_attr(V, sys_terms, 1), numbervars(f(V, _), 0, _, [attvar(error)]).
test(attvar_default, error(type_error(free_of_attvar, _))) :-
    put_attr(V, sys_terms, 1), numbervars(f(V), 0, _, []).
test(numbervars3_attvar, error(type_error(free_of_attvar, _))) :-
    put_attr(V, sys_terms, 1), numbervars(f(V), 0, _).
test(bad_attvar, error(domain_error(numbervar_option, _))) :-
    numbervars(f(_), 0, _, [attvar(foo)]).
test(not_list, error(type_error(list, foo))) :- numbervars(f(_), 0, _, foo).
test(functor_not_atom, error(type_error(atom, 1))) :-
    numbervars(f(_), 0, _, [functor_name(1)]).
test(singletons_not_bool, error(type_error(bool, maybe))) :-
    numbervars(f(_), 0, _, [singletons(maybe)]).
test(options_unbound, error(instantiation_error)) :- numbervars(f(_), 0, _, _).
test(option_unbound, error(instantiation_error)) :- numbervars(f(_), 0, _, [_]).
test(start_not_integer, error(type_error(integer, a))) :- numbervars(f(_), a, _).
test(end_mismatch, fail) :- numbervars(f(_), 0, 3).
:- end_tests(numbervars4).

:- begin_tests(functor4).
test(compound, [N, A, T] == [f, 1, compound]) :- functor(f(a), N, A, T).
test(atom, [N, A, T] == [a, 0, atom]) :- functor(a, N, A, T).
test(atomic, [N, A, T] == [1, 0, atomic]) :- functor(1, N, A, T).
test(string, T == atomic) :- functor("s", _, _, T).
test(list, [N, A, T] == ['[|]', 2, compound]) :- functor([a], N, A, T).
test(build, T == compound) :- functor(X, f, 2, T), X = f(A, B), var(A), var(B).
test(build_atom, X == f) :- functor(X, f, 0, atom).
test(build_callable, X == f) :- functor(X, f, 0, callable).
test(build_callable_compound) :- functor(X, f, 1, callable), X = f(_).
test(build_atomic, X == 1) :- functor(X, 1, 0, atomic).
test(wrong_type, fail) :- functor(_, f, 2, atom).
test(unknown_type, fail) :- functor(_, f, 2, foo).
test(atom_not_atomic, fail) :- functor(a, a, 0, atomic).
test(number_not_atom, fail) :- functor(_, 1, 0, atom).
test(type_unbound, error(instantiation_error)) :- functor(_, f, 0, _).
test(name_not_atom, error(type_error(atom, 1))) :- functor(_, 1, 1, _).
:- end_tests(functor4).

:- begin_tests(copy_term4).
test(renames_listed) :-
    copy_term([X], f(X, Y), [V], T), T = f(V2, Y2),
    V2 == V, Y2 == Y, V \== X.
test(shares_others) :-
    copy_term([], f(X, Y), [], T), T == f(X, Y).
test(attributes) :-
    put_attr(A, sys_terms, 1), copy_term([A], f(A), [V], T),
    T == f(V), get_attr(V, sys_terms, 1).
test(nat) :-
    put_attr(A, sys_terms, 1), copy_term_nat([A], f(A), [V], T),
    T == f(V), \+ attvar(V).
test(shared_attvar_kept) :-
    put_attr(A, sys_terms, 1), copy_term([], f(A), [], f(B)), B == A.
:- end_tests(copy_term4).

:- begin_tests(size_abstract_term).
test(depth, T =@= f(g(_), k(_))) :- size_abstract_term(1, f(g(h(i)), k(l(m))), T).
test(depth0, T =@= f(_, a)) :- size_abstract_term(0, f(g(a), a), T).
test(list, T =@= [a, b|_]) :- size_abstract_term(1, [a, b, c], T).
test(whole, T == f(g(h(i)), a)) :- size_abstract_term(2, f(g(h(i)), a), T).
test(shared_var, T == f(g(X), X)) :- size_abstract_term(3, f(g(X), X), T).
test(atomic, T == a) :- size_abstract_term(0, a, T).
test(unbound, error(instantiation_error)) :- size_abstract_term(_, a, _).
test(negative, error(domain_error(not_less_than_zero, -1))) :- size_abstract_term(-1, a, _).
test(not_integer, error(type_error(integer, a))) :- size_abstract_term(a, a, _).
:- end_tests(size_abstract_term).

:- begin_tests(variant_sha1).
test(variants) :-
    variant_sha1(f(X, _, X), H1), variant_sha1(f(A, _, A), H2),
    H1 == H2, atom_length(H1, 40).
test(not_variants) :-
    variant_sha1(f(X, _, X), H1), variant_sha1(f(_, _, _), H2), H1 \== H2.
test(types_differ) :-
    variant_sha1(f(a), H1), variant_sha1(f("a"), H2), variant_sha1(f(1), H3),
    variant_sha1(f(1.0), H4), sort([H1, H2, H3, H4], L), length(L, 4).
test(compare_fail, fail) :- variant_sha1(f(x), abc).
test(attvar, error(type_error(free_of_attvar, _))) :-
    put_attr(V, sys_terms, 1), variant_sha1(f(V), _).
test(cyclic, error(type_error(acyclic_term, _))) :-
    X = f(X), variant_sha1(X, _).
test(hash_variants) :-
    variant_hash(g(X, X), H1), variant_hash(g(Y, Y), H2),
    integer(H1), H1 >= 0, H1 == H2.
test(hash_cyclic, error(type_error(acyclic_term, _))) :-
    X = f(X), variant_hash(X, _).
:- end_tests(variant_sha1).
