% Run by SWI-Prolog (tests/coverage.rs): prints p(Name, Arity, Library) for
% every predicate issue 34 counts: the autoload index entries of the
% libraries below, and SWI's system predicates less the families other
% issues cover (threads, engines, tries, continuations, dicts, profiler,
% locale, tty, zip) and those SWI names with `$`.

libraries([lists, apply, aggregate, assoc, pairs, ordsets, ugraphs, rbtrees,
           nb_rbtrees, heaps, nb_set, dcg/basics, dcg/high_order, readutil,
           strings, gensym, terms, varnumbers, random, apply_macros, yall,
           error, debug, solution_sequences, occurs, sort, edinburgh, quintus,
           backcomp, writef, charsio, codesio, ctypes, lazy_lists, pure_input,
           prolog_stack, option, when, time]).

% Issue 36 (part 2): these libraries, and the dict predicates of `system`
% (written with the library name system_dicts).
libraries_part2([csv, http/json, process, optparse, dicts, filesex, base64,
                 sha, md5, uri, date, settings, persistency, shell, url,
                 main]).

main :-
    libraries(Libs),
    forall(member(Lib, Libs), library_entries(Lib)),
    forall(system_predicate(N, A), format("~q.~n", [p(N, A, system)])),
    libraries_part2(Libs2),
    forall(member(Lib, Libs2), library_entries(Lib)),
    forall(dict_predicate(N, A), format("~q.~n", [p(N, A, system_dicts)])).

dict_predicate(N, A) :-
    predicate_property(system:H, defined),
    \+ predicate_property(system:H, imported_from(_)),
    functor(H, N, A),
    \+ sub_atom(N, 0, _, _, '$'),
    (   sub_atom(N, _, _, _, dict)
    ;   memberchk(N, [:<, >:<])
    ).

library_entries(Lib) :-
    (   Lib = Dir/Base
    ->  format(atom(Index), '~w/INDEX.pl', [Dir]),
        format(atom(Name), '~w/~w', [Dir, Base])
    ;   Index = 'INDEX.pl', Base = Lib, Name = Lib
    ),
    absolute_file_name(swi(library/Index), File, [access(read)]),
    setup_call_cleanup(open(File, read, In),
                       index_entries(In, Base, Name),
                       close(In)).

index_entries(In, Base, Name) :-
    read(In, T),
    (   T == end_of_file
    ->  true
    ;   (   T = index(N, A, _Module, Base)
        ->  format("~q.~n", [p(N, A, Name)])
        ;   true
        ),
        index_entries(In, Base, Name)
    ).

system_predicate(N, A) :-
    predicate_property(system:H, defined),
    \+ predicate_property(system:H, imported_from(_)),
    functor(H, N, A),
    \+ sub_atom(N, 0, _, _, '$'),
    \+ other_issue(N, A).

% The families other issues cover, by name.
other_issue(N, _) :- prefix(P), sub_atom(N, 0, _, _, P), !.
other_issue(N, A) :- memberchk(N/A, [reset/3, shift/1, shift_for_copy/1,
    call_continuation/1, is_trie/1, is_engine/1, is_thread/1, with_mutex/2,
    (thread_local)/1, is_dict/1, is_dict/2, get_dict/3, get_dict/5, put_dict/3,
    put_dict/4, del_dict/4, b_set_dict/3, nb_set_dict/3, nb_link_dict/3,
    select_dict/3, ':<'/2, '>:<'/2, profiler/2, reset_profiler/0,
    noprofile/1, current_locale/1, set_locale/1, setlocale/3,
    with_tty_raw/1, ttyflush/0]).

prefix(thread_).
prefix(mutex_).
prefix(message_queue_).
prefix(engine_).
prefix(trie_).
prefix(dict_).
prefix(locale_).
prefix(tty_).
prefix(zip).
