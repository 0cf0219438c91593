% library(ugraphs): unweighted graphs. Run under knightlog and SWI-Prolog.
:- use_module(library(plunit)).
:- use_module(library(ugraphs)).

g([1-[3, 5], 2-[4], 3-[], 4-[5], 5-[]]).

:- begin_tests(ugraphs).
test(vertices_edges, [G == [a-[b], b-[c], c-[a], z-[]]]) :-
    vertices_edges_to_ugraph([a, z], [b-c, a-b, b-c, c-a], G).
test(vertices_edges_empty, [G == []]) :- vertices_edges_to_ugraph([], [], G).
test(vertices_edges_loop, [G == [1-[1, 2], 2-[]]]) :- vertices_edges_to_ugraph([], [1-1, 1-2], G).
test(vertices_edges_not_list, fail) :- vertices_edges_to_ugraph(foo, [], _).
test(vertices_edges_not_edge, fail) :- vertices_edges_to_ugraph([], [a], _).
test(vertices, [V == [1, 2, 3, 4, 5]]) :- g(G), vertices(G, V).
test(edges, [E == [1-3, 1-5, 2-4, 4-5]]) :- g(G), edges(G, E).
test(edges_not_graph, fail) :- edges(foo, _).
test(neighbors, [N == [3, 5]]) :- g(G), neighbors(1, G, N).
test(neighbours, [N == [5]]) :- g(G), neighbours(4, G, N).
test(neighbors_missing, fail) :- g(G), neighbors(9, G, _).
test(neighbors_unbound, fail) :- g(G), neighbors(_, G, _).
test(neighbors_standard_order, fail) :- g(G), neighbors(1.0, G, _).
test(add_vertices, [G == [0-[], 1-[2], 3-[]]]) :- add_vertices([1-[2]], [0, 3, 1], G).
test(del_vertices, [G == [1-[3, 5], 3-[], 5-[]]]) :- g(G0), del_vertices(G0, [4, 2], G).
test(del_vertices_edges, [G == [0-[], 5-[0]]]) :- del_vertices([0-[3], 3-[], 5-[0, 3]], [3], G).
test(del_vertices_absent_larger, [G == [1-[3], 3-[1]]]) :- del_vertices([1-[2, 3], 2-[3], 3-[1]], [2, 9], G).
test(add_edges, [G == [1-[2, 3], 2-[], 3-[], 4-[1]]]) :- add_edges([1-[2]], [1-3, 4-1, 1-2], G).
test(add_edges_loop, [G == [1-[2], 2-[3], 3-[3]]]) :- add_edges([1-[2], 2-[3], 3-[]], [3-3], G).
test(del_edges, [G == [1-[2], 2-[1]]]) :- del_edges([1-[2, 3], 2-[1]], [1-3, 2-2, 5-6], G).
test(transpose, [G == [1-[2], 2-[1], 3-[1]]]) :- transpose_ugraph([1-[2, 3], 2-[1], 3-[]], G).
test(transpose_empty, [G == []]) :- transpose_ugraph([], G).
test(compose, [G == [1-[4], 2-[1, 2], 3-[], 4-[]]]) :- compose([1-[2], 2-[3]], [2-[4], 3-[1, 2], 4-[]], G).
test(union, [G == [1-[2], 2-[3, 4], 3-[1, 2], 4-[]]]) :- ugraph_union([1-[2], 2-[3]], [2-[4], 3-[1, 2], 4-[]], G).
test(complement, [G == [a-[c], b-[a, c], c-[a, b]]]) :- complement([a-[b], b-[], c-[c]], G).
test(complement_numbers, [C == [1-[3], 2-[1], 3-[2]]]) :- complement([1-[1, 2], 2-[3], 3-[1]], C).
test(reachable, [V == [1, 3, 5]]) :- g(G), reachable(1, G, V).
test(reachable_chain, [V == [2, 4, 5]]) :- g(G), reachable(2, G, V).
test(reachable_cycle, [V == [a, b, c]]) :- reachable(b, [a-[b], b-[c], c-[a], z-[]], V).
test(reachable_missing, fail) :- g(G), reachable(9, G, _).
test(closure, [C == [1-[2, 3], 2-[3], 3-[], 4-[4]]]) :- transitive_closure([1-[2], 2-[3], 3-[], 4-[4]], C).
test(closure_cycle, [C == [1-[1, 2], 2-[1, 2]]]) :- transitive_closure([1-[2], 2-[1]], C).
test(closure_self, [C == [1-[1]]]) :- transitive_closure([1-[1]], C).
test(top_sort, [L == [1, 3, 2, 4, 5]]) :- top_sort([1-[2, 3], 2-[4], 3-[4], 4-[], 5-[]], L).
test(top_sort_no_edges, [L == [a, b, c]]) :- top_sort([a-[], b-[], c-[]], L).
test(top_sort_fan_out, [L == [a, d, c, b]]) :- top_sort([a-[b, c, d], b-[], c-[], d-[]], L).
test(top_sort_fan_in, [L == [b, c, d, a]]) :- top_sort([a-[], b-[a], c-[a], d-[a]], L).
test(top_sort_mixed, [L == [a, d, b, c]]) :- top_sort([a-[d], b-[], c-[], d-[]], L).
test(top_sort_two, [L == [4, 2, 1, 3]]) :- top_sort([1-[3], 2-[3], 3-[], 4-[1, 2]], L).
test(top_sort_graph_order, [L == [c, b, a]]) :- top_sort([c-[a], b-[a], a-[]], L).
test(top_sort_cycle, fail) :- top_sort([a-[b], b-[a]], _).
test(top_sort_self_loop, fail) :- top_sort([a-[a]], _).
test(top_sort_empty, [L == []]) :- top_sort([], L).
test(top_sort3, [L == [1, 2, x]]) :- top_sort([1-[2], 2-[]], [x], L).
test(top_sort3_open, [L-T == [1, 2|T]-T]) :- top_sort([1-[2], 2-[]], T, L).
test(connect, [S-G == 0-[0-[a, b, c], a-[b], b-[], c-[]]]) :- connect_ugraph([a-[b], b-[], c-[]], S, G).
test(connect_numbers, [S-G == -6-[-6-[-5], -5-[]]]) :- connect_ugraph([-5-[]], S, G).
test(connect_float, [S == -0.5]) :- connect_ugraph([0.5-[]], S, _).
test(connect_empty, [S-G == 0-[]]) :- connect_ugraph([], S, G).
test(connect_sorts, [L == [0, 1, 2]]) :- connect_ugraph([1-[2], 2-[]], _, G), top_sort(G, L).
:- end_tests(ugraphs).
