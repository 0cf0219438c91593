% library(assoc) additions: get_assoc/5; no choicepoints left by rotations.
% Run under knightlog and SWI-Prolog.
:- use_module(library(plunit)).
:- use_module(library(assoc)).

put_all([], A, A).
put_all([K-V|Ps], A0, A) :- put_assoc(K, A0, V, A1), put_all(Ps, A1, A).

:- begin_tests(assoc_extra).
test(get5, [Old-L == 2-[a-1, b-new, c-3]]) :-
    list_to_assoc([a-1, b-2, c-3], A0), get_assoc(b, A0, Old, A, new), assoc_to_list(A, L).
test(get5_missing, fail) :- list_to_assoc([a-1], A0), get_assoc(z, A0, _, _, _).
test(get5_check_old, fail) :- list_to_assoc([a-1], A0), get_assoc(a, A0, 2, _, _).
test(get5_deep, [L == [1-x, 2-x, 3-x, 4-y, 5-x, 6-x, 7-x]]) :-
    findall(K-x, between(1, 7, K), Ps), list_to_assoc(Ps, A0),
    get_assoc(4, A0, x, A, y), assoc_to_list(A, L).
test(put_rotations_det) :-
    empty_assoc(E), put_assoc(a, E, 0, A1), put_assoc(b, A1, 0, A2), put_assoc(c, A2, 0, A3),
    assoc_to_keys(A3, [a, b, c]).
test(put_many_det) :-
    findall(K-K, (between(1, 100, I), K is (I * 37) mod 101), Ps),
    empty_assoc(E), put_all(Ps, E, A), is_assoc(A).
test(del_det) :-
    findall(K-K, between(1, 50, K), Ps), list_to_assoc(Ps, A0),
    del_assoc(1, A0, 1, A1), del_assoc(2, A1, 2, A2), del_assoc(3, A2, 3, A3), is_assoc(A3).
:- end_tests(assoc_extra).
