/*  match.pl -- a pattern matcher over nested structures: patterns with
    named holes (?(Name), bound consistently through an environment list),
    wildcards (any), alternatives (alt(P, Q)) and list patterns (each(P):
    every element matches P) are tried against every subterm of a generated
    tree of records; 120 rounds.
    Result: for each pattern, the number of subterms it matches, counted by
    hand from how the tree is built (see expected/1).
*/

bench(Counts) :-
    tree(6, T),
    match_loop(120, T, Counts).

match_loop(1, T, Cs) :- !, count_all(T, Cs).
match_loop(N, T, Cs) :-
    count_all(T, _),
    N1 is N - 1,
    match_loop(N1, T, Cs).

% tree(D, T): a node(Kind, Attrs, Children) tree of depth D, three children
% each; Kind cycles through a, b, c by the child's position.
tree(0, leaf(v)) :- !.
tree(D, node(K, [attr(depth, D), attr(kind, K)], [C1, C2, C3])) :-
    D1 is D - 1,
    kind(D, K),
    tree(D1, C1), tree(D1, C2), tree(D1, C3).

kind(D, K) :- I is D mod 3, nth0(I, [a, b, c], K).

patterns([ node(a, any, any),
           node(?(k), [attr(depth, any), attr(kind, ?(k))], any),
           alt(leaf(any), node(c, any, any)),
           node(any, each(attr(any, any)), each(alt(leaf(v), node(any, any, any)))),
           node(any, any, [?(x), ?(x), ?(x)])
         ]).

count_all(T, Counts) :-
    patterns(Ps),
    count_patterns(Ps, T, Counts).

count_patterns([], _, []).
count_patterns([P|Ps], T, [C|Cs]) :-
    count_matches(T, P, 0, C),
    count_patterns(Ps, T, Cs).

% Walk every subterm of T with an explicit agenda (no findall).
count_matches(T, P, C0, C) :-
    walk([T], P, C0, C).

walk([], _, C, C).
walk([T|Ts], P, C0, C) :-
    (   match(P, T, [], _)
    ->  C1 is C0 + 1
    ;   C1 = C0
    ),
    children(T, Ts, Ts1),
    walk(Ts1, P, C1, C).

children(node(_, As, Cs), Ts0, Ts) :- !,
    append(As, Ts0, Ts1),
    append(Cs, Ts1, Ts).
children(_, Ts, Ts).

match(any, _, E, E) :- !.
match(?(N), T, E0, E) :- !,
    (   memberchk(N = V, E0)
    ->  V == T,
        E = E0
    ;   E = [N = T|E0]
    ).
match(alt(P, Q), T, E0, E) :- !,
    (   match(P, T, E0, E)
    ->  true
    ;   match(Q, T, E0, E)
    ).
match(each(P), T, E0, E) :- !,
    is_list(T),
    match_each(T, P, E0, E).
match(P, T, E0, E) :-
    compound(P), !,
    compound(T),
    functor(P, F, N),
    functor(T, F, N),
    match_args(1, N, P, T, E0, E).
match(P, T, E, E) :-
    P == T.

match_each([], _, E, E).
match_each([T|Ts], P, E0, E) :-
    match(P, T, E0, E1),
    match_each(Ts, P, E1, E).

match_args(I, N, _, _, E, E) :- I > N, !.
match_args(I, N, P, T, E0, E) :-
    arg(I, P, PA),
    arg(I, T, TA),
    match(PA, TA, E0, E1),
    I1 is I + 1,
    match_args(I1, N, P, T, E1, E).

% Depth-6 tree: 3^d nodes at depth 6-d (d = 0..5) and 729 leaves; node of
% depth D has kind (D mod 3) -> a, b, c.  Nodes: 364.  Kind a (D = 3, 6):
% 1 + 27 = 28.  Kind c (D = 2, 5): 3 + 81 = 84.  Pattern 2 matches every
% node (364); pattern 3 the 729 leaves and 84 c-nodes; pattern 4 every node
% (364); pattern 5 nodes whose three children are equal terms: all 364.
expected([28, 364, 813, 364, 364]).
