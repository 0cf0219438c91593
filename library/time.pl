% time.pl -- library(time): alarms and time limits (SWI-Prolog 9's module
% `time`). An alarm runs its goal when its time comes, at the next call the
% interrupted goal makes (or while it sleeps); an error the goal raises is
% raised in the interrupted goal, which is how call_with_time_limit/2 stops
% a goal. The clock is the engine's (engine/timer.rs, builtins/alarm.rs);
% this module keeps each alarm's time, goal and state in '$alarm'/5.
%
% Written for knightlog from SWI-Prolog's documentation and observed behaviour.
% Tested by: tests/prolog/lib_time.pl (tests/prolog_suites.rs).

:- module(time,
          [ alarm/3,
            alarm/4,
            alarm_at/3,
            alarm_at/4,
            remove_alarm/1,
            install_alarm/1,
            install_alarm/2,
            uninstall_alarm/1,
            current_alarm/4,
            call_with_time_limit/2,
            call_with_time_limit/3
          ]).

:- meta_predicate
    alarm(+, 0, -),
    alarm(+, 0, -, +),
    alarm_at(+, 0, -),
    alarm_at(+, 0, -, +),
    call_with_time_limit(+, 0),
    call_with_time_limit(+, 0, +).

%   '$alarm'(N, At, Goal, State, Remove): alarm '$alarm'(N) runs Goal
%   at time At (as get_time/1); State is idle (not installed), scheduled or
%   done; Remove is true if the alarm goes when it has run.
:- dynamic '$alarm'/5.

%   alarm(+Time, :Goal, -Id[, +Options]): run Goal Time seconds from now.
alarm(Time, Goal, Id) :-
    alarm(Time, Goal, Id, []).

alarm(Time, Goal, Id, Options) :-
    must_be(number, Time),
    get_time(Now),
    At is Now + Time,
    alarm_at(At, Goal, Id, Options).

%   alarm_at(+At, :Goal, -Id[, +Options]): run Goal at time At.
alarm_at(At, Goal, Id) :-
    alarm_at(At, Goal, Id, []).

alarm_at(At, Goal, Id, Options) :-
    must_be(number, At),
    must_be(list, Options),
    option(remove(Remove), Options, false),
    option(install(Install), Options, true),
    must_be(boolean, Remove),
    must_be(boolean, Install),
    flag('$time_alarm', N, N + 1),
    Id = '$alarm'(N),
    assertz('$alarm'(N, At, Goal, idle, Remove)),
    (   Install == true
    ->  schedule(N)
    ;   true
    ).

%   install_alarm(+Id[, +Time]): start an alarm made with install(false)
%   (or uninstalled), at its own time or Time seconds from now.
install_alarm(Id) :-
    alarm_number(Id, N),
    schedule(N).

install_alarm(Id, Time) :-
    alarm_number(Id, N),
    must_be(number, Time),
    get_time(Now),
    At is Now + Time,
    retract('$alarm'(N, _, Goal, _, Remove)),
    assertz('$alarm'(N, At, Goal, idle, Remove)),
    schedule(N).

%   uninstall_alarm(+Id): the alarm does not run (until installed again).
uninstall_alarm(Id) :-
    alarm_number(Id, N),
    '$alarm_cancel'(N),
    (   retract('$alarm'(N, At, Goal, scheduled, Remove))
    ->  assertz('$alarm'(N, At, Goal, idle, Remove))
    ;   true
    ).

%   remove_alarm(+Id): the alarm does not run and is forgotten.
remove_alarm(Id) :-
    alarm_number(Id, N),
    '$alarm_cancel'(N),
    retract('$alarm'(N, _, _, _, _)).

%   current_alarm(?At, ?Goal, ?Id, ?Status): an alarm not removed, earliest
%   first; Status is done (it ran) or scheduled. (SWI-Prolog's manual also
%   names a status next; SWI-Prolog 9 reports scheduled for the next alarm
%   too, and so does this library.)
current_alarm(At, Goal, Id, Status) :-
    (   nonvar(Id)
    ->  Id = '$alarm'(N)
    ;   findall(T-K, '$alarm'(K, T, _, _, _), Alarms),
        msort(Alarms, Sorted),
        member(_-N, Sorted),
        Id = '$alarm'(N)
    ),
    '$alarm'(N, At, Stored, State, _),
    (   nonvar(Stored), Stored = M:G, M == user
    ->  Goal = G
    ;   Goal = Stored
    ),
    (   State == done
    ->  Status = done
    ;   Status = scheduled
    ).

%   call_with_time_limit(+Time, :Goal[, +Context]): Goal, as once/1, or the
%   error time_limit_exceeded (time_limit_exceeded(Context)) if it has not
%   finished after Time seconds.
call_with_time_limit(Time, Goal) :-
    time_limited(Time, Goal, time_limit_exceeded).

call_with_time_limit(Time, Goal, Context) :-
    time_limited(Time, Goal, time_limit_exceeded(Context)).

time_limited(Time, Goal, Ball) :-
    Time > 0,
    !,
    setup_call_cleanup(
        alarm(Time, throw(Ball), Id, [remove(true)]),
        once(Goal),
        remove_if_there(Id)).
time_limited(_, _, Ball) :-
    throw(Ball).

remove_if_there('$alarm'(N)) :-
    '$alarm_cancel'(N),
    retractall('$alarm'(N, _, _, _, _)).

schedule(N) :-
    retract('$alarm'(N, At, Goal, _, Remove)),
    assertz('$alarm'(N, At, Goal, scheduled, Remove)),
    get_time(Now),
    Delay is At - Now,
    '$alarm_schedule'(N, Delay).

alarm_number(Id, N) :-
    (   var(Id)
    ->  throw(error(instantiation_error, _))
    ;   Id = '$alarm'(N), integer(N)
    ->  true
    ;   throw(error(type_error(alarm, Id), _))
    ).

%   '$run_alarm'(+N): the alarm's time came (called by the engine).
'$run_alarm'(N) :-
    (   retract('$alarm'(N, At, Goal, scheduled, Remove))
    ->  (   Remove == true
        ->  true
        ;   assertz('$alarm'(N, At, Goal, done, Remove))
        ),
        (   call(Goal)
        ->  true
        ;   true
        )
    ;   true
    ).
