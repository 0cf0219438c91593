% quintus.pl -- library(quintus): the Quintus Prolog compatibility
% predicates SWI-Prolog autoloads. mode/1 declarations are accepted and
% ignored, as in SWI-Prolog.
% Tested by: tests/prolog/ssu.pl (a `:- mode(...)` directive loads cleanly).

:- '$doc'("mode(+Spec)", "Quintus mode declaration; accepted and ignored.").
mode(_).
