% library(codesio): I/O on lists of character codes.
:- use_module(library(plunit)).
:- use_module(library(codesio)).

:- begin_tests(codesio).
test(format_to_codes, [C == `x-y`]) :- format_to_codes("~w-~a", [x, y], C).
test(format_to_codes_tail, [C-T == [0'x|T]-T]) :- format_to_codes("~w", [x], C, T).
test(format_to_codes_atom_format, [C == `ab`]) :- format_to_codes('a~w', [b], C).
test(format_to_codes_too_many, error(format(_))) :- format_to_codes(foo, [bar], _).
test(format_to_codes_unbound, error(instantiation_error)) :- format_to_codes(_, [], _).
test(write_to_codes, [C == `f(A,s)`]) :- write_to_codes(f('A', "s"), C).
test(write_to_codes_tail, [C-T == [0'f, 0'(, 0'x, 0')|T]-T]) :- write_to_codes(f(x), C, T).
test(write_to_codes_var) :- write_to_codes(_, C), C = [0'_|_].
test(write_term_to_codes, [C == `f('A',[a])`]) :- write_term_to_codes(f('A', [a]), C, [quoted(true)]).
test(write_term_to_codes_tail, [C-T == [0'f, 0'(, 0'', 0'A, 0'', 0')|T]-T]) :-
    write_term_to_codes(f('A'), C, T, [quoted(true)]).
test(write_term_to_codes_ops, [C == `1+2`]) :- write_term_to_codes(1+2, C, []).
test(read_from_codes, [T = foo(X, Y)]) :- read_from_codes(`foo(X,Y)`, T), var(X), var(Y), X \== Y.
test(read_from_codes_shared, [A == B]) :- read_from_codes(`f(X, X)`, f(A, B)).
test(read_from_codes_dot, [T == foo]) :- read_from_codes(`foo. `, T).
test(read_from_codes_first, [T == foo]) :- read_from_codes(`foo. bar`, T).
test(read_from_codes_op, [T == a+b*c]) :- read_from_codes(`a+b*c`, T).
test(read_from_codes_empty, [T == end_of_file]) :- read_from_codes(``, T).
test(read_from_codes_blank, [T == end_of_file]) :- read_from_codes(`  `, T).
test(read_from_codes_comment, [T == end_of_file]) :- read_from_codes(`% comment`, T).
test(read_from_codes_string, [T == hello]) :- read_from_codes("hello", T).
test(read_from_codes_syntax, error(syntax_error(_))) :- read_from_codes(`foo(`, _).
test(read_from_codes_syntax2, error(syntax_error(_))) :- read_from_codes(`foo(X) bar`, _).
test(read_term_from_codes, [Vs == ['X'=X, 'Y'=Y]]) :-
    read_term_from_codes(`foo(X,Y)`, T, [variable_names(Vs)]), T = foo(X, Y).
test(read_term_from_codes_dot, [T = foo(_, _)]) :- read_term_from_codes(`foo(X,Y). `, T, []).
test(read_term_from_codes_empty, [T == end_of_file]) :- read_term_from_codes(``, T, []).
test(open_codes_stream, [L == [hello, world, end_of_file]]) :-
    open_codes_stream(`hello. world.`, S),
    read(S, A), read(S, B), read(S, C), close(S),
    L = [A, B, C].
test(open_codes_stream_chars, [L == `abc`]) :-
    open_codes_stream(`abc`, S),
    get_code(S, A), get_code(S, B), get_code(S, C), get_code(S, E), close(S),
    E == -1,
    L = [A, B, C].
test(open_codes_stream_unicode, [C == 0'é]) :-
    open_codes_stream([0'é], S), get_code(S, C), close(S).
test(with_output_to_codes, [C == `hi`]) :- with_output_to_codes(write(hi), C).
test(with_output_to_codes_conj, [C == `ab`]) :- with_output_to_codes((write(a), write(b)), C).
test(with_output_to_codes_tail, [C-T == [0'h, 0'i|T]-T]) :- with_output_to_codes(write(hi), C, T).
test(with_output_to_codes_stream, [C-T == [0'h, 0'i|T]-T]) :-
    with_output_to_codes(write(S, hi), S, C, T).
test(with_output_to_codes_fail, fail) :- with_output_to_codes(fail, _).
test(with_output_to_codes_throw, throws(x)) :- with_output_to_codes(throw(x), _).
test(with_output_to_codes_unbound, error(instantiation_error)) :- with_output_to_codes(_, _).
:- end_tests(codesio).
