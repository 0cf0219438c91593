% library(ctypes): character classification.
:- use_module(library(plunit)).
:- use_module(library(ctypes)).

:- begin_tests(ctypes).
test(alnum) :- is_alnum(0'a), is_alnum(0'7), \+ is_alnum(0'-).
test(alnum_char) :- is_alnum(a).
test(alpha) :- is_alpha(0'Q), \+ is_alpha(0'5), \+ is_alpha(0'_).
test(ascii) :- is_ascii(0'a), \+ is_ascii(200).
test(ascii_all, [N == 128]) :- aggregate_all(count, is_ascii(_), N).
test(cntrl) :- is_cntrl(7), \+ is_cntrl(0'a).
test(csym) :- is_csym(0'_), is_csym(0'1), \+ is_csym(0'-).
test(csymf) :- is_csymf(0'_), \+ is_csymf(0'1).
test(digit1) :- is_digit(0'5), \+ is_digit(0'x).
test(digit_all, all(C == [0'0, 0'1, 0'2, 0'3, 0'4, 0'5, 0'6, 0'7, 0'8, 0'9])) :- is_digit(C).
test(digit3, [W == 5]) :- is_digit(0'5, 10, W).
test(digit3_char, [W == 5]) :- is_digit('5', 10, W).
test(digit3_hex, [nondet, W == 15]) :- is_digit(0'f, 16, W).
test(digit3_hex_upper, [nondet, W == 10]) :- is_digit(0'A, 16, W).
test(digit3_gen, [C == 0'3]) :- is_digit(C, 10, 3).
test(digit3_gen_hex, all(C-W == [0'0-0, 0'1-1, 0'2-2, 0'3-3, 0'4-4, 0'5-5, 0'6-6, 0'7-7,
                                 0'8-8, 0'9-9, 0'a-10, 0'b-11, 0'c-12, 0'd-13, 0'e-14, 0'f-15])) :-
    is_digit(C, 16, W).
test(digit3_bases, all(B == [12, 13, 14])) :- is_digit(0'b, B, 11), B < 15.
test(digit3_base36, all(W == [35])) :- is_digit(0'Z, 36, W).
test(digit3_count, [N == 665]) :- aggregate_all(count, is_digit(_, _, _), N).
test(digit3_first, [nondet, C-B-W == 0'0-2-0]) :- is_digit(C, B, W).
test(digit3_not_in_base, fail) :- is_digit(0'f, 10, _).
test(digit3_bad_base, fail) :- is_digit(0'a, 1, _).
test(digit3_big_base, fail) :- is_digit(0'a, 37, _).
test(digit3_type, error(type_error(integer, foo))) :- is_digit(0'a, foo, _).
test(digit3_weight_type, error(type_error(integer, x))) :- is_digit(0'a, 16, x).
test(endfile, [X == -1]) :- is_endfile(X).
test(endline, all(C == [10, 11, 12, 13])) :- is_endline(C).
test(endline_eof, fail) :- is_endline(-1).
test(graph) :- is_graph(0'a), \+ is_graph(0' ).
test(lower) :- is_lower(0'a), \+ is_lower(0'A).
test(upper) :- is_upper(0'A), \+ is_upper(0'a).
test(newline, [X == 10]) :- is_newline(X).
test(newpage, [X == 12]) :- is_newpage(X).
test(paren, all(O-C == [0'(-0'), 0'[-0'], 0'{-0'}])) :- is_paren(O, C).
test(paren_open, [C == 0')]) :- is_paren(0'(, C).
test(paren_close, fail) :- is_paren(0'], _).
test(period) :- is_period(0'.), is_period(0'!), is_period(0'?), \+ is_period(0',).
test(print) :- is_print(0'a), \+ is_print(0' ).
test(punct) :- is_punct(0'.), is_punct(0'_), \+ is_punct(0'a).
test(quote) :- is_quote(0'"), is_quote(0''), is_quote(0'`), \+ is_quote(0'a).
test(space, all(C == [9, 10, 11, 12, 13, 32])) :- is_space(C), C < 128.
test(white, all(C == [9, 32])) :- is_white(C).
test(to_lower, [L == 0'a]) :- to_lower(0'A, L).
test(to_lower_nonletter, [L == 0'1]) :- to_lower(0'1, L).
test(to_lower_lower, [L == 0'a]) :- to_lower(0'a, L).
test(to_lower_same) :- to_lower(0'A, 0'A).
test(to_lower_rev, [U == 0'A]) :- to_lower(U, 0'a).
test(to_lower_char, [L == 0'a]) :- to_lower(a, L).
test(to_lower_latin1, [L == 0'é]) :- to_lower(0'É, L).
test(to_lower_bad, error(type_error(character, foo))) :- to_lower(foo, _).
test(to_upper, [U == 0'A]) :- to_upper(0'a, U).
test(to_upper_rev, [L == 0'a]) :- to_upper(L, 0'A).
test(to_upper_nonletter, [U == 0'1]) :- to_upper(0'1, U).
test(upper_lower, [L == 0'a]) :- upper_lower(0'A, L).
test(upper_lower_rev, [U == 0'B]) :- upper_lower(U, 0'b).
test(upper_lower_char, [U == 0'B]) :- upper_lower(U, b).
test(upper_lower_lower, fail) :- upper_lower(0'a, _).
test(upper_lower_digit, fail) :- upper_lower(0'1, _).
test(upper_lower_first, [nondet, U-L == 0'A-0'a]) :- upper_lower(U, L).
test(alnum_type, error(type_error(character, foo))) :- is_alnum(foo).
:- end_tests(ctypes).
