/*  library(dcg/basics): basic DCG nonterminals over lists of character
    codes, for knightlog, compatible with SWI-Prolog's library of the
    same name.  Written for knightlog.

    Sequences (blanks, whites, digits, nonblanks, string_without, ...)
    are greedy and deterministic; string//1 is lazy and nondeterministic.
    Nonterminals with a bound number argument (integer//1, float//1,
    number//1, xinteger//1) generate its text.
*/

:- module(dcg_basics,
          [ white//0,
            whites//0,
            blank//0,
            blanks//0,
            nonblank//1,
            nonblanks//1,
            blanks_to_nl//0,
            string//1,
            string_without//2,
            alpha_to_lower//1,
            digits//1,
            digit//1,
            integer//1,
            float//1,
            number//1,
            xdigits//1,
            xdigit//1,
            xinteger//1,
            prolog_var_name//1,
            eol//0,
            eos//0,
            remainder//1,
            atom//1
          ]).

%!  white// is semidet.   One space or tab.
%!  whites// is det.      Zero or more spaces and tabs.

white -->
    [C],
    { nonvar(C),
      code_type(C, white)
    }.

whites -->
    white,
    !,
    whites.
whites -->
    [].

%!  blank// is semidet.   One layout character.
%!  blanks// is det.      Zero or more layout characters.

blank -->
    [C],
    { nonvar(C),
      code_type(C, space)
    }.

blanks -->
    blank,
    !,
    blanks.
blanks -->
    [].

%!  nonblank(-Code)// is semidet.   One graphical character.
%!  nonblanks(-Codes)// is det.     Zero or more graphical characters.

nonblank(C) -->
    [C],
    { code_type(C, graph) }.

nonblanks([H|T]) -->
    [H],
    { code_type(H, graph) },
    !,
    nonblanks(T).
nonblanks([]) -->
    [].

%!  blanks_to_nl// is semidet.
%
%   Layout up to and including a newline, or up to the end of the input.

blanks_to_nl -->
    "\n",
    !.
blanks_to_nl -->
    blank,
    !,
    blanks_to_nl.
blanks_to_nl -->
    eos.

%!  string(?Codes)// is nondet.   Shortest match first.

string([]) -->
    [].
string([H|T]) -->
    [H],
    string(T).

%!  string_without(+EndCodes, -Codes)// is det.
%
%   The longest sequence of codes not in EndCodes (a code list or a
%   string).

string_without(End, Codes) -->
    { string(End)
    ->  string_codes(End, EndCodes)
    ;   must_be(list, End),
        EndCodes = End
    },
    str_without(EndCodes, Codes).

str_without(End, [C|T]) -->
    [C],
    { \+ memberchk(C, End) },
    !,
    str_without(End, T).
str_without(_, []) -->
    [].

%!  alpha_to_lower(?Lower)// is semidet.
%
%   A letter; Lower is its lower case form.

alpha_to_lower(L, [C|T], T) :-
    var(C),
    nonvar(L),
    !,
    C = L.
alpha_to_lower(L) -->
    [C],
    { nonvar(C),
      code_type(C, alpha),
      lower_code(C, Lc),
      (   var(L)
      ->  L = Lc
      ;   C == L
      ->  true
      ;   lower_code(L, Lc)
      )
    }.

lower_code(C, L) :-
    (   code_type(C, upper(L0))
    ->  L = L0
    ;   L = C
    ).

%!  digits(?Codes)// is det.   Zero or more decimal digits.
%!  digit(?Code)// is semidet.

digits([H|T]) -->
    digit(H),
    !,
    digits(T).
digits([]) -->
    [].

digit(C) -->
    [C],
    { code_type(C, digit(_)) }.

%!  integer(?Integer)// is semidet.
%
%   An optionally signed decimal integer.

integer(I, Head, Tail) :-
    nonvar(I),
    !,
    format(codes(Head, Tail), '~d', [I]).
integer(I) -->
    int_codes(Codes),
    { number_codes(I, Codes) }.

int_codes([C, D0|D]) -->
    sign(C),
    !,
    digit(D0),
    digits(D).
int_codes([D0|D]) -->
    digit(D0),
    digits(D).

sign(0'-) --> "-".
sign(0'+) --> "+".

%!  float(?Float)// is semidet.
%
%   A decimal number with a fraction, an exponent or both.

float(F, Head, Tail) :-
    nonvar(F),
    !,
    float(F),
    format(codes(Head, Tail), '~w', [F]).
float(F) -->
    number_parts(Int, Frac, Exp),
    { \+ ( Frac == [], Exp == [] ) },
    { parts_number(Int, Frac, Exp, F) }.

%!  number(?Number)// is semidet.
%
%   An integer or a float.

number(N, Head, Tail) :-
    nonvar(N),
    !,
    (   number(N)
    ->  format(codes(Head, Tail), '~w', [N])
    ;   throw(error(type_error(number, N), _))
    ).
number(N) -->
    number_parts(Int, Frac, Exp),
    { parts_number(Int, Frac, Exp, N) }.

number_parts(Int, Frac, Exp) -->
    int_codes(Int),
    (   ".", digit(DF0)
    ->  digits(DF),
        { Frac = [DF0|DF] }
    ;   { Frac = [] }
    ),
    (   exp_mark
    ->  exp_digits(Exp)
    ;   { Exp = [] }
    ).

exp_mark --> "e".
exp_mark --> "E".

exp_digits([0'-, D0|D]) -->
    "-",
    !,
    digit(D0),
    digits(D).
exp_digits([D0|D]) -->
    "+",
    !,
    digit(D0),
    digits(D).
exp_digits([D0|D]) -->
    digit(D0),
    digits(D).

parts_number(Int0, [], [], N) :-
    !,
    strip_plus(Int0, Int),
    number_codes(N, Int).
parts_number(Int0, Frac0, Exp0, N) :-
    strip_plus(Int0, Int),
    (   Frac0 == [] -> Frac = [0'0] ; Frac = Frac0 ),
    (   Exp0 == [] -> Exp = [0'0] ; Exp = Exp0 ),
    append(Int, [0'.|Frac], C1),
    append(C1, [0'e|Exp], Codes),
    number_codes(N, Codes).

strip_plus([0'+|Cs], Cs) :- !.
strip_plus(Cs, Cs).

%!  xinteger(?Integer)// is semidet.   A hexadecimal integer.
%!  xdigits(-Weights)// is det.        Zero or more hexadecimal digits.
%!  xdigit(?Weight)// is semidet.

xinteger(I, Head, Tail) :-
    nonvar(I),
    !,
    format(codes(Head, Tail), '~16r', [I]).
xinteger(I) -->
    (   "-"
    ->  { Sign = -1 }
    ;   "+"
    ->  { Sign = 1 }
    ;   { Sign = 1 }
    ),
    xdigit(D0),
    xdigits(Ds),
    { foldl(hex_acc, Ds, D0, I0),
      I is Sign * I0
    }.

hex_acc(D, I0, I) :-
    I is I0 * 16 + D.

xdigits([H|T]) -->
    xdigit(H),
    !,
    xdigits(T).
xdigits([]) -->
    [].

xdigit(W, [C|T], T) :-
    nonvar(W),
    var(C),
    !,
    integer(W),
    W >= 0, W < 16,
    (   W < 10
    ->  C is W + 0'0
    ;   C is W - 10 + 0'a
    ).
xdigit(W) -->
    [C],
    { nonvar(C),
      code_type(C, xdigit(W))
    }.

%!  prolog_var_name(-Name)// is semidet.
%
%   A Prolog variable name, returned as an atom.

prolog_var_name(Name, Head, Tail) :-
    nonvar(Name),
    !,
    atom_codes(Name, Codes),
    Codes = [C0|Cs],
    code_type(C0, prolog_var_start),
    forall(member(C, Cs), code_type(C, prolog_identifier_continue)),
    append(Codes, Tail, Head).
prolog_var_name(Name) -->
    [C0],
    { nonvar(C0),
      code_type(C0, prolog_var_start)
    },
    !,
    prolog_id_cont(Cs),
    { atom_codes(Name, [C0|Cs]) }.

prolog_id_cont([H|T]) -->
    [H],
    { nonvar(H),
      code_type(H, prolog_identifier_continue)
    },
    !,
    prolog_id_cont(T).
prolog_id_cont([]) -->
    [].

%!  eol// is semidet.   A newline, CR-LF or the end of the input.

eol -->
    "\n",
    !.
eol -->
    "\r\n",
    !.
eol -->
    eos.

%!  eos// is semidet.   The end of the input.

eos([], []).

%!  remainder(-List)// is det.   The rest of the input.

remainder(List, List, []).

%!  atom(++Atom)// is det.   Generates the text of Atom.

atom(A, Head, Tail) :-
    must_be(ground, A),
    format(codes(Head, Tail), '~w', [A]).
