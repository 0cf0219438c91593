% library(process): child processes, their pipes, status, signals, errors.
% Runs unchanged under SWI-Prolog and knightlog; the last unit checks that
% no child is left a zombie.
:- use_module(library(plunit)).
:- use_module(library(process)).
:- use_module(library(readutil)).
:- use_module(library(lists)).

output_of(Exe, Args, Options, Text) :-
    process_create(Exe, Args, [stdout(pipe(Out))|Options]),
    read_string(Out, _, Text),
    close(Out).

% A child that says it is ready (so it runs: signals reach the program).
ready_child(Options, Pid, Out) :-
    process_create(path(sh), ['-c', 'echo ready; exec sleep 20'],
                   [stdout(pipe(Out)), process(Pid)|Options]),
    read_line_to_string(Out, Line),
    assertion(Line == "ready").

exe(Name, File) :-
    absolute_file_name(path(Name), File, [access(execute)]).

tmp_dir(Dir) :-
    tmp_file(proc, Dir),
    make_directory(Dir).

:- begin_tests(process_pipes).
test(echo, T == "hello world\n") :-
    output_of(path(echo), [hello, world], [], T).
test(argument_kinds, T == "a|1|2.5|str|/tmp/a b|ab1|") :-
    output_of(path(printf), ['%s|', a, 1, 2.5, "str", file('/tmp/a b'), [a, b, 1]], [], T).
test(cat_round_trip_utf8, T == "héllo wörld €\n") :-
    process_create(path(cat), [], [stdin(pipe(In)), stdout(pipe(Out))]),
    format(In, "héllo wörld €~n", []),
    close(In),
    read_string(Out, _, T),
    close(Out).
test(read_term_from_pipe, [T1-T3 == f(x, "é", [1, 2])-end_of_file]) :-
    process_create(path(cat), [], [stdin(pipe(In)), stdout(pipe(Out))]),
    format(In, "f(x, \"é\", [1,2]).~ng(_).~n", []),
    close(In),
    read_term(Out, T1, []),
    read_term(Out, T2, []),
    read_term(Out, T3, []),
    close(Out),
    T2 = g(V), var(V).
test(read_lines) :-
    process_create(path(printf), ['one\\ntwo\\nthree'], [stdout(pipe(Out))]),
    read_line_to_string(Out, L1),
    read_line_to_codes(Out, L2),
    read_line_to_string(Out, L3),
    read_line_to_string(Out, L4),
    close(Out),
    assertion(L1-L2-L3-L4 == "one"-`two`-"three"-end_of_file).
test(get_char_peek_char, Cs == [h, i, '\n', end_of_file]) :-
    process_create(path(echo), [hi], [stdout(pipe(Out))]),
    peek_char(Out, P),
    assertion(P == h),
    get_char(Out, A), get_char(Out, B), get_char(Out, C), get_char(Out, D),
    close(Out),
    Cs = [A, B, C, D].
test(binary_pipe, Bs-Type-Enc == [195, 169, 10, -1]-binary-octet) :-
    process_create(path(printf), ['é\\n'], [stdout(pipe(Out, [type(binary)]))]),
    stream_property(Out, type(Type)),
    stream_property(Out, encoding(Enc)),
    get_byte(Out, B1), peek_byte(Out, P), get_byte(Out, B2), get_byte(Out, B3),
    get_byte(Out, B4),
    close(Out),
    assertion(P == 169),
    Bs = [B1, B2, B3, B4].
test(binary_input_pipe, T == "é!") :-
    process_create(path(cat), [], [stdin(pipe(In, [type(binary)])), stdout(pipe(Out))]),
    put_byte(In, 195), put_byte(In, 169), put_byte(In, 0'!),
    close(In),
    read_string(Out, _, T),
    close(Out).
test(latin1_pipe, Cs == [195, 169]) :-
    process_create(path(printf), ['é'], [stdout(pipe(Out, [encoding(iso_latin_1)]))]),
    stream_property(Out, encoding(E)),
    assertion(E == iso_latin_1),
    read_string(Out, _, T),
    close(Out),
    string_codes(T, Cs).
test(large_output, N == 200000) :-
    Line = '012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678',
    format(atom(Script), 'i=0; while [ $i -lt 2000 ]; do echo ~w; i=$((i+1)); done', [Line]),
    process_create(path(sh), ['-c', Script], [stdout(pipe(Out))]),
    read_string(Out, N, _),
    close(Out).
test(stderr_pipe, O-E == "out\n"-"err\n") :-
    process_create(path(sh), ['-c', 'echo out; echo err >&2'],
                   [stdout(pipe(SO)), stderr(pipe(SE))]),
    read_string(SO, _, O),
    read_string(SE, _, E),
    close(SO),
    close(SE).
test(stdout_and_stderr_one_stream, T == "out\nerr\n") :-
    process_create(path(sh), ['-c', 'echo out; echo err >&2'],
                   [stdout(pipe(S)), stderr(pipe(S))]),
    read_string(S, _, T),
    close(S).
test(stdin_null, T == "") :-
    output_of(path(cat), [], [stdin(null)], T).
test(stdout_null) :-
    process_create(path(echo), [gone], [stdout(null), stderr(null)]).
test(not_repositionable, R == false) :-
    process_create(path(echo), [x], [stdout(pipe(Out))]),
    stream_property(Out, reposition(R)),
    read_string(Out, _, _),
    close(Out).
test(stdout_to_file_stream, T == "to file\n") :-
    tmp_file(proc_out, F),
    open(F, write, W),
    process_create(path(echo), ['to file'], [stdout(stream(W))]),
    close(W),
    read_file_to_string(F, T, []),
    delete_file(F).
test(pipeline, T == "3\n") :-
    process_create(path(printf), ['a\\nb\\nc\\n'], [stdout(pipe(P1))]),
    process_create(path(wc), ['-l'], [stdin(stream(P1)), stdout(pipe(P2))]),
    close(P1),
    read_string(P2, _, T0),
    close(P2),
    split_string(T0, " ", " ", Parts),
    atomic_list_concat(Parts, T1),
    atom_string(T1, T).
test(wait_for_input, Ns-L == (0-1-1)-("got hi"-end_of_file)) :-
    process_create(path(sh), ['-c', 'echo ready; read x; echo got $x'],
                   [stdin(pipe(In)), stdout(pipe(Out))]),
    read_line_to_string(Out, L0),
    assertion(L0 == "ready"),
    wait_for_input([Out], R1, 0), length(R1, N1),
    format(In, "hi~n", []), flush_output(In),
    wait_for_input([Out], R2, 5), length(R2, N2),
    read_line_to_string(Out, L1),
    close(In),
    wait_for_input([Out], R3, 5), length(R3, N3),
    read_line_to_string(Out, L2),
    close(Out),
    Ns = N1-N2-N3,
    L = L1-L2.
:- end_tests(process_pipes).

:- begin_tests(process_options).
test(cwd, T == Expected) :-
    tmp_dir(Dir),
    output_of(path(pwd), [], [cwd(Dir)], T0),
    delete_directory(Dir),
    split_string(T0, "", "\n", [T]),
    atom_string(Dir, Expected).
test(env_replaces, T == "bar:unset\n") :-
    output_of(path(sh), ['-c', 'echo "$FOO:${HOME-unset}"'], [env(['FOO'=bar])], T).
test(environment_adds, T == "bar:set\n") :-
    output_of(path(sh), ['-c', 'echo "$FOO:${HOME+set}"'], [environment(['FOO'=bar])], T).
test(environment_value_list, T == "a1x\n") :-
    output_of(path(sh), ['-c', 'echo "$V"'], [environment(['V'=[a, 1, file(x)]])], T).
test(detached_window_priority) :-
    process_create(path(true), [], [detached(true), window(false), priority(5)]).
test(last_option_wins, T == "x\n") :-
    process_create(path(echo), [x], [stdout(null), stdout(pipe(Out))]),
    read_string(Out, _, T),
    close(Out).
test(process_set_method) :-
    process_set_method(vfork),
    process_set_method(fork).
:- end_tests(process_options).

:- begin_tests(process_status).
test(waited_success) :-
    process_create(path(true), [], []).
test(exit_status, S == exit(3)) :-
    process_create(path(sh), ['-c', 'exit 3'], [process(P)]),
    process_wait(P, S).
test(wait_options, S == exit(0)) :-
    process_create(path(true), [], [process(P)]),
    process_wait(P, S, [timeout(infinite), release(true)]).
test(killed_status, S == killed(9)) :-
    process_create(path(sh), ['-c', 'kill -9 $$'], [process(P)]),
    process_wait(P, S).
test(process_error_exit, E == process_error(File, exit(1))) :-
    exe(false, File),
    catch(process_create(path(false), [], []), error(E, _), true).
test(process_error_killed, E == process_error(File, killed(9))) :-
    exe(sh, File),
    catch(process_create(path(sh), ['-c', 'kill -9 $$'], []), error(E, _), true).
test(process_error_at_last_close, E-L == process_error(File, exit(5))-"hi") :-
    exe(sh, File),
    process_create(path(sh), ['-c', 'echo hi; exit 5'], [stdout(pipe(Out))]),
    read_line_to_string(Out, L),
    catch(close(Out), error(E, _), true).
test(timeout_zero, S1-S2 == timeout-killed(15)) :-
    ready_child([], P, Out),
    process_wait(P, S1, [timeout(0)]),
    process_kill(P),
    process_wait(P, S2),
    close(Out).
test(kill_by_name, S == killed(9)) :-
    ready_child([], P, Out),
    process_kill(P, kill),
    process_wait(P, S),
    close(Out).
test(kill_by_sig_name, S == killed(2)) :-
    ready_child([], P, Out),
    process_kill(P, 'SIGINT'),
    process_wait(P, S),
    close(Out).
test(kill_by_number, S == killed(1)) :-
    ready_child([], P, Out),
    process_kill(P, 1),
    process_wait(P, S),
    close(Out).
test(group_kill, S == killed(15)) :-
    ready_child([detached(true)], P, Out),
    process_group_kill(P),
    process_wait(P, S),
    close(Out).
test(release_then_wait, E == system_error) :-
    process_create(path(true), [], [process(P)]),
    process_release(P),
    catch(process_wait(P, _), error(E, _), true).
test(wait_twice, E == system_error) :-
    process_create(path(true), [], [process(P)]),
    process_wait(P, S),
    assertion(S == exit(0)),
    catch(process_wait(P, _), error(E, _), true).
test(process_ids) :-
    process_id(Me),
    current_prolog_flag(pid, Me2),
    assertion(Me == Me2),
    process_id(42, X),
    assertion(X == 42),
    assertion(is_process(1)),
    assertion(\+ is_process(0)),
    assertion(\+ is_process(a)).
:- end_tests(process_status).

:- begin_tests(process_errors).
test(missing_program_on_path, E == existence_error(source_sink, path(no_such_program_kl))) :-
    catch(process_create(path(no_such_program_kl), [], []), error(E, _), true).
test(missing_program_file, E == existence_error(source_sink, '/nonexistent/prog')) :-
    catch(process_create('/nonexistent/prog', [], []), error(E, _), true).
test(directory_is_no_program, E == existence_error(source_sink, '/tmp')) :-
    catch(process_create('/tmp', [], []), error(E, _), true).
test(unbound_program, E == instantiation_error) :-
    catch(process_create(_, [], []), error(E, _), true).
test(unknown_option, E == domain_error(process_option, foo(bar))) :-
    catch(process_create(path(true), [], [foo(bar)]), error(E, _), true).
test(atom_option, E == type_error(option, foo)) :-
    catch(process_create(path(true), [], [foo]), error(E, _), true).
test(unbound_option, E == instantiation_error) :-
    catch(process_create(path(true), [], [_]), error(E, _), true).
test(bad_stream_spec, E == domain_error(process_stream, foo)) :-
    catch(process_create(path(true), [], [stdin(foo)]), error(E, _), true).
test(bound_pipe, E == uninstantiation_error(a)) :-
    catch(process_create(path(true), [], [stdout(pipe(a))]), error(E, _), true).
test(bad_pipe_option, E == domain_error(pipe_option, foo(bar))) :-
    catch(process_create(path(true), [], [stdout(pipe(_, [foo(bar)]))]), error(E, _), true).
test(bad_pipe_encoding, E == domain_error(encoding, nonsense)) :-
    catch(process_create(path(true), [], [stdout(pipe(_, [encoding(nonsense)]))]), error(E, _), true).
test(bad_pipe_type, E == domain_error(stream_type, nonsense)) :-
    catch(process_create(path(true), [], [stdout(pipe(_, [type(nonsense)]))]), error(E, _), true).
test(pipe_options_not_list, E == type_error(list, bad)) :-
    catch(process_create(path(true), [], [stdout(pipe(_, bad))]), error(E, _), true).
test(string_stream_has_no_fd, E == domain_error(file_stream, S)) :-
    open_string("abc", S),
    catch(process_create(path(cat), [], [stdin(stream(S))]), error(E, _), true),
    close(S).
test(args_not_list, E == type_error(list, foo)) :-
    catch(process_create(path(true), foo, []), error(E, _), true).
test(compound_arg, E == type_error(atomic, f(x))) :-
    catch(process_create(path(true), [f(x)], []), error(E, _), true).
test(compound_in_arg_list, E == type_error(text, f(x))) :-
    catch(process_create(path(true), [[a, f(x)]], []), error(E, _), true).
test(missing_cwd, E == existence_error(directory, '/nonexistent_dir_kl')) :-
    catch(process_create(path(true), [], [cwd('/nonexistent_dir_kl')]), error(E, _), true).
test(env_twice, E == permission_error(redefine, environment, [c=d])) :-
    catch(process_create(path(true), [], [env([a=b]), env([c=d])]), error(E, _), true).
test(env_not_list, E == type_error(list, foo)) :-
    catch(process_create(path(true), [], [env(foo)]), error(E, _), true).
test(bad_detached, E == type_error(bool, foo)) :-
    catch(process_create(path(true), [], [detached(foo)]), error(E, _), true).
test(bad_priority, E == domain_error(priority_option, 30)) :-
    catch(process_create(path(true), [], [priority(30)]), error(E, _), true).
test(wait_bad_pid, E == type_error(integer, foo)) :-
    catch(process_wait(foo, _), error(E, _), true).
test(wait_negative_pid, E == domain_error(not_less_than_zero, -1)) :-
    catch(process_wait(-1, _), error(E, _), true).
test(wait_unbound_pid, E == instantiation_error) :-
    catch(process_wait(_, _), error(E, _), true).
test(wait_not_a_child, E == system_error) :-
    catch(process_wait(1, _), error(E, _), true).
test(wait_bad_timeout, E == type_error(timeout, foo)) :-
    catch(process_wait(1, _, [timeout(foo)]), error(E, _), true).
test(wait_no_release, E == domain_error(true, false)) :-
    catch(process_wait(1, _, [release(false)]), error(E, _), true).
test(kill_bad_pid, E == type_error(integer, foo)) :-
    catch(process_kill(foo), error(E, _), true).
test(kill_bad_signal, E == domain_error(signal, foo)) :-
    catch(process_kill(1, foo), error(E, _), true).
test(kill_signal_zero, E == domain_error(signal, 0)) :-
    catch(process_kill(1, 0), error(E, _), true).
test(kill_compound_signal, E == type_error(signal, f(x))) :-
    catch(process_kill(1, f(x)), error(E, _), true).
test(kill_no_such_process, E == existence_error(process, 2147483646)) :-
    catch(process_kill(2147483646), error(E, _), true).
test(bad_method, E == domain_error(process_create_method, foo)) :-
    catch(process_set_method(foo), error(E, _), true).
:- end_tests(process_errors).

% Runs last: every child of this process has been reaped.
:- begin_tests(process_zombies).
test(no_defunct_children, Zombies == []) :-
    current_prolog_flag(pid, Me),
    directory_files('/proc', Entries),
    findall(P, ( member(E, Entries),
                 atom_number(E, P),
                 defunct_child_of(P, Me) ),
            Zombies).

defunct_child_of(P, Parent) :-
    format(atom(F), '/proc/~w/stat', [P]),
    catch(read_file_to_string(F, S, []), _, fail),
    sub_string(S, B, _, _, ")"),
    \+ ( sub_string(S, B2, _, _, ")"), B2 > B ),
    Start is B + 2,
    sub_string(S, Start, _, 0, Rest),
    split_string(Rest, " ", "", [State, PPid|_]),
    State == "Z",
    number_string(Parent, PPid).
:- end_tests(process_zombies).
