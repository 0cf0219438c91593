/*  library(writef): the old DEC-10 formatted write, for knightlog,
    compatible with SWI-Prolog's library of the same name.

    Format directives:
        %w  write the next argument        %p  print the next argument
        %q  writeq the next argument       %d  write the next argument
        %s  write the next argument, a list of codes or chars
        %Nc, %Nl, %Nr  the next argument centred, left or right aligned
                       in a column of N characters
        \n, \l, \r  a newline    \t  a tab    \\  a backslash   \%  a '%'
    A directive that cannot be used (no argument left, %s on a non-list)
    is written as it stands.
*/

:- module(writef,
          [ writef/1,                   % +Format
            writef/2,                   % +Format, +Args
            swritef/2,                  % -String, +Format
            swritef/3                   % -String, +Format, +Args
          ]).

%!  writef(+Format) is det.

writef(Format) :-
    writef(Format, []).

%!  writef(+Format, +Arguments) is det.

writef(Format, Args) :-
    writef_codes(Format, Codes),
    writef_loop(Codes, Args).

%!  swritef(-String, +Format) is det.
%!  swritef(-String, +Format, +Arguments) is det.

swritef(String, Format) :-
    swritef(String, Format, []).

swritef(String, Format, Args) :-
    with_output_to(string(S), writef(Format, Args)),
    String = S.

writef_codes(Format, _) :-
    var(Format),
    !,
    throw(error(instantiation_error, _)).
writef_codes(Format, Codes) :-
    (   number(Format)
    ->  Codes = []
    ;   string(Format)
    ->  string_codes(Format, Codes)
    ;   atom(Format)
    ->  atom_codes(Format, Codes)
    ;   is_list(Format)
    ->  text_codes_list(Format, Codes)
    ;   throw(error(type_error(text, Format), _))
    ).

text_codes_list([], []).
text_codes_list([H|T], [C|Cs]) :-
    (   integer(H) -> C = H ; char_code(H, C) ),
    text_codes_list(T, Cs).

writef_loop([], _).
writef_loop([0'\\, C|Cs], Args) :-
    escape_char(C, Out),
    !,
    put_char(Out),
    writef_loop(Cs, Args).
writef_loop([0'%|Cs0], Args0) :-
    directive(Cs0, Cs, Args0, Args),
    !,
    writef_loop(Cs, Args).
writef_loop([C|Cs], Args) :-
    put_code(C),
    writef_loop(Cs, Args).

escape_char(0'n, '\n').
escape_char(0'l, '\n').
escape_char(0'r, '\n').
escape_char(0't, '\t').
escape_char(0'\\, '\\').
escape_char(0'%, '%').

% directive(+CodesAfterPercent, -RestCodes, +Args0, -Args)
directive([D|Cs], Cs, Args0, Args) :-
    simple_directive(D),
    !,
    nonvar(Args0),
    Args0 = [A|Args],
    emit(D, A).
directive(Cs0, Cs, Args0, Args) :-
    column_digits(Cs0, Ds, [K|Cs]),
    Ds \== [],
    column_kind(K, Kind),
    nonvar(Args0),
    Args0 = [A|Args],
    number_codes(Width, Ds),
    with_output_to(string(Text), write(A)),
    string_length(Text, Len),
    column(Kind, Width, Len, Text).

simple_directive(0'w).
simple_directive(0'p).
simple_directive(0'q).
simple_directive(0'd).
simple_directive(0's).

emit(0'w, A) :- write(A).
emit(0'd, A) :- write(A).
emit(0'p, A) :- print(A).
emit(0'q, A) :- writeq(A).
emit(0's, A) :-
    list_tail(A, Tail),
    (   var(Tail)
    ->  throw(error(instantiation_error, _))
    ;   Tail == []
    ),
    put_text_list(A).

list_tail(L, T) :-
    (   nonvar(L), L = [_|L1]
    ->  list_tail(L1, T)
    ;   T = L
    ).

put_text_list([]).
put_text_list([H|T]) :-
    (   var(H)
    ->  throw(error(instantiation_error, _))
    ;   integer(H)
    ->  put_code(H)
    ;   put_char(H)
    ),
    put_text_list(T).

column_digits([D|Cs0], [D|Ds], Cs) :-
    D >= 0'0, D =< 0'9,
    !,
    column_digits(Cs0, Ds, Cs).
column_digits(Cs, [], Cs).

column_kind(0'l, left).
column_kind(0'L, left).
column_kind(0'r, right).
column_kind(0'R, right).
column_kind(0'c, centre).
column_kind(0'C, centre).

column(left, Width, Len, Text) :-
    write(Text),
    (   Len < Width -> Pad is Width - Len ; Pad = 1 ),
    spaces(Pad).
column(right, Width, Len, Text) :-
    (   Len < Width -> Pad is Width - Len ; Pad = 1 ),
    spaces(Pad),
    write(Text).
column(centre, Width, Len, Text) :-
    Pad is Width - Len,
    (   Pad >= 2
    ->  Right is Pad // 2,
        Left is Pad - Right
    ;   Left = 1,
        Right = 1
    ),
    spaces(Left),
    write(Text),
    spaces(Right).

spaces(N) :-
    N > 0,
    !,
    put_char(' '),
    N1 is N - 1,
    spaces(N1).
spaces(_).
