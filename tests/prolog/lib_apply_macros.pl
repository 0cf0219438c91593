% library(apply_macros): expand_phrase/2,4. Run under knightlog and SWI-Prolog.
:- use_module(library(plunit)).
:- use_module(library(apply_macros)).

greeting --> [hello], name.
name --> [world].
name --> [prolog].

:- begin_tests(apply_macros).
test(nonterminal, [G == foo(L, [])]) :- expand_phrase(phrase(foo, L), G).
test(nonterminal3, [G == foo(L, R)]) :- expand_phrase(phrase(foo, L, R), G).
test(args, [G == foo(1, [a], R)]) :- expand_phrase(phrase(foo(1), [a], R), G).
test(terminals, [G == (L = [x])]) :- expand_phrase(phrase([x], L), G).
test(terminals3, [G == (L = [x|R])]) :- expand_phrase(phrase([x], L, R), G).
test(empty_list, [G == (L = [])]) :- expand_phrase(phrase([], L), G).
test(string, [G == (L = [0'a, 0'b])]) :- expand_phrase(phrase("ab", L), G).
test(string3, [G == (L = [0'a, 0'b|R])]) :- expand_phrase(phrase("ab", L, R), G).
test(call, [G == call(foo, 1, L, [])]) :- expand_phrase(phrase(call(foo, 1), L), G).
test(qualified, [G == m:foo(L, [])]) :- expand_phrase(phrase(m:foo, L), G).
test(qualified_terminals, [G == m:(L = [x])]) :- expand_phrase(phrase(m:[x], L), G).
test(conjunction, fail) :- expand_phrase(phrase((a, b), _), _).
test(disjunction, fail) :- expand_phrase(phrase((a ; b), _), _).
test(if_then, fail) :- expand_phrase(phrase((a -> b), _), _).
test(braces, fail) :- expand_phrase(phrase({true}, _), _).
test(cut, fail) :- expand_phrase(phrase(!, _), _).
test(unbound_body, fail) :- expand_phrase(phrase(_, _), _).
test(number_body, fail) :- expand_phrase(phrase(1, _), _).
test(not_phrase, fail) :- expand_phrase(foo, _).
test(pos, [G == foo(L, R)]) :- expand_phrase(phrase(foo, L, R), _, G, _).
test(pos_bound, fail) :- expand_phrase(phrase(foo, _), [p], _, _).
test(run, all(W == [world, prolog])) :-
    expand_phrase(phrase(greeting, [hello, W]), G), call(G).
:- end_tests(apply_macros).
