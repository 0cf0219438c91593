% Dicts (SWI-Prolog 7+): the predicates written over the natives of
% src/builtins/dicts.rs, functional notation on dicts ('.'/3), and the
% expansion that turns `X = D.key` in a clause or query into
% `'.'(D, key, V), X = V` (run only for terms read with a '.'/2 in them).

:- '$doc'("get_dict(+Key, +Dict, -Value, -NewValue, -NewDict)", "Key has Value in Dict, and NewDict is Dict with NewValue for Key.").
get_dict(K, D, V, NV, ND) :-
    '$dict_arg'(K, D, I, get_dict/5),
    arg(I, D, V),
    put_dict(K, D, NV, ND).

:- '$doc'("select_dict(+Select, +From, -Rest)", "Select's tag and pairs unify with From's; Rest is a dict of From's other pairs.").
select_dict(Sel, From, Rest) :-
    dict_pairs(Sel, Tag, SP),
    dict_pairs(From, Tag, FP),
    '$dict_select'(SP, FP, RP),
    dict_pairs(Rest, _, RP).

'$dict_select'([], Rest, Rest).
'$dict_select'([K-V|Ps], [K2-V2|Fs], Rest) :-
    compare(O, K, K2),
    '$dict_select'(O, K, V, Ps, K2, V2, Fs, Rest).

'$dict_select'(=, _, V, Ps, _, V, Fs, Rest) :-
    '$dict_select'(Ps, Fs, Rest).
'$dict_select'(>, K, V, Ps, K2, V2, Fs, [K2-V2|Rest]) :-
    '$dict_select'([K-V|Ps], Fs, Rest).

:- '$doc'(":<(+Select, +From)", "Select's tag and pairs unify with those of From (select_dict/3 without the rest).").
Sel :< From :-
    select_dict(Sel, From, _).

:- '$doc'(">:<(+Dict1, +Dict2)", "The tags of the dicts unify, and so do the values of the keys they share.").
D1 >:< D2 :-
    dict_pairs(D1, Tag, P1),
    dict_pairs(D2, Tag, P2),
    '$dict_punify'(P1, P2).

'$dict_punify'([], _) :- !.
'$dict_punify'(_, []) :- !.
'$dict_punify'([K1-V1|P1], [K2-V2|P2]) :-
    compare(O, K1, K2),
    (   O == (=)
    ->  V1 = V2,
        '$dict_punify'(P1, P2)
    ;   O == (<)
    ->  '$dict_punify'(P1, [K2-V2|P2])
    ;   '$dict_punify'([K1-V1|P1], P2)
    ).

:- '$doc'("b_set_dict(+Key, !Dict, +Value)", "Destructively set Key's value in Dict to Value; undone on backtracking.").
b_set_dict(K, D, V) :-
    '$dict_set_arg'(K, D, I, b_set_dict),
    setarg(I, D, V).

:- '$doc'("nb_set_dict(+Key, !Dict, +Value)", "Destructively set Key's value in Dict to a copy of Value; kept on backtracking.").
nb_set_dict(K, D, V) :-
    '$dict_set_arg'(K, D, I, nb_set_dict),
    nb_setarg(I, D, V).

:- '$doc'("nb_link_dict(+Key, !Dict, +Value)", "As nb_set_dict/3, without copying Value.").
nb_link_dict(K, D, V) :-
    '$dict_set_arg'(K, D, I, nb_link_dict),
    nb_linkarg(I, D, V).

'$dict_set_arg'(K, D, I, Pred) :-
    (   '$dict_arg'(K, D, I, Pred/3)
    ->  true
    ;   throw(error(existence_error(key, K, D), context(Pred/3, _)))
    ).

:- '$doc'(".(+Dict, +Function, -Value)", "Functional notation on dicts: Value is Dict.Function (a key, get(K), get(K,Default), put(New), put(K,V), or Tag's own function).").
'.'(Data, Func, Value) :-
    (   is_dict(Data, Tag)
    ->  '$dict_eval'(Func, Data, Tag, Value)
    ;   var(Data)
    ->  throw(error(instantiation_error, _))
    ;   throw(error(type_error(dict, Data), _))
    ).

'$dict_eval'(K, D, _, V) :-
    var(K), !,
    get_dict(K, D, V).
'$dict_eval'(get(K), D, _, V) :- !,
    get_dict(K, D, V).
'$dict_eval'(get(K, Default), D, _, V) :- !,
    (   get_dict(K, D, V0)
    ->  V = V0
    ;   V = Default
    ).
'$dict_eval'(put(New), D, _, V) :- !,
    put_dict(New, D, V).
'$dict_eval'(put(K, V1), D, _, V) :- !,
    put_dict(K, D, V1, V).
'$dict_eval'(K, D, _, V) :-
    atomic(K), !,
    (   get_dict(K, D, V0)
    ->  V = V0
    ;   throw(error(existence_error(key, K, D), _))
    ).
'$dict_eval'(F, D, Tag, V) :-
    (   var(Tag)
    ->  throw(error(instantiation_error, _))
    ;   call(Tag:F, D, V)
    ).

% '$expand_dict_calls'(+Clause, -Expanded): functional notation in a clause,
% directive or query made into '.'/3 goals before the goal that holds it.
'$expand_dict_calls'(T, T) :-
    var(T), !.
'$expand_dict_calls'((H --> B), (H --> B)) :- !.
'$expand_dict_calls'((:- B0), (:- B)) :- !,
    '$expand_dict_goal'(B0, B).
'$expand_dict_calls'((?- B0), (?- B)) :- !,
    '$expand_dict_goal'(B0, B).
'$expand_dict_calls'((H0 :- B0), (H :- B)) :- !,
    '$dict_dots'(H0, H, Pre),
    '$expand_dict_goal'(B0, B1),
    '$dict_conj'(Pre, B1, B).
'$expand_dict_calls'((H0 => B0), (H => B)) :- !,
    '$dict_dots'(H0, H, Pre),
    '$expand_dict_goal'(B0, B1),
    '$dict_conj'(Pre, B1, B).
'$expand_dict_calls'(H0, C) :-
    '$dict_dots'(H0, H, Pre),
    (   Pre == true
    ->  C = H
    ;   C = (H :- Pre)
    ).

% A query with its variables: the expansion is copied out of the query that
% computes it, and the variables are what joins the copy to the original.
'$expand_dict_query'(G0-Vs, G-Vs) :-
    '$expand_dict_goal'(G0, G).

'$expand_dict_goal'(G, G) :-
    var(G), !.
'$expand_dict_goal'(M:G0, M:G) :- !,
    '$expand_dict_goal'(G0, G).
'$expand_dict_goal'((A0, B0), (A, B)) :- !,
    '$expand_dict_goal'(A0, A),
    '$expand_dict_goal'(B0, B).
'$expand_dict_goal'((A0 ; B0), (A ; B)) :- !,
    '$expand_dict_goal'(A0, A),
    '$expand_dict_goal'(B0, B).
'$expand_dict_goal'((A0 -> B0), (A -> B)) :- !,
    '$expand_dict_goal'(A0, A),
    '$expand_dict_goal'(B0, B).
'$expand_dict_goal'((A0 *-> B0), (A *-> B)) :- !,
    '$expand_dict_goal'(A0, A),
    '$expand_dict_goal'(B0, B).
'$expand_dict_goal'(\+ A0, \+ A) :- !,
    '$expand_dict_goal'(A0, A).
'$expand_dict_goal'(G0, G) :-
    (   compound(G0),
        catch(predicate_property(G0, meta_predicate(Spec)), _, fail)
    ->  G0 =.. [F|As0],
        Spec =.. [_|Ss],
        '$expand_dict_meta_args'(As0, Ss, As),
        G1 =.. [F|As]
    ;   G1 = G0
    ),
    '$dict_dots'(G1, G2, Pre),
    '$dict_conj'(Pre, G2, G).

'$expand_dict_meta_args'([], _, []).
'$expand_dict_meta_args'([A0|As0], [S|Ss], [A|As]) :-
    (   S == 0
    ->  '$expand_dict_goal'(A0, A)
    ;   A = A0
    ),
    '$expand_dict_meta_args'(As0, Ss, As).

'$dict_conj'(true, G, G) :- !.
'$dict_conj'(P, G, (P, G)).

% '$dict_dots'(+T0, -T, -Pre): T is T0 with each '.'(Dict, Func) replaced by
% a fresh variable V that the goals Pre bind ('.'(Dict, Func, V)), inner
% ones first.
'$dict_dots'(T0, T, Pre) :-
    '$dict_dots'(T0, T, true, Pre).

'$dict_dots'(T0, T, P0, P) :-
    (   compound(T0)
    ->  (   compound_name_arity(T0, '.', 2)
        ->  arg(1, T0, D0),
            arg(2, T0, F0),
            '$dict_dots'(D0, D, P0, P1),
            '$dict_dots'(F0, F, P1, P2),
            '$dict_conj_end'(P2, '.'(D, F, T), P)
        ;   T0 =.. [N|As0],
            '$dict_dots_list'(As0, As, P0, P),
            T =.. [N|As]
        )
    ;   T = T0,
        P = P0
    ).

'$dict_dots_list'([], [], P, P).
'$dict_dots_list'([A0|As0], [A|As], P0, P) :-
    '$dict_dots'(A0, A, P0, P1),
    '$dict_dots_list'(As0, As, P1, P).

'$dict_conj_end'(true, G, G) :- !.
'$dict_conj_end'(P, G, (P, G)).
