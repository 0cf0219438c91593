/*  library(process): creating and managing child processes, for knightlog.

    Written for knightlog from SWI-Prolog's documentation and observed
    behaviour (SWI-Prolog 9).  The options are checked here; the natives
    '$process_create'/5, '$process_wait'/3, '$process_kill'/3 and
    '$process_orphan'/1 (src/builtins/process.rs) do the system's part.
    Unix only.
*/

:- module(process,
          [ process_create/3,           % +Exe, +Args, +Options
            process_wait/2,             % +PID, -Status
            process_wait/3,             % +PID, -Status, +Options
            process_id/1,               % -PID
            process_id/2,               % +Process, -PID
            is_process/1,               % +PID
            process_release/1,          % +PID
            process_kill/1,             % +PID
            process_kill/2,             % +PID, +Signal
            process_group_kill/1,       % +PID
            process_group_kill/2,       % +PID, +Signal
            process_set_method/1        % +Method
          ]).
:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(apply)).

%!  process_create(+Exe, +Args:list, +Options) is det.
%
%   Runs the program Exe (a file specification for absolute_file_name/3,
%   typically path(Name) to search $PATH) with the arguments Args: each is
%   atomic, file(Spec) or a list of those (concatenated).  Options:
%   stdin(Spec), stdout(Spec), stderr(Spec) with Spec std, null, pipe(S),
%   pipe(S, [type(T), encoding(E)]) or stream(S); cwd(Dir); env(List)
%   or environment(List) of Name=Value; process(PID); detached(Bool);
%   window(Bool); priority(P).  Without process(PID) the process is waited
%   for (when its last pipe is closed, if it has pipes) and must exit with
%   status 0, else process_error(Exe, Status) is raised.

process_create(Exe, Args, Options) :-
    exe_file(Exe, Path),
    must_be(list, Args),
    maplist(arg_text, Args, Texts),
    process_options(Options, opts([], inherit, std, std, std, none, false, none),
                    opts(Cwd, Env, In, Out, Err0, PidOpt, Detached, Prio)),
    same_pipe(Out, Err0, Err),
    (   PidOpt == none -> Wait = true ; Wait = false ),
    '$process_create'(Path, Texts,
                      spec(Cwd, Env, In, Out, Err, Detached, Prio, Wait),
                      Pid, Status),
    (   Wait == true
    ->  (   Status = exit(0) -> true
        ;   Status == running -> true
        ;   throw(error(process_error(Path, Status), _))
        )
    ;   PidOpt = process(P),
        (   P = Pid -> true
        ;   '$process_orphan'(Pid), fail
        )
    ).

exe_file(Exe, _) :-
    var(Exe), !,
    instantiation_error(Exe).
exe_file(Exe, _) :-
    atomic(Exe), \+ atom(Exe), \+ string(Exe), !,
    type_error(text, Exe).
exe_file(Exe, Path) :-
    (   absolute_file_name(Exe, Path0,
                           [access(execute), file_errors(fail)])
    ->  Path = Path0
    ;   existence_error(source_sink, Exe)
    ).

% An argument is a primitive (atomic or file(Spec)) or a list of them.
arg_text(Arg, Text) :-
    (   is_list(Arg)
    ->  maplist(primitive_text(text), Arg, Parts),
        atomic_list_concat(Parts, Text)
    ;   primitive_text(atomic, Arg, Text)
    ).

% Type: the type error for another term (a list's member must be text).
primitive_text(_, X, _) :-
    var(X), !,
    instantiation_error(X).
primitive_text(_, file(Spec), Text) :- !,
    file_text(Spec, Text).
primitive_text(_, X, X) :-
    atomic(X), !.
primitive_text(Type, X, _) :-
    type_error(Type, X).

file_text(Spec, _) :-
    var(Spec), !,
    instantiation_error(Spec).
file_text(Spec, Text) :-
    (   atomic(Spec)
    ->  File = Spec
    ;   absolute_file_name(Spec, File, [file_errors(fail)])
    ),
    prolog_to_os_filename(File, Text).

% The options in order, a later one replacing an earlier one.
process_options(Options, Opts, Opts) :-
    var(Options), !,
    instantiation_error(Options).
process_options([], Opts, Opts) :- !.
process_options([H|T], Opts0, Opts) :- !,
    process_option(H, Opts0, Opts1),
    process_options(T, Opts1, Opts).
process_options(Options, _, _) :-
    type_error(list, Options).

process_option(Opt, _, _) :-
    var(Opt), !,
    instantiation_error(Opt).
process_option(Opt, O0, O) :-
    compound(Opt),
    functor(Opt, Name, 1),
    memberchk(Name, [stdin, stdout, stderr, cwd, env, environment, process,
                     detached, window, priority]), !,
    arg(1, Opt, Value),
    option_arg(Name, Value, O0, O).
process_option(Opt, _, _) :-
    compound(Opt), !,
    domain_error(process_option, Opt).
process_option(Opt, _, _) :-
    type_error(option, Opt).

option_arg(stdin, S, opts(C, E, _, O, R, P, D, Pr), opts(C, E, I, O, R, P, D, Pr)) :-
    stream_spec(S, I).
option_arg(stdout, S, opts(C, E, I, _, R, P, D, Pr), opts(C, E, I, O, R, P, D, Pr)) :-
    stream_spec(S, O).
option_arg(stderr, S, opts(C, E, I, O, _, P, D, Pr), opts(C, E, I, O, R, P, D, Pr)) :-
    stream_spec(S, R).
option_arg(cwd, Dir, opts(_, E, I, O, R, P, D, Pr), opts(C, E, I, O, R, P, D, Pr)) :-
    cwd_dir(Dir, C).
option_arg(env, L, opts(C, E0, I, O, R, P, D, Pr), opts(C, E, I, O, R, P, D, Pr)) :-
    (   E0 == inherit -> true ; permission_error(redefine, environment, L) ),
    env_option(env, L, E).
option_arg(environment, L, opts(C, E0, I, O, R, P, D, Pr), opts(C, E, I, O, R, P, D, Pr)) :-
    (   E0 == inherit -> true
    ;   E0 = env(Old) -> permission_error(redefine, environment, Old)
    ;   permission_error(redefine, environment, L)
    ),
    env_option(environment, L, E).
option_arg(process, Pid, opts(C, E, I, O, R, _, D, Pr), opts(C, E, I, O, R, process(Pid), D, Pr)).
option_arg(detached, B, opts(C, E, I, O, R, P, _, Pr), opts(C, E, I, O, R, P, B, Pr)) :-
    bool(B).
option_arg(window, B, Opts, Opts) :-
    bool(B).
option_arg(priority, Pr, opts(C, E, I, O, R, P, D, _), opts(C, E, I, O, R, P, D, Pr)) :-
    must_be(integer, Pr),
    (   between(-20, 19, Pr) -> true ; domain_error(priority_option, Pr) ).

bool(B) :-
    (   var(B) -> instantiation_error(B)
    ;   memberchk(B, [true, false]) -> true
    ;   type_error(bool, B)
    ).

cwd_dir(Dir, _) :-
    var(Dir), !,
    instantiation_error(Dir).
cwd_dir(Dir, Abs) :-
    atomic(Dir), !,
    (   \+ atom(Dir), \+ string(Dir)
    ->  type_error(text, Dir)
    ;   exists_directory(Dir)
    ->  absolute_file_name(Dir, Abs)
    ;   existence_error(directory, Dir)
    ).
cwd_dir(Spec, Abs) :-
    (   absolute_file_name(Spec, Abs0, [file_type(directory), file_errors(fail)])
    ->  Abs = Abs0
    ;   existence_error(source_sink, Spec)
    ).

env_option(Kind, L, Env) :-
    must_be(list, L),
    env_pairs(L, Pairs),
    Env =.. [Kind, Pairs].

env_pairs([], []).
env_pairs([H|T], [P|Ps]) :-
    env_pair(H, P),
    env_pairs(T, Ps).

env_pair(Pair, _) :-
    var(Pair), !,
    instantiation_error(Pair).
env_pair(Name=Value, Name=Text) :-
    must_be(atomic, Name),
    arg_text(Value, Text).

% What the native takes: std, null, stream(S), pipe(S, Encoding, Type).
stream_spec(Spec, _) :-
    var(Spec), !,
    instantiation_error(Spec).
stream_spec(std, std) :- !.
stream_spec(null, null) :- !.
stream_spec(pipe(S), Pipe) :- !,
    stream_spec(pipe(S, []), Pipe).
stream_spec(pipe(S, Options), pipe(S, Enc, Type)) :- !,
    (   var(S) -> true ; uninstantiation_error(S) ),
    must_be(list, Options),
    foldl(pipe_option, Options, utf8-text, Enc-Type).
stream_spec(stream(S), stream(S)) :- !,
    must_be(nonvar, S).
stream_spec(Spec, _) :-
    domain_error(process_stream, Spec).

% type(binary) is octets; an encoding makes a text stream, but octet.
pipe_option(O, _, _) :-
    var(O), !,
    instantiation_error(O).
pipe_option(type(T), _, ET) :- !,
    (   var(T) -> instantiation_error(T)
    ;   T == text -> ET = utf8-text
    ;   T == binary -> ET = octet-binary
    ;   domain_error(stream_type, T)
    ).
pipe_option(encoding(E), _, E-T) :- !,
    must_be(atom, E),
    (   E == octet -> T = binary
    ;   memberchk(E, [utf8, text, ascii, iso_latin_1]) -> T = text
    ;   domain_error(encoding, E)
    ).
pipe_option(O, _, _) :-
    domain_error(pipe_option, O).

% stdout(pipe(S)) and stderr(pipe(S)) share one stream.
same_pipe(pipe(S, _, _), pipe(S2, _, _), same) :- S == S2, !.
same_pipe(_, Err, Err).

%!  process_wait(+PID, -Status) is det.
%!  process_wait(+PID, -Status, +Options) is det.
%
%   Waits for child PID; Status is exit(Code) or killed(Signal).  Options:
%   timeout(Seconds) (infinite by default; Status is `timeout` when the
%   child did not end in time), release(true).

process_wait(PID, Status) :-
    process_wait(PID, Status, []).

process_wait(PID, Status, Options) :-
    must_be(list, Options),
    wait_options(Options, infinite, Timeout),
    '$process_wait'(PID, Status0, Timeout),
    Status = Status0.

wait_options([], T, T).
wait_options([H|Rest], T0, T) :-
    (   var(H) -> instantiation_error(H)
    ;   H = timeout(T1)
    ->  (   var(T1) -> instantiation_error(T1)
        ;   ( T1 == infinite ; number(T1) ) -> T2 = T1
        ;   type_error(timeout, T1)
        )
    ;   H = release(R)
    ->  bool(R),
        (   R == true -> T2 = T0 ; domain_error(true, R) )
    ;   compound(H) -> T2 = T0
    ;   type_error(option, H)
    ),
    wait_options(Rest, T2, T).

%!  process_id(-PID) is det.
%
%   PID is the process id of this Prolog process (deprecated in SWI-Prolog
%   for current_prolog_flag(pid, PID)).

process_id(PID) :-
    current_prolog_flag(pid, PID).

%!  process_id(+Process, -PID) is det.
%
%   A process is its PID here, as in SWI-Prolog.

process_id(PID, PID).

%!  is_process(+PID) is semidet.
%
%   PID might be a process: a positive integer.

is_process(PID) :-
    integer(PID),
    PID > 0.

%!  process_release(+PID) is det.
%
%   Releases child PID: waits for it, as process_wait(PID, _).

process_release(PID) :-
    process_wait(PID, _).

%!  process_kill(+PID) is det.
%!  process_kill(+PID, +Signal) is det.
%
%   Sends Signal (default term) to PID: a number, a name such as 'SIGKILL'
%   or kill.

process_kill(PID) :-
    process_kill(PID, term).

process_kill(PID, Signal) :-
    '$process_kill'(PID, Signal, false).

%!  process_group_kill(+PID) is det.
%!  process_group_kill(+PID, +Signal) is det.
%
%   As process_kill/1,2, to the process group of PID (see detached(true)).

process_group_kill(PID) :-
    process_group_kill(PID, term).

process_group_kill(PID, Signal) :-
    '$process_kill'(PID, Signal, true).

%!  process_set_method(+Method) is det.
%
%   How processes are created: fork, vfork or spawn.  Accepted for
%   compatibility; knightlog always spawns the same way.

process_set_method(Method) :-
    must_be(atom, Method),
    (   memberchk(Method, [fork, vfork, spawn])
    ->  true
    ;   domain_error(process_create_method, Method)
    ).
