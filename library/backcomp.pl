% library(backcomp): SWI-Prolog's deprecated names, kept so that old programs
% run unchanged. Each predicate maps onto its modern replacement. Written for
% knightlog from SWI-Prolog's documentation and observed behaviour.
%
% knightlog is single-threaded and has no tries, mutexes or message queues;
% the predicates about those give what is meaningful here (see
% tests/KNOWN_DIFFERENCES.md): current_thread/2 knows the thread `main`,
% current_mutex/3 finds none, message_queue_size/2 finds no queue,
% trie_insert_new/3 finds no trie, thread_at_exit/1 records a goal for a
% thread (main) that only ends with the process.
%
% string_to_atom/2 is a knightlog builtin and sumlist/2 library(lists)'s:
% they are exported here (as in SWI) but not redefined.

:- module(backward_compatibility,
          [ '$arch'/2,
            '$version'/1,
            '$home'/1,
            '$argv'/1,
            '$set_prompt'/1,
            '$strip_module'/3,
            '$declare_module'/3,
            '$module'/2,
            at_initialization/1,
            displayq/1,
            displayq/2,
            sformat/2,
            sformat/3,
            concat/3,
            concat_atom/2,
            concat_atom/3,
            '$apropos_match'/2,
            read_clause/1,
            read_clause/2,
            read_variables/2,
            read_variables/3,
            read_pending_input/3,
            feature/2,
            set_feature/2,
            substring/4,
            string_to_list/2,
            string_to_atom/2,
            flush/0,
            write_ln/1,
            proper_list/1,
            free_variables/2,
            hash_term/2,
            checklist/2,
            sublist/3,
            sumlist/2,
            convert_time/2,
            convert_time/8,
            'C'/3,
            current_thread/2,
            current_mutex/3,
            message_queue_size/2,
            lock_predicate/2,
            unlock_predicate/2,
            current_module/2,
            export_list/2,
            setup_and_call_cleanup/3,
            setup_and_call_cleanup/4,
            merge/3,
            merge_set/3,
            (index)/1,
            hash/1,
            set_base_module/1,
            eval_license/0,
            trie_insert_new/3,
            thread_at_exit/1,
            read_history/6,
            '$sig_atomic'/1
          ]).

:- use_module(library(lists), [sumlist/2]).

:- meta_predicate
    at_initialization(0),
    checklist(1, +),
    sublist(1, +, ?),
    setup_and_call_cleanup(0, 0, 0),
    setup_and_call_cleanup(0, 0, ?, 0),
    index(:),
    hash(:),
    set_base_module(:),
    thread_at_exit(0),
    '$sig_atomic'(0).

:- dynamic
    bc_typein_module/1,
    bc_prompt/1,
    bc_restore_goal/1,
    bc_thread_exit_goal/2.

:- multifile prolog:message//1.

prolog:message(backcomp_decl_no_effect(Decl)) -->
    [ 'Deprecated declaration has no effect: ~p'-[Decl] ].
prolog:message(backcomp_singletons(Names)) -->
    [ 'Singleton variables: ~w'-[Names] ].

% True when Head names a predicate this system defines (used to prefer a
% real primitive when a later knightlog gains it).
bc_defined(Head) :-
    predicate_property(Head, defined),
    !.

%   System information

'$arch'(Arch, unknown) :-
    (   current_prolog_flag(arch, A)
    ->  Arch = A
    ;   Arch = unknown
    ).

'$version'(Version) :-
    current_prolog_flag(version, Version).

'$home'(Home) :-
    current_prolog_flag(home, Home).

'$argv'(Argv) :-
    (   current_prolog_flag(os_argv, A)
    ->  Argv = A
    ;   current_prolog_flag(argv, Argv)
    ).

'$set_prompt'(Prompt) :-
    (   number(Prompt)
    ->  format(atom(Atom), '~w', [Prompt])
    ;   text_to_string(Prompt, String),
        atom_string(Atom, String)
    ),
    (   current_prolog_flag(toplevel_prompt, _)
    ->  set_prolog_flag(toplevel_prompt, Atom)
    ;   retractall(bc_prompt(_)),
        assertz(bc_prompt(Atom))
    ).

%   Modules

'$strip_module'(Term, Module, Plain) :-
    strip_module(Term, Module, Plain).

% Makes Module exist (a module of its own, importing from user).
'$declare_module'(Module, _File, _Line) :-
    must_be(atom, Module),
    (   current_module(Module)
    ->  true
    ;   Module:assertz('$backcomp_declared'),
        Module:retract('$backcomp_declared')
    ).

'$module'(Old, New) :-
    (   bc_typein_module(Current)
    ->  true
    ;   Current = user
    ),
    Old = Current,
    must_be(atom, New),
    retractall(bc_typein_module(_)),
    assertz(bc_typein_module(New)).

current_module(Module, File) :-
    (   atom(Module)
    ->  once(module_property(Module, file(File)))
    ;   module_property(Module, file(File))
    ).

export_list(Module, List) :-
    (   atom(Module)
    ->  once(module_property(Module, exports(List)))
    ;   module_property(Module, exports(List))
    ).

set_base_module(Base) :-
    \+ Base = _:_,
    !,
    set_base_module(user:Base).
set_base_module(M:Base) :-
    must_be(atom, Base),
    (   bc_defined(set_module(_))
    ->  set_module(M:base(Base))
    ;   memberchk(Base, [user, system])
    ->  true
    ;   throw(error(permission_error(set, base_module, M:Base),
                    context(set_base_module/1, _)))
    ).

%   Initialization, licensing, declarations

at_initialization(Goal) :-
    assertz(bc_restore_goal(Goal)).

eval_license :-
    (   bc_defined(license)
    ->  license
    ;   true
    ).

index(Head) :-
    print_message(warning, backcomp_decl_no_effect(index(Head))).

hash(PI) :-
    print_message(warning, backcomp_decl_no_effect(hash(PI))).

lock_predicate(Name, Arity) :-
    must_be(atom, Name),
    must_be(nonneg, Arity).

unlock_predicate(Name, Arity) :-
    must_be(atom, Name),
    must_be(nonneg, Arity).

'$sig_atomic'(Goal) :-
    once(Goal).

%   Output

displayq(Term) :-
    write_term(Term, [quoted(true), ignore_ops(true)]).

displayq(Stream, Term) :-
    write_term(Stream, Term, [quoted(true), ignore_ops(true)]).

sformat(String, Format) :-
    format(string(String), Format, []).

sformat(String, Format, Args) :-
    format(string(String), Format, Args).

flush :-
    flush_output.

write_ln(Term) :-
    writeln(Term).

%   Text

concat(A, B, C) :-
    atom_concat(A, B, C).

concat_atom(List, Atom) :-
    atomic_list_concat(List, Atom).

concat_atom(List, Separator, Atom) :-
    atomic_list_concat(List, Separator, Atom).

'$apropos_match'(Needle, Haystack) :-
    text_to_string(Haystack, H0),
    string_lower(H0, H),
    text_to_string(Needle, N),
    sub_string(H, _, _, _, N),
    !.

substring(String, Offset, Length, Sub) :-
    Start is Offset - 1,
    sub_string(String, Start, Length, _, Sub).

string_to_list(String, Codes) :-
    string_codes(String, Codes).

%   Reading

read_clause(Term) :-
    current_input(In),
    read_clause(In, Term).

read_clause(Stream, Term) :-
    read_term(Stream, Term, [singletons(Singletons)]),
    bc_warn_singletons(Singletons).

bc_warn_singletons(Singletons) :-
    findall(Name, ( member(Name=_, Singletons),
                    \+ sub_atom(Name, 0, _, _, '_') ), Names),
    (   Names == []
    ->  true
    ;   print_message(warning, backcomp_singletons(Names))
    ).

read_variables(Term, Bindings) :-
    read_term(Term, [variable_names(Bindings)]).

read_variables(Stream, Term, Bindings) :-
    read_term(Stream, Term, [variable_names(Bindings)]).

% knightlog has no read_pending_codes/3: this reads what one line (at most
% 4096 codes) of the stream holds, which is what a terminal delivers at once.
read_pending_input(Stream, Codes, Tail) :-
    (   bc_defined(read_pending_codes(_, _, _))
    ->  read_pending_codes(Stream, Codes, Tail)
    ;   peek_code(Stream, C0),
        (   C0 == -1
        ->  Codes = [],
            Tail = []
        ;   bc_read_chunk(Stream, 4096, Codes, Tail)
        )
    ).

bc_read_chunk(_, 0, Tail, Tail) :-
    !.
bc_read_chunk(Stream, N, Codes, Tail) :-
    peek_code(Stream, C),
    (   C == -1
    ->  Codes = Tail
    ;   get_code(Stream, C),
        Codes = [C|More],
        (   C == 0'\n
        ->  More = Tail
        ;   N1 is N - 1,
            bc_read_chunk(Stream, N1, More, Tail)
        )
    ).

read_history(_Show, _Help, _Special, _Prompt, Term, Bindings) :-
    (   bc_defined(read_term_with_history(_, _))
    ->  read_term_with_history(Term, [variable_names(Bindings)])
    ;   read_term(user_input, Term, [variable_names(Bindings)])
    ).

%   Flags

feature(Key, Value) :-
    current_prolog_flag(Key, Value).

set_feature(Key, Value) :-
    set_prolog_flag(Key, Value).

%   Terms and lists

proper_list(List) :-
    is_list(List).

free_variables(Term, Variables) :-
    term_variables(Term, Variables).

% A hash of a ground term, stable within and across runs of knightlog (the
% numbers are not SWI-Prolog's); a term with variables leaves Hash unbound.
hash_term(Term, Hash) :-
    (   bc_defined(term_hash(_, _))
    ->  term_hash(Term, Hash)
    ;   ground(Term)
    ->  format(codes(Codes), '~k', [Term]),
        bc_hash_codes(Codes, 5381, Hash)
    ;   true
    ).

bc_hash_codes([], H, H).
bc_hash_codes([C|Cs], H0, H) :-
    H1 is (H0 * 33 + C) mod 16777216,
    bc_hash_codes(Cs, H1, H).

checklist(Goal, List) :-
    maplist(Goal, List).

sublist(_, [], []) :-
    !.
sublist(Goal, [H|T], Sub) :-
    (   call(Goal, H)
    ->  Sub = [H|Rest]
    ;   Sub = Rest
    ),
    sublist(Goal, T, Rest).

'C'([Head|Tail], Head, Tail).

% merge(+List1, +List2, -List3): the elements of both (standard-order sorted)
% lists in standard order, duplicates kept.
merge(Xs, [], Xs) :-
    !.
merge([], Ys, Ys) :-
    !.
merge([X|Xs], [Y|Ys], Zs) :-
    (   Y @< X
    ->  Zs = [Y|Zs1],
        merge([X|Xs], Ys, Zs1)
    ;   Zs = [X|Zs1],
        merge(Xs, [Y|Ys], Zs1)
    ).

% merge_set(+Set1, +Set2, -Set3): the union of two ordered sets; an element
% in both appears once.
merge_set([], Ys, Ys) :-
    !.
merge_set(Xs, [], Xs) :-
    !.
merge_set([X|Xs], [Y|Ys], Zs) :-
    compare(Order, X, Y),
    bc_merge_set(Order, X, Xs, Y, Ys, Zs).

bc_merge_set(<, X, Xs, Y, Ys, [X|Zs]) :-
    merge_set(Xs, [Y|Ys], Zs).
bc_merge_set(>, X, Xs, Y, Ys, [Y|Zs]) :-
    merge_set([X|Xs], Ys, Zs).
bc_merge_set(=, X, Xs, _, Ys, [X|Zs]) :-
    merge_set(Xs, Ys, Zs).

%   Time

convert_time(Stamp, String) :-
    format_time(string(String), '%a %b %e %H:%M:%S %Y', Stamp).

convert_time(Stamp, Y, Mon, Day, Hour, Min, Sec, MilliSec) :-
    stamp_date_time(Stamp, date(Y, Mon, Day, Hour, Min, FSec, _, _, _), local),
    Sec is integer(float_integer_part(FSec)),
    MilliSec is integer(float_fractional_part(FSec) * 1000).

%   Control

setup_and_call_cleanup(Setup, Goal, Cleanup) :-
    setup_call_cleanup(Setup, Goal, Cleanup).

setup_and_call_cleanup(Setup, Goal, Catcher, Cleanup) :-
    setup_call_catcher_cleanup(Setup, Goal, Catcher, Cleanup).

%   Threads, mutexes, message queues, tries (single-threaded knightlog)

current_thread(Thread, Status) :-
    bc_defined(thread_property(_, _)),
    !,
    (   nonvar(Thread)
    ->  catch(thread_property(Thread, status(Status)),
              error(existence_error(thread, _), _), fail)
    ;   thread_property(Thread, status(Status))
    ).
current_thread(main, running).

current_mutex(Mutex, Owner, Count) :-
    bc_defined(mutex_property(_, _)),
    !,
    (   nonvar(Mutex)
    ->  catch(mutex_property(Mutex, status(Status)),
              error(existence_error(mutex, _), _), fail)
    ;   mutex_property(Mutex, status(Status))
    ),
    (   Status == unlocked
    ->  Owner = [], Count = 0
    ;   Status = locked(Owner, Count)
    ).
current_mutex(_, _, _) :-
    fail.                               % no mutexes in knightlog

message_queue_size(Queue, Size) :-
    (   bc_defined(message_queue_property(_, _))
    ->  message_queue_property(Queue, size(Size))
    ;   var(Queue)
    ->  throw(error(instantiation_error, context(message_queue_size/2, _)))
    ;   throw(error(existence_error(message_queue, Queue),
                    context(message_queue_property/2, _)))
    ).

trie_insert_new(Trie, Term, Handle) :-
    (   bc_defined(trie_insert(_, _, _, _))
    ->  trie_insert(Trie, Term, [], Handle)
    ;   var(Trie)
    ->  throw(error(instantiation_error, context(trie_insert/4, _)))
    ;   throw(error(type_error(trie, Trie), context(trie_insert/4, _)))
    ).

% knightlog passes user's goals to library meta-predicates unqualified.
thread_at_exit(Goal) :-
    \+ Goal = _:_,
    !,
    thread_at_exit(user:Goal).
thread_at_exit(M:Goal) :-
    (   callable(Goal)
    ->  true
    ;   throw(error(type_error(callable, M:Goal), context(prolog_listen/2, _)))
    ),
    (   bc_defined(prolog_listen(_, _))
    ->  prolog_listen(this_thread_exit, M:Goal)
    ;   assertz(bc_thread_exit_goal(main, M:Goal))
    ).
