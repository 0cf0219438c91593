/*  library(dcg/high_order): high-order DCG nonterminals, for knightlog,
    compatible with SWI-Prolog's library of the same name.  Written for
    knightlog.
*/

:- module(dcg_high_order,
          [ sequence//2,                % :Element, ?List
            sequence//3,                % :Element, :Sep, ?List
            sequence//5,                % :Start, :Element, :Sep, :End, ?List
            optional//2,                % :Match, :Otherwise
            foreach//2,                 % :Generator, :Element
            foreach//3                  % :Generator, :Element, :Sep
          ]).

:- meta_predicate
    sequence(3, ?, ?, ?),
    sequence(3, //, ?, ?, ?),
    sequence(//, 3, //, //, ?, ?, ?),
    optional(//, //, ?, ?),
    foreach(0, //, ?, ?),
    foreach(0, //, //, ?, ?).

%!  sequence(:Element, ?List)// is nondet.
%
%   A sequence of Element (called with one extra argument per item),
%   longest first.

sequence(Element, List) -->
    seq_(List, Element).

seq_([H|T], Element) -->
    call(Element, H),
    seq_(T, Element).
seq_([], _) -->
    [].

%!  sequence(:Element, :Sep, ?List)// is semidet.
%
%   Items separated by Sep; deterministic.  After a separator an item
%   must follow.

sequence(Element, Sep, List) -->
    (   { nonvar(List) }
    ->  seq_gen(List, Element, Sep)
    ;   seq_parse(Element, Sep, List)
    ).

seq_gen([], _, _) -->
    [].
seq_gen([H|T], Element, Sep) -->
    call(Element, H),
    seq_gen_rest(T, Element, Sep).

seq_gen_rest([], _, _) -->
    [].
seq_gen_rest([H|T], Element, Sep) -->
    Sep,
    call(Element, H),
    seq_gen_rest(T, Element, Sep).

seq_parse(Element, Sep, List) -->
    (   call(Element, H)
    ->  { List = [H|T] },
        seq_parse_rest(Element, Sep, T)
    ;   { List = [] }
    ).

seq_parse_rest(Element, Sep, List) -->
    (   Sep
    ->  call(Element, H),
        { List = [H|T] },
        seq_parse_rest(Element, Sep, T)
    ;   { List = [] }
    ).

%!  sequence(:Start, :Element, :Sep, :End, ?List)// is semidet.

sequence(Start, Element, Sep, End, List) -->
    Start,
    sequence(Element, Sep, List),
    End,
    !.

%!  optional(:Match, :Default)// is det.
%
%   Match if possible (committing to its first solution), else Default.

optional(Match, Default) -->
    (   Match
    ->  []
    ;   Default
    ).

%!  foreach(:Generator, :Element)// is det.
%!  foreach(:Generator, :Element, :Sep)// is det.
%
%   Element for each solution of Generator, with Sep between them.

foreach(Generator, Element) -->
    { findall(Element, Generator, Elements) },
    foreach_(Elements).

foreach_([]) -->
    [].
foreach_([E|Es]) -->
    E,
    foreach_(Es).

foreach(Generator, Element, Sep) -->
    { findall(Element, Generator, Elements) },
    foreach_sep(Elements, Sep).

foreach_sep([], _) -->
    [].
foreach_sep([E|Es], Sep) -->
    E,
    foreach_sep_rest(Es, Sep).

foreach_sep_rest([], _) -->
    [].
foreach_sep_rest([E|Es], Sep) -->
    Sep,
    E,
    foreach_sep_rest(Es, Sep).
