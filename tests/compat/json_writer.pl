% Writing nested data as indented JSON text with a DCG producing codes.
:- initialization(main, main).

json(obj(Ps), I) --> !, "{", nl_in(I), members(Ps, I), "}".
json(arr(Xs), I) --> !, "[", elements(Xs, I), "]".
json(S, _) --> { string(S) }, !, "\"", str(S), "\"".
json(N, _) --> { number(N) }, !, { number_codes(N, Cs) }, Cs.
json(true, _) --> "true".
json(false, _) --> "false".
json(null, _) --> "null".

members([], I) --> indent(I).
members([K-V|Ps], I) --> { I1 is I + 2 }, indent(I1), "\"", str(K), "\": ", json(V, I1),
    ( { Ps == [] } -> "\n" ; ",\n" ), members(Ps, I).
elements([], _) --> [].
elements([X|Xs], I) --> json(X, I), ( { Xs == [] } -> [] ; ", " ), elements(Xs, I).

str(S) --> { atom_codes(S, Cs) }, escaped(Cs).
escaped([]) --> [].
escaped([0'"|Cs]) --> !, "\\\"", escaped(Cs).
escaped([0'\n|Cs]) --> !, "\\n", escaped(Cs).
escaped([C|Cs]) --> [C], escaped(Cs).

nl_in(_) --> "\n".
indent(0) --> !.
indent(N) --> " ", { N1 is N - 1 }, indent(N1).

main :-
    Doc = obj([name-"knightlog", version-1.5, tags-arr(["prolog", "rust"]),
               nested-obj([ok-true, none-null, quote-"say \"hi\"\nbye"]), count-42]),
    phrase(json(Doc, 0), Cs), format("~s~n", [Cs]).
