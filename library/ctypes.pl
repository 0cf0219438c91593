/*  library(ctypes): character classification for knightlog, compatible
    with SWI-Prolog's library of the same name.  Written for knightlog on
    top of code_type/2; the predicates take a character code (or a
    one-char atom where code_type/2 does) and enumerate codes when the
    argument is unbound.
*/

:- module(ctypes,
          [ is_alnum/1,
            is_alpha/1,
            is_ascii/1,
            is_cntrl/1,
            is_csym/1,
            is_csymf/1,
            is_digit/1,
            is_digit/3,
            is_endfile/1,
            is_endline/1,
            is_graph/1,
            is_lower/1,
            is_newline/1,
            is_newpage/1,
            is_paren/2,
            is_period/1,
            is_print/1,
            is_punct/1,
            is_quote/1,
            is_space/1,
            is_upper/1,
            is_white/1,
            to_lower/2,
            to_upper/2,
            upper_lower/2
          ]).

%!  is_alnum(?C) etc: thin layers over code_type/2.

is_alnum(C)   :- code_type(C, alnum).
is_alpha(C)   :- code_type(C, alpha).
is_ascii(C)   :- code_type(C, ascii).
is_cntrl(C)   :- code_type(C, cntrl).
is_csym(C)    :- code_type(C, csym).
is_csymf(C)   :- code_type(C, csymf).
is_digit(C)   :- code_type(C, digit(_)).
is_graph(C)   :- code_type(C, graph).
is_lower(C)   :- code_type(C, lower).
is_upper(C)   :- code_type(C, upper).
is_print(C)   :- code_type(C, graph).
is_punct(C)   :- code_type(C, punct).
is_space(C)   :- code_type(C, space).
is_white(C)   :- code_type(C, white).
is_period(C)  :- code_type(C, period).
is_quote(C)   :- code_type(C, quote).
is_endline(C) :- code_type(C, end_of_line).

is_endfile(-1).
is_newline(10).
is_newpage(12).

%!  is_paren(?Open, ?Close)

is_paren(0'(, 0')).
is_paren(0'[, 0']).
is_paren(0'{, 0'}).

%!  is_digit(?Code, ?Base, ?Weight)
%
%   Code is a digit of weight Weight in base Base (2..36).  Letters are
%   accepted in both cases; generated letters are lower case.

is_digit(C, Base, Weight) :-
    between(2, 36, Base),
    Max is Base - 1,
    (   nonvar(C)
    ->  ctypes_code(C, Code),
        digit_weight(Code, W),
        W =< Max,
        (   var(Weight)
        ->  Weight = W
        ;   between(0, Max, Weight),
            Weight =:= W
        )
    ;   between(0, Max, Weight),
        weight_digit(Weight, C)
    ).

ctypes_code(C, Code) :-
    (   integer(C)
    ->  Code = C
    ;   atom(C)
    ->  char_code(C, Code)
    ;   code_type(C, _),
        Code = C
    ).

digit_weight(C, W) :- C >= 0'0, C =< 0'9, !, W is C - 0'0.
digit_weight(C, W) :- C >= 0'a, C =< 0'z, !, W is C - 0'a + 10.
digit_weight(C, W) :- C >= 0'A, C =< 0'Z, W is C - 0'A + 10.

weight_digit(W, C) :- W < 10, !, C is W + 0'0.
weight_digit(W, C) :- C is W - 10 + 0'a.

%!  to_lower(?U, ?L), to_upper(?L, ?U)
%
%   Case conversion where characters without a case map to themselves.

to_lower(U, L) :- code_type(L, to_lower(U)).
to_upper(L, U) :- code_type(L, to_lower(U)).

%!  upper_lower(?Upper, ?Lower)
%
%   Upper is an upper case letter whose lower case is Lower.

upper_lower(U, L) :-
    (   nonvar(U)
    ->  code_type(U, upper(L))
    ;   nonvar(L)
    ->  code_type(L, lower(U))
    ;   code_type(U, upper(L))
    ).
