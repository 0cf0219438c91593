% error.pl -- library(error): must_be/2, is_of_type/2 and the error throwers,
% raising the same error terms as SWI-Prolog 9.
:- module(error, [
    type_error/2,
    domain_error/2,
    existence_error/2,
    existence_error/3,
    permission_error/3,
    instantiation_error/1,
    uninstantiation_error/1,
    representation_error/1,
    resource_error/1,
    syntax_error/1,
    must_be/2,
    is_of_type/2,
    current_type/3
]).


:- '$doc'("type_error(+Type, +Value)", "Raise error(type_error(Type, Value), _).").
type_error(Type, Value) :- throw(error(type_error(Type, Value), _)).
:- '$doc'("domain_error(+Type, +Value)", "Throw error(domain_error(Type, Value), _).").
domain_error(Domain, Value) :- throw(error(domain_error(Domain, Value), _)).
:- '$doc'("existence_error(+Type, +Culprit)", "Throw error(existence_error(Type, Culprit), _).").
existence_error(Type, Value) :- throw(error(existence_error(Type, Value), _)).
:- '$doc'("existence_error(+Type, +Culprit, +Set)", "Throw error(existence_error(Type, Culprit, Set), _): Culprit is not in Set.").
existence_error(Type, Value, In) :- throw(error(existence_error(Type, Value, In), _)).
:- '$doc'("permission_error(+Action, +Type, +Term)", "Raise error(permission_error(Action, Type, Term), _).").
permission_error(Action, Type, Term) :- throw(error(permission_error(Action, Type, Term), _)).
:- '$doc'("instantiation_error(+Culprit)", "Throw error(instantiation_error, _): an argument was not bound enough.").
instantiation_error(_) :- throw(error(instantiation_error, _)).
:- '$doc'("uninstantiation_error(+Culprit)", "Raise error(uninstantiation_error(Culprit), _), for an argument that should have been unbound.").
uninstantiation_error(Culprit) :- throw(error(uninstantiation_error(Culprit), _)).
:- '$doc'("representation_error(+Reason)", "Raise error(representation_error(Reason), _).").
representation_error(Reason) :- throw(error(representation_error(Reason), _)).
:- '$doc'("resource_error(+Culprit)", "Raise error(resource_error(Culprit), _).").
resource_error(Resource) :- throw(error(resource_error(Resource), _)).
:- '$doc'("syntax_error(+Message)", "Raise error(syntax_error(Message), _).").
syntax_error(Message) :- throw(error(syntax_error(Message), _)).

:- '$doc'("must_be(+Type, @Term)", "Succeed if Term is of Type, else raise the matching type, domain or instantiation error.").
must_be(Type, X) :-
    (   '$has_type'(Type, X)
    ->  true
    ;   '$known_type'(Type)
    ->  '$is_not'(Type, X)
    ;   throw(error(existence_error(type, Type), _))
    ).

'$is_not'(var, X) :- !, throw(error(uninstantiation_error(X), _)).
'$is_not'(list(Of), X) :- !, '$not_list_of'(Of, X).
'$is_not'(chars, X) :- is_list(X), !, '$not_list_of'(char, X).
'$is_not'(codes, X) :- is_list(X), !, '$not_list_of'(code, X).
'$is_not'(list, X) :- '$partial_list'(X), !, throw(error(instantiation_error, _)).
'$is_not'(list_or_partial_list, X) :- !, throw(error(type_error(list, X), _)).
'$is_not'(proper_list, X) :- !, throw(error(type_error(proper_list, X), _)).
'$is_not'(Type, X) :- '$needs_value'(Type), var(X), !, throw(error(instantiation_error, _)).
'$is_not'(Type, X) :- throw(error(type_error(Type, X), _)).

'$not_list_of'(Of, X) :-
    (   '$partial_list'(X) -> throw(error(instantiation_error, _))
    ;   \+ is_list(X) -> throw(error(type_error(list, X), _))
    ;   '$member'(E, X), \+ '$has_type'(Of, E) -> must_be(Of, E)
    ).

'$partial_list'(X) :- '$skip_list'(X, T), var(T).

'$needs_value'(Type) :- Type \== var, Type \== any.

:- '$doc'("is_of_type(+Type, @Term)", "True if Term satisfies Type (as must_be/2 knows it), failing instead of raising an error (also for an unknown Type, as SWI-Prolog 9.0).").
is_of_type(Type, X) :-
    '$known_type'(Type),
    '$has_type'(Type, X).

:- '$doc'("current_type(?Type, @Var, -Body)", "Type is a type must_be/2 and is_of_type/2 know; Body is the test that Var is of Type.").
current_type(Type, Var, Body) :-
    clause('$has_type'(Type, Var), Body0),
    (   Body0 = (B, !) -> Body = B ; Body = Body0 ).

'$known_type'(Type) :- \+ \+ '$type_name'(Type).
'$type_name'(any). '$type_name'(atom). '$type_name'(atomic). '$type_name'(between(_, _)).
'$type_name'(boolean). '$type_name'(callable). '$type_name'(char). '$type_name'(chars).
'$type_name'(code). '$type_name'(codes). '$type_name'(text). '$type_name'(compound).
'$type_name'(constant). '$type_name'(float). '$type_name'(integer). '$type_name'(nonneg).
'$type_name'(positive_integer). '$type_name'(negative_integer). '$type_name'(nonvar).
'$type_name'(number). '$type_name'(oneof(_)). '$type_name'(proper_list). '$type_name'(list).
'$type_name'(list(_)). '$type_name'(list_or_partial_list). '$type_name'(symbol).
'$type_name'(var). '$type_name'(rational). '$type_name'(string). '$type_name'(ground).
'$type_name'(acyclic). '$type_name'(cyclic). '$type_name'(pair). '$type_name'(order).

'$has_type'(any, _).
'$has_type'(atom, X) :- atom(X).
'$has_type'(atomic, X) :- atomic(X).
'$has_type'(between(L, U), X) :-
    (   integer(L), integer(U) -> integer(X), X >= L, X =< U
    ;   number(X), X >= L, X =< U
    ).
'$has_type'(boolean, X) :- (X == true ; X == false), !.
'$has_type'(callable, X) :- callable(X).
'$has_type'(char, X) :- atom(X), atom_length(X, 1).
'$has_type'(code, X) :- integer(X), X >= 0, X =< 0x10ffff.
'$has_type'(chars, X) :- is_list(X), forall('$member'(C, X), '$has_type'(char, C)).
'$has_type'(codes, X) :- is_list(X), forall('$member'(C, X), '$has_type'(code, C)).
'$has_type'(text, X) :- ( atom(X) ; string(X) ; '$has_type'(chars, X) ; '$has_type'(codes, X) ), !.
'$has_type'(compound, X) :- compound(X).
'$has_type'(constant, X) :- atomic(X).
'$has_type'(float, X) :- float(X).
'$has_type'(ground, X) :- ground(X).
'$has_type'(cyclic, X) :- cyclic_term(X).
'$has_type'(acyclic, X) :- acyclic_term(X).
'$has_type'(integer, X) :- integer(X).
'$has_type'(nonneg, X) :- integer(X), X >= 0.
'$has_type'(positive_integer, X) :- integer(X), X >= 1.
'$has_type'(negative_integer, X) :- integer(X), X =< -1.
'$has_type'(nonvar, X) :- nonvar(X).
'$has_type'(number, X) :- number(X).
'$has_type'(oneof(L), X) :- ground(X), memberchk(X, L).
'$has_type'(pair, X) :- nonvar(X), X = _-_.
'$has_type'(proper_list, X) :- is_list(X).
'$has_type'(list, X) :- is_list(X).
'$has_type'(list_or_partial_list, X) :- '$skip_list'(X, T), ( var(T) ; T == [] ), !.
'$has_type'(symbol, X) :- atom(X).
'$has_type'(var, X) :- var(X).
'$has_type'(rational, X) :- integer(X).
'$has_type'(string, X) :- string(X).
'$has_type'(order, X) :- ( X == (<) ; X == (=) ; X == (>) ), !.
'$has_type'(list(Type), X) :- is_list(X), forall('$member'(E, X), '$has_type'(Type, E)).
