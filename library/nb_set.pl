% library(nb_set): sets of terms that survive backtracking, written for
% knightlog.
%
% Two terms are the same element when they are variants (=@=). A set is
% nb_set(Levels, Size): Levels is levels(R1, ..., R40), each Ri [] or a
% run term run(K1-T1, ..., Kn-Tn) of n = 2^(i-1) elements sorted on Ki, the
% element Ti with its variables numbered (numbervars/3), so that variants
% have the same key. Adding an element carries runs up the levels like a
% binary counter; every change is made with nb_setarg/3 on one level only.
% A key can collide with a term that already holds '$VAR'(N) terms.

:- module(nb_set,
          [ empty_nb_set/1,
            add_nb_set/2,
            add_nb_set/3,
            gen_nb_set/2,
            size_nb_set/2,
            nb_set_to_list/2
          ]).

%!  empty_nb_set(-Set) is det.
empty_nb_set(nb_set(Levels, 0)) :-
    functor(Levels, levels, 40),
    nb_set_clear(1, Levels).

nb_set_clear(I, Levels) :-
    (   arg(I, Levels, [])
    ->  I1 is I + 1,
        nb_set_clear(I1, Levels)
    ;   true
    ).

%!  add_nb_set(+Key, !Set) is det.
add_nb_set(Key, Set) :-
    add_nb_set(Key, Set, _).

%!  add_nb_set(+Key, !Set, ?New) is semidet.
%   New is true if Key was added, false if a variant of Key was already in
%   Set.
add_nb_set(Key, Set, New) :-
    nb_set_levels(Set, Levels),
    nb_set_key(Key, K),
    (   nb_set_member(1, Levels, K)
    ->  New = false
    ;   New = true,
        nb_set_insert(1, Levels, run(K-Key)),
        arg(2, Set, Size0),
        Size is Size0 + 1,
        nb_setarg(2, Set, Size)
    ).

nb_set_levels(Set, Levels) :-
    must_be(compound, Set),
    (   Set = nb_set(Levels, _),
        compound(Levels)
    ->  true
    ;   throw(error(type_error(nb_set, Set), _))
    ).

nb_set_key(Term, Key) :-
    copy_term(Term, Key),
    numbervars(Key, 0, _).

nb_set_member(I, Levels, K) :-
    arg(I, Levels, Run),
    (   Run \== [],
        functor(Run, _, N),
        nb_set_search(Run, K, 1, N)
    ->  true
    ;   I < 40,
        I1 is I + 1,
        nb_set_member(I1, Levels, K)
    ).

nb_set_search(Run, K, Lo, Hi) :-
    Lo =< Hi,
    Mid is (Lo + Hi) // 2,
    arg(Mid, Run, K0-_),
    compare(Order, K, K0),
    (   Order == (=)
    ->  true
    ;   Order == (<)
    ->  Hi1 is Mid - 1,
        nb_set_search(Run, K, Lo, Hi1)
    ;   Lo1 is Mid + 1,
        nb_set_search(Run, K, Lo1, Hi)
    ).

nb_set_insert(I, Levels, Run) :-
    arg(I, Levels, Old),
    (   Old == []
    ->  nb_setarg(I, Levels, Run)
    ;   Old =.. [_|Es1],
        Run =.. [_|Es2],
        nb_set_merge(Es1, Es2, Es),
        Merged =.. [run|Es],
        nb_setarg(I, Levels, []),
        I1 is I + 1,
        nb_set_insert(I1, Levels, Merged)
    ).

nb_set_merge([], Es, Es) :- !.
nb_set_merge(Es, [], Es) :- !.
nb_set_merge([K1-T1|Es1], [K2-T2|Es2], Es) :-
    (   K1 @< K2
    ->  Es = [K1-T1|Es3],
        nb_set_merge(Es1, [K2-T2|Es2], Es3)
    ;   Es = [K2-T2|Es3],
        nb_set_merge([K1-T1|Es1], Es2, Es3)
    ).

%!  gen_nb_set(+Set, -Key) is nondet.
%   Enumerate the elements of Set (each with fresh variables).
gen_nb_set(Set, Key) :-
    nb_set_levels(Set, Levels),
    between(1, 40, I),
    arg(I, Levels, Run),
    Run \== [],
    functor(Run, _, N),
    between(1, N, J),
    arg(J, Run, _-T),
    copy_term(T, Key).

%!  size_nb_set(+Set, -Size) is det.
size_nb_set(nb_set(_, Size0), Size) :-
    Size = Size0.

%!  nb_set_to_list(+Set, -List) is det.
%   List holds the elements of Set in the standard order of terms.
nb_set_to_list(Set, List) :-
    findall(T, gen_nb_set(Set, T), Ts),
    msort(Ts, List).
