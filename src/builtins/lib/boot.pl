% boot.pl -- system predicates written in Prolog on top of the native core.
% Loaded into every machine; user files may not redefine these.

:- '$doc'("catch(:Goal, +Catcher, :Recovery)", "Call Goal; if it throws a ball unifying with Catcher, run Recovery instead.").
catch(Goal, Catcher, Recovery) :-
    '$catch_enter'(Catcher, Recovery, Ref),
    call(Goal),
    '$catch_exit'(Ref).

:- '$doc'("findall(+Template, :Goal, -Bag)", "Bag lists Template for every solution of Goal, in order; [] if none.").
findall(Template, Goal, List) :-
    '$findall_begin'(Id),
    (   call(Goal), '$findall_add'(Id, Template), fail
    ;   '$findall_end'(Id, List, [])
    ).
:- '$doc'("findall(+Template, :Goal, -Bag, ?Tail)", "As findall/3, with the list ending in Tail instead of [].").
findall(Template, Goal, List, Tail) :-
    '$findall_begin'(Id),
    (   call(Goal), '$findall_add'(Id, Template), fail
    ;   '$findall_end'(Id, List, Tail)
    ).

:- '$doc'("forall(:Cond, :Action)", "True if Action succeeds for every solution of Cond; binds nothing.").
forall(Cond, Action) :- \+ (call(Cond), \+ call(Action)).
:- '$doc'("once(:Goal)", "Call Goal and keep only its first solution.").
once(Goal) :- call(Goal), !.

% The cleanup runs once the goal is done with: here on a deterministic exit
% (bindings kept, as in SWI-Prolog), otherwise from the engine
% (engine/cleanup.rs) on failure, exception or cut, as
% call('$cleanup'(Catcher, Cleanup), Reason). State is bound (trailed) while
% the goal has exited with choicepoints left: an exception then is external.
:- '$doc'("setup_call_cleanup(:Setup, :Goal, :Cleanup)", "Run Setup once, then Goal; run Cleanup once Goal is finished, by success, failure, error or cut.").
setup_call_cleanup(Setup, Goal, Cleanup) :-
    setup_call_catcher_cleanup(Setup, Goal, _, Cleanup).
:- '$doc'("setup_call_catcher_cleanup(:Setup, :Goal, +Catcher, :Cleanup)", "As setup_call_cleanup/3; Catcher is unified with how Goal ended (exit, fail, exception(E), ...).").
setup_call_catcher_cleanup(Setup, Goal, Catcher, Cleanup) :-
    once(Setup),
    '$cleanup_push'('$cleanup'(Catcher, Cleanup), State, Height),
    call(Goal),
    '$cleanup_exit'(Height, Det),
    (   Det == true
    ->  '$cleanup'(Catcher, Cleanup, exit)
    ;   State = exited
    ).
'$cleanup'(Catcher, Cleanup, Reason) :-
    (   Catcher = Reason
    ->  ( call(Cleanup) -> true ; true )
    ;   true
    ).
:- '$doc'("call_cleanup(:Goal, :Cleanup)", "Call Goal, and run Cleanup once Goal is finished: no more solutions, failed, raised or cut.").
call_cleanup(Goal, Cleanup) :-
    setup_call_cleanup(true, Goal, Cleanup).
:- '$doc'("ignore(:Goal)", "Call Goal once; succeed even if it fails.").
ignore(Goal) :- (call(Goal) -> true ; true).
:- '$doc'("\\+(:Goal)", "Negation as failure: true if Goal cannot be proven; binds nothing.").
\+ Goal :- \+ call(Goal).
:- '$doc'("not(:Goal)", "True if Goal cannot be proven; the same as \\+ Goal.").
not(Goal) :- \+ call(Goal).
:- '$doc'(",(:Goal1, :Goal2)", "Conjunction: prove Goal1, then Goal2.").
','(A, B) :- call((A, B)).
:- '$doc'(";(:Goal1, :Goal2)", "Disjunction: prove Goal1 or, on backtracking, Goal2; with -> or *-> on the left, if-then-else.").
;(A, B) :- call((A ; B)).
:- '$doc'("|(:Goal1, :Goal2)", "Alternative to ;/2 in old code: Goal1 or Goal2.").
'|'(A, B) :- call((A ; B)).
:- '$doc'("->(:Condition, :Action)", "If-then: if Condition succeeds (first solution only), run Action; otherwise fail or take the else branch.").
->(A, B) :- call((A -> B)).
:- '$doc'("*->(:Condition, :Action)", "Soft cut: for each solution of Condition run Action; if Condition has none, the else branch runs.").
*->(A, B) :- call((A *-> B)).
:- '$doc'("apply(:Goal, +ExtraArgs)", "Call Goal with the elements of the list ExtraArgs added as arguments.").
apply(Goal, Extra) :- Goal =.. L0, '$append'(L0, Extra, L), G =.. L, call(G).
'$append'([], L, L).
'$append'([H|T], L, [H|R]) :- '$append'(T, L, R).

% Loading code.
:- '$doc'("consult(:File)", "Load the source file File (or each file of a list), replacing its earlier definitions.").
consult(Files) :- is_list(Files), !, '$consult_list'(Files).
consult(File) :- '$consult'(File).
'$consult_list'([]).
'$consult_list'([F|Fs]) :- '$consult'(F), '$consult_list'(Fs).
:- '$doc'("[|](+File, +Files)", "Consult the files of the list [File|Files]; the list form of consult/1.").
[File|Files] :- '$consult_list'([File|Files]).
:- '$doc'("ensure_loaded(:File)", "Load File (or each file of a list) unless it is already loaded.").
ensure_loaded(Files) :- is_list(Files), !, forall('$member'(F, Files), '$ensure_loaded'(F)).
ensure_loaded(File) :- '$ensure_loaded'(File).
:- '$doc'("include(+File)", "Directive: read the clauses of File as if they were written here.").
include(File) :- '$include'(File).
:- '$doc'("load_files(:Files, +Options)", "Load the source file or list of Files as consult/1 does; Options are accepted but ignored here.").
load_files(Files, _) :- consult(Files).
:- '$doc'("use_module(+Files)", "Load the module file or library Files (if not yet loaded) and import all its exports.").
use_module(Spec) :-
    strip_module(Spec, M, Files), is_list(Files), !,
    forall('$member'(F, Files), '$use_module'(M:F, all)).
use_module(File) :- '$use_module'(File, all).
:- '$doc'("use_module(+File, +Imports)", "Load the module File and import only the predicates in Imports.").
use_module(File, Imports) :- '$use_module'(File, Imports).
:- '$doc'("reexport(+Files)", "Loads Files as use_module/1 does and exports what they export from the current module too.").
:- '$doc'("reexport(+File, +Imports)", "Loads File as use_module/2 does and exports the imported predicates (Imports as in use_module/2) from the current module too.").
reexport(Spec) :-
    strip_module(Spec, M, Files), is_list(Files), !,
    forall('$member'(F, Files), '$reexport'(M:F, all)).
reexport(File) :- '$reexport'(File, all).
reexport(File, Imports) :- '$reexport'(File, Imports).
:- '$doc'("meta_predicate(+Heads)", "Declare which arguments of predicates are module-sensitive (0-9, :, ^, //) so they get qualified.").
meta_predicate(Spec) :- '$meta_predicate'(Spec).
:- '$doc'("current_module(?Module)", "Module is a module that exists; enumerates them.").
current_module(M) :-
    (   var(M) -> '$modules'(L), '$member'(M, L)
    ;   atom(M) -> '$modules'(L), memberchk(M, L)
    ;   throw(error(type_error(atom, M), _))
    ).
:- '$doc'("@(:Goal, +Module)", "Runs Goal, looked up where it is written, with Module as the context module of its meta-arguments.").
% Goal@Module: Goal (looked up where it is written) with Module as the
% context of its meta-arguments; control constructs are gone through.
@(Goal, Context) :-
    (   var(Context) -> throw(error(instantiation_error, _))
    ;   atom(Context) -> true
    ;   throw(error(type_error(module, Context), _))
    ),
    strip_module(Goal, M, G),
    '$at_goal'(G, M, Context, G2),
    call(G2).
'$at_goal'(G, _, _, _) :- var(G), !, throw(error(instantiation_error, _)).
'$at_goal'((A, B), M, C, (A2, B2)) :- !, '$at_goal'(A, M, C, A2), '$at_goal'(B, M, C, B2).
'$at_goal'((A ; B), M, C, (A2 ; B2)) :- !, '$at_goal'(A, M, C, A2), '$at_goal'(B, M, C, B2).
'$at_goal'((A -> B), M, C, (A2 -> B2)) :- !, '$at_goal'(A, M, C, A2), '$at_goal'(B, M, C, B2).
'$at_goal'((A *-> B), M, C, (A2 *-> B2)) :- !, '$at_goal'(A, M, C, A2), '$at_goal'(B, M, C, B2).
'$at_goal'(\+ A, M, C, \+ A2) :- !, '$at_goal'(A, M, C, A2).
'$at_goal'(M1:G, _, C, G2) :- !, '$at_goal'(G, M1, C, G2).
'$at_goal'(G, M, C, M:G2) :- '$qualify_meta'(M:G, C, G2).
:- '$doc'("current_functor(?Name, ?Arity)", "Name/Arity is a functor of a predicate or of a term read so far.").
current_functor(Name, Arity) :-
    (   var(Name) -> true ; atom(Name) -> true
    ;   throw(error(type_error(atom, Name), context(current_functor/2, _)))
    ),
    (   var(Arity) -> true ; integer(Arity) -> true
    ;   throw(error(type_error(integer, Arity), context(current_functor/2, _)))
    ),
    (   atom(Name), integer(Arity)
    ->  Arity > 0, '$current_functor'(Name, Arity)
    ;   '$functors'(Fs), '$member'(Name/Arity, Fs)
    ).
:- '$doc'("module_property(?Module, ?Property)", "Property (class/1, file/1, exports/1, exported_operators/1) holds for Module.").
module_property(M, P) :-
    (   var(M) -> true ; atom(M) -> true ; throw(error(type_error(atom, M), _)) ),
    current_module(M), '$module_props'(M, Ps),
    % Each property is listed once: a named module and property leave no choicepoint.
    (   atom(M), compound(P)
    ->  functor(P, N, A), functor(Q, N, A), memberchk(Q, Ps), P = Q
    ;   '$member'(P, Ps)
    ).
:- '$doc'("set_stream(+Stream, +Attribute)", "Change a property of Stream: alias(A), encoding(E) or eof_action(Action).").
set_stream(S, P) :- '$set_stream'(S, P).
:- '$doc'("style_check(+Spec)", "Accepted for compatibility; the style warnings are not changed.").
style_check(_).
% '$member'/2 is native (builtins/lists.rs): member/2 without redefinition.

:- '$doc'("dynamic(:PredicateIndicator)", "Declare predicates dynamic, so assert/1 and retract/1 can change them.").
dynamic(Spec) :- '$declare'(Spec, dynamic).
:- '$doc'("discontiguous(:PredicateIndicator)", "Declare that the clauses of a predicate may be spread over the file.").
discontiguous(Spec) :- '$declare'(Spec, discontiguous).
:- '$doc'("multifile(:PredSpecs)", "Declare predicates whose clauses may be spread over several files.").
multifile(Spec) :- '$declare'(Spec, multifile).
:- '$doc'("public(:PredSpecs)", "Declare predicates called from outside the program's view (a property for cross-referencers).").
public(Spec) :- '$declare'(Spec, public).
:- '$doc'("volatile(:PredSpecs)", "Declare predicates not to be saved in a saved state (a property only: knightlog saves no states).").
volatile(Spec) :- '$declare'(Spec, volatile).
:- '$doc'("non_terminal(:PredSpecs)", "Declare predicates to be DCG non-terminals (a property for cross-referencers).").
non_terminal(Spec) :- '$declare'(Spec, non_terminal).
'$declare'(V, _) :- var(V), !, throw(error(instantiation_error, _)).
'$declare'((A, B), K) :- !, '$declare'(A, K), '$declare'(B, K).
'$declare'(M:(A, B), K) :- !, '$declare'(M:A, K), '$declare'(M:B, K).
'$declare'(M:[H|T], K) :- !, '$declare'(M:H, K), '$declare'(M:T, K).
'$declare'(_:[], _) :- !.
'$declare'([], _) :- !.
'$declare'([H|T], K) :- !, '$declare'(H, K), '$declare'(T, K).
'$declare'(M:N//A, K) :- integer(A), !, A2 is A + 2, '$declare'(M:N/A2, K).
'$declare'(N//A, K) :- integer(A), !, A2 is A + 2, '$declare'(N/A2, K).
% The helpers' errors carry no context, as SWI's dynamic/1 errors do.
'$declare'(PI, dynamic) :- catch('$set_dynamic'(PI), error(E, _), throw(error(E, _))).
'$declare'(PI, discontiguous) :-
    catch('$set_discontiguous'(PI), error(E, _), throw(error(E, _))).
'$declare'(PI, multifile) :-
    catch('$set_multifile'(PI), error(E, _), throw(error(E, _))).
'$declare'(PI, public) :- catch('$set_public'(PI), error(E, _), throw(error(E, _))).
'$declare'(PI, volatile) :- catch('$set_volatile'(PI), error(E, _), throw(error(E, _))).
'$declare'(PI, non_terminal) :-
    catch('$set_non_terminal'(PI), error(E, _), throw(error(E, _))).

% Operators, flags, predicates.
:- '$doc'("current_op(?Priority, ?Type, ?Name)", "Name is an operator of Type (xfx, fy, ...) with Priority; enumerates them.").
current_op(P, T, N) :-
    (   nonvar(P), \+ integer(P) -> throw(error(domain_error(operator_priority, P), _))
    ;   nonvar(T), \+ '$member'(T, [xfx, xfy, yfx, fy, fx, xf, yf])
    ->  throw(error(domain_error(operator_specifier, T), _))
    ;   nonvar(N), \+ atom(N) -> throw(error(type_error(atom, N), _))
    ;   '$ops'(L), '$member'(op(P, T, N), L)
    ).
:- '$doc'("current_prolog_flag(?Key, -Value)", "Prolog flag Key has Value; enumerates the flags.").
current_prolog_flag(F, V) :-
    (   nonvar(F), \+ atom(F) -> throw(error(type_error(atom, F), _)) ; true ),
    '$flags'(L),
    (   atom(F) -> memberchk(F-V0, L), V = V0   % a named flag: no choicepoint
    ;   '$member'(F-V, L)
    ).
:- '$doc'("current_predicate(:PredicateIndicator)", "Name/Arity is a defined predicate; enumerates them.").
current_predicate(Spec0) :-
    (   nonvar(Spec0), Spec0 = M0:Spec1, var(M0)
    ->  M = M0, Spec = Spec1
    ;   strip_module(Spec0, M, Spec)
    ),
    (   var(Spec) -> true
    ;   Spec = N/A -> ( (var(N) ; atom(N)), (var(A) ; integer(A)) -> true
                      ; throw(error(type_error(predicate_indicator, Spec0), _)) )
    ;   throw(error(type_error(predicate_indicator, Spec0), _))
    ),
    (   var(M) -> current_module(M) ; true ),
    '$predicates'(M, L),
    (   ground(Spec) -> memberchk(Spec, L) ; '$member'(Spec, L) ).
:- '$doc'("current_predicate(?Name, :Head)", "Head is the head of a defined predicate called Name.").
current_predicate(Name, Head) :-
    '$predicates'(L), '$member'(Name/A, L), functor(Head, Name, A).
:- '$doc'("predicate_property(:Head, ?Property)", "Property is a property (dynamic, defined, number_of_clauses(N), ...) of the predicate of Head.").
predicate_property(Spec, Prop) :-
    strip_module(Spec, M, Head),
    (   var(Head)
    ->  '$predicates'(L), '$member'(N/A, L), functor(Head, N, A)
    ;   true
    ),
    '$pred_props'(M:Head, Props),
    (   nonvar(Prop)    % each property occurs once: no choicepoint
    ->  functor(Prop, PN, PA), functor(P, PN, PA), memberchk(P, Props), Prop = P
    ;   '$member'(Prop, Props)
    ).

% Streams.
:- '$doc'("stream_property(?Stream, ?Property)", "Property is a property (alias, file_name, mode, type, line_count, ...) of the open stream Stream.").
stream_property(S, P) :-
    (   nonvar(P), \+ '$stream_property_name'(P)
    ->  throw(error(domain_error(stream_property, P), _))
    ;   true
    ),
    (   var(S), nonvar(P), P = alias(A), atom(A)
    ->  '$alias_stream'(A, S)
    ;   nonvar(S), nonvar(P)
    ->  '$stream_props'(S, Ps),
        functor(P, N, A), functor(Q, N, A), memberchk(Q, Ps), P = Q
    ;   nonvar(S)
    ->  '$stream_props'(S, Ps), '$member'(P, Ps)
    ;   '$streams'(L), '$member'(S, L), '$stream_props'(S, Ps), '$member'(P, Ps)
    ).
'$stream_property_name'(P) :-
    functor(P, N, A),
    '$member'(N/A, [file_name/1, mode/1, input/0, output/0, alias/1, position/1,
                    end_of_stream/1, eof_action/1, reposition/1, type/1,
                    line_count/1, line_position/1, encoding/1, buffer/1,
                    newline/1, representation_errors/1, tty/1, bom/1,
                    close_on_abort/1, locale/1, timeout/1, nlink/1, file_no/1]).
:- '$doc'("nb_current(?Name, ?Value)", "Enumerate the global variables set with nb_setval/2 or b_setval/2 and their values.").
nb_current(K, V) :-
    '$global_keys'(Ks),
    (   atom(K) -> memberchk(K, Ks) ; '$member'(K, Ks) ),
    nb_getval(K, V).

% garbage_collect/0: the request is served at the next predicate call (the
% collector needs a call boundary to know which registers are live).
:- '$doc'("garbage_collect", "Ask for a garbage collection of the stacks now.").
garbage_collect :- '$gc_request', '$gc_point'.
'$gc_point'.

% Timing.
:- '$doc'("time(:Goal)", "Call Goal and report the inferences, CPU time and wall time used, again on each retry.").
time(Goal) :-
    '$time_start'(S),
    (   catch(Goal, E, ('$time_report'(S), throw(E)))
    *-> '$time_report'(S)
    ;   '$time_report'(S), fail
    ).

% format_time(Out, Format, StampOrDate): the text from builtins/time.rs, written
% through format/3 so every sink (stream, atom(A), string(S), codes(C)) works.
:- '$doc'("format_time(+Out, +Format, +Stamp)", "Write the time stamp or date term Stamp to Out following Format's %-directives (as strftime).").
format_time(Out, Format, When) :-
    catch('$format_time'(Format, When, Text), error(E, _),
          throw(error(E, context(system:format_time/3, _)))),
    format(Out, '~s', [Text]).

% Output capture.
:- '$doc'("with_output_to(+Sink, :Goal)", "Run Goal once, capturing its output into Sink: atom(A), string(S), codes(Cs) or chars(Cs).").
with_output_to(Sink, Goal) :-
    '$sink'(Sink, Kind, Out),
    '$push_output'(S),
    (   catch(Goal, E, ('$pop_output'(S, none, _), throw(E)))
    ->  '$pop_output'(S, Kind, Text), Out = Text
    ;   '$pop_output'(S, none, _), fail
    ).
'$sink'(V, _, _) :- var(V), !, throw(error(instantiation_error, _)).
'$sink'(atom(A), atom, A) :- !.
'$sink'(string(A), string, A) :- !.
'$sink'(codes(A), codes, A) :- !.
'$sink'(chars(A), chars, A) :- !.
'$sink'(S, _, _) :- throw(error(type_error(output, S), _)).

:- '$doc'("print_message(+Kind, +Term)", "Print the message Term of Kind (error, warning, informational, ...) to the user's error stream.").
% As SWI-Prolog: the message is translated to lines by the user's prolog:message//1, then
% the built-in messages; user:message_hook/3 may take it over; else the lines go to
% user_error, each with the kind's prefix.
print_message(Kind, Msg) :-
    '$message_lines'(Msg, Lines),
    (   '$message_hooked'(Msg, Kind, Lines)
    ->  true
    ;   '$message_prefix'(Kind, Prefix)
    ->  print_message_lines(user_error, Prefix, Lines)
    ;   true
    ).

'$message_hooked'(Msg, Kind, Lines) :-
    current_predicate(user:message_hook/3),
    catch(user:message_hook(Msg, Kind, Lines), _, fail),
    !.

'$message_lines'(Msg, Lines) :-
    nonvar(Msg),
    current_predicate(prolog:message/3),
    catch(prolog:message(Msg, Lines0, []), _, fail),
    !,
    Lines = Lines0.
'$message_lines'(Msg, Lines) :-
    nonvar(Msg),
    '$builtin_message_lines'(Msg, Lines),
    !.
'$message_lines'(Msg, ['Unknown message: ~p'-[Msg]]).

'$builtin_message_lines'(format(F, A), [F-A]).
'$builtin_message_lines'(error(E, C), Lines) :-
    '$message_text'(error(E, C), Text),
    split_string(Text, "\n", "", Parts),
    '$message_text_lines'(Parts, Lines).
'$builtin_message_lines'(debug(F, A), [F-A]).
'$builtin_message_lines'(time_limit_exceeded, ['Time limit exceeded'-[]]).
'$builtin_message_lines'(halt_cancelled(Reason), ['Halt cancelled: ~p'-[Reason]]).
'$builtin_message_lines'(goal_failed(Why, M:G), ['Goal (~w) failed: ~p'-[Why, M:G]]) :- !.
'$builtin_message_lines'(goal_failed(Why, G), ['Goal (~w) failed: ~p'-[Why, user:G]]).
'$builtin_message_lines'(assertion_failed(_, G), ['Assertion failed: ~q'-[G]]).

'$message_text_lines'([P], ['~w'-[P]]) :- !.
'$message_text_lines'([P|Ps], ['~w'-[P], nl|Ls]) :- '$message_text_lines'(Ps, Ls).

% The prefix of each line of a message of this kind; fails for kinds not printed now.
'$message_prefix'(error, 'ERROR: ').
'$message_prefix'(warning, 'Warning: ').
'$message_prefix'(informational, '% ') :- \+ current_prolog_flag(verbose, silent).
'$message_prefix'(banner, '') :- \+ current_prolog_flag(verbose, silent).
'$message_prefix'(information, '% ').
'$message_prefix'(help, '').
'$message_prefix'(debug(Topic), '% ') :- debugging(Topic, true).

:- '$doc'("print_message_lines(+Stream, +Prefix, +Lines)", "Print message Lines (Format-Args, nl, ansi(Attr,Format,Args), url(Location), flush, at_same_line) to Stream, each line starting with Prefix (an atom, or kind(Kind) for that kind's prefix).").
print_message_lines(S, kind(Kind), Lines) :-
    !,
    (   '$message_prefix'(Kind, P)
    ->  true
    ;   P = ''
    ),
    print_message_lines(S, P, Lines).
print_message_lines(S, Prefix, Lines) :-
    must_be(list, Lines),
    (   Lines = [at_same_line|Rest]
    ->  true
    ;   Rest = Lines,
        format(S, '~w', [Prefix])
    ),
    '$message_elems'(Rest, S, Prefix).

'$message_elems'([], S, _) :- nl(S).
'$message_elems'([nl], S, _) :- !, nl(S).
'$message_elems'([nl|T], S, P) :- !, nl(S), format(S, '~w', [P]), '$message_elems'(T, S, P).
'$message_elems'([E|T], S, P) :- '$message_elem'(E, S), '$message_elems'(T, S, P).

'$message_elem'(F-A, S) :- !, format(S, F, A).
'$message_elem'(ansi(_, F, A), S) :- !, format(S, F, A).
'$message_elem'(url(File:Line:Col), S) :- !, format(S, '~w:~w:~w', [File, Line, Col]).
'$message_elem'(url(File:Line), S) :- !, format(S, '~w:~w', [File, Line]).
'$message_elem'(url(File), S) :- !, format(S, '~w', [File]).
'$message_elem'(url(_, Label), S) :- !, format(S, '~w', [Label]).
'$message_elem'(flush, S) :- !, flush_output(S).
'$message_elem'(at_same_line, _) :- !.
'$message_elem'(begin(_, _), _) :- !.
'$message_elem'(end(_), _) :- !.
'$message_elem'(F, S) :- format(S, F, []).

% All-solutions predicates.
:- '$doc'("bagof(+Template, :Goal, -Bag)", "Bag lists Template for each solution of Goal, per binding of Goal's free variables (V^ to exclude); fails if none.").
bagof(Templ, Goal0, List) :-
    '$free_variable_set'(Templ^Goal0, Goal, Vars),
    (   Vars == []
    ->  findall(Templ, Goal, List), List \== []
    ;   W =.. ['$w'|Vars],
        findall(W-Templ, Goal, Pairs), Pairs \== [],
        '$bag_groups'(Pairs, Groups),
        '$member'(W-List, Groups)
    ).
:- '$doc'("setof(+Template, +Goal, -Set)", "Set is the sorted, duplicate-free Template instances for Goal; backtracks over free variables (use ^).").
setof(Templ, Goal, Set) :- bagof(Templ, Goal, List), sort(List, Set).
'$free_variable_set'(Templ^Goal0, Goal, Vars) :-
    '$strip_carets'(Goal0, Goal, Bound),
    term_variables(Templ+Bound, TV),
    term_variables(Goal, GV),
    '$var_subtract'(GV, TV, Vars).
'$strip_carets'(G, G, []) :- var(G), !.
'$strip_carets'(M:G0, M:G, B) :- atom(M), !, '$strip_carets'(G0, G, B).
'$strip_carets'(V^G0, G, [V|B]) :- !, '$strip_carets'(G0, G, B).
'$strip_carets'(G, G, []).
'$var_subtract'([], _, []).
'$var_subtract'([V|Vs], Ex, R) :-
    (   '$var_memberchk'(V, Ex) -> R = R1 ; R = [V|R1] ),
    '$var_subtract'(Vs, Ex, R1).
'$var_memberchk'(V, [X|Xs]) :- ( V == X -> true ; '$var_memberchk'(V, Xs) ).
% Groups solutions whose witnesses are variants, in order of first appearance
% of each witness after sorting (as bagof/3 does in SWI-Prolog).
'$bag_groups'(Pairs, Groups) :-
    keysort(Pairs, Sorted),
    '$bag_collect'(Sorted, Groups).
'$bag_collect'([], []).
'$bag_collect'([W-T|Rest], [W-[T|Ts]|Gs]) :-
    '$bag_same'(W, Rest, Ts, Rest1),
    '$bag_collect'(Rest1, Gs).
'$bag_same'(W, [W1-T|Rest], [T|Ts], Rest1) :-
    W1 =@= W, !, W1 = W,
    '$bag_same'(W, Rest, Ts, Rest1).
'$bag_same'(_, Rest, [], Rest).

% DCG translation and phrase/2,3.
:- '$doc'("expand_term(+Term, -Expansion)", "Expansion is Term after the user's term_expansion/2 and the DCG translation, as consult does it.").
expand_term(T, X) :- var(T), !, X = T.
expand_term(T, X) :- '$term_expansion'(T, X0), !, X = X0.
expand_term((H --> B), X) :- !, dcg_translate_rule((H --> B), X).
expand_term(T, T).

% term_expansion/2,4 and goal_expansion/2,4 are the program's hooks, in user
% and then in system (as SWI); consult calls these only when the program
% defines them.
'$term_expansion'(T, X) :-
    '$expansion_hook'(M, term_expansion, A),
    (   A == 2
    ->  M:term_expansion(T, X)
    ;   M:term_expansion(T, _, X, _)
    ),
    !.
'$expansion_hook'(M, Name, A) :-
    '$member'(M-A, [user-2, user-4, system-2, system-4]),
    functor(H, Name, A),
    current_predicate(M:Name/A),
    predicate_property(M:H, number_of_clauses(N)), N > 0,
    \+ predicate_property(M:H, imported_from(_)).

:- '$doc'("expand_goal(+Goal, -Expansion)", "Expansion is Goal with the user's goal_expansion/2 applied to it and its subgoals until none applies.").
expand_goal(G, X) :- '$expand_goal'(G, X, 0).

'$expand_clause_goals'(T, T) :- var(T), !.
'$expand_clause_goals'((H --> B), X) :- !,
    dcg_translate_rule((H --> B), C),
    '$expand_clause_goals'(C, X).
'$expand_clause_goals'((:- G), (:- X)) :- !, '$expand_goal'(G, X, 0).
'$expand_clause_goals'((H :- B), (H :- X)) :- !, '$expand_goal'(B, X, 0).
'$expand_clause_goals'(T, T).

% Depth: a goal_expansion/2 that keeps producing new goals stops after 100 rounds.
'$expand_goal'(G, G, _) :- var(G), !.
'$expand_goal'(M:G, M:X, D) :- !, '$expand_goal'(G, X, D).
'$expand_goal'((A, B), (X, Y), D) :- !, '$expand_goal'(A, X, D), '$expand_goal'(B, Y, D).
'$expand_goal'((A ; B), (X ; Y), D) :- !, '$expand_goal'(A, X, D), '$expand_goal'(B, Y, D).
'$expand_goal'((A -> B), (X -> Y), D) :- !, '$expand_goal'(A, X, D), '$expand_goal'(B, Y, D).
'$expand_goal'((A *-> B), (X *-> Y), D) :- !, '$expand_goal'(A, X, D), '$expand_goal'(B, Y, D).
'$expand_goal'(\+ A, \+ X, D) :- !, '$expand_goal'(A, X, D).
'$expand_goal'(call(A), call(X), D) :- !, '$expand_goal'(A, X, D).
'$expand_goal'(once(A), once(X), D) :- !, '$expand_goal'(A, X, D).
'$expand_goal'(ignore(A), ignore(X), D) :- !, '$expand_goal'(A, X, D).
'$expand_goal'(forall(A, B), forall(X, Y), D) :- !, '$expand_goal'(A, X, D), '$expand_goal'(B, Y, D).
'$expand_goal'(findall(T, A, L), findall(T, X, L), D) :- !, '$expand_goal'(A, X, D).
'$expand_goal'(catch(A, E, B), catch(X, E, Y), D) :- !, '$expand_goal'(A, X, D), '$expand_goal'(B, Y, D).
'$expand_goal'(G, X, D) :-
    D < 100,
    '$expansion_hook'(M, goal_expansion, A),
    (   A == 2
    ->  M:goal_expansion(G, G1)
    ;   M:goal_expansion(G, _, G1, _)
    ),
    G1 \== G,
    !,
    D1 is D + 1,
    '$expand_goal'(G1, X, D1).
'$expand_goal'(G, G, _).

:- '$doc'("dcg_translate_rule(+In, -Out)", "Translate the DCG rule Head --> Body into an ordinary clause.").
dcg_translate_rule((H, PB --> B), (H1 :- B0, B1)) :- !,
    '$dcg_nonterminal'(H, S0, S, H1),
    '$dcg_body'(B, S0, S1, B0),
    '$dcg_terminals'(PB, S, S1, B1).
dcg_translate_rule((H --> B), (H1 :- B1)) :-
    '$dcg_nonterminal'(H, S0, S, H1),
    '$dcg_body'(B, S0, S, B1).
'$dcg_nonterminal'(M:H, S0, S, M:H1) :-
    atom(M), !,
    '$dcg_nonterminal'(H, S0, S, H1).
'$dcg_nonterminal'(H, S0, S, H1) :-
    callable(H), H =.. L0, '$append'(L0, [S0, S], L1), H1 =.. L1.
'$dcg_terminals'(List, S0, S, S0 = L) :- '$append'(List, S, L).
'$dcg_body'(V, S0, S, phrase(V, S0, S)) :- var(V), !.
'$dcg_body'(M:G, S0, S, M:G1) :- atom(M), !, '$dcg_body'(G, S0, S, G1).
'$dcg_body'((A, B), S0, S, (A1, B1)) :- !,
    '$dcg_body'(A, S0, S1, A1), '$dcg_body'(B, S1, S, B1).
'$dcg_body'((A ; B), S0, S, (A1 ; B1)) :- !,
    '$dcg_body'(A, S0, S, A1), '$dcg_body'(B, S0, S, B1).
'$dcg_body'((A | B), S0, S, (A1 ; B1)) :- !,
    '$dcg_body'(A, S0, S, A1), '$dcg_body'(B, S0, S, B1).
'$dcg_body'((A -> B), S0, S, (A1 -> B1)) :- !,
    '$dcg_body'(A, S0, S1, A1), '$dcg_body'(B, S1, S, B1).
'$dcg_body'(\+ A, S0, S, (\+ A1, S = S0)) :- !, '$dcg_body'(A, S0, _, A1).
% {G} runs G in place, as SWI-Prolog translates it: `{!}` cuts the clause, a variable G is a
% body variable (called with call/1 semantics).
'$dcg_body'({G}, S0, S, (G, S = S0)) :- !.
'$dcg_body'(!, S0, S, (!, S = S0)) :- !.
'$dcg_body'([], S0, S, S0 = S) :- !.
'$dcg_body'(L, S0, S, S0 = L1) :- is_list(L), !, '$append'(L, S, L1).
'$dcg_body'(Str, S0, S, S0 = L1) :- string(Str), !, string_codes(Str, L), '$append'(L, S, L1).
'$dcg_body'(call(G), S0, S, call(G, S0, S)) :- !.
'$dcg_body'(NT, S0, S, G) :- '$dcg_nonterminal'(NT, S0, S, G).
:- '$doc'("phrase(:DCGBody, ?List)", "Parse or generate the whole of List with the grammar rule body DCGBody.").
phrase(G, L) :- phrase(G, L, []).
:- '$doc'("phrase(:DCGBody, ?List, ?Rest)", "As phrase/2, but DCGBody may leave Rest of List unconsumed.").
phrase(G, L, R) :-
    (   var(G) -> throw(error(instantiation_error, _)) ; true ),
    '$dcg_body'(G, S0, S, Goal), S0 = L, S = R, call(Goal).

:- '$doc'("sub_atom_icasechk(+Haystack, ?Start, +Needle)", "True if Needle occurs in Haystack at Start, ignoring case; the first match only.").
sub_atom_icasechk(Haystack, Start, Needle) :-
    downcase_atom(Haystack, H),
    downcase_atom(Needle, N),
    sub_atom(H, Start, _, _, N), !.

% SWI-Prolog system predicates written in Prolog.
:- '$doc'("compound_name_arity(?Compound, ?Name, ?Arity)", "Compound is a compound term with name Name and Arity arguments.").
compound_name_arity(C, N, A) :-
    (   compound(C) -> functor(C, N, A)
    ;   var(C) -> ( A == 0 -> throw(error(domain_error(compound_non_zero_arity, 0), _)) ; functor(C, N, A) )
    ;   throw(error(type_error(compound, C), _))
    ).
:- '$doc'("compound_name_arguments(?Compound, ?Name, ?Arguments)", "Compound is the compound term with Name and the list of arguments Arguments.").
compound_name_arguments(C, N, As) :-
    (   compound(C) -> C =.. [N|As]
    ;   var(C) -> ( As == [] -> throw(error(domain_error(compound_non_zero_arity, 0), _)) ; C =.. [N|As] )
    ;   throw(error(type_error(compound, C), _))
    ).
:- dynamic('$record'/2).
:- '$doc'("recorda(+Key, +Term)", "Store a copy of Term under Key in the recorded database, before the others.").
recorda(K, V) :- recorda(K, V, _).
:- '$doc'("recorda(+Key, +Term, -Reference)", "As recorda/2; Reference identifies the new record, for erase/1.").
recorda(K, V, Ref) :- '$record_key'(K), asserta('$record'(K, V), Ref).
:- '$doc'("recordz(+Key, +Term)", "Store a copy of Term under Key in the recorded database, after the others.").
recordz(K, V) :- recordz(K, V, _).
:- '$doc'("recordz(+Key, +Term, -Reference)", "As recordz/2; Reference identifies the new record, for erase/1.").
recordz(K, V, Ref) :- '$record_key'(K), assertz('$record'(K, V), Ref).
:- '$doc'("recorded(?Key, ?Value)", "Enumerate the records stored under Key in the recorded database.").
recorded(K, V) :- recorded(K, V, _).
:- '$doc'("recorded(?Key, ?Value, ?Reference)", "As recorded/2, also giving each record's Reference.").
recorded(K, V, Ref) :- clause('$record'(K, V), true, Ref).
'$record_key'(K) :-
    (   var(K) -> throw(error(instantiation_error, _))
    ;   atomic(K) -> true
    ;   compound(K) -> true
    ;   throw(error(type_error(key, K), _))
    ).
:- dynamic('$flag_value'/2).
:- '$doc'("flag(+Key, -Old, +New)", "Old is the value of flag Key (0 at first); then set it to the value of expression New.").
flag(Key0, Old, New) :-
    '$flag_key'(Key0, Key),
    (   '$flag_value'(Key, V0) -> Old = V0 ; Old = 0 ),
    Value is New,
    % Qualified: this clause is compiled before the meta_predicate
    % declarations below, so the table would otherwise be user's.
    retractall(system:'$flag_value'(Key, _)),
    assertz(system:'$flag_value'(Key, Value)).
:- '$doc'("get_flag(+Key, -Value)", "Value is the value of flag Key (0 if it was never set).").
get_flag(Key0, Value) :-
    '$flag_key'(Key0, Key),
    (   '$flag_value'(Key, V0) -> Value = V0 ; Value = 0 ).
:- '$doc'("set_flag(+Key, +Value)", "Set flag Key to Value, an integer, float or atom.").
set_flag(Key0, Value) :-
    '$flag_key'(Key0, Key),
    (   var(Value) -> throw(error(instantiation_error, _))
    ;   integer(Value)
    ->  (   Value >= -9223372036854775808, Value =< 9223372036854775807 -> true
        ;   throw(error(representation_error(int64_t), _))
        )
    ;   float(Value) -> true
    ;   atom(Value) -> true
    ;   throw(error(type_error(flag_value, Value), _))
    ),
    retractall(system:'$flag_value'(Key, _)),
    assertz(system:'$flag_value'(Key, Value)).
:- '$doc'("current_flag(?Key)", "Key is a flag set with flag/3 or set_flag/2; enumerates them.").
current_flag(Key) :-
    (   nonvar(Key) -> '$flag_key'(Key, K) ; true ),
    '$flag_value'(K, _),
    Key = K.
% A flag key: an atom, an integer or a compound, which stands for its name and
% arity (SWI-Prolog's keys).
'$flag_key'(K0, K) :-
    (   var(K0) -> throw(error(instantiation_error, _))
    ;   atom(K0) -> K = K0
    ;   integer(K0) -> K = K0
    ;   compound(K0) -> functor(K0, N, A), functor(K, N, A)
    ;   throw(error(type_error(key, K0), _))
    ).
:- '$doc'("current_key(?Key)", "Key is a key of the recorded database with at least one record; enumerates them.").
current_key(Key) :-
    (   var(Key) -> true
    ;   atom(Key) -> true
    ;   integer(Key) -> true
    ;   compound(Key) -> true
    ;   throw(error(type_error(key, Key), _))
    ),
    findall(K, clause('$record'(K, _), true), Ks0),
    sort(Ks0, Ks),
    '$member'(Key, Ks).
:- '$doc'("instance(+Reference, -Term)", "Term is the record (recorda/3) or the clause (Head :- Body) that Reference refers to.").
instance(Ref, Term) :-
    (   var(Ref) -> throw(error(instantiation_error, _))
    ;   Ref = '$cref'(_, _) -> true
    ;   throw(error(type_error(db_reference, Ref), _))
    ),
    clause(H, B, Ref),
    (   nonvar(H), H = '$record'(_, V) -> Term = V
    ;   Term = (H :- B)
    ).
:- '$doc'("nth_clause(?Pred, ?Index, ?Reference)", "Reference is the clause reference of clause number Index of Pred.").
nth_clause(Head, N, Ref) :-
    (   nonvar(Ref) -> clause(Head, _, Ref), findall(R, clause(Head, _, R), Rs), nth1(N, Rs, R1), R1 == Ref, !
    ;   findall(R, clause(Head, _, R), Rs), nth1(N, Rs, Ref)
    ).
:- '$doc'("prolog_load_context(?Key, ?Value)", "While loading a file, Value is the Key (module, source, file, directory, ...) of that load.").
prolog_load_context(module, M) :- '$current_source_module'(M).
prolog_load_context(source, F) :- '$source_location'(F, _).
prolog_load_context(file, F) :- '$source_location'(F, _).
prolog_load_context(term_position, '$stream_position'(0, L, 0, 0)) :- '$source_location'(_, L).
prolog_load_context(directory, D) :- '$source_location'(F, _), file_directory_name(F, D).
prolog_load_context(dialect, swi).
:- '$doc'("random(-Float)", "Float is a random float between 0.0 and 1.0 (exclusive).").
random(X) :- X is random_float.
:- '$doc'("random_between(+Low, +High, -Value)", "Value is a random integer with Low =< Value =< High.").
random_between(L, H, X) :-
    must_be(integer, L), must_be(integer, H),
    H >= L, X is L + random(H - L + 1).
:- '$doc'("random_member(-X, +List)", "X is an element of the non-empty List chosen at random.").
random_member(X, List) :-
    must_be(list, List), length(List, N), N > 0,
    I is random(N), nth0(I, List, X).
:- '$doc'("random_select(?X, ?List, ?Rest)", "X is a random element of List and Rest the remaining elements; or X is inserted at a random place.").
random_select(X, List, Rest) :-
    (   is_list(List)
    ->  length(List, N), N > 0,
        I is random(N), nth0(I, List, X, Rest)
    ;   is_list(Rest)
    ->  length(Rest, N), I is random(N + 1), nth0(I, List, X, Rest)
    ;   must_be(list, List)
    ).
:- '$doc'("random_permutation(?List, ?Permutation)", "Permutation is the elements of List in a random order (either argument a proper list).").
random_permutation(List, Perm) :-
    (   is_list(List)
    ->  '$random_keys'(List, Keyed), keysort(Keyed, Sorted), '$pair_values_'(Sorted, Perm)
    ;   is_list(Perm)
    ->  '$random_keys'(Perm, Keyed), keysort(Keyed, Sorted), '$pair_values_'(Sorted, List)
    ;   must_be(list, List)
    ).
'$random_keys'([], []).
'$random_keys'([X|Xs], [K-X|Ks]) :- K is random_float, '$random_keys'(Xs, Ks).
'$pair_values_'([], []).
'$pair_values_'([_-V|T], [V|Vs]) :- '$pair_values_'(T, Vs).
:- '$doc'("maybe", "Succeed or fail at random, each with probability one half.").
maybe :- random(2) =:= 0.

% Module-sensitive arguments of the system predicates (engine/module.rs):
% a goal in a program module passes them qualified with its module.
:- meta_predicate
    call(0), call(1, ?), call(2, ?, ?), call(3, ?, ?, ?), call(4, ?, ?, ?, ?),
    call(5, ?, ?, ?, ?, ?), call(6, ?, ?, ?, ?, ?, ?), call(7, ?, ?, ?, ?, ?, ?, ?),
    catch(0, ?, 0), findall(?, 0, -), findall(?, 0, -, ?), forall(0, 0),
    once(0), ignore(0), not(0), \+(0), setup_call_cleanup(0, 0, 0), setup_call_catcher_cleanup(0, 0, ?, 0), call_cleanup(0, 0),
    time(0), with_output_to(?, 0), bagof(?, ^, -), setof(?, ^, -),
    phrase(//, ?), phrase(//, ?, ?), apply(:, +),
    assert(:), asserta(:), assertz(:), assert(:, -), asserta(:, -), assertz(:, -),
    retract(:), retractall(:), clause(:, ?), clause(:, ?, ?), abolish(:),
    dynamic(:), discontiguous(:), predicate_property(:, ?),
    use_module(:), use_module(:, +), reexport(:), reexport(:, +),
    export(:), import(:), @(0, +), ensure_loaded(:), consult(:),
    context_module(:), meta_predicate(:), listing(:), initialization(0),
    format_predicate(+, 0).

% char_conversion/2 keeps ISO's table; the reader does not apply it
% (tests/KNOWN_DIFFERENCES.md). As in SWI, current_char_conversion/2 maps
% every character 0..255 (to itself when it is not converted).
:- dynamic('$char_conv'/2).
:- '$doc'("char_conversion(+In, +Out)", "Records that In converts to Out in text read (recorded only: the reader does not apply it).").
char_conversion(In, Out) :-
    '$must_be_char'(In), '$must_be_char'(Out),
    retractall('$char_conv'(In, _)),
    (   In == Out -> true ; assertz('$char_conv'(In, Out)) ).
'$must_be_char'(C) :-
    (   var(C) -> throw(error(instantiation_error, context(char_conversion/2, _)))
    ;   atom(C), atom_length(C, 1) -> true
    ;   throw(error(type_error(character, C), context(char_conversion/2, _)))
    ).
:- '$doc'("current_char_conversion(?In, ?Out)", "In converts to Out, each of the characters 0..255 (to itself unless char_conversion/2 said otherwise).").
current_char_conversion(In, Out) :-
    (   var(In) -> between(0, 255, Code), char_code(In, Code)
    ;   atom(In), atom_length(In, 1)
    ),
    (   '$char_conv'(In, To) -> Out = To ; Out = In ).

:- '$doc'("subsumes_term(@General, @Specific)", "True if Specific is an instance of General, without binding anything.").
subsumes_term(General, Specific) :-
    \+ \+ ( term_variables(Specific, V1),
            copy_term(V1, V1c),
            General = Specific,
            term_variables(V1c, V2), V1c == V2,
            term_variables(V1, V3), V3 == V1 ).
