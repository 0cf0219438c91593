% library(edinburgh): display/1,2, unknown/2, reconsult/1, fileerrors/2.
:- use_module(library(plunit)).
:- use_module(library(edinburgh)).

displayed(T, A) :- with_output_to(string(S), display(T)), atom_string(A, S).

:- begin_tests(edinburgh).
test(display_ops, A == '+(1,*(2,3))') :- displayed(1+2*3, A).
test(display_list, A == '\'[|]\'(a,\'[|]\'(b,[]))') :- displayed([a, b], A).
test(display_quoted, A == 'f(\'A\',"s",\'b c\',-(1),-(a,-1),{}(x))') :-
    displayed(f('A', "s", 'b c', -(1), a - -1, {x}), A).
test(display_atomic, A == '1.5') :- displayed(1.5, A).
test(display_var) :- displayed(f(_), A), sub_atom(A, 0, 2, _, 'f(').
test(display_stream, S == "g(x)") :- with_output_to(string(S), (current_output(O), display(O, g(x)))).
test(unknown, [O1, O2] == [trace, fail]) :-
    unknown(O1, fail), unknown(O2, trace).
test(unknown_bad, fail) :- unknown(_, error).
test(fileerrors, [O1, O2] == [true, false]) :-
    fileerrors(O1, off), fileerrors(O2, on).
test(fileerrors_bool, [O1, O2] == [true, false]) :- fileerrors(O1, false), fileerrors(O2, true).
test(fileerrors_bad, error(type_error(bool, foo))) :- fileerrors(_, foo).
test(reconsult_missing, error(existence_error(source_sink, _))) :-
    reconsult('/tmp/knightlog_no_such_file_edinburgh').
:- end_tests(edinburgh).
