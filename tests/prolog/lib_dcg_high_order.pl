% library(dcg/high_order): sequence//2,3,5, optional//2, foreach//2,3.
:- use_module(library(plunit)).
:- use_module(library(dcg/high_order)).
:- use_module(library(dcg/basics)).

item(X) --> [X], { X \== 0', }.
word(W) --> string_without(` ,;`, Cs), { Cs \== [], atom_codes(W, Cs) }.

:- begin_tests(dcg_sequence).
test(seq2_longest_first, all(L-R == [`12`-`a`, `1`-`2a`, []-`12a`])) :-
    phrase(sequence(digit, L), `12a`, R).
test(seq2_all, [nondet, L == `12`]) :- phrase(sequence(digit, L), `12`).
test(seq2_empty, [L == []]) :- phrase(sequence(digit, L), ``).
test(seq2_generate, [S == `12`]) :- phrase(sequence(digit, `12`), S).
test(seq2_generate_empty, [S == []]) :- phrase(sequence(digit, []), S).
test(seq2_local, [nondet, L == [a, b]]) :- phrase(sequence(item, L), [a, b]).
test(seq2_unknown, error(existence_error(procedure, _))) :-
    phrase(sequence(no_such_nt, _), `x`, _).
test(seq3, [L-R == `123`-`x`]) :- phrase(sequence(digit, ",", L), `1,2,3x`, R).
test(seq3_all, [L == `123`]) :- phrase(sequence(digit, ",", L), `1,2,3`).
test(seq3_empty, [L-R == []-[]]) :- phrase(sequence(digit, ",", L), ``, R).
test(seq3_none, [L-R == []-`x`]) :- phrase(sequence(digit, ",", L), `x`, R).
test(seq3_trailing_sep, fail) :- phrase(sequence(digit, ",", _), `1,2,`, _).
test(seq3_integers, [L == [12, -3]]) :- phrase(sequence(integer, ",", L), `12,-3`).
test(seq3_words, [L == [ab, cd]]) :- phrase(sequence(word, ", ", L), `ab, cd`).
test(seq3_nonterminal_sep, [L == [1, 2, 3]]) :-
    phrase(sequence(integer, (whites, ",", whites), L), `1 ,2,  3`).
test(seq3_generate, [S == `1,2,3`]) :- phrase(sequence(integer, ",", [1, 2, 3]), S).
test(seq3_generate_one, [S == `7`]) :- phrase(sequence(integer, ",", [7]), S).
test(seq3_generate_empty, [S == []]) :- phrase(sequence(integer, ",", []), S).
test(seq3_strings, [L == [`ab`, `cd`]]) :- phrase(sequence(string_without(`,`), ",", L), `ab,cd`).
test(seq5, [L-R == `12`-`x`]) :- phrase(sequence("[", digit, ",", "]", L), `[1,2]x`, R).
test(seq5_empty, [L == []]) :- phrase(sequence("[", digit, ",", "]", L), `[]`).
test(seq5_unclosed, fail) :- phrase(sequence("[", digit, ",", "]", _), `[1,2`, _).
test(seq5_generate, [S == `(1, 2)`]) :- phrase(sequence("(", integer, ", ", ")", [1, 2]), S).
:- end_tests(dcg_sequence).

:- begin_tests(dcg_optional).
test(optional_match, [X-R == 12-`a`]) :- phrase(optional(integer(X), {X = none}), `12a`, R).
test(optional_default, [X-R == none-`a`]) :- phrase(optional(integer(X), {X = none}), `a`, R).
test(optional_literal, [R == `y`]) :- phrase(optional("x", []), `xy`, R).
test(optional_literal_absent, [R == `y`]) :- phrase(optional("x", []), `y`, R).
test(optional_generate, [S == `x`]) :- phrase(optional("x", []), S).
test(optional_default_fails, fail) :- phrase(optional("x", "z"), `y`, _).
:- end_tests(dcg_optional).

:- begin_tests(dcg_foreach).
test(foreach, [S == `123`]) :- phrase(foreach(member(X, [1, 2, 3]), integer(X)), S).
test(foreach_sep, [S == `1, 2, 3`]) :- phrase(foreach(member(X, [1, 2, 3]), integer(X), ", "), S).
test(foreach_none, [S == []]) :- phrase(foreach(member(X, []), integer(X), ", "), S).
test(foreach_one, [S == `a`]) :- phrase(foreach(member(X, [a]), atom(X), ","), S).
test(foreach_parse) :- phrase(foreach(member(X, [a, b]), atom(X), ","), `a,b`).
test(foreach_parse_rest, [R == `x`]) :- phrase(foreach(member(X, [1, 2]), integer(X)), `12x`, R).
test(foreach_parse_fail, fail) :- phrase(foreach(member(X, [1, 2]), integer(X), ","), `1;2`).
test(foreach_no_binding, [true(var(X))]) :- phrase(foreach(member(X, [1, 2]), integer(X)), _).
test(foreach_local, [S == [a, b]]) :- phrase(foreach(member(X, [a, b]), item(X)), S).
:- end_tests(dcg_foreach).
