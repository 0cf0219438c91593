% System stream predicates: read_string/3,5, open_string/2, peek_string/3,
% positions, seek/4, null streams, stream pairs, Edinburgh get/put/skip.
% Run under knightlog and SWI-Prolog.
:- use_module(library(plunit)).

with_tmp(Text, File) :-
    tmp_file(sys_streams, File),
    setup_call_cleanup(open(File, write, S), write(S, Text), close(S)).

:- begin_tests(read_string).

test(fixed) :-
    open_string("hello world", S), read_string(S, 5, X), read_string(S, L, Y),
    X == "hello", L == 6, Y == " world".
test(at_most_len) :-
    open_string("ab", S), read_string(S, 5, X), X == "ab".
test(zero) :-
    open_string("ab", S), read_string(S, 0, X), X == "".
test(wrong_text, [fail]) :-
    open_string("ab", S), read_string(S, 5, foo).
test(empty) :-
    open_string("", S), read_string(S, N, X), N == 0, X == "".
test(sep_pad) :-
    open_string("a b,c", S),
    read_string(S, " ,", "", E1, T1), read_string(S, " ,", "", E2, T2),
    read_string(S, " ,", "", E3, T3),
    E1-T1-E2-T2-E3-T3 == 32-"a"-44-"b"-(-1)-"c".
test(pad) :-
    open_string("  a b  \n x", S), read_string(S, "\n", " ", E, T), E == 10, T == "a b".
test(codes_text) :-
    open_string([0'a, 0'b], S), read_string(S, _, X), X == "ab".
test(var_stream, [error(instantiation_error)]) :- read_string(_, _, _).
test(bad_len, [error(type_error(integer, a))]) :-
    open_string("ab", S), read_string(S, a, _).
test(neg_len, [error(domain_error(not_less_than_zero, -1))]) :-
    open_string("ab", S), read_string(S, -1, _).
test(output_stream, [error(permission_error(input, stream, user_output))]) :-
    read_string(user_output, 3, _).
test(no_stream, [error(existence_error(stream, nostream))]) :-
    read_string(nostream, 3, _).
test(not_stream, [error(domain_error(stream_or_alias, f(x)))]) :-
    read_string(f(x), 3, _).
test(open_var, [error(instantiation_error)]) :- open_string(_, _).
test(open_compound, [error(type_error(text, f(x)))]) :- open_string(f(x), _).
test(open_bound, [error(uninstantiation_error(foo))]) :- open_string("x", foo).
test(peek) :-
    open_string("abc", S), peek_string(S, 2, P), peek_string(S, 10, Q),
    read_string(S, _, R), P-Q-R == "ab"-"abc"-"abc".
test(read_term_from_string) :-
    open_string("foo(X, bar). end.", S), read(S, T), read(S, U), read(S, V),
    T = foo(A, B), var(A), B == bar, U == end, V == end_of_file.
test(file) :-
    with_tmp('line one\nline two\n', F),
    open(F, read, S), read_string(S, "\n", "", _, L1), read_string(S, _, Rest),
    close(S), delete_file(F),
    L1 == "line one", Rest == "line two\n".

:- end_tests(read_string).

:- begin_tests(get_string_code).

test(index) :- get_string_code(2, "abc", C), C == 0'b.
test(atom) :- get_string_code(1, abc, C), C == 0'a.
test(low, [error(domain_error(range(1, 3), 0))]) :- get_string_code(0, "abc", _).
test(high, [error(domain_error(range(1, 3), 4))]) :- get_string_code(4, "abc", _).
test(var, [error(instantiation_error)]) :- get_string_code(_, "abc", _).
test(type, [error(type_error(integer, a))]) :- get_string_code(a, "abc", _).

:- end_tests(get_string_code).

:- begin_tests(positions).

test(after_line) :-
    open_string("ab\ncd\n", S), read_line_to_string(S, _),
    line_count(S, L), line_position(S, P), character_count(S, C), byte_count(S, B),
    L-P-C-B == 2-0-3-3.
test(after_char) :-
    open_string("ab\ncd\n", S), get_char(S, _),
    line_count(S, L), line_position(S, P), character_count(S, C),
    L-P-C == 1-1-1.
test(utf8_bytes) :-
    open_string("é€x", S), get_char(S, _), get_char(S, _),
    byte_count(S, B), character_count(S, C), B-C == 5-2.
test(output_columns) :-
    open_null_stream(N),
    format(N, "ab\tc", []), line_position(N, P1),
    format(N, "xyz\bd", []), line_position(N, P2),
    format(N, "abc\rd", []), line_position(N, P3),
    format(N, "~nq", []), line_count(N, L), close(N),
    P1-P2-P3-L == 9-12-1-2.
test(null_count) :-
    open_null_stream(N), write(N, hello), character_count(N, C), line_count(N, L),
    close(N), C-L == 5-1.
test(wrong_value, [fail]) :- line_count(user_output, x).
test(var, [error(instantiation_error)]) :- line_count(_, _).
test(no_stream, [error(existence_error(stream, foo))]) :- line_count(foo, _).
test(null_bound, [error(uninstantiation_error(foo))]) :- open_null_stream(foo).
test(null_no_file, [fail]) :-
    open_null_stream(N), call_cleanup(stream_property(N, file_name(_)), close(N)).
test(reposition) :-
    with_tmp('hello\nworld\n', F),
    open(F, read, S), read_line_to_string(S, _),
    stream_property(S, position(P)), read_line_to_string(S, X),
    set_stream_position(S, P), read_line_to_string(S, Y), line_count(S, L),
    stream_property(S, reposition(R)),
    close(S), delete_file(F),
    P == '$stream_position'(6, 2, 0, 6), X == "world", Y == "world", L == 3, R == true.
test(string_reposition) :-
    open_string("abc", S), stream_property(S, position(P)), get_char(S, _),
    set_stream_position(S, P), get_char(S, C), C == a.
test(bad_position, [error(domain_error(stream_position, foo))]) :-
    open_string("abc", S), set_stream_position(S, foo).
test(var_position, [error(instantiation_error)]) :-
    open_string("abc", S), set_stream_position(S, _).

:- end_tests(positions).

:- begin_tests(seek).

test(bof) :-
    with_tmp('hello\nworld\n', F),
    open(F, read, S), seek(S, 6, bof, P), read_line_to_string(S, L),
    character_count(S, C), close(S), delete_file(F),
    P-L-C == 6-"world"-12.
test(eof) :-
    with_tmp('hello\nworld\n', F),
    open(F, read, S), seek(S, -3, eof, P), read_line_to_string(S, L),
    close(S), delete_file(F), P-L == 9-"ld".
test(current) :-
    with_tmp('hello\n', F),
    open(F, read, S), get_char(S, _), seek(S, 2, current, P), get_char(S, C),
    close(S), delete_file(F), P-C == 3-l.
test(past_end) :-
    with_tmp('abc', F),
    open(F, read, S), seek(S, 100, bof, P), get_char(S, C), close(S), delete_file(F),
    P-C == 100-end_of_file.
test(string_past_end, [error(domain_error(position, 100), _)]) :-
    open_string("abc", S), seek(S, 100, bof, _).
test(write_file) :-
    tmp_file(sys_seek, F),
    open(F, write, W), write(W, 'abcdef'), seek(W, 2, bof, _), write(W, 'XY'),
    close(W),
    read_file_text(F, T), delete_file(F), T == "abXYef".
test(truncate) :-
    tmp_file(sys_trunc, F),
    open(F, write, W), write(W, 'abcdef'), seek(W, 3, bof, _), set_end_of_stream(W),
    close(W),
    read_file_text(F, T), delete_file(F), T == "abc".
test(method, [error(domain_error(seek_method, foo))]) :-
    open_string("abc", S), seek(S, 2, foo, _).
test(negative, [error(domain_error(position, -1), _)]) :-
    open_string("abc", S), seek(S, -1, bof, _).

read_file_text(F, T) :-
    setup_call_cleanup(open(F, read, S), read_string(S, _, T), close(S)).

:- end_tests(seek).

:- begin_tests(pending).

test(fill_and_read) :-
    open_string("abc", S), fill_buffer(S), read_pending_codes(S, C, []),
    read_pending_codes(S, D, T), C == [0'a, 0'b, 0'c], D == [], T == [].
test(after_get) :-
    open_string("abc", S), get_char(S, _), read_pending_chars(S, C, T), T = [],
    C == [b, c].
test(file) :-
    with_tmp('hi\n', F), open(F, read, S),
    read_pending_codes(S, C, []), close(S), delete_file(F), C == `hi\n`.
test(output, [error(permission_error(input, stream, user_output))]) :-
    read_pending_codes(user_output, _, _).
test(copy) :-
    open_string("abcdef", I),
    with_output_to(string(X), (current_output(O), copy_stream_data(I, O, 2))),
    with_output_to(string(Y), (current_output(O2), copy_stream_data(I, O2))),
    X-Y == "ab"-"cdef".
test(copy_type, [error(type_error(integer, a))]) :-
    open_string("abc", I), copy_stream_data(I, user_output, a).
test(copy_dir, [error(permission_error(input, stream, user_output))]) :-
    copy_stream_data(user_output, user_output).
test(wait_empty) :- wait_for_input([], L, 0), L == [].
test(wait_list, [error(type_error(list, foo))]) :- wait_for_input(foo, _, 0).

:- end_tests(pending).

:- begin_tests(stream_pair).

test(parts) :-
    open_string("abc", I), stream_pair(P, I, user_output),
    stream_pair(P, I2, O2), I2 == I, O2 == user_output,
    read_string(P, 1, X), X == "a".
test(plain_input) :-
    open_string("abc", I), stream_pair(I, A, B), A == I, var(B).
test(plain_output) :- stream_pair(user_output, A, B), var(A), B == user_output.
test(unbound, [error(instantiation_error)]) :- stream_pair(_, _, _).
test(no_stream, [error(existence_error(stream, foo))]) :- stream_pair(foo, _, _).

:- end_tests(stream_pair).

:- begin_tests(edinburgh).

test(get) :- open_string(" \n x", S), get(S, C), get(S, D), C-D == 0'x-(-1).
test(get0) :- open_string("abc", S), get0(S, C), C == 0'a.
test(get_fail, [fail]) :- open_string("abc", S), get(S, x).
test(skip) :-
    open_string("abcdef", S), skip(S, 0'c), get0(S, C), skip(S, 0'z), get0(S, D),
    C-D == 0'd-(-1).
test(skip_char) :- open_string("abcdef", S), skip(S, d), get0(S, C), C == 0'e.
test(skip_type, [error(type_error(character, foo))]) :-
    open_string("abc", S), skip(S, foo).
test(skip_var, [error(instantiation_error)]) :- open_string("abc", S), skip(S, _).
test(put) :- with_output_to(string(S), (put(0'a), put(b))), S == "ab".
test(put_type, [error(type_error(character, foo))]) :- put(foo).
test(put_neg, [error(type_error(character, -1))]) :- put(-1).
test(put_var, [error(instantiation_error)]) :- put(_).
test(get_output, [error(permission_error(input, stream, user_output))]) :-
    get(user_output, _).
test(see_get) :-
    with_tmp('  q', F), see(F), get(C), seen, delete_file(F), C == 0'q.

:- end_tests(edinburgh).

:- begin_tests(misc_streams).

test(prompt) :-
    prompt(Old, 'x> '), prompt(Mid, Old), Mid == 'x> '.
test(prompt_type, [error(type_error(atom, f(x)))]) :- prompt(_, f(x)).
test(prompt_var, [error(instantiation_error)]) :- prompt(_, _).
test(prompt1_var, [error(instantiation_error)]) :- prompt1(_).
test(write_length) :-
    write_length(foo(bar), L, []), write_length('a b', Q, [quoted(true)]),
    L-Q == 8-5.
test(write_length_max, [fail]) :- write_length(foo(bar), _, [max_length(7)]).
test(write_length_ok) :- write_length(foo(bar), 8, [max_length(8)]).
test(write_length_list, [error(type_error(list, foo))]) :- write_length(a, _, foo).
test(read_clause) :-
    open_string("foo(X, Y, X, Y).", S), read_clause(S, T, [variable_names(V)]),
    T = foo(A, B, C, _), A == C, A \== B, V = ['X'=A, 'Y'=B].
test(read_clause_output, [error(permission_error(input, stream, user_output))]) :-
    read_clause(user_output, _, []).
test(serialized) :-
    fast_term_serialized(foo(X, bar, X, "s", 1.5), S), string(S),
    fast_term_serialized(T, S), T = foo(A, B, C, D, E),
    A == C, var(A), B-D-E == bar-"s"-1.5.
test(format_time) :- format_time(atom(A), '%Y', 0, posix), A == '1970'.
test(format_time_locale, [error(domain_error(locale, foo))]) :-
    format_time(atom(_), '%Y', 0, foo).
test(format_time_var, [error(instantiation_error)]) :-
    format_time(atom(_), '%Y', 0, _).

:- end_tests(misc_streams).
