:- module(grammar, [order//1]).

order(Lines) --> "buy ", lines(Lines).

lines([L|Ls]) --> line(L), ( sep -> lines(Ls) ; { Ls = [] } ).
sep --> ", ".
sep --> " and ".

line(N-P) --> number(N), " ", word(W), { plural(P, W) }.

number(N) --> digits(Ds), { Ds \== [], number_codes(N, Ds) }.
digits([D|Ds]) --> [D], { code_type(D, digit) }, !, digits(Ds).
digits([]) --> [].
word(W) --> letters(Cs), { Cs \== [], atom_codes(W, Cs) }.
letters([C|Cs]) --> [C], { code_type(C, alpha) }, !, letters(Cs).
letters([]) --> [].

plural(P, W) :- atom_concat(P, s, W), !.
plural(W, W).
