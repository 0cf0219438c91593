% Orders written in a small command language are parsed by a grammar module
% and priced by a catalogue module that keeps prices in an assoc.
:- use_module(grammar).
:- use_module(catalogue).
:- initialization(main, main).

orders(["buy 3 apples and 2 pears",
        "buy 1 melon",
        "buy 12 apples, 1 melon and 4 kiwis",
        "sell 2 apples",
        "buy 5 durians"]).

main :-
    orders(Os),
    forall(member(O, Os),
           (   string_codes(O, Cs), phrase(order(Lines), Cs)
           ->  catch(( total(Lines, T), format("~s: ~2f~n", [Cs, T]) ),
                     error(existence_error(product, P), _),
                     format("~s: unknown product ~w~n", [Cs, P]))
           ;   format("~s: not understood~n", [O])
           )).
