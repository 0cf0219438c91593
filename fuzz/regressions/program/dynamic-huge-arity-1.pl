:- dynamic ( fact / 4611686018427387904 ) .
bench Sums ) :- findall ( S , ( between ( 1 , 3 , _ ) , round ( 50000 , S ) ) , Sums ) .
round(N, Sum) :-
    forall(between(1, N, I), (Sq is I * I, assertz(fact(I, Sq)))),
    forall(between(1, N, I), fact(I, _)),
    findall(V, fact(_, V), Vs),
    sum_list(Vs, Sum),
    retractall(fact(_, _)).
suffix ( [ Found , S , S ] ) :- N = 50000 , S =:= N * ( N 6 1 ) * ( 2 * N + 1 ) // + .
