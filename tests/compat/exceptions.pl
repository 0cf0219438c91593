% Exceptions as programs use them: error terms, cleanup, rethrow, recovery.
:- initialization(main, main).

safe_div(X, Y, Z) :-
    catch(Z is X / Y, error(E, _), (format("caught ~w~n", [E]), Z = undefined)).

checked_age(A) :-
    must_be(integer, A),
    (   A < 0 -> domain_error(non_negative, A) ; true ).

try(G) :-
    catch(G, Ball, (print_ball(Ball))), !.
try(_) :- writeln(failed).

print_ball(error(Formal, _)) :- !, format("error: ~q~n", [Formal]).
print_ball(B) :- format("thrown: ~q~n", [B]).

main :-
    safe_div(1, 0, Z1), writeln(Z1),
    safe_div(6, 3, Z2), writeln(Z2),
    try(checked_age(x)),
    try(checked_age(_)),
    try(checked_age(-3)),
    try(checked_age(30)),
    try(atom_length(X, _)),
    try(atom_length(f(x), _)),
    try(arg(x, f(a), _)),
    try(functor(_, _, _)),
    try(atom_codes(_, _)),
    try(number_codes(N, "3x")),
    try(throw(my_ball(1))),
    try(succ(P, 0)),
    try(msort(a, _)),
    try(sub_atom(abc, B, 2, A, Sub)),
    writeln(B-A-Sub), ( var(N), var(P) -> writeln(unbound) ; true ),
    setup_call_cleanup(writeln(setup), writeln(work), writeln(cleanup)),
    catch(setup_call_cleanup(true, throw(oops), writeln(cleanup_after_throw)), oops, writeln(caught_oops)),
    catch(( member(I, [1,2,3]), I >= 2, throw(found(I)) ), found(F), format("found ~w~n", [F])),
    catch(catch(throw(inner), outer, writeln(wrong)), inner, writeln(right)),
    E = error(type_error(integer, abc), context(foo/2, _)),
    catch(throw(E), error(type_error(T, V), _), format("type_error ~w ~w~n", [T, V])).
