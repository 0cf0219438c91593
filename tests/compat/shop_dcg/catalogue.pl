:- module(catalogue, [total/2]).
:- use_module(library(assoc)).

prices(A) :- list_to_assoc([apple-0.4, pear-0.55, melon-2.5, kiwi-0.3], A).

total(Lines, T) :-
    prices(A),
    foldl([N-P, T0, T1]>>( ( get_assoc(P, A, Price) -> true
                           ; throw(error(existence_error(product, P), _)) ),
                           T1 is T0 + N * Price ), Lines, 0, T).
