% varnumbers.pl -- library(varnumbers): the inverse of numbervars/3 (SWI-Prolog
% 9's module `varnumbers`): numbervars/1, varnumbers/2,3, max_var_number/3 and
% varnumbers_names/3.
%
% Written for knightlog from SWI-Prolog's documentation and observed behaviour.
% Tested by: tests/prolog/lib_varnumbers.pl (tests/prolog_suites.rs).

:- module(varnumbers,
          [ numbervars/1,
            varnumbers/2,
            max_var_number/3,
            varnumbers/3,
            varnumbers_names/3
          ]).

%   numbervars(!Term): numbervars(Term, 0, _).
numbervars(Term) :-
    numbervars(Term, 0, _).

%   varnumbers(+Term, -Copy): varnumbers(Term, 0, Copy).
varnumbers(Term, Copy) :-
    varnumbers(Term, 0, Copy).

%   varnumbers(+Term, +Start, -Copy): Copy is Term with each '$VAR'(N), N an
%   integer >= Start, replaced by a variable (the same N, the same variable).
%   Variables of Term stay shared with Copy.
varnumbers(Term, Start, Copy) :-
    S is Start,
    max_var_number(Term, S, Max),
    Count is Max - S + 1,
    functor(Vars, v, Count),
    varnumbers_(Term, S, Vars, C),
    Copy = C.

varnumbers_(T, S, Vars, C) :-
    (   var(T)
    ->  C = T
    ;   T = '$VAR'(N), integer(N), N >= S
    ->  I is N - S + 1,
        arg(I, Vars, C)
    ;   compound(T)
    ->  T =.. [F|Args],
        varnumbers_list(Args, S, Vars, CArgs),
        rebuild(F, CArgs, C)
    ;   C = T
    ).

varnumbers_list([], _, _, []).
varnumbers_list([A|As], S, Vars, [C|Cs]) :-
    varnumbers_(A, S, Vars, C),
    varnumbers_list(As, S, Vars, Cs).

%   max_var_number(+Term, +Start, -Max): Max is the largest N of a '$VAR'(N)
%   (N an integer) in Term, or Start if that is larger.
max_var_number(Term, Start, Max) :-
    max_var_([Term], Start, M),
    Max = M.

max_var_([], M, M).
max_var_([T|Ts], M0, M) :-
    (   var(T)
    ->  M1 = M0, Ts1 = Ts
    ;   T = '$VAR'(N), integer(N)
    ->  (   N > M0 -> M1 = N ; M1 = M0 ),
        Ts1 = Ts
    ;   compound(T)
    ->  M1 = M0,
        T =.. [_|Args],
        append(Args, Ts, Ts1)
    ;   M1 = M0, Ts1 = Ts
    ),
    max_var_(Ts1, M1, M).

%   varnumbers_names(+Term, -Copy, -VariableNames): Copy is Term with each
%   '$VAR'(Name) replaced by a variable; VariableNames is a list Name=Var,
%   sorted by Name.
varnumbers_names(Term, Copy, VariableNames) :-
    var_names([Term], [], Names0),
    sort(Names0, Names),
    pair_names(Names, Bindings),
    names_(Term, Bindings, C),
    Copy = C,
    VariableNames = Bindings.

var_names([], Ns, Ns).
var_names([T|Ts], Ns0, Ns) :-
    (   var(T)
    ->  Ns1 = Ns0, Ts1 = Ts
    ;   T = '$VAR'(N)
    ->  Ns1 = [N|Ns0], Ts1 = Ts
    ;   compound(T)
    ->  Ns1 = Ns0,
        T =.. [_|Args],
        append(Args, Ts, Ts1)
    ;   Ns1 = Ns0, Ts1 = Ts
    ),
    var_names(Ts1, Ns1, Ns).

pair_names([], []).
pair_names([N|Ns], [N=_|Bs]) :-
    pair_names(Ns, Bs).

names_(T, Bindings, C) :-
    (   var(T)
    ->  C = T
    ;   T = '$VAR'(N)
    ->  member(N0=V, Bindings),
        N0 == N,
        !,
        C = V
    ;   compound(T)
    ->  T =.. [F|Args],
        names_list(Args, Bindings, CArgs),
        rebuild(F, CArgs, C)
    ;   C = T
    ).

names_list([], _, []).
names_list([A|As], Bindings, [C|Cs]) :-
    names_(A, Bindings, C),
    names_list(As, Bindings, Cs).

% A list cell is rebuilt as one: knightlog's =../2 builds a '[|]'/2 term that
% does not unify with [_|_].
rebuild(F, Args, T) :-
    (   F == '[|]', Args = [H, L]
    ->  T = [H|L]
    ;   T =.. [F|Args]
    ).
