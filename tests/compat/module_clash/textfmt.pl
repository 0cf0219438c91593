:- module(textfmt, [banner/2]).

banner(W, B) :- helper(W, B0), atom_concat(B0, '!', B).

helper(X, Y) :- upcase_atom(X, Y).
