% DCG translation (issue 19): {G} runs G in place, as SWI-Prolog translates it (no call/1
% around it), so `{!}` cuts the rule's clause; a variable G is a body variable.  The
% translations are compared as portray_clause/1 text, the way listing/1 shows them.
:- use_module(library(plunit)).
:- use_module(library(lists)).

shown(Rule, Text) :-
    dcg_translate_rule(Rule, Clause),
    with_output_to(string(Text), portray_clause(Clause)).

% {!} commits to the first clause: one answer, not two.
digit(D) --> [D], { code_type(D, digit) }, !.
digit(0'x) --> [_].
first_only(X) --> ( [a], {!}, { X = a } ; { X = other } ).
% A variable goal in braces, bound at run time; its cut is local to it.
run(G) --> { G }, [z].

:- begin_tests(dcg).
test(braces_in_place, [T == "a(A, B) :-\n    C=1,\n    D=A,\n    D=[C|B].\n"]) :-
    shown((a --> {X = 1}, [X]), T).
test(braces_cut, [T == "b(A, B) :-\n    !,\n    C=A,\n    C=[c|B].\n"]) :-
    shown((b --> {!}, [c]), T).
test(braces_variable, [T == "c(A, B, C) :-\n    A,\n    D=B,\n    D=[d|C].\n"]) :-
    shown((c(G) --> {G}, [d]), T).
test(pushback_and_braces, [T == "d(A, B) :-\n    A=[q|C],\n    true,\n    D=C,\n    B=[p|D].\n"]) :-
    shown((d, [p] --> [q], {true}), T).
test(call_nonterminal_and_braces_with_cut, [T == "e(A, B) :-\n    call(foo, x, A, C),\n    atom(y),\n    !,\n    B=C.\n"]) :-
    shown((e --> call(foo, x), {atom(y), !}), T).
test(negation, [T == "h(A, B) :-\n    \\+ A=[x|_],\n    C=A,\n    z,\n    B=C.\n"]) :-
    shown((h --> \+ [x], {z}), T).
test(if_then_else_with_braces, [T == "m(A, B) :-\n    (   a,\n        C=A\n    ->  C=[b|B]\n    ;   c,\n        B=A\n    ).\n"]) :-
    shown((m --> ({a} -> [b] ; {c})), T).
test(cut_in_braces_commits, [all(D == [0'7])]) :-
    phrase(digit(D), `7`).
test(cut_in_braces_inside_disjunction, [all(X == [a])]) :-
    phrase(first_only(X), [a]).
test(variable_goal_cut_is_local, [all(X == [1, 2])]) :-
    phrase(run((member(X, [1, 2]), true)), [z]).
test(variable_goal_with_cut, [all(X == [1])]) :-
    phrase(run((member(X, [1, 2]), !)), [z]).
:- end_tests(dcg).
