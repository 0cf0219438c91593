% library(settings): declarations, setting/2, set_setting/2, defaults,
% restore, properties, listing, saving and loading (tmp files).
:- use_module(library(plunit)).
:- use_module(library(settings)).

:- setting(version, atom, '1.0', 'Current version').
:- setting(limit, integer, 10*10, 'The limit').
:- setting(ratio, float, 0.5, "A ratio").
:- setting(home, atom, env('KNIGHTLOG_NO_SUCH_VAR', '/nohome'), 'Home dir').
:- setting(path, atom, env('PATH', none), 'Search path').
:- setting(count, nonneg, 7, 'Counter').
:- setting(flag, boolean, false, 'A flag').
:- setting(names, list(atom), [a, b], 'Names').
:- setting(mode, oneof([fast, slow]), fast, 'Mode').

reset :-
    forall(current_setting(user:N), restore_setting(user:N)).

set_error(Name, Value, E) :-
    catch(set_setting(Name, Value), error(E, _), true).

:- dynamic warned/1.
:- multifile user:message_hook/3.
user:message_hook(error(E, _), warning, _) :-
    catch(b_getval(lib_settings_capture, true), _, fail),
    assertz(warned(E)).

% The warnings printed while running Goal (captured, not printed).
warnings(Goal, Warnings) :-
    retractall(warned(_)),
    b_setval(lib_settings_capture, true),
    call(Goal),
    b_setval(lib_settings_capture, false),
    findall(W, retract(warned(W)), Warnings).

tmp_settings(File, Text) :-
    tmp_file(settings, File),
    setup_call_cleanup(open(File, write, S), write(S, Text), close(S)).

:- begin_tests(setting).
test(values, [L == ['1.0', 100, 0.5, '/nohome', 7, false, [a, b], fast]]) :-
    reset,
    findall(V, ( member(N, [version, limit, ratio, home, count, flag, names, mode]),
                 setting(user:N, V) ), L).
test(env, [V == P]) :- getenv('PATH', P), setting(user:path, V).
test(qualified, [V == '1.0']) :- reset, setting(user:version, V).
test(enumerate, [L == [version, limit, ratio, home, path, count, flag, names, mode]]) :-
    findall(N, setting(user:N, _), L).
test(unknown, error(existence_error(setting, user:nosuch))) :- setting(user:nosuch, _).
test(no_module_settings, fail) :- setting(nomodule:_, _).
test(not_a_directive, [E == context_error(nodirective, setting(user:zz, integer, 1, c))]) :-
    catch(setting(user:zz, integer, 1, c), error(E, _), true).
:- end_tests(setting).

:- begin_tests(set_setting, [cleanup(reset)]).
test(set, [V == 5]) :- set_setting(user:limit, 5), setting(user:limit, V).
test(restore, [V == 100]) :-
    set_setting(user:limit, 5), restore_setting(user:limit), setting(user:limit, V).
test(restore_unknown) :- restore_setting(user:nosuch).
test(type_errors, [L == [type_error(integer, foo), type_error(integer, 1.5),
                         type_error(oneof([fast, slow]), medium), type_error(atom, 1),
                         type_error(nonneg, -1), type_error(boolean, yes), type_error(float, 1)]]) :-
    findall(E, ( member(N-V, [limit-foo, limit-1.5, mode-medium, names-[a, 1], count-(-1),
                              flag-yes, ratio-1]),
                 set_error(user:N, V, E) ), L).
test(unknown, [E == existence_error(setting, nosuch)]) :- set_error(user:nosuch, 1, E).
test(unbound, [E == instantiation_error]) :- set_error(_, 1, E).
test(set_default, [V-P == 42-default(42)]) :-
    set_setting_default(user:limit, 42), setting(user:limit, V),
    P = default(_), once(setting_property(user:limit, P)),
    set_setting_default(user:limit, 100).
:- end_tests(set_setting).

:- begin_tests(setting_queries).
test(current, [true]) :- current_setting(user:version).
test(current_all, [L == [version, limit, ratio, home, path, count, flag, names, mode]]) :-
    findall(N, current_setting(user:N), L).
test(current_unknown, fail) :- current_setting(nosuch).
test(properties, [L = [type(integer), default(100), comment('The limit'), source(_:_)]]) :-
    findall(P, setting_property(user:limit, P), L).
test(properties_comment_string, [C == 'A ratio']) :-
    once(setting_property(user:ratio, comment(C))).
test(convert, [L == [42, abc, 1.0, [a, b], true, "s"]]) :-
    findall(V, ( member(T-X, [integer-'42', atom-abc, float-'1', list(atom)-'[a,b]',
                              boolean-true, string-'"s"']),
                 convert_setting_text(T, X, V) ), L).
test(convert_string_text, [V == 42]) :- convert_setting_text(integer, "42", V).
test(convert_bad, error(type_error(evaluable, x/0))) :- convert_setting_text(integer, x, _).
test(convert_not_string, error(type_error(string, s))) :- convert_setting_text(string, s, _).
:- end_tests(setting_queries).

:- begin_tests(list_settings, [cleanup(reset)]).
test(table, [Lines = ["========================================================================",
                      "Name                      Value (*=modified) Comment",
                      "========================================================================",
                      "user:version              '2.0'*         Current version",
                      "user:limit                100            The limit" | _]]) :-
    reset,
    set_setting(user:version, '2.0'),
    with_output_to(string(S), list_settings(user)),
    split_string(S, "\n", "", Lines).
:- end_tests(list_settings).

:- begin_tests(save_load, [cleanup(reset)]).
test(save_format, [Bom-Lines == [239, 187, 191]-["*/", "", "", "%\tThe limit",
                             "setting(user:limit, 5).", "", "%\tMode", "setting(user:mode, slow).", ""]]) :-
    reset,
    set_setting(user:limit, 5), set_setting(user:mode, slow),
    tmp_file(settings, File),
    save_settings(File),
    read_file_to_codes(File, [B1, B2, B3|_], [encoding(octet)]),
    Bom = [B1, B2, B3],
    read_file_to_string(File, Text, [encoding(utf8)]),
    delete_file(File),
    split_string(Text, "\n", "", ["/*  Saved settings", Date|Lines]),
    sub_string(Date, 0, _, _, "    Date: ").
test(round_trip, [L == [5, slow, '1.0']]) :-
    reset,
    set_setting(user:limit, 5), set_setting(user:mode, slow),
    tmp_file(settings, File),
    save_settings(File),
    reset,
    load_settings(File),
    delete_file(File),
    findall(V, ( member(N, [limit, mode, version]), setting(user:N, V) ), L).
test(missing_file) :- load_settings('/nonexistent/dir/settings.db').
test(bad_terms, [W-V == [type_error(integer, foo), type_error(setting, foo(bar))]-7]) :-
    reset,
    tmp_settings(File, "setting(user:nosuch, 1).\nsetting(user:limit, foo).\nsetting(user:limit, 7).\nfoo(bar).\n"),
    warnings(load_settings(File), W),
    setting(user:limit, V),
    delete_file(File).
test(undefined_error, [W == [existence_error(setting, user:nosuch)]]) :-
    tmp_settings(File, "setting(user:nosuch, 1).\n"),
    warnings(load_settings(File, [undefined(error)]), W),
    delete_file(File).
test(save_bad_file, [E == existence_error(source_sink, foo(x))]) :-
    catch(save_settings(foo(x)), error(E, _), true).
:- end_tests(save_load).
