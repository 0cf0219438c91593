% trace.pl -- the box of the box model (engine/trace.rs boxes each visible
% call in debug mode; builtins/trace.rs shows the ports and reads the keys).
%
% '$trace_box'(Goal, Depth): Goal is Module:G; Depth < 0 for a library or
% builtin goal, whose own calls are hidden. While the box's own code runs,
% its frame's depth is negative too, so the builtins it calls are not boxed.
% Retry and "fail" at a later port are balls '$trace_force'(Depth, What),
% caught by the box of that depth.

'$trace_box'(G, D) :-
    '$trace_enter'(G, D),
    '$trace_box1'(G, D),
    '$trace_leave'.

'$trace_box1'(G, D) :-
    catch('$trace_box2'(G, D), '$trace_force'(D, What), '$trace_forced'(What, G, D)).

'$trace_forced'(retry, G, D) :-
    '$trace_box1'(G, D).
'$trace_forced'(fail, G, D) :-
    '$trace_port'(fail, G, D, _),
    fail.

'$trace_box2'(G, D) :-
    '$trace_port'(call, G, D, A),
    A \== fail,
    (   A == ignore
    ->  '$trace_exit'(true, G, D)
    ;   '$trace_run'(G, D)
    ).

'$trace_run'(G, D) :-
    (   '$trace_height'(B0),
        catch('$trace_exec'(G, D), E, '$trace_exception'(E, G, D)),
        '$trace_exited'(B0, Det),
        % A goal that exited deterministically is not backtracked into: no
        % Redo or Fail port (SWI-Prolog), and no choicepoint left.
        (   Det == true
        ->  !
        ;   true
        ),
        '$trace_exit'(Det, G, D)
    ;   '$trace_port'(fail, G, D, A2),
        '$trace_then'(A2, D),
        fail
    ).

% The goal runs in place of the call that was boxed (not boxed again).
% With the Unify port visible, the box takes the clauses one by one: the
% head unifies (clause/3), the port shows, then the clause runs, its cut
% reaching back to B (so it cuts clause/3's alternatives too).
'$trace_exec'(G, D) :-
    (   '$trace_by_clause'(G)
    ->  '$trace_height'(B),
        clause(G, _, Ref),
        '$trace_port'(unify, G, D, A),
        '$trace_then'(A, D),
        '$trace_run_as'(D),
        '$trace_enter_clause'(G, Ref, B)
    ;   '$trace_run_as'(D),
        call(G)
    ).

'$trace_exit'(true, G, D) :-
    !,
    '$trace_port'(exit, G, D, A),
    '$trace_then'(A, D).
'$trace_exit'(false, G, D) :-
    (   '$trace_port'(exit, G, D, A),
        '$trace_then'(A, D)
    ;   '$trace_port'(redo, G, D, A),
        '$trace_then'(A, D),
        fail
    ).

'$trace_exception'(E, G, D) :-
    (   '$trace_passes'(E)
    ->  true
    ;   '$trace_port'(exception(E), G, D, A),
        '$trace_then'(A, D)
    ),
    throw(E).

'$trace_passes'('$trace_force'(_, _)).
'$trace_passes'('$aborted').

'$trace_then'(retry, D) :- !, throw('$trace_force'(D, retry)).
'$trace_then'(fail, D) :- !, throw('$trace_force'(D, fail)).
'$trace_then'(_, _).
