% strings.pl -- library(strings) for knightlog: multi-line string helpers
% (dedent, indent, split into lines) and {Name} template interpolation.
% Written for knightlog from SWI-Prolog's documented and observed behaviour;
% tested by tests/prolog/lib_strings.pl under both systems.
%
% knightlog has no quasi-quotation syntax, so string/4 (SWI's hook for
% {|string(Args)||Text|}) cannot receive quasi-quoted content: called
% directly it behaves as SWI's does on content that is not a quasi
% quotation (instantiation error when unbound, failure otherwise).

:- module(strings,
          [ dedent_lines/3,             % +In, -Out, +Options
            indent_lines/3,             % +Prefix, +In, -Out
            indent_lines/4,             % :Filter, +Prefix, +In, -Out
            interpolate_string/4,       % :In, -Out, +Map, +Options
            string_lines/2,             % ?In, ?Lines
            string/4                    % quasi-quotation hook
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).

:- meta_predicate
    interpolate_string(:, -, +, +),
    indent_lines(1, +, +, -).

%   string_lines(?In, ?Lines)
%   In is the text of Lines, each line ended by a newline. Splitting drops
%   the empty string after a final newline; joining ends every line with one.

string_lines(In, Lines) :-
    nonvar(In),
    !,
    in_string(In, String),
    split_string(String, "\n", "", Parts),
    drop_final_empty(Parts, Lines0),
    Lines = Lines0.
string_lines(In, Lines) :-
    must_be(list, Lines),
    lines_codes(Lines, Codes),
    string_codes(In, Codes).

lines_codes([], []).
lines_codes([Line|Lines], Codes) :-
    atomic_text_codes(Line, LineCodes),
    append(LineCodes, [0'\n|Rest], Codes),
    lines_codes(Lines, Rest).

drop_final_empty(Parts, Lines) :-
    append(Lines0, [Last], Parts),
    Last == "",
    !,
    Lines = Lines0.
drop_final_empty(Parts, Parts).

%   dedent_lines(+In, -Out, +Options)
%   Remove the indentation the non-blank lines of In share. Options:
%   tab(N) (0: compare the leading characters literally; otherwise count
%   columns with tab stops every N) and chars(Chars) (the characters that
%   make up indentation, default " \t"). Blank lines (only such
%   characters) lose at most that much indentation.

dedent_lines(In, Out, Options) :-
    option_value(tab, Options, 0, Tab),
    option_value(chars, Options, " \t", Chars0),
    chars_codes(Chars0, Chars),
    in_string(In, String),
    split_string(String, "\n", "", Parts),
    maplist(string_codes, Parts, Lines0),
    (   Tab == 0
    ->  dedent_literal(Lines0, Chars, Lines)
    ;   dedent_columns(Lines0, Tab, Chars, Lines)
    ),
    join_lines(Lines, Out0),
    Out = Out0.

blank_line(Chars, Line) :-
    forall(member(C, Line), memberchk(C, Chars)).

leading(Chars, [C|Cs], [C|Lead]) :-
    memberchk(C, Chars),
    !,
    leading(Chars, Cs, Lead).
leading(_, _, []).

dedent_literal(Lines0, Chars, Lines) :-
    exclude(blank_line(Chars), Lines0, Full),
    (   Full = [First|More]
    ->  leading(Chars, First, Lead0),
        foldl(common_lead(Chars), More, Lead0, Prefix),
        maplist(drop_literal(Prefix), Lines0, Lines)
    ;   maplist(to_empty, Lines0, Lines)
    ).

to_empty(_, []).

common_lead(Chars, Line, Prefix0, Prefix) :-
    leading(Chars, Line, Lead),
    common_prefix(Prefix0, Lead, Prefix).

common_prefix([C|Cs], [C|Ds], [C|Ps]) :-
    !,
    common_prefix(Cs, Ds, Ps).
common_prefix(_, _, []).

drop_literal(Prefix, Line, Rest) :-
    (   append(Prefix, Rest0, Line)
    ->  Rest = Rest0
    ;   Rest = []               % a blank line shorter than the prefix
    ).

dedent_columns(Lines0, Tab, Chars, Lines) :-
    exclude(blank_line(Chars), Lines0, Full),
    (   Full == []
    ->  maplist(to_empty, Lines0, Lines)
    ;   maplist(indent_column(Tab, Chars), Full, Columns),
        min_list(Columns, Min),
        maplist(drop_columns(Tab, Chars, Min), Lines0, Lines)
    ).

indent_column(Tab, Chars, Line, Column) :-
    lead_column(Line, Tab, Chars, 0, Column).

lead_column([C|Cs], Tab, Chars, Col0, Col) :-
    memberchk(C, Chars),
    !,
    advance(C, Tab, Col0, Col1),
    lead_column(Cs, Tab, Chars, Col1, Col).
lead_column(_, _, _, Col, Col).

advance(0'\t, Tab, Col0, Col) :-
    !,
    Col is (Col0 // Tab + 1) * Tab.
advance(_, _, Col0, Col) :-
    Col is Col0 + 1.

drop_columns(Tab, Chars, Min, Line, Out) :-
    drop_columns(Line, 0, Tab, Chars, Min, Out).

drop_columns([C|Cs], Col0, Tab, Chars, Min, Out) :-
    Col0 < Min,
    memberchk(C, Chars),
    !,
    advance(C, Tab, Col0, Col1),
    drop_columns(Cs, Col1, Tab, Chars, Min, Out).
drop_columns(Rest, Col, _, _, Min, Out) :-
    Pad is max(0, Col - Min),
    length(Spaces, Pad),
    maplist(=(0' ), Spaces),
    append(Spaces, Rest, Out).

%   indent_lines(+Prefix, +In, -Out)
%   indent_lines(:Filter, +Prefix, +In, -Out)
%   Put Prefix before every line of In for which call(Filter, Line)
%   succeeds (once); by default the lines holding more than spaces and
%   tabs. The empty remainder after a final newline is left alone.

indent_lines(Prefix, In, Out) :-
    indent_lines(strings:non_blank, Prefix, In, Out).

indent_lines(Filter, Prefix, In, Out) :-
    in_string(In, String),
    split_string(String, "\n", "", Parts),
    indent_parts(Parts, Filter, Prefix, Lines),
    join_lines(Lines, Out0),
    Out = Out0.

non_blank(Line) :-
    string_codes(Line, Codes),
    member(C, Codes),
    C =\= 0' ,
    C =\= 0'\t,
    !.

indent_parts([], _, _, []).
indent_parts([Part|Parts], Filter, Prefix, [Line|Lines]) :-
    (   Parts == [], Part == ""
    ->  Line = []
    ;   string_codes(Part, Codes),
        (   call(Filter, Part)
        ->  atomic_text_codes(Prefix, PrefixCodes),
            append(PrefixCodes, Codes, Line)
        ;   Line = Codes
        )
    ),
    indent_parts(Parts, Filter, Prefix, Lines).

%   interpolate_string(:In, -Out, +Map, +Options)
%   Replace {Name} by the value of Name=Value in Map (written with
%   format ~w), {Name,Default} likewise or by the text Default, and, when
%   Options holds goals(true), {@Goal} by the output of Goal. Any other
%   brace is copied.

interpolate_string(Spec, Out, Map, Options) :-
    strip_module(Spec, Module, In),
    interp_codes(In, Codes),
    interpolate(Codes, Module, Map, Options, OutCodes),
    string_codes(Out0, OutCodes),
    Out = Out0.

interp_codes(In, _) :-
    var(In),
    !,
    instantiation_error(In).
interp_codes(In, Codes) :-
    number(In),
    !,
    number_codes(In, Codes).
interp_codes(In, Codes) :-
    in_string(In, String),
    string_codes(String, Codes).

interpolate([], _, _, _, []).
interpolate([0'{|Cs], Module, Map, Options, Out) :-
    pattern(Cs, Module, Map, Options, Item, Rest),
    !,
    item_codes(Item, Value),
    append(Value, Out1, Out),
    interpolate(Rest, Module, Map, Options, Out1).
interpolate([C|Cs], Module, Map, Options, [C|Out]) :-
    interpolate(Cs, Module, Map, Options, Out).

pattern([C|Cs], _, Map, _, Value, Rest) :-
    var_start(C),
    !,
    var_continue(Cs, NameCodes, After),
    atom_codes(Name, [C|NameCodes]),
    (   After = [0'}|Rest]
    ->  (   map_lookup(Map, Name, V)
        ->  value_codes(V, Value)
        ;   existence_error(template_var, Name)
        )
    ;   After = [0',|After1],
        append(Default, [0'}|Rest], After1),
        \+ memberchk(0'}, Default)
    ->  (   map_lookup(Map, Name, V)
        ->  value_codes(V, Value)
        ;   Value = Default
        )
    ).
pattern([0'@|Cs], Module, _, Options, Value, Rest) :-
    option_value(goals, Options, false, true),
    append(GoalCodes, [0'}|Rest], Cs),
    \+ memberchk(0'}, GoalCodes),
    !,
    string_codes(GoalText, GoalCodes),
    term_string(Goal, GoalText),
    Value = goal(Module:Goal).

%   item_codes(+Item, -Codes): the text a pattern stands for; a goal that
%   fails makes interpolate_string/4 fail.

item_codes(goal(Goal), Codes) :-
    !,
    with_output_to(codes(Codes), once(Goal)).
item_codes(Codes, Codes).

var_start(C) :-
    code_type(C, prolog_var_start).

var_continue([C|Cs], [C|Name], Rest) :-
    code_type(C, prolog_identifier_continue),
    !,
    var_continue(Cs, Name, Rest).
var_continue(Rest, [], Rest).

value_codes(V, Codes) :-
    format(codes(Codes), "~w", V).

%   map_lookup(+Map, +Name, -Value): the first Name=Value of Map, as
%   memberchk/2 finds it (extending a partial list, rejecting a non-list).

map_lookup(Map, Name, Value) :-
    list_memberchk(Name=Value, Map).

%   string(+Content, +Args, +Binding, -DOM)
%   The {|string(Args)||...|} quasi-quotation hook of SWI-Prolog. knightlog
%   reads no quasi quotations, so no Content can come from one.

string(Content, _Args, _Binding, _DOM) :-
    (   var(Content)
    ->  instantiation_error(Content)
    ;   fail
    ).

%   Helpers

%   option_value(+Name, +Options, +Default, -Value): Value of the option
%   Name as SWI-Prolog's option/3 finds it: the first Name(V) of Options,
%   else the first Name=V, else Default. Options is walked as memberchk/2
%   walks a list: an unbound tail is extended with Name(V), a non-list tail
%   is a type error.

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

%   in_string(+Text, -String): the text arguments, as SWI's split_string/4
%   takes them (no numbers; [] is the empty text).

in_string(Text, _) :-
    var(Text),
    !,
    instantiation_error(Text).
in_string([], String) :-
    !,
    String = "".
in_string(Text, _) :-
    number(Text),
    !,
    type_error(text, Text).
in_string(Text, String) :-
    text_to_string(Text, String).

%   atomic_text_codes(+Atomic, -Codes): an atom, string or number as codes.

atomic_text_codes(X, _) :-
    var(X),
    !,
    instantiation_error(X).
atomic_text_codes(X, Codes) :-
    atomic(X),
    X \== [],
    !,
    format(codes(Codes), "~w", [X]).
atomic_text_codes(X, _) :-
    type_error(text, X).

chars_codes(Chars, _) :-
    var(Chars),
    !,
    instantiation_error(Chars).
chars_codes(Chars, Codes) :-
    string(Chars),
    !,
    string_codes(Chars, Codes).
chars_codes(Chars, Codes) :-
    is_list(Chars),
    !,
    string_codes(S, Chars),
    string_codes(S, Codes).
chars_codes(Chars, _) :-
    '$skip_to_tail'(Chars, Tail),
    var(Tail),
    !,
    instantiation_error(Chars).
chars_codes(Chars, _) :-
    type_error(list, Chars).

'$skip_to_tail'(L, T) :-
    (   nonvar(L), L = [_|L1]
    ->  '$skip_to_tail'(L1, T)
    ;   T = L
    ).

join_lines([], "").
join_lines([Line|Lines], String) :-
    join_codes(Lines, Line, Codes),
    string_codes(String, Codes).

join_codes([], Last, Last).
join_codes([Line|Lines], Prev, Codes) :-
    append(Prev, [0'\n|Rest], Codes),
    join_codes(Lines, Line, Rest).
