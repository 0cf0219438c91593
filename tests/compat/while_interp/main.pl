% An interpreter for a small imperative language: the lexer and parser are
% DCG modules, the evaluator keeps its environment in an assoc.
:- use_module(lexer, [tokens//1]).
:- use_module(parser).
:- use_module(eval, [run/2]).
:- initialization(main, main).

program("x := 10; y := 1; while x > 0 do y := y * 2; x := x - 1 end; print y;
         n := 7; f := 1; while n > 1 do f := f * n; n := n - 1 end; print f;
         if f > 5000 then print 1 else print 0 end").

main :-
    program(Text),
    string_codes(Text, Codes),
    phrase(tokens(Toks), Codes),
    length(Toks, NT), format("~d tokens~n", [NT]),
    (   phrase(statements(AST), Toks)
    ->  run(AST, Env),
        forall(member(K-V, Env), format("~w = ~w~n", [K, V]))
    ;   writeln('parse error')
    ).
