% library(apply_macros): expand_phrase/2,4, written for knightlog.
%
% SWI-Prolog's library also rewrites calls to maplist/N, forall/2, once/1,
% ignore/1, phrase/2,3 and call/N into auxiliary predicates at compile
% time. knightlog does not do that rewriting: loading this library only
% provides expand_phrase/2,4, and the meta-predicates keep working as
% ordinary calls (same answers, without the speed-up).

:- module(apply_macros,
          [ expand_phrase/2,
            expand_phrase/4
          ]).

%!  expand_phrase(+PhraseGoal, -Goal) is semidet.
%   Goal is phrase(Body, List) or phrase(Body, List, Rest) with Body
%   turned into a call: a list or string of terminals becomes a
%   unification, a non-terminal gets the two list arguments. Fails for a
%   variable body and for the control constructs , ; -> *-> {} and !.
expand_phrase(phrase(Body, List), Goal) :-
    !,
    expand_phrase(phrase(Body, List, []), Goal).
expand_phrase(phrase(Body, List, Rest), Goal) :-
    am_body(Body, List, Rest, Goal).

%!  expand_phrase(+PhraseGoal, ?Pos0, -Goal, -Pos) is semidet.
%   As expand_phrase/2; source positions are not kept (Pos0 must be
%   unbound and Pos is left unbound).
expand_phrase(PhraseGoal, Pos0, Goal, _Pos) :-
    var(Pos0),
    expand_phrase(PhraseGoal, Goal).

am_body(Body, _, _, _) :-
    var(Body),
    !,
    fail.
am_body(M:Body, List, Rest, M:Goal) :-
    !,
    am_body(Body, List, Rest, Goal).
am_body(Body, List, Rest, Goal) :-
    is_list(Body),
    !,
    append(Body, Rest, Terminals),
    Goal = (List = Terminals).
am_body(Body, List, Rest, Goal) :-
    string(Body),
    !,
    string_codes(Body, Codes),
    append(Codes, Rest, Terminals),
    Goal = (List = Terminals).
am_body(Body, List, Rest, Goal) :-
    callable(Body),
    \+ am_control(Body),
    Body =.. [Name|Args0],
    append(Args0, [List, Rest], Args),
    Goal =.. [Name|Args].

am_control((_, _)).
am_control((_ ; _)).
am_control((_ -> _)).
am_control((_ *-> _)).
am_control({_}).
am_control(!).
