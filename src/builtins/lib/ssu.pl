% ssu.pl -- single sided unification rules (SWI-Prolog 9): `Head => Body`,
% `Head, Guard => Body` and the grammar rules `Head ==> Body`.
%
% A rule compiles to an ordinary clause (builtins/ssu.rs adds it):
%     p(A1, ..., An) :- '$ssu_match'(Patterns, Actuals), Guard, !, Body.
% Head arguments that are variables occurring once stay in the head; the
% others are matched by '$ssu_match'/2 (subsumption: the caller's variables are
% never bound). A guard may not bind the caller's variables either (as in SWI,
% where `X = a` in a guard is a match): it counts as failing if it does. After
% a predicate's last rule a hidden clause raises
% existence_error(matching_rule, Goal).
% Tested by: tests/prolog/ssu.pl (run under knightlog and SWI-Prolog) and
% tests/ssu.rs (grammar rules, listing, which SWI-Prolog 9.0.4 lacks).

% '$ssu_translate'(+Rule-Module, -Clause-NoMatchClause)
'$ssu_translate'((H0 => _)-_, _) :- var(H0), !,
    throw(error(instantiation_error, _)).
'$ssu_translate'((H0, G => B)-M, Clause-NoMatch) :- !,
    '$ssu_clause'(H0, G, B, M, Clause, NoMatch).
'$ssu_translate'((H0 => B)-M, Clause-NoMatch) :-
    '$ssu_clause'(H0, true, B, M, Clause, NoMatch).

'$ssu_clause'(H0, _, _, _, _, _) :- var(H0), !,
    throw(error(instantiation_error, _)).
'$ssu_clause'(H0, _, _, _, _, _) :- \+ callable(H0), !,
    throw(error(type_error(callable, H0), _)).
'$ssu_clause'(H0, G, B, M, (H :- Body), (Any :- throw(Error))) :-
    H0 =.. [N|Args0],
    '$ssu_split'(Args0, Args0, Args, Pats, Acts),
    H =.. [N|Args],
    (   Pats == [] -> Match = true
    ;   P =.. ['$m'|Pats], A =.. ['$m'|Acts], Match = '$ssu_match'(P, A)
    ),
    (   G == true -> Body = (Match, !, B)
    ;   Vs = '$m'(Args),
        Body = (Match, term_variables(Vs, Free), G, '$ssu_still_free'(Free), !, B)
    ),
    length(Args0, Arity),
    functor(Any, N, Arity),
    (   M == user -> Culprit = Any, PI = N/Arity
    ;   Culprit = M:Any, PI = M:N/Arity
    ),
    Error = error(existence_error(matching_rule, Culprit), context(PI, _)).

% A head argument stays in the head when it is a variable met once in the head.
'$ssu_split'([], _, [], [], []).
'$ssu_split'([A|As], All, [A|Hs], Ps, Vs) :-
    var(A), '$ssu_occurrences'(All, A, 0, 1), !,
    '$ssu_split'(As, All, Hs, Ps, Vs).
'$ssu_split'([A|As], All, [V|Hs], [A|Ps], [V|Vs]) :-
    '$ssu_split'(As, All, Hs, Ps, Vs).

'$ssu_occurrences'([], _, N, N).
'$ssu_occurrences'([A|As], X, N0, N) :-
    (   A == X -> N1 is N0 + 1
    ;   compound(A), term_variables(A, Vs), '$ssu_memberchk_eq'(X, Vs) -> N1 is N0 + 2
    ;   N1 = N0
    ),
    '$ssu_occurrences'(As, X, N1, N).

'$ssu_memberchk_eq'(X, [Y|Ys]) :- ( X == Y -> true ; '$ssu_memberchk_eq'(X, Ys) ).

% The caller's variables are still distinct and unbound.
'$ssu_still_free'(Vs) :- term_variables(Vs, Vs1), Vs1 == Vs.

% Grammar rules with single sided unification: the list arguments are plain
% variables in the head, so the rule matches whatever list it is called with.
% `Head, List ==> Body` pushes List back; `Head, Guard ==> Body` with another
% guard runs it as a Prolog guard.
'$dcg_ssu_rule'((H, PB ==> B), (H1 => B0, B1)) :- is_list(PB), !,
    '$dcg_nonterminal'(H, S0, S, H1),
    '$dcg_body'(B, S0, S1, B0),
    '$dcg_terminals'(PB, S, S1, B1).
'$dcg_ssu_rule'((H, G ==> B), (H1, G => B1)) :- !,
    '$dcg_nonterminal'(H, S0, S, H1),
    '$dcg_body'(B, S0, S, B1).
'$dcg_ssu_rule'((H ==> B), (H1 => B1)) :-
    '$dcg_nonterminal'(H, S0, S, H1),
    '$dcg_body'(B, S0, S, B1).
