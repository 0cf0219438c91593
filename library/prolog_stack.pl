% library(prolog_stack): examining the Prolog stack, as SWI-Prolog's
% library(prolog_stack). Written for knightlog from SWI-Prolog's
% documentation and observed behaviour.
%
% knightlog has no prolog_current_frame/1 or prolog_frame_attribute/3. The
% frames it can know are the debugger's: in debug mode (after debug/0 or
% trace/0, or `:- debug.`) every call opens a box, and get_prolog_backtrace/2
% returns those boxes, innermost first, as frame(Level, Where, Goal) with
% Where = call(Module:Name/Arity) (foreign(PI) for a builtin). Out of debug
% mode the backtrace is empty, and print_prolog_backtrace/2 says, as SWI
% does for missing frames, to re-run in debug mode. knightlog keeps no
% clause references for frames, so no frame has a `clause(Ref, PC)` and
% none has a location. There is no choicepoint inspection either:
% print_last_choicepoint/0 prints nothing. See tests/KNOWN_DIFFERENCES.md.

:- module(prolog_stack,
          [ get_prolog_backtrace/2,
            get_prolog_backtrace/3,
            prolog_stack_frame_property/2,
            print_prolog_backtrace/2,
            print_prolog_backtrace/3,
            backtrace/1,
            print_last_choicepoint/0,
            print_last_choicepoint/2
          ]).

%!  get_prolog_backtrace(+MaxDepth, -Backtrace) is det.
%!  get_prolog_backtrace(+MaxDepth, -Backtrace, +Options) is det.
%
%   Backtrace is a list of frame(Level, Where, Goal), innermost first, at
%   most MaxDepth long. Options: goal_term_depth(Depth) (default 10)
%   limits the goals' depth; guard(PI) stops before the frame of PI;
%   frame(_) and clause_references(_) are accepted.

get_prolog_backtrace(MaxDepth, Backtrace) :-
    get_prolog_backtrace(MaxDepth, Backtrace, []).

get_prolog_backtrace(MaxDepth, Backtrace, Options) :-
    Max0 is MaxDepth,
    (   Max0 < 0
    ->  Max = inf
    ;   Max = Max0
    ),
    must_be(list, Options),
    (   memberchk(goal_term_depth(GoalDepth), Options)
    ->  must_be(nonneg, GoalDepth)
    ;   GoalDepth = 10
    ),
    (   memberchk(guard(Guard), Options)
    ->  true
    ;   Guard = none
    ),
    debugger_frames(Raw),
    drop_internal(Raw, Kept),
    take_frames(Kept, Max, GoalDepth, Guard, Frames),
    Backtrace = Frames.

% The debugger's boxes, innermost first, as Depth-Module:Goal (live terms).
debugger_frames(Frames) :-
    (   catch(nb_current('$trace_ctx', Top), _, fail)
    ->  frame_chain(Top, Frames)
    ;   Frames = []
    ).

frame_chain(F, Frames) :-
    (   compound(F),
        F = '$tf'(Depth, Goal, Parent),
        integer(Depth)
    ->  Frames = [Depth-Goal|More],
        frame_chain(Parent, More)
    ;   Frames = []
    ).

% Drops the frames of this library's own work, keeping the outermost call
% of an exported predicate (as SWI-Prolog shows get_prolog_backtrace/3 or
% backtrace/1 as the first frame).
drop_internal(Raw, Kept) :-
    internal_prefix(Raw, Prefix),
    (   last_api_frame(Prefix, Raw, Kept0)
    ->  Kept = Kept0
    ;   Kept = Raw
    ).

internal_prefix([], []).
internal_prefix([F|Fs], Prefix) :-
    (   internal_frame(F)
    ->  Prefix = [F|Prefix1],
        internal_prefix(Fs, Prefix1)
    ;   Prefix = []
    ).

internal_frame(_-Goal) :-
    nonvar(Goal),
    Goal = M:_,
    ( M == prolog_stack ; M == system ).

last_api_frame(Prefix, Raw, Kept) :-
    findall(N, ( nth1(N, Prefix, _-(prolog_stack:G)),
                 callable(G),
                 functor(G, Name, Arity),
                 api(Name/Arity) ), Ns),
    last(Ns, N),
    N0 is N - 1,
    length(Skip, N0),
    append(Skip, Kept, Raw).

api(get_prolog_backtrace/2).
api(get_prolog_backtrace/3).
api(backtrace/1).
api(print_last_choicepoint/0).

take_frames([], _, _, _, []).
take_frames([Depth-QGoal|Fs], Max, GoalDepth, Guard, Frames) :-
    (   Max \== inf,
        Max =< 0
    ->  Frames = []
    ;   frame_goal(QGoal, M, Goal0),
        functor(Goal0, Name, Arity),
        guarded(Guard, M, Name, Arity)
    ->  Frames = []
    ;   frame_goal(QGoal, M, Goal0),
        functor(Goal0, Name, Arity),
        Level is abs(Depth),
        (   Depth < 0
        ->  Where = foreign(M:Name/Arity)
        ;   Where = call(M:Name/Arity)
        ),
        limit_depth(Goal0, GoalDepth, Limited),
        copy_term(Limited, Goal1),
        shown_goal(M, Goal1, Goal),
        Frames = [frame(Level, Where, Goal)|More],
        (   Max == inf
        ->  Max1 = inf
        ;   Max1 is Max - 1
        ),
        take_frames(Fs, Max1, GoalDepth, Guard, More)
    ).

frame_goal(QGoal, M, Goal) :-
    strip_qualifiers(QGoal, user, M, Goal0),
    (   callable(Goal0)
    ->  Goal = Goal0
    ;   Goal = '<meta-call>'(Goal0)
    ).

strip_qualifiers(Term, M0, M, Goal) :-
    (   nonvar(Term),
        Term = M1:G,
        atom(M1)
    ->  strip_qualifiers(G, M1, M, Goal)
    ;   M = M0,
        Goal = Term
    ).

guarded(none, _, _, _) :-
    !,
    fail.
guarded(Guard, M, Name, Arity) :-
    (   Guard = GM:Name/Arity
    ->  GM == M
    ;   Guard = Name/Arity
    ).

shown_goal(M, Goal, Shown) :-
    (   ( M == user ; M == system )
    ->  Shown = Goal
    ;   Shown = M:Goal
    ).

% A copy of Term whose subterms below Depth are '...'.
limit_depth(Term, Depth, Limited) :-
    (   var(Term)
    ->  Limited = Term
    ;   atomic(Term)
    ->  Limited = Term
    ;   Depth =< 0
    ->  Limited = '...'
    ;   Term =.. [F|Args],
        D1 is Depth - 1,
        limit_args(Args, D1, LArgs),
        Limited =.. [F|LArgs]
    ).

limit_args([], _, []).
limit_args([A|As], D, [L|Ls]) :-
    limit_depth(A, D, L),
    limit_args(As, D, Ls).

%!  prolog_stack_frame_property(+Frame, ?Property) is nondet.
%
%   level(Level), predicate(PI) and, for a clause frame,
%   location(File:Line).

prolog_stack_frame_property(frame(Level, _, _), level(Level)).
prolog_stack_frame_property(frame(_, Where, _), predicate(PI)) :-
    where_predicate(Where, PI).
prolog_stack_frame_property(frame(_, clause(Clause, _), _), location(File:Line)) :-
    clause_location(Clause, File, Line).

where_predicate(call(PI), PI).
where_predicate(foreign(PI), PI).
where_predicate(clause(Clause, _), PI) :-
    catch(clause_property(Clause, predicate(PI)), _, fail).

clause_location(Clause, File, Line) :-
    catch(( clause_property(Clause, file(File)),
            clause_property(Clause, line_count(Line)) ), _, fail).

%!  print_prolog_backtrace(+Stream, +Backtrace) is det.
%!  print_prolog_backtrace(+Stream, +Backtrace, +Options) is det.
%
%   Prints each frame as `   [Level] Goal`, with ` at File:Line` for a
%   clause frame and ` <foreign>` for a builtin, and a note when levels are
%   missing. Options: show_files(absolute/basename); others are accepted.

print_prolog_backtrace(Stream, Backtrace) :-
    print_prolog_backtrace(Stream, Backtrace, []).

print_prolog_backtrace(Stream, Backtrace, Options) :-
    must_be(list, Backtrace),
    must_be(list, Options),
    (   memberchk(show_files(Show), Options)
    ->  true
    ;   Show = absolute
    ),
    print_frames(Backtrace, Stream, Show, first),
    (   missing_frames(Backtrace)
    ->  format(Stream, '~n~nNote: some frames are missing due to last-call optimization.~n', []),
        format(Stream, 'Re-run your program in debug mode (:- debug.) to get more detail.~n', [])
    ;   Backtrace == []
    ->  true
    ;   nl(Stream)
    ).

print_frames([], _, _, _).
print_frames([Frame|Frames], Stream, Show, Pos) :-
    (   Pos == first
    ->  true
    ;   nl(Stream)
    ),
    print_frame(Frame, Stream, Show),
    print_frames(Frames, Stream, Show, next).

print_frame(frame(Level, Where, Goal), Stream, Show) :-
    !,
    format(Stream, '~t[~D]~6| ~p', [Level, Goal]),
    where_suffix(Where, Stream, Show).
print_frame(Frame, Stream, _) :-
    format(Stream, '~p', [Frame]).

where_suffix(foreign(_), Stream, _) :-
    !,
    format(Stream, ' <foreign>', []).
where_suffix(clause(Clause, _), Stream, Show) :-
    clause_location(Clause, File0, Line),
    !,
    (   Show == basename
    ->  file_base_name(File0, File)
    ;   File = File0
    ),
    format(Stream, ' at ~w:~d', [File, Line]).
where_suffix(_, _, _).

% True when the levels do not descend one by one (or there are no frames).
missing_frames([]).
missing_frames([frame(L1, _, _), frame(L2, _, _)|_]) :-
    L2 =\= L1 - 1,
    !.
missing_frames([_|Frames]) :-
    Frames = [_, _|_],
    missing_frames(Frames).

%!  backtrace(+MaxDepth) is det.
%
%   Prints the backtrace of the current goal to user_error.

backtrace(MaxDepth) :-
    get_prolog_backtrace(MaxDepth, Backtrace),
    print_prolog_backtrace(user_error, Backtrace).

%!  print_last_choicepoint is det.
%!  print_last_choicepoint(+ChoiceRef, +Options) is det.
%
%   knightlog cannot inspect choicepoints: the first prints nothing, the
%   second accepts no term as a choicepoint reference.

print_last_choicepoint.

print_last_choicepoint(Choice, _Options) :-
    (   var(Choice)
    ->  throw(error(instantiation_error, context(prolog_choice_attribute/3, _)))
    ;   throw(error(type_error(choice, Choice), context(prolog_choice_attribute/3, _)))
    ).
