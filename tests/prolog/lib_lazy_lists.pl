% library(lazy_lists): lazy lists from a callback, a state machine, a
% stream (codes, lines, terms), and the iterator directive.
%
% knightlog has no engines and no message queues: lazy_findall/3,4 raise
% existence_error(procedure, engine_create/3) there, and the tests that
% need an engine or a queue check that error instead (they branch on
% whether engine_create/3 exists, not on the dialect).
:- use_module(library(plunit)).
:- use_module(library(lazy_lists)).

nat(N0, N, N0) :- N is N0 + 1.
upto(Max, N0, N, N0) :- N0 < Max, N is N0 + 1.

% A slice generator that counts its calls: pairs 0,0,1,1,2,2 then the end.
pairs(L, T) :-
    nb_getval(lazy_calls, C), C1 is C + 1, nb_setval(lazy_calls, C1),
    (   C < 3 -> L = [C, C|T] ; L = [], T = [] ).

% Not member/2, to walk the list by backtracking in plain Prolog.
mem(X, [X|_]).
mem(X, [_|T]) :- mem(X, T).

have_engines :- predicate_property(engine_create(_, _, _), defined).

% with_file(+Text, -In, :Goal): run Goal with In reading a file holding Text.
with_file(Text, In, Goal) :-
    tmp_file(lazy, File),
    setup_call_cleanup(open(File, write, Out), write(Out, Text), close(Out)),
    setup_call_cleanup(open(File, read, In), once(Goal),
                       (close(In), delete_file(File))).

:- lazy_list_iterator(read_c(S), C, get_code(S, C), C == -1).
:- lazy_list_iterator(from_list(Box), X, take(Box, X), X == stop).

take(Box, X) :- arg(1, Box, [X|T]), nb_setarg(1, Box, T).

:- begin_tests(lazy_list).
test(infinite, [Xs == [0, 1, 2]]) :-
    lazy_list(nat, 0, L), L = [A, B, C|_], Xs = [A, B, C].
test(unforced_is_var) :- lazy_list(nat, 0, L), var(L).
test(unforced_not_nil, fail) :- lazy_list(upto(0), 0, L), L == [].
test(empty, [L == []]) :- lazy_list(upto(0), 0, L), L = [].
test(finite, [L == [0, 1, 2]]) :- lazy_list(upto(3), 0, L), lazy_list_materialize(L).
test(too_long, fail) :- lazy_list(upto(3), 0, L), L = [0, 1, 2, 3|_].
test(wrong_element, fail) :- lazy_list(upto(3), 0, L), L = [0, 2|_].
test(after_backtracking, [X == 0]) :-
    lazy_list(upto(3), 0, L), \+ L = [_, _, _, _|_], L = [X|_].
test(append, [nondet, P == [0, 1]]) :- lazy_list(upto(3), 0, L), append(P, [2], L).
test(walk, all(X == [0, 1, 2])) :- lazy_list(upto(3), 0, L), mem(X, L).
test(prefix_of_infinite, [X == 99]) :-
    lazy_list(nat, 0, L), length(P, 100), append(P, _, L), last(P, X).
test(slices, [Xs == [0, 0, 1, 1]]) :-
    nb_setval(lazy_calls, 0), lazy_list(pairs, L), L = [_, _, _|_],
    L = [A, B, C, D|_], Xs = [A, B, C, D].
test(slices_all, [L == [0, 0, 1, 1, 2, 2]]) :-
    nb_setval(lazy_calls, 0), lazy_list(pairs, L), lazy_list_materialize(L).
test(fetched_once, [Calls == 2]) :-
    nb_setval(lazy_calls, 0), lazy_list(pairs, L),
    \+ L = [_, _, x|_], \+ L = [_, _, y|_], L = [_, _, 1|_],
    nb_getval(lazy_calls, Calls).
test(end_once, [Calls == 4]) :-
    nb_setval(lazy_calls, 0), lazy_list(pairs, L),
    \+ L = [_, _, _, _, _, _, _|_], lazy_list_materialize(L),
    nb_getval(lazy_calls, Calls).
test(phrase, [Rest == "c"]) :-
    with_file("abc", In, ( lazy_list(lazy_get_codes(In, 1), L),
                           phrase("ab", L, R),
                           lazy_list_materialize(R), string_codes(Rest, R) )).
test(phrase_backtracks, [X == 2]) :-
    with_file("ab\ncd\n", In, ( lazy_list(lazy_get_codes(In, 1), L),
                                phrase(("ab\nce", {X = 1} | "ab\ncd", {X = 2}), L, _) )).
test(residual_goal) :-
    lazy_list(upto(3), 0, L), copy_term(L, C, Gs),
    % knightlog leaves a goal user passes to the library unqualified.
    Gs = [lazy_list(lazy_lists:lazy_state(G, s(0)), V)],
    strip_module(G, _, upto(3)), V == C.
test(unbound_next, error(instantiation_error)) :- lazy_list(_, 0, L), L = [_|_].
test(unknown_next3, error(existence_error(procedure, _))) :-
    lazy_list(no_such_next, 0, L), L = [_|_].
test(unknown_next2, error(existence_error(procedure, _))) :-
    lazy_list(no_such_next, L), L = [_|_].
test(creation_checks_nothing) :- lazy_list(_, 0, _).
:- end_tests(lazy_list).

:- begin_tests(lazy_list_utilities).
test(materialize_list) :- lazy_list_materialize([a, b]).
test(materialize_not_list, error(type_error(list, foo))) :- lazy_list_materialize(foo).
test(materialize_bad_tail, error(type_error(list, foo))) :- lazy_list_materialize([a|foo]).
test(length_lazy, [N == 3]) :- lazy_list(upto(3), 0, L), lazy_list_length(L, N).
test(length_forced, [L-N == [0, 1, 2]-3]) :-
    lazy_list(upto(3), 0, L), L = [_|_], lazy_list_length(L, N).
test(length_plain, [N == 2]) :- lazy_list_length([a, b], N).
test(length_wrong, fail) :- lazy_list_length([a], 2).
test(length_not_integer, fail) :- lazy_list_length([a], x).
test(length_not_list, error(type_error(list, foo))) :- lazy_list_length(foo, _).
test(length_bad_tail, error(type_error(list, foo))) :- lazy_list_length([a|foo], _).
:- end_tests(lazy_list_utilities).

:- begin_tests(lazy_get_codes).
test(chunk, [L-T == [0'a, 0'b|T]-T]) :- with_file("ab\ncd\n", In, lazy_get_codes(In, 2, L, T)).
test(to_end, [L1-L2-T2 == [0'a, 0'b, 0'\n, 0'c, 0'd, 0'\n|T1]-[]-[]]) :-
    with_file("ab\ncd\n", In, ( lazy_get_codes(In, 6, L1, T1),
                                lazy_get_codes(In, 6, L2, T2) )).
test(short_chunk, [L-T == [0'a, 0'b, 0'\n]-[]]) :-
    with_file("ab\n", In, lazy_get_codes(In, 10, L, T)).
test(empty_file, [L-T == []-[]]) :- with_file("", In, lazy_get_codes(In, 3, L, T)).
test(zero, [L == T]) :- with_file("ab", In, lazy_get_codes(In, 0, L, T)).
test(as_lazy_list, [S == "ab\ncd\n"]) :-
    with_file("ab\ncd\n", In, ( lazy_list(lazy_get_codes(In, 3), L),
                                lazy_list_materialize(L), string_codes(S, L) )).
test(negative, error(domain_error(not_less_than_zero, -1))) :-
    with_file("ab", In, lazy_get_codes(In, -1, _, _)).
test(not_integer, error(type_error(integer, x))) :-
    with_file("ab", In, lazy_get_codes(In, x, _, _)).
test(unbound_count, error(instantiation_error)) :-
    with_file("ab", In, lazy_get_codes(In, _, _, _)).
test(unbound_stream, error(instantiation_error)) :- lazy_get_codes(_, 2, _, _).
test(no_stream, error(existence_error(stream, foo))) :- lazy_get_codes(foo, 2, _, _).
:- end_tests(lazy_get_codes).

:- begin_tests(lazy_read_lines).
test(strings, [L-T == ["line1", "line2", "", "line4"]-[]]) :-
    with_file("line1\nline2\n\nline4", In, lazy_read_lines(In, [], L, T)).
test(atoms, [L == [ab, cd]]) :- with_file("ab\ncd\n", In, lazy_read_lines(In, [as(atom)], L, [])).
test(codes, [L == [[0'a, 0'b], []]]) :- with_file("ab\n\n", In, lazy_read_lines(In, [as(codes)], L, [])).
test(chars, [L == [[a, b], [c]]]) :- with_file("ab\nc\n", In, lazy_read_lines(In, [as(chars)], L, [])).
test(crlf, [L == ["ab", "cd"]]) :- with_file("ab\r\ncd\r\n", In, lazy_read_lines(In, [], L, [])).
test(crlf_codes, [L == [`ab`, `cd`]]) :-
    with_file("ab\r\ncd\r\n", In, lazy_read_lines(In, [as(codes)], L, [])).
test(cr_codes_one_before_newline, [L == [[0'a, 0'\r], [0'\r, 0'b]]]) :-
    with_file("a\r\r\n\rb\n", In, lazy_read_lines(In, [as(codes)], L, [])).
test(cr_codes_at_end_kept, [L == [[0'a], [0'b, 0'\r]]]) :-
    with_file("a\nb\r", In, lazy_read_lines(In, [as(codes)], L, [])).
test(cr_codes_alone_at_end, [L == [[0'a], [0'\r]]]) :-
    with_file("a\n\r", In, lazy_read_lines(In, [as(codes)], L, [])).
test(cr_text_both_ends, [L == ["a", "b\r\rc", ""]]) :-
    with_file("\r\ra\r\r\nb\r\rc\r\n\r\n", In, lazy_read_lines(In, [], L, [])).
test(cr_text_alone_at_end, [L == [a]]) :-
    with_file("a\n\r", In, lazy_read_lines(In, [as(atom)], L, [])).
test(cr_text_only, [L == []]) :-
    with_file("\r", In, lazy_read_lines(In, [as(chars)], L, [])).
test(chunk, [L1-L2-T2 == ["a", "b"|T1]-[]-[]]) :-
    with_file("a\nb\n", In, ( lazy_read_lines(In, [chunk(2)], L1, T1),
                              lazy_read_lines(In, [chunk(2)], L2, T2) )).
test(chunk_one, [L == ["a"|T]]) :- with_file("a\nb\n", In, lazy_read_lines(In, [chunk(1)], L, T)).
test(default_chunk_ten, [N == 10]) :-
    numlist(1, 25, Ns), atomic_list_concat(Ns, '\n', Text),
    with_file(Text, In, ( lazy_read_lines(In, [], L, T), var(T), T = [], length(L, N) )).
test(eq_options, [L == [ab|T]]) :-
    with_file("ab\ncd\n", In, lazy_read_lines(In, [chunk=1, as=atom], L, T)).
test(first_option, [L == [ab|T]]) :-
    with_file("ab\ncd\n", In, lazy_read_lines(In, [chunk(1), as(atom), as(foo)], L, T)).
test(plain_before_eq, error(type_error(oneof([atom, string, codes, chars]), foo))) :-
    with_file("ab\ncd\n", In, lazy_read_lines(In, [as=atom, as(foo)], _, _)).
test(empty_file, [L-T == []-[]]) :- with_file("", In, lazy_read_lines(In, [], L, T)).
test(as_lazy_list, [L == [a, b, c]]) :-
    with_file("a\nb\nc", In, ( lazy_list(lazy_read_lines(In, [chunk(2), as(atom)]), L),
                               lazy_list_materialize(L) )).
test(bad_type, error(type_error(oneof([atom, string, codes, chars]), foo))) :-
    with_file("a", In, lazy_read_lines(In, [as(foo)], _, _)).
test(chunk_checked_first, error(type_error(positive_integer, 0))) :-
    with_file("a", In, lazy_read_lines(In, [as(foo), chunk(0)], _, _)).
test(chunk_float, error(type_error(positive_integer, 1.0))) :-
    with_file("a", In, lazy_read_lines(In, [chunk(1.0)], _, _)).
test(chunk_unbound, error(instantiation_error)) :-
    with_file("a", In, lazy_read_lines(In, [chunk(_)], _, _)).
test(options_not_list, error(type_error(list, foo))) :-
    with_file("a", In, lazy_read_lines(In, foo, _, _)).
test(options_bad_tail, error(type_error(list, bar))) :-
    with_file("a", In, lazy_read_lines(In, [foo|bar], _, _)).
test(options_unbound, error(instantiation_error)) :-
    with_file("a", In, lazy_read_lines(In, _, _, _)).
test(unbound_stream, error(instantiation_error)) :- lazy_read_lines(_, [], _, _).
test(no_stream, error(existence_error(stream, foo))) :- lazy_read_lines(foo, [], _, _).
:- end_tests(lazy_read_lines).

:- begin_tests(lazy_read_terms).
test(terms, [L-T == [a(1), "str", [1, 2]]-[]]) :-
    with_file("a(1). \"str\". [1,2].\n", In, lazy_read_terms(In, [], L, T)).
test(variables) :-
    with_file("b(X, Y, X).", In, lazy_read_terms(In, [], [b(A, B, C)], [])),
    A == C, A \== B.
test(chunk, [L1-L2-T2 == [a, b|T1]-[c]-[]]) :-
    with_file("a. b. c.", In, ( lazy_read_terms(In, [chunk(2)], L1, T1),
                                lazy_read_terms(In, [chunk(2)], L2, T2) )).
test(exact_chunk, [L1-L2-T2 == [a, b|T1]-[]-[]]) :-
    with_file("a. b.", In, ( lazy_read_terms(In, [chunk(2)], L1, T1),
                             lazy_read_terms(In, [chunk(2)], L2, T2) )).
test(eq_chunk_after_plain, [L == [a, b|T]]) :-
    with_file("a. b. c.", In, lazy_read_terms(In, [chunk=1, chunk(2)], L, T)).
test(first_chunk, [L == [a|T]]) :-
    with_file("a. b.", In, lazy_read_terms(In, [chunk(1), chunk(5)], L, T)).
test(zero, [L == T]) :- with_file("a.", In, lazy_read_terms(In, [chunk(0)], L, T)).
test(other_options_passed) :-
    with_file("f(X, Y).", In, lazy_read_terms(In, [variable_names(Vs)], [f(A, B)], _)),
    Vs == ['X'=A, 'Y'=B].
test(as_lazy_list, [L == [a, b, c]]) :-
    with_file("a. b. c.", In, ( lazy_list(lazy_read_terms(In, [chunk(2)]), L),
                                lazy_list_materialize(L) )).
test(syntax_error, error(syntax_error(_))) :-
    with_file("a. b c.", In, lazy_read_terms(In, [], _, _)).
test(options_not_list, error(type_error(list, foo))) :-
    with_file("a.", In, lazy_read_terms(In, foo, _, _)).
test(options_unbound, error(instantiation_error)) :-
    with_file("a.", In, lazy_read_terms(In, _, _, _)).
test(chunk_not_integer, error(type_error(integer, x))) :-
    with_file("a.", In, lazy_read_terms(In, [chunk(x)], _, _)).
:- end_tests(lazy_read_terms).

:- begin_tests(lazy_iterator).
test(codes, [L-T == [0'a, 0'b|T]-T]) :- with_file("ab\ncd\n", In, read_c(In, 2, L, T)).
test(to_end, [L == [0'a, 0'b, 0'\n]]) :- with_file("ab\n", In, read_c(In, 10, L, [])).
test(zero, [L == T]) :- with_file("ab\n", In, read_c(In, 0, L, T)).
test(as_lazy_list, [S == "ab\ncd\n"]) :-
    with_file("ab\ncd\n", In, ( lazy_list(read_c(In, 4), L), lazy_list_materialize(L),
                                string_codes(S, L) )).
test(test_end, [L == [a, b]]) :-
    Box = box([a, b, stop, c]), lazy_list(from_list(Box, 2), L), lazy_list_materialize(L).
test(get_next_fails, [L == [a]]) :-
    Box = box([a]), lazy_list(from_list(Box, 5), L), lazy_list_materialize(L).
test(count_errors, error(type_error(integer, x))) :- with_file("ab", In, read_c(In, x, _, _)).
test(not_a_directive, error(context_error(nodirective, lazy_list_iterator(a, b, c, d)))) :-
    lazy_list_iterator(a, b, c, d).
:- end_tests(lazy_iterator).

:- begin_tests(lazy_engines_and_queues).
test(findall_infinite) :-
    (   have_engines
    ->  lazy_findall(X, between(1, inf, X), L), L = [A, B, C|_], [A, B, C] == [1, 2, 3]
    ;   catch(lazy_findall(X, between(1, inf, X), _),
              error(existence_error(procedure, engine_create/3), _), true)
    ).
test(findall_chunked) :-
    (   have_engines
    ->  lazy_findall(2, X, member(X, [a, b, c]), L), L = [_|_],
        lazy_list_materialize(L), L == [a, b, c]
    ;   catch(lazy_findall(2, X, member(X, [a, b, c]), _),
              error(existence_error(procedure, engine_create/3), _), true)
    ).
test(engine_zero, [L == T]) :- lazy_engine_next(foo, 0, L, T).
test(engine_count, error(type_error(integer, x))) :- lazy_engine_next(foo, x, _, _).
test(no_engine, error(existence_error(engine, foo))) :- lazy_engine_next(foo, 1, _, _).
test(engine_unbound, error(instantiation_error)) :- lazy_engine_next(_, 1, _, _).
test(no_queue, error(existence_error(message_queue, foo))) :- lazy_message_queue(foo, [], _, _).
test(queue_unbound, error(instantiation_error)) :- lazy_message_queue(_, [], _, _).
test(queue_options, error(type_error(list, x))) :- lazy_message_queue(foo, x, _, _).
test(queue_lazy_list, error(existence_error(message_queue, foo))) :-
    lazy_list(lazy_message_queue(foo, []), L), L = [_|_].
:- end_tests(lazy_engines_and_queues).
