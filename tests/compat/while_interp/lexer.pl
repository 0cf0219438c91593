:- module(lexer, [tokens//1]).

tokens(Ts) --> blanks, tokens_(Ts).
tokens_([T|Ts]) --> token(T), !, blanks, tokens_(Ts).
tokens_([]) --> [].

blanks --> [C], { code_type(C, space) }, !, blanks.
blanks --> [].

token(num(N)) --> digit(D), digits(Ds), { number_codes(N, [D|Ds]) }.
token(T) --> letter(L), alnums(Ls), { atom_codes(A, [L|Ls]), keyword_or_id(A, T) }.
token(':=') --> ":=".
token(op(O)) --> [C], { memberchk(C, `+-*<>`), atom_codes(O, [C]) }.
token(';') --> ";".

digits([D|Ds]) --> digit(D), !, digits(Ds).
digits([]) --> [].
digit(D) --> [D], { code_type(D, digit) }.
alnums([C|Cs]) --> [C], { code_type(C, alnum) }, !, alnums(Cs).
alnums([]) --> [].
letter(L) --> [L], { code_type(L, alpha) }.

keyword_or_id(A, kw(A)) :- keyword(A), !.
keyword_or_id(A, id(A)).

keyword(while). keyword(do). keyword(end). keyword(print).
keyword(if). keyword(then). keyword(else).
