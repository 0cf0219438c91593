% Streams, reading and writing terms.
:- use_module(library(plunit)).

tmp_file_name(F) :- F = 'knightlog_io_suite.tmp'.

:- begin_tests(write).
test(writeq_atoms, [S == "['hello world',[],'\\n',a,'A','don\\'t']"]) :- with_output_to(string(S), writeq(['hello world', [], '\n', a, 'A', 'don\'t'])).
test(writeq_ops, [S == "[- 1,- - 1,1- -1,a=b,f((a,b)),{a},- (-),1-2-3,1-(2-3),-a,\\+a]"]) :-
    with_output_to(string(S), writeq([-(1), -(-(1)), 1-(-1), a=b, f((a,b)), {a}, -(-), 1-2-3, 1-(2-3), -(a), \+a])).
test(writeq_curly_ops, [S == "f(;,'|',:-)"]) :- with_output_to(string(S), writeq(f(;, '|', :-))).
test(print_list_ops, [S == "[(a:-b),(c,d)]"]) :- with_output_to(string(S), print([(a:-b), (c,d)])).
test(write_canonical, [S == "f('A',_,\"s\")"]) :- with_output_to(string(S), write_canonical(f('A', _, "s"))).
test(write_term_quoted, [S == "'a b'"]) :- with_output_to(string(S), write_term('a b', [quoted(true)])).
test(write_term_ignore_ops, [S == "+(1,*(2,3))"]) :- with_output_to(string(S), write_term(1+2*3, [ignore_ops(true)])).
test(write_term_max_depth, [S == "[1,2|...]"]) :- with_output_to(string(S), write_term([1,2,3,4], [max_depth(3)])).
test(write_term_numbervars, [S == "f(A,B)"]) :- with_output_to(string(S), write_term(f('$VAR'(0), '$VAR'(1)), [numbervars(true)])).
% ISO: domain_error(write_option, foo); knightlog follows SWI-Prolog.
test(write_term_bad_option, error(type_error(option, foo))) :- write_term(a, [foo]).
test(write_term_unbound_option, error(instantiation_error)) :- write_term(a, [_]).
test(write2, [S == "x"]) :- with_output_to(string(S), (current_output(O), write(O, x))).
test(nl1, [S == "\n"]) :- with_output_to(string(S), (current_output(O), nl(O))).
test(portray, [S == "<secret>"]) :- with_output_to(string(S), print(secret(1))).
:- end_tests(write).

:- multifile(portray/1).
portray(secret(_)) :- write('<secret>').

:- begin_tests(streams, [cleanup((tmp_file_name(F), delete_file(F)))]).
test(write_read, [T == [f(x, "s"), end_of_file]]) :-
    tmp_file_name(F),
    open(F, write, Out), writeq(Out, f(x, "s")), write(Out, '.'), nl(Out), close(Out),
    open(F, read, In), read(In, T1), read(In, T2), close(In),
    T = [T1, T2].
test(read_term_vars, [Names == ['X', 'Y']]) :-
    tmp_file_name(F),
    open(F, write, Out), write(Out, 'g(X, Y, X).'), nl(Out), close(Out),
    open(F, read, In), read_term(In, _, [variable_names(Bs)]), close(In),
    findall(N, member(N = _, Bs), Names).
test(chars, [L == [a, b, end_of_file]]) :-
    tmp_file_name(F),
    open(F, write, Out), write(Out, ab), close(Out),
    open(F, read, In), peek_char(In, P), P == a, get_char(In, C1), get_char(In, C2), get_char(In, C3), close(In),
    L = [C1, C2, C3].
test(codes, [L == [0'h, -1]]) :-
    tmp_file_name(F),
    open(F, write, Out), put_char(Out, h), close(Out),
    open(F, read, In), get_code(In, C1), peek_code(In, C2), close(In),
    L = [C1, C2].
test(append_mode, [L == [a, b]]) :-
    tmp_file_name(F),
    open(F, write, O1), write(O1, 'a. '), close(O1),
    open(F, append, O2), write(O2, 'b. '), close(O2),
    open(F, read, In), read(In, A), read(In, B), close(In), L = [A, B].
test(open4_alias, [T == x]) :-
    tmp_file_name(F),
    open(F, write, Out, [alias(io_suite_out)]), write(io_suite_out, 'x.'), close(Out),
    open(F, read, In), read(In, T), close(In).
test(set_output, [T == y]) :-
    tmp_file_name(F),
    current_output(Old), open(F, write, Out), set_output(Out), write('y.'), set_output(Old), close(Out),
    open(F, read, In), read(In, T), close(In).
test(see_tell, [T == z]) :-
    tmp_file_name(F),
    tell(F), write('z.'), nl, told,
    see(F), read(T), seen.
test(open_missing, error(existence_error(source_sink, _))) :- open('no/such/dir/file', read, _).
test(open_bad_mode, error(domain_error(io_mode, bogus))) :- tmp_file_name(F), open(F, bogus, _).
test(open_unbound, error(instantiation_error)) :- open(_, read, _).
test(close_unbound, error(instantiation_error)) :- close(_).
% ISO: domain_error(stream_or_alias, foo) for a non-stream atom; knightlog
% follows SWI-Prolog, which treats any atom as a possible alias.
test(close_bad, error(existence_error(stream, foo))) :- close(foo).
test(read_from_output, error(permission_error(input, stream, _))) :- current_output(O), read(O, _).
test(put_char_bad, error(type_error(character, ab))) :- put_char(ab).
test(put_char_unbound, error(instantiation_error)) :- put_char(_).
test(read_syntax, error(syntax_error(_))) :-
    tmp_file_name(F),
    open(F, write, Out), write(Out, 'f(.'), nl(Out), close(Out),
    open(F, read, In), catch(read(In, _), E, (close(In), throw(E))).
test(exists_delete) :-
    tmp_file_name(F),
    open(F, write, Out), close(Out),
    exists_file(F), delete_file(F), \+ exists_file(F),
    open(F, write, Out2), close(Out2).
test(delete_missing, error(existence_error(file, 'no_such_file.tmp'))) :- delete_file('no_such_file.tmp').
:- end_tests(streams).

:- begin_tests(read_text).
test(term_to_atom, [T == f(X, X)]) :- term_to_atom(T0, 'f(A, A)'), T0 = f(X, Y), Y == X, T = T0.
test(read_term_from_atom, [T == [a|b]]) :- read_term_from_atom('[a|b]', T, []).
test(term_string_ops, [T == (a :- b, c)]) :- term_string(T, "a :- b, c").
:- end_tests(read_text).

:- begin_tests(is_stream).
test(aliases) :- is_stream(user_input), is_stream(user_output), is_stream(user_error).
test(not_streams) :- \+ is_stream(_), \+ is_stream(foo), \+ is_stream(f(x)), \+ is_stream(3).
test(open_then_closed) :-
    tmp_file(is_stream, F),
    open(F, write, S), is_stream(S), close(S), \+ is_stream(S),
    delete_file(F).
:- end_tests(is_stream).
