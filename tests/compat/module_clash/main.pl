% Two modules each define helper/2; both are used, neither sees the other's.
% A user predicate named like a library one overrides it in user only: the
% library's own calls (append/2 calling append/3) still reach the library,
% while a program module (geometry, calling last/2) inherits user's, as in
% SWI-Prolog.
:- ensure_loaded(clash).
:- initialization(main, main).

main :-
    area(square(3), A), format("area: ~w~n", [A]),
    banner(hello, B), format("banner: ~w~n", [B]),
    last([1,2,3], L), format("user last: ~w~n", [L]),
    geometry:tail_of([1,2,3], T), format("geometry last: ~w~n", [T]),
    append([a], [b], U), format("user append/3: ~w~n", [U]),
    append([[a], [b]], U2), format("library append/2: ~w~n", [U2]),
    lists:append([a], [b], U3), format("lists:append/3: ~w~n", [U3]),
    (   catch(helper(x, _), error(existence_error(procedure, PI), _),
              (format("not visible in user: ~w~n", [PI]), fail))
    ->  true
    ;   true
    ),
    geometry:helper(2, H1), textfmt:helper(2, H2),
    format("helpers: ~w ~w~n", [H1, H2]),
    (   predicate_property(area(_, _), imported_from(M))
    ->  format("area/2 imported from ~w~n", [M])
    ;   writeln('area/2 not imported')
    ),
    (   predicate_property(geometry:helper(_, _), exported)
    ->  writeln('helper exported')
    ;   writeln('helper private')
    ).
