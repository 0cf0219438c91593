% An error raised three calls deep (tests/scenarios/debugger/error_backtrace.txt):
% the top level prints the goal stack with each clause's file and line.
quarter(X, Q) :-
    half(X, H),
    half(H, Q).

half(X, H) :-
    H is X / 2.

show_quarter(X) :-
    quarter(X, Q),
    write(Q), nl.
