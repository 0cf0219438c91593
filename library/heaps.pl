% library(heaps): priority queues as pairing heaps, written for knightlog.
%
% A heap is heap(Tree, Size); Tree is nil or t(Key, Priority, SubTrees),
% where every priority in SubTrees is not smaller (standard order of terms)
% than Priority. Melding two trees puts the one with the smaller priority on
% top and the other first in its list of subtrees; on equal priorities the
% second one wins, so the newest of equal-priority elements comes out first.
% Removing the top melds its subtrees in pairs from left to right, then the
% pairs from right to left.

:- module(heaps,
          [ add_to_heap/4,
            delete_from_heap/4,
            empty_heap/1,
            get_from_heap/4,
            heap_size/2,
            heap_to_list/2,
            is_heap/1,
            list_to_heap/2,
            merge_heaps/3,
            min_of_heap/3,
            min_of_heap/5,
            singleton_heap/3
          ]).

%!  empty_heap(?Heap) is semidet.
empty_heap(heap(nil, 0)).

%!  singleton_heap(?Heap, ?Priority, ?Key) is semidet.
singleton_heap(heap(t(Key, Priority, []), 1), Priority, Key).

%!  add_to_heap(+Heap0, +Priority, ?Key, -Heap) is semidet.
add_to_heap(heap(T0, N0), Priority, Key, heap(T, N)) :-
    heap_meld(T0, t(Key, Priority, []), T),
    N is N0 + 1.

%!  get_from_heap(?Heap0, ?Priority, ?Key, -Heap) is semidet.
get_from_heap(heap(t(Key, Priority, Subs), N0), Priority, Key, heap(T, N)) :-
    heap_pairs(Subs, T),
    N is N0 - 1.

%!  min_of_heap(+Heap, ?Priority, ?Key) is semidet.
min_of_heap(heap(t(Key, Priority, _), _), Priority, Key).

%!  min_of_heap(+Heap, ?Priority1, ?Key1, ?Priority2, ?Key2) is semidet.
min_of_heap(heap(t(Key1, Priority1, Subs), _), Priority1, Key1, Priority2, Key2) :-
    heap_pairs(Subs, t(Key2, Priority2, _)).

%!  heap_size(+Heap, -Size) is det.
heap_size(heap(_, Size), Size).

%!  heap_to_list(+Heap, -Pairs) is det.
heap_to_list(heap(T, _), Pairs) :-
    heap_tree_list(T, Pairs).

heap_tree_list(nil, []).
heap_tree_list(t(Key, Priority, Subs), [Priority-Key|Pairs]) :-
    heap_pairs(Subs, T),
    heap_tree_list(T, Pairs).

%!  list_to_heap(+Pairs, -Heap) is det.
list_to_heap(Pairs, Heap) :-
    heap_add_all(Pairs, nil, 0, Heap).

heap_add_all([], T, N, heap(T, N)).
heap_add_all([Priority-Key|Pairs], T0, N0, Heap) :-
    heap_meld(T0, t(Key, Priority, []), T1),
    N1 is N0 + 1,
    heap_add_all(Pairs, T1, N1, Heap).

%!  merge_heaps(+Heap0, +Heap1, -Heap) is det.
merge_heaps(heap(T0, N0), heap(T1, N1), heap(T, N)) :-
    heap_meld(T0, T1, T),
    N is N0 + N1.

%!  delete_from_heap(+Heap0, -Priority, +Key, -Heap) is semidet.
%   Remove the first element (top first, then depth first through the
%   melded subtrees) whose key unifies with Key.
delete_from_heap(heap(T0, N0), Priority, Key, heap(T, N)) :-
    heap_delete(T0, Priority, Key, T),
    N is N0 - 1.

heap_delete(t(K, P, Subs), Priority, Key, T) :-
    heap_pairs(Subs, Rest0),
    (   K = Key
    ->  Priority = P,
        T = Rest0
    ;   heap_delete(Rest0, Priority, Key, Rest),
        (   Rest == nil
        ->  T = t(K, P, [])
        ;   T = t(K, P, [Rest])
        )
    ).

%!  is_heap(@Term) is semidet.
%   The heap order is checked, not the size (as SWI).
is_heap(Heap) :-
    nonvar(Heap),
    Heap = heap(T, N),
    integer(N),
    heap_check(T, none, 0, _).

heap_check(T, _, N0, N) :-
    T == nil,
    !,
    N = N0.
heap_check(T, Above, N0, N) :-
    nonvar(T),
    T = t(_, P, Subs),
    (   Above == none
    ->  true
    ;   Above @=< P
    ),
    N1 is N0 + 1,
    heap_check_subs(Subs, P, N1, N).

heap_check_subs(Subs, _, N0, N) :-
    Subs == [],
    !,
    N = N0.
heap_check_subs(Subs, P, N0, N) :-
    nonvar(Subs),
    Subs = [T|Ts],
    T \== nil,
    heap_check(T, P, N0, N1),
    heap_check_subs(Ts, P, N1, N).

% heap_meld(+T1, +T2, -T)
heap_meld(nil, T, T) :- !.
heap_meld(T, nil, T) :- !.
heap_meld(t(K1, P1, S1), t(K2, P2, S2), T) :-
    (   P1 @< P2
    ->  T = t(K1, P1, [t(K2, P2, S2)|S1])
    ;   T = t(K2, P2, [t(K1, P1, S1)|S2])
    ).

% heap_pairs(+SubTrees, -T): meld pairs left to right, then the results
% right to left.
heap_pairs([], nil).
heap_pairs([T], T) :- !.
heap_pairs([A, B|Ts], T) :-
    heap_meld(A, B, AB),
    heap_pairs(Ts, Rest),
    heap_meld(AB, Rest, T).
