/*  library(shell): Unix-like shell commands at the Prolog prompt, for
    knightlog.

    Written for knightlog from SWI-Prolog's documentation and observed
    behaviour (SWI-Prolog 9): listings and directories are printed as
    messages (shell(file_set(Names)) and format/2 terms of kind
    information), laid out in columns as SWI-Prolog lays them out.
*/

:- module(shell,
          [ shell/0,
            ls/0,
            ls/1,                       % +Pattern
            cd/0,
            cd/1,                       % +Dir
            pushd/0,
            pushd/1,                    % +Dir
            dirs/0,
            pwd/0,
            popd/0,
            mv/2,                       % +File1, +File2
            rm/1                        % +File
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).

:- dynamic(dir_stack/1).

%!  shell is det.
%
%   Runs an interactive shell: the Prolog flag shell, $SHELL or the flag
%   posix_shell, whichever is found first.

shell :-
    (   current_prolog_flag(shell, Shell) -> true
    ;   getenv('SHELL', Shell) -> true
    ;   current_prolog_flag(posix_shell, Shell) -> true
    ;   existence_error(config, shell)
    ),
    shell(Shell).

%!  ls is det.
%!  ls(+Pattern) is semidet.
%
%   Lists the working directory, the directory Pattern names or the files
%   it matches, as `ls -F`: directories end in /, hidden files are left out.

ls :-
    ls('.').

ls(Spec) :-
    must_be(nonvar, Spec),
    must_be(atomic, Spec),
    format(atom(Pattern), '~w', [Spec]),
    expand_file_name(Pattern, Matches),
    (   Matches == []
    ->  print_message(warning, format('No match: ~w', [Pattern])),
        fail
    ;   Matches = [Dir], exists_directory(Dir)
    ->  directory_files(Dir, Entries),
        exclude(hidden, Entries, Visible),
        maplist(tag_dir(Dir), Visible, Tagged),
        msort(Tagged, Names),
        print_message(information, shell(file_set(Names)))
    ;   Matches = [File], \+ exists_file(File)
    ->  print_message(warning, format('"~w" does not exist', [File])),
        fail
    ;   maplist(tag_dir('.'), Matches, Names),
        print_message(information, shell(file_set(Names)))
    ).

hidden(Name) :-
    sub_atom(Name, 0, _, _, '.').

tag_dir(Dir, Name, Tagged) :-
    (   Dir == '.' -> Path = Name ; atomic_list_concat([Dir, /, Name], Path) ),
    (   exists_directory(Path)
    ->  atom_concat(Name, /, Tagged)
    ;   Tagged = Name
    ).

%!  cd is det.
%!  cd(+Dir) is semidet.
%
%   Changes the working directory to Dir (a pattern matching one), or
%   home.

cd :-
    cd('~').

cd(Spec) :-
    one_dir(Spec, Dir),
    working_directory(_, Dir).

one_dir(Spec, Dir) :-
    must_be(nonvar, Spec),
    format(atom(Pattern), '~w', [Spec]),
    expand_file_name(Pattern, Matches),
    (   Matches = [Dir0], exists_directory(Dir0)
    ->  Dir = Dir0
    ;   Matches = [Dir0]
    ->  print_message(warning, format('"~w" does not exist', [Dir0])),
        fail
    ;   Matches == []
    ->  print_message(warning, format('No match: ~w', [Pattern])),
        fail
    ;   print_message(warning, format('Ambiguous: ~w', [Pattern])),
        fail
    ).

%!  pwd is det.
%
%   Prints the working directory.

pwd :-
    working_directory(Dir, Dir),
    print_message(information, format('~w', [Dir])).

%!  pushd is semidet.
%!  pushd(+Dir) is semidet.
%!  popd is semidet.
%!  dirs is det.
%
%   The directory stack: pushd/1 is cd/1 remembering the directory left,
%   popd/0 goes back to it, dirs/0 prints the working directory and the
%   stack.  pushd/0 is pushd(+1), which (as in SWI-Prolog 9.0) finds no
%   match.

pushd :-
    pushd(+1).

pushd(+N) :-
    integer(N), !,
    print_message(warning, format('No match: ~w', [+N])),
    fail.
pushd(Spec) :-
    one_dir(Spec, Dir),
    current_dir(Here),
    working_directory(_, Dir),
    asserta(dir_stack(Here)).

popd :-
    (   retract(dir_stack(Dir))
    ->  working_directory(_, Dir),
        home_short(Dir, Short),
        print_message(information, format('~w', [Short]))
    ;   print_message(warning, format('Directory stack empty', [])),
        fail
    ).

dirs :-
    current_dir(Here),
    findall(D, dir_stack(D), Stack),
    maplist(home_short, [Here|Stack], Names),
    print_message(information, shell(file_set(Names))).

current_dir(Dir) :-
    working_directory(Dir0, Dir0),
    (   Dir0 \== /, atom_concat(Dir, /, Dir0)
    ->  true
    ;   Dir = Dir0
    ).

home_short(Dir, Short) :-
    (   expand_file_name('~', [Home]),
        atom_concat(Home, Rest, Dir),
        ( Rest == '' ; sub_atom(Rest, 0, 1, _, /) )
    ->  atom_concat('~', Rest, Short)
    ;   Short = Dir
    ).

%!  mv(+From, +To) is det.
%
%   Renames the files From matches (expand_file_name/2) to To, or moves
%   them into To when it is a directory.

mv(From, To) :-
    must_be(nonvar, To),
    existing_files(From, _, Files),
    (   exists_directory(To)
    ->  forall(member(F, Files),
               ( file_base_name(F, Base),
                 atomic_list_concat([To, /, Base], Dest),
                 rename_file(F, Dest) ))
    ;   Files = [File]
    ->  rename_file(File, To)
    ;   existence_error(directory, To)
    ).

%!  rm(+File) is semidet.
%
%   Deletes the file File names (a pattern of expand_file_name/2 that
%   matches one file).

rm(Spec) :-
    existing_files(Spec, Pattern, Files),
    (   Files = [File]
    ->  delete_file(File)
    ;   print_message(warning, format('Ambiguous: ~w', [Pattern])),
        fail
    ).

% The files Spec matches; a warning and failure if there are none.
existing_files(Spec, Pattern, Files) :-
    must_be(nonvar, Spec),
    format(atom(Pattern), '~w', [Spec]),
    expand_file_name(Pattern, Files),
    (   Files = [File], \+ exists_file(File), \+ exists_directory(File)
    ->  print_message(warning, format('"~w" does not exist', [File])),
        fail
    ;   Files == []
    ->  print_message(warning, format('No match: ~w', [Pattern])),
        fail
    ;   true
    ).

% Names in columns over a line of 80: as many as fit, each its widest
% name and 3 spaces wide at least, filled column by column.
:- multifile prolog:message//1.

% (The helper is qualified: the clause belongs to module prolog.)
prolog:message(shell(file_set(Names))) -->
    { shell:file_set_lines(Names, Lines) },
    Lines.

file_set_lines([], []) :- !.
file_set_lines(Names, Lines) :-
    Width = 80,
    foldl(max_length, Names, 0, Max),
    Cols0 is max(1, Width // (Max + 3)),
    ColW is Width // Cols0,
    length(Names, N),
    Rows is (N + Cols0 - 1) // Cols0,
    numlist_(0, Rows, RowIds),
    maplist(row_cells(Names, Rows, Cols0, ColW), RowIds, RowLines),
    join_rows(RowLines, Lines).

max_length(Name, M0, M) :-
    atom_length(Name, L),
    M is max(M0, L).

numlist_(N, N, []) :- !.
numlist_(I, N, [I|Is]) :-
    I1 is I + 1,
    numlist_(I1, N, Is).

row_cells(Names, Rows, Cols, ColW, Row, Cells) :-
    findall(Cell,
            ( Last is Cols - 1,
              between(0, Last, C),
              I is C * Rows + Row,
              nth0(I, Names, Name),
              (   C =:= Cols - 1
              ->  Cell = '~w'-[Name]
              ;   Cell = '~|~w~t~*+'-[Name, ColW]
              ) ),
            Cells).

join_rows([Row], Row) :- !.
join_rows([Row|Rows], Lines) :-
    append(Row, [nl|Rest], Lines),
    join_rows(Rows, Rest).
