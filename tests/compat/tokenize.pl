% A tokenizer for a C-like language using char_type/2 and code lists.
:- initialization(main, main).

source("int main() { int x = 42; /* comment */ if (x >= 10) return x*2; // done\n return -1; }").

tokens([], []).
tokens([C|Cs], Ts) :- code_type(C, space), !, tokens(Cs, Ts).
tokens([0'/, 0'*|Cs], Ts) :- !, skip_block(Cs, Rest), tokens(Rest, Ts).
tokens([0'/, 0'/|Cs], Ts) :- !, skip_line(Cs, Rest), tokens(Rest, Ts).
tokens([C|Cs], [T|Ts]) :- code_type(C, csymf), !, span(csym, Cs, Ws, Rest), atom_codes(A, [C|Ws]), classify(A, T), tokens(Rest, Ts).
tokens([C|Cs], [int(N)|Ts]) :- code_type(C, digit), !, span(digit, Cs, Ds, Rest), number_codes(N, [C|Ds]), tokens(Rest, Ts).
tokens([C1, C2|Cs], [op(Op)|Ts]) :- atom_codes(Op, [C1, C2]), memberchk(Op, ['>=', '<=', '==', '!=', '&&', '||']), !, tokens(Cs, Ts).
tokens([C|Cs], [P|Ts]) :- char_code(Ch, C), ( memberchk(Ch, ['(', ')', '{', '}', ;]) -> P = punct(Ch) ; P = op(Ch) ), tokens(Cs, Ts).

span(Type, [C|Cs], [C|Ws], Rest) :- code_type(C, Type), !, span(Type, Cs, Ws, Rest).
span(_, Rest, [], Rest).
skip_block([0'*, 0'/|Rest], Rest) :- !.
skip_block([_|Cs], Rest) :- skip_block(Cs, Rest).
skip_line([0'\n|Rest], Rest) :- !.
skip_line([_|Cs], Rest) :- skip_line(Cs, Rest).
skip_line([], []).

classify(A, kw(A)) :- memberchk(A, [int, if, return, while]), !.
classify(A, id(A)).

main :-
    source(S), string_codes(S, Cs), tokens(Cs, Ts),
    length(Ts, N), format("~d tokens~n", [N]),
    forall(member(T, Ts), (print(T), nl)),
    findall(K, member(kw(K), Ts), Ks), msort(Ks, SKs), clumped_pairs(SKs, Cl), print(Cl), nl,
    forall(member(C, [0'a, 0'Z, 0'5, 0'_, 0' , 0'!]),
           ( findall(Ty, (member(Ty, [alpha, alnum, digit(_), space, upper(_), lower(_), punct, csym, graph]), code_type(C, Ty)), Tys),
             format("~c: ~w~n", [C, Tys]) )),
    char_type(Y, upper(q)), format("~w~n", [Y]).

clumped_pairs(L, P) :- clumped(L, P).
