:- module(config, [load_config/2, setting/3]).

load_config(Text, Pairs) :-
    split_string(Text, "\n", " \t", Lines),
    exclude(skip_line, Lines, Useful),
    maplist(parse, Useful, Pairs).

skip_line("").
skip_line(L) :- sub_string(L, 0, 1, _, "#").

parse(Line, Key-Value) :-
    split_string(Line, "=", " ", [K, V]),
    atom_string(Key, K),
    convert(V, Value).

convert(S, N) :- number_string(N, S), !.
convert("true", true) :- !.
convert("false", false) :- !.
convert(S, A) :- atom_string(A, S).

setting(Cfg, Key, Value) :-
    (   memberchk(Key-V, Cfg) -> Value = V
    ;   throw(error(existence_error(setting, Key), _))
    ).
