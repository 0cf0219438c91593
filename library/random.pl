% random.pl -- library(random): random numbers, selections and permutations
% (SWI-Prolog 9's module `random`). random/1, random_between/3, maybe/0,
% random_member/2, random_select/3 and random_permutation/2 are knightlog
% system predicates (src/builtins/lib/boot.pl), exported here as in SWI-Prolog.
%
% getrand/1 and setrand/1 read and set the generator's state through the
% system predicates random_property(state(S)) and set_random(state(S))
% (src/builtins/arith_sys.rs): the state is knightlog's own, an integer.
%
% Written for knightlog from SWI-Prolog's documentation and observed behaviour.
% Tested by: tests/prolog/lib_random.pl (tests/prolog_suites.rs).

:- module(random,
          [ random/1,
            random_between/3,
            getrand/1,
            setrand/1,
            maybe/0,
            maybe/1,
            maybe/2,
            random_perm2/4,
            random_member/2,
            random_select/3,
            random_subseq/3,
            randseq/3,
            randset/3,
            random_permutation/2,
            random_numlist/4,
            random/3
          ]).
:- use_module(library(ordsets)).

%   getrand(-State): State is the state of the random generator.
getrand(State) :-
    random_property(state(State)).

%   setrand(+State): restore a state from getrand/1.
setrand(State) :-
    set_random(state(State)).

%   maybe(+P): succeed with probability P (0.0 =< P =< 1.0).
maybe(P) :-
    probability(P),
    random_float < P.

probability(P) :-
    (   var(P)
    ->  throw(error(instantiation_error, _))
    ;   number(P), P >= 0.0, P =< 1.0
    ->  true
    ;   throw(error(type_error(between(0.0, 1.0), P), _))
    ).

%   maybe(+K, +N): succeed with probability K/N (0 =< K =< N).
maybe(K, N) :-
    must_be(nonneg, K),
    must_be(nonneg, N),
    (   K > N
    ->  throw(error(domain_error(not_less_than_zero, N-K), _))
    ;   true
    ),
    K > 0,
    random(N) < K.

%   random(+L, +U, -R): R is a random integer L =< R < U, or a float in
%   [L,U) when L or U is a float (deprecated: use random_between/3).
random(L, U, R) :-
    (   integer(L), integer(U)
    ->  R is L + random(U - L)
    ;   R is L + (U - L) * random_float
    ).

%   random_perm2(?A, ?B, ?X, ?Y): X-Y is A-B or B-A, each with probability 1/2.
random_perm2(A, B, X, Y) :-
    (   maybe
    ->  X = A, Y = B
    ;   X = B, Y = A
    ).

%   random_subseq(+List, -Subseq, -Complement): each element of List goes to
%   Subseq or to Complement, each with probability 1/2 (order kept).
random_subseq([], [], []).
random_subseq([H|T], Sub, Compl) :-
    (   maybe
    ->  Sub = [H|Sub1], Compl = Compl1
    ;   Sub = Sub1, Compl = [H|Compl1]
    ),
    random_subseq(T, Sub1, Compl1).

%   randset(+K, +N, -Set): Set is an ordered set of K distinct random
%   integers in 1..N; fails if K > N.
randset(K, N, Set) :-
    must_be(nonneg, K),
    must_be(nonneg, N),
    K =< N,
    (   K * 4 =< N
    ->  randset_reject(K, N, [], Set0)
    ;   randset_select(1, N, K, Set0)
    ),
    Set = Set0.

% Few from many: draw until K distinct numbers are in the set.
randset_reject(0, _, Set, Set) :- !.
randset_reject(K, N, Set0, Set) :-
    X is 1 + random(N),
    (   ord_memberchk(X, Set0)
    ->  randset_reject(K, N, Set0, Set)
    ;   ord_add_element(Set0, X, Set1),
        K1 is K - 1,
        randset_reject(K1, N, Set1, Set)
    ).

% Selection sampling: I is taken with probability K/(N-I+1), K still wanted.
randset_select(_, _, 0, []) :- !.
randset_select(I, N, K, Set) :-
    Left is N - I + 1,
    (   random(Left) < K
    ->  Set = [I|Set1],
        K1 is K - 1
    ;   Set = Set1,
        K1 = K
    ),
    I1 is I + 1,
    randset_select(I1, N, K1, Set1).

%   randseq(+K, +N, -List): List is K distinct random integers in 1..N in
%   random order; fails if K > N.
randseq(K, N, List) :-
    randset(K, N, Set),
    random_permutation(Set, List).

%   random_numlist(+P, +L, +U, -List): List is the ordered list of the
%   integers in L..U, each taken with probability P.
random_numlist(P, L, U, List) :-
    probability(P),
    must_be(integer, L),
    must_be(integer, U),
    random_numlist_(L, U, P, List).

random_numlist_(I, U, _, []) :-
    I > U,
    !.
random_numlist_(I, U, P, List) :-
    (   random_float < P
    ->  List = [I|List1]
    ;   List = List1
    ),
    I1 is I + 1,
    random_numlist_(I1, U, P, List1).
