/*  dcg_parse.pl -- DCG parsers of a small imperative language: a tokenizer
    over character codes (identifiers, integers, operators, keywords) and a
    recursive-descent statement/expression parser with precedence levels,
    then an evaluator of the parsed program; 400 rounds over a generated
    program of 60 statements.
    Result: the value of the program's last variable, worked out by hand
    (see expected/1).
*/

bench(V) :-
    program_text(Codes),
    parse_loop(400, Codes, V).

parse_loop(1, Cs, V) :- !, run_text(Cs, V).
parse_loop(N, Cs, V) :-
    run_text(Cs, _),
    N1 is N - 1,
    parse_loop(N1, Cs, V).

run_text(Cs, V) :-
    phrase(tokens(Ts), Cs),
    phrase(statements(Ss), Ts),
    exec(Ss, [], Env),
    memberchk(total = V, Env).

% The program: total := 0; then 30 pairs
%   x := <I> * 2 + (<I> - 1) * 3;
%   if x > 50 then total := total + x - 10 else total := total + 1 end;
program_text(Codes) :-
    numlist(1, 30, Is),
    foldl(pair_text, Is, "total := 0;\n", Text),
    string_codes(Text, Codes).

pair_text(I, T0, T) :-
    format(string(S),
           "x := ~w * 2 + (~w - 1) * 3;~nif x > 50 then total := total + x - 10 else total := total + 1 end;~n",
           [I, I]),
    string_concat(T0, S, T).

% --- tokenizer ---
tokens(Ts) --> blanks, tokens_(Ts).
tokens_([T|Ts]) --> token(T), !, blanks, tokens_(Ts).
tokens_([]) --> [].

blanks --> [C], { code_type(C, space) }, !, blanks.
blanks --> [].

token(T) --> [C], { code_type(C, digit(W)) }, !, digits(W, N), { T = int(N) }.
token(T) --> [C], { code_type(C, alpha) }, !, ident_rest(Cs), { atom_codes(A, [C|Cs]), keyword_or_id(A, T) }.
token(assign) --> ":=", !.
token(punct(P)) --> [C], { memberchk(C-P, [0'+ - (+), 0'- - (-), 0'* - (*), 0'> - (>), 0'< - (<), 0'( - '(', 0') - ')', 0'; - (;)]) }.

digits(N0, N) --> [C], { code_type(C, digit(W)) }, !, { N1 is N0 * 10 + W }, digits(N1, N).
digits(N, N) --> [].

ident_rest([C|Cs]) --> [C], { code_type(C, csym) }, !, ident_rest(Cs).
ident_rest([]) --> [].

keyword_or_id(A, kw(A)) :- memberchk(A, [if, then, else, end]), !.
keyword_or_id(A, id(A)).

% --- parser ---
statements([S|Ss]) --> statement(S), [punct(;)], !, statements(Ss).
statements([]) --> [].

statement(assign(X, E)) --> [id(X), assign], !, expr(E).
statement(if(C, Then, Else)) -->
    [kw(if)], expr(C), [kw(then)], statement(Then),
    [kw(else)], statement(Else), [kw(end)].

expr(E) --> sum(L), ( [punct(Op)], { memberchk(Op, [>, <]) } -> sum(R), { E =.. [Op, L, R] } ; { E = L } ).

sum(E) --> product(L), sum_rest(L, E).
sum_rest(L, E) --> [punct(Op)], { memberchk(Op, [+, -]) }, !, product(R), { L1 =.. [Op, L, R] }, sum_rest(L1, E).
sum_rest(E, E) --> [].

product(E) --> factor(L), product_rest(L, E).
product_rest(L, E) --> [punct(*)], !, factor(R), product_rest(L * R, E).
product_rest(E, E) --> [].

factor(num(N)) --> [int(N)], !.
factor(var(X)) --> [id(X)], !.
factor(E) --> [punct('(')], sum(E), [punct(')')].

% --- evaluator ---
exec([], Env, Env).
exec([S|Ss], Env0, Env) :- exec1(S, Env0, Env1), exec(Ss, Env1, Env).

exec1(assign(X, E), Env0, [X = V|Env1]) :-
    eval(E, Env0, V),
    ( selectchk(X = _, Env0, Env1) -> true ; Env1 = Env0 ).
exec1(if(C, T, E), Env0, Env) :-
    (   eval(C, Env0, true) -> exec1(T, Env0, Env) ; exec1(E, Env0, Env) ).

eval(num(N), _, N).
eval(var(X), Env, V) :- memberchk(X = V, Env).
eval(A + B, Env, V) :- eval(A, Env, X), eval(B, Env, Y), V is X + Y.
eval(A - B, Env, V) :- eval(A, Env, X), eval(B, Env, Y), V is X - Y.
eval(A * B, Env, V) :- eval(A, Env, X), eval(B, Env, Y), V is X * Y.
eval(A > B, Env, V) :- eval(A, Env, X), eval(B, Env, Y), ( X > Y -> V = true ; V = false ).
eval(A < B, Env, V) :- eval(A, Env, X), eval(B, Env, Y), ( X < Y -> V = true ; V = false ).

% x = 2I + 3(I-1) = 5I - 3; x > 50 when I >= 11.  I = 1..10 add 1 each
% (10); I = 11..30 add 5I - 13: 5 * (11 + ... + 30) - 20 * 13 = 5 * 410 - 260
% = 1790.  Total 1800.
expected(1800).
