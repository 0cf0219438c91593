% halt/1 from deep inside a computation ends the script with that status,
% cleanup handlers do not run output afterwards.
:- initialization(main, main).

main :-
    forall(between(1, 5, I), ( writeln(I), ( I =:= 3 -> halt(3) ; true ) )).
