% compat.pl -- system predicates SWI-Prolog programs call that are thin
% layers over the core (boot.pl): halting hooks, cleanup and catch variants,
% database utilities, and requests whose work knightlog does at other times
% (atom and clause collection, stack trimming). Loaded into `system`.
%
% Written for knightlog from SWI-Prolog's documentation and observed behaviour.
% Tested by: tests/prolog/sys_compat.pl (under knightlog and SWI-Prolog).

% Halting: the hooks run when the process ends (toplevel/cli.rs calls
% '$run_at_halt'/1), newest first, as SWI's do.
:- dynamic('$at_halt'/1).
:- '$doc'("at_halt(:Goal)", "Run Goal when the process halts (hooks run newest first; errors and failures are reported).").
at_halt(Goal) :-
    (   var(Goal) -> throw(error(instantiation_error, _)) ; true ),
    asserta('$at_halt'(Goal)).
:- '$doc'("cancel_halt(+Reason)", "In an at_halt/1 hook: do not halt (the remaining hooks do not run).").
cancel_halt(Reason) :-
    throw(cancel_halt(Reason)).
% '$run_at_halt'(?Cancelled): run the hooks; Cancelled is true if one
% called cancel_halt/1 (the process does not use bindings: it calls
% '$run_at_halt'(true)).
'$run_at_halt'(Cancelled) :-
    findall(G, retract('$at_halt'(G)), Goals),
    '$run_at_halt'(Goals, Cancelled).
'$run_at_halt'([], false).
'$run_at_halt'([G|Gs], Cancelled) :-
    catch(( call(G) -> Ok = true ; Ok = false ), E, Ok = error(E)),
    (   Ok = error(cancel_halt(Reason))
    ->  print_message(informational, halt_cancelled(Reason)),
        Cancelled = true
    ;   (   Ok = error(E1)
        ->  print_message(error, E1)
        ;   Ok == false
        ->  print_message(warning, goal_failed(at_halt, G))
        ;   true
        ),
        '$run_at_halt'(Gs, Cancelled)
    ).

:- '$doc'("abort", "Abandon the running query: the top level reports % Execution Aborted.").
abort :-
    throw('$aborted').

% Cleanup and catch variants.
:- '$doc'("call_cleanup(:Goal, +Catcher, :Cleanup)", "As setup_call_catcher_cleanup(true, Goal, Catcher, Cleanup) (an old name).").
call_cleanup(Goal, Catcher, Cleanup) :-
    setup_call_catcher_cleanup(true, Goal, Catcher, Cleanup).
:- '$doc'("catch_with_backtrace(:Goal, ?Catcher, :Recovery)", "As catch/3 (uncaught errors get their backtrace from the top level).").
catch_with_backtrace(Goal, Catcher, Recovery) :-
    catch(Goal, Catcher, Recovery).
:- '$doc'("notrace(:Goal)", "Call Goal, as once/1, with the tracer off; tracing resumes after it.").
notrace(Goal) :-
    (   tracing
    ->  setup_call_cleanup(notrace, once(Goal), trace)
    ;   once(Goal)
    ).
:- '$doc'("sig_atomic(:Goal)", "Call Goal, as once/1, with alarms and Ctrl-C held until it is done.").
sig_atomic(Goal) :-
    setup_call_cleanup('$signals_held'(true), once(Goal), '$signals_held'(false)).

% The database.
:- '$doc'("abolish(+Name, +Arity)", "As abolish(Name/Arity).").
abolish(Name, Arity) :-
    (   var(Arity) -> throw(error(instantiation_error, context(abolish/2, _)))
    ;   integer(Arity) -> true
    ;   throw(error(type_error(integer, Arity), context(abolish/2, _)))
    ),
    abolish(Name/Arity).
:- '$doc'("copy_predicate_clauses(:From, :To)", "Add a copy of every clause of From's predicate to To's (made dynamic if new).").
copy_predicate_clauses(From, To) :-
    strip_module(From, FM, FH),
    strip_module(To, TM, TH),
    (   ( var(FH) ; var(TH) )
    ->  throw(error(instantiation_error, context(copy_predicate_clauses/2, _)))
    ;   true
    ),
    must_be(callable, FH),
    must_be(callable, TH),
    functor(TH, TName, _),
    forall(clause(FM:FH, Body),
           (   FH =.. [_|Args],
               Head =.. [TName|Args],
               assertz(TM:(Head :- Body))
           )).
:- '$doc'("compile_predicates(:PredIndicators)", "Make the listed dynamic predicates static.").
compile_predicates(Spec) :-
    strip_module(Spec, M, List),
    must_be(list, List),
    forall('$member'(PI, List), M:'$set_static'(PI)).
:- '$doc'("compile_aux_clauses(+Clauses)", "Add Clauses to the file being loaded, as if they were in its source; fails when no file is loading (as SWI 9.0.4).").
compile_aux_clauses(Clauses) :-
    (   is_list(Clauses) -> List = Clauses ; List = [Clauses] ),
    forall('$member'(C, List), '$compile_aux_clause'(C)).
:- '$doc'("compiling", "True while compiling to a saved state (never in knightlog).").
compiling :-
    fail.

% Collection and trimming: knightlog collects its stacks at calls and its
% retracted clauses when no query runs, and keeps its atoms.
:- '$doc'("garbage_collect_atoms", "Ask for atom collection (knightlog keeps its atoms: nothing to do).").
garbage_collect_atoms.
:- '$doc'("garbage_collect_clauses", "Ask for retracted clauses to be reclaimed (knightlog does it between queries).").
garbage_collect_clauses.
:- '$doc'("trim_stacks", "Give unused stack memory back to the system.").
trim_stacks :-
    '$trim_stacks'.
:- '$doc'("trim_heap", "Give unused memory back to the system (as trim_stacks/0).").
trim_heap :-
    '$trim_stacks'.

% Expansion hooks SWI-Prolog keeps in `system`: defined (no clauses) so that
% programs may add to them; consult runs them after the user's.
:- dynamic(term_expansion/4).
:- multifile(term_expansion/4).
:- dynamic(goal_expansion/2).
:- multifile(goal_expansion/2).
:- dynamic(goal_expansion/4).
:- multifile(goal_expansion/4).

% Modules.
:- '$doc'("default_module(+Module, -Default)", "Default is Module or a module it inherits predicates from (user, system), nearest first.").
default_module(M, D) :-
    (   var(M) -> throw(error(instantiation_error, _))
    ;   atom(M) -> true
    ;   throw(error(type_error(module, M), _))
    ),
    (   D = M
    ;   '$import_module_or_user'(M, I),
        default_module(I, D)
    ).
% A module that does not exist yet inherits from user, as a new one would.
'$import_module_or_user'(M, I) :-
    (   import_module(M, I0) -> I = I0
    ;   M \== user, M \== system, \+ current_module(M) -> I = user
    ).
