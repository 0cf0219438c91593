/*  csv_read.pl -- library(csv): csv_read_stream/3 over 30,000 generated
    records (integers, quoted names with a comma, floats, empty cells,
    quoted notes with doubled quotes and, every 50th record, a line break)
    held in a string made at load time; the text is read 3 times.
    benches/csv_read.sh measures csv_read_file/3 on a 100 MB file.
    Result: the number of rows and the sum of the third column, 30 times
    the sum of 0..999 (see expected/1).
*/

:- use_module(library(csv)).

:- dynamic csv_text/1.

make_text :-
    with_output_to(string(T), forall(between(1, 30000, I), record(I))),
    assertz(csv_text(T)).

record(I) :-
    Q is I mod 1000,
    F is I / 8,
    D is I mod 28 + 1,
    K is I mod 300,
    (   I mod 5 =:= 0 -> E = '' ; E = yes ),
    (   I mod 50 =:= 0 -> Note = '"two\nlines"' ; Note = '"said ""hi"""' ),
    format('~d,"Name ~d, J",~d,~w,~w,~w,2024-01-~d~n', [I, K, Q, F, E, Note, D]).

:- make_text.

bench(N-Sum) :-
    csv_text(T),
    forall(between(1, 2, _), read_once(T, _)),
    read_once(T, Rows),
    length(Rows, N),
    sum_third(Rows, 0, Sum).

read_once(T, Rows) :-
    setup_call_cleanup(open_string(T, S), csv_read_stream(S, Rows, []), close(S)).

sum_third([], S, S).
sum_third([R|Rs], S0, S) :-
    arg(3, R, V),
    S1 is S0 + V,
    sum_third(Rs, S1, S).

expected(30000-14985000).
