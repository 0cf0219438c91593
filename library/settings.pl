/*  library(settings): typed, documented application settings with
    defaults, kept per module and saved to / loaded from a file, for
    knightlog. Written from SWI-Prolog's documentation and its observed
    behaviour (9.0.4), not from its source.

    A setting is declared by the directive
    `:- setting(Name, Type, Default, Comment)` in a module; it is named
    Module:Name. Types are those of must_be/2. A numeric Default may be an
    expression; env(Var, Default) takes the value of environment variable
    Var (converted from text by the type) when it is set.
*/

:- module(settings,
          [ setting/4,                  % :Name, +Type, +Default, +Comment
            setting/2,                  % :Name, ?Value
            set_setting/2,              % :Name, +Value
            set_setting_default/2,      % :Name, +Default
            restore_setting/1,          % :Name
            load_settings/1,            % +File
            load_settings/2,            % +File, +Options
            save_settings/0,
            save_settings/1,            % +File
            current_setting/1,          % ?Setting
            setting_property/2,         % ?Setting, ?Property
            list_settings/0,
            list_settings/1,            % +Module
            convert_setting_text/3      % +Type, +Text, -Value
          ]).

:- meta_predicate
    setting(:, +, +, +),
    setting(:, ?),
    set_setting(:, +),
    set_setting_default(:, +),
    restore_setting(:),
    current_setting(:).

% decl(Module, Name, Type, Default, Comment, Source): in declaration order.
:- dynamic decl/6, value/3, new_default/3, default_file/1.

%!  setting(:Name, +Type, +Default, +Comment) is det.
%
%   Declares setting Name of the calling module (a directive).

setting(Spec, Type, Default0, Comment) :-
    (   source_location(_, _)
    ->  true
    ;   strip_module(Spec, M0, Name0),
        throw(error(context_error(nodirective,
                                  setting(M0:Name0, Type, Default0, Comment)), _))
    ),
    setting_key(Spec, M, Name),
    must_be(atom, Name),
    (   known_type(Type)
    ->  true
    ;   throw(error(existence_error(type, Type), _))
    ),
    default_value(Type, Default0, Default),
    check_type(Type, Default),
    text_atom(Comment, CommentAtom),
    (   source_location(File, Line)
    ->  Source = File:Line
    ;   Source = unknown
    ),
    (   decl(M, Name, _, _, _, _)
    ->  true                            % the first declaration stays, as in SWI
    ;   assertz(decl(M, Name, Type, Default, CommentAtom, Source))
    ).

% The default of a setting: as declared or as set_setting_default/2 made it.
default(M, Name, Default) :-
    (   new_default(M, Name, D)
    ->  Default = D
    ;   decl(M, Name, _, Default, _, _)
    ).

setting_key(Spec, M, Name) :-
    strip_module(Spec, M0, Name0),
    (   var(Name0)
    ->  throw(error(instantiation_error, _))
    ;   Name0 = M1:Name1
    ->  setting_key(M1:Name1, M, Name)
    ;   M = M0,
        Name = Name0
    ).

known_type(Type) :-
    nonvar(Type),
    current_type(Type, _, _),
    !.

text_atom(Text, Atom) :-
    (   atom(Text)
    ->  Atom = Text
    ;   format(atom(Atom), '~w', [Text])
    ).

% The value of a default: env(Var, Default) from the environment, an
% expression for a numeric type.
default_value(Type, env(Var, Default0), Value) :-
    !,
    (   getenv(Var, Text)
    ->  convert_setting_text(Type, Text, Value)
    ;   default_value(Type, Default0, Value)
    ).
default_value(Type, env(Var), Value) :-
    !,
    (   getenv(Var, Text)
    ->  convert_setting_text(Type, Text, Value)
    ;   throw(error(existence_error(environment_variable, Var), _))
    ).
default_value(Type, Expr, Value) :-
    numeric_type(Type),
    \+ number(Expr),
    catch(V is Expr, _, fail),
    !,
    Value = V.
default_value(_, Value, Value).

numeric_type(integer).
numeric_type(float).
numeric_type(number).
numeric_type(nonneg).
numeric_type(positive_integer).
numeric_type(negative_integer).
numeric_type(between(_, _)).

%!  setting(:Name, -Value) is semidet.
%
%   Value is the current value of setting Name. Enumerates the settings of
%   a module when Name is unbound. Raises existence_error(setting, M:Name)
%   for an unknown setting.

setting(Spec, Value) :-
    strip_module(Spec, M0, Name0),
    qualified(M0, Name0, M, Name),
    (   var(Name)
    ->  decl(M, Name, _, _, _, _),
        current_value(M, Name, Value)
    ;   decl(M, Name, _, _, _, _)
    ->  current_value(M, Name, Value)
    ;   throw(error(existence_error(setting, M:Name), _))
    ).

qualified(M0, Name0, M, Name) :-
    (   nonvar(Name0),
        Name0 = M1:Name1
    ->  qualified(M1, Name1, M, Name)
    ;   M = M0,
        Name = Name0
    ).

current_value(M, Name, Value) :-
    (   value(M, Name, V)
    ->  Value = V
    ;   default(M, Name, Value)
    ).

%!  set_setting(:Name, +Value) is det.
%
%   Sets setting Name to Value after checking its type
%   (type_error(Type, Value) otherwise).

set_setting(Spec, Value) :-
    strip_module(Spec, M0, Name0),
    qualified(M0, Name0, M, Name),
    (   var(Name)
    ->  throw(error(instantiation_error, _))
    ;   decl(M, Name, Type, _, _, _)
    ->  check_type(Type, Value),
        default(M, Name, Default),
        retractall(value(M, Name, _)),
        (   Value == Default
        ->  true
        ;   assertz(value(M, Name, Value))
        )
    ;   throw(error(existence_error(setting, Name), _))
    ).

check_type(Type, Value) :-
    (   is_of_type(Type, Value)
    ->  true
    ;   nonvar(Type),
        Type = list(Of),
        is_list(Value),
        member(X, Value),
        \+ is_of_type(Of, X)
    ->  throw(error(type_error(Of, X), _))
    ;   throw(error(type_error(Type, Value), _))
    ).

%!  set_setting_default(:Name, +Default) is det.
%
%   Changes the default of setting Name (not checked against its type).

set_setting_default(Spec, Default) :-
    strip_module(Spec, M0, Name0),
    qualified(M0, Name0, M, Name),
    (   decl(M, Name, _, _, _, _)
    ->  retractall(new_default(M, Name, _)),
        assertz(new_default(M, Name, Default)),
        (   value(M, Name, V),
            V == Default
        ->  retractall(value(M, Name, _))
        ;   true
        )
    ;   throw(error(existence_error(setting, M:Name), _))
    ).

%!  restore_setting(:Name) is det.
%
%   Sets setting Name back to its default.

restore_setting(Spec) :-
    strip_module(Spec, M0, Name0),
    qualified(M0, Name0, M, Name),
    retractall(value(M, Name, _)).

%!  current_setting(?Setting) is nondet.
%
%   Setting (Module:Name) is a declared setting.

current_setting(Spec) :-
    strip_module(Spec, M0, Name0),
    qualified(M0, Name0, M, Name),
    decl(M, Name, _, _, _, _).

%!  setting_property(?Setting, ?Property) is nondet.
%
%   Property of setting Setting: type(Type), default(Default),
%   comment(Comment), source(File:Line).

setting_property(Setting, Property) :-
    (   var(Setting)
    ->  true
    ;   strip_module(Setting, M0, Name0),
        qualified(M0, Name0, M, Name)
    ),
    Setting = M:Name,
    decl(M, Name, Type, _, Comment, Source),
    default(M, Name, Default),
    (   Property = type(Type)
    ;   Property = default(Default)
    ;   Property = comment(Comment)
    ;   Source \== unknown,
        Property = source(Source)
    ).

%!  list_settings is det.
%!  list_settings(+Module) is det.
%
%   Prints a table of the settings (of Module): name, value (a `*` marks
%   a value other than the default) and comment.

list_settings :-
    list_settings(_).

list_settings(Module) :-
    format('~`=t~72|~n'),
    format('~w~t~26|~w~t~40| ~w~n', ['Name', 'Value (*=modified)', 'Comment']),
    format('~`=t~72|~n'),
    forall(decl(Module, Name, _, _, Comment, _),
           ( default(Module, Name, Default),
             current_value(Module, Name, Value),
             (   Value == Default
             ->  Star = ''
             ;   Star = (*)
             ),
             format(atom(Shown), '~q~w', [Value, Star]),
             format('~w~t~26|~w~t~40| ~w~n', [Module:Name, Shown, Comment])
           )).

%!  convert_setting_text(+Type, +Text, -Value) is det.
%
%   Value is Text read as a value of Type: an atom, string or the number
%   or term Text denotes for other types.

convert_setting_text(Type, Text, Value) :-
    text_atom(Text, Atom),
    (   memberchk(Type, [atom, text])
    ->  Value = Atom
    ;   numeric_type(Type)
    ->  term_to_atom(Term, Atom),
        V is Term,
        (   Type == float
        ->  Value is float(V)
        ;   Value = V
        ),
        check_type(Type, Value)
    ;   known_type(Type)
    ->  term_to_atom(Value, Atom),
        check_type(Type, Value)
    ;   throw(error(existence_error(type, Type), _))
    ).

%!  load_settings(+File) is det.
%!  load_settings(+File, +Options) is det.
%
%   Loads the setting(Module:Name, Value) terms of File (nothing when it
%   does not exist) and makes File the one save_settings/0 writes. A value
%   of the wrong type or a term that is not a setting is a warning.
%   Option undefined(load) (default) keeps values of settings that are not
%   declared (yet); undefined(error) warns about them.

load_settings(File) :-
    load_settings(File, []).

load_settings(File, Options) :-
    (   memberchk(undefined(Undefined), Options)
    ->  true
    ;   Undefined = load
    ),
    absolute_file_name(File, Path, [access(none)]),
    retractall(default_file(_)),
    assertz(default_file(Path)),
    (   exists_file(Path)
    ->  setup_call_cleanup(open(Path, read, In, [encoding(utf8)]),
                           load_terms(In, Undefined),
                           close(In))
    ;   true
    ).

load_terms(In, Undefined) :-
    read_term(In, Term, []),
    (   Term == end_of_file
    ->  true
    ;   load_term(Term, Undefined),
        load_terms(In, Undefined)
    ).

load_term(setting(M:Name, Value), Undefined) :-
    atom(M),
    atom(Name),
    !,
    (   decl(M, Name, Type, _, _, _)
    ->  default(M, Name, Default),
        (   catch(check_type(Type, Value), error(E, _),
                  ( print_message(warning, error(E, _)), fail ))
        ->  retractall(value(M, Name, _)),
            (   Value == Default
            ->  true
            ;   assertz(value(M, Name, Value))
            )
        ;   true
        )
    ;   Undefined == error
    ->  print_message(warning, error(existence_error(setting, M:Name), _))
    ;   retractall(value(M, Name, _)),
        assertz(value(M, Name, Value))
    ).
load_term(Term, _) :-
    print_message(warning, error(type_error(setting, Term), _)).

%!  save_settings is det.
%!  save_settings(+File) is det.
%
%   Writes the settings whose value is not the default to File (or to the
%   file of the last load_settings/1).

save_settings :-
    (   default_file(File)
    ->  save_settings(File)
    ;   throw(error(context_error(settings, no_default_file), _))
    ).

save_settings(File) :-
    (   absolute_file_name(File, Path0, [access(write)])
    ->  Path = Path0
    ;   throw(error(existence_error(source_sink, File), _))
    ),
    setup_call_cleanup(open(Path, write, Out, [encoding(utf8)]),
                       ( put_code(Out, 0xFEFF), write_settings(Out) ),
                       close(Out)).

write_settings(Out) :-
    get_time(Now),
    format_time(atom(Date), '%+', Now),
    format(Out, '/*  Saved settings~n    Date: ~w~n*/~n~n', [Date]),
    forall(( decl(M, Name, _, _, Comment, _),
             default(M, Name, Default),
             value(M, Name, Value),
             Value \== Default
           ),
           format(Out, '~n%\t~w~nsetting(~q, ~q).~n', [Comment, M:Name, Value])).
