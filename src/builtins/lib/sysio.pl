% System predicates of SWI-Prolog's stream and file family written in
% Prolog: Edinburgh character I/O (get/put/skip), absolute_file_name/2,3
% with file_search_path/2 aliases, and small wrappers over the builtins of
% builtins/stream_read.rs, stream_pos.rs and files.rs.
%
% Tested by: tests/prolog/sys_streams.pl, tests/prolog/sys_files.pl.

% Edinburgh character I/O: on the current input and output, which see/1
% and tell/1 set.
:- '$doc'("get0(-Code)", "Edinburgh: read the next character code from the current input (-1 at the end).").
get0(C) :- get_code(C0), C = C0.
:- '$doc'("get0(+Stream, -Code)", "Edinburgh: read the next character code from Stream (-1 at the end).").
get0(S, C) :- get_code(S, C0), C = C0.
:- '$doc'("get(-Code)", "Edinburgh: read the next non-blank character code from the current input (-1 at the end).").
get(C) :- current_input(S), get(S, C).
:- '$doc'("get(+Stream, -Code)", "Edinburgh: read the next non-blank character code from Stream (-1 at the end).").
get(S, C) :- get_code(S, C0), '$get_nonblank'(S, C0, C1), C = C1.
'$get_nonblank'(S, C0, C) :-
    (   C0 >= 0, code_type(C0, space)
    ->  get_code(S, C1), '$get_nonblank'(S, C1, C)
    ;   C = C0
    ).
:- '$doc'("put(+Char)", "Edinburgh: write Char, a character code or a one-character atom, to the current output.").
put(C) :- current_output(S), put(S, C).
:- '$doc'("put(+Stream, +Char)", "Edinburgh: write Char, a character code or a one-character atom, to Stream.").
put(S, C) :- '$edinburgh_code'(C, Code), put_code(S, Code).
:- '$doc'("skip(+Code)", "Edinburgh: read the current input up to and including Code (a code or a character), or to its end.").
skip(C) :- current_input(S), skip(S, C).
:- '$doc'("skip(+Stream, +Code)", "Edinburgh: read Stream up to and including Code (a code or a character), or to its end.").
skip(S, C) :- '$edinburgh_code'(C, Code), '$skip'(S, Code).
'$skip'(S, Code) :-
    get_code(S, C0),
    (   ( C0 =:= -1 ; C0 =:= Code )
    ->  true
    ;   '$skip'(S, Code)
    ).
'$edinburgh_code'(C, Code) :-
    (   var(C)
    ->  throw(error(instantiation_error, _))
    ;   integer(C), C >= 0
    ->  Code = C
    ;   atom(C), atom_length(C, 1)
    ->  char_code(C, Code)
    ;   throw(error(type_error(character, C), _))
    ).

:- '$doc'("load_files(:Files)", "Load the source file or list of Files as consult/1 does.").
load_files(Files) :- load_files(Files, []).

:- '$doc'("source_location(-File, -Line)", "While a file is being loaded: File and Line of the term read last.").
source_location(File, Line) :- '$source_location'(File, Line).

:- '$doc'("format_time(+Out, +Format, +Stamp, +Locale)", "As format_time/3 in Locale; knightlog knows the posix locale only.").
format_time(Out, Format, When, Locale) :-
    (   var(Locale)
    ->  throw(error(instantiation_error, context(system:format_time/4, _)))
    ;   \+ atom(Locale)
    ->  throw(error(type_error(atom, Locale), context(system:format_time/4, _)))
    ;   Locale == posix
    ->  format_time(Out, Format, When)
    ;   throw(error(domain_error(locale, Locale), context(system:format_time/4, _)))
    ).

:- '$doc'("write_length(+Term, -Length, +Options)", "Length is the number of characters write_term/2 with Options writes for Term; option max_length(N) fails if it is more.").
write_length(Term, Length, Options) :-
    '$skip_list'(Options, Tail),
    (   Tail == []
    ->  true
    ;   var(Tail)
    ->  throw(error(instantiation_error, _))
    ;   throw(error(type_error(list, Options), _))
    ),
    (   memberchk(max_length(Max), Options)
    ->  (   integer(Max) -> true
        ;   var(Max) -> throw(error(instantiation_error, _))
        ;   throw(error(type_error(integer, Max), _))
        )
    ;   Max = infinite
    ),
    '$write_options'(Options, WOpts),
    with_output_to(string(S), write_term(Term, WOpts)),
    string_length(S, Len),
    (   Max == infinite -> true ; Len =< Max ),
    Length = Len.
'$write_options'([], []).
'$write_options'([O|Os], W) :-
    (   O = max_length(_)
    ->  W = W1
    ;   W = [O|W1]
    ),
    '$write_options'(Os, W1).

:- '$doc'("read_clause(+Stream, -Term, +Options)", "Read a clause from Stream as read_term/3 does; a syntax error is reported and the next clause read.").
read_clause(S, Term, Options) :-
    catch(read_term(S, T0, Options), error(syntax_error(E), Ctx), true),
    (   var(E)
    ->  Term = T0
    ;   print_message(error, error(syntax_error(E), Ctx)),
        read_clause(S, Term, Options)
    ).

:- '$doc'("fast_term_serialized(?Term, ?String)", "String is a serialization of Term that fast_term_serialized(-, +) turns back into a copy of Term.").
fast_term_serialized(Term, String) :-
    (   var(String)
    ->  format(string(String), "~k", [Term])
    ;   string(String)
    ->  term_string(T, String),
        Term = T
    ;   throw(error(type_error(string, String), _))
    ).

% fast_write/2 writes '$fast'(Term) canonically, one term a line, and
% fast_read/2 reads it back (knightlog's own format: SWI's is internal).
:- '$doc'("fast_write(+Output, +Term)", "Write Term to the binary stream Output in a form fast_read/2 reads back.").
fast_write(S, Term) :-
    '$fast_stream'(S, write),
    format(S, "~k.~n", ['$fast'(Term)]).
:- '$doc'("fast_read(+Input, -Term)", "Read a term fast_write/2 wrote from the binary stream Input; end_of_file at its end.").
fast_read(S, Term) :-
    '$fast_stream'(S, read),
    current_prolog_flag(double_quotes, DQ),
    setup_call_cleanup(set_prolog_flag(double_quotes, string),
                       catch(read_term(S, T0, []), error(syntax_error(_), _),
                             T0 = '$fast_bad'),
                       set_prolog_flag(double_quotes, DQ)),
    (   T0 == end_of_file
    ->  Term = end_of_file
    ;   nonvar(T0), T0 = '$fast'(T)
    ->  Term = T
    ;   line_count(S, L), line_position(S, LP), character_count(S, C),
        throw(error(syntax_error(fastrw_magic_expected), stream(S, L, LP, C)))
    ).

:- '$doc'("gc_file_search_cache(+Time)", "Forget cached file_search_path/2 results older than Time seconds; knightlog caches none.").
gc_file_search_cache(Time) :- _ is Time.

% File search paths: user:file_search_path/2 (dynamic, multifile).
:- dynamic(user:file_search_path/2).
:- multifile(user:file_search_path/2).
user:file_search_path(library, Dir) :- getenv('KNIGHTLOG_LIBRARY_DIR', Dir).
% The extensions of the file types (absolute_file_name/3, directory_member/3).
:- dynamic(user:prolog_file_type/2).
:- multifile(user:prolog_file_type/2).
user:prolog_file_type(pl, prolog).
user:prolog_file_type(prolog, prolog).
user:prolog_file_type(qlf, prolog).
user:prolog_file_type(qlf, qlf).
user:prolog_file_type(so, executable).
user:file_search_path(path, Dir) :-
    getenv('PATH', Path),
    atomic_list_concat(Dirs, :, Path),
    '$member'(Dir, Dirs),
    Dir \== ''.

:- '$doc'("expand_file_search_path(+Spec, -Path)", "Path is Spec with its file_search_path/2 alias expanded: each expansion on backtracking.").
expand_file_search_path(Spec, Path) :-
    (   var(Spec)
    ->  throw(error(instantiation_error, _))
    ;   atomic(Spec)
    ->  Path = Spec
    ;   compound(Spec), functor(Spec, Alias, 1), arg(1, Spec, Sub),
        '$path_segments'(Sub, SubText),
        user:file_search_path(Alias, Exp),
        expand_file_search_path(Exp, Dir),
        atomic_list_concat([Dir, /, SubText], Path)
    ).
'$path_segments'(S, S) :- atomic(S), !.
'$path_segments'(A/B, T) :-
    '$path_segments'(A, TA), '$path_segments'(B, TB),
    atomic_list_concat([TA, /, TB], T).

:- '$doc'("absolute_file_name(+Spec, -Absolute)", "Absolute is the absolute file name of Spec (a name or Alias(Path)).").
absolute_file_name(Spec, Path) :- absolute_file_name(Spec, Path, []).
:- '$doc'("absolute_file_name(+Spec, -Absolute, +Options)", "Absolute is an absolute file name for Spec meeting Options: extensions, file_type, access, relative_to, solutions, file_errors, expand.").
absolute_file_name(Spec, Path, Options) :-
    (   var(Spec) -> throw(error(instantiation_error, _)) ; true ),
    '$afn_options'(Options, Opts),
    Opts = afn(Exts, Access, Type, RelTo, Sols, Errors, Expand),
    '$afn_base_dir'(RelTo, Dir),
    findall(F, '$afn_candidate'(Spec, Expand, Dir, Exts, F), Cands),
    Cands \== [],
    (   Sols == first
    ->  (   '$member'(F, Cands), '$afn_ok'(Access, Type, F)
        ->  Path = F
        ;   Errors == fail
        ->  fail
        ;   throw(error(existence_error(source_sink, Spec), _))
        )
    ;   '$member'(F, Cands), '$afn_ok'(Access, Type, F),
        Path = F
    ).

'$afn_options'(Options, afn(Exts, Access, Type, RelTo, Sols, Errors, Expand)) :-
    '$skip_list'(Options, Tail),
    (   Tail == [] -> true
    ;   var(Tail) -> throw(error(instantiation_error, _))
    ;   throw(error(type_error(options, Options), _))
    ),
    '$afn_opt'(Options, access(_), none, Access),
    (   memberchk(Access, [read, write, append, execute, search, exist, none]) -> true
    ;   throw(error(domain_error(io_mode, Access), _))
    ),
    '$afn_opt'(Options, file_type(_), regular, Type),
    (   '$afn_type_exts'(Type, TypeExts) -> true
    ;   throw(error(domain_error(file_type, Type), _))
    ),
    (   memberchk(extensions(E), Options)
    ->  '$afn_exts'(E, Exts)
    ;   Exts = TypeExts
    ),
    '$afn_opt'(Options, relative_to(_), [], RelTo),
    '$afn_opt'(Options, solutions(_), first, Sols),
    (   memberchk(Sols, [first, all]) -> true
    ;   throw(error(domain_error(solutions, Sols), _))
    ),
    '$afn_opt'(Options, file_errors(_), error, Errors),
    (   memberchk(Errors, [error, fail]) -> true
    ;   throw(error(domain_error(file_errors, Errors), _))
    ),
    '$afn_opt'(Options, expand(_), false, Expand).

'$afn_opt'(Options, Opt, Default, Value) :-
    (   memberchk(Opt, Options) -> true ; true ),
    arg(1, Opt, V),
    (   var(V) -> Value = Default ; Value = V ).

'$afn_type_exts'(regular, ['']).
'$afn_type_exts'(txt, ['']).
'$afn_type_exts'(prolog, ['.pl', '']).
'$afn_type_exts'(source, ['.pl', '']).
'$afn_type_exts'(qlf, ['.qlf', '']).
'$afn_type_exts'(executable, ['']).
'$afn_type_exts'(directory, ['']).

'$afn_exts'(E, Exts) :-
    '$skip_list'(E, Tail),
    (   Tail == [] -> true ; throw(error(type_error(list, E), _)) ),
    findall(X, ( '$member'(X0, E), '$afn_ext'(X0, X) ), Exts).
'$afn_ext'(X0, X) :-
    (   atom(X0) -> true ; throw(error(type_error(atom, X0), _)) ),
    (   ( X0 == '' ; sub_atom(X0, 0, 1, _, '.') )
    ->  X = X0
    ;   atom_concat('.', X0, X)
    ).

% The directory relative names are taken from: relative_to/1 (a directory,
% or the directory of a file), the file being loaded, or the working directory.
'$afn_base_dir'(RelTo, Dir) :-
    (   RelTo \== []
    ->  '$absolute_path'(RelTo, [], R),
        (   exists_directory(R) -> Dir = R ; file_directory_name(R, Dir) )
    ;   '$source_location'(File, _)
    ->  file_directory_name(File, Dir)
    ;   Dir = []
    ).

'$afn_candidate'(Spec, Expand, Dir, Exts, F) :-
    (   ( atom(Spec) ; string(Spec) )
    ->  (   Expand == true
        ->  expand_file_name(Spec, Names), '$member'(Name, Names)
        ;   Name = Spec
        )
    ;   compound(Spec), functor(Spec, _, 1)
    ->  expand_file_search_path(Spec, Name)
    ;   fail
    ),
    '$absolute_path'(Name, Dir, Base),
    '$member'(Ext, Exts),
    (   Ext == ''
    ->  F = Base
    ;   file_name_extension(_, Ext, Base)
    ->  F = Base
    ;   atom_concat(Base, Ext, F)
    ).

'$afn_ok'(Access, Type, F) :-
    (   Type == directory
    ->  exists_directory(F),
        ( Access == none -> true ; access_file(F, Access) )
    ;   Access == none
    ->  true
    ;   memberchk(Access, [write, append])
    ->  \+ exists_directory(F), access_file(F, Access)
    ;   exists_file(F), access_file(F, Access)
    ).

:- '$doc'("current_format_predicate(?Code, ?Head)", "Code (a character code) is a format/2 directive defined by format_predicate/2 to call Head (qualified when not in user).").
current_format_predicate(Code, Head) :-
    '$format_predicates'(Defined),
    '$format_pred_member'(Code-Head, Defined).
'$format_pred_member'(X, [X|_]).
'$format_pred_member'(X, [_|T]) :- '$format_pred_member'(X, T).
