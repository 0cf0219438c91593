% library(optparse): opt_parse/4,5, opt_arguments/3, opt_help/2.
:- use_module(library(plunit)).
:- use_module(library(optparse)).

spec([ [opt(mode), type(atom), default(fast), shortflags([m]), longflags([mode]),
        help('Speed mode')],
       [opt(verbose), type(boolean), default(false), shortflags([v]), longflags([verbose]),
        help('Be verbose')],
       [opt(n), type(integer), default(3), shortflags([n, 'N']), longflags([count, number]),
        help(['Number of', 'things to do'])],
       [opt(ratio), type(float), default(0.5), longflags([ratio]),
        help('A ratio that has a very long help text so that the help output must wrap it at some column or other, let us see')],
       [opt(t), type(term), default(f(x)), shortflags([t]), help('A term')],
       [opt(nodefault), type(atom), longflags([nd])],
       [opt(config), default(cfg)] ]).

parse(Args, Opts, Pos) :-
    spec(S),
    opt_parse(S, Args, Opts, Pos).

parse(Args, Opts, Pos, ParseOptions) :-
    spec(S),
    opt_parse(S, Args, Opts, Pos, ParseOptions).

% The error of parsing Args, and what was printed before it.
parse_error(Args, E, Out) :-
    with_output_to(string(Out),
                   catch(parse(Args, _, _), error(E, _), true)).

:- begin_tests(opt_parse).
test(defaults, [true((O =@= [mode(fast), verbose(false), n(3), ratio(0.5), t(f(x)),
                             nodefault(_), config(cfg)], P == []))]) :-
    parse([], O, P).
test(given_after_defaults, [true((O =@= [nodefault(_), config(cfg), mode(slow), verbose(true),
                                         n(7), ratio(2.5), t(g(Y, Y))], P == [x, y]))]) :-
    parse(['-m', slow, '-v', x, '--count', '7', '--ratio=2.5', '-t', 'g(Y, Y)', y], O, P).
test(attached_and_aliases, [O = [_, _, _, _, _, mode(slow), n(9)]]) :-
    parse(['-mslow', '-n5', '--number=8', '-N', '9'], O, _).
test(negated, [true(last(O, verbose(false)))]) :- parse(['--verbose', '--no-verbose'], O, _).
test(negated_short_name, [true(last(O, verbose(false)))]) :- parse(['--no-v'], O, _).
test(boolean_value, [true(last(O, verbose(true)))]) :- parse(['--verbose=true'], O, _).
test(boolean_next_arg, [O-P == verbose(false)-[]]) :- parse(['--verbose', false], O0, P), last(O0, O).
test(boolean_short_next_arg, [O-P == verbose(false)-[]]) :- parse(['-v', false], O0, P), last(O0, O).
test(boolean_other_next_arg, [O-P == verbose(true)-[yes]]) :- parse(['-v', yes], O0, P), last(O0, O).
test(boolean_attached, [true(last(O, verbose(false)))]) :- parse(['-vfalse'], O, _).
test(negated_keeps_next, [P == [true]]) :- parse(['--no-verbose', true], _, P).
test(value_looks_like_flag, [true(last(O, nodefault('--count')))]) :- parse(['--nd', '--count'], O, _).
test(missing_value_atom, [true(last(O, nodefault('')))]) :- parse(['--nd'], O, _).
test(numbers, [L == [n(-5), n(16), n(1000), n(1), n(5), n(123456789012345678901234567890)]]) :-
    findall(V, ( member(A, ['--count=-5', '--count=0x10', '-n1_000', '-n 1', '-n0b101',
                            '-n123456789012345678901234567890']),
                 parse([A], O, _), last(O, V) ), L).
test(floats, [L == [r(1500.0), r(1000.0), r(-2.5)]]) :-
    findall(r(V), ( member(A, ['1.5e3', '1e3', '-2.5']), parse(['--ratio', A], O, _),
                    last(O, ratio(V)) ), L).
test(terms, [L =@= [t(f(_)), t(42), t("str"), t(end_of_file)]]) :-
    findall(V, ( member(A, ['f(X)', '42', '"str"', '']), parse(['-t', A], O, _), last(O, V) ), L).
test(dashes_positional, [P == [--, -, '---x', '--=x', x]]) :-
    parse([--, -, '---x', '--=x', '-v', x], _, P).
test(keepfirst, [true(O =@= [ratio(0.5), t(f(x)), nodefault(_), config(cfg), mode(fast),
                             n(1), verbose(true)])]) :-
    parse(['-m', fast, '-n', '1', '-v', '-n', '2'], O, _, [duplicated_flags(keepfirst)]).
test(keepall, [O = [_, _, _, _, _, n(1), verbose(true), n(2)]]) :-
    parse(['-n', '1', '-v', '-n', '2'], O, _, [duplicated_flags(keepall)]).
test(keeplast, [O = [_, _, _, _, _, verbose(true), n(2)]]) :-
    parse(['-v', '-n', '1', '-v', '-n', '2'], O, _, [duplicated_flags(keeplast)]).
test(output_functor, [O = [opt(mode, fast), opt(verbose, false), opt(ratio, 0.5), opt(t, f(x)),
                           opt(nodefault, _), opt(config, cfg), opt(n, 2)]]) :-
    parse(['-n', '1', '-n', '2'], O, _, [output_functor(opt)]).
test(unknown_parse_option, [true(last(O, n(1)))]) :- parse(['-n', '1'], O, _, [foo(bar)]).
test(flagless_shortflags_atom, [O =@= [a(_)]]) :- opt_parse([[opt(a), shortflags(a)]], [], O, _).
test(boolean_without_default, [O == [a(true)]]) :-
    opt_parse([[opt(a), type(boolean), longflags([a])]], ['--a'], O, _).
test(not_a_spec_list, fail) :- opt_parse(foo, [], _, _).
test(arguments, [O-P == [v(false)]-[]]) :-
    opt_arguments([[opt(v), type(boolean), default(false), shortflags([v])]], O, P).
:- end_tests(opt_parse).

:- begin_tests(opt_parse_errors).
test(unknown_long, [E-O == existence_error(commandline_option, foo)-""]) :-
    parse_error(['--foo'], E, O).
test(unknown_short, [E == existence_error(commandline_option, z)]) :- parse_error(['-zfoo'], E, _).
test(unknown_prefix, [E == existence_error(commandline_option, verb)]) :- parse_error(['--verb'], E, _).
test(no_non_boolean, [E == existence_error(commandline_option, 'no-count')]) :-
    parse_error(['--no-count'], E, _).
test(no_with_value, [E == existence_error(commandline_option, 'no-verbose')]) :-
    parse_error(['--no-verbose=true'], E, _).
test(bad_integer, [E-O == syntax_error(illegal_number)-"\nERROR: flag 'n': expected atom parsable as integer, found 'abc' \n"]) :-
    parse_error(['-n', abc], E, O).
test(integer_given_float, [E-O == type_error(flag_value, integer)-"\nERROR: flag 'count': expected atom parsable as integer, found '1.0' \n"]) :-
    parse_error(['--count=1.0'], E, O).
test(float_given_integer, [E == type_error(flag_value, float)]) :- parse_error(['--ratio', '3'], E, _).
test(bad_float, [E == syntax_error(illegal_number)]) :- parse_error(['--ratio', '.5'], E, _).
test(missing_integer, [E == syntax_error(illegal_number)]) :- parse_error(['-n'], E, _).
test(bad_boolean, [E-O == type_error(flag_value, boolean)-"\nERROR: flag 'verbose': expected atom parsable as boolean, found 'yes' \n"]) :-
    parse_error(['--verbose=yes'], E, O).
test(boolean_cluster, [E == type_error(flag_value, boolean)]) :- parse_error(['-vm', x], E, _).
test(bad_term, [true((E = syntax_error(_), O == "\nERROR: flag 't': expected atom parsable as term, found 'f((' \n"))]) :-
    parse_error(['-t', 'f(('], E, O).
test(short_equals, [E == syntax_error('disallowed: <shortflag>=<value>')]) :-
    parse_error(['-m=x'], E, _).
test(non_atom_args, [L == [type_error(atom, 1), type_error(atom, "-n"), type_error(atom, "y"),
                           type_error(list(atom), foo)]]) :-
    findall(E, ( member(A, [['-n', 1], ["-n", "1"], [x, "y"], foo]), parse_error(A, E, _) ), L).
test(parse_options, [L == [type_error(list, foo), domain_error(keep_flag, foo),
                           type_error(atom, 1)]]) :-
    findall(E, ( member(PO, [foo, [duplicated_flags(foo)], [output_functor(1)]]),
                 catch(parse([], _, _, PO), error(E, _), true) ), L).
test(empty_flags, [E = domain_error(unique_atom, _)]) :-
    catch(parse(['-n', '1'], _, _, [allow_empty_flag_spec(false)]), error(E, _), true).
test(spec_errors, [L == [domain_error(unique_atom, [type(atom), longflags([a])]),
                         existence_error(type, foo), type_error(integer, x),
                         domain_error(opt_spec, foo), domain_error(unique_atom, a),
                         domain_error(unique_atom, a), domain_error(short_flag, ab),
                         instantiation_error, type_error(atom, 1), type_error(float, 1),
                         type_error(boolean, yes)]]) :-
    findall(E, ( member(S, [ [[type(atom), longflags([a])]],
                             [[opt(a), type(foo), longflags([a])]],
                             [[opt(a), type(integer), default(x), longflags([a])]],
                             [[opt(a), foo(1), longflags([a])]],
                             [[opt(a), longflags([a])], [opt(b), longflags([a])]],
                             [[opt(a), longflags([a])], [opt(a), longflags([b])]],
                             [[opt(a), shortflags([ab])]],
                             [[opt(_), longflags([a])]],
                             [[opt(a), type(atom), default(1), longflags([a])]],
                             [[opt(a), type(float), default(1), longflags([a])]],
                             [[opt(a), type(boolean), default(yes), longflags([a])]] ]),
                 catch(opt_parse(S, [], _, _), error(E, _), true) ), L).
:- end_tests(opt_parse_errors).

:- begin_tests(opt_help).
test(layout, [H == '--mode     -m     atom=fast      Speed mode\n--verbose  -v     boolean=false  Be verbose\n--count,\n--number   -n,-N  integer=3      Number of\n                                   things to do\n--ratio           float=0.5      A ratio that has a very long help text so\n                                   that the help output must wrap it at some\n                                   column or other, let us see\n           -t     term=f(x)      A term\n--nd              atom=_         \n']) :-
    spec(S), opt_help(S, H).
test(one, [H == '--alpha  -a  atom=x  String help\n']) :-
    opt_help([[opt(a), type(atom), default(x), shortflags([a]), longflags([alpha]),
               help("String help")]], H).
test(short_only, [H == '  -a  atom=x  \n']) :-
    opt_help([[opt(a), type(atom), default(x), shortflags([a])]], H).
test(long_only, [H == '--alpha    atom=x  \n']) :-
    opt_help([[opt(a), type(atom), default(x), longflags([alpha])]], H).
test(no_flags, [H == '']) :- opt_help([[opt(a), type(atom), default(x)]], H).
test(untyped, [H == '--a    term=x  \n']) :- opt_help([[opt(a), default(x), longflags([a])]], H).
test(many_flags, [H == '--aa,\n--bb,\n--cc  -a,-b,-c  integer=3  l1\n                             l2 is here\n                             l3\n']) :-
    opt_help([[opt(a), type(integer), default(3), shortflags([a, b, c]), longflags([aa, bb, cc]),
               help([l1, 'l2 is here', l3])]], H).
test(wrapping, [H == '--a    atom=x  Aaaaaaaaa bbbbbbbbbbbb cccccccccccc dddddddddddd eeeeeeeeeeeeee\n                 ffffffffffff gggggggggggg hhhhhhhhhhhhh iiiiiiiiii jjjjjjjjjjj\n                 kkkkkkkkkkk\n']) :-
    opt_help([[opt(a), type(atom), default(x), longflags([a]),
               help('Aaaaaaaaa bbbbbbbbbbbb cccccccccccc dddddddddddd eeeeeeeeeeeeee ffffffffffff gggggggggggg hhhhhhhhhhhhh iiiiiiiiii jjjjjjjjjjj kkkkkkkkkkk')]], H).
test(long_word, [H == '--a    atom=x  Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n                 b\n']) :-
    opt_help([[opt(a), type(atom), default(x), longflags([a]),
               help('Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa b')]], H).
test(spaces_kept, [H == '--a    atom=x  a  b   c\nd\n']) :-
    opt_help([[opt(a), type(atom), default(x), longflags([a]), help('a  b   c\nd')]], H).
test(term_default, [H == '--a    term=f(A b,s,[1])  x\n']) :-
    opt_help([[opt(a), type(term), default(f('A b', "s", [1])), longflags([a]), help(x)]], H).
test(empty, [H == '']) :- opt_help([], H).
test(not_a_list, fail) :- opt_help(foo, _).
:- end_tests(opt_help).
