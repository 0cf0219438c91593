% Attributed variables, SWI-Prolog's interface: put_attr/3, get_attr/3,
% del_attr/2, attvar/1, get_attrs/2, term_attvars/2, copy_term/2,3,
% copy_term_nat/2, attr_unify_hook/2, attribute_goals//1, attr_portray_hook/2
% and write_term/2's attributes(Mode) option.
:- use_module(library(plunit)).

m:attr_unify_hook(Value, Other) :- nb_setval(hook, Value-Other).
even:attr_unify_hook(_, Other) :- ( var(Other) -> true ; 0 =:= Other mod 2 ).
even:attribute_goals(V) --> [even(V)].
shown:attr_portray_hook(Value, _) :- Value \== hidden, write(val(Value)).

% The text write_term/2 gives after the variable's name (names differ between systems).
attr_text(T, Options, Suffix) :-
    with_output_to(string(S), write_term(T, Options)),
    (   sub_string(S, B, 1, _, "{")
    ->  sub_string(S, B, _, 0, Suffix)
    ;   Suffix = none
    ).

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
test(write_ignore, [S == none]) :- put_attr(X, m, 1), attr_text(f(X), [], S).
test(write_ignore_explicit, [S == none]) :- put_attr(X, m, 1), attr_text(X, [attributes(ignore)], S).
test(write_dots, [S == "{...})"]) :- put_attr(X, m, 1), attr_text(f(X), [attributes(dots)], S).
test(write_write, [S == "{att(m,'a b',att(n,2,[]))}"]) :-
    put_attr(X, m, 'a b'), put_attr(X, n, 2), attr_text(X, [attributes(write), quoted(true)], S).
test(write_portray, [S == "{val(1), m = ...}"]) :-
    put_attr(X, shown, 1), put_attr(X, m, 2), attr_text(X, [attributes(portray)], S).
test(write_portray_fails, [S == "{shown = ...}"]) :-
    put_attr(X, shown, hidden), attr_text(X, [attributes(portray)], S).
test(write_named_var, [S == "X"]) :-
    put_attr(X, m, 1), with_output_to(string(S), write_term(X, [attributes(write), variable_names(['X'=X])])).
test(write_plain_var_dots, [S == none]) :- attr_text(f(_), [attributes(dots)], S).
test(print_ignores, [S == none]) :- put_attr(X, m, 1), with_output_to(string(S0), print(X)),
    ( sub_string(S0, _, _, _, "{") -> S = S0 ; S = none ).
test(write_bad_mode, [error(domain_error(write_option, [attributes(foo)]))]) :-
    write_term(a, [attributes(foo)]).
test(write_unbound_mode, [error(instantiation_error)]) :- write_term(a, [attributes(_)]).
:- end_tests(attvar).
