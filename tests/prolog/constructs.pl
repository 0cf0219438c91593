% Control constructs in clause bodies: `->`, `;`, `*->`, `\+` with a cut in
% every position, variables first met in one branch, exceptions from inside a
% condition, and last calls after a construct. Each construct is written
% literally in a clause body (compiled inline) and also meta-called.
:- use_module(library(plunit)).

% --- cut in each position -----------------------------------------------------

% A cut in the condition is local to it.
cut_in_cond(X) :- ( member(X, [1, 2, 3]), !, X > 1 -> true ; X = none ).
cut_in_cond_all(L) :- findall(X, cut_in_cond(X), L).

% A cut in the then branch cuts the clause.
cut_in_then(X) :- ( true -> member(X, [1, 2]), ! ; X = else ).
cut_in_then(3).

% A cut in the else branch cuts the clause.
cut_in_else(X) :- ( fail -> X = then ; member(X, [1, 2]), ! ).
cut_in_else(3).

% A cut in a disjunct cuts the clause (the other disjuncts included).
cut_in_or(X) :- ( member(X, [a, b]), ! ; X = c ).
cut_in_or(d).

cut_in_second_or(X) :- ( X = a ; member(X, [b, c]), ! ; X = d ).
cut_in_second_or(e).

% A cut under \+ is local to it.
cut_in_not(X) :- member(X, [1, 2, 3]), \+ ( member(Y, [1, 2, 3]), Y > X, !, Y > 2 ).

% A cut in *->'s condition is local to it; in its then branch it cuts the clause.
cut_in_soft_cond(L) :- findall(X, ( member(X, [1, 2]), ! ; X = 3 ) *-> true ; X = no, L0), L = L0.
soft_then(X) :- ( member(X, [1, 2, 3]) *-> ( X >= 2, ! ) ; X = no ).
soft_then(4).

% Cut after a construct that left choicepoints.
cut_after(X) :- ( X = 1 ; X = 2 ), !.
cut_after(3).

% A cut before any call in a branch reached by backtracking.
neck_in_else(X, R) :- ( X == a -> R = first ; !, R = second ).
neck_in_else(_, third).

:- begin_tests(inline_cut).
test(cond_local, [L == [none]]) :- cut_in_cond_all(L).
test(then_cuts_clause, [all(X == [1])]) :- cut_in_then(X).
test(else_cuts_clause, [all(X == [1])]) :- cut_in_else(X).
test(or_cuts_clause, [all(X == [a])]) :- cut_in_or(X).
test(second_or_cuts_clause, [all(X == [a, b])]) :- cut_in_second_or(X).
test(not_local, [all(X == [1, 3])]) :- cut_in_not(X).
test(soft_then_cuts_clause, [all(X == [2])]) :- soft_then(X).
test(cut_after, [all(X == [1])]) :- cut_after(X).
test(neck_in_else, [all(R == [second])]) :- neck_in_else(b, R).
test(neck_in_else_then, [all(R == [first, third])]) :- neck_in_else(a, R).
test(meta_cut_local, [all(X == [1])]) :- G = (member(X, [1, 2]), ! ; X = 3), call(G).
:- end_tests(inline_cut).

% --- semantics of each construct ---------------------------------------------

soft(X, Y) :- ( member(X, [1, 2]) *-> Y = yes ; Y = no ).
soft_fail(Y) :- ( fail *-> Y = yes ; Y = no ).
ite_no_else(X) :- ( X > 0 -> true ).
soft_no_else(X) :- ( member(X, [a, b]) *-> true ).
or3(X) :- ( X = 1 ; X = 2 ; X = 3 ).
or_nested(X) :- ( ( X = 1 ; X = 2 ) ; ( X = 3 ; fail ; X = 4 ) ).
ite_chain(X, R) :- ( X < 0 -> R = neg ; X =:= 0 -> R = zero ; X < 10 -> R = small ; R = big ).
not_not(X) :- \+ \+ X = 1.
cond_or(X, R) :- ( ( X = a ; X = b ) -> R = ab ; R = other ).
or_in_cond(R) :- ( ( fail ; true ) -> R = yes ; R = no ).

:- begin_tests(inline_semantics).
test(soft_cut_all, [all(X-Y == [1-yes, 2-yes])]) :- soft(X, Y).
test(soft_cut_else, [Y == no]) :- soft_fail(Y).
test(ite_no_else_fails, [fail]) :- ite_no_else(0).
test(ite_no_else, [true]) :- ite_no_else(1).
test(soft_no_else, [all(X == [a, b])]) :- soft_no_else(X).
test(or3, [all(X == [1, 2, 3])]) :- or3(X).
test(or_nested, [all(X == [1, 2, 3, 4])]) :- or_nested(X).
test(ite_chain, [L == [neg, zero, small, big]]) :-
    findall(R, ( member(X, [-5, 0, 5, 50]), ite_chain(X, R) ), L).
test(not_not_keeps_unbound) :- not_not(X), var(X).
test(not_not_fails, [fail]) :- not_not(2).
test(cond_or_first_only, [all(X-R == [a-ab])]) :- cond_or(X, R).
test(or_in_cond, [R == yes]) :- or_in_cond(R).
:- end_tests(inline_semantics).

% --- variables first met in one branch ----------------------------------------

% Y first in the then branch, used after the construct.
branch_var(X, Y) :- ( X > 0 -> Y = pos ; true ), ( var(Y) -> Y = unset ; true ).
% Z first in each branch separately, after a call in one of them.
each_branch(X, Z) :- ( X = a, atom_length(X, N), Z = n(N) ; X = b, Z = b ), atom(X).
% W first in the condition, used in the then branch after a call.
cond_var(L, W) :- ( member(W, L), W > 2 -> atom_number(A, W), atom(A) ; W = none ).
% A variable made in a branch survives backtracking into the next one unbound.
fresh_again(L) :- findall(V-K, ( ( K = 1, V = one ; K = 2 ) ), L).

:- begin_tests(inline_variables).
test(then_only, [Y == pos]) :- branch_var(1, Y).
test(else_leaves_unbound, [Y == unset]) :- branch_var(0, Y).
test(each_branch, [all(X-Z == [a-n(1), b-b])]) :- each_branch(X, Z).
test(cond_var, [W == 3]) :- cond_var([1, 3, 4], W).
test(cond_var_else, [W == none]) :- cond_var([1], W).
test(fresh_again) :- fresh_again(L), L = [one-1, V-2], var(V).
:- end_tests(inline_variables).

% --- exceptions ---------------------------------------------------------------

throw_in_cond(R) :- catch(( atom_length(_, _) -> R = then ; R = else ), E, R = caught(E)).
throw_in_not(R) :- catch(( \+ X is foo + 1, R = no ; R = yes(X) ), error(E, _), R = caught(E)).
throw_in_or(R) :- catch(( fail ; throw(ball) ; R = late ), B, R = caught(B)).

:- begin_tests(inline_exceptions).
test(in_cond, [R = caught(error(instantiation_error, _))]) :-
    throw_in_cond(R).
test(in_not, [R == caught(type_error(evaluable, foo/0))]) :- throw_in_not(R).
test(in_or, [R == caught(ball)]) :- throw_in_or(R).
test(after_caught_retry, [all(X == [1, 2])]) :-
    member(X, [1, 2]), catch(( X > 5 -> throw(big) ; true ), _, true).
:- end_tests(inline_exceptions).

% --- last calls after a construct run in constant memory ----------------------

count_down(N) :- ( N =:= 0 -> true ; N1 is N - 1, count_down(N1) ).
count_or(N) :- ( N =:= 0, ! ; N1 is N - 1, count_or(N1) ).
count_not(N) :- ( \+ N > 0 -> true ; N1 is N - 1, count_not(N1) ).
count_acc(N, A0, A) :- ( N =:= 0 -> A = A0 ; A1 is A0 + N, N1 is N - 1, count_acc(N1, A1, A) ).

:- begin_tests(inline_last_call).
test(ite_million) :- count_down(1000000).
test(or_million) :- count_or(1000000).
test(not_million) :- count_not(1000000).
test(acc_million, [A == 500000500000]) :- count_acc(1000000, 0, A).
:- end_tests(inline_last_call).
