% library(main): argv_options/3,4, argv_usage/1, cli_parse_debug_options/2.
% main/0 halts the process, so scripts test it (see tests/KNOWN_DIFFERENCES.md).
:- use_module(library(plunit)).
:- use_module(library(main)).
:- use_module(library(debug)).

% The options of a guided command line live in module `cli` (the caller's
% module decides between guided and untyped parsing).
cli:opt_type(v, verbose, boolean).
cli:opt_type(verbose, verbose, boolean).
cli:opt_type(n, count, integer).
cli:opt_type(count, count, integer).
cli:opt_type(r, ratio, float).
cli:opt_type(depth, depth, nonneg).
cli:opt_type(nat, nat, natural).
cli:opt_type(b, range, between(1, 10)).
cli:opt_type(unit, unit, between(0.0, 1.0)).
cli:opt_type(mode, mode, oneof([fast, slow])).
cli:opt_type(s, str, string).
cli:opt_type(a, name, atom).
cli:opt_type(num, num, number).
cli:opt_type(color, color, boolean(true)).
cli:opt_type(q, quiet, boolean(false)).
cli:opt_type(http, http, nonneg|boolean).
cli:opt_type(t, term, term).
cli:opt_type(long_name, long_name, atom).
cli:opt_help(verbose, "Be verbose").
cli:opt_help(count, "Number of things to do; this help text is rather long so that it is wrapped").
cli:opt_help(help(usage), " [options] file ...").
cli:opt_meta(count, 'N').

% A second module with only a few options, for argv_usage/1.
:- dynamic small:opt_help/2.
small:opt_type(v, verbose, boolean).
small:opt_type(o, output, atom).
small:opt_type(output, output, atom).
small:opt_help(verbose, "Be verbose").
small:opt_help(output, "Write to FILE").
small:opt_help(help(header), "A small program").
small:opt_meta(output, 'FILE').

% (call/1: knightlog fails a Module:Goal written in a clause body when Goal
% is imported into user only; see the report of this helper.)
guided(Argv, Positional, Options) :-
    call(cli:argv_options(Argv, Positional, Options, [on_error(error)])).

:- dynamic capturing/0, captured/1.
:- multifile user:message_hook/3.
user:message_hook(_, Kind, Lines) :-
    Kind \== silent,
    capturing,
    with_output_to(string(S), ( current_output(Out),
                                print_message_lines(Out, '', Lines) )),
    assertz(captured(S)).

% The text print_message/2 prints for Term (without prefix).
message_text(Level, Term, Text) :-
    retractall(captured(_)),
    assertz(capturing),
    call_cleanup(print_message(Level, Term), retractall(capturing)),
    captured(Text0),
    split_string(Text0, "", "\n", [Text]).

% The text argv_usage(Level) prints for the options of Module, with the
% program name (which differs between systems) replaced by PROG.
usage_text(Module, Level, Text) :-
    retractall(captured(_)),
    assertz(capturing),
    call_cleanup(call(Module:argv_usage(Level)), retractall(capturing)),
    captured(Text0),
    split_string(Text0, "\n", "", Lines0),
    maplist(generic_usage, Lines0, Lines),
    atomic_list_concat(Lines, '\n', Atom),
    atom_string(Atom, Text).

generic_usage(Line0, Line) :-
    (   sub_string(Line0, 0, _, _, "Usage: "),
        sub_string(Line0, B, _, _, " [options]")
    ->  sub_string(Line0, B, _, 0, Tail),
        string_concat("Usage: PROG", Tail, Line)
    ;   Line = Line0
    ).

:- begin_tests(argv_untyped).
test(long_value, [P-O == [x]-[foo(bar)]]) :- argv_options(['--foo=bar', x], P, O).
test(numbers, [O == [n(42), f(1.5), e(10000000000.0), neg(-3), h(16), c(97)]]) :-
    argv_options(['--n=42', '--f=1.5', '--e=1e10', '--neg=-3', '--h=0x10', '--c=0\'a'], _, O).
test(not_numbers, [O == [a(' 3'), b('3 '), c('1.5e'), d('')]]) :-
    argv_options(['--a= 3', '--b=3 ', '--c=1.5e', '--d='], _, O).
test(flags, [O == [flag(true), flag2(false), nox(true)]]) :-
    argv_options(['--flag', '--no-flag2', '--nox'], _, O).
test(dashes, [O == [with_dash(3), with_us(true), '_x'(true)]]) :-
    argv_options(['--with-dash=3', '--with_us', '---x'], _, O).
test(first_equals, [O == [a('b=c')]]) :- argv_options(['--a=b=c'], _, O).
test(no_prefix_value, [O == [no_x(1), ''(false), no(true)]]) :-
    argv_options(['--no-x=1', '--no-', '--no'], _, O).
test(short_positional, [P-O == ['-abc', '-v', -, '42']-[]]) :-
    argv_options(['-abc', '-v', '-', '42'], P, O).
test(double_dash, [P-O == ['--z=1', w]-[a(true)]]) :-
    argv_options(['--a', '--', '--z=1', w], P, O).
test(empty, [P-O == []-[]]) :- argv_options([], P, O).
test(string_args, [O == [s(7), t(abc)]]) :- argv_options(["--s=7", "--t=abc"], _, O).
test(non_text, [P == [1]]) :- argv_options([1], P, _).
test(compound_arg, error(type_error(atom, f(x)))) :- argv_options([f(x)], _, _).
test(not_a_list, error(existence_error(matching_rule, _))) :- argv_options(foo, _, _).
test(det) :- argv_options(['--a=1', b], _, _).
:- end_tests(argv_untyped).

:- begin_tests(argv_guided).
test(short_and_long, [P-O == [x, y]-[verbose(true), count(3), count(4), verbose(true),
                                       verbose(false), verbose(false)]]) :-
    guided(['-v', '-n', '3', x, '--count=4', '--verbose', '--no-verbose', '--noverbose', y], P, O).
test(clustered, [O == [verbose(true), count(5)]]) :- guided(['-vn', '5'], _, O).
test(attached_value, [O == [count(5)]]) :- guided(['-n5'], _, O).
test(clustered_attached, [O == [verbose(true), count(5)]]) :- guided(['-vn5'], _, O).
test(long_next_arg, [O == [count(5)]]) :- guided(['--count', '5'], _, O).
test(float, [O == [ratio(3.0), ratio(-2.0)]]) :- guided(['-r', '3', '-r', '-2'], _, O).
test(nonneg, [O == [depth(0)]]) :- guided(['--depth=0'], _, O).
test(between_int, [O == [range(5)]]) :- guided(['-b', '5'], _, O).
test(between_float, [O == [unit(1.0)]]) :- guided(['--unit=1'], _, O).
test(oneof, [O == [mode(fast)]]) :- guided(['--mode=fast'], _, O).
test(string, [O == [str("abc")]]) :- guided(['-s', abc], _, O).
test(atom, [O == [name('12')]]) :- guided(['-a', '12'], _, O).
test(number, [O == [num(1.5), num(16)]]) :- guided(['--num=1.5', '--num=0x10'], _, O).
test(term, [true(O =@= [term(f(_, _))])]) :- guided(['-t', 'f(X,Y)'], _, O).
test(boolean_default, [O == [color(true), color(false), quiet(false), quiet(false), quiet(false)]]) :-
    guided(['--color', '--no-color', '-q', '-qq'], _, O).
test(boolean_values, [O == [color(true), color(true), color(true), color(true),
                            color(false), color(false), color(false), color(false)]]) :-
    guided(['--color=true', '--color=True', '--color=on', '--color=1',
            '--color=false', '--color=FALSE', '--color=off', '--color=0'], _, O).
test(disjunction, [O == [http(3000), http(true)]]) :- guided(['--http=3000', '--http=true'], _, O).
test(long_name, [O == [long_name(a), long_name(b)]]) :-
    guided(['--long-name=a', '--long_name=b'], _, O).
test(after_arguments, [P-O == [x, y]-[verbose(true)]]) :- guided([x, '-v', y], P, O).
test(options_after_arguments_false, [P-O == [x, '-v', y]-[verbose(true)]]) :-
    cli:argv_options(['-v', x, '-v', y], P, O, [options_after_arguments(false)]).
test(double_dash, [P-O == ['-v']-[]]) :- guided(['--', '-v'], P, O).
test(dash, [P == [-]]) :- guided(['-'], P, _).
test(unknown_long, error(opt_error(unknown_option(cli:nosuch)))) :- guided(['--nosuch'], _, _).
test(unknown_short, error(opt_error(unknown_option(cli:z)))) :- guided(['-z'], _, _).
test(long_only_by_opt, error(opt_error(unknown_option(cli:ratio)))) :- guided(['--ratio=2'], _, _).
test(no_non_boolean, error(opt_error(unknown_option(cli:no_count)))) :- guided(['--no-count'], _, _).
test(help_not_alone, error(opt_error(unknown_option(cli:h)))) :- guided(['-h', x], _, _).
test(missing_short, error(opt_error(missing_value(n, integer)))) :- guided(['-n'], _, _).
test(missing_long, error(opt_error(missing_value(count, integer)))) :- guided(['--count'], _, _).
test(missing_disjunction, error(opt_error(missing_value(http, nonneg|boolean)))) :-
    guided(['--http'], _, _).
test(bad_integer, error(opt_error(value_type(n, integer, abc)))) :- guided(['-n', abc], _, _).
test(bad_equals_short, error(opt_error(value_type(n, integer, '=5')))) :- guided(['-n=5'], _, _).
test(bad_integer_float, error(opt_error(value_type(n, integer, '1.0')))) :- guided(['-n', '1.0'], _, _).
test(bad_nonneg, error(opt_error(value_type('depth=-1', nonneg, '-1')))) :- guided(['--depth=-1'], _, _).
test(bad_natural, error(opt_error(value_type('nat=0', natural, '0')))) :- guided(['--nat=0'], _, _).
test(bad_between, error(opt_error(value_type(b, between(1, 10), '11')))) :- guided(['-b', '11'], _, _).
test(bad_oneof, error(opt_error(value_type('mode=medium', oneof([fast, slow]), medium)))) :-
    guided(['--mode=medium'], _, _).
test(bad_boolean, error(opt_error(value_type('color=yes', boolean(true), yes)))) :-
    guided(['--color=yes'], _, _).
test(bad_boolean_upper, error(opt_error(value_type('color=ON', boolean(true), 'ON')))) :-
    guided(['--color=ON'], _, _).
test(bad_float, error(opt_error(value_type(r, float, x)))) :- guided(['-r', x], _, _).
test(message_unknown, [S == "Unknown option: --nosuch (-h for help)"]) :-
    error_text(['--nosuch'], S).
test(message_missing, [S == "Option -n requires an argument (of type integer)"]) :-
    error_text(['-n'], S).
test(message_type, [S == "Option -n requires an argument of type integer (found x)"]) :-
    error_text(['-n', x], S).
test(message_nonneg, [S == "Option --depth=-1 requires a non-negative integer (found -1)"]) :-
    error_text(['--depth=-1'], S).
test(message_between, [S == "Option -b requires a number 1..10 (found 11)"]) :-
    error_text(['-b', '11'], S).
test(message_oneof, [S == "Option --mode=x requires one of fast, slow (found x)"]) :-
    error_text(['--mode=x'], S).
test(message_disjunction,
     [S == "Option --http=x requires a non-negative integer or an argument of type boolean (found x)"]) :-
    error_text(['--http=x'], S).
:- end_tests(argv_guided).

% The message of the error argv_options/4 raises for Argv.
error_text(Argv, Text) :-
    catch(guided(Argv, _, _), E, true),
    nonvar(E),
    message_to_text(E, Text).

message_to_text(Term, Text) :-
    message_text(error, Term, Text).

:- begin_tests(argv_usage).
test(help_layout, [T == "Usage: PROG [options] file ...\n\nOptions:\n-h, -?, --help   Show this help message and exit\n-v, --verbose    Be verbose\n-n N, --count=N  Number of things to do; this help text is rather long so\n                 that it is wrapped\n-r FLOAT         \n--depth=NONNEG   \n--nat=NATURAL    \n-b BETWEEN       \n--unit=BETWEEN   \n--mode=ONEOF     \n-s STRING        \n-a ATOM          \n--num=NUMBER     \n--color          \n-q               \n--http=|         \n-t TERM          \n--long_name=ATOM \n"]) :-
    usage_text(cli, help, T).
test(header_and_meta, [T == "A small program\nUsage: PROG [options]\n\nOptions:\n-h, -?, --help         Show this help message and exit\n-v                     Be verbose\n-o FILE, --output=FILE Write to FILE\n"]) :-
    usage_text(small, help, T).
test(no_header, [T == "Usage: PROG [options]\n\nOptions:\n-h, -?, --help         Show this help message and exit\n-v                     Be verbose\n-o FILE, --output=FILE Write to FILE\n"]) :-
    retractall(small:opt_help(help(header), _)),
    call_cleanup(usage_text(small, debug, T),
                 assertz(small:opt_help(help(header), "A small program"))).
test(silent) :- argv_usage(silent).
:- end_tests(argv_usage).

% Makes lib_main_topic a known debug topic (no warning when enabled).
lib_main_debug :- debug(lib_main_topic, "lib_main", []).

:- dynamic main_seen/1.
% main/0 calls this main/1 with the argv flag (it does not halt by itself:
% initialization(main, main) does). The test names user:main_seen/1: in a
% unit's module, SWI's retractall/1 would make a main_seen/1 of its own.
main(Argv) :- assertz(main_seen(Argv)).

:- begin_tests(main_entry).
test(main_calls_main1, [Seen == Argv]) :-
    current_prolog_flag(argv, Argv),
    retractall(user:main_seen(_)),
    main,
    user:main_seen(Seen).
:- end_tests(main_entry).

:- begin_tests(cli_parse_debug_options).
test(pass_others, [O == [x(1), interactive(false), interactive]]) :-
    cli_parse_debug_options([x(1), interactive(false), interactive], O).
test(interactive, [O == [y]]) :- cli_parse_debug_options([interactive(true), y], O).
test(debug_topic, [O-D == []-true]) :-
    nodebug(lib_main_topic),
    cli_parse_debug_options([debug(lib_main_topic)], O),
    (   debugging(lib_main_topic) -> D = true ; D = false ),
    nodebug(lib_main_topic).
test(empty, [O == []]) :- cli_parse_debug_options([], O).
test(not_a_list, fail) :- cli_parse_debug_options(foo, _).
:- end_tests(cli_parse_debug_options).
