% library(ordsets) additions. Run under knightlog and SWI-Prolog.
:- use_module(library(plunit)).
:- use_module(library(ordsets)).

:- begin_tests(ordsets_extra).
test(selectchk, [S == [a, c]]) :- ord_selectchk(b, [a, b, c], S).
test(selectchk_first, [S == [b, c]]) :- ord_selectchk(a, [a, b, c], S).
test(selectchk_missing, fail) :- ord_selectchk(d, [a, b, c], _).
test(selectchk_missing_middle, fail) :- ord_selectchk(bb, [a, b, c], _).
test(selectchk_insert, [S == [a, b, c]]) :- ord_selectchk(b, S, [a, c]).
test(intersect3, [I == [b, c]]) :- ord_intersect([a, b, c], [b, c, d], I).
test(intersection4, [I-D == [b, c]-[d]]) :- ord_intersection([a, b, c], [b, c, d], I, D).
test(intersection4_b, [I-D == [a, c]-[b, d]]) :- ord_intersection([a, c], [a, b, c, d], I, D).
test(intersection4_empty, [I-D == []-[x]]) :- ord_intersection([], [x], I, D).
test(union4, [U-N == [a, b, c, d]-[b, d]]) :- ord_union([a, c], [b, c, d], U, N).
test(union4_same, [U-N == [a, b]-[]]) :- ord_union([a, b], [a, b], U, N).
test(union4_empty, [U-N == [a]-[a]]) :- ord_union([], [a], U, N).
test(seteq, [true]) :- ord_seteq([a, b], [a, b]).
test(seteq_not, fail) :- ord_seteq([a, b], [a]).
test(intersection2, [I == [b, c]]) :- ord_intersection([[a, b, c], [b, c, d], [b, c]], I).
test(intersection2_one, [I == [a]]) :- ord_intersection([[a]], I).
test(intersection2_empty, fail) :- ord_intersection([], _).
:- end_tests(ordsets_extra).
