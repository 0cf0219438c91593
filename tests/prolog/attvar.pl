% Attributed variables, SWI-Prolog's interface: put_attr/3, get_attr/3,
% del_attr/2, attvar/1, get_attrs/2, term_attvars/2, copy_term/2,3,
% copy_term_nat/2, attr_unify_hook/2, attribute_goals//1.
:- use_module(library(plunit)).

m:attr_unify_hook(Value, Other) :- nb_setval(hook, Value-Other).
even:attr_unify_hook(_, Other) :- ( var(Other) -> true ; 0 =:= Other mod 2 ).
even:attribute_goals(V) --> [even(V)].

:- begin_tests(attvar).
test(put_get, [V == 1]) :- put_attr(X, m, 1), get_attr(X, m, V).
test(get_missing, [fail]) :- put_attr(X, m, 1), get_attr(X, other, _).
test(plain_var, [fail]) :- get_attr(_, m, _).
test(replace, [V == 2]) :- put_attr(X, m, 1), put_attr(X, m, 2), get_attr(X, m, V).
test(attvar) :- put_attr(X, m, 1), attvar(X).
test(not_attvar, [fail]) :- attvar(_).
test(not_attvar_atom, [fail]) :- attvar(a).
test(del, [fail]) :- put_attr(X, m, 1), del_attr(X, m), attvar(X).
test(del_missing) :- del_attr(_, m).
test(get_attrs, [A == att(a, 3, att(b, 2, []))]) :-
    put_attr(X, a, 1), put_attr(X, b, 2), put_attr(X, a, 3), get_attrs(X, A).
test(undone, [fail]) :- X = _, ( put_attr(X, m, 1), fail ; attvar(X) ).
test(undone_value, [V == 1]) :-
    put_attr(X, m, 1), ( put_attr(X, m, 2), fail ; get_attr(X, m, V) ).
test(bind_calls_hook, [H == 1-5]) :- put_attr(X, m, 1), X = 5, nb_getval(hook, H).
test(hook_fails, [fail]) :- put_attr(X, even, t), X = 3.
test(hook_succeeds) :- put_attr(X, even, t), X = 4.
test(plain_var_joins, [V == 1]) :- put_attr(X, m, 1), X = Y, get_attr(Y, m, V).
test(two_attvars, [V == 2]) :-
    put_attr(X, m, 1), put_attr(Y, m, 2), X = Y, nb_getval(hook, V-O), var(O).
test(error_not_var, [error(uninstantiation_error(a))]) :- put_attr(a, m, 1).
test(error_module, [error(type_error(atom, 1))]) :- put_attr(_, 1, 1).
test(term_attvars, [Vs == [X]]) :- put_attr(X, m, 1), term_attvars(f(X, _), Vs).
test(term_attvars_none, [Vs == []]) :- term_attvars(f(_, a), Vs).
test(copy_keeps, [V == 1]) :- put_attr(X, m, 1), copy_term(X, Y), get_attr(Y, m, V), Y \== X.
test(copy_nat_drops, [fail]) :- put_attr(X, m, 1), copy_term_nat(X, Y), attvar(Y).
test(copy_term3, [Gs == [even(Y)]]) :- put_attr(X, even, t), copy_term(f(X), f(Y), Gs), \+ attvar(Y).
test(copy_term3_put_attr, [Gs == [put_attr(Y, m, 1)]]) :- put_attr(X, m, 1), copy_term(X, Y, Gs).
test(copy_term3_plain, [Gs == []]) :- copy_term(f(_), _, Gs).
test(copy_term3_shares, [C-Gs =@= f(Y, Y)-[even(Y)]]) :- put_attr(X, even, t), copy_term(f(X, X), C, Gs).
test(findall_keeps, [V == 1]) :- put_attr(X, m, 1), findall(X, true, [Y]), get_attr(Y, m, V).
test(findall_keeps_sharing, [V == f(Z)]) :-
    put_attr(X, m, f(Z0)), findall(X-Z0, true, [Y-Z]), get_attr(Y, m, V).
test(bagof_keeps, [V == 1]) :- put_attr(X, m, 1), bagof(X, true, [Y]), get_attr(Y, m, V).
test(gc_keeps_attributes, [V == 17]) :-
    put_attr(X, m, 17), garbage_collect, numlist(1, 100000, L), sum_list(L, _),
    garbage_collect, get_attr(X, m, V).
:- end_tests(attvar).
