% library(prolog_stack). knightlog knows frames only in debug mode (the
% debugger's boxes) and has no clause references or choicepoint inspection:
% see tests/KNOWN_DIFFERENCES.md. These tests hold in both systems.
:- use_module(library(plunit)).
:- use_module(library(prolog_stack)).

stack_a(S) :- stack_b(S), true.
stack_b(S) :- stack_c(S), true.
stack_c(S) :- get_prolog_backtrace(20, S), true.

deep(S, D) :- get_prolog_backtrace(3, S, [goal_term_depth(D)]), true.

frame_ok(frame(Level, Where, Goal)) :-
    integer(Level),
    nonvar(Where),
    nonvar(Goal).

% Goal is the goal of one of the frames (module qualification aside).
has_goal(Frames, Goal) :-
    member(frame(_, _, G), Frames),
    (   G = _:G1
    ->  true
    ;   G1 = G
    ),
    subsumes_term(Goal, G1),
    !.

printed(Frames, Text) :-
    with_output_to(string(Text),
                   ( current_output(Out),
                     print_prolog_backtrace(Out, Frames) )).

printed(Frames, Options, Text) :-
    with_output_to(string(Text),
                   ( current_output(Out),
                     print_prolog_backtrace(Out, Frames, Options) )).

frames(Levels, Frames) :-
    findall(frame(L, call(user:f/1), f(L)), member(L, Levels), Frames).

:- begin_tests(get_prolog_backtrace).
test(list) :-
    get_prolog_backtrace(5, S),
    is_list(S),
    length(S, N),
    N =< 5,
    forall(member(F, S), frame_ok(F)).
test(zero, [S == []]) :- get_prolog_backtrace(0, S).
test(options, [true(N =< 3)]) :- get_prolog_backtrace(3, S, [goal_term_depth(2)]), length(S, N).
test(debug_mode_frames) :-
    debug,
    call_cleanup(stack_a(S), nodebug),
    forall(member(F, S), frame_ok(F)),
    has_goal(S, stack_c(_)),
    has_goal(S, stack_b(_)),
    has_goal(S, stack_a(_)).
test(debug_mode_depth) :-
    debug,
    call_cleanup(stack_a(S), nodebug),
    length(S, N),
    N =< 20.
test(debug_mode_levels_descend) :-
    debug,
    call_cleanup(stack_a(S), nodebug),
    findall(L, member(frame(L, _, _), S), Ls),
    msort(Ls, Sorted),
    reverse(Sorted, Ls).
test(goal_term_depth) :-
    debug,
    call_cleanup(deep(S, 1), nodebug),
    forall(member(F, S), frame_ok(F)).
test(not_a_number, error(type_error(evaluable, a/0))) :- get_prolog_backtrace(a, _).
:- end_tests(get_prolog_backtrace).

:- begin_tests(print_prolog_backtrace).
test(one, [T == "   [3] f(3)\n"]) :- frames([3], F), printed(F, T).
test(descending, [T == "   [3] f(3)\n   [2] f(2)\n   [1] f(1)\n"]) :-
    frames([3, 2, 1], F), printed(F, T).
test(gap, [T == "   [3] f(3)\n   [1] f(1)\n\nNote: some frames are missing due to last-call optimization.\nRe-run your program in debug mode (:- debug.) to get more detail.\n"]) :-
    frames([3, 1], F), printed(F, T).
test(empty, [T == "\n\nNote: some frames are missing due to last-call optimization.\nRe-run your program in debug mode (:- debug.) to get more detail.\n"]) :-
    printed([], T).
test(wide_level, [T == "[1,000] f(1000)\n [999] f(999)\n"]) :- frames([1000, 999], F), printed(F, T).
test(foreign, [T == "   [2] between(1,2,3) <foreign>\n"]) :-
    printed([frame(2, foreign(system:between/3), between(1, 2, 3))], T).
test(qualified, [T == "   [0] lists:append([],[a,b],[a,b])\n"]) :-
    printed([frame(0, call(lists:append/3), lists:append([], [a, b], [a, b]))], T).
test(quoted, [T == "   [5] 'A'('b c',\"s\")\n"]) :-
    printed([frame(5, call(user:'A'/2), 'A'('b c', "s"))], T).
test(options, [T == "   [3] f(3)\n"]) :- frames([3], F), printed(F, [show_files(basename)], T).
test(backtrace) :- backtrace(0).
:- end_tests(print_prolog_backtrace).

:- begin_tests(prolog_stack_frame_property).
test(call, all(P == [level(3), predicate(user:foo/1)])) :-
    prolog_stack_frame_property(frame(3, call(user:foo/1), foo(a)), P).
test(foreign, all(P == [level(2), predicate(system:between/3)])) :-
    prolog_stack_frame_property(frame(2, foreign(system:between/3), between(1, 2, _)), P).
test(level, [L == 7]) :- once(prolog_stack_frame_property(frame(7, call(user:g/0), g), level(L))).
test(no_location, fail) :-
    prolog_stack_frame_property(frame(3, call(user:foo/1), foo(a)), location(_)).
:- end_tests(prolog_stack_frame_property).

:- begin_tests(print_last_choicepoint).
test(not_a_choice, error(type_error(choice, foo))) :- print_last_choicepoint(foo, []).
test(unbound, error(instantiation_error)) :- print_last_choicepoint(_, []).
:- end_tests(print_last_choicepoint).
