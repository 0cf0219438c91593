% The program of the tracer's differential test (tests/trace_ports.rs): its
% trace/2 ports must be SWI-Prolog's, line for line.

app([], L, L).
app([H|T], L, [H|R]) :- app(T, L, R).

% A cut inside \+: it cuts r/1's alternatives, so r/1 shows no Redo.
notq(X) :- \+ (r(X), !, s(X)).

r(1).
r(2).
r(3).

s(2).

thrower(X) :- r(X), X > 1, throw(found(X)).

nrev([], []).
nrev([H|T], R) :- nrev(T, RT), app(RT, [H], R).

case(1, app([1,2], [3], _)).
case(2, (app(X, _, [1,2]), X == [1])).
case(3, notq(1)).
case(4, \+ notq(2)).
case(5, catch(thrower(_), found(_), true)).
case(6, nrev([a,b,c], _)).
case(7, (r(X), s(X))).

run :-
    trace(app/3), trace(notq/1), trace(r/1), trace(s/1), trace(thrower/1),
    trace(nrev/2),
    forall(case(N, G),
           (   format(user_error, "--- ~w~n", [N]),
               ( catch(G, E, (print_message(error, E), fail)) -> true ; true )
           )).
