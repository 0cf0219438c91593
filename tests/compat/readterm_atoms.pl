% Reading terms from text: term_to_atom, read_term_from_atom, term_string,
% with variable names and operators.
:- initialization(main, main).
:- op(700, xfx, ===>).

main :-
    term_to_atom(T, 'foo(X, Y, [1,2|Z])'), functor(T, N, A), format("~w/~w~n", [N, A]),
    read_term_from_atom('bar(A, B, A)', T2, []), T2 = bar(P, Q, R), ( P == R -> writeln(shared) ; true ), ( var(Q) -> writeln(fresh) ; true ),
    term_string(T3, "a ===> b"), T3 =.. L3, print(L3), nl,
    term_to_atom(x ===> y, A4), writeln(A4),
    term_to_atom(1 + 2 * 3, S5), writeln(S5),
    with_output_to(string(S6), print(- (1))), writeln(S6),
    with_output_to(string(S7), writeq(f('A', 'b c', [], "str"))), writeln(S7),
    catch(term_to_atom(_, 'foo('), error(syntax_error(E), _), (writeln(syntax_error), ( atom(E) -> true ; true ))),
    atom_to_term('p(X, Y) :- q(Y, X)', T8, Bs), length(Bs, NB), T8 = (H8 :- _), functor(H8, F8, _), format("~w ~d~n", [F8, NB]),
    writeq(['\n', 'it''s', a+'B', - 1, -(1), 1-(-1), a=b, (a:-b,c;d), {x}, '$VAR'(3)]), nl,
    format("~q ~a ~w~n", ['hello world', 'hello world', "str"]).
