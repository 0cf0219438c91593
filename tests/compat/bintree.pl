% Binary search trees: insertion, traversal, height, deletion, and printing
% the tree sideways.
:- initialization(main, main).

insert(X, nil, t(nil, X, nil)).
insert(X, t(L, Y, R), T) :-
    (   X < Y -> insert(X, L, L1), T = t(L1, Y, R)
    ;   X > Y -> insert(X, R, R1), T = t(L, Y, R1)
    ;   T = t(L, Y, R)
    ).

inorder(nil) --> [].
inorder(t(L, X, R)) --> inorder(L), [X], inorder(R).
preorder(nil) --> [].
preorder(t(L, X, R)) --> [X], preorder(L), preorder(R).

height(nil, 0).
height(t(L, _, R), H) :- height(L, HL), height(R, HR), H is max(HL, HR) + 1.

delete(X, t(L, X, R), T) :- !, ( L == nil -> T = R ; R == nil -> T = L ; max_of(L, M), delete(M, L, L1), T = t(L1, M, R) ).
delete(X, t(L, Y, R), t(L1, Y, R)) :- X < Y, !, delete(X, L, L1).
delete(X, t(L, Y, R), t(L, Y, R1)) :- delete(X, R, R1).
max_of(t(_, X, nil), X) :- !.
max_of(t(_, _, R), X) :- max_of(R, X).

show(nil, _).
show(t(L, X, R), D) :- D1 is D + 4, show(R, D1), tab(D), writeln(X), show(L, D1).

main :-
    foldl(insert, [50, 30, 70, 20, 40, 60, 80, 35, 45, 65], nil, T),
    phrase(inorder(T), In), phrase(preorder(T), Pre),
    format("inorder: ~w~npreorder: ~w~n", [In, Pre]),
    height(T, H), format("height: ~d~n", [H]),
    delete(30, T, T2), phrase(inorder(T2), In2), format("without 30: ~w~n", [In2]),
    show(T2, 0),
    numlist(1, 200, Ns), foldl(insert, Ns, nil, Deg), height(Deg, HD), format("degenerate height: ~d~n", [HD]).
