% debug.pl -- library(debug): debug/3 messages switched on and off by topic, and
% assertion/1.
%
% A topic is known once debug/1, nodebug/1 or a debug/3 call has named it; its state is
% prolog_debug:'$debug_topic'(Topic, true|false) (qualified: library code asserts into the
% caller's module otherwise). Unlike SWI-Prolog, debug/1 does not warn about a topic no
% loaded code mentions (SWI registers topics while compiling debug/3 calls). debug/3 prints through print_message(debug(Topic), ...)
% so user:message_hook/3 sees it, as in SWI-Prolog.
% Tested by: tests/prolog/debug_lib.pl (tests/prolog_suites.rs).
:- module(prolog_debug, [
    debug/1,
    nodebug/1,
    debugging/1,
    debugging/2,
    debug/3,
    list_debug_topics/0,
    list_debug_topics/1,
    debug_message_context/1,
    assertion/1
]).


:- dynamic prolog_debug:'$debug_topic'/2.
:- meta_predicate assertion(0).

:- '$doc'("debug(+Topic)", "Enable debug/3 messages of Topic (a term; unifies with known topics).").
debug(Topic) :- '$debug_set'(Topic, true).

:- '$doc'("nodebug(+Topic)", "Disable debug/3 messages of Topic.").
nodebug(Topic) :- '$debug_set'(Topic, false).

'$debug_set'(Topic, Value) :-
    (   var(Topic)
    ->  throw(error(instantiation_error, _))
    ;   true
    ),
    (   prolog_debug:'$debug_topic'(Topic, _)
    ->  forall(retract(prolog_debug:'$debug_topic'(Topic, _)),
               assertz(prolog_debug:'$debug_topic'(Topic, Value)))
    ;   assertz(prolog_debug:'$debug_topic'(Topic, Value))
    ).

:- '$doc'("debugging(?Topic)", "Topic is a debug topic whose messages are enabled.").
debugging(Topic) :- prolog_debug:'$debug_topic'(Topic, true).

:- '$doc'("debugging(?Topic, ?Bool)", "Bool is true if debug topic Topic is enabled, false if it is known but disabled.").
debugging(Topic, Bool) :- prolog_debug:'$debug_topic'(Topic, Bool).

:- '$doc'("debug(+Topic, +Format, :Args)", "Print format(Format, Args) as a debug message ('% ' prefix on user_error) if Topic is enabled.").
debug(Topic, Format, Args) :-
    (   prolog_debug:'$debug_topic'(Topic, true)
    ->  (   is_list(Args)
        ->  A = Args
        ;   A = [Args]
        ),
        print_message(debug(Topic), format(Format, A))
    ;   prolog_debug:'$debug_topic'(Topic, false)
    ->  true
    ;   ground(Topic)
    ->  assertz(prolog_debug:'$debug_topic'(Topic, false))
    ;   true
    ).

:- '$doc'("list_debug_topics", "Print the known debug topics and whether each is enabled.").
list_debug_topics :-
    list_debug_topics([]).

:- '$doc'("list_debug_topics(+Options)", "Print the debug topics selected by Options: active(Bool) (only those enabled or disabled), search(Text) (only those whose printed name contains Text).").
list_debug_topics(Options) :-
    must_be(list, Options),
    format(user_error, '~w~t~30|~w~n', ['Debug Topic', 'Activated']),
    format(user_error, '~`-t~40|~n', []),
    forall(( prolog_debug:'$debug_topic'(T, B), '$debug_topic_selected'(Options, T, B) ),
           format(user_error, '~p~t~30|~w~n', [T, B])).

'$debug_topic_selected'([], _, _).
'$debug_topic_selected'([O|Os], T, B) :-
    (   O = active(A) -> A == B
    ;   O = search(S) -> format(atom(TA), '~p', [T]), sub_atom(TA, _, _, _, S), !
    ;   true
    ),
    '$debug_topic_selected'(Os, T, B).

:- dynamic prolog_debug:'$debug_context'/1.
prolog_debug:'$debug_context'([thread]).

:- '$doc'("debug_message_context(+What)", "+What adds What (thread, time, time(Format)) to the context printed with debug messages, -What removes it.").
debug_message_context(What) :-
    (   var(What) -> throw(error(instantiation_error, _)) ; true ),
    prolog_debug:'$debug_context'(C0),
    (   What = +Ctx
    ->  '$debug_context_del'(C0, Ctx, C1), '$append'(C1, [Ctx], C)
    ;   What = -Ctx
    ->  '$debug_context_del'(C0, Ctx, C)
    ),
    retractall(prolog_debug:'$debug_context'(_)),
    assertz(prolog_debug:'$debug_context'(C)).

'$debug_context_del'([], _, []).
'$debug_context_del'([X|Xs], Ctx, Ys) :-
    (   functor(X, N, _), functor(Ctx, N, _)
    ->  Ys = Ys1
    ;   Ys = [X|Ys1]
    ),
    '$debug_context_del'(Xs, Ctx, Ys1).

:- '$doc'("assertion(:Goal)", "Goal must succeed (once, bindings undone); otherwise print 'Assertion failed' and raise error(assertion_error(Reason, Goal), _).").
assertion(G) :-
    \+ \+ catch(G, _, fail),
    !.
assertion(G) :-
    (   catch(G, E, true)
    ->  (   nonvar(E)
        ->  Reason = E
        ;   Reason = fail
        )
    ;   Reason = fail
    ),
    % Goals from user arrive unqualified (engine/module.rs): name the module as SWI does.
    (   nonvar(G), G = _:_
    ->  QG = G
    ;   QG = user:G
    ),
    print_message(error, assertion_failed(Reason, QG)),
    throw(error(assertion_error(Reason, QG), _)).
