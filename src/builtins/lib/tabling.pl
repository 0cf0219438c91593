% tabling.pl -- tabled execution (SWI-Prolog's interface): the table/1
% directive, the call of a tabled predicate, answer subsumption (moded
% arguments), abolish_all_tables/0, abolish_table_subgoals/1,
% current_table/2. The store and the fixpoint bookkeeping are Rust
% (builtins/table_store.rs, builtins/tabling.rs).
%
% `:- table p/2` renames the clauses of p/2 to 'p tabled'/2 and defines
%     p(A, B) :- '$tbl_call'(M, 'p tabled'(A, B)).
% A call finds its variant's table. A complete table returns its answers in
% the order they were first found. A table being evaluated (a recursive
% call) is read while it grows. Otherwise the clauses run in passes, each a
% failure-driven loop adding answers, until a pass finds that no reader
% missed an answer; the table (and its component) is then complete. A moded
% table's better answer is appended (the old one marked dead), so a reader
% that went to the end has seen every change; a joined one (sum, lattice,
% po) joins each derivation once, not again in every pass ('$tbl_fresh'/2).
% Tested by: tests/prolog/tabling.pl (knightlog and SWI-Prolog), tests/tabling.rs.

% Goals in `user` pass meta-arguments unqualified (engine/module.rs).
:- '$doc'("table(:Specification)", "Declare predicates tabled: answers are remembered, so left recursion ends and work is not repeated.").
table(Spec) :- '$tbl_specs'(Spec, user).

'$tbl_specs'(V, _) :- var(V), !, throw(error(instantiation_error, _)).
'$tbl_specs'((A, B), M) :- !, '$tbl_specs'(A, M), '$tbl_specs'(B, M).
'$tbl_specs'([], _) :- !.
'$tbl_specs'([A|B], M) :- !, '$tbl_specs'(A, M), '$tbl_specs'(B, M).
'$tbl_specs'(S as _, M) :- !, '$tbl_specs'(S, M).
'$tbl_specs'(M1:S, _) :- atom(M1), !, '$tbl_specs'(S, M1).
'$tbl_specs'(N/A, M) :- !, '$tbl_pi'(N, A, 0, M).
'$tbl_specs'(N//A, M) :- !, '$tbl_pi'(N, A, 2, M).
'$tbl_specs'(Head, M) :- callable(Head), !,
    functor(Head, N, A),
    Head =.. [_|Args],
    '$tbl_modes'(Args, 1, none, Mode),
    '$tbl_declare'(M, N, A, Mode).
'$tbl_specs'(S, _) :- throw(error(type_error(table_spec, S), _)).

'$tbl_pi'(N, A, Extra, M) :-
    (   ( var(N) ; var(A) ) -> throw(error(instantiation_error, _))
    ;   \+ atom(N) -> throw(error(type_error(atom, N), _))
    ;   \+ ( integer(A), A >= 0 ) -> throw(error(type_error(nonneg, A), _))
    ;   true
    ),
    A1 is A + Extra,
    '$tbl_declare'(M, N, A1, variant).

% The moded argument: moded(ArgNo, How); index arguments are `_` or `index`.
'$tbl_modes'([], _, none, variant) :- !.
'$tbl_modes'([], _, Mode, Mode).
'$tbl_modes'([A|As], I, M0, M) :-
    (   ( var(A) ; A == index )
    ->  M1 = M0
    ;   '$tbl_mode'(A)
    ->  (   M0 == none -> M1 = moded(I, A)
        ;   throw(error(domain_error(single_moded_argument, A), _))
        )
    ;   throw(error(domain_error(table_mode, A), _))
    ),
    I1 is I + 1,
    '$tbl_modes'(As, I1, M1, M).

'$tbl_mode'(min).
'$tbl_mode'(max).
'$tbl_mode'(first).
'$tbl_mode'(last).
'$tbl_mode'(sum).
'$tbl_mode'(lattice(_)).
'$tbl_mode'(po(_)).

'$tbl_call'(M, Goal) :-
    '$tbl_lookup'(M, Goal, T, What),
    '$tbl_run'(What, T, M, Goal).

'$tbl_run'(complete, T, _, Goal) :- '$tbl_answers'(T, Goal).
'$tbl_run'(consume, T, _, Goal) :- '$tbl_watch'(T, W), '$tbl_consume'(T, W, Goal).
'$tbl_run'(evaluate, T, M, Goal) :-
    '$tbl_evaluate'(T, M, Goal),
    (   '$tbl_complete'(T)
    ->  '$tbl_answers'(T, Goal)
    ;   '$tbl_watch'(T, W), '$tbl_consume'(T, W, Goal)
    ).

'$tbl_evaluate'(T, M, Goal) :-
    '$tbl_push'(T),
    '$tbl_moded'(T, N, How),
    catch('$tbl_passes'(T, M, Goal, N, How), E, ('$tbl_abandon'(T), throw(E))),
    '$tbl_pop'.

'$tbl_passes'(T, M, Goal, N, How) :-
    '$tbl_pass',
    '$tbl_run_pass'(N, How, T, M, Goal),
    (   '$tbl_again' -> '$tbl_passes'(T, M, Goal, N, How) ; true ).

% Min, max, first and last are kept by '$tbl_add'/2 (the loop of most
% answers: no other call between); sum, lattice and po join the new answer
% with the old one in '$tbl_join'/5.
'$tbl_run_pass'(0, _, T, M, Goal) :- !,
    (   call(M:Goal), '$tbl_add'(T, Goal), fail
    ;   true
    ).
'$tbl_run_pass'(N, How, T, M, Goal) :-
    (   call(M:Goal), '$tbl_fresh'(T, Goal), '$tbl_joined'(N, How, T, M, Goal), fail
    ;   true
    ).

'$tbl_joined'(N, How, T, M, Goal) :-
    (   '$tbl_old'(T, Goal, Old)
    ->  arg(N, Old, O), arg(N, Goal, V),
        '$tbl_join'(How, M, O, V, J),
        Goal =.. [F|As0], '$tbl_nth_set'(N, As0, J, As), New =.. [F|As],
        '$tbl_add'(T, New)
    ;   '$tbl_add'(T, Goal)
    ).

'$tbl_join'(sum, _, O, V, J) :- J is O + V.
'$tbl_join'(lattice(PI), M, O, V, J) :- '$tbl_pi_name'(PI, P), call(M:P, O, V, J).
% As SWI-Prolog 9: the old answer stays when call(PI, Old, New) holds, else
% the new one replaces it (one answer per index arguments).
'$tbl_join'(po(PI), M, O, V, J) :-
    '$tbl_pi_name'(PI, P),
    (   call(M:P, O, V) -> J = O ; J = V ).

'$tbl_pi_name'(M:PI, M:P) :- !, '$tbl_pi_name'(PI, P).
'$tbl_pi_name'(P/_, P) :- !.
'$tbl_pi_name'(H, P) :- compound(H), !, functor(H, P, _).
'$tbl_pi_name'(P, P).

'$tbl_nth_set'(1, [_|T], X, [X|T]) :- !.
'$tbl_nth_set'(N, [H|T0], X, [H|T]) :- N1 is N - 1, '$tbl_nth_set'(N1, T0, X, T).

% The user's view of a table: Module, the call of the tabled predicate, Id.
'$tbl_current'(M, Variant, Id) :-
    '$tbl_list'(L),
    '$tbl_member'(Id-(M:Call), L),
    Call =.. [Impl|Args],
    atom_concat(Name, ' tabled', Impl),
    Variant =.. [Name|Args].

'$tbl_member'(X, [X|_]).
'$tbl_member'(X, [_|T]) :- '$tbl_member'(X, T).

:- '$doc'("current_table(:Variant, -Trie)", "Variant is a tabled goal with a table, and Trie refers to that table.").
current_table(Spec, '$table'(Id)) :-
    '$tbl_strip'(Spec, M, Variant),
    '$tbl_current'(M, Variant, Id).

'$tbl_strip'(S, M, G) :- '$tbl_strip'(S, user, M, G).
'$tbl_strip'(S, _, M, G) :- nonvar(S), S = M1:S1, atom(M1), !, '$tbl_strip'(S1, M1, M, G).
'$tbl_strip'(G, M, M, G).

:- '$doc'("abolish_table_subgoals(:Subgoal)", "Throw away the tables of the tabled goals that unify with Subgoal.").
abolish_table_subgoals(Spec) :-
    '$tbl_strip'(Spec, M, Goal),
    findall(Id, ( '$tbl_current'(M, V, Id), \+ \+ V = Goal ), Ids),
    '$tbl_abolish_ids'(Ids).

:- '$doc'("tnot(:Goal)", "Tabled negation: true if the tabled Goal has no answers.").
tnot(_) :-
    throw(error(existence_error(procedure, tnot/1),
                context(tnot/1, 'well-founded negation (tnot/1) is not implemented in knightlog'))).

% After the definitions (loading a predicate's first clause resets its properties).
:- meta_predicate table(:), abolish_table_subgoals(:), current_table(:, ?).
