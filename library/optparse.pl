/*  library(optparse): command line parsing from an option specification,
    and a help text made from it, for knightlog. Written from SWI-Prolog's
    documentation and its observed behaviour (9.0.4), not from its source.

    An option specification is a list of lists, one per option, of
    opt(Key) (required), type(Type) (boolean, atom, integer, float or term,
    the default), default(Value), shortflags(Chars), longflags(Names) and
    help(TextOrLines).
*/

:- module(optparse,
          [ opt_arguments/3,            % +OptsSpec, -Opts, -PositionalArgs
            opt_parse/4,                % +OptsSpec, +ApplArgs, -Opts, -PositionalArgs
            opt_parse/5,                % +OptsSpec, +ApplArgs, -Opts, -PositionalArgs, +ParseOptions
            opt_help/2                  % +OptsSpec, -Help
          ]).

%!  opt_arguments(+OptsSpec, -Opts, -PositionalArgs) is det.
%
%   Parses the command line arguments (the `argv` flag) by OptsSpec.

opt_arguments(OptsSpec, Opts, PositionalArgs) :-
    current_prolog_flag(argv, Argv),
    opt_parse(OptsSpec, Argv, Opts, PositionalArgs).

%!  opt_parse(+OptsSpec, +ApplArgs, -Opts, -PositionalArgs) is det.

opt_parse(OptsSpec, ApplArgs, Opts, PositionalArgs) :-
    opt_parse(OptsSpec, ApplArgs, Opts, PositionalArgs, []).

%!  opt_parse(+OptsSpec, +ApplArgs, -Opts, -PositionalArgs, +ParseOptions) is det.
%
%   Opts are Key(Value) terms (Func(Key, Value) with output_functor(Func)):
%   first the options not on the command line with their defaults (an
%   unbound value when there is none), in OptsSpec's order, then those
%   given, in the order of the command line. ParseOptions:
%   output_functor(Func), duplicated_flags(keepfirst/keeplast/keepall)
%   (default keeplast) and allow_empty_flag_spec(Bool) (default true).
%   Fails when OptsSpec is not a list.

opt_parse(OptsSpec, ApplArgs, Opts, PositionalArgs, ParseOptions) :-
    is_list(OptsSpec),
    parse_options(ParseOptions, Functor, Keep, AllowEmpty),
    validate_spec(OptsSpec, AllowEmpty, Specs),
    (   is_list(ApplArgs)
    ->  true
    ;   throw(error(type_error(list(atom), ApplArgs), _))
    ),
    forall(member(Arg, ApplArgs),
           (   atom(Arg)
           ->  true
           ;   throw(error(type_error(atom, Arg), _))
           )),
    parse_args(ApplArgs, Specs, Given0, Positional),
    keep_flags(Keep, Given0, Given),
    findall(Key-Default,
            ( member(spec(Key, _, Default, _, _, _), Specs),
              \+ memberchk(Key-_, Given)
            ),
            Defaults),
    append(Defaults, Given, Pairs),
    maplist(output_option(Functor), Pairs, Opts),
    PositionalArgs = Positional.

parse_options(ParseOptions, Functor, Keep, AllowEmpty) :-
    (   is_list(ParseOptions)
    ->  true
    ;   throw(error(type_error(list, ParseOptions), _))
    ),
    (   memberchk(output_functor(Functor0), ParseOptions)
    ->  (   atom(Functor0)
        ->  Functor = Functor0
        ;   throw(error(type_error(atom, Functor0), context(system:(=..)/2, _)))
        )
    ;   Functor = 'OPTION'
    ),
    (   memberchk(duplicated_flags(Keep0), ParseOptions)
    ->  (   memberchk(Keep0, [keepfirst, keeplast, keepall])
        ->  Keep = Keep0
        ;   throw(error(domain_error(keep_flag, Keep0), _))
        )
    ;   Keep = keeplast
    ),
    (   memberchk(allow_empty_flag_spec(false), ParseOptions)
    ->  AllowEmpty = false
    ;   AllowEmpty = true
    ).

output_option('OPTION', Key-Value, Opt) :-
    !,
    Opt =.. [Key, Value].
output_option(Functor, Key-Value, Opt) :-
    Opt =.. [Functor, Key, Value].

%   The specification, checked, as spec(Key, Type, Default, Shorts, Longs, Help)
%   terms (Default unbound when there is none, Help `none` when absent).

validate_spec(OptsSpec, AllowEmpty, Specs) :-
    (   ground(OptsSpec)
    ->  true
    ;   throw(error(instantiation_error,
                    context(validate_opts_spec/1, 'option spec must be ground')))
    ),
    maplist(option_spec(AllowEmpty), OptsSpec, Specs),
    unique_keys(Specs),
    unique_flags(Specs).

option_spec(AllowEmpty, Items, spec(Key, Type, Default, Shorts, Longs, Help)) :-
    (   memberchk(opt(Key0), Items)
    ->  Key = Key0
    ;   throw(error(domain_error(unique_atom, Items), context(_, 'opt(id) missing')))
    ),
    forall(member(Item, Items), known_item(Item)),
    (   memberchk(type(Type0), Items)
    ->  Type = Type0
    ;   Type = term
    ),
    (   known_type(Type)
    ->  true
    ;   throw(error(existence_error(type, Type), _))
    ),
    (   memberchk(default(Default), Items)
    ->  check_default(Type, Default)
    ;   true
    ),
    flag_list(shortflags, Items, Shorts),
    flag_list(longflags, Items, Longs),
    forall(member(S, Shorts), short_flag(Key, S)),
    (   memberchk(help(Help0), Items)
    ->  Help = Help0
    ;   Help = none
    ),
    (   AllowEmpty == false,
        Shorts == [],
        Longs == []
    ->  format(atom(Msg), 'no flag specified for option \'~w\'', [Key]),
        throw(error(domain_error(unique_atom, _), context(_, Msg)))
    ;   true
    ).

known_item(Item) :-
    (   functor(Item, Name, 1),
        memberchk(Name, [opt, type, default, shortflags, longflags, help])
    ->  true
    ;   functor(Item, Name, _),
        throw(error(domain_error(opt_spec, Name),
                    context(validate_opts_spec/1, 'unknown opt spec')))
    ).

known_type(boolean).
known_type(atom).
known_type(integer).
known_type(float).
known_type(term).

check_default(boolean, D) :- !, ( memberchk(D, [true, false]) -> true ; type_error(boolean, D) ).
check_default(atom, D) :- !, ( atom(D) -> true ; type_error(atom, D) ).
check_default(integer, D) :- !, ( integer(D) -> true ; type_error(integer, D) ).
check_default(float, D) :- !, ( float(D) -> true ; type_error(float, D) ).
check_default(term, _).

type_error(Type, Value) :-
    throw(error(type_error(Type, Value), _)).

flag_list(Name, Items, Flags) :-
    Item =.. [Name, Flags0],
    (   memberchk(Item, Items)
    ->  (   is_list(Flags0)
        ->  Flags = Flags0
        ;   Flags = [Flags0]
        )
    ;   Flags = []
    ).

short_flag(Key, Flag) :-
    (   atom_length(Flag, 1)
    ->  true
    ;   format(atom(Msg), 'option \'~w\': flag too long to be short', [Key]),
        throw(error(domain_error(short_flag, Flag), context(_, Msg)))
    ).

unique_keys(Specs) :-
    findall(Key, member(spec(Key, _, _, _, _, _), Specs), Keys),
    (   append(_, [Key|Rest], Keys),
        memberchk(Key, Rest)
    ->  throw(error(domain_error(unique_atom, Key), context(_, 'ambiguous id')))
    ;   true
    ).

unique_flags(Specs) :-
    findall(F, ( member(spec(_, _, _, S, L, _), Specs), ( member(F, S) ; member(F, L) ) ),
            Flags),
    (   append(_, [F|Rest], Flags),
        memberchk(F, Rest)
    ->  throw(error(domain_error(unique_atom, F),
                    context(validate_opts_spec/1, 'ambiguous flag')))
    ;   true
    ).

%   Parsing the arguments into Key-Value pairs (command line order).

parse_args([], _, [], []).
parse_args([Arg|Args], Specs, Given, Positional) :-
    atom_codes(Arg, Codes),
    (   Codes = [0'-, 0'-, C|Cs],
        C \== 0'-,
        C \== 0'=
    ->  long_option([C|Cs], Args, Specs, Given, Given1, Args1),
        parse_args(Args1, Specs, Given1, Positional)
    ;   Codes = [0'-, C|Cs],
        C \== 0'-
    ->  short_option(C, Cs, Args, Specs, Given, Given1, Args1),
        parse_args(Args1, Specs, Given1, Positional)
    ;   Positional = [Arg|Positional1],
        parse_args(Args, Specs, Given, Positional1)
    ).

long_option(Codes, Args0, Specs, [Key-Value|Given], Given, Args) :-
    (   append(NameCodes, [0'=|ValueCodes], Codes)
    ->  atom_codes(Name, NameCodes),
        atom_codes(Text, ValueCodes),
        long_spec(Name, Specs, Key, Type),
        flag_value(Type, Name, Text, Value),
        Args = Args0
    ;   atom_codes(Name, Codes),
        (   long_spec_or_fail(Name, Specs, Key, Type)
        ->  option_value(Type, Name, Args0, Args, Value)
        ;   atom_concat('no-', Flag, Name),
            negated_flag(Flag, Specs, Key)
        ->  Value = false,
            Args = Args0
        ;   unknown_flag(Name)
        )
    ).

long_spec(Name, Specs, Key, Type) :-
    (   long_spec_or_fail(Name, Specs, Key, Type)
    ->  true
    ;   unknown_flag(Name)
    ).

long_spec_or_fail(Name, Specs, Key, Type) :-
    member(spec(Key, Type, _, _, Longs, _), Specs),
    memberchk(Name, Longs),
    !.

negated_flag(Flag, Specs, Key) :-
    member(spec(Key, boolean, _, Shorts, Longs, _), Specs),
    ( memberchk(Flag, Longs) ; memberchk(Flag, Shorts) ),
    !.

short_option(C, Rest, Args0, Specs, [Key-Value|Given], Given, Args) :-
    char_code(Flag, C),
    (   member(spec(Key, Type, _, Shorts, _, _), Specs),
        memberchk(Flag, Shorts)
    ->  true
    ;   unknown_flag(Flag)
    ),
    (   Rest = [0'=|_]
    ->  throw(error(syntax_error('disallowed: <shortflag>=<value>'), _))
    ;   Rest \== []
    ->  atom_codes(Text, Rest),
        flag_value(Type, Flag, Text, Value),
        Args = Args0
    ;   option_value(Type, Flag, Args0, Args, Value)
    ).

% The value of a flag without an attached one: a boolean is true, or the
% next argument when that is true or false; other types take the next
% argument (whatever it looks like), '' when there is none.
option_value(boolean, _, Args0, Args, Value) :-
    !,
    (   Args0 = [Next|Args1],
        memberchk(Next, [true, false])
    ->  Value = Next,
        Args = Args1
    ;   Value = true,
        Args = Args0
    ).
option_value(Type, Flag, Args0, Args, Value) :-
    (   Args0 = [Text|Args]
    ->  true
    ;   Text = '',
        Args = []
    ),
    flag_value(Type, Flag, Text, Value).

unknown_flag(Name) :-
    throw(error(existence_error(commandline_option, Name), _)).

%   Converting a value. A value that does not parse is reported on the
%   output (as SWI-Prolog does) before the error is raised.

flag_value(Type, Flag, Text, Value) :-
    catch(convert(Type, Text, Value), E,
          ( bad_value(Flag, Type, Text), throw(E) )),
    !.
flag_value(Type, Flag, Text, _) :-
    bad_value(Flag, Type, Text),
    throw(error(type_error(flag_value, Type), _)).

bad_value(Flag, Type, Text) :-
    format("~nERROR: flag '~w': expected atom parsable as ~w, found '~w' ~n",
           [Flag, Type, Text]).

convert(boolean, Text, Text) :-
    memberchk(Text, [true, false]).
convert(atom, Text, Text).
convert(integer, Text, Value) :-
    atom_codes(Text, Codes),
    number_codes(Value, Codes),
    integer(Value).
convert(float, Text, Value) :-
    atom_codes(Text, Codes),
    number_codes(Value, Codes),
    float(Value).
convert(term, Text, Value) :-
    term_to_atom(Value, Text).

% duplicated_flags: which occurrences of a key stay.
keep_flags(keepall, Given, Given).
keep_flags(keepfirst, Given0, Given) :-
    keep_first(Given0, [], Given).
keep_flags(keeplast, Given0, Given) :-
    reverse(Given0, Reversed),
    keep_first(Reversed, [], Kept),
    reverse(Kept, Given).

keep_first([], _, []).
keep_first([Key-Value|T], Seen, Kept) :-
    (   memberchk(Key, Seen)
    ->  Kept = Kept1
    ;   Kept = [Key-Value|Kept1]
    ),
    keep_first(T, [Key|Seen], Kept1).

%!  opt_help(+OptsSpec, -Help) is det.
%
%   Help is an atom with a line per option that has flags: its long flags,
%   short flags, Type=Default and help text in columns. A text help is
%   wrapped to fit 80 columns; a list help is one line per element. Fails
%   when OptsSpec is not a list.

opt_help(OptsSpec, Help) :-
    is_list(OptsSpec),
    validate_spec(OptsSpec, true, Specs),
    findall(row(LongLines, Short, TypeDefault, HelpText),
            ( member(spec(_, Type, Default, Shorts, Longs, HelpText), Specs),
              \+ ( Shorts == [], Longs == [] ),
              long_lines(Longs, LongLines),
              prefixed(Shorts, '-', ShortFlags),
              atomic_list_concat(ShortFlags, ',', Short),
              (   var(Default)
              ->  format(atom(TypeDefault), '~w=_', [Type])
              ;   format(atom(TypeDefault), '~w=~w', [Type, Default])
              )
            ),
            Rows),
    column_width(Rows, long, W1),
    column_width(Rows, short, W2),
    column_width(Rows, type, W3),
    Start is W1 + W2 + W3,
    phrase(help_rows(Rows, W1, W2, W3, Start), Codes),
    atom_codes(Help, Codes).

long_lines([], ['']) :-
    !.
long_lines(Longs, Lines) :-
    prefixed(Longs, '--', Flags),
    append(Init, [Last], Flags),
    findall(L, ( member(F, Init), atom_concat(F, ',', L) ), InitLines),
    append(InitLines, [Last], Lines).

prefixed([], _, []).
prefixed([F|Fs], Prefix, [P|Ps]) :-
    atom_concat(Prefix, F, P),
    prefixed(Fs, Prefix, Ps).

column_width(Rows, Column, Width) :-
    findall(Len, ( member(Row, Rows), column_text(Column, Row, Text), atom_length(Text, Len) ),
            Lens),
    max_list([0|Lens], Max),
    Width is Max + 2.

column_text(long, row(Lines, _, _, _), Flag) :-
    member(Line, Lines),
    (   atom_concat(Flag, ',', Line)
    ->  true
    ;   Flag = Line
    ).
column_text(short, row(_, Short, _, _), Short).
column_text(type, row(_, _, TypeDefault, _), TypeDefault).

help_rows([], _, _, _, _) -->
    [].
help_rows([row(LongLines, Short, TypeDefault, Help)|Rows], W1, W2, W3, Start) -->
    { split_last(LongLines, Init, Last) },
    lines(Init),
    padded(Last, W1),
    padded(Short, W2),
    padded(TypeDefault, W3),
    help_text(Help, Start),
    "\n",
    help_rows(Rows, W1, W2, W3, Start).

split_last([X], [], X) :-
    !.
split_last([X|Xs], [X|Init], Last) :-
    split_last(Xs, Init, Last).

lines([]) --> [].
lines([L|Ls]) --> atom_text(L), "\n", lines(Ls).

padded(Text, Width) -->
    atom_text(Text),
    { atom_length(Text, Len), Pad is Width - Len },
    spaces(Pad).

spaces(N) --> { N =< 0 }, !.
spaces(N) --> " ", { N1 is N - 1 }, spaces(N1).

atom_text(Text) -->
    { format(codes(Codes), '~w', [Text]) },
    list(Codes).

list([]) --> [].
list([H|T]) --> [H], list(T).

help_text(none, _) -->
    !.
help_text([], _) -->
    !.
help_text([Line|Lines], Start) -->
    !,
    atom_text(Line),
    continuation_lines(Lines, Start).
help_text(Text, Start) -->
    { format(string(S), '~w', [Text]),
      split_string(S, " ", "", Words),
      Width is 80 - Start - 2,
      fill(Words, Width, Lines)
    },
    help_text(Lines, Start).

continuation_lines([], _) -->
    [].
continuation_lines([Line|Lines], Start) -->
    "\n",
    { Indent is Start + 2 },
    spaces(Indent),
    atom_text(Line),
    continuation_lines(Lines, Start).

% Greedy filling of words into lines of at most Width characters (a longer
% word has a line of its own).
fill([], _, []).
fill([W|Ws], Width, [Line|Lines]) :-
    string_length(W, Len),
    fill_line(Ws, Width, Len, Words, Rest),
    atomic_list_concat([W|Words], ' ', Line),
    fill(Rest, Width, Lines).

fill_line([W|Ws], Width, Len0, [W|Words], Rest) :-
    string_length(W, L),
    Len is Len0 + 1 + L,
    Len =< Width,
    !,
    fill_line(Ws, Width, Len, Words, Rest).
fill_line(Ws, _, _, [], Ws).
