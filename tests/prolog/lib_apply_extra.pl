% library(apply) additions: scanl/4..7. Run under knightlog and SWI-Prolog.
:- use_module(library(plunit)).
:- use_module(library(apply)).

add3(X, Y, A0, A) :- A is A0 + X * Y.

:- begin_tests(apply_extra).
test(scanl4, [L == [0, 1, 3, 6]]) :- scanl(plus, [1, 2, 3], 0, L).
test(scanl4_empty, [L == [0]]) :- scanl(plus, [], 0, L).
test(scanl4_backwards, [nondet, L0 == [1, 2]]) :- scanl(plus, L0, 0, [0, 1, 3]).
test(scanl5, [L == [0, 3, 11]]) :- scanl(add3, [1, 2], [3, 4], 0, L).
test(scanl6, [L == [0, 9, 21]]) :- scanl([X, Y, Z, A0, A]>>(A is A0 + X + Y + Z), [1, 2], [3, 4], [5, 6], 0, L).
test(scanl7, [L == [0, 16]]) :- scanl([X, Y, Z, W, A0, A]>>(A is A0 + X + Y + Z + W), [1], [3], [5], [7], 0, L).
test(scanl_fails, fail) :- scanl([X, _, _]>>(X > 1), [1, 2], 0, _).
test(scanl_unequal, fail) :- scanl(add3, [1, 2], [3], 0, _).
test(scanl_atoms, [L == [a, ab, abc]]) :- scanl([X, A0, A]>>atom_concat(A0, X, A), [b, c], a, L).
:- end_tests(apply_extra).
