% library(dicts): utilities over lists of dicts. Run under knightlog and
% SWI-Prolog (tests/prolog_suites.rs).
:- use_module(library(plunit)).
:- use_module(library(dicts)).

formal(G, F) :- catch((G, F = none), error(F0, _), F = F0).

:- begin_tests(lib_dicts).
test(same_tag, [T == t]) :- dicts_same_tag([t{a: 1}, t{b: 1}], T).
test(same_tag_binds, [T0 == t]) :- D = T0{a: 1}, dicts_same_tag([D, t{b: 1}], _).
test(same_tag_differs, fail) :- dicts_same_tag([t{a: 1}, u{b: 1}], _).
test(same_tag_empty) :- dicts_same_tag([], _).
test(size, [N == 2]) :- dict_size(_{a: 1, b: 2}, N).
test(size_empty, [N == 0]) :- dict_size(_{}, N).
test(size_type, [F == type_error(dict, x)]) :- formal(dict_size(x, _), F).
test(keys, [K == [a, b]]) :- dict_keys(t{b: 1, a: 2}, K).
test(same_keys, [K == [a, b]]) :- dicts_same_keys([t{a: 1, b: 2}, u{b: 3, a: 4}], K).
test(same_keys_differ, fail) :- dicts_same_keys([t{a: 1}, u{b: 3}], _).
test(to_same_keys, [L == [r{x: 1, y: null}, r{x: null, y: 2}]]) :-
    dicts_to_same_keys([r{x: 1}, r{y: 2}], dict_fill(null), L).
test(fill_fresh_vars) :-
    dicts_to_same_keys([r{x: 1}, r{y: 2}], dict_fill(_), [A, B]),
    get_dict(y, A, VA), get_dict(x, B, VB), var(VA), var(VB), VA \== VB.
test(no_fill, [F == existence_error(key, y, r{x: 1})]) :-
    formal(dicts_to_same_keys([r{x: 1}, r{y: 2}], dict_no_fill, _), F).
test(join, [L == [r{x: 1, y: 2, z: 3}, r{x: 2, y: 4}]]) :-
    dicts_join(x, [r{x: 1, y: 2}, r{x: 1, z: 3}, r{x: 2, y: 4}], L).
test(join_conflict, fail) :-
    dicts_join(x, [r{x: 2, y: 2}, r{x: 1, z: 3}, r{x: 2, y: 4}], _).
test(join_missing_key, [F == existence_error(key, x, r{z: 1})]) :-
    formal(dicts_join(x, [r{x: 1, y: 2}, r{z: 1}], _), F).
test(join4, [L == [r{x: 1, y: 1, z: 2}, r{x: 2, y: 4}, r{x: 3, z: 4}]]) :-
    dicts_join(x, [r{x: 1, y: 1}, r{x: 2, y: 4}], [r{x: 1, z: 2}, r{x: 3, z: 4}], L).
test(join4_one_to_one, [L == [r{x: 1, y: 4, z: 2}, r{x: 1, z: 4}, r{x: 3, y: 1}]]) :-
    dicts_join(x, [r{x: 3, y: 1}, r{x: 1, y: 4}], [r{x: 1, z: 2}, r{x: 1, z: 4}], L).
test(join4_conflict, fail) :-
    dicts_join(x, [r{x: 1, y: 1}], [r{x: 1, y: 2}], _).
test(slice, [L == [t{a: 1}, u{c: 4}]]) :-
    dicts_slice([c, a], [t{a: 1, b: 2}, u{b: 3, c: 4}], L).
test(to_compounds, [C == [row(1, null), row(2, 3)]]) :-
    dicts_to_compounds([_{x: 1}, _{x: 2, y: 3}], [x, y], dict_fill(null), C).
test(to_compounds_tag, [C == [t(2, 1)]]) :-
    dicts_to_compounds([t{x: 1, y: 2}], [y, x], dict_fill(0), C).
test(from_compounds, [D == [point{x: 1, y: 1}, point{x: 2, y: 4}]]) :-
    dicts_to_compounds(D, [x, y], dict_fill(null), [point(1, 1), point(2, 4)]).
test(to_compounds_no_fill, [F == existence_error(key, y, t{x: 1})]) :-
    formal(dicts_to_compounds([t{x: 1}], [x, y], dict_no_fill, _), F).
test(dict_pairs_data, [F == type_error('dict-data', x)]) :- formal(dict_pairs(x, _, _), F).
test(dict_pairs_list, [F == type_error('dict-data', x)]) :- formal(dict_pairs(_, t, x), F).
:- end_tests(lib_dicts).
