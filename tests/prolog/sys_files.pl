% System file predicates: file_name_extension/3, size_file/2, access_file/2,
% absolute_file_name/2,3, expand_file_name/2, wildcard_match/2,3 and more.
% Everything happens in a directory the tests make and remove.
% Run under knightlog and SWI-Prolog.
:- use_module(library(plunit)).

% A fresh directory holding a.pl, b.pl, c.txt and sub/x.pl.
make_tree :-
    tmp_file(sys_files, D), make_directory(D), nb_setval(sys_files_dir, D),
    atom_concat(D, '/sub', Sub), make_directory(Sub),
    forall(member(F, ['a.pl', 'b.pl', 'c.txt', 'sub/x.pl']),
           ( atomic_list_concat([D, /, F], P),
             setup_call_cleanup(open(P, write, S), write(S, F), close(S)) )).
remove_tree :-
    tree(D),
    forall(member(F, ['a.pl', 'b.pl', 'c.txt', 'sub/x.pl']),
           ( atomic_list_concat([D, /, F], P), catch(delete_file(P), _, true) )),
    atom_concat(D, '/sub', Sub), delete_directory(Sub), delete_directory(D).
tree(D) :- nb_getval(sys_files_dir, D).
strip(D, L0, L) :- atom_concat(D, '/', P),
    findall(X, (member(Y, L0), atom_concat(P, X, Y)), L).
path(D, F, P) :- atomic_list_concat([D, /, F], P).

:- begin_tests(file_name_extension).

test(split) :- file_name_extension(B, E, 'foo.pl'), B-E == foo-pl.
test(join) :- file_name_extension(foo, pl, F), F == 'foo.pl'.
test(join_dot) :- file_name_extension(foo, '.pl', F), F == 'foo.pl'.
test(strip) :- file_name_extension(B, pl, 'foo.pl'), B == foo.
test(other_ext, [fail]) :- file_name_extension(_, txt, 'foo.pl').
test(none) :- file_name_extension(B, E, foo), B-E == foo-''.
test(dir_dot) :- file_name_extension(B, E, 'a.b/foo'), B-E == 'a.b/foo'-''.
test(hidden) :- file_name_extension(B, E, '/x/.bashrc'), B-E == '/x/'-bashrc.
test(last) :- file_name_extension(B, E, 'foo.tar.gz'), B-E == 'foo.tar'-gz.
test(has_ext) :- file_name_extension('foo.pl', pl, F), F == 'foo.pl'.
test(string) :- file_name_extension(B, E, "foo.pl"), B-E == foo-pl.
test(case, [fail]) :- file_name_extension(_, 'PL', 'foo.pl').
test(var, [error(instantiation_error)]) :- file_name_extension(_, _, _).
test(type, [error(type_error(text, f(x)))]) :- file_name_extension(f(x), pl, _).

:- end_tests(file_name_extension).

:- begin_tests(file_props, [setup(make_tree), cleanup(remove_tree)]).

test(size) :- tree(D), path(D, 'a.pl', F), size_file(F, S), S == 4.
test(size_missing, [error(existence_error(file, F), _)]) :- tree(D),
    path(D, nofile, F), size_file(F, _).
test(size_var, [error(instantiation_error)]) :- size_file(_, _).
test(size_number, [error(type_error(text, 1))]) :- size_file(1, _).
test(time) :- tree(D), path(D, 'a.pl', F), time_file(F, T), float(T), T > 0.
test(access_read) :- tree(D), path(D, 'a.pl', F), access_file(F, read).
test(access_missing, [fail]) :- tree(D), path(D, nofile, F), access_file(F, read).
test(access_new) :- tree(D), path(D, nofile, F), access_file(F, write).
test(access_no_dir, [fail]) :- tree(D), path(D, 'nodir/nofile', F), access_file(F, write).
test(access_exist) :- tree(D), path(D, sub, F), access_file(F, exist).
test(access_none) :- access_file(nofile_at_all, none).
test(access_empty, [fail]) :- access_file('', exist).
test(access_mode, [error(domain_error(io_mode, foo))]) :- access_file('a.pl', foo).
test(access_var, [error(instantiation_error)]) :- access_file('a.pl', _).
test(same) :- tree(D),
    path(D, 'a.pl', F), path(D, 'sub/../a.pl', G), same_file(F, G).
test(same_missing, [fail]) :- same_file(nofile_a, nofile_b).
test(rename) :- tree(D),
    path(D, 'c.txt', F), path(D, 'd.txt', G),
    rename_file(F, G), \+ exists_file(F), exists_file(G), rename_file(G, F).
test(rename_missing, [error(existence_error(file, F), _)]) :- tree(D),
    path(D, nofile, F), rename_file(F, nofile2).
test(delete_dir) :- tree(D),
    path(D, empty, E), make_directory(E), delete_directory(E), \+ exists_directory(E).
test(delete_dir_missing, [error(existence_error(directory, E), _)]) :- tree(D),
    path(D, nodir, E), delete_directory(E).
test(delete_dir_full, [error(permission_error(delete, directory, S), _)]) :- tree(D),
    path(D, sub, S), delete_directory(S).
test(absolute) :- is_absolute_file_name('/a'), \+ is_absolute_file_name(a),
    \+ is_absolute_file_name('~/a').
test(absolute_type, [error(type_error(text, 1))]) :- is_absolute_file_name(1).

:- end_tests(file_props).

:- begin_tests(absolute_file_name, [setup(make_tree), cleanup(remove_tree)]).

test(plain) :- tree(D), absolute_file_name(a, F, [relative_to(D)]), path(D, a, F).
test(dots) :- absolute_file_name('/a/b/../c/./d', F), F == '/a/c/d'.
test(extensions) :- tree(D),
    absolute_file_name(a, F, [relative_to(D), extensions([pl]), access(read)]),
    path(D, 'a.pl', F).
test(prolog) :- tree(D),
    absolute_file_name(a, F, [relative_to(D), file_type(prolog), access(read)]),
    path(D, 'a.pl', F).
test(no_check) :- tree(D),
    absolute_file_name(zz, F, [relative_to(D), file_type(prolog)]), path(D, 'zz.pl', F).
test(missing, [error(existence_error(source_sink, zz), _)]) :- tree(D),
    absolute_file_name(zz, _, [relative_to(D), file_type(prolog), access(read)]).
test(missing_fail, [fail]) :- tree(D),
    absolute_file_name(zz, _, [relative_to(D), access(read), file_errors(fail)]).
test(relative_to_dir) :- absolute_file_name(a, F, [relative_to('/tmp')]), F == '/tmp/a'.
test(relative_to_file) :- tree(D),
    path(D, 'sub/x.pl', X),
    absolute_file_name(x, F, [relative_to(X), extensions([pl]), access(read)]),
    F == X.
test(all) :- tree(D),
    findall(F, absolute_file_name(c, F, [relative_to(D), extensions([pl, txt, '']), access(exist), solutions(all)]), L),
    path(D, 'c.txt', C), L == [C].
test(directory) :- tree(D),
    absolute_file_name(sub, F, [relative_to(D), file_type(directory)]), path(D, sub, F).
test(not_directory, [error(existence_error(source_sink, a), _)]) :- tree(D),
    absolute_file_name(a, _, [relative_to(D), file_type(directory)]).
test(dir_not_file, [error(existence_error(source_sink, sub), _)]) :- tree(D),
    absolute_file_name(sub, _, [relative_to(D), access(read)]).
test(alias) :- tree(D),
    setup_call_cleanup(asserta(user:file_search_path(sys_test_alias, D), Ref),
        absolute_file_name(sys_test_alias('sub/x'), F, [file_type(prolog), access(read)]),
        erase(Ref)),
    path(D, 'sub/x.pl', F).
test(expand_alias, [nondet]) :-
    setup_call_cleanup(asserta(user:file_search_path(sys_test_alias, '/x'), Ref),
        expand_file_search_path(sys_test_alias(a/b), P),
        erase(Ref)),
    P == '/x/a/b'.
test(unknown_alias, [fail]) :- absolute_file_name(no_such_alias_xyz(bar), _).
test(var, [error(instantiation_error)]) :- absolute_file_name(_, _).
test(access_domain, [error(domain_error(io_mode, foo), _)]) :-
    absolute_file_name(a, _, [access(foo)]).
test(type_domain, [error(domain_error(file_type, foo), _)]) :-
    absolute_file_name(a, _, [file_type(foo)]).
test(solutions_domain, [error(domain_error(solutions, foo), _)]) :-
    absolute_file_name(a, _, [solutions(foo)]).
test(options_type, [error(type_error(options, foo), _)]) :-
    absolute_file_name(a, _, foo).
test(extensions_type, [error(type_error(list, foo), _)]) :-
    absolute_file_name(a, _, [extensions(foo)]).

:- end_tests(absolute_file_name).

:- begin_tests(wildcards, [setup(make_tree), cleanup(remove_tree)]).

test(star) :- tree(D), path(D, '*.pl', P), expand_file_name(P, L0), strip(D, L0, L), L == ['a.pl', 'b.pl'].
test(braces) :- tree(D), path(D, '{a,zz}.pl', P), expand_file_name(P, L0), strip(D, L0, L), L == ['a.pl'].
test(class) :- tree(D), path(D, '[ab].pl', P), expand_file_name(P, L0), strip(D, L0, L), L == ['a.pl', 'b.pl'].
test(nested) :- tree(D), path(D, '*/*.pl', P), expand_file_name(P, L0), strip(D, L0, L), L == ['sub/x.pl'].
test(no_match) :- tree(D), path(D, 'nomatch*', P), expand_file_name(P, L0), strip(D, L0, L), L == [].
test(plain) :- tree(D), path(D, 'zz.pl', P), expand_file_name(P, L0), strip(D, L0, L), L == ['zz.pl'].
test(home) :- getenv('HOME', H), expand_file_name('~', L), L == [H].
test(env) :- getenv('HOME', H), expand_file_name('$HOME/x', L), atom_concat(H, '/x', X), L == [X].
test(no_var, [error(existence_error(variable, 'NO_SUCH_VAR_XYZ'), _)]) :-
    expand_file_name('$NO_SUCH_VAR_XYZ/x', _).
test(expand_type, [error(type_error(text, f(x)))]) :- expand_file_name(f(x), _).
test(match) :- wildcard_match('*.pl', 'a.pl'), \+ wildcard_match('*.pl', 'a.txt').
test(match_class) :- wildcard_match('[a-c]x', bx), \+ wildcard_match('[a-c]x', dx).
test(match_alt) :- wildcard_match('{ab,cd}', cd).
test(match_any) :- wildcard_match('a?c', abc), \+ wildcard_match('a?c', ac).
test(match_escape) :- wildcard_match('a\\*c', 'a*c'), \+ wildcard_match('a\\*c', abc).
test(match_slash) :- wildcard_match('*', 'a/b').
test(match_case) :- \+ wildcard_match('A*', abc), wildcard_match('A*', abc, [case_sensitive(false)]).
test(match_unmatched, [error(syntax_error(_), _)]) :- wildcard_match('[a-', a).
test(match_var, [error(instantiation_error)]) :- wildcard_match(_, abc).
test(match_bool, [error(type_error(bool, foo))]) :-
    wildcard_match(a, a, [case_sensitive(foo)]).
test(os_name) :- prolog_to_os_filename(a, X), prolog_to_os_filename(Y, '/x/y'),
    X-Y == a-'/x/y'.
test(read_link) :- tree(D),
    path(D, 'a.pl', A), path(D, lnk, L),
    format(atom(Cmd), "ln -s a.pl '~w'", [L]), shell(Cmd),
    read_link(L, Link, Target), delete_file(L),
    Link-Target == 'a.pl'-A.
test(not_link, [fail]) :- tree(D), path(D, 'a.pl', A), read_link(A, _, _).
test(gc_cache) :- gc_file_search_cache(0).
test(gc_cache_type, [error(type_error(evaluable, x/0), _)]) :- gc_file_search_cache(x).

:- end_tests(wildcards).

:- begin_tests(directories_of_the_system).
test(dir_name_trailing_slash, D-B == a-b) :-
    file_directory_name('a/b/', D), file_base_name('a/b/', B).
test(dir_name_root, D-B == (/)-(/)) :-
    file_directory_name(/, D), file_base_name(/, B).
test(dir_name_double_slash, D1-D2 == a-(/)) :-
    file_directory_name('a//b', D1), file_directory_name('//a', D2).
test(dir_name_slashes_only, D-B == '.'-a) :-
    file_directory_name('a///', D), file_base_name('a///', B).
test(working_directory) :-
    working_directory(Old, Old),
    assertion(sub_atom(Old, _, 1, 0, /)),
    tmp_file(wd, Dir), make_directory(Dir),
    working_directory(Old2, Dir),
    assertion(Old2 == Old),
    working_directory(Here, Here),
    working_directory(_, Old),
    delete_directory(Dir),
    atom_concat(Dir, /, Expected),
    assertion(Here == Expected).
test(working_directory_same) :-
    working_directory(D, D), working_directory(D, ''), working_directory(D2, D2),
    assertion(D2 == D).
test(working_directory_missing, E == existence_error(directory, '/nonexistent_kl')) :-
    catch(working_directory(_, '/nonexistent_kl'), error(E, _), true).
test(working_directory_other, fail) :-
    working_directory(foo, foo).
test(chdir) :-
    working_directory(Old, Old),
    chdir('/'), working_directory(R, R),
    chdir(Old),
    assertion(R == /).
test(directory_files_missing, E == existence_error(file, '/nonexistent_kl')) :-
    catch(directory_files('/nonexistent_kl', _), error(E, _), true).
test(make_directory_exists, E == existence_error(directory, '/tmp')) :-
    catch(make_directory('/tmp'), error(E, _), true).
test(make_directory_no_parent, E == existence_error(directory, '/nonexistent_kl/x')) :-
    catch(make_directory('/nonexistent_kl/x'), error(E, _), true).
test(pid_flag) :-
    current_prolog_flag(pid, P), assertion((integer(P), P > 0)).
test(path_search_path) :-
    assertion(once(user:file_search_path(path, _))),
    absolute_file_name(path(sh), Sh, [access(execute)]),
    assertion(exists_file(Sh)).
test(prolog_file_type, E == pl) :-
    user:prolog_file_type(E, prolog), !.
:- end_tests(directories_of_the_system).
