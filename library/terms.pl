% terms.pl -- library(terms): term inspection and traversal (SWI-Prolog 9's
% module `terms`): term_size/2, variant/2, subsumes/2, subsumes_chk/2,
% term_subsumer/3 (anti-unification), term_factorized/3, mapargs/3,
% mapsubterms/3, mapsubterms_var/3, foldsubterms/4,5 and same_functor/2,3,4.
% term_hash/2,4, term_variables/2,3, cyclic_term/1 and acyclic_term/1 are
% system predicates, exported here as SWI-Prolog does.
%
% Written for knightlog from SWI-Prolog's documentation and observed
% behaviour. Differences: term_size/2 counts a subterm shared in memory once
% per occurrence (knightlog has no way to see physical sharing), and the
% traversals assume acyclic terms.
% Tested by: tests/prolog/lib_terms.pl (tests/prolog_suites.rs).

:- module(terms,
          [ term_hash/2,
            term_hash/4,
            term_size/2,
            term_variables/2,
            term_variables/3,
            variant/2,
            subsumes/2,
            subsumes_chk/2,
            cyclic_term/1,
            acyclic_term/1,
            term_subsumer/3,
            term_factorized/3,
            mapargs/3,
            mapsubterms/3,
            mapsubterms_var/3,
            foldsubterms/4,
            foldsubterms/5,
            same_functor/2,
            same_functor/3,
            same_functor/4
          ]).
:- use_module(library(assoc)).

:- meta_predicate
    mapargs(2, ?, ?),
    mapsubterms(2, ?, ?),
    mapsubterms_var(2, ?, ?),
    foldsubterms(3, +, +, -),
    foldsubterms(4, +, ?, +, -).

%   variant(@T1, @T2): T1 and T2 are equal up to renaming of variables.
variant(X, Y) :-
    X =@= Y.

%   subsumes(+General, +Specific): General subsumes Specific; unify them.
subsumes(General, Specific) :-
    subsumes_term(General, Specific),
    General = Specific.

%   subsumes_chk(+General, +Specific): General subsumes Specific (no binding).
subsumes_chk(General, Specific) :-
    subsumes_term(General, Specific).

%   term_size(@Term, -Size): Size is the number of cells Term takes on
%   SWI-Prolog's global stack (64-bit): compounds 1+Arity, floats 3, strings
%   and big integers by their length, atoms, small integers and variables 0.
term_size(Term, Size) :-
    term_size_([Term], 0, Size0),
    Size = Size0.

term_size_([], S, S).
term_size_([T|Ts], S0, S) :-
    (   var(T)
    ->  S1 = S0, Ts1 = Ts
    ;   compound(T)
    ->  compound_name_arguments(T, _, Args),
        length(Args, A),
        S1 is S0 + 1 + A,
        append(Args, Ts, Ts1)
    ;   atomic_size(T, C),
        S1 is S0 + C,
        Ts1 = Ts
    ),
    term_size_(Ts1, S1, S).

atomic_size(T, 0) :-
    atom(T),
    !.
atomic_size(T, C) :-
    integer(T),
    !,
    (   T >= -72057594037927936, T < 72057594037927936
    ->  C = 0
    ;   T >= -9223372036854775808, T =< 9223372036854775807
    ->  C = 3
    ;   Limbs is msb(abs(T)) // 64 + 1,
        C is 3 + Limbs
    ).
atomic_size(T, 3) :-
    float(T),
    !.
atomic_size(T, C) :-
    string(T),
    !,
    string_codes(T, Codes),
    length(Codes, Len),
    (   Codes \== [], max_list(Codes, Max), Max > 255
    ->  Bytes is 4 * (Len + 1)
    ;   Bytes is Len + 1
    ),
    C is 2 + Bytes // 8 + 1.
atomic_size(_, 0).

%   term_subsumer(+Special1, +Special2, -General): General is the most specific
%   term that subsumes both (anti-unification). The same pair of differing
%   subterms gets the same variable.
term_subsumer(T1, T2, General) :-
    anti_unify(T1, T2, G, [], _),
    General = G.

anti_unify(T1, T2, G, M0, M) :-
    (   T1 == T2
    ->  G = T1, M = M0
    ;   compound(T1), compound(T2),
        compound_name_arity(T1, N, A),
        compound_name_arity(T2, N, A)
    ->  compound_name_arguments(T1, N, As1),
        compound_name_arguments(T2, N, As2),
        anti_unify_list(As1, As2, Gs, M0, M),
        make_compound(N, Gs, G)
    ;   pair_var(M0, T1, T2, V)
    ->  G = V, M = M0
    ;   M = [p(T1, T2, G)|M0]
    ).

anti_unify_list([], [], [], M, M).
anti_unify_list([X|Xs], [Y|Ys], [G|Gs], M0, M) :-
    anti_unify(X, Y, G, M0, M1),
    anti_unify_list(Xs, Ys, Gs, M1, M).

pair_var([p(A, B, V0)|Ps], T1, T2, V) :-
    (   A == T1, B == T2
    ->  V = V0
    ;   pair_var(Ps, T1, T2, V)
    ).

%   term_factorized(+Term, -Skeleton, -Substitution): Skeleton is Term with
%   every compound subterm that occurs more than once replaced by a
%   variable; Substitution is a list Var=Value, in the standard order of the
%   replaced subterms, whose values are factorized the same way.
term_factorized(Term, Skeleton, Substitution) :-
    empty_assoc(Seen0),
    once(count_subterms([Term], Seen0, Seen)),
    assoc_to_list(Seen, Counted),
    shared_subterms(Counted, Pairs),
    list_to_assoc(Pairs, Shared),
    factor(Term, Shared, Skel),
    substitution(Pairs, Shared, Subst),
    Skeleton = Skel,
    Substitution = Subst.

count_subterms([], Seen, Seen).
count_subterms([T|Ts], Seen0, Seen) :-
    (   compound(T)
    ->  (   get_assoc(T, Seen0, N0)
        ->  N is N0 + 1,
            put_assoc(T, Seen0, N, Seen1),
            Ts1 = Ts
        ;   put_assoc(T, Seen0, 1, Seen1),
            compound_name_arguments(T, _, Args),
            append(Args, Ts, Ts1)
        )
    ;   Seen1 = Seen0, Ts1 = Ts
    ),
    count_subterms(Ts1, Seen1, Seen).

shared_subterms([], []).
shared_subterms([T-N|Ps], Shared) :-
    (   N > 1
    ->  Shared = [T-_|Rest]
    ;   Shared = Rest
    ),
    shared_subterms(Ps, Rest).

factor(T, Shared, F) :-
    (   compound(T)
    ->  (   get_assoc(T, Shared, V)
        ->  F = V
        ;   factor_args(T, Shared, F)
        )
    ;   F = T
    ).

factor_args(T, Shared, F) :-
    compound_name_arguments(T, N, Args),
    factor_list(Args, Shared, FArgs),
    make_compound(N, FArgs, F).

factor_list([], _, []).
factor_list([A|As], Shared, [F|Fs]) :-
    factor(A, Shared, F),
    factor_list(As, Shared, Fs).

substitution([], _, []).
substitution([T-V|Ps], Shared, [V=F|Subst]) :-
    factor_args(T, Shared, F),
    substitution(Ps, Shared, Subst).

%   mapargs(:Goal, ?Term1, ?Term2): Term1 and Term2 have the same name and
%   arity and call(Goal, A1, A2) holds for each pair of arguments.
mapargs(Goal, Term1, Term2) :-
    same_shape(Term1, Term2, Args1, Args2),
    mapargs_(Args1, Args2, Goal).

mapargs_([], [], _).
mapargs_([A|As], [B|Bs], Goal) :-
    call(Goal, A, B),
    mapargs_(As, Bs, Goal).

same_shape(T1, T2, Args1, Args2) :-
    (   compound(T1)
    ->  compound_name_arity(T1, N, A),
        compound_name_arity(T2, N, A),
        T1 =.. [_|Args1],
        T2 =.. [_|Args2]
    ;   compound(T2)
    ->  compound_name_arity(T2, N, A),
        compound_name_arity(T1, N, A),
        T1 =.. [_|Args1],
        T2 =.. [_|Args2]
    ;   var(T1), var(T2)
    ->  throw(error(instantiation_error, _))
    ;   T1 = T2,
        Args1 = [], Args2 = []
    ).

%   mapsubterms(:Goal, +Term1, -Term2): Term2 is Term1 with each subterm S for
%   which call(Goal, S, S2) succeeds (first solution) replaced by S2; where it
%   fails the subterm's arguments are mapped. Variables are left as they are.
%   A list is mapped element by element (and its tail if that is not []).
mapsubterms(Goal, Term1, Term2) :-
    map_subterms(Term1, Term2, Goal, false).

%   mapsubterms_var(:Goal, +Term1, -Term2): as mapsubterms/3, but Goal is also
%   called on the variables.
mapsubterms_var(Goal, Term1, Term2) :-
    map_subterms(Term1, Term2, Goal, true).

map_subterms(T1, T2, Goal, Vars) :-
    (   var(T1), Vars == false
    ->  T2 = T1
    ;   call(Goal, T1, M)
    ->  T2 = M
    ;   var(T1)
    ->  T2 = T1
    ;   T1 = [H1|L1]
    ->  T2 = [H2|L2],
        map_subterms(H1, H2, Goal, Vars),
        map_list_tail(L1, L2, Goal, Vars)
    ;   compound(T1)
    ->  compound_name_arguments(T1, N, Args1),
        map_subterm_list(Args1, Args2, Goal, Vars),
        make_compound(N, Args2, T2)
    ;   T2 = T1
    ).

map_list_tail(L1, L2, Goal, Vars) :-
    (   L1 == []
    ->  L2 = []
    ;   nonvar(L1), L1 = [H1|T1]
    ->  L2 = [H2|T2],
        map_subterms(H1, H2, Goal, Vars),
        map_list_tail(T1, T2, Goal, Vars)
    ;   map_subterms(L1, L2, Goal, Vars)
    ).

map_subterm_list([], [], _, _).
map_subterm_list([A|As], [B|Bs], Goal, Vars) :-
    map_subterms(A, B, Goal, Vars),
    map_subterm_list(As, Bs, Goal, Vars).

%   foldsubterms(:Goal, +Term, +State0, -State): call(Goal, Sub, S0, S) on
%   Term and, where that fails, on its subterms (variables included), passing
%   the state along.
foldsubterms(Goal, Term, S0, S) :-
    fold4(Term, Goal, S0, S).

fold4(T, Goal, S0, S) :-
    (   call(Goal, T, S0, S1)
    ->  S = S1
    ;   var(T)
    ->  S = S0
    ;   T = [H|L]
    ->  fold4(H, Goal, S0, S1),
        fold4_tail(L, Goal, S1, S)
    ;   compound(T)
    ->  compound_name_arguments(T, _, Args),
        fold4_list(Args, Goal, S0, S)
    ;   S = S0
    ).

fold4_tail(L, Goal, S0, S) :-
    (   L == []
    ->  S = S0
    ;   nonvar(L), L = [H|T]
    ->  fold4(H, Goal, S0, S1),
        fold4_tail(T, Goal, S1, S)
    ;   fold4(L, Goal, S0, S)
    ).

fold4_list([], _, S, S).
fold4_list([A|As], Goal, S0, S) :-
    fold4(A, Goal, S0, S1),
    fold4_list(As, Goal, S1, S).

%   foldsubterms(:Goal, +Term1, ?Term2, +State0, -State): as foldsubterms/4,
%   also building Term2 from call(Goal, Sub1, Sub2, S0, S) where it succeeds
%   (Sub2 = Sub1 where no call succeeds on Sub1 or its subterms).
foldsubterms(Goal, Term1, Term2, S0, S) :-
    fold5(Term1, T2, Goal, S0, S1),
    Term2 = T2,
    S = S1.

fold5(T1, T2, Goal, S0, S) :-
    (   call(Goal, T1, M, S0, S1)
    ->  T2 = M, S = S1
    ;   var(T1)
    ->  T2 = T1, S = S0
    ;   T1 = [H1|L1]
    ->  T2 = [H2|L2],
        fold5(H1, H2, Goal, S0, S1),
        fold5_tail(L1, L2, Goal, S1, S)
    ;   compound(T1)
    ->  compound_name_arguments(T1, N, Args1),
        fold5_list(Args1, Args2, Goal, S0, S),
        make_compound(N, Args2, T2)
    ;   T2 = T1, S = S0
    ).

fold5_tail(L1, L2, Goal, S0, S) :-
    (   L1 == []
    ->  L2 = [], S = S0
    ;   nonvar(L1), L1 = [H1|T1]
    ->  L2 = [H2|T2],
        fold5(H1, H2, Goal, S0, S1),
        fold5_tail(T1, T2, Goal, S1, S)
    ;   fold5(L1, L2, Goal, S0, S)
    ).

fold5_list([], [], _, S, S).
fold5_list([A|As], [B|Bs], Goal, S0, S) :-
    fold5(A, B, Goal, S0, S1),
    fold5_list(As, Bs, Goal, S1, S).

%   same_functor(?Term1, ?Term2): Term1 and Term2 have the same name and arity.
same_functor(Term1, Term2) :-
    same_functor(Term1, Term2, _, _).

%   same_functor(?Term1, ?Term2, -Arity)
same_functor(Term1, Term2, Arity) :-
    same_functor(Term1, Term2, _, Arity).

%   same_functor(?Term1, ?Term2, ?Name, ?Arity): both terms have name Name and
%   arity Arity; an unbound term is created from the other or from Name/Arity.
same_functor(Term1, Term2, Name, Arity) :-
    (   nonvar(Term1)
    ->  functor(Term1, Name, Arity),
        functor(Term2, Name, Arity)
    ;   nonvar(Term2)
    ->  functor(Term2, Name, Arity),
        functor(Term1, Name, Arity)
    ;   functor(Term1, Name, Arity),
        functor(Term2, Name, Arity)
    ).

%   make_compound(+Name, +Args, -Term): Term is Name(Args...), built as a
%   list cell for '[|]'/2 (knightlog's compound_name_arguments/3 and =../2 do
%   not build a cell that unifies with [_|_]).
make_compound(N, Args, T) :-
    (   N == '[|]', Args = [H, L]
    ->  T = [H|L]
    ;   compound_name_arguments(T, N, Args)
    ).

%!  term_hash(+Term, -Hash) is det.
%!  term_hash(+Term, +Depth, +Range, -Hash) is det.
%
%   A hash of a ground Term (of Term up to Depth), stable across runs and
%   equal for equal terms; Hash stays unbound if Term is not ground. The
%   numbers differ from SWI-Prolog's. Here until knightlog has term_hash/2,4
%   built in.

term_hash(Term, Hash) :-
    (   ground(Term)
    ->  text_hash(Term, Hash0),
        Hash is Hash0 /\ 0xFFFFFF
    ;   true
    ).

term_hash(Term, Depth, Range, Hash) :-
    must_be(nonneg, Depth),
    must_be(positive_integer, Range),
    depth_cut(Depth, Term, Cut),
    (   ground(Cut)
    ->  text_hash(Cut, Hash0),
        Hash is Hash0 mod Range
    ;   true
    ).

text_hash(Term, Hash) :-
    format(atom(Text), '~k', [Term]),
    atom_codes(Text, Codes),
    foldl(hash_code, Codes, 5381, Hash).

hash_code(Code, H0, H) :-
    H is (H0*33 + Code) /\ 0xFFFFFFF.

% The term down to Depth: deeper arguments become '$cut', so that they do
% not count; Depth 0 keeps nothing.
depth_cut(0, _, '$cut') :- !.
depth_cut(_, T, T) :- \+ compound(T), !.
depth_cut(D, T, C) :-
    D1 is D - 1,
    compound_name_arguments(T, N, Args),
    maplist(depth_cut(D1), Args, CArgs),
    compound_name_arguments(C, N, CArgs).
