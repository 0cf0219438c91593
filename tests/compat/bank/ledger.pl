:- module(ledger, [open_account/2, deposit/2, transfer/3, balance/2, history/1]).

:- dynamic account/2.
:- dynamic log_entry/1.

open_account(Who, Amount) :-
    (   account(Who, _)
    ->  throw(account_exists(Who))
    ;   assertz(account(Who, Amount)),
        note(open(Who, Amount))
    ).

deposit(Who, Amount) :-
    must_be(positive_integer, Amount),
    retract(account(Who, B0)),
    B is B0 + Amount,
    assertz(account(Who, B)),
    note(deposit(Who, Amount)).

transfer(From, To, Amount) :-
    account(From, B0),
    (   B0 < Amount
    ->  throw(error(domain_error(sufficient_funds, From-Amount), transfer/3))
    ;   true
    ),
    retract(account(From, B0)), B1 is B0 - Amount, assertz(account(From, B1)),
    retract(account(To, C0)), C1 is C0 + Amount, assertz(account(To, C1)),
    note(transfer(From, To, Amount)).

balance(Who, B) :- account(Who, B).

note(T) :- assertz(log_entry(T)).

history(H) :- findall(T, log_entry(T), H).
