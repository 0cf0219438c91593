% Everyday string handling: splitting, joining, case, padding, searching.
:- initialization(main, main).

main :-
    S = "  Hello, World of Prolog  ",
    split_string(S, "", " ", [T]), format("stripped: '~s'~n", [T]),
    split_string("a,b,,c", ",", "", Parts), print(Parts), nl,
    split_string("/home//user/", "/", "", P2), print(P2), nl,
    split_string("  padded  ", "", " ", P3), print(P3), nl,
    atomic_list_concat([x, y, z], '-', A), writeln(A),
    atomic_list_concat(L, ',', 'p,q,r'), print(L), nl,
    string_upper("mixed Case", U), string_lower("MIXED Case", Lo), writeln(U/Lo),
    sub_string("hello world", B, 5, Af, "world"), writeln(B/Af),
    string_length("naïve", Len), writeln(len(Len)),
    string_chars(Chars, [h, i]), string(Chars), writeln(Chars),
    string_code(1, "abc", C), writeln(code(C)),
    format("~a~t~12|~a~n", [name, value]),
    format("~t~w~12|~w~n", [right, x]),
    format("~`-t~30|~n"),
    format("~e ~4f ~g~n", [3.14159, 2.0, 0.5]),
    format("~p and ~q~n", ['it''s', 'it''s']),
    term_to_atom(foo(bar, "s", 'A b'), TA), writeln(TA),
    term_string(TS, "g(Y, 1)"), arg(2, TS, Two), writeln(Two),
    string_concat(Pre, "fix", "prefix"), writeln(Pre),
    findall(X-Y, atom_concat(X, Y, abc), Splits), print(Splits), nl,
    upcase_atom('straße', UA), writeln(UA),
    sumlist([1,2,3], Sum), writeln(Sum),
    number_codes(N, "0042"), writeln(N),
    with_output_to(string(W), (write(a), print([1,2]))), string_length(W, WL), writeln(W/WL).
