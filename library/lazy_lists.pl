% lazy_lists.pl -- library(lazy_lists) for knightlog: lists whose tail is
% an attributed variable that fetches the next slice when it is unified.
% Written for knightlog from SWI-Prolog's documented and observed behaviour;
% tested by tests/prolog/lib_lazy_lists.pl under both systems.
%
% How a lazy list works here: its open tail carries the attribute
% lazy(Next, Cell). Unifying the tail calls Next once for the slice
% List\Tail and stores a copy of it in Cell with nb_setarg/3, so the slice
% survives backtracking and is never fetched twice (a stream is read once
% even when a grammar backtracks over the list); the stored Tail gets the
% attribute of the following slice.
%
% knightlog has no engines and no message queues (docs/MISSING_PREDICATES.md,
% "threads, engines and signals").
% lazy_findall/3,4 need an engine to suspend a goal between answers: there
% is no sound way without one (re-running the goal or collecting answers in
% chunks changes side effects and never ends on an infinite generator), so
% they raise existence_error(procedure, engine_create/3) with a message.
% lazy_engine_next/4 and lazy_message_queue/4 raise the existence error
% of the engine or queue they are given, which cannot exist. Each of the
% three uses the real primitives when the system has them (SWI-Prolog).

:- module(lazy_lists,
          [ lazy_list/2,                % :Next, -List
            lazy_list/3,                % :Next, +State0, -List
            lazy_list_materialize/1,    % ?List
            lazy_list_length/2,         % +List, -Len
            lazy_findall/3,             % ?Templ, :Goal, -List
            lazy_findall/4,             % +ChunkSize, ?Templ, :Goal, -List
            lazy_get_codes/4,           % +Stream, +N, -List, -Tail
            lazy_read_terms/4,          % +Stream, +Options, -List, -Tail
            lazy_read_lines/4,          % +Stream, +Options, -List, -Tail
            lazy_message_queue/4,       % +Queue, +Options, -List, -Tail
            lazy_engine_next/4,         % +Engine, +N, -List, -Tail
            lazy_list_iterator/4        % +Iterator, -Next, :GetNext, :TestEnd
          ]).
:- use_module(library(error)).
:- use_module(library(lists)).

:- meta_predicate
    lazy_list(2, -),
    lazy_list(3, +, -),
    lazy_findall(?, 0, -),
    lazy_findall(+, ?, 0, -).

%   lazy_list(:Next, -List)
%   List is filled slice by slice by call(Next, Slice, Tail); the last
%   slice ends in Tail = [].

lazy_list(Next, List) :-
    put_attr(List, lazy_lists, lazy(Next, '$slice'(-))).

%   lazy_list(:Next, +State0, -List)
%   List holds H for each call(Next, S0, S1, H), threading the state, up
%   to the first failure.

lazy_list(Next, State0, List) :-
    lazy_list(lazy_lists:lazy_state(Next, s(State0)), List).

lazy_state(Next, Box, List, Tail) :-
    arg(1, Box, State0),
    (   call(Next, State0, State1, Head)
    ->  nb_setarg(1, Box, State1),
        List = [Head|Tail]
    ;   List = [],
        Tail = []
    ).

attr_unify_hook(lazy(Next, Cell), Value) :-
    slice(Next, Cell, Slice),
    Value = Slice.

%   slice(+Next, +Cell, -Slice): the slice of this tail, fetched at the
%   first need and kept in Cell; its own tail (if open) made lazy again.

slice(Next, Cell, Slice) :-
    arg(1, Cell, Stored0),
    (   Stored0 == (-)
    ->  call(Next, Slice0, Tail0),
        nb_setarg(1, Cell, slice(Slice0, Tail0, '$slice'(-))),
        arg(1, Cell, Stored)
    ;   Stored = Stored0
    ),
    Stored = slice(Slice, Tail, NextCell),
    (   var(Tail),
        \+ get_attr(Tail, lazy_lists, _)
    ->  put_attr(Tail, lazy_lists, lazy(Next, NextCell))
    ;   true
    ).

attribute_goals(List) -->
    { get_attr(List, lazy_lists, lazy(Next, _)) },
    [lazy_list(Next, List)].

%   lazy_list_materialize(?List)
%   Fetch every slice of List.

lazy_list_materialize(List) :-
    materialize(List).

materialize(L) :-
    var(L),
    !,
    force(L),
    materialize(L).
materialize([]) :-
    !.
materialize([_|T]) :-
    !,
    materialize(T).
materialize(L) :-
    type_error(list, L).

%   force(+Var): bind an open tail to its slice (a plain variable, as in
%   SWI-Prolog, is taken for an endless list of fresh variables).

force(L) :-
    (   get_attr(L, lazy_lists, lazy(Next, Cell))
    ->  slice(Next, Cell, Slice),
        del_attr(L, lazy_lists),
        L = Slice
    ;   L = [_|_]
    ).

%   lazy_list_length(+List, -Len)
%   Len is the length of List, after fetching every slice.

lazy_list_length(List, Len) :-
    lazy_length(List, 0, Len).

lazy_length(L, N0, N) :-
    var(L),
    !,
    force(L),
    lazy_length(L, N0, N).
lazy_length([], N0, N) :-
    !,
    N = N0.
lazy_length([_|T], N0, N) :-
    !,
    N1 is N0 + 1,
    lazy_length(T, N1, N).
lazy_length(L, _, _) :-
    type_error(list, L).

%   lazy_findall(?Templ, :Goal, -List)
%   lazy_findall(+ChunkSize, ?Templ, :Goal, -List)
%   The answers of Goal as a lazy list, ChunkSize at a time (default 1).

lazy_findall(Templ, Goal, List) :-
    lazy_findall(1, Templ, Goal, List).

lazy_findall(Chunk, Templ, Goal, List) :-
    (   have(engine_create(_, _, _))
    ->  engine_create(Templ, Goal, Engine),
        lazy_list(lazy_lists:lazy_engine_next(Engine, Chunk), List)
    ;   throw(error(existence_error(procedure, engine_create/3),
                    context(lazy_lists:lazy_findall/4,
                            'knightlog has no engines to suspend Goal between answers')))
    ).

%   lazy_engine_next(+Engine, +N, -List, -Tail)
%   List\Tail holds the next N answers of Engine; Tail = [] once it has
%   no more.

lazy_engine_next(Engine, N, List, Tail) :-
    (   succ(N1, N)
    ->  (   engine_answer(Engine, X)
        ->  List = [X|List1],
            lazy_engine_next(Engine, N1, List1, Tail)
        ;   List = [],
            Tail = []
        )
    ;   List = Tail
    ).

engine_answer(Engine, X) :-
    (   have(engine_next(_, _))
    ->  engine_next(Engine, X)
    ;   var(Engine)
    ->  instantiation_error(Engine)
    ;   existence_error(engine, Engine)
    ).

%   lazy_message_queue(+Queue, +Options, -List, -Tail)
%   List\Tail holds the next chunk(N) (default 1) messages of Queue, read
%   with thread_get_message/3 and the other Options; Tail = [] when that
%   fails (a timeout).

lazy_message_queue(Queue, Options, List, Tail) :-
    select_option_value(chunk, Options, 1, N, GetOptions),
    queue_messages(N, Queue, GetOptions, List, Tail).

queue_messages(N, Queue, Options, List, Tail) :-
    (   succ(N1, N)
    ->  (   queue_message(Queue, Msg, Options)
        ->  List = [Msg|List1],
            queue_messages(N1, Queue, Options, List1, Tail)
        ;   List = [],
            Tail = []
        )
    ;   List = Tail
    ).

queue_message(Queue, Msg, Options) :-
    (   have(thread_get_message(_, _, _))
    ->  thread_get_message(Queue, Msg, Options)
    ;   must_be(list, Options),
        (   var(Queue)
        ->  instantiation_error(Queue)
        ;   existence_error(message_queue, Queue)
        )
    ).

have(Head) :-
    predicate_property(Head, defined).

%   lazy_get_codes(+Stream, +N, -List, -Tail)
%   List\Tail holds the next N codes of Stream; Tail = [] at its end.

lazy_get_codes(Stream, N, List, Tail) :-
    (   succ(N1, N)
    ->  get_code(Stream, C),
        (   C == -1
        ->  List = [],
            Tail = []
        ;   List = [C|List1],
            lazy_get_codes(Stream, N1, List1, Tail)
        )
    ;   List = Tail
    ).

%   lazy_read_terms(+Stream, +Options, -List, -Tail)
%   List\Tail holds the next chunk(N) (default 10) terms of Stream, read
%   with read_term/3 and the other Options; Tail = [] at end_of_file.

lazy_read_terms(Stream, Options, List, Tail) :-
    select_option_value(chunk, Options, 10, N, ReadOptions),
    read_terms(N, Stream, ReadOptions, List, Tail).

read_terms(N, Stream, Options, List, Tail) :-
    (   succ(N1, N)
    ->  (   read_term(Stream, Term, Options),
            Term \== end_of_file
        ->  List = [Term|List1],
            read_terms(N1, Stream, Options, List1, Tail)
        ;   List = [],
            Tail = []
        )
    ;   List = Tail
    ).

%   lazy_read_lines(+Stream, +Options, -List, -Tail)
%   List\Tail holds the next chunk(N) (default 10) lines of Stream, without
%   their line ends, as(Type) (string (default), atom, codes or chars);
%   Tail = [] at the end of the stream.

lazy_read_lines(Stream, Options, List, Tail) :-
    option_value(chunk, Options, 10, N),
    (   var(N)
    ->  instantiation_error(N)
    ;   integer(N), N > 0
    ->  true
    ;   type_error(positive_integer, N)
    ),
    option_value(as, Options, string, Type),
    (   var(Type)
    ->  instantiation_error(Type)
    ;   memberchk(Type, [atom, string, codes, chars])
    ->  true
    ;   type_error(oneof([atom, string, codes, chars]), Type)
    ),
    read_lines(N, Stream, Type, List, Tail).

read_lines(N, Stream, Type, List, Tail) :-
    (   succ(N1, N)
    ->  (   read_one_line(Type, Stream, Line0)
        ->  line_as(Type, Line0, Line),
            List = [Line|List1],
            read_lines(N1, Stream, Type, List1, Tail)
        ;   List = [],
            Tail = []
        )
    ;   List = Tail
    ).

%   read_one_line(+Type, +Stream, -Codes): the next line, failing at the
%   end of the stream. As codes, a line loses its newline and one carriage
%   return before it (SWI-Prolog's read_line_to_codes/2); as text, the
%   carriage returns at both ends of the line go, and a last line that
%   has nothing left is no line (SWI's read_string/5 with pad "\r").

read_one_line(Type, Stream, Codes) :-
    get_code(Stream, C0),
    raw_line(C0, Stream, Raw, End),
    line_codes(Type, End, Raw, Codes).

raw_line(-1, _, [], End) :-
    !,
    End = eof.
raw_line(0'\n, _, [], End) :-
    !,
    End = newline.
raw_line(C, Stream, [C|Cs], End) :-
    get_code(Stream, C1),
    raw_line(C1, Stream, Cs, End).

line_codes(codes, End, Raw, Codes) :-
    !,
    (   End == eof
    ->  Raw \== [],
        Codes = Raw
    ;   append(Codes0, [0'\r], Raw)
    ->  Codes = Codes0
    ;   Codes = Raw
    ).
line_codes(_, End, Raw, Codes) :-
    drop_cr(Raw, Codes1),
    reverse(Codes1, Rev0),
    drop_cr(Rev0, Rev),
    reverse(Rev, Codes),
    (   End == eof
    ->  Codes \== []
    ;   true
    ).

drop_cr([0'\r|Cs0], Cs) :-
    !,
    drop_cr(Cs0, Cs).
drop_cr(Cs, Cs).

line_as(string, Codes, Line) :-
    string_codes(Line, Codes).
line_as(atom, Codes, Line) :-
    atom_codes(Line, Codes).
line_as(codes, Codes, Codes).
line_as(chars, Codes, Chars) :-
    atom_codes(A, Codes),
    atom_chars(A, Chars).

%   lazy_list_iterator(+Iterator, -Next, :GetNext, :TestEnd)
%   A directive: define Iterator/+3 as a lazy_list/2 iterator, called as
%   call(Iterator, N, List, Tail), that runs GetNext for each element Next
%   until TestEnd succeeds (or GetNext fails).

lazy_list_iterator(Iterator, Next, GetNext, TestEnd) :-
    throw(error(context_error(nodirective,
                              lazy_list_iterator(Iterator, Next,
                                                 GetNext, TestEnd)),
                _)).

:- multifile user:term_expansion/2.
:- dynamic user:term_expansion/2.

user:term_expansion((:- lazy_list_iterator(Iterator, Next, GetNext, TestEnd)),
                    Clause) :-
    lazy_lists:iterator_clause(Iterator, Next, GetNext, TestEnd, Clause).

iterator_clause(Iterator, Next, GetNext, TestEnd, (Head :- Body)) :-
    callable(Iterator),
    Iterator =.. [Name|Args],
    append(Args, [N, List, Tail], HeadArgs),
    append(Args, [N1, List1, Tail], RecArgs),
    Head =.. [Name|HeadArgs],
    Recurse =.. [Name|RecArgs],
    Body = (   succ(N1, N)
           ->  (   GetNext,
                   \+ TestEnd
               ->  List = [Next|List1],
                   Recurse
               ;   List = [],
                   Tail = []
               )
           ;   List = Tail
           ).

%   Options, as SWI-Prolog's option/3 and select_option/4 take them: the
%   first Name(V), else the first Name=V. option_value/4 walks Options as
%   memberchk/2 does (an unbound tail is extended, a non-list tail is a
%   type error); select_option_value/5 leaves a list it cannot walk to
%   whoever reads the remaining options.

option_value(Name, Options, Default, Value) :-
    Gen =.. [Name, V],
    (   list_memberchk(Gen, Options)
    ->  Value = V
    ;   list_memberchk(Name=V, Options)
    ->  Value = V
    ;   Value = Default
    ).

list_memberchk(Elem, List) :-
    var(List),
    !,
    List = [Elem|_].
list_memberchk(Elem, [H|T]) :-
    !,
    (   H = Elem
    ->  true
    ;   list_memberchk(Elem, T)
    ).
list_memberchk(_, []) :-
    !,
    fail.
list_memberchk(_, Tail) :-
    type_error(list, Tail).

select_option_value(Name, Options, Default, Value, Rest) :-
    Gen =.. [Name, V],
    (   list_selectchk(Gen, Options, Rest0)
    ->  Value = V,
        Rest = Rest0
    ;   list_selectchk(Name=V, Options, Rest0)
    ->  Value = V,
        Rest = Rest0
    ;   Value = Default,
        Rest = Options
    ).

list_selectchk(Elem, List, Rest) :-
    var(List),
    !,
    List = [Elem|Rest].
list_selectchk(Elem, [H|T], Rest) :-
    (   H = Elem
    ->  Rest = T
    ;   Rest = [H|Rest1],
        list_selectchk(Elem, T, Rest1)
    ).
