% library(persistency): persistent/1, the generated assert_/retract_/
% retractall_ predicates, db_attach/2, db_detach/0, db_attached/1,
% db_sync/1, db_sync_all/1 and the journal file (SWI-Prolog's format), on
% tmp files. The declarations are in user, so the tests call the db_
% predicates as user:Goal (SWI runs test bodies in a module of their own).
:- use_module(library(plunit)).
:- use_module(library(persistency)).
:- use_module(library(readutil)).

:- persistent
    fact(name:atom, age:nonneg),
    pair(any, any),
    item(term).

% A fresh journal file (not yet existing) attached for Goal.
with_journal(File, Goal) :-
    tmp_file(journal, File),
    setup_call_cleanup(user:db_attach(File, []),
                       Goal,
                       ( user:db_detach, catch(delete_file(File), _, true) )).

% The journal's lines after the created(Stamp) line.
journal(File, Lines) :-
    read_file_to_string(File, Text, [encoding(utf8)]),
    split_string(Text, "\n", "", [Created|Lines0]),
    sub_string(Created, 0, _, _, "created("),
    once(append(Lines, [""], Lines0)).

write_file(File, Text) :-
    setup_call_cleanup(open(File, write, S, [encoding(utf8)]), write(S, Text), close(S)).

:- begin_tests(persistent_changes).
test(assert_retract, [L-J == [carol-2]-["assert(fact(bob,42)).", "assert(fact(carol,1)).",
                                         "assert(fact(carol,2)).", "retract(fact(bob,42)).",
                                         "retract(fact(carol,1))."]]) :-
    with_journal(F, ( assert_fact(bob, 42), assert_fact(carol, 1), assert_fact(carol, 2),
                      retract_fact(bob, A), A == 42,
                      retract_fact(carol, _),
                      findall(N-Age, fact(N, Age), L),
                      journal(F, J) )).
test(retract_semidet, [L == [1]]) :-
    with_journal(_, ( assert_fact(x, 1), assert_fact(x, 2),
                      findall(A, retract_fact(x, A), L) )).
test(retract_missing, fail) :- with_journal(_, retract_fact(nobody, _)).
test(retractall, [J == ["assert(fact(a,1)).", "assert(fact(a,2)).", "assert(fact(b,3)).",
                        "retractall(fact(a,_),2)."]]) :-
    with_journal(F, ( assert_fact(a, 1), assert_fact(a, 2), assert_fact(b, 3),
                      retractall_fact(a, _), retractall_fact(nobody, _),
                      journal(F, J) )).
test(duplicates, [L == [d-1, d-1]]) :-
    with_journal(_, ( assert_fact(d, 1), assert_fact(d, 1), findall(N-A, fact(N, A), L) )).
test(terms, [J == ["assert(pair(A,A)).", "assert(pair(f(A,_,A),\"a\\nb\")).",
                   "assert(item((a:-b,c))).", "assert(item(- 1)).", "assert(item('A b')).",
                   "assert(item([a|b])).", "assert(item({x})).", "assert(item(1.5)).",
                   "assert(item('it\\'s'))."]]) :-
    with_journal(F, ( assert_pair(X, X), assert_pair(f(A, _, A), "a\nb"),
                      assert_item((a:-b,c)), assert_item(-(1)), assert_item('A b'),
                      assert_item([a|b]), assert_item({x}), assert_item(1.5),
                      assert_item('it''s'),
                      journal(F, J) )).
test(type_errors, [L == [type_error(nonneg, -1), type_error(atom, 1), instantiation_error]]) :-
    with_journal(_, findall(E, ( member(N-A, [bob-(-1), 1-1, _-1]),
                                 catch(assert_fact(N, A), error(E, _), true) ), L)).
test(not_attached, [E == existence_error(db_file, user)]) :-
    catch(assert_fact(z, 1), error(E, _), true),
    retractall(fact(z, _)).
:- end_tests(persistent_changes).

:- begin_tests(persistent_files).
test(attached, [F0 == F]) :- with_journal(F, user:db_attached(F0)).
test(not_attached, fail) :- user:db_attached(_).
test(detach_clears, [L == []]) :-
    with_journal(_, assert_fact(a, 1)),
    findall(x, fact(_, _), L).
test(reattach_reloads, [L == [b-2, c-3]]) :-
    tmp_file(journal, F),
    user:db_attach(F, []), assert_fact(a, 1), assert_fact(b, 2), retract_fact(a, _),
    assert_pair(p, q), user:db_detach,
    user:db_attach(F, []), assert_fact(c, 3),
    findall(N-A, fact(N, A), L),
    user:db_detach, delete_file(F).
test(foreign_journal, [L-P == [b-2, d-4]-[x-y]]) :-
    tmp_file(journal, F),
    write_file(F, "created(1700000000.0).\nassert(fact(a,1)).\nassert(fact(b,2)).\nassert(fact(c,3)).\nretract(fact(a,1)).\nretractall(fact(c,_),1).\nassert(pair(x,y)).\nassert(fact(d,4)).\n"),
    user:db_attach(F, []),
    findall(N-A, fact(N, A), L), findall(X-Y, pair(X, Y), P),
    user:db_detach, delete_file(F).
test(gc, [J-L == ["assert(fact(b,2))."]-[b-2]]) :-
    with_journal(F, ( assert_fact(a, 1), assert_fact(b, 2), retract_fact(a, _),
                      assert_fact(c, 3), retractall_fact(c, _),
                      user:db_sync(gc),
                      journal(F, J),
                      assert_fact(e, 5), retract_fact(e, _),
                      findall(N-A, fact(N, A), L) )).
test(gc_not_needed, [J == ["assert(fact(a,1)).", "assert(fact(b,2))."]]) :-
    with_journal(F, ( assert_fact(a, 1), assert_fact(b, 2), user:db_sync(gc), journal(F, J) )).
test(reload, [L == [a-1, z-26]]) :-
    with_journal(F, ( assert_fact(a, 1),
                      user:db_sync(close),
                      setup_call_cleanup(open(F, append, S), format(S, "assert(fact(z,26)).~n", []),
                                         close(S)),
                      user:db_sync(reload),
                      findall(N-A, fact(N, A), L) )).
test(sync_all, [L == [a-1]]) :-
    with_journal(_, ( assert_fact(a, 1), db_sync_all(reload), findall(N-A, fact(N, A), L) )).
test(sync_close, [J == ["assert(fact(a,1)).", "assert(fact(b,2))."]]) :-
    tmp_file(journal, F),
    user:db_attach(F, [sync(close)]),
    assert_fact(a, 1), assert_fact(b, 2),
    journal(F, J),
    user:db_detach, delete_file(F).
test(sync_other, [true]) :- with_journal(_, ( user:db_sync(nop), user:db_sync(foo) )).
test(predicates, [L == [fact/2, assert_fact/2, retract_fact/2, retractall_fact/2,
                        pair/2, assert_pair/2, retract_pair/2, retractall_pair/2,
                        item/1, assert_item/1, retract_item/1, retractall_item/1]]) :-
    findall(PI, user:current_persistent_predicate(PI), L).
test(dynamic, [true]) :- predicate_property(fact(_, _), dynamic).
:- end_tests(persistent_files).
