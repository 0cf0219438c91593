% library(error): must_be/2, is_of_type/2, current_type/3 and the error throwers.
:- use_module(library(plunit)).
:- use_module(library(error)).

:- begin_tests(error).
test(type_error, error(type_error(integer, a))) :- type_error(integer, a).
test(domain_error, error(domain_error(positive, -1))) :- domain_error(positive, -1).
test(existence_error, error(existence_error(file, f))) :- existence_error(file, f).
test(existence_error3, error(existence_error(key, k, s))) :- existence_error(key, k, s).
test(permission_error, error(permission_error(modify, file, f))) :- permission_error(modify, file, f).
test(instantiation_error, error(instantiation_error)) :- instantiation_error(_).
test(uninstantiation_error, error(uninstantiation_error(a))) :- uninstantiation_error(a).
test(representation_error, error(representation_error(max_arity))) :- representation_error(max_arity).
test(resource_error, error(resource_error(memory))) :- resource_error(memory).
test(syntax_error, error(syntax_error(bad))) :- syntax_error(bad).
test(must_be_ok) :- must_be(integer, 1), must_be(list(atom), [a]), must_be(oneof([a, b]), b), must_be(between(1, 3), 2).
test(must_be_type, error(type_error(integer, a))) :- must_be(integer, a).
test(must_be_inst, error(instantiation_error)) :- must_be(integer, _).
test(must_be_nonneg, error(type_error(nonneg, -1))) :- must_be(nonneg, -1).
test(must_be_positive, error(type_error(positive_integer, 0))) :- must_be(positive_integer, 0).
test(must_be_between, error(type_error(between(1, 3), 5))) :- must_be(between(1, 3), 5).
test(must_be_oneof, error(type_error(oneof([a, b]), c))) :- must_be(oneof([a, b]), c).
test(must_be_boolean, error(type_error(boolean, x))) :- must_be(boolean, x).
test(must_be_list_elem, error(type_error(atom, 1))) :- must_be(list(atom), [a, 1]).
test(must_be_unknown, error(existence_error(type, no_such_type))) :- must_be(no_such_type, a).
test(is_of_type) :- is_of_type(atom, a), \+ is_of_type(atom, 1), is_of_type(list(integer), [1, 2]).
test(is_of_type_unknown, fail) :- is_of_type(no_such_type, a).
test(current_type, B == atom(X)) :- current_type(atom, X, B).
test(current_type_enum) :- forall(member(T, [atom, integer, callable, list, boolean]), current_type(T, _, _)).
test(current_type_check) :- current_type(integer, X, B), X = 3, call(B).
:- end_tests(error).
