% protocol/1, protocola/1, noprotocol/0, protocolling/1, set_prolog_IO/3 and
% set_system_IO/3, fast_read/2 and fast_write/2. user_output and user_error are bound to a null stream
% while a protocol runs, so the suite prints nothing of it; every file lives
% in a directory the tests make and remove.
% Run under knightlog and SWI-Prolog.
:- use_module(library(plunit)).

make_dir :-
    tmp_file(sys_protocol, D), make_directory(D), nb_setval(sys_protocol_dir, D).
remove_dir :-
    nb_getval(sys_protocol_dir, D),
    forall(member(F, ['p.txt', 'q.txt', 'in.txt', 'out.txt', 'err.txt']),
           ( path(F, P), catch(delete_file(P), _, true) )),
    delete_directory(D).
path(F, P) :- nb_getval(sys_protocol_dir, D), atomic_list_concat([D, /, F], P).

file_text(F, Text) :-
    path(F, P), setup_call_cleanup(open(P, read, S), read_string(S, _, Text), close(S)).
write_file(F, Text) :-
    path(F, P), setup_call_cleanup(open(P, write, S), write(S, Text), close(S)).

% Runs Goal with user_output and user_error going to a null stream (and
% user_input to In), restoring the user streams afterwards.
quietly_with_input(In, Goal) :-
    stream_property(I, alias(user_input)),
    stream_property(O, alias(user_output)),
    stream_property(E, alias(user_error)),
    open_null_stream(N),
    setup_call_cleanup(set_prolog_IO(In, N, N), Goal,
                       ( noprotocol, set_prolog_IO(I, O, E), close(N) )).
quietly(Goal) :-
    stream_property(I, alias(user_input)),
    quietly_with_input(I, Goal).

:- begin_tests(protocol, [setup(make_dir), cleanup(remove_dir)]).

test(user_output) :-
    path('p.txt', P),
    quietly(( protocol(P), write(hello), nl, format(user_output, "~w~n", [x]),
              noprotocol )),
    file_text('p.txt', T), T == "hello\nx\n".
test(user_error) :-
    path('p.txt', P),
    quietly(( protocol(P), format(user_error, "err~n", []),
              print_message(error, format("bad ~w", [thing])), noprotocol )),
    file_text('p.txt', T), T == "err\nERROR: bad thing\n".
test(other_streams_not_recorded) :-
    path('p.txt', P),
    quietly(( protocol(P), format(atom(_), "in atom", []),
              with_output_to(string(_), write(captured)),
              path('q.txt', Q), open(Q, write, S), write(S, in_file), close(S),
              write(shown), noprotocol )),
    file_text('p.txt', T), T == "shown".
test(stops) :-
    path('p.txt', P),
    quietly(( protocol(P), write(a), noprotocol, write(b) )),
    file_text('p.txt', T), T == "a".
test(truncates) :-
    write_file('p.txt', "old text\n"), path('p.txt', P),
    quietly(( protocol(P), write(new), noprotocol )),
    file_text('p.txt', T), T == "new".
test(appends) :-
    write_file('p.txt', "old\n"), path('p.txt', P),
    quietly(( protocola(P), write(more), noprotocol )),
    file_text('p.txt', T), T == "old\nmore".
test(switches_file) :-
    path('p.txt', P), path('q.txt', Q),
    quietly(( protocol(P), write(one), protocol(Q), write(two), noprotocol )),
    file_text('p.txt', T1), file_text('q.txt', T2), T1-T2 == "one"-"two".
test(input_recorded) :-
    write_file('in.txt', "ab\ncd. ef.\n"), path('in.txt', InFile), path('p.txt', P),
    open(InFile, read, In),
    quietly_with_input(In, ( protocol(P), get_char(A), get_char(user_input, B),
                             read_line_to_string(user_input, L1),
                             read_line_to_string(user_input, L2), noprotocol )),
    close(In),
    [A, B, L1, L2] == [a, b, "", "cd. ef."],
    file_text('p.txt', T), T == "ab\ncd. ef.\n".
test(protocolling) :-
    path('p.txt', P),
    quietly(( protocol(P), protocolling(F), noprotocol )),
    F == P.
test(protocolling_string) :-
    path('p.txt', P), atom_string(P, S),
    quietly(( protocol(S), protocolling(F), noprotocol )),
    F == P.
test(protocolling_other, [fail]) :-
    path('p.txt', P),
    quietly(( protocol(P), ( protocolling(other) -> R = yes ; R = no ), noprotocol )),
    R == yes.
test(not_protocolling, [fail]) :-
    noprotocol, protocolling(_).
test(noprotocol_twice) :-
    noprotocol, noprotocol.

test(var, [error(instantiation_error)]) :- protocol(_).
test(var_append, [error(instantiation_error)]) :- protocola(_).
test(number, [error(type_error(text, 1))]) :- protocol(1).
test(compound, [error(type_error(text, f(x)))]) :- protocol(f(x)).
test(no_directory, [error(existence_error(source_sink, F), _)]) :-
    path('nodir/p.txt', F), protocol(F).
test(directory, [error(existence_error(source_sink, D), _)]) :-
    nb_getval(sys_protocol_dir, D), protocol(D).

:- end_tests(protocol).

:- begin_tests(set_prolog_IO, [setup(make_dir), cleanup(remove_dir)]).

% Out and Err receive what user_output and user_error write; the current
% streams follow; the old streams come back.
test(rebinds) :-
    write_file('in.txt', "t(1). t(2).\n"),
    path('in.txt', InF), path('out.txt', OutF), path('err.txt', ErrF),
    open(InF, read, In), open(OutF, write, Out), open(ErrF, write, Err),
    stream_property(I, alias(user_input)),
    stream_property(O, alias(user_output)),
    stream_property(E, alias(user_error)),
    setup_call_cleanup(
        set_prolog_IO(In, Out, Err),
        ( write(plain), nl, format(user_output, "uo~n", []),
          format(user_error, "ue~n", []),
          read(X), read(user_input, Y),
          current_output(CO), current_input(CI),
          stream_property(SO, alias(user_output)),
          stream_property(SI, alias(user_input)),
          stream_property(SE, alias(user_error)) ),
        set_prolog_IO(I, O, E)),
    close(In), close(Out), close(Err),
    X-Y == t(1)-t(2),
    CO == Out, CI == In, SO == Out, SI == In, SE == Err,
    file_text('out.txt', T1), T1 == "plain\nuo\n",
    file_text('err.txt', T2), T2 == "ue\n",
    stream_property(O2, alias(user_output)), O2 == O,
    current_output(C2), C2 == O.
% Closing the stream user_output is bound to gives user_output back.
test(close_reverts) :-
    path('out.txt', OutF), open(OutF, write, Out),
    stream_property(I, alias(user_input)),
    stream_property(O, alias(user_output)),
    stream_property(E, alias(user_error)),
    set_prolog_IO(I, Out, E),
    close(Out),
    stream_property(O2, alias(user_output)), current_output(C),
    O2 == O, C == O.
test(aliases_listed) :-
    path('out.txt', OutF), open(OutF, write, Out),
    stream_property(I, alias(user_input)),
    stream_property(O, alias(user_output)),
    stream_property(E, alias(user_error)),
    setup_call_cleanup(set_prolog_IO(I, Out, E),
                       findall(S, stream_property(S, alias(user_output)), L),
                       set_prolog_IO(I, O, E)),
    close(Out),
    L == [Out].
test(var, [error(instantiation_error)]) :-
    set_prolog_IO(_, user_output, user_error).
test(no_stream, [error(existence_error(stream, foo))]) :-
    set_prolog_IO(foo, user_output, user_error).
test(not_stream, [error(domain_error(stream_or_alias, 1))]) :-
    set_prolog_IO(1, user_output, user_error).

test(system_var, [error(instantiation_error)]) :-
    set_system_IO(user_input, _, user_error).
test(system_not_stream, [error(domain_error(stream_or_alias, 1))]) :-
    set_system_IO(user_input, user_output, 1).
test(system_no_file, [error(domain_error(file_stream, N))]) :-
    open_null_stream(N),
    call_cleanup(set_system_IO(user_input, N, user_error), close(N)).
test(system_same) :-
    set_system_IO(user_input, user_output, user_error).

:- end_tests(set_prolog_IO).

:- begin_tests(fast_rw, [setup(make_dir), cleanup(remove_dir)]).

fast_file(Terms, Read) :-
    path('out.txt', F),
    setup_call_cleanup(open(F, write, W, [type(binary)]),
                       forall(member(T, Terms), fast_write(W, T)),
                       close(W)),
    setup_call_cleanup(open(F, read, R, [type(binary)]),
                       read_all(R, Read),
                       close(R)).
read_all(R, Ts) :-
    fast_read(R, T),
    (   T == end_of_file -> Ts = [] ; Ts = [T|Ts1], read_all(R, Ts1) ).

test(round_trip) :-
    Terms = [f(X, Y, X, "s", 1.5, [a|_], 'A b', -(-), {x}, 0.1,
               123456789012345678901234567890, Y),
             42, end_of_file_not, [], 'hello world', -3, "", '$fast'(1)],
    fast_file(Terms, Read),
    Read =@= Terms.
test(end_of_file) :-
    fast_file([], Read), Read == [].
test(strings_stay_strings) :-
    set_prolog_flag(double_quotes, codes),
    call_cleanup(fast_file(["abc"], Read), set_prolog_flag(double_quotes, string)),
    Read = [S], string(S).
test(bad_data, [error(syntax_error(fastrw_magic_expected), _)]) :-
    write_file('in.txt', "junk. "), path('in.txt', F),
    setup_call_cleanup(open(F, read, R, [type(binary)]), fast_read(R, _), close(R)).
test(text_output, [error(permission_error(fast_write, stream, W))]) :-
    path('out.txt', F),
    setup_call_cleanup(open(F, write, W), fast_write(W, a), close(W)).
test(text_input, [error(permission_error(fast_read, stream, R))]) :-
    write_file('in.txt', "x. "), path('in.txt', F),
    setup_call_cleanup(open(F, read, R), fast_read(R, _), close(R)).
test(null_stream, [error(permission_error(fast_write, stream, N))]) :-
    open_null_stream(N),
    call_cleanup(fast_write(N, a), close(N)).
test(user_output, [error(permission_error(fast_write, stream, user_output))]) :-
    fast_write(user_output, a).
test(input_for_write, [error(permission_error(fast_write, stream, user_input))]) :-
    fast_write(user_input, a).
test(output_for_read, [error(permission_error(fast_read, stream, user_output))]) :-
    fast_read(user_output, _).
test(var_write, [error(instantiation_error)]) :- fast_write(_, a).
test(var_read, [error(instantiation_error)]) :- fast_read(_, _).
test(no_stream, [error(existence_error(stream, foo))]) :- fast_write(foo, a).
test(no_stream_read, [error(existence_error(stream, foo))]) :- fast_read(foo, _).

:- end_tests(fast_rw).
