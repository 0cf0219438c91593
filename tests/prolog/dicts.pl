% Dicts: syntax, the dict predicates, functional notation. Run under
% knightlog and SWI-Prolog. Keys are chosen so that SWI's internal key order
% and standard order agree (see tests/KNOWN_DIFFERENCES.md).
:- use_module(library(plunit)).

p(point{x: 1, y: 2}).

% Functional notation in clause bodies and heads.
px(P, X) :- X = P.x.
py(P, P.y).
moved(P0, DX, P) :- P = P0.put(x, P0.x + DX).
deep(D, V) :- V = D.a.b.
getd(D, K, V) :- V = D.get(K, none).

:- begin_tests(dict_syntax).
test(tag_and_pairs, [T-Ps == point-[x-1, y-2]]) :- p(D), dict_pairs(D, T, Ps).
test(var_tag) :- X = _{a: 1}, is_dict(X, T), var(T).
test(empty, [Ps == []]) :- dict_pairs(_{}, _, Ps).
test(int_keys, [Ps == [1-a, 2-b, k-c]]) :- dict_pairs(_{2: b, k: c, 1: a}, _, Ps).
test(order_independent) :- A = t{a: 1, b: 2}, B = t{b: 2, a: 1}, A == B.
test(writeq, [S == "point{x:1,y:2}"]) :- p(D), with_output_to(string(S), writeq(D)).
test(write_nested, [S == "t{a:u{b:[1,2]},c:\"s\"}"]) :-
    with_output_to(string(S), print(t{a: u{b: [1, 2]}, c: "s"})).
test(write_ops, [S == "t{a:x:y,b: (p,q),c: -1,d:1+2}"]) :-
    with_output_to(string(S), writeq(t{a: x:y, b: (p, q), c: -1, d: 1+2})).
test(quoted_tag, [S == "'A b'{k:1}"]) :- with_output_to(string(S), writeq('A b'{k: 1})).
test(read_back, [D == t{a: 1, b: "x"}]) :- term_to_atom(D, 't{b: "x", a: 1}').
test(duplicate_key, [error(syntax_error(_))]) :- term_to_atom(_, '_{a:1, a:2}').
test(colon_expected, [error(syntax_error(colon_expected))]) :- term_to_atom(_, '_{a}').
test(key_expected, [error(syntax_error(key_expected))]) :- term_to_atom(_, '_{"s":1}').
test(var_key, [error(syntax_error(key_expected))]) :- term_to_atom(_, '_{K:1}').
test(functor, [A == 5]) :- functor(t{a: 1, b: 2}, F, A), F \== dict.
test(standard_order, [L == [f(x), a{a: 1}, b{a: 1}, a{a: 1, b: 1}]]) :-
    msort([b{a: 1}, a{a: 1, b: 1}, a{a: 1}, f(x)], L).
test(copy_and_findall, [L == [t{a: 1}, t{a: 2}]]) :- findall(t{a: X}, member(X, [1, 2]), L).
:- end_tests(dict_syntax).

:- begin_tests(dict_preds).
test(get, [V == 2]) :- p(D), get_dict(y, D, V).
test(get_missing, fail) :- p(D), get_dict(z, D, _).
test(get_enum, [L == [x-1, y-2]]) :- p(D), findall(K-V, get_dict(K, D, V), L).
test(get_not_dict, [error(type_error(dict, foo))]) :- get_dict(a, foo, _).
test(get_bad_key, [error(type_error('dict-key', f(x)))]) :- p(D), get_dict(f(x), D, _).
test(get_unbound_dict, [error(instantiation_error)]) :- get_dict(a, _, _).
test(put4, [D == point{x: 1, y: 2, z: 3}]) :- p(D0), put_dict(z, D0, 3, D).
test(put4_replace, [D == point{x: 9, y: 2}]) :- p(D0), put_dict(x, D0, 9, D).
test(put3_dict, [D == point{q: 0, x: 1, y: 5}]) :- p(D0), put_dict(_{y: 5, q: 0}, D0, D).
test(put3_list, [D == point{x: 3, y: 2, z: 2}]) :- p(D0), put_dict([z-2, x=3], D0, D).
test(put3_bad, [error(type_error('dict-data', x))]) :- p(D0), put_dict(x, D0, _).
test(del, [V-D == 1-point{y: 2}]) :- p(D0), del_dict(x, D0, V, D).
test(del_missing, fail) :- p(D0), del_dict(z, D0, _, _).
test(create, [D == tag{a: 1, b: 2, c: 3}]) :- dict_create(D, tag, [a=1, b(2), c-3]).
test(create_dup, [error(duplicate_key(a))]) :- dict_create(_, t, [a-1, a-2]).
test(create_bad, [error(type_error('key-value', f(1, 2)))]) :- dict_create(_, t, [f(1, 2)]).
test(create_partial, [error(instantiation_error)]) :- dict_create(_, t, [a-1, _]).
test(pairs_build, [D == t{a: 2, b: 1}]) :- dict_pairs(D, t, [b-1, a-2]).
test(pairs_dup, [error(duplicate_key(k))]) :- dict_pairs(_, t, [k-1, k-2]).
test(pairs_bad_key, [error(type_error('dict-key', 1.5))]) :- dict_pairs(_, t, [1.5-1]).
test(pairs_unbound, [error(instantiation_error)]) :- dict_pairs(_, _, _).
test(is_dict_var, fail) :- is_dict(_).
test(is_dict_compound, fail) :- is_dict(f(x)).
test(select, [X-P == 1-[y-2]]) :- select_dict(point{x: X}, point{x: 1, y: 2}, R), dict_pairs(R, T, P), var(T).
test(select_missing, fail) :- select_dict(_{c: _}, u{a: 1, b: 2}, _).
test(select_tag, fail) :- select_dict(t{a: _}, u{a: 1, b: 2}, _).
test(sub, true) :- _{x: 1} :< point{x: 1, y: 2}.
test(sub_value, fail) :- _{x: 2} :< point{x: 1, y: 2}.
test(punify, [Q == 1]) :- point{x: Q} >:< _{x: 1, z: 3}.
test(punify_fail, fail) :- _{a: 1} >:< _{a: 2}.
test(b_set, [V == 5]) :- D = t{a: 1}, b_set_dict(a, D, 5), get_dict(a, D, V).
test(b_set_undone, [V == 1]) :- D = t{a: 1}, ( b_set_dict(a, D, 5), fail ; true ), get_dict(a, D, V).
test(nb_set_kept, [V == 5]) :- D = t{a: 1}, ( nb_set_dict(a, D, 5), fail ; true ), get_dict(a, D, V).
test(b_set_missing, [error(existence_error(key, z, _))]) :- D = t{a: 1}, b_set_dict(z, D, 5).
test(assert_dict, [D == t{a: 1, b: [x]}]) :-
    assertz(stored(t{b: [x], a: 1})), stored(D), retract(stored(_)).
:- end_tests(dict_preds).

:- dynamic stored/1.

:- begin_tests(dict_functions).
test(body, [X == 1]) :- p(D), px(D, X).
test(head, [Y == 2]) :- p(D), py(D, Y).
test(put_eval, [P == point{x: 1+5, y: 2}]) :- p(D), moved(D, 5, P).
test(chain, [V == 7]) :- deep(_{a: _{b: 7}}, V).
test(get_default, [V == none]) :- p(D), getd(D, z, V).
test(get_present, [V == 1]) :- p(D), getd(D, x, V).
test(missing_key, [error(existence_error(key, z, _))]) :- p(D), _ = D.z.
test(not_a_dict, [error(type_error(dict, foo))]) :- X = foo, _ = X.a.
test(put_chain, [D == t{a: 1, b: 2, c: 3}]) :- D = t{a: 1}.put(b, 2).put(c, 3).
test(put_dict_arg, [D == t{a: 1, b: 2}]) :- D = t{a: 1}.put(_{b: 2}).
test(get_fails, fail) :- _ = t{a: 1}.get(b).
test(in_findall, [L == [1, 2]]) :- findall(V, (member(D, [_{v: 1}, _{v: 2}]), V = D.v), L).
test(in_if_then_else, [R == yes]) :- p(D), ( D.x =:= 1 -> R = yes ; R = no ).
test(var_key, [L == [x-1, y-2]]) :- p(D), findall(K-V, V = D.K, L).
:- end_tests(dict_functions).
