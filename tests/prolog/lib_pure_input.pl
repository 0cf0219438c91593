% library(pure_input): phrase_from_file/2,3, phrase_from_stream/2 and the
% location nonterminals.
:- use_module(library(plunit)).
:- use_module(library(pure_input)).
:- use_module(library(dcg/basics)).

with_file(Text, File, Goal) :-
    tmp_file(pure_input, File),
    setup_call_cleanup(open(File, write, S, [encoding(utf8)]), write(S, Text), close(S)),
    call_cleanup(Goal, delete_file(File)).

lines([L|Ls]) --> string_without(`\n`, L), ( "\n" -> lines(Ls) ; { Ls = [] } ).
loc(L) --> string(_), "d", !, lazy_list_location(L), remainder(_).
cnt(C) --> string(_), "d", !, lazy_list_character_count(C), remainder(_).
err --> "ab\nc", syntax_error(bad_thing).
count_lines(N0, N) --> string_without(`\n`, _), "\n", !, { N1 is N0 + 1 }, count_lines(N1, N).
count_lines(N, N) --> [].
sum(S0, S) --> integer(I), blanks, !, { S1 is S0 + I }, sum(S1, S).
sum(S, S) --> [].

:- begin_tests(pure_input).
test(lines, [L == [`ab`, `cd`, `ef`]]) :-
    with_file("ab\ncd\nef", F, phrase_from_file(lines(L), F)).
test(literal) :-
    with_file("ab", F, phrase_from_file("ab", F)).
test(must_consume_all, fail) :-
    with_file("abc", F, phrase_from_file("ab", F)).
test(empty_file, [L == [[]]]) :-
    with_file("", F, phrase_from_file(lines(L), F)).
test(nondet, [Xs == [[], `a`, `ab`]]) :-
    with_file("ab", F, findall(X, phrase_from_file((string(X), string(_)), F), Xs)).
test(unicode, [L == [[0'é, 0'x]]]) :-
    with_file("éx", F, phrase_from_file(lines(L), F)).
test(octet, [L == [[195, 169]]]) :-
    with_file("é", F, phrase_from_file(lines(L), F, [encoding(octet)])).
test(location, [L == file(F, 2, 2, 5)]) :-
    with_file("ab\ncd\nef", F, phrase_from_file(loc(L), F)).
test(location_start, [L == file(F, 1, 0, 0)]) :-
    with_file("xy", F, phrase_from_file((lazy_list_location(L), remainder(_)), F)).
test(character_count, [C == 5]) :-
    with_file("ab\ncd\nef", F, phrase_from_file(cnt(C), F)).
test(syntax_error, [E == error(syntax_error(bad_thing), file(F, 2, 1, 4))]) :-
    with_file("ab\ncd", F, catch(phrase_from_file(err, F), E, true)).
test(missing, error(existence_error(source_sink, '/tmp/knightlog_no_such_file.txt'))) :-
    phrase_from_file(lines(_), '/tmp/knightlog_no_such_file.txt').
test(unbound, error(instantiation_error)) :-
    phrase_from_file(lines(_), _).
test(stream, [L == [`ab`, `cd`]]) :-
    with_file("ab\ncd", F,
              setup_call_cleanup(open(F, read, S), phrase_from_stream(lines(L), S), close(S))).
test(stream_rest, [L == [`cd`]]) :-
    with_file("ab\ncd", F,
              setup_call_cleanup(open(F, read, S),
                                 ( read_line_to_string(S, _), phrase_from_stream(lines(L), S) ),
                                 close(S))).
test(lazy_list, [Cs == `ab\nc`]) :-
    with_file("ab\nc", F,
              setup_call_cleanup(open(F, read, S),
                                 ( stream_to_lazy_list(S, L), length(Cs, 4), append(Cs, _, L) ),
                                 close(S))).
test(big_file, [N-Sum == 100000-5000050000]) :-
    tmp_file(pure_input, F),
    setup_call_cleanup(open(F, write, S),
                       forall(between(1, 100000, I), format(S, "~d~n", [I])),
                       close(S)),
    call_cleanup(( phrase_from_file(count_lines(0, N), F),
                   phrase_from_file(sum(0, Sum), F) ),
                 delete_file(F)).
:- end_tests(pure_input).
