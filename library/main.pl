% library(main): the entry point of scripts and the parsing of their
% command line, as SWI-Prolog's library(main). Written for knightlog from
% SWI-Prolog's documentation and its observed behaviour (9.0.4).
%
% main/0 calls main/1 with the `argv` flag: the arguments after the script
% (or after `--`). knightlog has no module_transparent/1, so main/0 cannot see
% the module it was called from: it calls main/1 in `user` when user defines
% it, otherwise in the one other module that does (see
% tests/KNOWN_DIFFERENCES.md). Halting (status 0, 1 on failure, 2 on an
% uncaught exception) is done by initialization(main, main), as in SWI.

:- module(prolog_main,
          [ main/0,
            argv_options/3,
            argv_options/4,
            argv_usage/1,
            cli_parse_debug_options/2,
            cli_enable_development_system/0
          ]).

:- meta_predicate
    argv_options(:, -, -),
    argv_options(:, -, -, +),
    argv_usage(:).

:- dynamic
    main_interactive/0.

%!  main
%
%   Calls main/1 with the command line arguments.

main :-
    current_prolog_flag(argv, Argv),
    main_module(M),
    M:main(Argv),
    (   retract(main_interactive)
    ->  cli_enable_development_system
    ;   true
    ).

main_module(user) :-
    predicate_property(user:main(_), defined),
    \+ predicate_property(user:main(_), imported_from(_)),
    !.
main_module(M) :-
    current_module(M),
    M \== user,
    M \== prolog_main,
    predicate_property(M:main(_), defined),
    \+ predicate_property(M:main(_), imported_from(_)),
    !.
main_module(user).

%!  argv_options(:Argv, -Positional, -Options) is det.

% knightlog passes user's arguments to library meta-predicates unqualified.
argv_options(Argv, Positional, Options) :-
    \+ Argv = _:_,
    !,
    argv_options(user:Argv, Positional, Options).
argv_options(M:Argv, Positional, Options) :-
    guided(M),
    !,
    argv_options(M:Argv, Positional, Options, [on_error(halt(1))]).
argv_options(_:Argv, Positional, Options) :-
    untyped_options(Argv, Positional, Options).

guided(M) :-
    predicate_property(M:opt_type(_, _, _), defined),
    !.

%   Unguided parsing: only long options, values that look like numbers
%   become numbers.

untyped_options(Argv, Positional, Options) :-
    (   is_list(Argv)
    ->  untyped_list(Argv, Positional, Options)
    ;   throw(error(existence_error(matching_rule,
                                    prolog_main:argv_untyped_options(Argv, Positional, Options)),
                    context(prolog_main:argv_untyped_options/3, _)))
    ).

untyped_list([], [], []).
untyped_list([H|T], Positional, Options) :-
    (   text_arg(H, '--')
    ->  Positional = T,
        Options = []
    ;   long_body(H, Body)
    ->  untyped_long(Body, Opt),
        Options = [Opt|Options1],
        untyped_list(T, Positional, Options1)
    ;   compound(H)
    ->  throw(error(type_error(atom, H), context(system:sub_atom/5, _)))
    ;   Positional = [H|Positional1],
        untyped_list(T, Positional1, Options)
    ).

untyped_long(Body, Opt) :-
    (   sub_atom(Body, Before, _, After, '=')
    ->  sub_atom(Body, 0, Before, _, Name0),
        sub_atom(Body, _, After, 0, Text),
        option_name(Name0, Name),
        (   atom_number(Text, Number)
        ->  Value = Number
        ;   Value = Text
        ),
        Opt =.. [Name, Value]
    ;   sub_atom(Body, 0, _, _, 'no-')
    ->  sub_atom(Body, 3, _, 0, Name0),
        option_name(Name0, Name),
        Opt =.. [Name, false]
    ;   option_name(Body, Name),
        Opt =.. [Name, true]
    ).

% An argument that is the text Atom (an atom or a string).
text_arg(Arg, Atom) :-
    (   atom(Arg)
    ->  Arg == Atom
    ;   string(Arg),
        atom_string(Atom, Arg)
    ).

% Body is what follows `--` in a long option (at least one character).
long_body(Arg, Body) :-
    (   atom(Arg)
    ->  A = Arg
    ;   string(Arg)
    ->  atom_string(A, Arg)
    ),
    sub_atom(A, 0, 2, _, '--'),
    sub_atom(A, 2, _, 0, Body),
    Body \== ''.

% Short option characters after a single `-` (at least one).
short_chars(Arg, Chars) :-
    (   atom(Arg)
    ->  A = Arg
    ;   string(Arg)
    ->  atom_string(A, Arg)
    ),
    sub_atom(A, 0, 1, _, '-'),
    \+ sub_atom(A, 0, 2, _, '--'),
    sub_atom(A, 1, _, 0, Rest),
    Rest \== '',
    atom_chars(Rest, Chars).

option_name(Text, Name) :-
    atom_chars(Text, Cs0),
    maplist(dash_underscore, Cs0, Cs),
    atom_chars(Name, Cs).

dash_underscore(C0, C) :-
    (   C0 == '-'
    ->  C = '_'
    ;   C = C0
    ).

%!  argv_options(:Argv, -Positional, -Options, +ParseOptions) is det.
%
%   Guided parsing, by opt_type/3, opt_help/2 and opt_meta/2 of the calling
%   module. ParseOptions: on_error(halt(Code)) or on_error(error) (the
%   default) and options_after_arguments(Bool) (default true).

argv_options(Argv, Positional, Options, ParseOptions) :-
    \+ Argv = _:_,
    !,
    argv_options(user:Argv, Positional, Options, ParseOptions).
argv_options(M:Argv, _, _, _) :-
    \+ user_help(M),
    Argv = [Arg],
    default_help_arg(Arg),
    !,
    argv_usage(M:help),
    halt(0).
argv_options(M:Argv, Positional, Options, ParseOptions) :-
    must_be(list, ParseOptions),
    (   memberchk(on_error(OnError), ParseOptions)
    ->  true
    ;   OnError = error
    ),
    (   memberchk(options_after_arguments(After), ParseOptions)
    ->  true
    ;   After = true
    ),
    catch(guided_list(Argv, M, After, Positional, Options),
          error(opt_error(E), Ctx),
          opt_failed(OnError, error(opt_error(E), Ctx))).

opt_failed(halt(Code), Error) :-
    !,
    print_message(error, Error),
    halt(Code).
opt_failed(_, Error) :-
    throw(Error).

guided_list([], _, _, [], []).
guided_list([H|T], M, After, Positional, Options) :-
    (   text_arg(H, '--')
    ->  Positional = T,
        Options = []
    ;   long_body(H, Body)
    ->  guided_long(Body, M, T, T1, Options, Options1),
        guided_list(T1, M, After, Positional, Options1)
    ;   short_chars(H, Chars)
    ->  guided_short(Chars, M, T, T1, Options, Options1),
        guided_list(T1, M, After, Positional, Options1)
    ;   After == false
    ->  Positional = [H|T],
        Options = []
    ;   Positional = [H|Positional1],
        guided_list(T, M, After, Positional1, Options)
    ).

guided_long(Body, M, Args0, Args, Options, Tail) :-
    (   sub_atom(Body, Before, _, After, '=')
    ->  Args = Args0,
        sub_atom(Body, 0, Before, _, Name0),
        sub_atom(Body, _, After, 0, Text),
        option_name(Name0, Opt),
        (   opt_type_of(M, Opt, Name, Type)
        ->  opt_value(Type, Body, Text, Value),
            Options = [Opt1|Tail],
            Opt1 =.. [Name, Value]
        ;   unknown_option(M, Opt)
        )
    ;   option_name(Body, Opt),
        (   opt_type_of(M, Opt, Name, Type)
        ->  (   boolean_type(Type, Default)
            ->  Opt1 =.. [Name, Default],
                Options = [Opt1|Tail],
                Args = Args0
            ;   Args0 = [Arg|Args]
            ->  text_atom(Arg, Text),
                opt_value(Type, Opt, Text, Value),
                Opt1 =.. [Name, Value],
                Options = [Opt1|Tail]
            ;   opt_error(missing_value(Opt, Type))
            )
        ;   negated_boolean(M, Opt, Name, Default)
        ->  Args = Args0,
            negate(Default, Value),
            Opt1 =.. [Name, Value],
            Options = [Opt1|Tail]
        ;   unknown_option(M, Opt)
        )
    ).

negated_boolean(M, Opt, Name, Default) :-
    (   sub_atom(Opt, 0, _, _, no_)
    ->  sub_atom(Opt, 3, _, 0, Plain)
    ;   sub_atom(Opt, 0, _, _, no)
    ->  sub_atom(Opt, 2, _, 0, Plain)
    ),
    Plain \== '',
    opt_type_of(M, Plain, Name, Type),
    boolean_type(Type, Default).

negate(true, false).
negate(false, true).

guided_short([], _, Args, Args, Tail, Tail).
guided_short([C|Cs], M, Args0, Args, Options, Tail) :-
    (   opt_type_of(M, C, Name, Type)
    ->  (   boolean_type(Type, Default)
        ->  Opt =.. [Name, Default],
            Options = [Opt|Options1],
            guided_short(Cs, M, Args0, Args, Options1, Tail)
        ;   Cs \== []
        ->  atom_chars(Text, Cs),
            opt_value(Type, C, Text, Value),
            Opt =.. [Name, Value],
            Options = [Opt|Tail],
            Args = Args0
        ;   Args0 = [Arg|Args]
        ->  text_atom(Arg, Text),
            opt_value(Type, C, Text, Value),
            Opt =.. [Name, Value],
            Options = [Opt|Tail]
        ;   opt_error(missing_value(C, Type))
        )
    ;   unknown_option(M, C)
    ).

text_atom(Arg, Atom) :-
    (   atom(Arg)
    ->  Atom = Arg
    ;   string(Arg)
    ->  atom_string(Atom, Arg)
    ;   number(Arg)
    ->  atom_number(Atom, Arg)
    ;   format(atom(Atom), '~w', [Arg])
    ).

% The option type for Opt: the calling module's opt_type/3.
opt_type_of(M, Opt, Name, Type) :-
    catch(M:opt_type(Opt, Name, Type), error(existence_error(_, _), _), fail),
    !.

user_help(M) :-
    catch(M:opt_type(_, help, boolean), _, fail),
    !.

% Alone on the command line, these print the usage and halt (SWI-Prolog 9.0
% gives them no meaning anywhere else).
default_help_arg(Arg) :-
    text_atom(Arg, A),
    memberchk(A, ['-h', '-?', '--help']).

boolean_type(boolean, true).
boolean_type(boolean(Default), Default).

unknown_option(M, Opt) :-
    opt_error(unknown_option(M:Opt)).

opt_error(E) :-
    throw(error(opt_error(E), _)).

%   Converting values by type

opt_value(Type, Opt, Text, Value) :-
    (   convert(Type, Text, Value0)
    ->  Value = Value0
    ;   opt_error(value_type(Opt, Type, Text))
    ).

convert(A|B, Text, Value) :-
    !,
    (   convert(A, Text, Value)
    ->  true
    ;   convert(B, Text, Value)
    ).
convert(boolean, Text, Value) :-
    !,
    boolean_text(Text, Value).
convert(boolean(_), Text, Value) :-
    !,
    boolean_text(Text, Value).
convert(integer, Text, Value) :-
    !,
    atom_number(Text, Value),
    integer(Value).
convert(float, Text, Value) :-
    !,
    atom_number(Text, N),
    Value is float(N).
convert(nonneg, Text, Value) :-
    !,
    atom_number(Text, Value),
    integer(Value),
    Value >= 0.
convert(natural, Text, Value) :-
    !,
    atom_number(Text, Value),
    integer(Value),
    Value >= 1.
convert(number, Text, Value) :-
    !,
    atom_number(Text, Value).
convert(between(Low, High), Text, Value) :-
    !,
    atom_number(Text, N),
    (   ( float(Low) ; float(High) )
    ->  Value is float(N)
    ;   integer(N),
        Value = N
    ),
    Value >= Low,
    Value =< High.
convert(atom, Text, Text) :-
    !.
convert(oneof(List), Text, Text) :-
    !,
    memberchk(Text, List).
convert(string, Text, Value) :-
    !,
    atom_string(Text, Value).
convert(file, Text, Text) :-
    !.
convert(file(Access), Text, Text) :-
    !,
    (   Text == '-'
    ->  true
    ;   file_access(Text, Access)
    ->  true
    ;   opt_error(access_file(Text, Access))
    ).
convert(term, Text, Value) :-
    !,
    term_string(Value, Text).
convert(term(Options), Text, Value) :-
    !,
    term_string(Term, Text, Options),
    (   memberchk(variable_names(Bindings), Options)
    ->  Value = Term-Bindings
    ;   Value = Term
    ).

boolean_text(true, true).
boolean_text('True', true).
boolean_text('TRUE', true).
boolean_text(on, true).
boolean_text('On', true).
boolean_text('1', true).
boolean_text(false, false).
boolean_text('False', false).
boolean_text('FALSE', false).
boolean_text(off, false).
boolean_text('Off', false).
boolean_text('0', false).

% access_file/2 for the modes a command line asks for.
file_access(File, Access) :-
    (   predicate_property(access_file(_, _), defined)
    ->  access_file(File, Access)
    ;   access_fallback(Access, File)
    ).

access_fallback(none, _).
access_fallback(read, File) :-
    ( exists_file(File) ; exists_directory(File) ), !.
access_fallback(exist, File) :-
    ( exists_file(File) ; exists_directory(File) ), !.
access_fallback(execute, File) :-
    ( exists_file(File) ; exists_directory(File) ), !.
access_fallback(write, File) :-
    writable(File).
access_fallback(append, File) :-
    writable(File).

writable(File) :-
    (   exists_file(File)
    ->  true
    ;   file_directory_name(File, Dir),
        exists_directory(Dir)
    ).

%   Messages

:- multifile prolog:message//1.

prolog:message(error(opt_error(Error), _)) -->
    prolog_main:opt_message(Error).
prolog:message(opt_usage(M)) -->
    { prolog_main:usage_lines(M, Lines) },
    prolog_main:message_lines(Lines).

opt_message(unknown_option(_:Opt)) -->
    [ 'Unknown option: ' ],
    opt_text(Opt),
    [ ' (-h for help)' ].
opt_message(missing_value(Opt, Type)) -->
    [ 'Option ' ],
    opt_text(Opt),
    [ ' requires an argument (of type ~p)'-[Type] ].
opt_message(value_type(Opt, Type, Found)) -->
    [ 'Option ' ],
    opt_text(Opt),
    [ ' requires ' ],
    type_text(Type),
    [ ' (found ~w)'-[Found] ].
opt_message(access_file(File, Access)) -->
    { access_verb(Access, Verb) },
    [ 'Cannot access file ~w for ~w'-[File, Verb] ].

opt_text(Opt) -->
    { atom_length(Opt, 1) },
    !,
    [ '-~w'-[Opt] ].
opt_text(Opt) -->
    [ '--~w'-[Opt] ].

type_text(A|B) -->
    !,
    type_text(A),
    [ ' or ' ],
    type_text(B).
type_text(nonneg) -->
    !,
    [ 'a non-negative integer' ].
type_text(natural) -->
    !,
    [ 'a positive integer (>= 1)' ].
type_text(between(Low, High)) -->
    !,
    [ 'a number ~w..~w'-[Low, High] ].
type_text(oneof(List)) -->
    !,
    { atomic_list_concat(List, ', ', Text) },
    [ 'one of ~w'-[Text] ].
type_text(Type) -->
    [ 'an argument of type ~p'-[Type] ].

access_verb(read, reading) :- !.
access_verb(write, writing) :- !.
access_verb(append, appending) :- !.
access_verb(execute, executing) :- !.
access_verb(Access, Access).

%!  argv_usage(:Level) is det.
%
%   Prints the usage of the program as the message opt_usage(Module) at
%   Level (help, informational, warning, error, ...): header, `Usage:` line,
%   the options with their help texts, footer. The layout counts the
%   message prefix of Level, as SWI-Prolog does.

argv_usage(Level) :-
    \+ Level = _:_,
    !,
    argv_usage(user:Level).
argv_usage(M:Level) :-
    must_be(atom, Level),
    (   usage_prefix(Level, Prefix)
    ->  true
    ;   Prefix = ''
    ),
    nb_setval('$prolog_main_usage_prefix', Prefix),
    (   Level == debug
    ->  Kind = help
    ;   Kind = Level
    ),
    print_message(Kind, opt_usage(M)).

usage_prefix(informational, '% ').
usage_prefix(warning, 'Warning: ').
usage_prefix(error, 'ERROR: ').

message_lines([]) -->
    [].
message_lines([Line]) -->
    !,
    [ '~w'-[Line] ].
message_lines([Line|Lines]) -->
    [ '~w'-[Line], nl ],
    message_lines(Lines).

usage_lines(M, Lines) :-
    (   catch(nb_getval('$prolog_main_usage_prefix', Prefix), _, fail)
    ->  true
    ;   Prefix = ''
    ),
    program_name(Program),
    (   help_text(M, help(usage), Usage0)
    ->  Usage = Usage0
    ;   Usage = ' [options]'
    ),
    format(atom(UsageLine), 'Usage: ~w~w', [Program, Usage]),
    option_entries(M, Entries),
    max_left(Entries, 0, Max0),
    Column is min(Max0, 30) + 1,
    findall(Ls, ( member(Left-Help, Entries),
                  entry_lines(Prefix, Column, Left, Help, Ls) ), OptLineLists),
    append(OptLineLists, OptLines),
    (   help_text(M, help(header), Header)
    ->  H = [Header]
    ;   H = []
    ),
    (   help_text(M, help(footer), Footer)
    ->  F = [Footer]
    ;   F = []
    ),
    append([H, [UsageLine, '', 'Options:'], OptLines, F], Lines).

max_left([], Max, Max).
max_left([Left-_|T], Max0, Max) :-
    atom_length(Left, Len),
    Max1 is max(Max0, Len),
    max_left(T, Max1, Max).

% The lines of one option (without the message prefix, which
% print_message/2 adds): Left padded to Column (counted with the prefix),
% the help text wrapped to 77 columns. A Left too wide for the column puts
% the help text on the next line, indented without the prefix; the other
% lines of a wrapped help text repeat the prefix.
entry_lines(Prefix, Column, Left, Help, [First|Rest]) :-
    atom_length(Prefix, PL),
    atom_length(Left, LL),
    Width is max(1, 77 - Column),
    wrap_words(Help, Width, [H1|Hs]),
    (   LL =< 30,
        PL + LL < Column
    ->  Fill is Column - PL - LL,
        pad(Fill, Gap),
        atomic_list_concat([Left, Gap, H1], First)
    ;   pad(Column, Indent),
        atomic_list_concat([Left, '\n', Indent, H1], First)
    ),
    ContFill is max(0, Column - PL),
    pad(ContFill, ContPad),
    findall(Line, ( member(H, Hs),
                    atom_concat(ContPad, H, Line) ), Rest).

pad(N, Pad) :-
    length(Spaces, N),
    maplist(=(' '), Spaces),
    atom_chars(Pad, Spaces).

wrap_words(Text, Width, Lines) :-
    split_string(Text, " \t\n", " \t\n", Parts),
    exclude(==(""), Parts, Words),
    (   Words == []
    ->  Lines = ['']
    ;   Words = [W|Ws],
        fill(Ws, Width, W, Lines)
    ).

fill([], _, Current, [Line]) :-
    atom_string(Line, Current).
fill([W|Ws], Width, Current, Lines) :-
    string_length(Current, CL),
    string_length(W, WL),
    (   CL + 1 + WL =< Width
    ->  string_concat(Current, " ", C1),
        string_concat(C1, W, C2),
        fill(Ws, Width, C2, Lines)
    ;   atom_string(Line, Current),
        Lines = [Line|Lines1],
        fill(Ws, Width, W, Lines1)
    ).

help_text(M, Key, Text) :-
    catch(M:opt_help(Key, Text0), _, fail),
    !,
    text_atom(Text0, Text).

% The program as it was started: knightlog has no os_argv flag, so this is
% the executable's name.
program_name(Program) :-
    (   current_prolog_flag(os_argv, OsArgv),
        current_prolog_flag(argv, Argv),
        append(Before, Argv, OsArgv)
    ->  (   append(Before1, ['--'], Before)
        ->  true
        ;   Before1 = Before
        ),
        atomic_list_concat(Before1, ' ', Program)
    ;   Program = knightlog
    ).

% Left column and help text of each option name, in the order the names
% first appear in opt_type/3; the built-in help first.
option_entries(M, Entries) :-
    findall(Name, catch(M:opt_type(_, Name, _), _, fail), Names0),
    list_to_set(Names0, Names1),
    (   user_help(M)
    ->  Names = Names1,
        HelpEntries = []
    ;   delete(Names1, help, Names),
        HelpEntries = ['-h, -?, --help'-'Show this help message and exit']
    ),
    findall(Left-Help, ( member(Name, Names),
                         option_entry(M, Name, Left, Help) ), Entries0),
    append(HelpEntries, Entries0, Entries).

option_entry(M, Name, Left, Help) :-
    findall(Opt-Type, catch(M:opt_type(Opt, Name, Type), _, fail), Pairs),
    Pairs = [_-Type|_],
    (   help_text(M, Name, Help0)
    ->  Help = Help0
    ;   Help = ''
    ),
    (   boolean_type(Type, _)
    ->  Meta = ''
    ;   help_meta(M, Name, Type, Meta)
    ),
    findall(S, ( member(Opt-_, Pairs), atom_length(Opt, 1),
                 short_form(Opt, Meta, S) ), Shorts),
    findall(L, ( member(Opt-_, Pairs), atom_length(Opt, Len), Len > 1,
                 long_form(Opt, Meta, L) ), Longs),
    append(Shorts, Longs, Forms),
    atomic_list_concat(Forms, ', ', Left).

help_meta(M, Name, Type, Meta) :-
    (   catch(M:opt_meta(Name, Meta0), _, fail)
    ->  text_atom(Meta0, Meta)
    ;   functor(Type, F, _),
        upcase_atom(F, Meta)
    ).

short_form(Opt, '', S) :-
    !,
    atom_concat('-', Opt, S).
short_form(Opt, Meta, S) :-
    atomic_list_concat(['-', Opt, ' ', Meta], S).

long_form(Opt, '', L) :-
    !,
    atom_concat('--', Opt, L).
long_form(Opt, Meta, L) :-
    atomic_list_concat(['--', Opt, '=', Meta], L).

%!  cli_parse_debug_options(+OptionsIn, -Options) is det.
%
%   Acts on and removes debug(Topic), spy(PI), gspy(PI) and
%   interactive(true); other options are passed on.

cli_parse_debug_options([], []).
cli_parse_debug_options([H|T], Options) :-
    (   debug_option(H)
    ->  Options = Options1
    ;   Options = [H|Options1]
    ),
    cli_parse_debug_options(T, Options1).

debug_option(debug(Text)) :-
    !,
    option_term(Text, Topic),
    debug(Topic).
debug_option(spy(Text)) :-
    !,
    option_term(Text, PI),
    spy(PI).
debug_option(gspy(Text)) :-
    !,
    option_term(Text, PI),
    spy(PI).
debug_option(interactive(true)) :-
    (   main_interactive
    ->  true
    ;   assertz(main_interactive)
    ).

option_term(Text, Term) :-
    (   var(Text)
    ->  term_string(Text, S),
        Text = S,
        Term = Text
    ;   text_atom_strict(Text, Atom),
        term_string(Term, Atom)
    ).

text_atom_strict(Text, Atom) :-
    (   atom(Text)
    ->  Atom = Text
    ;   string(Text)
    ->  atom_string(Atom, Text)
    ;   number(Text)
    ->  atom_number(Atom, Text)
    ;   throw(error(type_error(text, Text), context(system:term_string/2, _)))
    ).

%!  cli_enable_development_system
%
%   After main/1: let the interactive toplevel run instead of halting.

cli_enable_development_system :-
    (   current_prolog_flag(toplevel_goal, _)
    ->  set_prolog_flag(toplevel_goal, default)
    ;   true
    ).
