% Run by knightlog (tests/coverage.rs) with SWI's p(Name, Arity, Library)
% facts on standard input: prints missing(Name, Arity, Library) for each
% predicate that is not callable after use_module(library(Library)) (system
% and system_dicts: callable at once).

% Not main/0: library(main), one of the targets, exports that.
check :-
    read(T),
    (   T == end_of_file
    ->  true
    ;   T = p(N, A, Lib),
        (   callable_after_loading(N, A, Lib)
        ->  true
        ;   format("~q.~n", [missing(N, A, Lib)])
        ),
        check
    ).

callable_after_loading(N, A, Lib) :-
    (   memberchk(Lib, [system, system_dicts])
    ->  true
    ;   catch(use_module(library(Lib)), _, fail)
    ),
    functor(H, N, A),
    (   predicate_property(H, defined)
    ->  true
    ;   control(N, A)
    ).

% Control constructs: compiled, not predicates, yet callable.
control(!, 0).
control(',', 2).
control(;, 2).
control('|', 2).
control(->, 2).
control(*->, 2).
control(\+, 1).
control(:, 2).
