% option.pl -- library(option): option lists (SWI-Prolog 9's module
% `swi_option`): option/2,3, select_option/3,4, merge_options/3 and
% meta_options/3. An option is Name(Value) or Name=Value; a lookup takes the
% first Name(...) element and, if there is none, the first Name=Value one.
%
% dict_options/2 is not provided: knightlog has no dicts.
% meta_options/3 qualifies with the module of `Module:Options` when given and
% with `user` otherwise (library meta-arguments arrive unqualified in
% knightlog).
%
% Written for knightlog from SWI-Prolog's documentation and observed behaviour.
% Tested by: tests/prolog/lib_option.pl (tests/prolog_suites.rs).

:- module(swi_option,
          [ option/2,
            option/3,
            select_option/3,
            select_option/4,
            merge_options/3,
            meta_options/3,
            dict_options/2
          ]).

%   option(?Option, +Options): Option (Name(Value)) is in Options.
option(Opt, Options) :-
    (   is_list(Options)
    ->  true
    ;   throw(error(existence_error(matching_rule, swi_option:option(Opt, Options)), _))
    ),
    functor(Opt, Name, Arity),
    find_option(Options, Opt, Name, Arity, Found),
    !,
    Opt = Found.

%   option(?Option, +Options, +Default): as option/2; if Options has no
%   option Name, Option's argument is Default.
option(Opt, Options, Default) :-
    must_be(list, Options),
    functor(Opt, Name, Arity),
    (   find_option(Options, Opt, Name, Arity, Found)
    ->  Opt = Found
    ;   arg(1, Opt, Default)
    ).

% find_option(+Options, +Opt, +Name, +Arity, -Found): Found is the first
% element of Options with Opt's functor or, when there is none and Arity is 1,
% Name(V) for the first Name=V.
find_option(Options, _, Name, Arity, Found) :-
    member(E, Options),
    nonvar(E),
    functor(E, Name, Arity),
    !,
    Found = E.
find_option(Options, _, Name, 1, Found) :-
    member(E, Options),
    nonvar(E),
    E = (N = V),
    N == Name,
    !,
    Found =.. [Name, V].

%   select_option(?Option, +Options, -Rest): as option/2, and Rest is Options
%   without the selected element.
select_option(Opt, Options, Rest) :-
    functor(Opt, Name, Arity),
    select_option_(Options, Name, Arity, Found, Rest0),
    !,
    Opt = Found,
    Rest = Rest0.

select_option_(Options, Name, Arity, Found, Rest) :-
    select_first(Options, E, Rest, E, Name, Arity),
    !,
    Found = E.
select_option_(Options, Name, 1, Found, Rest) :-
    select_first(Options, E, Rest, E, (=), 2),
    E = (N = V),
    N == Name,
    !,
    Found =.. [Name, V].

% select_first(+List, -Elem, -Rest, ...): Elem is an element of List with
% functor Name/Arity (first one first), Rest the others; only the proper
% prefix of a partial list is searched.
select_first(List, _, _, _, _, _) :-
    var(List),
    !,
    fail.
select_first([E|T], Elem, Rest, _, Name, Arity) :-
    (   nonvar(E), functor(E, Name, Arity)
    ->  (   Elem = E, Rest = T
        ;   Rest = [E|Rest1],
            select_first(T, Elem, Rest1, _, Name, Arity)
        )
    ;   Rest = [E|Rest1],
        select_first(T, Elem, Rest1, _, Name, Arity)
    ).

%   select_option(?Option, +Options, -Rest, +Default): as select_option/3; if
%   there is no option Name, Option's argument is Default and Rest = Options.
select_option(Opt, Options, Rest, Default) :-
    (   select_option(Opt, Options, Rest0)
    ->  Rest = Rest0
    ;   arg(1, Opt, Default),
        Rest = Options
    ).

%   merge_options(+New, +Old, -Merged): Merged has the options of both, New's
%   where both name an option; Name=Value becomes Name(Value); both lists are
%   sorted and merged by option name.
merge_options([], Old, Merged) :-
    !,
    must_be(list, Old),
    Merged = Old.
merge_options(New, [], Merged) :-
    !,
    must_be(list, New),
    Merged = New.
merge_options(New, Old, Merged) :-
    must_be(list, New),
    must_be(list, Old),
    canonical_options(New, NewC),
    canonical_options(Old, OldC),
    sort(NewC, NewS),
    sort(OldC, OldS),
    merge_sorted(NewS, OldS, Merged0),
    Merged = Merged0.

canonical_options([], []).
canonical_options([O|Os], [C|Cs]) :-
    (   nonvar(O), O = (N = V), atom(N)
    ->  C =.. [N, V]
    ;   C = O
    ),
    canonical_options(Os, Cs).

merge_sorted([], Old, Old) :- !.
merge_sorted(New, [], New) :- !.
merge_sorted([N|Ns], [O|Os], Merged) :-
    option_name(N, NN),
    option_name(O, ON),
    compare(Order, NN, ON),
    (   Order == (<)
    ->  Merged = [N|Rest],
        merge_sorted(Ns, [O|Os], Rest)
    ;   Order == (=)
    ->  Merged = [N|Rest],
        merge_sorted(Ns, Os, Rest)
    ;   Merged = [O|Rest],
        merge_sorted([N|Ns], Os, Rest)
    ).

option_name(O, Name) :-
    (   compound(O)
    ->  compound_name_arity(O, Name, _)
    ;   Name = O
    ).

%   meta_options(+IsMeta, :Options0, -Options): Options is Options0 with the
%   value V of every option Name for which call(IsMeta, Name) succeeds
%   qualified as Module:V (unless it is qualified already).
meta_options(IsMeta, Options0, Options) :-
    (   nonvar(Options0), Options0 = M:Options1
    ->  true
    ;   M = user, Options1 = Options0
    ),
    must_be(list, Options1),
    meta_options_(Options1, IsMeta, M, Options).

meta_options_([], _, _, []).
meta_options_([O|Os], IsMeta, M, [Q|Qs]) :-
    (   nonvar(O), O = (N = V), call(IsMeta, N)
    ->  qualify(V, M, QV), Q = (N = QV)
    ;   compound(O), compound_name_arguments(O, N, [V]), call(IsMeta, N)
    ->  qualify(V, M, QV), Q =.. [N, QV]
    ;   Q = O
    ),
    meta_options_(Os, IsMeta, M, Qs).

qualify(V, M, Q) :-
    (   nonvar(V), V = _:_
    ->  Q = V
    ;   Q = M:V
    ).

%   dict_options(?Dict, ?Options): Options as the dict Dict, or Dict as the
%   canonical option list (Name(Value), sorted by name). From options, the
%   first of several options with one name wins; a term that is no option is
%   a domain error.
dict_options(Dict, Options) :-
    nonvar(Dict),
    !,
    dict_pairs(Dict, _, Pairs),
    pairs_options(Pairs, Options).
dict_options(Dict, Options) :-
    must_be(list, Options),
    options_pairs(Options, Pairs0),
    sort(1, @<, Pairs0, Pairs),
    dict_create(Dict, _, Pairs).

pairs_options([], []).
pairs_options([K-V|Ps], [O|Os]) :-
    O =.. [K, V],
    pairs_options(Ps, Os).

options_pairs([], []).
options_pairs([O|Os], [K-V|Ps]) :-
    (   nonvar(O), O = (K = V)
    ->  true
    ;   compound(O), compound_name_arguments(O, K, [V])
    ->  true
    ;   throw(error(domain_error(option, O), _))
    ),
    options_pairs(Os, Ps).
