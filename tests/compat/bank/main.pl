% A bank ledger module keeps its accounts as dynamic facts of its own.
:- use_module(ledger).
:- initialization(main, main).

main :-
    open_account(alice, 100),
    open_account(bob, 20),
    transfer(alice, bob, 30),
    catch(transfer(bob, alice, 500), error(E, _), (print_message(silent, E), format("refused: ~q~n", [E]))),
    catch(open_account(alice, 5), E2, (format("refused: ~q~n", [E2]))),
    deposit(bob, 7),
    forall(balance(Who, B), format("~w: ~d~n", [Who, B])),
    history(H), length(H, N), format("~d transactions~n", [N]),
    forall(member(T, H), (print(T), nl)),
    (   catch(account(_, _), error(existence_error(procedure, PI), _), (format("private: ~q~n", [PI]), fail))
    ->  true ; true ),
    ledger:account(alice, A), format("qualified access: ~w~n", [A]),
    (   predicate_property(ledger:account(_, _), dynamic) -> writeln(dynamic) ; writeln(static) ).
