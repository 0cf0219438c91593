% Clause variables kept in the argument register they are passed in
% (knightlog's compile.rs, `arg_homes`): arguments passed on in place,
% swapped, rotated, or passed on after inline goals that write argument
% registers of their own (their arguments, the M:T stripping of the database
% builtins, sort/4, read/1), and through control constructs.
:- use_module(library(plunit)).

app([], L, L).
app([H|T], L, [H|R]) :- app(T, L, R).

nrev([], []).
nrev([H|T], R) :- nrev(T, RT), app(RT, [H], R).

% Arguments swapped and rotated on the way down.
swap(0, A, B, A-B) :- !.
swap(N, A, B, R) :- N1 is N - 1, swap(N1, B, A, R).

rot(0, A, B, C, t(A, B, C)) :- !.
rot(N, A, B, C, R) :- N1 is N - 1, rot(N1, B, C, A, R).

% The variable passed on is also an argument of inline goals before the call.
len([], N, N).
len([_|T], N0, N) :- N1 is N0 + 1, len(T, N1, N).

count_atoms([], N, N).
count_atoms([X|Xs], N0, N) :- atom(X), !, N1 is N0 + 1, count_atoms(Xs, N1, N).
count_atoms([_|Xs], N0, N) :- count_atoms(Xs, N0, N).

% An inline goal that rewrites its own argument register (M:T stripped).
:- dynamic fact/1.
add_and_pass(G, G) :- assertz(G).
add_then(G, R) :- assertz(G), R = G.
pass_on(G, R) :- assertz(G), id(G, R).
id(X, X).

% sort/4 rewrites its argument registers too.
sort_and_pass(K, L, S, K-L) :- sort(K, @=<, L, S).
sort_then(K, L, S, R) :- sort(K, @=<, L, S), id(K-L, R).

% read/1 used to write the register after its argument, a temporary here.
:- dynamic got/1.
read_one :- read(T), assertz(got(T)).

% A variable in its home register across a construct's condition.
pick(X, Y, R) :- ( X == a -> id(Y, R) ; id(X, R) ).
pick2(X, Y, Z, R) :- ( Z > 0 -> id(t(X, Y), R) ; id(t(Y, X), R) ).

% Arguments passed on both in place and inside a structure.
wrap(X, Y, f(X, Y)).
wrap_on(X, Y, R) :- wrap(X, g(Y), R).
both(X, Y, R) :- id3(Y, X, f(X, Y), R).
id3(A, B, C, r(A, B, C)).

% The head's variable is needed again after the first call.
twice(X, R) :- id(X, A), id(X, B), R = A-B.

:- begin_tests(arg_registers).

test(nrev) :- numlist(1, 30, L), nrev(L, R), reverse(L, R).
test(app_backwards, all(X-Y == [[]-[a, b], [a]-[b], [a, b]-[]])) :- app(X, Y, [a, b]).
test(swap) :- swap(3, a, b, R), R == b-a.
test(swap_even) :- swap(4, a, b, R), R == a-b.
test(rot) :- rot(4, a, b, c, R), R == t(b, c, a).
test(len) :- len([a, b, c], 0, N), N == 3.
test(count_atoms) :- count_atoms([a, 1, b, f(x), c], 0, N), N == 3.
test(assert_passes_qualified, [cleanup(retractall(fact(_)))]) :-
    add_and_pass(user:fact(1), G), G == user:fact(1),
    add_then(user:fact(2), G2), G2 == user:fact(2),
    pass_on(user:fact(3), G3), G3 == user:fact(3),
    findall(X, fact(X), Xs), Xs == [1, 2, 3].
test(sort4) :- sort_and_pass(0, [c, a, b], S, R), S == [a, b, c], R == 0-[c, a, b].
test(sort4_then) :- sort_then(0, [c, a, b], S, R), S == [a, b, c], R == 0-[c, a, b].
test(pick) :- pick(a, b, R1), R1 == b, pick(c, b, R2), R2 == c.
test(pick2) :- pick2(x, y, 1, R1), R1 == t(x, y), pick2(x, y, 0, R2), R2 == t(y, x).
test(wrap_on) :- wrap_on(a, b, R), R == f(a, g(b)).
test(both) :- both(a, b, R), R == r(b, a, f(a, b)).
test(twice) :- twice(x, R), R == x-x.
text_file(Text, F) :-
    tmp_file(args, F),
    setup_call_cleanup(open(F, write, S), write(S, Text), close(S)).

test(read_keeps_registers) :-
    text_file('t(1). t(2).', F),
    setup_call_cleanup(open(F, read, S), ( read(S, A), read(S, B) ), close(S)),
    delete_file(F),
    A == t(1), B == t(2).

test(read1_keeps_registers, [cleanup(retractall(got(_)))]) :-
    text_file('hello(world).', F),
    current_input(Old),
    open(F, read, S),
    setup_call_cleanup(set_input(S), read_one, ( set_input(Old), close(S) )),
    delete_file(F),
    got(T), T == hello(world).

:- end_tests(arg_registers).
