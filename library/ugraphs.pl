% library(ugraphs): unweighted graphs, written for knightlog.
%
% A graph is a list of Vertex-Neighbours pairs sorted on Vertex, where
% Neighbours is the ordered set (sorted, no duplicates) of the vertices
% that Vertex has an edge to. Every vertex that is a neighbour is also a
% vertex of the graph.

:- module(ugraphs,
          [ add_edges/3,
            add_vertices/3,
            complement/2,
            compose/3,
            del_edges/3,
            del_vertices/3,
            edges/2,
            neighbors/3,
            neighbours/3,
            reachable/3,
            top_sort/2,
            top_sort/3,
            transitive_closure/2,
            transpose_ugraph/2,
            vertices/2,
            vertices_edges_to_ugraph/3,
            ugraph_union/3,
            connect_ugraph/3
          ]).

:- use_module(library(lists)).
:- use_module(library(ordsets)).
:- use_module(library(assoc)).

%!  vertices(+Graph, -Vertices) is det.
vertices([], []).
vertices([V-_|G], [V|Vs]) :-
    vertices(G, Vs).

%!  edges(+Graph, -Edges) is det.
edges(Graph, Edges) :-
    ug_edges(Graph, Edges, []).

ug_edges([], Es, Es).
ug_edges([V-Ns|G], Es0, Es) :-
    ug_edges_from(Ns, V, Es0, Es1),
    ug_edges(G, Es1, Es).

ug_edges_from([], _, Es, Es).
ug_edges_from([N|Ns], V, [V-N|Es0], Es) :-
    ug_edges_from(Ns, V, Es0, Es).

%!  vertices_edges_to_ugraph(+Vertices, +Edges, -Graph) is det.
vertices_edges_to_ugraph(Vertices, Edges, Graph) :-
    is_list(Vertices),
    ug_endpoints(Edges, Ends, Vertices),
    sort(Ends, Vs),
    sort(Edges, Es),
    ug_build(Vs, Es, Graph).

ug_endpoints(Edges, Ends, Tail) :-
    Edges == [],
    !,
    Ends = Tail.
ug_endpoints([A-B|Es], [A, B|Ends], Tail) :-
    ug_endpoints(Es, Ends, Tail).

% ug_build(+SortedVertices, +SortedEdges, -Graph)
ug_build([], _, []).
ug_build([V|Vs], Es0, [V-Ns|G]) :-
    ug_take(Es0, V, Ns, Es),
    ug_build(Vs, Es, G).

ug_take([A-B|Es0], V, Ns, Es) :-
    A == V,
    !,
    Ns = [B|Ns1],
    ug_take(Es0, V, Ns1, Es).
ug_take(Es, _, [], Es).

%!  add_vertices(+Graph, +Vertices, -NewGraph) is det.
add_vertices(Graph, Vertices, NewGraph) :-
    msort(Vertices, Vs),
    ug_add_vertices(Graph, Vs, NewGraph).

ug_add_vertices([], Vs, G) :- !,
    ug_empty_vertices(Vs, G).
ug_add_vertices(G, [], G) :- !.
ug_add_vertices([V-Ns|G0], [W|Ws], G) :-
    compare(Order, V, W),
    ug_add_vertices_(Order, V, Ns, G0, W, Ws, G).

ug_add_vertices_(=, V, Ns, G0, _, Ws, [V-Ns|G]) :-
    ug_add_vertices(G0, Ws, G).
ug_add_vertices_(<, V, Ns, G0, W, Ws, [V-Ns|G]) :-
    ug_add_vertices(G0, [W|Ws], G).
ug_add_vertices_(>, V, Ns, G0, W, Ws, [W-[]|G]) :-
    ug_add_vertices([V-Ns|G0], Ws, G).

% As SWI: a new vertex given twice is added twice.
ug_empty_vertices([], []).
ug_empty_vertices([V|Vs], [V-[]|G]) :-
    ug_empty_vertices(Vs, G).

%!  del_vertices(+Graph, +Vertices, -NewGraph) is det.
del_vertices(Graph, Vertices, NewGraph) :-
    sort(Vertices, Vs),
    ug_del_vertices(Graph, Vs, NewGraph).

ug_del_vertices([], _, []).
ug_del_vertices([V-Ns0|G0], Del, G) :-
    (   ord_memberchk(V, Del)
    ->  G = G1
    ;   ord_subtract(Ns0, Del, Ns),
        G = [V-Ns|G1]
    ),
    ug_del_vertices(G0, Del, G1).

%!  add_edges(+Graph, +Edges, -NewGraph) is det.
add_edges(Graph, Edges, NewGraph) :-
    ug_endpoints(Edges, Ends, []),
    sort(Ends, Vs),
    sort(Edges, Es),
    ug_build(Vs, Es, G1),
    ugraph_union(Graph, G1, NewGraph).

%!  del_edges(+Graph, +Edges, -NewGraph) is det.
del_edges(Graph, Edges, NewGraph) :-
    ug_endpoints(Edges, Ends, []),
    sort(Ends, Vs),
    sort(Edges, Es),
    ug_build(Vs, Es, G1),
    ug_subtract(Graph, G1, NewGraph).

ug_subtract([], _, []) :- !.
ug_subtract(G, [], G) :- !.
ug_subtract([V-Ns|G0], [W-Ms|G1], G) :-
    compare(Order, V, W),
    (   Order == (=)
    ->  ord_subtract(Ns, Ms, Ns1),
        G = [V-Ns1|G2],
        ug_subtract(G0, G1, G2)
    ;   Order == (<)
    ->  G = [V-Ns|G2],
        ug_subtract(G0, [W-Ms|G1], G2)
    ;   ug_subtract([V-Ns|G0], G1, G)
    ).

%!  ugraph_union(+Graph1, +Graph2, -Graph) is det.
ugraph_union([], G, G) :- !.
ugraph_union(G, [], G) :- !.
ugraph_union([V-Ns|G0], [W-Ms|G1], G) :-
    compare(Order, V, W),
    (   Order == (=)
    ->  ord_union(Ns, Ms, Ns1),
        G = [V-Ns1|G2],
        ugraph_union(G0, G1, G2)
    ;   Order == (<)
    ->  G = [V-Ns|G2],
        ugraph_union(G0, [W-Ms|G1], G2)
    ;   G = [W-Ms|G2],
        ugraph_union([V-Ns|G0], G1, G2)
    ).

%!  neighbors(+Vertex, +Graph, -Neighbours) is semidet.
neighbors(Vertex, Graph, Neighbours) :-
    ug_neighbours(Graph, Vertex, Neighbours).

%!  neighbours(+Vertex, +Graph, -Neighbours) is semidet.
neighbours(Vertex, Graph, Neighbours) :-
    ug_neighbours(Graph, Vertex, Neighbours).

ug_neighbours([V-Ns0|G], Vertex, Ns) :-
    (   V == Vertex
    ->  Ns = Ns0
    ;   ug_neighbours(G, Vertex, Ns)
    ).

%!  complement(+Graph, -NewGraph) is det.
%   No vertex gets an edge to itself.
complement(Graph, NewGraph) :-
    vertices(Graph, Vs),
    ug_complement(Graph, Vs, NewGraph).

ug_complement([], _, []).
ug_complement([V-Ns|G0], Vs, [V-Cs|G]) :-
    ord_add_element(Ns, V, Ns1),
    ord_subtract(Vs, Ns1, Cs),
    ug_complement(G0, Vs, G).

%!  compose(+G1, +G2, -Composition) is det.
%   V has an edge to W in Composition if some X has V->X in G1 and X->W
%   in G2. The vertices are those of both graphs.
compose(G1, G2, Composition) :-
    vertices(G1, V1),
    vertices(G2, V2),
    ord_union(V1, V2, Vs),
    ug_compose(Vs, G1, G2, Composition).

ug_compose([], _, _, []).
ug_compose([V|Vs], G1, G2, [V-Ns|G]) :-
    (   G1 = [W-Xs|G1r],
        W == V
    ->  ug_compose_ns(Xs, G2, [], Ns)
    ;   G1r = G1,
        Ns = []
    ),
    ug_compose(Vs, G1r, G2, G).

ug_compose_ns([], _, Ns, Ns).
ug_compose_ns([X|Xs], G2, Ns0, Ns) :-
    (   ug_neighbours(G2, X, Ys)
    ->  ord_union(Ns0, Ys, Ns1)
    ;   Ns1 = Ns0
    ),
    ug_compose_ns(Xs, G2, Ns1, Ns).

%!  transpose_ugraph(+Graph, -NewGraph) is det.
transpose_ugraph(Graph, NewGraph) :-
    vertices(Graph, Vs),
    ug_flip_edges(Graph, Flipped, []),
    sort(Flipped, Es),
    ug_build(Vs, Es, NewGraph).

ug_flip_edges([], Es, Es).
ug_flip_edges([V-Ns|G], Es0, Es) :-
    ug_flip_from(Ns, V, Es0, Es1),
    ug_flip_edges(G, Es1, Es).

ug_flip_from([], _, Es, Es).
ug_flip_from([N|Ns], V, [N-V|Es0], Es) :-
    ug_flip_from(Ns, V, Es0, Es).

%!  reachable(+Vertex, +Graph, -Vertices) is semidet.
%   Vertices is the ordered set of vertices reachable from Vertex,
%   including Vertex itself. Fails if Vertex is not in Graph.
reachable(Vertex, Graph, Reachable) :-
    ug_neighbours(Graph, Vertex, _),
    ug_reach([Vertex], Graph, [Vertex], Reachable).

ug_reach([], _, Seen, Seen).
ug_reach([V|Vs], Graph, Seen0, Seen) :-
    (   ug_neighbours(Graph, V, Ns)
    ->  ord_subtract(Ns, Seen0, New),
        ord_union(Seen0, New, Seen1),
        append(New, Vs, Todo)
    ;   Seen1 = Seen0,
        Todo = Vs
    ),
    ug_reach(Todo, Graph, Seen1, Seen).

%!  transitive_closure(+Graph, -Closure) is det.
%   Warshall's algorithm: for every vertex V in turn, every vertex with an
%   edge to V gets V's edges.
transitive_closure(Graph, Closure) :-
    ug_warshall(Graph, Graph, Closure).

ug_warshall([], Closure, Closure).
ug_warshall([V-_|Vs], G0, Closure) :-
    ug_neighbours(G0, V, NsV),
    ug_warshall_step(G0, V, NsV, G1),
    ug_warshall(Vs, G1, Closure).

ug_warshall_step([], _, _, []).
ug_warshall_step([W-Ns0|G0], V, NsV, [W-Ns|G]) :-
    (   ord_memberchk(V, Ns0)
    ->  ord_union(Ns0, NsV, Ns)
    ;   Ns = Ns0
    ),
    ug_warshall_step(G0, V, NsV, G).

%!  top_sort(+Graph, -Sorted) is semidet.
top_sort(Graph, Sorted) :-
    top_sort(Graph, [], Sorted).

%!  top_sort(+Graph, +Tail, -Sorted) is semidet.
%   Sorted is a topological order of the vertices of Graph followed by
%   Tail. Vertices without incoming edges are taken in the order of Graph;
%   taking a vertex puts the neighbours whose last incoming edge it was in
%   front of the remaining ones, in their order. Fails on a cycle.
top_sort(Graph, Tail, Sorted) :-
    empty_assoc(A0),
    ug_assoc_vertices(Graph, A0, Adj, A0, Counts0),
    ug_count_edges(Graph, Counts0, Counts),
    ug_zeros(Graph, Counts, Zeros),
    length(Graph, N),
    ug_kahn(Zeros, Adj, Counts, N, Sorted, Tail).

% Adjacency and zero in-degree for every vertex (the graph may be unsorted).
ug_assoc_vertices([], Adj, Adj, C, C).
ug_assoc_vertices([V-Ns|G], Adj0, Adj, C0, C) :-
    put_assoc(V, Adj0, Ns, Adj1),
    put_assoc(V, C0, 0, C1),
    ug_assoc_vertices(G, Adj1, Adj, C1, C).

ug_count_edges([], C, C).
ug_count_edges([_-Ns|G], C0, C) :-
    ug_count_in(Ns, C0, C1),
    ug_count_edges(G, C1, C).

ug_count_in([], C, C).
ug_count_in([N|Ns], C0, C) :-
    (   get_assoc(N, C0, K0)
    ->  true
    ;   K0 = 0
    ),
    K is K0 + 1,
    put_assoc(N, C0, K, C1),
    ug_count_in(Ns, C1, C).

ug_zeros([], _, []).
ug_zeros([V-_|G], Counts, Zeros) :-
    (   get_assoc(V, Counts, 0)
    ->  Zeros = [V|Zeros1]
    ;   Zeros = Zeros1
    ),
    ug_zeros(G, Counts, Zeros1).

ug_kahn([], _, _, N, Sorted, Tail) :-
    N =:= 0,
    Sorted = Tail.
ug_kahn([V|Vs], Adj, Counts0, N0, [V|Sorted], Tail) :-
    (   get_assoc(V, Adj, Ns)
    ->  true
    ;   Ns = []
    ),
    ug_decrement(Ns, Counts0, Counts, Vs, Stack),
    N is N0 - 1,
    ug_kahn(Stack, Adj, Counts, N, Sorted, Tail).

ug_decrement([], C, C, Stack, Stack).
ug_decrement([N|Ns], C0, C, Stack0, Stack) :-
    get_assoc(N, C0, K0),
    K is K0 - 1,
    put_assoc(N, C0, K, C1),
    (   K =:= 0
    ->  Stack1 = [N|Stack0]
    ;   Stack1 = Stack0
    ),
    ug_decrement(Ns, C1, C, Stack1, Stack).

%!  connect_ugraph(+Graph, -Start, -NewGraph) is det.
%   Start is a new vertex before all others, with an edge to every vertex:
%   one less than the first vertex if that is a number, else 0.
connect_ugraph([], Start, Graph) :- !,
    Start = 0,
    Graph = [].
connect_ugraph(Graph0, Start, [Start-Vs|Graph0]) :-
    vertices(Graph0, Vs),
    Vs = [First|_],
    (   number(First)
    ->  Start is First - 1
    ;   Start = 0
    ).
