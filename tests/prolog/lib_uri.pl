% library(uri): components, authority, %-encoding, query strings,
% resolution (the RFC 3986 section 5.4 examples), normalization, IRIs and
% file URIs.
:- use_module(library(plunit)).
:- use_module(library(uri)).
:- use_module(library(lists)).

err(G, E) :-
    catch(G, error(E, _), true).

rfc3986(g, 'http://a/b/c/g').
rfc3986('./g', 'http://a/b/c/g').
rfc3986('g/', 'http://a/b/c/g/').
rfc3986('/g', 'http://a/g').
rfc3986('//g', 'http://g').
rfc3986('?y', 'http://a/b/c/d;p?y').
rfc3986('g?y', 'http://a/b/c/g?y').
rfc3986('#s', 'http://a/b/c/d;p?q#s').
rfc3986('g#s', 'http://a/b/c/g#s').
rfc3986(';x', 'http://a/b/c/;x').
rfc3986('', 'http://a/b/c/d;p?q').
rfc3986('.', 'http://a/b/c/').
rfc3986('./', 'http://a/b/c/').
rfc3986('..', 'http://a/b/').
rfc3986('../', 'http://a/b/').
rfc3986('../g', 'http://a/b/g').
rfc3986('../..', 'http://a/').
rfc3986('../../../g', 'http://a/g').
rfc3986('/./g', 'http://a/g').
rfc3986('g.', 'http://a/b/c/g.').
rfc3986('..g', 'http://a/b/c/..g').
rfc3986('./../g', 'http://a/b/g').
rfc3986('g;x=1/../y', 'http://a/b/c/y').
rfc3986('http:g', 'http:g').

:- begin_tests(uri_components).
test(full, C == uri_components(http, 'user:pw@www.example.com:8080', '/a/b/c', 'q=1&r=2', frag)) :-
    uri_components('http://user:pw@www.example.com:8080/a/b/c?q=1&r=2#frag', C).
test(relative) :-
    uri_components(foo, uri_components(S, A, P, Q, F)),
    assertion((var(S), var(A), P == foo, var(Q), var(F))).
test(empty, P == '') :- uri_components('', uri_components(_, _, P, _, _)).
test(string, [S, A, P] == [http, 'x.org', /]) :-
    uri_components("http://x.org/", uri_components(S, A, P, Q, F)), var(Q), var(F).
test(codes, A == 'x.org') :- uri_components(`http://x.org/`, uri_components(_, A, _, _, _)).
test(mailto, [S, P] == [mailto, 'joe@x.org']) :-
    uri_components('mailto:joe@x.org', uri_components(S, A, P, _, _)), var(A).
test(network_path, [A, P] == [host, '/p']) :-
    uri_components('//host/p', uri_components(_, A, P, _, _)).
test(query_only, [P, Q] == ['', q]) :- uri_components('?q', uri_components(_, _, P, Q, _)).
test(two_colons, [S, P] == [a, 'b:c']) :- uri_components('a:b:c', uri_components(S, _, P, _, _)).
test(compose, U == 'http://x.org/a b?q=a b#f g') :-
    uri_components(U, uri_components(http, 'x.org', '/a b', 'q=a b', 'f g')).
test(compose_path_only, U == p) :- uri_components(U, uri_components(_, _, p, _, _)).
test(compose_scheme_only, U == 'http:') :- uri_components(U, uri_components(http, _, _, _, _)).
test(compose_strings, U == 'http://a/b?q#f') :-
    uri_components(U, uri_components("http", "a", "/b", "q", "f")).
test(compose_raw, U == 'http://xa?b#c?q#x#f#g') :-
    uri_components(U, uri_components(http, x, 'a?b#c', 'q#x', 'f#g')).
test(round_trip) :-
    U = 'https://u@h:1/p/q;r?s=t&u#v',
    uri_components(U, C),
    uri_components(U1, C),
    assertion(U1 == U).
test(unbound, E == instantiation_error) :- err(uri_components(_, _), E).
test(number, E == type_error(text, 12)) :- err(uri_components(12, _), E).
test(compound, E == type_error(text, f(x))) :- err(uri_components(f(x), _), E).
test(not_components, E == instantiation_error) :- err(uri_components(_, foo), E).
test(number_part, E == type_error(atom, 1)) :-
    err(uri_components(_, uri_components(1, 2, 3, 4, 5)), E).
test(data) :-
    C = uri_components(http, a, b, c, d),
    uri_data(scheme, C, S), uri_data(authority, C, A), uri_data(path, C, P),
    uri_data(search, C, Q), uri_data(fragment, C, F),
    assertion([S, A, P, Q, F] == [http, a, b, c, d]).
test(data_enum, Fs == [scheme, authority, path, search, fragment]) :-
    findall(F, uri_data(F, uri_components(http, a, b, c, d), _), Fs).
test(data_unknown, fail) :- uri_data(foo, uri_components(http, a, b, c, d), _).
test(data_set, C == uri_components(http, a, x, c, d)) :-
    uri_data(path, uri_components(http, a, b, c, d), x, C).
:- end_tests(uri_components).

:- begin_tests(uri_authority).
test(full, C == uri_authority(user, pw, host, 8080)) :-
    uri_authority_components('user:pw@host:8080', C).
test(host_only) :-
    uri_authority_components(host, uri_authority(U, P, H, Po)),
    assertion((var(U), var(P), H == host, var(Po))).
test(user_only, [U, H] == [user, host]) :-
    uri_authority_components('user@host', uri_authority(U, P, H, _)), var(P).
test(empty, H == '') :- uri_authority_components('', uri_authority(_, _, H, _)).
test(port_atom, P == x) :- uri_authority_components('h:x', uri_authority(_, _, _, P)).
test(port_empty, P == 0) :- uri_authority_components('h:', uri_authority(_, _, _, P)).
test(decoded, C == uri_authority('us er', 'p@w', 'h x', 80)) :-
    uri_authority_components('us%20er:p%40w@h%20x:80', C).
test(compose, A == 'u:p@h:80') :- uri_authority_components(A, uri_authority(u, p, h, 80)).
test(compose_host, A == h) :- uri_authority_components(A, uri_authority(_, _, h, _)).
test(compose_no_user, A == h) :- uri_authority_components(A, uri_authority(_, p, h, _)).
test(compose_raw, A == 'u@x:p:w@h h:80') :-
    uri_authority_components(A, uri_authority('u@x', 'p:w', 'h h', '80')).
test(compose_empty, A == '') :- uri_authority_components(A, uri_authority(_, _, _, _)).
test(data, [U, P, H, Po] == [u, p, h, 80]) :-
    C = uri_authority(u, p, h, 80),
    uri_authority_data(user, C, U), uri_authority_data(password, C, P),
    uri_authority_data(host, C, H), uri_authority_data(port, C, Po).
test(number, E == type_error(text, 12)) :- err(uri_authority_components(12, _), E).
test(unbound, E == instantiation_error) :- err(uri_authority_components(_, _), E).
:- end_tests(uri_authority).

:- begin_tests(uri_encoded).
test(ascii, forall(member(C-E, [
        query_value-'%20!%22%23$%25%26\'()*%2B,-./0123456789%3A%3B%3C%3D%3E?@ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D~',
        fragment-'%20!%22%23$%25&\'()*+,-./0123456789:;%3C=%3E?@ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D~',
        path-'%20!%22%23$%25&\'()*+,-./0123456789%3A;%3C=%3E%3F@ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D~',
        segment-'%20!%22%23$%25&\'()*+,-.%2F0123456789%3A;%3C=%3E%3F@ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D~'
    ]))) :-
    numlist(32, 126, L),
    atom_codes(A, L),
    uri_encoded(C, A, E0),
    assertion(E0 == E),
    uri_encoded(C, A1, E),
    assertion(A1 == A).
test(utf8, E == '%C3%A9%E2%82%AC') :- uri_encoded(path, 'é€', E).
test(percent, E == 'a%2520b') :- uri_encoded(query_value, 'a%20b', E).
test(empty, E == '') :- uri_encoded(segment, '', E).
test(string, E == str) :- uri_encoded(path, "str", E).
test(number, E == '12') :- uri_encoded(path, 12, E).
test(decode_plus, V == 'a b c+d') :- uri_encoded(query_value, V, 'a%20b+c%2Bd').
test(decode_path_plus, V == 'a b+c+d') :- uri_encoded(path, V, 'a%20b+c%2Bd').
test(decode_mixed, V == '/éé') :- uri_encoded(segment, V, '%2F%e9%C3%A9').
test(decode_bad, V == '%zz%') :- uri_encoded(fragment, V, '%zz%').
test(decode_lone_byte, V == 'Ã') :- uri_encoded(path, V, '%C3').
test(decode_lower, V == '€') :- uri_encoded(path, V, '%e2%82%ac').
test(check) :- uri_encoded(path, 'a b', 'a%20b').
test(check_string, fail) :- uri_encoded(path, 'a b', "a%20b").
test(bad_component, E == domain_error(uri_component, foo)) :- err(uri_encoded(foo, a, _), E).
test(unbound_value, E == instantiation_error) :- err(uri_encoded(path, _, _), E).
test(compound_value, E == type_error(atomic, f(x))) :- err(uri_encoded(path, f(x), _), E).
test(number_encoded, E == type_error(atom, 12)) :- err(uri_encoded(path, _, 12), E).
:- end_tests(uri_encoded).

:- begin_tests(uri_query_components).
test(parse, Q == [a=b, c='d+w', n='VU Amsterdam']) :-
    uri_query_components('a=b&c=d%2Bw&n=VU%20Amsterdam', Q).
test(compose, S == 'a=b&c=d%2Bw&n=VU%20Amsterdam') :-
    uri_query_components(S, [a=b, c('d+w'), n-'VU Amsterdam']).
test(semicolon, Q == [a=b, c=d]) :- uri_query_components('a=b;c=d', Q).
test(odd_names, Q == ['a&b'='', ''=c]) :- uri_query_components('a&b=&=c', Q).
test(plus, Q == ['a+b'='c d']) :- uri_query_components('a+b=c+d', Q).
test(equals_in_value, Q == [a='b=c']) :- uri_query_components('a=b=c', Q).
test(trailing, Q == [a=b]) :- uri_query_components('a=b&', Q).
test(empty, Q == []) :- uri_query_components('', Q).
test(empty_compose, S == '') :- uri_query_components(S, []).
test(utf8, Q == [a='é', b='é']) :- uri_query_components('a=%C3%A9&b=%e9', Q).
test(string, Q == [x='1']) :- uri_query_components("x=1", Q).
test(escape, S == 'a%20b=c%26d%3De') :- uri_query_components(S, ['a b'='c&d=e']).
test(numbers, S == '1=2') :- uri_query_components(S, [1=2]).
test(unicode, S == '%C3%A9=%E2%82%AC') :- uri_query_components(S, ['é'='€']).
test(check) :- uri_query_components('a=b', [a=b]).
test(check_fail, fail) :- uri_query_components('a=b', [a=c]).
test(no_equals, E == syntax_error(illegal_uri_query)) :- err(uri_query_components(a, _), E).
test(list_value, E == type_error(atomic, [120])) :- err(uri_query_components(_, [d=[0'x]]), E).
test(compound_value, E == type_error(atomic, f(x))) :- err(uri_query_components(_, [a=f(x)]), E).
test(not_pair, E == type_error(name_value, foo)) :- err(uri_query_components(_, [foo]), E).
test(unbound_value, E == instantiation_error) :- err(uri_query_components(_, [a=_]), E).
test(unbound, E == instantiation_error) :- err(uri_query_components(_, _), E).
test(number, E == type_error(text, 12)) :- err(uri_query_components(12, _), E).
:- end_tests(uri_query_components).

:- begin_tests(uri_resolve).
test(rfc3986, forall(rfc3986(R, G))) :-
    uri_resolve(R, 'http://a/b/c/d;p?q', G0),
    assertion(G0 == G).
test(global, G == 'http://o/x') :- uri_resolve('http://o/x', 'http://a/b', G).
test(no_escaping, G == 'http://a/a b') :- uri_resolve('a b', 'http://a/', G).
test(relative_base, G == g) :- uri_resolve(g, foo, G).
test(empty_base, G == g) :- uri_resolve(g, '', G).
test(path_base, G == '/a/x') :- uri_resolve(x, '/a/b', G).
test(keeps_case, G == 'HTTP://A/b') :- uri_resolve('HTTP://A/./b', 'http://x/', G).
test(base_without_path, G == 'http://a') :- uri_resolve(g, 'http://a', G).
test(strings, G == 'http://a/g') :- uri_resolve("g", "http://a/b", G).
test(atom_result, fail) :- uri_resolve(g, 'http://a/b', "http://a/g").
test(unbound, E == instantiation_error) :- err(uri_resolve(_, 'http://a/', _), E).
test(unbound_base, E == instantiation_error) :- err(uri_resolve(g, _, _), E).
:- end_tests(uri_resolve).

:- begin_tests(uri_normalized).
test(example, N == 'http://www.example.com/a/c/~user/A/?Q=~%20#F~') :-
    uri_normalized('HTTP://WWW.Example.COM/a/./b/../c/%7euser/%41%2f?Q=%7e%20#F%7e', N).
test(iri_example, N == 'http://www.example.com/a/c/%7euser/%41%2f?Q=%7e%20#F%7e') :-
    iri_normalized('HTTP://WWW.Example.COM/a/./b/../c/%7euser/%41%2f?Q=%7e%20#F%7e', N).
test(latin1_escape, N == 'http://x.org/%C3%A9') :- uri_normalized('http://x.org/%e9', N).
test(non_ascii, N == 'http://x.org/%C3%A9') :- uri_normalized('http://x.org/é', N).
test(iri_keeps, N == 'http://x.org/é') :- iri_normalized('http://x.org/é', N).
test(uri_iri_escape, N == 'http://x.org/é') :- uri_normalized_iri('http://x.org/%e9', N).
test(euro, N == 'http://x.org/%E2%82%AC') :- uri_normalized('HTTP://X.ORG/%e2%82%ac', N).
test(euro_iri, N == 'http://x.org/€') :- uri_normalized_iri('HTTP://X.ORG/%e2%82%ac', N).
test(space, N == 'http://x.org/a%20b') :- uri_normalized('http://x.org/a b', N).
test(query_plus, N == 'http://x.org/?a%2Bb') :- uri_normalized('http://x.org/?a+b', N).
test(path_plus, N == 'http://a/a+b%20c') :- uri_normalized('http://a/a+b%20c', N).
test(fragment_plus, N == 'http://a/#a%20b%20c') :- uri_normalized('http://a/#a+b%20c', N).
test(query_delims, N == 'http://a/b?x=%3B%3d&y#z') :- uri_normalized('http://a/b?x=%3B%3d&y#z', N).
test(lone_percent, N == 'http://a/b%25') :- uri_normalized('http://a/b%', N).
test(short_escape, N == 'http://a/b%254') :- uri_normalized('http://a/b%4', N).
test(unreserved, N == 'http://a/~foo-bar') :- uri_normalized('http://a/%7Efoo%2Dbar', N).
test(port, N == 'http://a:80') :- uri_normalized('http://A:80', N).
test(userinfo, N == 'http://u@x.org/') :- uri_normalized('http://U@X.org/', N).
test(mailto, N == 'mailto:Joe@X.ORG') :- uri_normalized('mailto:Joe@X.ORG', N).
test(dots, forall(member(U-N, ['http://x.org/a/b/../../..'-'http://x.org/',
                              'http://x.org/a/.'-'http://x.org/a/',
                              'http://x.org/a/..'-'http://x.org/',
                              'http://x.org//a//b'-'http://x.org//a//b',
                              '/a/b/./../c'-'/a/c', 'a/./b'-'a/b', 'foo/../bar'-'/bar',
                              '../a'-'/a', './a'-a, '../../g'-'/g', '..'-'', '.'-'',
                              'a/..'-'/', 'a/../..'-'/', '/..'-'/']))) :-
    uri_normalized(U, N0),
    assertion(N0 == N).
test(slash_escape, N == 'http://x.org/%C3%A9/') :- uri_normalized('http://x.org/%C3%A9%2F', N).
test(slash_escape_iri, N == 'http://x.org/é/') :- uri_normalized_iri('http://x.org/%C3%A9%2F', N).
test(ascii_table, forall(member(F, [uri_normalized, iri_normalized, uri_normalized_iri]))) :-
    numlist(33, 126, L),
    foldl(pct, L, Cs, []),
    atom_codes(Esc, Cs),
    forall(member(P, ['http://x/', 'http://x/?', 'http://x/#']),
           ( atom_concat(P, Esc, U),
             call(F, U, N),
             atom(N) )).
test(with_base, N == 'http://a/a%20b') :- uri_normalized('a b', 'http://a/', N).
test(with_base_iri, N == 'http://a/%41') :- iri_normalized('%41', 'http://a/', N).
test(with_base_uri_iri, N == 'http://a/A') :- uri_normalized_iri('%41', 'http://a/', N).
test(with_base_case, N == 'http://a/b') :- uri_normalized('HTTP://A/./b', 'http://x/', N).
test(atom_result, fail) :- uri_normalized('HTTP://A', "http://a").
test(unbound, E == instantiation_error) :- err(uri_normalized(_, _), E).
test(number, E == type_error(text, 12)) :- err(uri_normalized(12, _), E).
:- end_tests(uri_normalized).

pct(C, [0'%, H, L|T], T) :-
    format(atom(A), '~|~`0t~16r~2+', [C]),
    atom_codes(A, [H, L]).

:- begin_tests(uri_iri).
test(to_iri, I == 'http://www.example.com/a/c/~user/A/?Q=~%20#F~') :-
    uri_iri('HTTP://WWW.Example.COM/a/./b/../c/%7euser/%41%2f?Q=%7e%20#F%7e', I).
test(unicode, I == 'http://x.org/€') :- uri_iri('HTTP://X.ORG/%e2%82%ac', I).
test(to_uri, U == 'http://x.org/%C3%A9%20a') :- uri_iri(U, 'http://x.org/é a').
test(to_uri_normalizes, U == 'http://x.org/%C3%A9?q=%C3%A9#%C3%A9') :-
    uri_iri(U, 'HTTP://X.org/a/../é?q=é#é').
test(to_uri_latin1, U == 'http://x.org/%C3%A9') :- uri_iri(U, 'http://x.org/%e9').
test(check) :- uri_iri('http://x.org/%C3%A9', 'http://x.org/é').
test(unbound, E == instantiation_error) :- err(uri_iri(_, _), E).
test(number, E == type_error(text, 12)) :- err(uri_iri(12, _), E).
:- end_tests(uri_iri).

:- begin_tests(uri_misc).
test(global, forall(member(U, ['http://x', 'mailto:x', 'a+b.c-d:x', '1a:x', "http://x", 'http:']))) :-
    uri_is_global(U).
test(not_global, forall(member(U, ['c:/x', x, ':x', 'ht tp://x', '/a:b']))) :-
    \+ uri_is_global(U).
test(global_unbound, E == instantiation_error) :- err(uri_is_global(_), E).
test(global_number, E == type_error(text, 12)) :- err(uri_is_global(12), E).
test(file, [nondet, F == '/tmp/a b']) :- uri_file_name('file:///tmp/a%20b', F).
test(file_localhost, [nondet, F == '/tmp/x']) :- uri_file_name('file://localhost/tmp/x', F).
test(file_relative, [nondet, F == rel]) :- uri_file_name('file:rel', F).
test(file_root, [nondet, F == /]) :- uri_file_name('file:///', F).
test(file_not_file, fail) :- uri_file_name('http://x/tmp', _).
test(file_other_host, fail) :- uri_file_name('file://host/x', _).
test(file_to_uri, [nondet, U == 'file:///tmp/a%20b']) :- uri_file_name(U, '/tmp/a b').
test(file_to_uri_escapes, [nondet, U == 'file:///tmp/%C3%A9%23%3F']) :- uri_file_name(U, '/tmp/é#?').
test(file_relative_to_uri, [nondet]) :-
    uri_file_name(U, 'rel/x'),
    absolute_file_name('rel/x', Abs),
    uri_file_name(U, F),
    assertion(F == Abs).
test(file_unbound, fail) :- uri_file_name(_, _).
:- end_tests(uri_misc).
