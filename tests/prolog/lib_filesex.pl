% library(filesex): paths, directory walks, copying, deleting, links,
% modes and times, in directories the tests make.  Runs unchanged under
% SWI-Prolog and knightlog.
:- use_module(library(plunit)).
:- use_module(library(filesex)).
:- use_module(library(readutil)).
:- use_module(library(lists)).

% A fresh directory, deleted after Goal.
with_dir(Dir, Goal) :-
    tmp_file(fx, Dir),
    make_directory(Dir),
    setup_call_cleanup(true, Goal, delete_directory_and_contents(Dir)).

write_file(File, Text) :-
    setup_call_cleanup(open(File, write, S), write(S, Text), close(S)).

in(Dir, Rel, Path) :-
    atomic_list_concat([Dir, /, Rel], Path).

% d/{a.pl, b.txt, .hidden, sub/{c.pl, deep/e.pl}, .hid/x.pl}
tree(Dir) :-
    forall(member(D, [sub, 'sub/deep', '.hid']), (in(Dir, D, P), make_directory(P))),
    forall(member(F, ['a.pl', 'b.txt', '.hidden', 'sub/c.pl', 'sub/deep/e.pl', '.hid/x.pl']),
           (in(Dir, F, P), write_file(P, F))).

% The members of Dir, relative to it, sorted.
members(Dir, Options, Rel) :-
    atom_length(Dir, N),
    Skip is N + 1,
    findall(R, ( directory_member(Dir, M, Options),
                 sub_atom(M, Skip, _, 0, R) ),
            Rel0),
    msort(Rel0, Rel).

:- begin_tests(directory_file_path).
test(join, P == 'a/b') :- directory_file_path(a, b, P).
test(join_slash, P == 'a/b') :- directory_file_path('a/', b, P).
test(join_absolute_file, P == '/b') :- directory_file_path(a, '/b', P).
test(join_empty_dir, P == '/b') :- directory_file_path('', b, P).
test(join_dot, P == b) :- directory_file_path('.', b, P).
test(join_empty_file, P == 'a/') :- directory_file_path(a, '', P).
test(join_root, P == '/b') :- directory_file_path(/, b, P).
test(join_strings, P == 'a/b') :- directory_file_path("a", "b", P).
test(join_number, P == '5/b') :- directory_file_path(5, b, P).
test(check, true) :- directory_file_path(a, b, 'a/b').
test(check_double_slash, fail) :- directory_file_path(a, b, 'a//b').
test(split, D-F == 'a/b'-c) :- directory_file_path(D, F, 'a/b/c').
test(split_plain, D-F == '.'-c) :- directory_file_path(D, F, c).
test(split_root, D-F == (/)-c) :- directory_file_path(D, F, '/c').
test(split_trailing_slash, D-F == a-b) :- directory_file_path(D, F, 'a/b/').
test(file_part, F == 'b/c') :- directory_file_path(a, F, 'a/b/c').
test(file_part_dot, F == 'a/b') :- directory_file_path('.', F, 'a/b').
test(file_part_other_dir, fail) :- directory_file_path(x, _, 'a/b/c').
test(dir_part, D == 'a/b') :- directory_file_path(D, c, 'a/b/c').
test(dir_part_root, D == /) :- directory_file_path(D, b, '/b').
test(dir_part_same, D == '') :- directory_file_path(D, c, c).
:- end_tests(directory_file_path).

:- begin_tests(relative_file_name).
test(doc_example, R == '../../nice') :-
    relative_file_name('/home/janw/nice', '/home/janw/deep/dir/file', R).
test(doc_example_back, P == '/home/janw/nice') :-
    relative_file_name(P, '/home/janw/deep/dir/file', '../../nice').
test(same, R == '.') :- relative_file_name('/a/b', '/a/b', R).
test(to_dir, R == 'c/d') :- relative_file_name('/a/b/c/d', '/a/b/', R).
test(sibling, R == '../x/y') :- relative_file_name('/x/y', '/a/b', R).
test(root, R == '../') :- relative_file_name(/, '/a/b', R).
test(deeper, R == 'b/c') :- relative_file_name('/a/b/c', '/a/x', R).
test(up_two, R == '../..') :- relative_file_name('/a', '/a/b/c/d', R).
test(canonical, R == c) :- relative_file_name('/a/./b/../c', '/a/x', R).
test(relative_names, R == 'sub/foo') :- relative_file_name('sub/foo', bar, R).
test(strings, R == b) :- relative_file_name("/a/b", "/a/c", R).
test(back_relative, P == '/a/c/d') :- relative_file_name(P, '/a/b', 'c/d').
test(back_absolute, P == '/abs') :- relative_file_name(P, '/a/b', '/abs').
test(back_dir, P == '/a/c') :- relative_file_name(P, '/a/b/', c).
test(unbound, error(instantiation_error)) :- relative_file_name(_, _, _).
:- end_tests(relative_file_name).

:- begin_tests(directory_member).
test(flat, L == ['.hid', '.hidden', 'a.pl', 'b.txt', sub]) :-
    with_dir(D, (tree(D), members(D, [], L))).
test(recursive, L == ['.hid', '.hid/x.pl', '.hidden', 'a.pl', 'b.txt', sub,
                      'sub/c.pl', 'sub/deep', 'sub/deep/e.pl']) :-
    with_dir(D, (tree(D), members(D, [recursive(true)], L))).
test(extensions, L == ['.hid/x.pl', 'a.pl', 'sub/c.pl', 'sub/deep/e.pl']) :-
    with_dir(D, (tree(D), members(D, [recursive(true), extensions([pl])], L))).
test(extensions_with_dot, L == []) :-
    with_dir(D, (tree(D), members(D, [extensions(['.pl'])], L))).
test(file_type_directory, L == ['.hid', sub, 'sub/deep']) :-
    with_dir(D, (tree(D), members(D, [recursive(true), file_type(directory)], L))).
test(file_type_prolog, L == ['a.pl']) :-
    with_dir(D, (tree(D), members(D, [file_type(prolog)], L))).
test(file_type_without_extensions, L == []) :-
    with_dir(D, (tree(D), members(D, [file_type(regular)], L))).
test(no_hidden, L == ['a.pl', 'b.txt', sub, 'sub/c.pl', 'sub/deep', 'sub/deep/e.pl']) :-
    with_dir(D, (tree(D), members(D, [recursive(true), hidden(false)], L))).
test(matches, L == ['.hid/x.pl', 'a.pl', 'sub/c.pl', 'sub/deep/e.pl']) :-
    with_dir(D, (tree(D), members(D, [recursive(true), matches('*.pl')], L))).
test(exclude, L == ['.hid', '.hidden', 'b.txt', sub]) :-
    with_dir(D, (tree(D), members(D, [exclude('*.pl')], L))).
test(exclude_directory, L == ['.hid', '.hid/x.pl', '.hidden', 'a.pl', 'b.txt', sub,
                              'sub/c.pl', 'sub/deep']) :-
    with_dir(D, (tree(D), members(D, [recursive(true), exclude_directory(deep)], L))).
test(access_execute, L == ['.hid', sub]) :-
    with_dir(D, (tree(D), members(D, [access(execute)], L))).
test(symbolic_links, L-NL == [a, 'a.pl', dangling, sub]-['a.pl', sub]) :-
    with_dir(D, ( in(D, 'a.pl', A), write_file(A, x),
                  in(D, sub, S), make_directory(S),
                  in(D, a, L1), link_file(sub, L1, symbolic),
                  in(D, dangling, L2), link_file(nowhere, L2, symbolic),
                  members(D, [], L),
                  members(D, [follow_links(false)], NL) )).
test(link_cycle, L == [loop, 'loop/loop', 'loop/x', x]) :-
    with_dir(D, ( in(D, x, X), write_file(X, x),
                  in(D, loop, Loop), link_file('.', Loop, symbolic),
                  members(D, [recursive(true)], L) )).
test(member_given) :-
    with_dir(D, ( tree(D), in(D, 'a.pl', A),
                  directory_member(D, A, []) )).
test(trailing_slash, L == ['.hid', '.hidden', 'a.pl', 'b.txt', sub]) :-
    with_dir(D, ( tree(D), atom_concat(D, /, D1),
                  findall(R, (directory_member(D1, M, []), sub_atom(M, B, _, 0, R),
                              atom_length(D1, B)), L0),
                  msort(L0, L) )).
test(missing_dir_fails, L == []) :-
    findall(M, directory_member('/nonexistent_dir_kl', M, [file_errors(fail)]), L).
test(missing_dir_error, E == existence_error(file, '/nonexistent_dir_kl')) :-
    catch(findall(M, directory_member('/nonexistent_dir_kl', M, [file_errors(error)]), _),
          error(E, _), true).
:- end_tests(directory_member).

:- begin_tests(make_delete).
test(make_directory_path) :-
    with_dir(D, ( in(D, 'p/q/r', P),
                  make_directory_path(P),
                  assertion(exists_directory(P)),
                  make_directory_path(P),
                  atom_concat(P, /, P1),
                  make_directory_path(P1) )).
test(make_directory_path_over_file, E == existence_error(directory, F)) :-
    with_dir(D, ( in(D, f, F), write_file(F, x),
                  in(D, 'f/x', FX),
                  catch(make_directory_path(FX), error(E, _), true) )).
test(make_directory_path_unbound, error(instantiation_error)) :-
    make_directory_path(_).
test(make_directory_path_number, error(type_error(text, 5))) :-
    make_directory_path(5).
test(delete_directory_contents, L == ['.', '..']) :-
    with_dir(D, ( tree(D), delete_directory_contents(D),
                  directory_files(D, L0), msort(L0, L) )).
test(delete_directory_and_contents) :-
    with_dir(D, ( in(D, t, T), make_directory(T), tree(T),
                  delete_directory_and_contents(T),
                  assertion(\+ exists_directory(T)) )).
test(delete_keeps_link_target) :-
    with_dir(D, ( in(D, t, T), make_directory(T),
                  in(D, keep, K), make_directory(K), in(K, f, KF), write_file(KF, x),
                  in(T, link, L), link_file(K, L, symbolic),
                  delete_directory_and_contents(T),
                  assertion(exists_file(KF)) )).
test(delete_link_to_dir) :-
    with_dir(D, ( in(D, keep, K), make_directory(K), in(K, f, KF), write_file(KF, x),
                  in(D, link, L), link_file(K, L, symbolic),
                  delete_directory_and_contents(L),
                  assertion(\+ read_link(L, _, _)),
                  assertion(exists_file(KF)) )).
test(delete_missing, E == existence_error(file, '/nonexistent_dir_kl')) :-
    catch(delete_directory_and_contents('/nonexistent_dir_kl'), error(E, _), true).
test(delete_contents_of_file, E == existence_error(directory, F)) :-
    with_dir(D, ( in(D, f, F), write_file(F, x),
                  catch(delete_directory_contents(F), error(E, _), true) )).
:- end_tests(make_delete).

:- begin_tests(copy).
test(copy_file, T == "héllo\n\u0001\n") :-
    with_dir(D, ( in(D, f, F), in(D, g, G),
                  write_file(F, 'héllo\n\u0001\n'),
                  copy_file(F, G),
                  read_file_to_string(G, T, []) )).
test(copy_file_bytes, S == 7) :-
    with_dir(D, ( in(D, f, F), in(D, g, G),
                  write_file(F, 'héllo\n'),
                  copy_file(F, G),
                  size_file(G, S) )).
test(copy_file_into_dir, T == "x") :-
    with_dir(D, ( in(D, f, F), write_file(F, x),
                  in(D, sub, S), make_directory(S),
                  copy_file(F, S),
                  in(S, f, SF),
                  read_file_to_string(SF, T, []) )).
test(copy_file_missing, E == existence_error(source_sink, F)) :-
    with_dir(D, ( in(D, nonexist, F), in(D, g, G),
                  catch(copy_file(F, G), error(E, _), true) )).
test(copy_file_to_missing_dir, E == existence_error(source_sink, '/nonexistent_dir_kl/x')) :-
    with_dir(D, ( in(D, f, F), write_file(F, x),
                  catch(copy_file(F, '/nonexistent_dir_kl/x'), error(E, _), true) )).
test(copy_directory, L == ['.hid', '.hid/x.pl', '.hidden', 'a.pl', 'b.txt', sub,
                           'sub/c.pl', 'sub/deep', 'sub/deep/e.pl']-"sub/deep/e.pl") :-
    with_dir(D, ( in(D, t, T), make_directory(T), tree(T),
                  in(D, c, C),
                  copy_directory(T, C),
                  members(C, [recursive(true)], L0),
                  in(C, 'sub/deep/e.pl', E), read_file_to_string(E, Text, []),
                  L = L0-Text )).
test(copy_directory_into_existing, L == ['a.pl', 'b.txt', old]) :-
    with_dir(D, ( in(D, t, T), make_directory(T),
                  forall(member(F, ['a.pl', 'b.txt']), (in(T, F, P), write_file(P, F))),
                  in(D, c, C), make_directory(C), in(C, old, O), write_file(O, o),
                  copy_directory(T, C),
                  members(C, [], L) )).
test(copy_directory_missing, E == existence_error(file, F)) :-
    with_dir(D, ( in(D, nonexist, F), in(D, c, C),
                  catch(copy_directory(F, C), error(E, _), true) )).
:- end_tests(copy).

:- begin_tests(links_modes_times).
test(symbolic_link, T-Text == f-"data") :-
    with_dir(D, ( in(D, f, F), write_file(F, data), in(D, s, S),
                  link_file(f, S, symbolic),
                  read_link(S, T, _),
                  read_file_to_string(S, Text, []) )).
test(hard_link, Text == "data") :-
    with_dir(D, ( in(D, f, F), write_file(F, data), in(D, h, H),
                  link_file(F, H, hard),
                  delete_file(F),
                  read_file_to_string(H, Text, []) )).
test(link_exists, E == system_error) :-
    with_dir(D, ( in(D, f, F), write_file(F, data),
                  catch(link_file(F, F, symbolic), error(E, _), true) )).
test(hard_link_missing, E == existence_error(file, H)) :-
    with_dir(D, ( in(D, nonexist, F), in(D, h, H),
                  catch(link_file(F, H, hard), error(E, _), true) )).
test(link_bad_type, error(domain_error(link_type, foo))) :-
    link_file(a, b, foo).
test(link_unbound_type, error(instantiation_error)) :-
    link_file(a, b, _).
test(chmod_modes) :-
    with_dir(D, ( in(D, f, F), write_file(F, data),
                  chmod(F, 0o600),
                  assertion(\+ access_file(F, execute)),
                  chmod(F, +ux),
                  assertion(access_file(F, execute)),
                  chmod(F, -x),
                  assertion(\+ access_file(F, execute)),
                  chmod(F, [ur, uw, ux]),
                  assertion(access_file(F, execute)),
                  chmod(F, u),
                  chmod(F, 0o644) )).
test(chmod_bad_name, error(domain_error(posix_file_mode, foo))) :-
    chmod('/tmp', foo).
test(chmod_bad_list_member, error(type_error(atom, u+r))) :-
    chmod('/tmp', [u+r]).
test(chmod_unbound, error(instantiation_error)) :-
    chmod('/tmp', _).
test(set_time_file) :-
    with_dir(D, ( in(D, f, F), write_file(F, data),
                  set_time_file(F, Old, []),
                  Old = [access(A), modified(M), changed(C)],
                  assertion((float(A), float(M), float(C))),
                  set_time_file(F, [modified(M0)], [modified(1000000000)]),
                  assertion(M0 =:= M),
                  time_file(F, T),
                  assertion(T =:= 1000000000.0),
                  set_time_file(F, [access(A1)], [access(1200000000)]),
                  assertion(A1 =:= A),
                  set_time_file(F, [access(A2), modified(M2)], []),
                  assertion(A2 =:= 1200000000.0),
                  assertion(M2 =:= 1000000000.0),
                  set_time_file(F, [], [modified(now)]),
                  time_file(F, T2),
                  get_time(Now),
                  assertion(abs(Now - T2) < 60) )).
test(set_time_file_ignores_others) :-
    with_dir(D, ( in(D, f, F), write_file(F, data),
                  set_time_file(F, [foo(X)], [foo(1)]),
                  assertion(var(X)) )).
test(set_time_file_bad_time, E == type_error(time, foo)) :-
    with_dir(D, ( in(D, f, F), write_file(F, data),
                  catch(set_time_file(F, [], [modified(foo)]), error(E, _), true) )).
test(set_time_file_missing, E == existence_error(file, '/nonexistent_kl')) :-
    catch(set_time_file('/nonexistent_kl', _, []), error(E, _), true).
:- end_tests(links_modes_times).
