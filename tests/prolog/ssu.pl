% Single sided unification rules (=>): matching versus unification, guards,
% commitment, the matching_rule error; mode/1 declarations are accepted.
% Run under knightlog and SWI-Prolog (tests/prolog_suites.rs).
:- use_module(library(plunit)).

:- mode(classify(+, -)).

classify(0, C) => C = zero.
classify(N, C), integer(N), N > 0 => C = positive.
classify(N, C), integer(N) => C = negative.
classify(_, C) => C = other.

first([H|_], F) => F = H.

same(X, X) => true.

shape(point(X, Y), D) => D is abs(X) + abs(Y).
shape(line(A, B), D) => shape(A, DA), shape(B, DB), D is DA + DB.

guarded(X, R), X = a => R = was_a.

len([], N) => N = 0.
len([_|T], N) => len(T, N0), N is N0 + 1.

commit(X) => member(X, [1, 2, 3]).
commit(_) => true.

body_fails(_) => fail.
body_fails(_) => true.

pick(f(X), Y) => Y = X.
pick(X, Y), integer(X) => Y = int.
pick(_, Y) => Y = other.

:- dynamic asserted_rule/2, asserted_clause/1.

% SWI-Prolog runs plunit tests in their own module and names it in the error.
:- meta_predicate mixing_error(0, -).
mixing_error(Goal, PI) :-
    catch(Goal, error(permission_error(assert, procedure, PI0), _), true),
    (   PI0 = _:PI -> true ; PI = PI0 ).

:- begin_tests(ssu).
test(match_atom, [C == zero]) :- classify(0, C).
test(guard_positive, [C == positive]) :- classify(5, C).
test(guard_negative, [C == negative]) :- classify(-2, C).
test(falls_through, [C == other]) :- classify(foo, C).
test(var_arg_is_not_bound, [C-X == other-X]) :- classify(X, C), var(X).
test(output_unified_in_body, [F == a]) :- first([a, b], F).
test(output_in_head_does_not_match, [fail]) :- first([a], b).
test(no_match_var_list, [error(existence_error(matching_rule, first(_, _)))]) :-
    first(_, _).
test(no_match_empty, [error(existence_error(matching_rule, first([], _)))]) :-
    first([], _).
test(nonlinear_identical) :- same(f(X), f(X)).
test(nonlinear_unifiable_not_identical,
     [error(existence_error(matching_rule, same(_, _)))]) :-
    same(_, _).
test(nonlinear_different, [error(existence_error(matching_rule, same(a, b)))]) :-
    same(a, b).
test(nested, [D == 10]) :- shape(line(point(1, -2), line(point(3, 0), point(-4, 0))), D).
test(guard_may_not_bind_caller,
     [error(existence_error(matching_rule, guarded(_, _)))]) :-
    guarded(_, _).
test(guard_tests_bound, [R == was_a]) :- guarded(a, R).
test(recursion, [N == 4]) :- len([a, b, c, d], N).
test(partial_list_no_match, [error(existence_error(matching_rule, len(_, _)))]) :-
    len([a|_], _).
test(body_choicepoints_kept, [all(X == [1, 2, 3])]) :- commit(X).
test(committed_body_failure_fails, [fail]) :- body_fails(x).
test(mode_declaration) :- mode(foo(+, -)).
test(clause_sees_rules, [Cs =@= [f(X)-(Y = X), X1-(integer(X1), !, Y1 = int), _-(_ = other)]]) :-
    findall(A-B, clause(pick(A, _), B), Cs0),
    Cs0 = [C1, C2, C3],
    C1 = f(X)-(Y = X), C2 = X1-(integer(X1), !, Y1 = int), C3 = _-(_ = other),
    Cs = Cs0.
test(clause_head_outputs_unify, [nondet, B == (Y = 1)]) :- clause(pick(f(1), Y), B).
test(retract_leaves_rules, [fail]) :-
    assertz((asserted_rule5(_) => true)),
    retract((asserted_rule5(_) :- _)).
test(assert_rule) :-
    assertz((asserted_rule(f(X), Y) => Y = X)),
    assertz((asserted_rule(_, Y) => Y = none)),
    asserted_rule(f(1), A), A == 1,
    asserted_rule(V, B), var(V), B == none.
test(assert_rule_no_match, [error(existence_error(matching_rule, _))]) :-
    assertz((asserted_rule2(a) => true)),
    asserted_rule2(b).
test(assert_clause_to_rules, [PI == asserted_rule3/1]) :-
    assertz((asserted_rule3(a) => true)),
    mixing_error(assertz(asserted_rule3(b)), PI).
test(assert_rule_to_clauses, [PI == asserted_clause/1]) :-
    assertz(asserted_clause(a)),
    mixing_error(assertz((asserted_clause(b) => true)), PI).
test(asserta_rule_first, [R == first]) :-
    assertz((asserted_rule4(_, R) => R = second)),
    asserta((asserted_rule4(x, R) => R = first)),
    asserted_rule4(x, R).
:- end_tests(ssu).
