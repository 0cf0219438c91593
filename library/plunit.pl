% plunit.pl -- library(plunit): the part of SWI-Prolog's unit-test library
% that test files use, so the same file runs under knightlog and swipl.
%
%   :- begin_tests(Unit[, Options]).  test(Name[, Options]) :- Body.
%   :- end_tests(Unit).               ?- run_tests.  ?- run_tests(Unit:Name).
%
% knightlog has no modules: while a unit is open, consult hands every clause
% to '$plunit_expand'/2, which stores test/1,2 clauses as '$pu_test'/5 facts
% (the body kept as a term, so options and body share their variables);
% other clauses of the unit become ordinary predicates.
%
% Test options (as SWI): true(Cond) or the shorthands `X == V`, `X = V`,
% `X =@= V`, `X =:= V`; all(X Cmp List), set(X Cmp List); fail;
% throws(Ball) (matched with subsumes_term/2), error(Formal); nondet;
% setup(G), cleanup(G), condition(G), blocked(Reason), fixme(Reason),
% forall(Generator). Unit options: setup, cleanup, condition, blocked.
% Reports go to user_error in SWI's words; run_tests fails if a test failed.
:- module(plunit, [
    begin_tests/1,
    begin_tests/2,
    end_tests/1,
    run_tests/0,
    run_tests/1
]).


:- dynamic('$pu_unit'/3).       % Unit, Options, File
:- dynamic('$pu_test'/5).       % Unit, Name, Line, Options, Body
:- dynamic('$pu_result'/3).     % Unit, Name, passed | failed | blocked

:- '$doc'("begin_tests(+Unit)", "Start the plunit test unit Unit: the test/1,2 clauses that follow belong to it.").
begin_tests(Unit) :- begin_tests(Unit, []).
:- '$doc'("begin_tests(+Unit, +Options)", "As begin_tests/1, with options for the unit such as setup/1 and cleanup/1.").
begin_tests(Unit, Options0) :-
    must_be(atom, Unit),
    '$pu_listify'(Options0, Options),
    (   '$source_location'(File, _) -> true ; File = user ),
    retractall('$pu_unit'(Unit, _, _)),
    retractall('$pu_test'(Unit, _, _, _, _)),
    assertz('$pu_unit'(Unit, Options, File)),
    ignore('$test_unit'(_, Unit)).

:- '$doc'("end_tests(+Unit)", "End the plunit test unit Unit opened by begin_tests/1,2.").
end_tests(Unit) :-
    (   '$test_unit'(Open, _) -> true ; Open = [] ),
    (   Open == Unit -> '$test_unit'(_, [])
    ;   Open == [] -> throw(error(context_error(plunit_close(Unit, -)), _))
    ;   throw(error(context_error(plunit_close(Unit, Open)), _))
    ).

'$plunit_expand'((Head :- Body), []) :-
    '$pu_test_head'(Head, Name, Options0), !,
    '$test_unit'(Unit, _),
    '$source_location'(_, Line),
    '$pu_test_options'(Options0, Options),
    assertz('$pu_test'(Unit, Name, Line, Options, Body)).
'$plunit_expand'(Head, _) :-
    '$pu_test_head'(Head, Name, _), !,
    throw(error(existence_error(body, test(Name)), _)).

'$pu_test_head'(test(Name), Name, []).
'$pu_test_head'(test(Name, Options), Name, Options).

'$pu_listify'(V, _) :- var(V), !, throw(error(instantiation_error, _)).
'$pu_listify'(L, L) :- is_list(L), !.
'$pu_listify'(X, [X]).

'$pu_test_options'(Options0, Options) :-
    '$pu_listify'(Options0, Options1),
    '$pu_expand_options'(Options1, Options2),
    '$pu_modes'(Options2, Modes),
    (   Modes == [] -> Options = [true(true)|Options2]
    ;   Modes = [_] -> Options = Options2
    ;   throw(error(plunit(incompatible_options, Modes), _))
    ).

'$pu_expand_options'([], []).
'$pu_expand_options'([O0|Os0], [O|Os]) :-
    '$pu_expand_option'(O0, O),
    '$pu_expand_options'(Os0, Os).

'$pu_expand_option'(V, _) :- var(V), !, throw(error(instantiation_error, _)).
'$pu_expand_option'(A == B, true(A == B)) :- !.
'$pu_expand_option'(A = B, true(A = B)) :- !.
'$pu_expand_option'(A =@= B, true(A =@= B)) :- !.
'$pu_expand_option'(A =:= B, true(A =:= B)) :- !.
'$pu_expand_option'(error(F), throws(error(F, _))) :- !.
'$pu_expand_option'(error(F, C), throws(error(F, C))) :- !.
'$pu_expand_option'(exception(B), throws(B)) :- !.
'$pu_expand_option'(true, true(true)) :- !.
'$pu_expand_option'(O, O) :-
    (   '$pu_option'(O) -> true
    ;   throw(error(domain_error(test_option, O), _))
    ).

'$pu_option'(true(_)).
'$pu_option'(all(_)).
'$pu_option'(set(_)).
'$pu_option'(fail).
'$pu_option'(throws(_)).
'$pu_option'(nondet).
'$pu_option'(setup(_)).
'$pu_option'(cleanup(_)).
'$pu_option'(condition(_)).
'$pu_option'(blocked(_)).
'$pu_option'(fixme(_)).
'$pu_option'(forall(_)).

'$pu_modes'([], []).
'$pu_modes'([O|Os], Ms) :-
    (   '$pu_mode'(O) -> Ms = [O|Ms1] ; Ms = Ms1 ),
    '$pu_modes'(Os, Ms1).
'$pu_mode'(true(_)).
'$pu_mode'(all(_)).
'$pu_mode'(set(_)).
'$pu_mode'(fail).
'$pu_mode'(throws(_)).

% Running.

:- '$doc'("run_tests", "Run all plunit test units loaded and report how many passed and failed.").
run_tests :-
    findall(U, '$pu_unit'(U, _, _), Units),
    run_tests(Units).

:- '$doc'("run_tests(+Spec)", "Run the plunit test unit Spec, or the test Unit:Test, or a list of them.").
run_tests(Spec) :-
    retractall('$pu_result'(_, _, _)),
    '$pu_run_spec'(Spec),
    '$pu_report',
    \+ '$pu_result'(_, _, failed).

'$pu_run_spec'(V) :- var(V), !, throw(error(instantiation_error, _)).
'$pu_run_spec'([]) :- !.
'$pu_run_spec'([S|Ss]) :- !, '$pu_run_spec'(S), '$pu_run_spec'(Ss).
'$pu_run_spec'(Unit:Tests) :- !, '$pu_run_unit'(Unit, Unit:Tests, Tests).
'$pu_run_spec'(Unit) :- '$pu_run_unit'(Unit, Unit, all).

'$pu_run_unit'(Unit, Spec, Tests) :-
    (   atom(Unit), '$pu_unit'(Unit, UnitOptions, _) -> true
    ;   throw(error(existence_error(unit_test, Unit), _))
    ),
    (   memberchk(blocked(Reason), UnitOptions)
    ->  '$pu_info'('PL-Unit: ~w blocked: ~w~n', [Unit, Reason])
    ;   '$pu_setup'(unit(Unit), UnitOptions)
    ->  get_time(T0),
        '$pu_info'('PL-Unit: ~w ', [Spec]),
        nb_setval('$pu_line', open),
        forall(( '$pu_test'(Unit, Name, Line, Options, Body),
                 '$pu_selected'(Name, Tests) ),
               '$pu_run_test'(Unit, Name, Line, Options, Body)),
        get_time(T1),
        Time is T1 - T0,
        (   '$pu_result'(Unit, _, failed)
        ->  format(user_error, '**FAILED ~3f sec~n', [Time])
        ;   format(user_error, ' passed ~3f sec~n', [Time])
        ),
        nb_setval('$pu_line', closed),
        '$pu_cleanup'(UnitOptions)
    ;   true
    ).

'$pu_selected'(_, all) :- !.
'$pu_selected'(Name, Name) :- !.
'$pu_selected'(Name, Names) :- is_list(Names), memberchk(Name, Names).

'$pu_run_test'(Unit, Name, Line, Options, Body) :-
    memberchk(forall(Generator), Options), !,
    term_variables(Generator, Vars),
    forall(call(Generator),
           '$pu_run_once'(Unit, @(Name, Vars), Line, Options, Body)).
'$pu_run_test'(Unit, Name, Line, Options, Body) :-
    '$pu_run_once'(Unit, Name, Line, Options, Body).

'$pu_run_once'(Unit, Name, _, Options, _) :-
    memberchk(blocked(_), Options), !,
    assertz('$pu_result'(Unit, Name, blocked)).
'$pu_run_once'(Unit, Name, Line, Options, Body) :-
    (   '$pu_setup'(test(Unit, Name, Line), Options)
    ->  '$pu_outcome'(Options, Body, Result),
        '$pu_cleanup'(Options),
        '$pu_record'(Result, Unit, Name, Line, Options)
    ;   true
    ).

% '$pu_outcome'(+Options, +Body, -Result): success(Deterministic) or failure(How).
'$pu_outcome'(Options, Body, Result) :-
    memberchk(all(Cmp), Options), !,
    '$pu_nondet'(all, Cmp, Body, Result).
'$pu_outcome'(Options, Body, Result) :-
    memberchk(set(Cmp), Options), !,
    '$pu_nondet'(set, Cmp, Body, Result).
'$pu_outcome'(Options, Body, Result) :-
    memberchk(fail, Options), !,
    (   catch(Body, E, true)
    ->  (   var(E) -> Result = failure(succeeded) ; Result = failure(E) )
    ;   Result = success(true)
    ).
'$pu_outcome'(Options, Body, Result) :-
    memberchk(throws(Expect), Options), !,
    (   catch(Body, E, true)
    ->  (   var(E) -> Result = failure(no_exception)
        ;   subsumes_term(Expect, E) -> Result = success(true)
        ;   Result = failure(wrong_error(Expect, E))
        )
    ;   Result = failure(failed)
    ).
'$pu_outcome'(Options, Body, Result) :-
    memberchk(true(Cmp), Options),
    (   catch('$pu_call_det'(Body, Det), E, true)
    ->  (   nonvar(E) -> Result = failure(E)
        ;   catch(Cmp, E2, true)
        ->  (   var(E2) -> Result = success(Det)
            ;   Result = failure(cmp_error(Cmp, E2))
            )
        ;   Result = failure(wrong_answer(Cmp))
        )
    ;   Result = failure(failed)
    ).

'$pu_call_det'(Goal, Det) :-
    '$choice_height'(H0),
    call(Goal),
    '$choice_height'(H),
    (   H =:= H0 -> Det = true ; Det = false ).

'$pu_nondet'(Type, Cmp, Body, Result) :-
    Cmp =.. [Op, Vars, Expected0],
    (   catch(findall(Vars, Body, Found0), E, true)
    ->  (   nonvar(E) -> Result = failure(E)
        ;   (   Type == set
            ->  sort(Expected0, Expected), sort(Found0, Found)
            ;   Expected = Expected0, Found = Found0
            ),
            (   '$pu_cmp_list'(Expected, Found, Op)
            ->  Result = success(true)
            ;   Result = failure(wrong_all(Type, Expected, Found))
            )
        )
    ;   Result = failure(failed)
    ).

'$pu_cmp_list'([], [], _).
'$pu_cmp_list'([E|Es], [F|Fs], Op) :-
    call(Op, E, F),
    '$pu_cmp_list'(Es, Fs, Op).

% Condition and setup run before the body (and may bind its variables); a
% false condition skips silently, a failing setup is reported.
'$pu_setup'(Context, Options) :-
    (   memberchk(condition(C), Options) -> '$pu_guard'(Context, condition, C) ; true ),
    (   memberchk(setup(S), Options) -> '$pu_guard'(Context, setup, S) ; true ).

'$pu_guard'(Context, Where, Goal) :-
    (   catch(Goal, E, true)
    ->  (   var(E) -> true
        ;   '$message_text'(E, Msg),
            '$pu_error_at'(Context),
            format(user_error, 'error in ~w: ~w~n', [Where, Msg]),
            fail
        )
    ;   Where == setup,
        '$pu_error_at'(Context),
        format(user_error, 'goal (setup) failed: ~q~n', [Goal]),
        fail
    ).

'$pu_cleanup'(Options) :-
    (   memberchk(cleanup(C), Options)
    ->  (   catch(C, E, true)
        ->  (   var(E) -> true
            ;   '$message_text'(E, Msg),
                '$pu_line_break',
                format(user_error, 'Warning: ~w~n', [Msg])
            )
        ;   '$pu_line_break',
            format(user_error, 'Warning: goal (cleanup handler) failed: ~q~n', [C])
        )
    ;   true
    ).

'$pu_record'(success(Det), Unit, Name, Line, Options) :-
    assertz('$pu_result'(Unit, Name, passed)),
    (   ( Det == true ; memberchk(nondet, Options) )
    ->  format(user_error, '.', [])
    ;   '$pu_unit'(Unit, _, File),
        '$pu_line_break',
        format(user_error, 'Warning: ~w:~w:~n\tPL-Unit: Test ~w: Test succeeded with choicepoint~n',
               [File, Line, Name])
    ).
'$pu_record'(failure(_), Unit, Name, _, Options) :-
    memberchk(fixme(_), Options), !,
    assertz('$pu_result'(Unit, Name, fixme)),
    format(user_error, '-', []).
'$pu_record'(failure(How), Unit, Name, Line, _) :-
    assertz('$pu_result'(Unit, Name, failed)),
    '$pu_error_at'(test(Unit, Name, Line)),
    '$pu_failure'(How).

'$pu_error_at'(unit(Unit)) :-
    '$pu_line_break',
    format(user_error, 'ERROR: PL-Unit: unit ~w: ', [Unit]).
'$pu_error_at'(test(Unit, Name, Line)) :-
    '$pu_unit'(Unit, _, File),
    '$pu_line_break',
    format(user_error, 'ERROR: ~w:~w:~n\t', [File, Line]),
    (   Name = @(N, Bindings)
    ->  format(user_error, 'test ~w (forall bindings = ~p): ', [N, Bindings])
    ;   format(user_error, 'test ~w: ', [Name])
    ).

'$pu_failure'(V) :- var(V), !, format(user_error, 'Unknown failure?~n', []).
'$pu_failure'(failed) :- !, format(user_error, 'failed~n', []).
'$pu_failure'(succeeded) :- !, format(user_error, 'must fail but succeeded~n', []).
'$pu_failure'(no_exception) :- !, format(user_error, 'no_exception~n', []).
'$pu_failure'(wrong_error(Expected, Got)) :- !,
    format(user_error, 'wrong error~n', []),
    '$pu_expected_got'(Expected, Got).
'$pu_failure'(wrong_answer(Cmp)) :-
    compound(Cmp), Cmp =.. [Op, Got, Expected], !,
    format(user_error, 'wrong answer (compared using ~w)~n', [Op]),
    '$pu_expected_got'(Expected, Got).
'$pu_failure'(wrong_all(Type, Expected, Found)) :- !,
    format(user_error, 'wrong "~w" answer:~nERROR:     Expected: ~q~nERROR:        Found: ~q~n',
           [Type, Expected, Found]).
'$pu_failure'(cmp_error(_, E)) :- !,
    '$message_text'(E, Msg),
    format(user_error, 'Comparison error: ~w~n', [Msg]).
'$pu_failure'(E) :-
    E = error(_, _), !,
    '$message_text'(E, Msg),
    format(user_error, 'received error: ~w~n', [Msg]).
'$pu_failure'(Why) :-
    format(user_error, '~p~n', [Why]).

'$pu_expected_got'(Expected, Got) :-
    copy_term(Expected-Got, E-G),
    numbervars(E-G, 0, _),
    format(user_error, 'ERROR:     Expected: ~q~nERROR:     Got:      ~q~n', [E, G]).

% The progress line ("% PL-Unit: u ...") is broken before any message.
'$pu_line_break' :-
    (   nb_current('$pu_line', open)
    ->  nl(user_error), nb_setval('$pu_line', closed)
    ;   true
    ).

'$pu_info'(Format, Args) :-
    (   current_prolog_flag(verbose, silent) -> true
    ;   format(user_error, '% ', []),
        format(user_error, Format, Args)
    ).

'$pu_count'(Status, N) :- aggregate_all(count, '$pu_result'(_, _, Status), N).

'$pu_report' :-
    '$pu_count'(passed, Passed),
    '$pu_count'(failed, Failed),
    '$pu_count'(blocked, Blocked),
    '$pu_count'(fixme, Fixme),
    (   Passed + Failed + Blocked + Fixme =:= 0
    ->  '$pu_info'('No tests to run~n', [])
    ;   Failed + Blocked =:= 0
    ->  (   Fixme =:= 0 -> true
        ;   '$pu_info'('all ~D tests flagged FIXME failed~n', [Fixme])
        ),
        (   Passed =:= 1 -> '$pu_info'('test passed~n', [])
        ;   '$pu_info'('All ~D tests passed~n', [Passed])
        )
    ;   (   Blocked =:= 0 -> true
        ;   Blocked =:= 1 -> '$pu_info'('one test is blocked~n', [])
        ;   '$pu_info'('~D tests are blocked~n', [Blocked])
        ),
        (   Failed =:= 0 -> true
        ;   Failed =:= 1 -> '$pu_info'('1 test failed~n', [])
        ;   '$pu_info'('~D tests failed~n', [Failed])
        ),
        '$pu_info'('~D tests passed~n', [Passed])
    ).
