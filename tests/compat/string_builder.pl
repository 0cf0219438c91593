% Building text: format/3 into atoms, strings and codes; with_output_to;
% sformat-style helpers and padding.
:- initialization(main, main).

pad_left(S, W, P) :- format(atom(P), "~t~w~*|", [S, W]).
pad_right(S, W, P) :- format(atom(P), "~w~t~*|", [S, W]).

main :-
    format(atom(A), "~w-~w", [a, b]), atom(A), writeln(A),
    format(string(S), "~a has ~d items", [cart, 3]), string(S), writeln(S),
    format(codes(C), "x=~w", [1]), atom_codes(CA, C), writeln(CA),
    format(codes(C2, Tail), "ab", []), Tail = [0'c], atom_codes(CA2, C2), writeln(CA2),
    format(chars(Ch), "hi", []), writeln(Ch),
    pad_left(abc, 8, L), pad_right(abc, 8, R), format("[~w][~w]~n", [L, R]),
    with_output_to(atom(W), forall(member(X, [1, 2, 3]), (write(X), write(' ')))), writeln(W),
    with_output_to(codes(WC), write(hello)), length(WC, WN), writeln(WN),
    atomic_list_concat([a, 1, "s", 2.5], At), writeln(At),
    string_code(2, "xyz", SC), char_code(SCh, SC), writeln(SCh),
    sub_atom(hello_world, Bf, _, 0, world), writeln(Bf),
    findall(Sub, sub_atom(abc, _, 2, _, Sub), Subs), writeln(Subs),
    atom_string(AS, "from string"), writeln(AS),
    term_string(TS, "foo(bar)"), arg(1, TS, TA), writeln(TA),
    text_concat(abc, "def", TC), ( string(TC) -> writeln(string(TC)) ; writeln(atom(TC)) ),
    string_code(1, "A", Code), writeln(Code),
    split_string("k1=v1;k2=v2", ";", "", KVs), maplist([KV, K-V]>>split_string(KV, "=", "", [K, V]), KVs, Ps), print(Ps), nl.
