% library(charsio): I/O on text lists (codes, as in SWI).
:- use_module(library(plunit)).
:- use_module(library(charsio)).

:- begin_tests(charsio).
test(format_to_chars, [C == `x-y`]) :- format_to_chars("~w-~a", [x, y], C).
test(format_to_chars_tail, [C-T == [0'x|T]-T]) :- format_to_chars("~w", [x], C, T).
test(format_to_chars_atom_format, [C == `ab`]) :- format_to_chars('a~w', [b], C).
test(format_to_chars_too_many, error(format(_))) :- format_to_chars(foo, [bar], _).
test(format_to_chars_unbound, error(instantiation_error)) :- format_to_chars(_, [], _).
test(write_to_chars, [C == `f(A,s)`]) :- write_to_chars(f('A', "s"), C).
test(write_to_chars_tail, [C-T == [0'f, 0'(, 0'x, 0')|T]-T]) :- write_to_chars(f(x), C, T).
test(write_to_chars_var) :- write_to_chars(_, C), C = [0'_|_].
test(read_from_chars, [T = foo(X, Y)]) :- read_from_chars(`foo(X,Y)`, T), var(X), var(Y), X \== Y.
test(read_from_chars_shared, [A == B]) :- read_from_chars(`f(X, X)`, f(A, B)).
test(read_from_chars_dot, [T == foo]) :- read_from_chars(`foo. `, T).
test(read_from_chars_first, [T == foo]) :- read_from_chars(`foo. bar`, T).
test(read_from_chars_op, [T == a+b*c]) :- read_from_chars(`a+b*c`, T).
test(read_from_chars_empty, [T == end_of_file]) :- read_from_chars(``, T).
test(read_from_chars_blank, [T == end_of_file]) :- read_from_chars(`  `, T).
test(read_from_chars_comment, [T == end_of_file]) :- read_from_chars(`% comment`, T).
test(read_from_chars_string, [T == hello]) :- read_from_chars("hello", T).
test(read_from_chars_syntax, error(syntax_error(_))) :- read_from_chars(`foo(`, _).
test(read_from_chars_syntax2, error(syntax_error(_))) :- read_from_chars(`foo(X) bar`, _).
test(read_term_from_chars, [Vs == ['X'=X, 'Y'=Y]]) :-
    read_term_from_chars(`foo(X,Y)`, T, [variable_names(Vs)]), T = foo(X, Y).
test(read_term_from_chars_dot, [T = foo(_, _)]) :- read_term_from_chars(`foo(X,Y). `, T, []).
test(read_term_from_chars_empty, [T == end_of_file]) :- read_term_from_chars(``, T, []).
test(open_chars_stream, [L == [hello, world, end_of_file]]) :-
    open_chars_stream(`hello. world.`, S),
    read(S, A), read(S, B), read(S, C), close(S),
    L = [A, B, C].
test(open_chars_stream_chars, [L == `abc`]) :-
    open_chars_stream(`abc`, S),
    get_code(S, A), get_code(S, B), get_code(S, C), get_code(S, E), close(S),
    E == -1,
    L = [A, B, C].
test(open_chars_stream_unicode, [C == 0'é]) :-
    open_chars_stream([0'é], S), get_code(S, C), close(S).
test(with_output_to_chars, [C == `hi`]) :- with_output_to_chars(write(hi), C).
test(with_output_to_chars_conj, [C == `ab`]) :- with_output_to_chars((write(a), write(b)), C).
test(with_output_to_chars_tail, [C-T == [0'h, 0'i|T]-T]) :- with_output_to_chars(write(hi), C, T).
test(with_output_to_chars_stream, [C-T == [0'h, 0'i|T]-T]) :-
    with_output_to_chars(write(S, hi), S, C, T).
test(with_output_to_chars_fail, fail) :- with_output_to_chars(fail, _).
test(with_output_to_chars_throw, throws(x)) :- with_output_to_chars(throw(x), _).
test(with_output_to_chars_unbound, error(instantiation_error)) :- with_output_to_chars(_, _).
:- end_tests(charsio).

:- begin_tests(charsio_extra).
test(atom_to_chars, [C == `abc`]) :- atom_to_chars(abc, C).
test(atom_to_chars_number, [C == `12`]) :- atom_to_chars(12, C).
test(atom_to_chars_tail, [C-T == [0'a, 0'b|T]-T]) :- atom_to_chars(ab, C, T).
test(atom_to_chars_unbound, error(instantiation_error)) :- atom_to_chars(_, _).
test(number_to_chars, [C == `42`]) :- number_to_chars(42, C).
test(number_to_chars_float_tail, [C-T == [0'1, 0'., 0'5|T]-T]) :- number_to_chars(1.5, C, T).
test(number_to_chars_unbound, error(instantiation_error)) :- number_to_chars(_, _).
test(read_from_chars_charlist, [T == abc]) :- read_from_chars([a, b, c], T).
test(read_from_chars_atom, [T == f(x)]) :- read_from_chars('f(x)', T).
test(open_chars_stream_charlist, [T == hi]) :-
    open_chars_stream([h, i, '.'], S), read(S, T), close(S).
:- end_tests(charsio_extra).
