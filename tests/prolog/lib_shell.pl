% library(shell): ls/0,1 (the column layout of its listing), cd/0,1, pwd/0,
% the directory stack, mv/2, rm/1, in directories the tests make.  The
% printed messages are captured by message_hook/3.  Runs unchanged under
% SWI-Prolog and knightlog.
:- use_module(library(plunit)).
:- use_module(library(shell)).
:- use_module(library(filesex)).
:- use_module(library(lists)).

:- dynamic capturing/0, captured/2.
:- multifile user:message_hook/3.
:- dynamic user:message_hook/3.

user:message_hook(_, Kind, Lines) :-
    capturing,
    memberchk(Kind, [information, informational, warning]),
    with_output_to(string(Text), print_message_lines(current_output, '', Lines)),
    assertz(captured(Kind, Text)).

% What Goal printed (Kind-Text, one a message), and whether it succeeded.
printed(Goal, Msgs, Result) :-
    retractall(captured(_, _)),
    setup_call_cleanup(assertz(capturing),
                       ( catch(Goal, E, true) -> true ; E = failed ),
                       retractall(capturing)),
    findall(K-T, retract(captured(K, T)), Msgs),
    (   var(E) -> Result = true ; Result = E ).

% Goal run in a fresh directory with Files (names ending in / are made as
% directories), which is deleted after.
in_dir(Files, Goal) :-
    tmp_file(sh, Dir),
    make_directory(Dir),
    forall(member(F, Files), make_entry(Dir, F)),
    working_directory(Old, Dir),
    setup_call_cleanup(true, Goal,
                       ( working_directory(_, Old),
                         delete_directory_and_contents(Dir) )).

make_entry(Dir, F) :-
    atomic_list_concat([Dir, /, F], Path),
    (   sub_atom(F, _, 1, 0, /)
    ->  make_directory(Path)
    ;   setup_call_cleanup(open(Path, write, S), true, close(S))
    ).

numbered(Prefix, N, Names) :-
    findall(F, ( between(1, N, I), atom_concat(Prefix, I, F) ), Names).

:- begin_tests(ls).
test(short_names, M == [information-"a   b   c   \n"]) :-
    in_dir([a, b, c], printed(ls, M, true)).
test(mixed, M == [information-Expected]) :-
    in_dir(['a.pl', 'b.txt', '.hidden', 'with space', 'verylongfilename_number_one.txt',
            x, y, z, 'sub/', 'dir2/'],
           printed(ls, M, true)),
    atomic_list_concat(
        [ 'a.pl                                    with space\n',
          'b.txt                                   x\n',
          'dir2/                                   y\n',
          'sub/                                    z\n',
          'verylongfilename_number_one.txt         \n' ], E),
    atom_string(E, Expected).
test(many_columns, M == [information-Expected]) :-
    numbered(f, 30, Files),
    in_dir(Files, printed(ls, M, true)),
    atomic_list_concat(
        [ 'f1    f12   f15   f18   f20   f23   f26   f29   f4    f7    \n',
          'f10   f13   f16   f19   f21   f24   f27   f3    f5    f8    \n',
          'f11   f14   f17   f2    f22   f25   f28   f30   f6    f9    \n' ], E),
    atom_string(E, Expected).
test(full_rows, M == [information-Expected]) :-
    numbered(name_of_length_, 12, Files),
    in_dir(Files, printed(ls, M, true)),
    atomic_list_concat(
        [ 'name_of_length_1    name_of_length_12   name_of_length_4    name_of_length_7\n',
          'name_of_length_10   name_of_length_2    name_of_length_5    name_of_length_8\n',
          'name_of_length_11   name_of_length_3    name_of_length_6    name_of_length_9\n' ], E),
    atom_string(E, Expected).
test(wider_than_line, M == [information-Expected]) :-
    length(As, 90), maplist(=(a), As), atom_chars(Long, As),
    in_dir([Long, b], printed(ls, M, true)),
    format(string(Expected), "~w~nb~n", [Long]).
test(pattern, M == [information-"a.pl   \n"]) :-
    in_dir(['a.pl', 'b.txt'], printed(ls('*.pl'), M, true)).
test(string_pattern, M == [information-"b.txt   \n"]) :-
    in_dir(['a.pl', 'b.txt'], printed(ls("*.txt"), M, true)).
test(directory, M == [information-"c   \n"]) :-
    in_dir(['sub/', 'sub/c'], printed(ls(sub), M, true)).
test(directories_matched, M == [information-"sub1/   sub2/   \n"]) :-
    in_dir(['sub1/', 'sub2/'], printed(ls('sub*'), M, true)).
test(paths_matched, M == [information-"sub/c   sub/d   \n"]) :-
    in_dir(['sub/', 'sub/c', 'sub/d'], printed(ls('sub/*'), M, true)).
test(empty_directory, M == [information-"\n"]) :-
    in_dir(['sub/'], printed(ls(sub), M, true)).
test(no_match, M-R == [warning-"No match: *.none\n"]-failed) :-
    in_dir([a], printed(ls('*.none'), M, R)).
test(missing, M-R == [warning-"\"nonexist\" does not exist\n"]-failed) :-
    in_dir([a], printed(ls(nonexist), M, R)).
test(number, M-R == [warning-"\"5\" does not exist\n"]-failed) :-
    in_dir([a], printed(ls(5), M, R)).
test(unbound, error(instantiation_error)) :-
    ls(_).
test(list, error(type_error(atomic, [a]))) :-
    ls([a]).
:- end_tests(ls).

:- begin_tests(directories).
test(pwd, M == [information-Expected]) :-
    in_dir([], ( working_directory(D, D), printed(pwd, M, true) )),
    format(string(Expected), "~w~n", [D]).
test(cd_and_back, Here == Expected) :-
    in_dir(['sub/'], ( working_directory(D, D),
                       cd(sub),
                       working_directory(Here, Here),
                       cd('..') )),
    atom_concat(D, 'sub/', Expected).
test(cd_pattern, Here == Expected) :-
    in_dir(['subdir/'], ( working_directory(D, D),
                          cd('sub*'),
                          working_directory(Here, Here),
                          cd('..') )),
    atom_concat(D, 'subdir/', Expected).
test(cd_home, Here == Expected) :-
    expand_file_name('~', [Home]),
    in_dir([], ( cd, working_directory(Here, Here) )),
    atom_concat(Home, /, Expected).
test(cd_missing, M-R == [warning-"\"nonexist\" does not exist\n"]-failed) :-
    in_dir([], printed(cd(nonexist), M, R)).
test(cd_unbound, error(instantiation_error)) :-
    cd(_).
test(stack) :-
    in_dir(['sub/', 'sub/deep/'],
           ( working_directory(D, D), atom_concat(Top, /, D),
             printed(pushd(sub), M1, true),
             assertion(M1 == []),
             printed(pushd(deep), M2, true),
             assertion(M2 == []),
             printed(dirs, M3, true),
             format(atom(Sub), '~w/sub', [Top]),
             format(atom(Deep), '~w/sub/deep', [Top]),
             assertion(M3 = [information-_]),
             M3 = [information-Dirs],
             split_string(Dirs, " \n", " \n", Listed0),
             exclude(==(""), Listed0, Listed),
             maplist(atom_string, [Deep, Sub, Top], Want),
             msort(Listed, L1), msort(Want, W1),
             assertion(L1 == W1),
             printed(popd, M4, true),
             format(string(S4), "~w~n", [Sub]),
             assertion(M4 == [information-S4]),
             printed(popd, M5, true),
             format(string(S5), "~w~n", [Top]),
             assertion(M5 == [information-S5]),
             working_directory(Back, Back),
             assertion(Back == D),
             printed(popd, M6, R6),
             assertion(M6-R6 == [warning-"Directory stack empty\n"]-failed) )).
test(pushd_swap_finds_no_match, M-R == [warning-"No match: +1\n"]-failed) :-
    in_dir([], printed(pushd, M, R)).
:- end_tests(directories).

:- begin_tests(mv_rm).
test(mv_rename) :-
    in_dir([x], ( mv(x, y),
                  assertion(\+ exists_file(x)),
                  assertion(exists_file(y)) )).
test(mv_into_directory) :-
    in_dir([x, 'sub/'], ( mv(x, sub),
                          assertion(exists_file('sub/x')) )).
test(mv_pattern_into_directory) :-
    in_dir(['a.pl', 'b.pl', c, 'sub/'],
           ( mv('*.pl', sub),
             directory_files(sub, Fs), msort(Fs, Sorted),
             assertion(Sorted == ['.', '..', 'a.pl', 'b.pl']),
             assertion(exists_file(c)) )).
test(mv_missing, M-R == [warning-"\"nonexist\" does not exist\n"]-failed) :-
    in_dir([], printed(mv(nonexist, q), M, R)).
test(mv_to_missing_directory, E == existence_error(file, z)) :-
    in_dir([z], catch(mv(z, '/nonexistent_dir_kl/q'), error(E, _), true)).
test(mv_unbound, error(instantiation_error)) :-
    mv(_, q).
test(rm) :-
    in_dir([x, y], ( rm(x),
                     assertion(\+ exists_file(x)),
                     assertion(exists_file(y)) )).
test(rm_pattern) :-
    in_dir(['b.txt', d], ( rm('*.txt'),
                           directory_files('.', Fs), msort(Fs, Sorted),
                           assertion(Sorted == ['.', '..', d]) )).
test(rm_ambiguous, M-R == [warning-"Ambiguous: *.txt\n"]-failed) :-
    in_dir(['b.txt', 'c.txt'], printed(rm('*.txt'), M, R)).
test(rm_missing, M-R == [warning-"\"nonexist\" does not exist\n"]-failed) :-
    in_dir([], printed(rm(nonexist), M, R)).
test(rm_directory, E == permission_error(delete, file, sub)) :-
    in_dir(['sub/', 'sub/x'], catch(rm(sub), error(E, _), true)).
test(rm_unbound, error(instantiation_error)) :-
    rm(_).
:- end_tests(mv_rm).
