% library(debug): debug/1,3, nodebug/1, debugging/1,2, list_debug_topics/0,1,
% debug_message_context/1, assertion/1.
:- use_module(library(plunit)).
:- use_module(library(debug)).

% Topics named in debug/3 calls, so SWI-Prolog knows them when debug/1 runs.
mention_topics :-
    debug(lib_debug_t1, "t1", []),
    debug(lib_debug_t2, "t2", []).

:- begin_tests(debug).
test(topic) :- debug(lib_debug_t1), debugging(lib_debug_t1), nodebug(lib_debug_t1), \+ debugging(lib_debug_t1).
test(debugging2, B == false) :- debug(lib_debug_t2), nodebug(lib_debug_t2), debugging(lib_debug_t2, B).
test(silent) :- nodebug(lib_debug_t3), debug(lib_debug_t3, "not shown ~w", [x]).
test(list_topics) :- with_output_to(string(_), list_debug_topics).
test(list_topics_opts) :- with_output_to(string(_), list_debug_topics([active(true)])).
test(context) :- debug_message_context(+time), debug_message_context(-time).
test(assertion) :- assertion(true).
test(assertion_var) :- assertion(member(_, [a])).
:- end_tests(debug).
