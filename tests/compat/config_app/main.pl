% Reads settings from a config module's text, validates them with must_be/2
% and reports errors, then runs with the settings.
:- use_module(config, [load_config/2, setting/3]).
:- use_module(library(error)).
:- initialization(main, main).

main :-
    load_config("name = demo
                 threads = 4
                 verbose = true
                 ratio = 0.75
                 # a comment
                 mode = fast", Cfg),
    forall(member(K-V, Cfg), format("~w: ~q~n", [K, V])),
    setting(Cfg, threads, T), must_be(positive_integer, T),
    setting(Cfg, verbose, B), must_be(boolean, B),
    catch(( setting(Cfg, name, N), must_be(integer, N) ), error(E, _), (print(E), nl)),
    catch(must_be(oneof([slow, medium]), fast), error(E2, _), (print(E2), nl)),
    catch(must_be(list, [a|_]), error(E3, _), (print(E3), nl)),
    catch(must_be(between(1, 3), 7), error(E4, _), (print(E4), nl)),
    catch(setting(Cfg, missing, _), error(E5, _), (print(E5), nl)),
    ( is_of_type(nonneg, 0) -> writeln(nonneg_ok) ; true ),
    ( is_of_type(atom, "s") -> true ; writeln(string_is_not_atom) ).
