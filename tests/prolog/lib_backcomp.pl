% library(backcomp): SWI-Prolog's deprecated predicate names.
:- use_module(library(plunit)).
:- use_module(library(backcomp)).

:- begin_tests(backcomp_text).
test(sformat2, [S == "abc"]) :- sformat(S, "abc").
test(sformat3, [S == "ab"]) :- sformat(S, "a~w", [b]).
test(sformat3_plain_arg, [S == "x"]) :- sformat(S, "~w", x).
test(concat, [C == a1]) :- concat(a, 1, C).
test(concat_prefix, [A == a]) :- concat(A, b, ab).
test(concat_split, all(X-Y == [''-ab, a-b, ab-''])) :- concat(X, Y, ab).
test(concat_atom2, [A == a1s]) :- concat_atom([a, 1, "s"], A).
test(concat_atom3, [A == 'a-b']) :- concat_atom([a, b], '-', A).
test(concat_atom3_split, [L == [a, b, c]]) :- concat_atom(L, '-', 'a-b-c').
test(concat_atom_unbound, error(instantiation_error)) :- concat_atom(_, _).
test(apropos_match) :- '$apropos_match'(abc, xxABcyy).
test(apropos_match_upper_needle, fail) :- '$apropos_match'('ABC', xxabcyy).
test(apropos_match_string) :- '$apropos_match'("b", abc).
test(apropos_match_absent, fail) :- '$apropos_match'(d, abc).
test(substring, [S == "ell"]) :- substring("hello world", 2, 3, S).
test(substring_atom, [S == "he"]) :- substring(hello, 1, 2, S).
test(substring_zero, error(domain_error(not_less_than_zero, -1))) :- substring(hello, 0, 2, _).
test(string_to_list, [S == "a"]) :- string_to_list(S, [0'a]).
test(string_to_list_codes, [L == [97, 98]]) :- string_to_list("ab", L).
test(string_to_list_atom, [L == [97, 98]]) :- string_to_list(ab, L).
test(sumlist, [S == 3.0]) :- sumlist([1, 2.0], S).
test(string_to_atom, [S == "abc"]) :- string_to_atom(S, abc).
test(string_to_atom_atom, [A == abc]) :- string_to_atom("abc", A).
:- end_tests(backcomp_text).

:- begin_tests(backcomp_terms).
test(proper_list) :- proper_list([a]).
test(proper_list_partial, fail) :- proper_list([a|_]).
test(free_variables, [Vs == [X, Y]]) :- free_variables(f(X, g(Y, X)), Vs).
test(hash_term_ground) :- hash_term(f(a), H), integer(H), hash_term(f(a), H2), H == H2.
test(hash_term_nonground) :- hash_term(f(_), H), var(H).
test(hash_term_differs) :- hash_term(a, A), hash_term(b, B), A \== B.
test(checklist) :- checklist(atom, [a, b]).
test(checklist_fails, fail) :- checklist(atom, [a, 1]).
test(sublist, [L == [a, b]]) :- sublist(atom, [a, 1, b], L).
test(sublist_check, fail) :- sublist(atom, [a, 1, b], [a]).
test(sublist_binds, [X-L == a-[a]]) :- sublist(=(a), [X, b], L).
test(c, [H-T == a-[b]]) :- 'C'([a, b], H, T).
test(c_build, [L == [a]]) :- 'C'(L, a, []).
test(c_det) :- 'C'([a], _, _).
test(merge, [L == [1, 2, 3, 3, 4, 5]]) :- merge([1, 3, 5], [2, 3, 4], L).
test(merge_unsorted, [L == [b, a, c]]) :- merge([b, a], [c], L).
test(merge_partial, [L == [a, b]]) :- merge([a|_], [b], L).
test(merge_set, [L == [1, 2, 3, 4, 5]]) :- merge_set([1, 3, 5], [2, 3, 4], L).
test(merge_set_dups, [L == [a, a]]) :- merge_set([a, a], [a], L).
test(merge_set_empty, [L == [x]]) :- merge_set([], [x], L).
:- end_tests(backcomp_terms).

% A read stream on a temporary file holding Text.
text_stream(Text, In) :-
    tmp_file(backcomp, File),
    open(File, write, Out),
    write(Out, Text),
    close(Out),
    open(File, read, In).

:- begin_tests(backcomp_io).
test(displayq, [S == "f('A',[1,2],-(1),+(1,2),'b c',{x},-(a),-(1,-1),[a|b])"]) :-
    with_output_to(string(S),
                   displayq(f('A', [1, 2], - 1, 1+2, 'b c', {x}, - a, 1-(-1), [a|b]))).
test(displayq2, [S == "+(a,'B')"]) :-
    with_output_to(string(S), (current_output(Out), displayq(Out, a+'B'))).
test(write_ln, [S == "hello\n"]) :- with_output_to(string(S), write_ln(hello)).
test(flush) :- flush.
test(read_variables, [true(T-B =@= a(X, Y)-['X'=X, 'Y'=Y])]) :-
    text_stream("a(X,Y). b.", In),
    read_variables(In, T, B),
    close(In).
test(read_variables_eof, [T-B == end_of_file-[]]) :-
    text_stream("", In),
    read_variables(In, T, B),
    close(In).
test(read_clause, [T == foo(a)]) :-
    text_stream("foo(a).", In),
    read_clause(In, T),
    close(In).
test(read_clause_eof, [T == end_of_file]) :-
    text_stream("  ", In),
    read_clause(In, T),
    close(In).
test(read_pending_input_eof, [L-T == []-[]]) :-
    text_stream("", In),
    read_pending_input(In, L, T),
    close(In).
test(read_pending_input, [S == "ab"]) :-
    text_stream("ab", In),
    peek_code(In, _),
    read_pending_input(In, L, []),
    string_codes(S, L),
    close(In).
:- end_tests(backcomp_io).

:- begin_tests(backcomp_system).
test(feature, [B == false]) :- feature(bounded, B).
test(set_feature) :-
    current_prolog_flag(double_quotes, Old),
    set_feature(double_quotes, codes),
    feature(double_quotes, V),
    set_feature(double_quotes, Old),
    V == codes.
test(version) :- '$version'(V), integer(V).
test(strip_module, [M-P == b-c]) :- '$strip_module'(a:b:c, M, P).
test(strip_module_plain, [P == x]) :- '$strip_module'(x, M, P), atom(M).
test(set_prompt) :- '$set_prompt'('| '), '$set_prompt'("?- "), '$set_prompt'(1).
test(module_typein, [Old == user]) :- '$module'(Old, user).
test(export_list) :- export_list(lists, L), memberchk(append/3, L).
test(at_initialization) :- at_initialization(true).
test(lock_predicate) :- lock_predicate(foo, 1), unlock_predicate(foo, 1).
test(sig_atomic, [X == 1]) :- '$sig_atomic'(member(X, [1, 2])).
test(convert_time8, [Y-M-D-S-Ms == 1970-1-1-0-500]) :-
    get_time(_),
    convert_time(43200.5, Y, M, D, _, _, S, Ms).
test(convert_time2) :-
    convert_time(1000000000, S),
    string(S),
    sub_string(S, _, _, 0, " 2001").
test(setup_and_call_cleanup, [X == 1]) :-
    setup_and_call_cleanup(true, X = 1, true).
test(setup_and_call_cleanup_runs, [L == [c]]) :-
    nb_setval(bc_log, []),
    setup_and_call_cleanup(true, true, nb_setval(bc_log, [c])),
    nb_getval(bc_log, L).
test(setup_and_call_cleanup4, [C == exit]) :-
    setup_and_call_cleanup(true, true, C, true).
test(setup_and_call_cleanup4_fail, [C == fail]) :-
    nb_setval(bc_c, none),
    \+ setup_and_call_cleanup(true, fail, C0, nb_setval(bc_c, C0)),
    nb_getval(bc_c, C).
:- end_tests(backcomp_system).

:- begin_tests(backcomp_threads).
test(current_thread_main, [S == running]) :- current_thread(main, S).
test(current_thread_enum) :- current_thread(main, _), !.
test(current_thread_unknown, fail) :- current_thread(no_such_thread, _).
test(message_queue_size, error(existence_error(message_queue, no_such_queue))) :-
    message_queue_size(no_such_queue, _).
test(trie_insert_new, error(type_error(trie, foo))) :- trie_insert_new(foo, a, _).
test(thread_at_exit) :- thread_at_exit(true).
test(thread_at_exit_var, error(type_error(callable, _))) :- thread_at_exit(_).
:- end_tests(backcomp_threads).
