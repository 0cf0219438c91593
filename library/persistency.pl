/*  library(persistency): dynamic predicates whose changes are journalled
    to a file, for knightlog. Written from SWI-Prolog's documentation and
    its observed behaviour (9.0.4), not from its source.

    `:- persistent fact(name:atom, age:nonneg).` makes fact/2 dynamic and
    defines assert_fact/2 (type checked), retract_fact/2 and
    retractall_fact/2, which change fact/2 and append a line to the journal
    of the module (db_attach/2). The journal is SWI-Prolog's: a
    `created(Stamp).` line, then `assert(Term).`, `retract(Term).` and
    `retractall(Term, Count).` lines, one term per line, so the files are
    interchangeable.

    Durability: with the default sync(flush), a change is written and
    flushed to the operating system before assert_X/retract_X return, so a
    killed process loses no change that was acknowledged. A journal whose
    last line was torn by a crash loads with a warning for that line (SWI
    raises a syntax error), and the next change starts on a new line.
    db_sync(gc) writes the new journal to File.new and renames it over the
    old one, so a crash during gc leaves one complete journal.
*/

:- module(persistency,
          [ (persistent)/1,             % +Declarations
            current_persistent_predicate/1, % :PI
            db_attach/2,                % :File, +Options
            db_detach/0,
            db_attached/1,              % :File
            db_sync/1,                  % :What
            db_sync_all/1,              % +What
            op(1150, fx, (persistent))
          ]).

:- meta_predicate
    persistent(:),
    current_persistent_predicate(:),
    db_attach(:, +),
    db_attached(:),
    db_sync(:).

% declared(Module, Name, Arity, Types): Types lists the argument types.
% attached(Module, File, Path, Sync, Stream): Stream is `none` when closed.
:- dynamic declared/4, attached/5.

%!  persistent(:Spec) is det.
%
%   Declares the persistent predicates of Spec, a term Name(Arg, ...) or a
%   comma list of them; an Arg is Name:Type or Type (must_be/2 types, any
%   for no check).

persistent(Spec0) :-
    strip_module(Spec0, M, Spec),
    (   var(Spec)
    ->  throw(error(instantiation_error, _))
    ;   Spec = (A, B)
    ->  persistent(M:A),
        persistent(M:B)
    ;   compound(Spec)
    ->  declare(M, Spec)
    ;   throw(error(type_error(compound, Spec), _))
    ).

declare(M, Spec) :-
    functor(Spec, Name, Arity),
    Spec =.. [_|Args],
    maplist(arg_type, Args, Types),
    retractall(declared(M, Name, Arity, _)),
    assertz(declared(M, Name, Arity, Types)),
    dynamic(M:Name/Arity),
    functor(Head, Name, Arity),
    Head =.. [_|Vars],
    atom_concat(assert_, Name, Assert),
    atom_concat(retract_, Name, Retract),
    atom_concat(retractall_, Name, RetractAll),
    AssertHead =.. [Assert|Vars],
    RetractHead =.. [Retract|Vars],
    RetractAllHead =.. [RetractAll|Vars],
    define(M, AssertHead, persistency:'$db_assert'(M, Head)),
    define(M, RetractHead, persistency:'$db_retract'(M, Head)),
    define(M, RetractAllHead, persistency:'$db_retractall'(M, Head)).

arg_type(Arg, Type) :-
    (   nonvar(Arg),
        Arg = _:Type0
    ->  Type = Type0
    ;   Type = Arg
    ).

define(M, Head, Body) :-
    functor(Head, Name, Arity),
    (   predicate_property(M:Head, defined)
    ->  abolish(M:Name/Arity)
    ;   true
    ),
    assertz(M:(Head :- Body)).

%!  current_persistent_predicate(:PI) is nondet.
%
%   PI is a persistent predicate of the module or one of its assert_,
%   retract_ and retractall_ predicates.

current_persistent_predicate(Spec) :-
    strip_module(Spec, M, PI),
    declared(M, Name, Arity, _),
    (   PI = Name/Arity
    ;   member(Prefix, [assert_, retract_, retractall_]),
        atom_concat(Prefix, Name, P),
        PI = P/Arity
    ).

%!  db_attach(:File, +Options) is det.
%
%   Uses File as the journal of the module's persistent predicates: their
%   clauses are replaced by what File holds (it is created when missing).
%   Option sync(Sync): flush (default: flush after each change), close
%   (close the file after each change) or none (buffered).

db_attach(Spec, Options) :-
    strip_module(Spec, M, File),
    must_be(list, Options),
    (   memberchk(sync(Sync), Options)
    ->  must_be(oneof([close, flush, none]), Sync)
    ;   Sync = flush
    ),
    absolute_file_name(File, Path, [access(none)]),
    (   attached(M, _, Path, _, _)
    ->  retract(attached(M, F0, Path, _, Stream)),
        assertz(attached(M, F0, Path, Sync, Stream))
    ;   (   attached(M, _, _, _, _)
        ->  detach(M)
        ;   true
        ),
        clear(M),
        load_journal(M, Path, Torn),
        assertz(attached(M, File, Path, Sync, none)),
        (   exists_file(Path)
        ->  (   Torn == true
            ->  journal(M, Out),
                nl(Out),
                done(M, Out)
            ;   true
            )
        ;   get_time(Now),
            journal(M, Out),
            write_entry(Out, created(Now)),
            done(M, Out)
        )
    ).

%!  db_attached(:File) is semidet.
%
%   File is the journal of the module.

db_attached(Spec) :-
    strip_module(Spec, M, File),
    attached(M, File, _, _, _).

%!  db_detach is det.
%
%   Closes the journal of the calling module and removes its persistent
%   clauses. (knightlog cannot see its caller's module: the module is the
%   one attached, or `user` when several are.)

db_detach :-
    (   findall(M, attached(M, _, _, _, _), [M])
    ->  true
    ;   M = user
    ),
    (   attached(M, _, _, _, _)
    ->  detach(M),
        clear(M)
    ;   true
    ).

detach(M) :-
    (   retract(attached(M, _, _, _, Stream))
    ->  close_journal(Stream)
    ;   true
    ).

close_journal(Stream) :-
    (   Stream == none
    ->  true
    ;   catch(close(Stream), _, true)
    ).

clear(M) :-
    forall(declared(M, Name, Arity, _),
           ( functor(Head, Name, Arity),
             retractall(M:Head) )).

%!  db_sync(:What) is det.
%
%   gc(Percent): rewrite the journal to hold just the current clauses when
%   more than Percent% of its lines are not current clauses; gc is
%   gc(50) and gc(always) rewrites it anyway;
%   reload: read the journal again; close: close the file (it is opened
%   again at the next change); nop and other values: nothing.

db_sync(Spec) :-
    strip_module(Spec, M, What),
    (   attached(M, _, Path, _, _)
    ->  sync(What, M, Path)
    ;   true
    ).

sync(What, _, _) :-
    var(What),
    !,
    throw(error(instantiation_error, _)).
sync(gc, M, Path) :-
    !,
    sync(gc(50), M, Path).
sync(gc(always), M, Path) :-
    !,
    gc(M, Path).
sync(gc(Percent), M, Path) :-
    !,
    journal_lines(Path, Lines),
    live_clauses(M, Live),
    (   Lines > 0,
        (Lines - Live - 1) * 100 > Percent * Lines
    ->  gc(M, Path)
    ;   true
    ).
sync(reload, M, Path) :-
    !,
    retract(attached(M, File, Path, Sync, Stream)),
    close_journal(Stream),
    clear(M),
    load_journal(M, Path, _),
    assertz(attached(M, File, Path, Sync, none)).
sync(close, M, Path) :-
    !,
    (   retract(attached(M, File, Path, Sync, Stream))
    ->  close_journal(Stream),
        assertz(attached(M, File, Path, Sync, none))
    ;   true
    ).
sync(_, _, _).

%!  db_sync_all(+What) is det.
%
%   db_sync/1 for every module with a journal.

db_sync_all(What) :-
    forall(attached(M, _, _, _, _), db_sync(M:What)).

gc(M, Path) :-
    retract(attached(M, File, Path, Sync, Stream)),
    close_journal(Stream),
    atom_concat(Path, '.new', New),
    get_time(Now),
    setup_call_cleanup(open(New, write, Out, [encoding(utf8)]),
                       persistency:write_clauses(Out, M, Now),
                       close(Out)),
    rename_file(New, Path),
    assertz(attached(M, File, Path, Sync, none)).

write_clauses(Out, M, Now) :-
    write_entry(Out, created(Now)),
    forall(( declared(M, Name, Arity, _),
             functor(Head, Name, Arity),
             clause(M:Head, true) ),
           write_entry(Out, assert(Head))).

journal_lines(Path, N) :-
    (   exists_file(Path)
    ->  read_file_to_string(Path, Text, [encoding(utf8)]),
        split_string(Text, "\n", "", Parts),
        exclude(==(""), Parts, Lines),
        length(Lines, N)
    ;   N = 0
    ).

live_clauses(M, N) :-
    aggregate_all(count,
                  ( declared(M, Name, Arity, _),
                    functor(Head, Name, Arity),
                    clause(M:Head, true) ),
                  N).

%   Changes

'$db_assert'(M, Term) :-
    check_types(M, Term),
    journal(M, Out),
    assertz(M:Term),
    write_entry(Out, assert(Term)),
    done(M, Out).

'$db_retract'(M, Term) :-
    journal(M, Out),
    (   retract(M:Term)
    ->  write_entry(Out, retract(Term)),
        done(M, Out)
    ;   done(M, Out),
        fail
    ).

'$db_retractall'(M, Term) :-
    journal(M, Out),
    aggregate_all(count, M:Term, Count),
    (   Count > 0
    ->  retractall(M:Term),
        write_entry(Out, retractall(Term, Count))
    ;   true
    ),
    done(M, Out).

check_types(M, Term) :-
    functor(Term, Name, Arity),
    declared(M, Name, Arity, Types),
    Term =.. [_|Args],
    maplist(check_type, Types, Args).

check_type(any, _) :- !.
check_type(term, _) :- !.
check_type(Type, Value) :-
    must_be(Type, Value).

% The open journal of M (existence_error(db_file, M) when none).
journal(M, Out) :-
    (   attached(M, File, Path, Sync, Stream)
    ->  (   Stream == none
        ->  open(Path, append, Out, [encoding(utf8)]),
            retract(attached(M, File, Path, Sync, _)),
            assertz(attached(M, File, Path, Sync, Out))
        ;   Out = Stream
        )
    ;   throw(error(existence_error(db_file, M), _))
    ).

% After a change: flush (the change is then safe from a killed process) or
% close, by the sync option.
done(M, Out) :-
    attached(M, File, Path, Sync, _),
    !,
    (   Sync == flush
    ->  flush_output(Out)
    ;   Sync == close
    ->  close(Out),
        retract(attached(M, File, Path, Sync, _)),
        assertz(attached(M, File, Path, Sync, none))
    ;   true
    ).
done(_, _).

% One journal line; variables are written as SWI does (A, B, ..., _ for
% singletons).
write_entry(Out, Term) :-
    \+ \+ ( numbervars(Term, 0, _, [singletons(true)]),
            format(Out, '~q.~n', [Term]) ).

%   Loading a journal, one term per line. A line that does not read (a
%   torn last line after a crash) is skipped with a warning. Torn is true
%   when the file does not end with a newline.

load_journal(M, Path, Torn) :-
    (   exists_file(Path)
    ->  read_file_to_string(Path, Text, [encoding(utf8)]),
        split_string(Text, "\n", "", Lines),
        (   last(Lines, "")
        ->  Torn = false
        ;   Torn = true
        ),
        length(Lines, N),
        load_lines(Lines, 1, N, M, Path)
    ;   Torn = false
    ).

load_lines([], _, _, _, _).
load_lines([Line|Lines], I, N, M, Path) :-
    split_string(Line, "", " \t\r", [Stripped]),
    (   Stripped == ""
    ->  true
    ;   (   sub_string(Stripped, _, 1, 0, "."),
            catch(term_string(Term, Stripped), _, fail)
        ->  replay(Term, M, Path, I)
        ;   print_message(warning, persistency(bad_line(Path, I, Line)))
        )
    ),
    I1 is I + 1,
    load_lines(Lines, I1, N, M, Path).

replay(created(_), _, _, _) :- !.
replay(assert(Term), M, _, _) :-
    declared_term(M, Term),
    !,
    assertz(M:Term).
replay(retract(Term), M, _, _) :-
    declared_term(M, Term),
    !,
    ignore(retract(M:Term)).
replay(retractall(Term, _), M, _, _) :-
    declared_term(M, Term),
    !,
    retractall(M:Term).
replay(Term, _, Path, I) :-
    print_message(warning, persistency(unknown_entry(Path, I, Term))).

declared_term(M, Term) :-
    callable(Term),
    functor(Term, Name, Arity),
    declared(M, Name, Arity, _).

:- multifile prolog:message//1.

prolog:message(persistency(bad_line(Path, I, Line))) -->
    [ '~w:~w: skipped a journal line that does not read (torn by a crash?): ~w'-
      [Path, I, Line] ].
prolog:message(persistency(unknown_entry(Path, I, Term))) -->
    [ '~w:~w: skipped an unknown journal entry: ~q'-[Path, I, Term] ].
