% library(readutil): reading lines, streams and files.
:- use_module(library(plunit)).
:- use_module(library(readutil)).

tmp_text(Text, File) :-
    tmp_file(readutil, File),
    setup_call_cleanup(open(File, write, S, [encoding(utf8)]),
                       write(S, Text),
                       close(S)).

with_tmp(Text, File, Goal) :-
    tmp_text(Text, File),
    call_cleanup(Goal, delete_file(File)).

with_input(Text, S, Goal) :-
    with_tmp(Text, File,
             setup_call_cleanup(open(File, read, S, [encoding(utf8)]), Goal, close(S))).

:- begin_tests(read_line).
test(codes2, [L == [`line1`, `line2`, `last`]]) :-
    with_input("line1\nline2\r\nlast", S,
               ( read_line_to_codes(S, A), read_line_to_codes(S, B), read_line_to_codes(S, C) )),
    L = [A, B, C].
test(codes2_empty_line, [L == []]) :-
    with_input("\nx", S, read_line_to_codes(S, L)).
test(string2, [L == ["line1", "line2", "last", end_of_file]]) :-
    with_input("line1\nline2\r\nlast", S,
               ( read_line_to_string(S, A), read_line_to_string(S, B),
                 read_line_to_string(S, C), read_line_to_string(S, D) )),
    L = [A, B, C, D].
test(codes3, [L == [`line1\n`-T1, `line2\r\n`-T2, `last`-[], []-[]]]) :-
    with_input("line1\nline2\r\nlast", S,
               ( read_line_to_codes(S, A, T1), read_line_to_codes(S, B, T2),
                 read_line_to_codes(S, C, T3), read_line_to_codes(S, D, T4) )),
    T1 = [], T2 = [], T3 == [], T4 == [],
    L = [A-T1, B-T2, C-T3, D-T4].
test(codes3_tail, [L-T == [0'a, 0'\n|T]-T]) :-
    with_input("a\nb", S, read_line_to_codes(S, L, T)).
test(codes3_empty_file, [L-T == []-[]]) :-
    with_input("", S, read_line_to_codes(S, L, T)).
test(codes3_unicode, [L == [0'é, 0'\n]]) :-
    with_input("é\n", S, read_line_to_codes(S, L, [])).
test(codes2_unbound, error(instantiation_error)) :- read_line_to_codes(_, _).
test(codes2_no_stream, error(existence_error(stream, foo))) :- read_line_to_codes(foo, _).
test(codes3_unbound, error(instantiation_error)) :- read_line_to_codes(_, _, _).
:- end_tests(read_line).

:- begin_tests(read_stream).
test(stream2, [C == `ab\ncd`]) :-
    with_input("ab\ncd", S, read_stream_to_codes(S, C)).
test(stream2_twice, [C1-C2 == `ab`-[]]) :-
    with_input("ab", S, ( read_stream_to_codes(S, C1), read_stream_to_codes(S, C2) )).
test(stream3, [C-T == [0'a, 0'b|T]-T]) :-
    with_input("ab", S, read_stream_to_codes(S, C, T)).
test(stream2_empty, [C == []]) :-
    with_input("", S, read_stream_to_codes(S, C)).
test(stream_unbound, error(instantiation_error)) :- read_stream_to_codes(_, _).
:- end_tests(read_stream).

:- begin_tests(read_file).
test(codes, [C == `line1\nline2\r\nlast`]) :-
    with_tmp("line1\nline2\r\nlast", F, read_file_to_codes(F, C, [])).
test(codes_tail, [C-T == [0'a, 0'b|T]-T]) :-
    with_tmp("ab", F, read_file_to_codes(F, C, [tail(T)])).
test(codes_unicode, [C == [0'é, 0'\n]]) :-
    with_tmp("é\n", F, read_file_to_codes(F, C, [])).
test(codes_octet, [C == [195, 169, 10]]) :-
    with_tmp("é\n", F, read_file_to_codes(F, C, [encoding(octet)])).
test(codes_string_name, [C == `xy`]) :-
    with_tmp("xy", F, ( atom_string(F, FS), read_file_to_codes(FS, C, []) )).
test(codes_missing, error(existence_error(source_sink, '/tmp/knightlog_no_such_file.txt'))) :-
    read_file_to_codes('/tmp/knightlog_no_such_file.txt', _, []).
test(codes_directory, error(existence_error(source_sink, '/tmp'))) :-
    read_file_to_codes('/tmp', _, []).
test(codes_unbound, error(instantiation_error)) :- read_file_to_codes(_, _, []).
test(codes_bad_options, error(type_error(list, foo))) :-
    with_tmp("x", F, read_file_to_codes(F, _, foo)).
test(string, [S == "line1\nline2\r\nlast"]) :-
    with_tmp("line1\nline2\r\nlast", F, read_file_to_string(F, S, [])).
test(string_empty, [S == ""]) :-
    with_tmp("", F, read_file_to_string(F, S, [])).
test(string_missing, error(existence_error(source_sink, '/tmp/knightlog_no_such_file.txt'))) :-
    read_file_to_string('/tmp/knightlog_no_such_file.txt', _, []).
test(terms, [T = [a(1), b(_, _), "s"]]) :-
    with_tmp("a(1).\nb(X, Y).\n\"s\".\n", F, read_file_to_terms(F, T, [])).
test(terms_shared_vars, [A == B]) :-
    with_tmp("f(X, X).\n", F, read_file_to_terms(F, [f(A, B)], [])).
test(terms_empty, [T == []]) :-
    with_tmp("% only a comment\n", F, read_file_to_terms(F, T, [])).
test(terms_extension, [T == [x]]) :-
    tmp_file(readutil, Base),
    atom_concat(Base, '.pl', F),
    setup_call_cleanup(open(F, write, S), write(S, 'x.\n'), close(S)),
    call_cleanup(read_file_to_terms(Base, T, [extensions([pl])]), delete_file(F)).
test(terms_syntax_error, error(syntax_error(_))) :-
    with_tmp("a(.\n", F, read_file_to_terms(F, _, [])).
test(terms_missing, error(existence_error(source_sink, '/tmp/knightlog_no_such_file.pl'))) :-
    read_file_to_terms('/tmp/knightlog_no_such_file.pl', _, []).
:- end_tests(read_file).
