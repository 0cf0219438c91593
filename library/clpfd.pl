% clpfd.pl -- library(clpfd): constraint logic programming over finite
% domains, source-compatible with SWI-Prolog's for the common subset. The
% store and the propagators are native (src/builtins/clpfd/): this file
% checks arguments, turns the global constraints and labeling into calls of
% the '$fd_*' builtins, and gives the hooks attributed variables need.
% Tested by: tests/clpfd_diff.rs, tests/programs_vs_swi.rs (programs/knight_clpfd.pl).

:- module(clpfd, [
    op(760, yfx, #<==>), op(750, xfy, #==>), op(750, yfx, #<==),
    op(740, yfx, #\/), op(730, yfx, #\), op(720, yfx, #/\), op(710, fy, #\),
    op(700, xfx, #>), op(700, xfx, #<), op(700, xfx, #>=), op(700, xfx, #=<),
    op(700, xfx, #=), op(700, xfx, #\=), op(700, xfx, in), op(700, xfx, ins),
    op(450, xfx, ..),
    (#=)/2, (#\=)/2, (#<)/2, (#>)/2, (#=<)/2, (#>=)/2,
    (#<==>)/2, (#==>)/2, (#<==)/2, (#\/)/2, (#/\)/2, (#\)/1, (#\)/2,
    (in)/2, (ins)/2, label/1, labeling/2,
    all_different/1, all_distinct/1, sum/3, scalar_product/4, circuit/1,
    element/3, global_cardinality/2, tuples_in/2, lex_chain/1, transpose/2,
    fd_dom/2, fd_inf/2, fd_sup/2, fd_size/2, fd_degree/2
]).

:- '$doc'("#=(?X, ?Y)", "Finite-domain constraint: integer expressions X and Y are equal.").
X #= Y :- '$fd_rel'(X, =, Y).
:- '$doc'("#\\=(?X, ?Y)", "Finite-domain constraint: integer expressions X and Y differ.").
X #\= Y :- '$fd_rel'(X, \=, Y).
:- '$doc'("#<(?X, ?Y)", "Finite-domain constraint: integer expression X is less than Y.").
X #< Y :- '$fd_rel'(X, <, Y).
:- '$doc'("#>(?X, ?Y)", "Finite-domain constraint: integer expression X is greater than Y.").
X #> Y :- '$fd_rel'(X, >, Y).
:- '$doc'("#=<(?X, ?Y)", "Finite-domain constraint: integer expression X is less than or equal to Y.").
X #=< Y :- '$fd_rel'(X, =<, Y).
:- '$doc'("#>=(?X, ?Y)", "Finite-domain constraint: integer expression X is greater than or equal to Y.").
X #>= Y :- '$fd_rel'(X, >=, Y).

:- '$doc'("#<==>(?P, ?Q)", "Reified equivalence: P and Q are both true or both false (reifiable constraints or 0/1 variables).").
P #<==> Q :- '$fd_reify'(P #<==> Q).
:- '$doc'("#==>(?P, ?Q)", "Reified implication: P implies Q.").
P #==> Q :- '$fd_reify'(P #==> Q).
:- '$doc'("#<==(?P, ?Q)", "Reified implication: Q implies P.").
P #<== Q :- '$fd_reify'(P #<== Q).
:- '$doc'("#\\/(+P, +Q)", "Reified disjunction: at least one of the constraints P and Q holds.").
P #\/ Q :- '$fd_reify'(P #\/ Q).
:- '$doc'("#/\\(+P, +Q)", "Reified conjunction: both finite-domain constraints P and Q hold.").
P #/\ Q :- '$fd_reify'(P #/\ Q).
:- '$doc'("#\\(+P, +Q)", "Reified exclusive or: exactly one of the constraints P and Q holds.").
P #\ Q :- '$fd_reify'(P #\ Q).
:- '$doc'("#\\(+Q)", "Reified negation: the finite-domain constraint Q does not hold.").
#\ P :- '$fd_reify'(#\ P).

:- '$doc'("in(?Var, +Domain)", "Finite-domain constraint: Var is in Domain, such as 1..9 or 1..3\\/7.").
X in D :- '$fd_in'(X, D).
:- '$doc'("ins(+Vars, +Domain)", "Finite-domain constraint: every variable of the list Vars is in Domain.").
Xs ins D :-
    must_be(list, Xs),
    '$fd_ins'(Xs, D).

:- '$doc'("all_different(+Vars)", "Finite-domain constraint: the elements of Vars are pairwise different.").
all_different(Xs) :- '$fd_global'(all_different, Xs).
:- '$doc'("all_distinct(+Vars)", "Finite-domain constraint: the elements of Vars are pairwise different, with stronger propagation.").
all_distinct(Xs) :- '$fd_global'(all_distinct, Xs).
:- '$doc'("circuit(+Vars)", "Finite-domain constraint: the successor list Vars forms one Hamiltonian circuit.").
circuit(Xs) :- '$fd_global'(circuit, Xs).
:- '$doc'("element(?Index, +List, ?Value)", "Finite-domain constraint: Value is the Index-th element (from 1) of List.").
element(I, Xs, V) :- '$fd_element'(I, Xs, V).

:- '$doc'("sum(+Vars, +Rel, ?Expr)", "Constrain the sum of the finite-domain variables Vars to stand in relation Rel (#=, #<, ...) to Expr.").
sum(Vs, Op, Value) :-
    must_be(list, Vs),
    '$fd_sum_relation'(Op),
    '$fd_plus'(Vs, 0, Sum),
    '$fd_relate'(Op, Sum, Value).

:- '$doc'("scalar_product(+Cs, +Vs, +Rel, ?Expr)", "Constrain the sum of Cs[i]*Vs[i] to stand in relation Rel (#=, #<, ...) to Expr.").
scalar_product(Cs, Vs, Op, Value) :-
    must_be(list(integer), Cs),
    must_be(list, Vs),
    '$fd_sum_relation'(Op),
    '$fd_weighted'(Cs, Vs, 0, Sum),
    '$fd_relate'(Op, Sum, Value).

'$fd_sum_relation'(Op) :-
    (   var(Op)
    ->  throw(error(instantiation_error, _))
    ;   memberchk(Op, [#=, #\=, #<, #>, #=<, #>=])
    ->  true
    ;   throw(error(domain_error(scalar_product_relation, Op), _))
    ).

'$fd_plus'([], S, S).
'$fd_plus'([V|Vs], S0, S) :-
    (   S0 == 0
    ->  S1 = V
    ;   S1 = S0 + V
    ),
    '$fd_plus'(Vs, S1, S).

'$fd_weighted'([], [], S, S).
'$fd_weighted'([C|Cs], [V|Vs], S0, S) :-
    (   S0 == 0
    ->  S1 = C*V
    ;   S1 = S0 + C*V
    ),
    '$fd_weighted'(Cs, Vs, S1, S).

'$fd_relate'(#=, X, Y) :- X #= Y.
'$fd_relate'(#\=, X, Y) :- X #\= Y.
'$fd_relate'(#<, X, Y) :- X #< Y.
'$fd_relate'(#>, X, Y) :- X #> Y.
'$fd_relate'(#=<, X, Y) :- X #=< Y.
'$fd_relate'(#>=, X, Y) :- X #>= Y.

% global_cardinality(Vs, [Key-Count, ...]): each Key taken by Count of Vs
% (which take no other values); decomposed into reified equalities.
:- '$doc'("global_cardinality(+Vs, +Pairs)", "Finite-domain constraint: for each Key-Num in Pairs, Key occurs Num times in Vs.").
global_cardinality(Vs, Pairs) :-
    must_be(list, Vs),
    must_be(list, Pairs),
    '$fd_gcc_keys'(Pairs, Keys),
    '$fd_domain_of_keys'(Keys, Dom),
    Vs ins Dom,
    '$fd_gcc_counts'(Pairs, Vs).

'$fd_gcc_keys'([], []).
'$fd_gcc_keys'([P|Ps], [K|Ks]) :-
    (   nonvar(P), P = K-_, integer(K)
    ->  true
    ;   throw(error(type_error(pair, P), _))
    ),
    '$fd_gcc_keys'(Ps, Ks).

'$fd_domain_of_keys'([K], K) :- !.
'$fd_domain_of_keys'([K|Ks], K \/ D) :- '$fd_domain_of_keys'(Ks, D).
'$fd_domain_of_keys'([], 1..0).

'$fd_gcc_counts'([], _).
'$fd_gcc_counts'([K-C|Ps], Vs) :-
    '$fd_gcc_indicators'(Vs, K, Bs),
    sum(Bs, #=, C),
    '$fd_gcc_counts'(Ps, Vs).

'$fd_gcc_indicators'([], _, []).
'$fd_gcc_indicators'([V|Vs], K, [B|Bs]) :-
    B #<==> (V #= K),
    '$fd_gcc_indicators'(Vs, K, Bs).

% tuples_in(Tuples, Relation): each tuple is one of the relation's rows.
:- '$doc'("tuples_in(+Tuples, +Relation)", "Constrain each list of finite-domain variables in Tuples to equal one of the integer lists in Relation.").
tuples_in(Tuples, Relation) :-
    must_be(list(list), Tuples),
    must_be(list(list(integer)), Relation),
    '$fd_tuples'(Tuples, Relation).

'$fd_tuples'([], _).
'$fd_tuples'([T|Ts], Rel) :-
    '$fd_tuple_rows'(Rel, T, Bs),
    sum(Bs, #>=, 1),
    '$fd_tuple_columns'(T, Rel),
    '$fd_tuples'(Ts, Rel).

% One 0/1 indicator per row: the tuple equals that row.
'$fd_tuple_rows'([], _, []).
'$fd_tuple_rows'([Row|Rows], T, [B|Bs]) :-
    '$fd_row_formula'(T, Row, F),
    B #<==> F,
    '$fd_tuple_rows'(Rows, T, Bs).

'$fd_row_formula'([], [], 1 #= 1).
'$fd_row_formula'([X], [V], X #= V) :- !.
'$fd_row_formula'([X|Xs], [V|Vs], (X #= V) #/\ F) :-
    '$fd_row_formula'(Xs, Vs, F).

% Each position takes only values of that column.
'$fd_tuple_columns'(T, Rel) :-
    '$fd_columns'(T, 1, Rel).

'$fd_columns'([], _, _).
'$fd_columns'([X|Xs], I, Rel) :-
    findall(V, (member(Row, Rel), nth1(I, Row, V)), Vs0),
    sort(Vs0, Vs),
    (   Vs = [V0|Rest]
    ->  foldl('$fd_dom_union', Rest, V0, D),
        X in D
    ;   fail
    ),
    I1 is I + 1,
    '$fd_columns'(Xs, I1, Rel).

'$fd_dom_union'(V, D, D \/ V).

% lex_chain(Lists): each list is lexicographically =< the next.
:- '$doc'("lex_chain(+Lists)", "Constrain the lists of finite-domain variables to be in non-decreasing lexicographic order.").
lex_chain(Ls) :-
    must_be(list(list), Ls),
    '$fd_lex_chain'(Ls).

'$fd_lex_chain'([]).
'$fd_lex_chain'([_]) :- !.
'$fd_lex_chain'([A, B|Ls]) :-
    '$fd_lex_le'(A, B),
    '$fd_lex_chain'([B|Ls]).

'$fd_lex_le'([], []).
'$fd_lex_le'([X|Xs], [Y|Ys]) :-
    X #=< Y,
    (   Xs == []
    ->  true
    ;   '$fd_lex_formula'(Xs, Ys, F),
        (X #= Y) #==> F
    ).

'$fd_lex_formula'([X], [Y], X #=< Y) :- !.
'$fd_lex_formula'([X|Xs], [Y|Ys], (X #< Y) #\/ ((X #= Y) #/\ F)) :-
    '$fd_lex_formula'(Xs, Ys, F).

:- '$doc'("transpose(+Matrix, ?Transpose)", "Transpose is the list of lists Matrix with rows and columns swapped.").
transpose(Rows, Cols) :-
    must_be(list(list), Rows),
    (   Rows = [R|_]
    ->  '$fd_columns_of'(R, Rows, Cols)
    ;   Cols = []
    ).

'$fd_columns_of'([], Rows, []) :-
    '$fd_all_empty'(Rows).
'$fd_columns_of'([_|R], Rows, [Col|Cols]) :-
    '$fd_heads_tails'(Rows, Col, Tails),
    '$fd_columns_of'(R, Tails, Cols).

'$fd_all_empty'([]).
'$fd_all_empty'([[]|Rs]) :- '$fd_all_empty'(Rs).

'$fd_heads_tails'([], [], []).
'$fd_heads_tails'([[H|T]|Rs], [H|Hs], [T|Ts]) :-
    '$fd_heads_tails'(Rs, Hs, Ts).

:- '$doc'("fd_dom(+Var, -Dom)", "Dom is the current domain of Var, as an expression like 1..3\\/5..7.").
fd_dom(X, D) :- '$fd_dom'(X, D).
:- '$doc'("fd_inf(+Var, -Inf)", "Inf is the smallest value left in the domain of Var.").
fd_inf(X, I) :- '$fd_inf'(X, I).
:- '$doc'("fd_sup(+Var, -Sup)", "Sup is the largest value left in the domain of Var.").
fd_sup(X, S) :- '$fd_sup'(X, S).
:- '$doc'("fd_size(+Var, -Size)", "Size is the number of values left in the domain of Var (sup if infinite).").
fd_size(X, S) :- '$fd_size'(X, S).
:- '$doc'("fd_degree(?Var, -Degree)", "Degree is the number of constraints attached to the finite-domain variable Var.").
fd_degree(X, N) :- '$fd_degree'(X, N).

% Labeling: the variables are checked first (finite domains), then the
% options; each step picks a variable by the selection strategy and
% branches as the choice option says (step: X = V ; X #\= V, enum: each
% value, bisect: halves).
:- '$doc'("label(+Vars)", "Assign each finite-domain variable in Vars a value, trying smallest first; same as labeling([], Vars).").
label(Vs) :- labeling([], Vs).

:- '$doc'("labeling(+Options, +Vars)", "Assign values to the finite-domain variables in Vars, with Options choosing variable order, value order and optimisation.").
labeling(Options, Vars) :-
    must_be(list, Options),
    must_be(list, Vars),
    '$fd_label_check'(Vars),
    '$fd_label_options'(Options, Options, leftmost-_, up-_, step-_, [], Sel, Ord, Choice, Optim),
    (   Optim == []
    ->  '$fd_label'(Vars, Sel, Ord, Choice)
    ;   '$fd_optimise'(Vars, Sel, Ord, Choice, Optim)
    ).

'$fd_label_options'([], _, S-_, O-_, C-_, Opt0, S, O, C, Opt) :-
    '$fd_reverse'(Opt0, [], Opt).
'$fd_label_options'([X|Xs], All, S0, O0, C0, Opt0, S, O, C, Opt) :-
    (   var(X)
    ->  throw(error(instantiation_error, _))
    ;   '$fd_option_kind'(X, Kind)
    ->  (   Kind == optim
        ->  arg(1, X, Expr),
            \+ \+ _ #= Expr,
            '$fd_label_options'(Xs, All, S0, O0, C0, [X|Opt0], S, O, C, Opt)
        ;   Kind == sel
        ->  '$fd_set_option'(S0, X, All, S1),
            '$fd_label_options'(Xs, All, S1, O0, C0, Opt0, S, O, C, Opt)
        ;   Kind == ord
        ->  '$fd_set_option'(O0, X, All, O1),
            '$fd_label_options'(Xs, All, S0, O1, C0, Opt0, S, O, C, Opt)
        ;   '$fd_set_option'(C0, X, All, C1),
            '$fd_label_options'(Xs, All, S0, O0, C1, Opt0, S, O, C, Opt)
        )
    ;   throw(error(domain_error(labeling_option, X), _))
    ).

% Default-Set: an option given once; a second one of the same kind is an error.
'$fd_set_option'(_-Set, X, All, X-true) :-
    (   Set == true
    ->  throw(error(domain_error(consistent_labeling_options, All), _))
    ;   true
    ).

'$fd_option_kind'(leftmost, sel).
'$fd_option_kind'(ff, sel).
'$fd_option_kind'(ffc, sel).
'$fd_option_kind'(min, sel).
'$fd_option_kind'(max, sel).
'$fd_option_kind'(up, ord).
'$fd_option_kind'(down, ord).
'$fd_option_kind'(step, choice).
'$fd_option_kind'(enum, choice).
'$fd_option_kind'(bisect, choice).
'$fd_option_kind'(min(_), optim).
'$fd_option_kind'(max(_), optim).

'$fd_reverse'([], L, L).
'$fd_reverse'([X|Xs], L0, L) :- '$fd_reverse'(Xs, [X|L0], L).

'$fd_label'(Vars, Sel, Ord, Choice) :-
    (   '$fd_select'(Vars, Sel, Var, Rest)
    ->  '$fd_branch'(Choice, Var, Rest, Vars, Sel, Ord)
    ;   true
    ).

'$fd_branch'(step, Var, Rest, Vars, Sel, Ord) :-
    '$fd_first'(Var, Ord, V),
    (   '$fd_assign'(Var, V),
        '$fd_label'(Rest, Sel, Ord, step)
    ;   '$fd_exclude'(Var, V),
        '$fd_label'(Vars, Sel, Ord, step)
    ).
'$fd_branch'(enum, Var, Rest, _, Sel, Ord) :-
    '$fd_values'(Var, Ord, Values),
    '$fd_member'(V, Values),
    '$fd_assign'(Var, V),
    '$fd_label'(Rest, Sel, Ord, enum).
'$fd_branch'(bisect, Var, _, Vars, Sel, Ord) :-
    '$fd_mid'(Var, Mid),
    (   Ord == up
    ->  ( Var #=< Mid ; Var #> Mid )
    ;   ( Var #> Mid ; Var #=< Mid )
    ),
    '$fd_label'(Vars, Sel, Ord, bisect).

'$fd_member'(X, [Y|Ys]) :-
    (   Ys == []
    ->  X = Y
    ;   ( X = Y ; '$fd_member'(X, Ys) )
    ).

% min(Expr)/max(Expr): the solutions with the best value of Expr first (in
% labeling order), then those with the next best value, and so on. The best
% value is found by branch and bound: label, then demand a better value.
'$fd_optimise'(Vars, Sel, Ord, Choice, [Goal|Goals]) :-
    Best = best(none),
    '$fd_improve'(Vars, Sel, Ord, Choice, Goal, Best),
    arg(1, Best, found(Val)),
    arg(1, Goal, Expr),
    (   Expr #= Val,
        (   Goals == []
        ->  '$fd_label'(Vars, Sel, Ord, Choice)
        ;   '$fd_optimise'(Vars, Sel, Ord, Choice, Goals)
        )
    ;   Expr #\= Val,
        '$fd_optimise'(Vars, Sel, Ord, Choice, [Goal|Goals])
    ).

% Branch and bound: finds solutions better than the best so far until none is.
'$fd_improve'(Vars, Sel, Ord, Choice, Goal, Best) :-
    (   \+ \+ ( '$fd_tighten'(Goal, Best),
                once('$fd_label'(Vars, Sel, Ord, Choice)),
                arg(1, Goal, Expr),
                V is Expr,
                nb_setarg(1, Best, found(V))
              )
    ->  '$fd_improve'(Vars, Sel, Ord, Choice, Goal, Best)
    ;   true
    ).

'$fd_tighten'(Goal, Best) :-
    arg(1, Best, B),
    (   B = found(V)
    ->  arg(1, Goal, Expr),
        (   functor(Goal, min, 1)
        ->  Expr #< V
        ;   Expr #> V
        )
    ;   true
    ).

:- '$doc'("attr_unify_hook(+AttValue, +VarValue)", "Hook a module defines: called when a variable with its attribute AttValue is unified with VarValue.").
attr_unify_hook(Attr, Other) :-
    '$fd_unify'(Attr, Other).

:- '$doc'("attribute_goals(+Var, -Goals, ?Tail)", "Hook (DCG) a module defines: the goals that describe Var's attribute, for the toplevel and copy_term/3.").
attribute_goals(V) -->
    { '$fd_goals'(V, Gs) },
    '$fd_list'(Gs).

'$fd_list'([]) --> [].
'$fd_list'([G|Gs]) --> [G], '$fd_list'(Gs).
