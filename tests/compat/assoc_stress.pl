% Inserting and deleting many keys keeps the AVL tree balanced and ordered.
:- use_module(library(assoc)).
:- initialization(main, main).

depth(t, 0).
depth(t(_, _, _, L, R), D) :- depth(L, DL), depth(R, DR), D is max(DL, DR) + 1.

insert_all([], A, A).
insert_all([K|Ks], A0, A) :- put_assoc(K, A0, v(K), A1), insert_all(Ks, A1, A).

delete_all([], A, A).
delete_all([K|Ks], A0, A) :- del_assoc(K, A0, v(K), A1), delete_all(Ks, A1, A).

scramble(N, L) :- findall(K, (between(1, N, I), K is (I * 7919) mod 1009), L).

main :-
    scramble(500, Keys),
    empty_assoc(E),
    insert_all(Keys, E, A),
    depth(A, D), format("depth after 500 inserts: ~d~n", [D]),
    assoc_to_keys(A, Ks), msort(Keys, Sorted),
    ( Ks == Sorted -> writeln(ordered) ; writeln(not_ordered) ),
    length(Keys, N), numlist(1, N, _),
    findall(K, (member(K, Keys), K mod 3 =:= 0), Del),
    delete_all(Del, A, A2),
    depth(A2, D2), format("depth after deletes: ~d~n", [D2]),
    assoc_to_list(A2, L2), length(L2, N2), format("left: ~d~n", [N2]),
    ( is_assoc(A2) -> writeln(valid) ; writeln(invalid) ),
    list_to_assoc([c-3, a-1, b-2, d-4, e-5], L5), print(L5), nl,
    put_assoc(f, L5, 6, L6), print(L6), nl,
    del_assoc(c, L6, V, L7), print(V-L7), nl,
    del_min_assoc(L7, MinK, MinV, L8), print(MinK-MinV-L8), nl,
    del_max_assoc(L8, MaxK, MaxV, L9), print(MaxK-MaxV-L9), nl,
    catch(list_to_assoc([a-1, a-2], _), error(Err, _), (print(Err), nl)),
    ( get_assoc(zz, L9, _) -> true ; writeln('zz absent') ).
