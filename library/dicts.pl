/*  library(dicts): utilities over lists of dicts, for knightlog, compatible
    with SWI-Prolog's library of the same name. Written for knightlog from
    SWI-Prolog's documentation and its observed behaviour (9.0.4). The dict
    primitives themselves (get_dict/3, put_dict/4, dict_pairs/3, ...) are
    system predicates (src/builtins/dicts.rs, lib/dicts.pl).
*/

:- module(dicts,
          [ dicts_same_tag/2,           % +List, -Tag
            dict_size/2,                % +Dict, -KeyCount
            dict_keys/2,                % +Dict, -Keys
            dicts_same_keys/2,          % +List, -Keys
            dicts_to_same_keys/3,       % +DictsIn, :OnEmpty, -DictsOut
            dict_fill/4,                % +ValueIn, +Key, +Dict, -Value
            dict_no_fill/3,             % +Key, +Dict, -Value
            dicts_join/3,               % +Key, +DictsIn, -Dicts
            dicts_join/4,               % +Key, +Dicts1, +Dicts2, -Dicts
            dicts_slice/3,              % +Keys, +DictsIn, -DictsOut
            dicts_to_compounds/4        % ?Dicts, +Keys, :OnEmpty, ?Compounds
          ]).

:- use_module(library(apply)).
:- use_module(library(lists)).
:- use_module(library(pairs)).
:- use_module(library(ordsets)).

:- meta_predicate
    dicts_to_same_keys(+, 3, -),
    dicts_to_compounds(?, +, 3, ?).

%!  dicts_same_tag(+List, -Tag) is semidet.
%
%   All dicts of List have the tag Tag (unbound tags are bound to it).

dicts_same_tag(List, Tag) :-
    maplist(tag_is(Tag), List).

tag_is(Tag, Dict) :-
    is_dict(Dict, Tag).

%!  dict_size(+Dict, -KeyCount) is det.

dict_size(Dict, KeyCount) :-
    must_be_dict(Dict),
    dict_pairs(Dict, _, Pairs),
    length(Pairs, KeyCount).

%!  dict_keys(+Dict, -Keys) is det.
%
%   Keys is the ordered set of the keys of Dict.

dict_keys(Dict, Keys) :-
    must_be_dict(Dict),
    dict_pairs(Dict, _, Pairs),
    pairs_keys(Pairs, Keys).

must_be_dict(Dict) :-
    (   is_dict(Dict)
    ->  true
    ;   var(Dict)
    ->  throw(error(instantiation_error, _))
    ;   throw(error(type_error(dict, Dict), _))
    ).

%!  dicts_same_keys(+List, -Keys) is semidet.
%
%   All dicts of List have the same keys, the ordered set Keys.

dicts_same_keys([], _).
dicts_same_keys([D|Ds], Keys) :-
    dict_keys(D, Keys),
    maplist(has_keys(Keys), Ds).

has_keys(Keys, Dict) :-
    dict_keys(Dict, Keys).

%!  dicts_to_same_keys(+DictsIn, :OnEmpty, -DictsOut) is det.
%
%   Each dict of DictsOut has every key of the dicts of DictsIn; a missing
%   value is given by call(OnEmpty, Key, Dict, Value).

dicts_to_same_keys(DictsIn, OnEmpty, DictsOut) :-
    foldl(union_keys, DictsIn, [], Keys),
    maplist(fill_keys(Keys, OnEmpty), DictsIn, DictsOut).

union_keys(Dict, Keys0, Keys) :-
    dict_keys(Dict, Ks),
    ord_union(Keys0, Ks, Keys).

fill_keys(Keys, OnEmpty, Dict0, Dict) :-
    dict_pairs(Dict0, Tag, Pairs0),
    pairs_keys(Pairs0, Have),
    ord_subtract(Keys, Have, Missing),
    maplist(fill_value(OnEmpty, Dict0), Missing, New),
    append(Pairs0, New, Pairs),
    dict_pairs(Dict, Tag, Pairs).

fill_value(OnEmpty, Dict, Key, Key-Value) :-
    call(OnEmpty, Key, Dict, Value).

%!  dict_fill(+ValueIn, +Key, +Dict, -Value) is det.
%
%   OnEmpty closure: Value is a copy of ValueIn.

dict_fill(ValueIn, _, _, Value) :-
    copy_term(ValueIn, Value).

%!  dict_no_fill(+Key, +Dict, -Value) is det.
%
%   OnEmpty closure that raises existence_error(key, Key, Dict).

dict_no_fill(Key, Dict, _) :-
    throw(error(existence_error(key, Key, Dict), _)).

%!  dicts_join(+Key, +DictsIn, -Dicts) is semidet.
%
%   Dicts that have the same value (==) for Key are joined into one, in the
%   order of that value; fails if two of them disagree on another key.

dicts_join(Key, DictsIn, Dicts) :-
    sort_on(Key, DictsIn, Sorted),
    join_runs(Sorted, Key, Dicts).

join_runs([], _, []).
join_runs([D0|Ds0], Key, [D|Ds]) :-
    get_dict(Key, D0, V),
    join_same(Ds0, Key, V, D0, D, Rest),
    join_runs(Rest, Key, Ds).

join_same([D1|Ds0], Key, V, D0, D, Rest) :-
    get_dict(Key, D1, V1),
    V1 == V,
    !,
    join_two(D0, D1, D01),
    join_same(Ds0, Key, V, D01, D, Rest).
join_same(Rest, _, _, D, D, Rest).

join_two(D1, D2, D) :-
    D1 >:< D2,
    put_dict(D2, D1, D).

%!  dicts_join(+Key, +Dicts1, +Dicts2, -Dicts) is semidet.
%
%   Joins the dicts of Dicts1 with those of Dicts2 that have the same value
%   (==) for Key, one to one in the order of that value; the others are
%   kept. Fails if a joined pair disagrees on another key.

dicts_join(Key, Dicts1, Dicts2, Dicts) :-
    sort_on(Key, Dicts1, S1),
    sort_on(Key, Dicts2, S2),
    merge_join(S1, S2, Key, Dicts).

merge_join([], Ds, _, Ds) :- !.
merge_join(Ds, [], _, Ds) :- !.
merge_join([D1|Ds1], [D2|Ds2], Key, Dicts) :-
    get_dict(Key, D1, V1),
    get_dict(Key, D2, V2),
    compare(Order, V1, V2),
    (   Order == (=)
    ->  join_two(D1, D2, D),
        Dicts = [D|Rest],
        merge_join(Ds1, Ds2, Key, Rest)
    ;   Order == (<)
    ->  Dicts = [D1|Rest],
        merge_join(Ds1, [D2|Ds2], Key, Rest)
    ;   Dicts = [D2|Rest],
        merge_join([D1|Ds1], Ds2, Key, Rest)
    ).

% The dicts in the standard order of their values for Key, duplicates and
% their order kept; a dict without Key is an existence error.
sort_on(Key, Dicts, Sorted) :-
    maplist(keyed(Key), Dicts, Keyed),
    keysort(Keyed, SortedPairs),
    pairs_values(SortedPairs, Sorted).

keyed(Key, Dict, V-Dict) :-
    (   get_dict(Key, Dict, V)
    ->  true
    ;   throw(error(existence_error(key, Key, Dict), _))
    ).

%!  dicts_slice(+Keys, +DictsIn, -DictsOut) is det.
%
%   DictsOut holds the dicts of DictsIn restricted to Keys.

dicts_slice(Keys, DictsIn, DictsOut) :-
    sort(Keys, KeySet),
    maplist(slice(KeySet), DictsIn, DictsOut).

slice(Keys, Dict0, Dict) :-
    dict_pairs(Dict0, Tag, Pairs0),
    include(key_in(Keys), Pairs0, Pairs),
    dict_pairs(Dict, Tag, Pairs).

key_in(Keys, K-_) :-
    ord_memberchk(K, Keys).

%!  dicts_to_compounds(?Dicts, +Keys, :OnEmpty, ?Compounds) is semidet.
%
%   Each compound's arguments are the values of Keys in the dict at the
%   same place; its name is the dict's tag (`row` for a dict without one).
%   From dicts, OnEmpty gives missing values as in dicts_to_same_keys/3.

dicts_to_compounds(Dicts, Keys, OnEmpty, Compounds) :-
    (   is_list(Dicts)
    ->  maplist(dict_to_compound(Keys, OnEmpty), Dicts, Compounds)
    ;   maplist(compound_to_dict(Keys), Compounds, Dicts)
    ).

dict_to_compound(Keys, OnEmpty, Dict, Compound) :-
    is_dict(Dict, Tag),
    (   var(Tag)
    ->  Tag = row
    ;   true
    ),
    maplist(value_of(Dict, OnEmpty), Keys, Values),
    Compound =.. [Tag|Values].

value_of(Dict, OnEmpty, Key, Value) :-
    (   get_dict(Key, Dict, V)
    ->  Value = V
    ;   call(OnEmpty, Key, Dict, Value)
    ).

compound_to_dict(Keys, Compound, Dict) :-
    Compound =.. [Tag|Values],
    pairs_keys_values(Pairs, Keys, Values),
    dict_pairs(Dict, Tag, Pairs).
