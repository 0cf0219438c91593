/*  crypt.pl -- cryptarithms solved by search: letters take distinct digits
    chosen with select/3, column by column from the right with carries, so a
    wrong digit fails early; SEND+MORE=MONEY, DONALD+GERALD=ROBERT and
    CROSS+ROADS=DANGER, all solutions each, 250 rounds.
    Result: the one solution of each puzzle (known answers: 9567+1085=10652,
    526485+197485=723970, 96233+62513=158746).
*/

bench(Sols) :-
    crypt_loop(250, Sols).

crypt_loop(1, S) :- !, all_puzzles(S).
crypt_loop(N, S) :-
    all_puzzles(_),
    N1 is N - 1,
    crypt_loop(N1, S).

all_puzzles([A, B, C]) :-
    findall(X, puzzle("SEND", "MORE", "MONEY", X), A),
    findall(X, puzzle("DONALD", "GERALD", "ROBERT", X), B),
    findall(X, puzzle("CROSS", "ROADS", "DANGER", X), C).

% puzzle(+W1, +W2, +Sum, -N1+N2=N3): the words as numbers once solved.
puzzle(S1, S2, S3, N1 + N2 = N3) :-
    letters(S1, L1), letters(S2, L2), letters(S3, L3),
    append([L1, L2, L3], All), sort(All, Letters),
    pairs(Letters, Env),
    maplist(lookup(Env), L1, V1),
    maplist(lookup(Env), L2, V2),
    maplist(lookup(Env), L3, V3),
    reverse(V1, R1), reverse(V2, R2), reverse(V3, R3),
    columns(R1, R2, R3, 0, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
    V1 = [F1|_], V2 = [F2|_], V3 = [F3|_],
    F1 =\= 0, F2 =\= 0, F3 =\= 0,
    number_of(V1, N1), number_of(V2, N2), number_of(V3, N3).

letters(S, As) :- string_chars(S, As).

pairs([], []).
pairs([L|Ls], [L-_|Ps]) :- pairs(Ls, Ps).

lookup(Env, L, V) :- memberchk(L-V, Env).

% columns(+Rev1, +Rev2, +Rev3, +Carry, +FreeDigits): digits right to left.
columns([], [], [], C, _) :- !, C =:= 0.
columns([], [], [D], C, Free) :- !, digit(D, Free, _), D =:= C.
columns(A0, B0, [D|Ds], C0, Free0) :-
    head_rest(A0, A, As), head_rest(B0, B, Bs),
    digit(A, Free0, Free1),
    digit(B, Free1, Free2),
    S is A + B + C0,
    Dv is S mod 10,
    digit_is(D, Dv, Free2, Free3),
    C is S // 10,
    columns(As, Bs, Ds, C, Free3).

head_rest([], 0, []).
head_rest([X|Xs], X, Xs).

% digit(?D, +Free0, -Free): D is bound already or takes a free digit.
digit(D, Free0, Free) :-
    (   var(D)
    ->  select(D, Free0, Free)
    ;   Free = Free0
    ).

digit_is(D, V, Free0, Free) :-
    (   var(D)
    ->  selectchk(V, Free0, Free), D = V
    ;   D =:= V, Free = Free0
    ).

number_of(Ds, N) :- foldl([D, A0, A]>>(A is A0 * 10 + D), Ds, 0, N).

expected([[9567 + 1085 = 10652],
          [526485 + 197485 = 723970],
          [96233 + 62513 = 158746]]).
