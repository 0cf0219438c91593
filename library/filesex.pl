/*  library(filesex): more operations on files and directories, for knightlog.

    Written for knightlog from SWI-Prolog's documentation and observed
    behaviour (SWI-Prolog 9): the module is files_ex, as in SWI.  The system
    calls are natives of src/builtins/files_ex.rs ('$chmod'/2,
    '$file_mode'/2, '$file_times'/4, '$set_file_times'/3, '$link_file'/3,
    '$file_id'/2).
*/

:- module(files_ex,
          [ set_time_file/3,                % +File, -OldTimes, +NewTimes
            link_file/3,                    % +OldPath, +NewPath, +Type
            chmod/2,                        % +File, +Mode
            relative_file_name/3,           % ?AbsPath, +RelTo, ?RelPath
            directory_file_path/3,          % +Dir, +File, -Path
            directory_member/3,             % +Dir, -Member, +Options
            delete_directory_and_contents/1, % +Dir
            delete_directory_contents/1,    % +Dir
            copy_file/2,                    % +From, +To
            copy_directory/2,               % +From, +To
            make_directory_path/1           % +Directory
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).

%!  set_time_file(+File, -OldTimes, +NewTimes) is det.
%
%   OldTimes are File's times as access(T), modified(T) and changed(T)
%   (float time stamps); NewTimes sets access(T) and modified(T), T a
%   number or `now`.  Other options are ignored.

set_time_file(File, Old, New) :-
    '$file_times'(File, A, M, C),
    (   var(Old)
    ->  Old = [access(A), modified(M), changed(C)]
    ;   maplist(old_time(A, M, C), Old)
    ),
    (   var(New)
    ->  true
    ;   foldl(new_time, New, keep-keep, NA-NM),
        (   NA == keep, NM == keep
        ->  true
        ;   '$set_file_times'(File, NA, NM)
        )
    ).

old_time(A, _, _, access(A)) :- !.
old_time(_, M, _, modified(M)) :- !.
old_time(_, _, C, changed(C)) :- !.
old_time(_, _, _, _).

new_time(access(T), _-M, A-M) :- !, time_value(T, A).
new_time(modified(T), A-_, A-M) :- !, time_value(T, M).
new_time(_, Times, Times).

time_value(T, _) :- var(T), !, instantiation_error(T).
time_value(now, now) :- !.
time_value(T, T) :- number(T), !.
time_value(T, _) :- type_error(time, T).

%!  link_file(+OldPath, +NewPath, +Type) is det.
%
%   Makes NewPath a link to OldPath: Type is `hard` or `symbolic`.

link_file(Old, New, Type) :-
    must_be(atom, Type),
    (   memberchk(Type, [hard, symbolic])
    ->  '$link_file'(Old, New, Type)
    ;   domain_error(link_type, Type)
    ).

%!  chmod(+File, +Spec) is det.
%
%   Sets the permissions of File: Spec is Mode (exactly these), +Mode (add)
%   or -Mode (remove); Mode an integer, a POSIX mode name (suid, sgid,
%   svtx or [ugo]*[rwx]*, no ugo meaning all three) or a list of names.

chmod(File, Spec) :-
    must_be(nonvar, Spec),
    (   Spec = +Mode
    ->  mode_bits(Mode, Bits),
        '$file_mode'(File, Old),
        New is Old \/ Bits
    ;   Spec = -Mode
    ->  mode_bits(Mode, Bits),
        '$file_mode'(File, Old),
        New is Old /\ \Bits
    ;   mode_bits(Spec, New)
    ),
    '$chmod'(File, New).

mode_bits(Mode, _) :- var(Mode), !, instantiation_error(Mode).
mode_bits(Mode, Bits) :- integer(Mode), !, Bits is Mode /\ 0o7777.
mode_bits(List, Bits) :- is_list(List), !, foldl(or_mode, List, 0, Bits).
mode_bits(Name, Bits) :- must_be(atom, Name), mode_name(Name, Bits).

or_mode(Name, B0, B) :-
    must_be(atom, Name),
    mode_name(Name, B1),
    B is B0 \/ B1.

mode_name(suid, 0o4000) :- !.
mode_name(sgid, 0o2000) :- !.
mode_name(svtx, 0o1000) :- !.
mode_name(Name, Bits) :-
    atom_chars(Name, Chars),
    append(Who, What, Chars),
    forall(member(C, Who), memberchk(C, [u, g, o])),
    forall(member(C, What), memberchk(C, [r, w, x])), !,
    (   Who == [] -> Ws = [u, g, o] ; Ws = Who ),
    foldl(who_bits(What), Ws, 0, Bits).
mode_name(Name, _) :-
    domain_error(posix_file_mode, Name).

who_bits(What, Who, B0, B) :-
    who_shift(Who, Shift),
    foldl(what_bit, What, 0, W),
    B is B0 \/ (W << Shift).

who_shift(u, 6).
who_shift(g, 3).
who_shift(o, 0).

what_bit(r, B0, B) :- B is B0 \/ 4.
what_bit(w, B0, B) :- B is B0 \/ 2.
what_bit(x, B0, B) :- B is B0 \/ 1.

%!  relative_file_name(+Path, +RelToFile, -RelPath) is det.
%!  relative_file_name(-Path, +RelToFile, +RelPath) is det.
%
%   RelPath is Path relative to the directory of the file RelToFile (end
%   RelToFile with / to name a directory).  Both are made absolute first.

relative_file_name(Path, RelTo, RelPath) :-
    nonvar(Path), !,
    absolute_file_name(Path, AbsPath),
    absolute_file_name(RelTo, AbsRelTo),
    atomic_list_concat(PathParts, /, AbsPath),
    atomic_list_concat(RelToParts, /, AbsRelTo),
    common_prefix(PathParts, RelToParts, PathRest, RelToRest),
    (   append(Dirs, [_], RelToRest) -> true ; Dirs = [] ),
    maplist(up, Dirs, Ups),
    append(Ups, PathRest, Parts),
    (   Parts == []
    ->  RelPath = '.'
    ;   atomic_list_concat(Parts, /, RelPath)
    ).
relative_file_name(Path, RelTo, RelPath) :-
    (   is_absolute_file_name(RelPath)
    ->  Path = RelPath
    ;   file_directory_name(RelTo, Dir),
        directory_file_path(Dir, RelPath, Path0),
        absolute_file_name(Path0, Path)
    ).

common_prefix([H|T1], [H|T2], R1, R2) :- !,
    common_prefix(T1, T2, R1, R2).
common_prefix(R1, R2, R1, R2).

up(_, '..').

%!  directory_file_path(+Directory, +File, -Path) is det.
%!  directory_file_path(?Directory, ?File, +Path) is det.
%
%   Path is File in Directory, with exactly one / between them (as
%   atom_concat/3 otherwise).  An absolute File is Path itself; in mode
%   (-,-,+) the parts are file_directory_name/2 and file_base_name/2.

directory_file_path(Dir, File, Path) :-
    nonvar(Dir), nonvar(File), !,
    (   ( is_absolute_file_name(File) ; Dir == '.' )
    ->  Path = File
    ;   sub_atom(Dir, _, _, 0, /)
    ->  atom_concat(Dir, File, Path)
    ;   atomic_list_concat([Dir, /, File], Path)
    ).
directory_file_path(Dir, File, Path) :-
    nonvar(Dir), nonvar(Path), !,
    (   Dir == '.', \+ is_absolute_file_name(Path)
    ->  File = Path
    ;   (   sub_atom(Dir, _, _, 0, /)
        ->  Prefix = Dir
        ;   atom_concat(Dir, /, Prefix)
        ),
        atom_concat(Prefix, File, Path)
    ).
directory_file_path(Dir, File, Path) :-
    nonvar(File), nonvar(Path), !,
    atom_concat(Prefix, File, Path),
    (   Prefix == ''
    ->  Dir = ''
    ;   Prefix == /
    ->  Dir = /
    ;   sub_atom(Prefix, B, 1, 0, /),
        sub_atom(Prefix, 0, B, _, Dir)
    ).
directory_file_path(Dir, File, Path) :-
    nonvar(Path), !,
    file_directory_name(Path, Dir),
    file_base_name(Path, File).
directory_file_path(_, _, _) :-
    instantiation_error(_).

%!  directory_member(+Directory, -Member, +Options) is nondet.
%
%   Member is a path in Directory.  Options: recursive(Bool) (false),
%   follow_links(Bool) (true), file_type(Type), extensions(List),
%   file_errors(fail|warning|error) (warning), access(Mode),
%   matches(Glob), exclude(Glob), exclude_directory(Glob), hidden(Bool)
%   (true).  Symbolic links that lead back to a directory already walked
%   are not followed again.  The members are found when the walk starts.

directory_member(Directory, Member, Options) :-
    must_be(list, Options),
    must_be(nonvar, Directory),
    dm_options(Options, Opts),
    dm_walk(Directory, Opts, [], _, Members, []),
    member(Member, Members).

dm_options(Options, dm(Rec, Follow, Exts, Errors, Access, Matches,
                       Exclude, ExclDir, Hidden)) :-
    option_or(recursive(Rec), Options, false),
    option_or(follow_links(Follow), Options, true),
    (   memberchk(extensions(Exts0), Options)
    ->  Exts = Exts0
    ;   memberchk(file_type(Type), Options), Type \== directory
    ->  findall(E, user:prolog_file_type(E, Type), Exts)
    ;   memberchk(file_type(directory), Options)
    ->  Exts = directory
    ;   Exts = any
    ),
    option_or(file_errors(Errors), Options, warning),
    option_or(access(Access), Options, any),
    option_or(matches(Matches), Options, any),
    option_or(exclude(Exclude), Options, none),
    option_or(exclude_directory(ExclDir), Options, none),
    option_or(hidden(Hidden), Options, true).

option_or(Opt, Options, Default) :-
    (   memberchk(Opt, Options)
    ->  true
    ;   arg(1, Opt, Default)
    ).

% dm_walk(+Dir, +Opts, +Seen0, -Seen, -Members, ?Tail): the members of Dir
% in the order they are listed, each before its own members.
dm_walk(Dir, Opts, Seen0, Seen, Members, Tail) :-
    arg(4, Opts, Errors),
    (   catch(directory_files(Dir, Entries), E, dm_error(Errors, E))
    ->  dm_entries(Entries, Dir, Opts, Seen0, Seen, Members, Tail)
    ;   Seen = Seen0,
        Members = Tail
    ).

dm_error(fail, _) :- fail.
dm_error(warning, E) :- print_message(warning, E), fail.
dm_error(error, E) :- throw(E).

dm_entries([], _, _, Seen, Seen, T, T).
dm_entries([E|Es], Dir, Opts, Seen0, Seen, Members, Tail) :-
    directory_file_path(Dir, E, Path),
    (   dm_skip(E, Path, Opts)
    ->  Seen1 = Seen0,
        Members = Members1
    ;   (   dm_listed(E, Path, Opts)
        ->  Members = [Path|Members0]
        ;   Members = Members0
        ),
        dm_descend(E, Path, Opts, Seen0, Seen1, Members0, Members1)
    ),
    dm_entries(Es, Dir, Opts, Seen1, Seen, Members1, Tail).

dm_skip(E, Path, Opts) :-
    (   E == '.' ; E == '..'
    ;   arg(9, Opts, false), sub_atom(E, 0, _, _, '.')
    ;   arg(2, Opts, false), read_link(Path, _, _)
    ), !.

dm_listed(E, Path, dm(_, _, Exts, _, Access, Matches, Exclude, _, _)) :-
    (   Exts == any -> true
    ;   Exts == directory -> exists_directory(Path)
    ;   file_name_extension(_, Ext, E), Ext \== '', memberchk(Ext, Exts)
    ),
    (   Access == any -> true ; access_file(Path, Access) ),
    (   Matches == any -> true ; wildcard_match(Matches, E) ),
    (   Exclude == none -> true ; \+ wildcard_match(Exclude, E) ).

dm_descend(E, Path, Opts, Seen0, Seen, Members, Tail) :-
    arg(1, Opts, true),
    exists_directory(Path),
    arg(8, Opts, ExclDir),
    (   ExclDir == none -> true ; \+ wildcard_match(ExclDir, E) ),
    '$file_id'(Path, Id),
    \+ memberchk(Id, Seen0), !,
    dm_walk(Path, Opts, [Id|Seen0], Seen, Members, Tail).
dm_descend(_, _, _, Seen, Seen, T, T).

%!  delete_directory_and_contents(+Dir) is det.
%
%   Deletes Dir and all it holds.  A symbolic link is deleted, not what it
%   points to.

delete_directory_and_contents(Dir) :-
    (   read_link(Dir, _, _)
    ->  delete_file(Dir)
    ;   delete_directory_contents(Dir),
        delete_directory(Dir)
    ).

%!  delete_directory_contents(+Dir) is det.
%
%   Deletes all Dir holds, but not Dir itself.

delete_directory_contents(Dir) :-
    directory_files(Dir, Entries),
    forall(( member(E, Entries), E \== '.', E \== '..' ),
           ( directory_file_path(Dir, E, Path),
             delete_entry(Path) )).

delete_entry(Path) :-
    (   \+ read_link(Path, _, _), exists_directory(Path)
    ->  delete_directory_and_contents(Path)
    ;   delete_file(Path)
    ).

%!  copy_file(+From, +To) is det.
%
%   Copies the bytes of file From to To, or into To when it is a directory.

copy_file(From, To) :-
    (   nonvar(To), exists_directory(To)
    ->  file_base_name(From, Base),
        directory_file_path(To, Base, Dest)
    ;   Dest = To
    ),
    setup_call_cleanup(
        open(Dest, write, Out, [type(binary), encoding(octet)]),
        setup_call_cleanup(
            open(From, read, In, [type(binary), encoding(octet)]),
            copy_stream_data(In, Out),
            close(In)),
        close(Out)).

%!  copy_directory(+From, +To) is det.
%
%   Copies the contents of directory From into To, recursively (To is made
%   if it does not exist).

copy_directory(From, To) :-
    (   exists_directory(To) -> true ; make_directory(To) ),
    directory_files(From, Entries),
    forall(( member(E, Entries), E \== '.', E \== '..' ),
           ( directory_file_path(From, E, Src),
             directory_file_path(To, E, Dst),
             (   exists_directory(Src)
             ->  copy_directory(Src, Dst)
             ;   copy_file(Src, Dst)
             ) )).

%!  make_directory_path(+Dir) is det.
%
%   Makes Dir and the directories above it that do not exist (mkdir -p).

make_directory_path(Dir) :-
    must_be(nonvar, Dir),
    (   \+ atom(Dir), \+ string(Dir)
    ->  type_error(text, Dir)
    ;   exists_directory(Dir)
    ->  true
    ;   file_directory_name(Dir, Parent),
        (   Parent \== Dir
        ->  make_directory_path(Parent)
        ;   true
        ),
        make_directory(Dir)
    ).
