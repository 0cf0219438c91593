% Goals handed from user to meta-predicates arrive as user:Goal, as the
% program's own meta-predicates show when they print them.
:- use_module(jobs).
:- use_module(tasks).
:- initialization(main, main).
:- meta_predicate show(0), show_each(1, +).

show(G) :- print(G), nl.
show_each(P, L) :- forall(member(X, L), (print(P-X), nl)).
hello :- writeln(hello).

main :-
    nightly,
    run_task(hello),
    show(hello), show(lists:append), show((hello, hello)),
    maplist(show, [a, b]),
    findall(x, show(in_findall), _),
    call(show, via_call),
    show_each(succ, [1]),
    G = show(bound), call(G), once(G), ignore(G), \+ \+ G,
    collect(X, member(X, [u]), L), print(L), nl,
    on_each(show, [z]).
