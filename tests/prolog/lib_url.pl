% library(url): parse_url/2,3, global_url/3, is_absolute_url/1,
% http_location/2, www_form_encode/2, parse_url_search/2, url_iri/2,
% set_url_encoding/2, file_name_to_url/2.
:- use_module(library(plunit)).
:- use_module(library(url)).
:- use_module(library(lists)).

err(G, E) :-
    catch(G, error(E, _), true).

:- begin_tests(parse_url).
test(doc_example, P == [protocol(http), host('www.xyz.org'), path('/hello'),
                        search([msg='Hello World!']), fragment(x)]) :-
    parse_url('http://www.xyz.org/hello?msg=Hello+World%21#x', P).
test(user_port, P == [protocol(http), user('u:p'), host('h.org'), port(8080),
                      path('/a/b'), search([x='1', y='2'])]) :-
    parse_url('http://u:p@h.org:8080/a/b?x=1&y=2', P).
test(no_path, P == [protocol(http), host('h.org'), path(/)]) :- parse_url('http://h.org', P).
test(https, P == [protocol(https), host('h.org'), path(/)]) :- parse_url('https://h.org/', P).
test(ftp, P == [protocol(ftp), host('h.org'), path('/pub/f.txt')]) :-
    parse_url('ftp://h.org/pub/f.txt', P).
test(file_space, fail) :- parse_url('file:///tmp/a b', _).
test(file_no_slashes, fail) :- parse_url('file:/tmp/x', _).
test(file, P == [protocol(file), path('/tmp/a b')]) :- parse_url('file:///tmp/a%20b', P).
test(mailto, P == [protocol(mailto), path('joe@x.org')]) :- parse_url('mailto:joe@x.org', P).
test(news, P == [protocol(news), path('comp.lang')]) :- parse_url('news:comp.lang', P).
test(no_protocol, P == [protocol(http), host('www.xyz.org'), path('/a')]) :-
    parse_url('www.xyz.org/a', P).
test(host_colon, P == [protocol('h.org'), path('80/x')]) :- parse_url('h.org:80/x', P).
test(absolute_path, P == [protocol(http), host(''), path('/a/b')]) :- parse_url('/a/b', P).
test(relative_path, P == [protocol(http), host(a), path('/b')]) :- parse_url('a/b', P).
test(empty, P == [protocol(http), host(''), path(/)]) :- parse_url('', P).
test(decoded_path, P == [protocol(http), host('h.org'), path('/~user/a b')]) :-
    parse_url('http://h.org/%7Euser/a%20b', P).
test(empty_search, S == ['']) :- parse_url('http://h.org/?', [_, _, _, search(S)]).
test(search_name, S == [a]) :- parse_url('http://h.org/?a', [_, _, _, search(S)]).
test(search_mixed, S == [a='1', b, c='']) :- parse_url('http://h/?a=1&b&c=', [_, _, _, search(S)]).
test(search_semicolon, S == [a='1', b='2']) :- parse_url('http://h/?a=1;b=2', [_, _, _, search(S)]).
test(search_plus, S == ['a b'='c d']) :- parse_url('http://h/?a+b=c+d', [_, _, _, search(S)]).
test(search_utf8, S == [x='é']) :- parse_url('http://h.org/a?x=%C3%A9', [_, _, _, search(S)]).
test(fragment, F == 'a b c') :- parse_url('http://h/#a+b%20c', [_, _, _, fragment(F)]).
test(path_plus, P == '/a b') :- parse_url('http://h/a+b', [_, _, path(P)]).
test(case, P == [protocol(http), host('H.ORG'), path('/A')]) :- parse_url('HTTP://H.ORG/A', P).
test(ipv6, fail) :- parse_url('http://[::1]:80/', _).
test(bad_port, fail) :- parse_url('http://h.org:x/', _).
test(empty_port, fail) :- parse_url('http://h:/', _).
test(zero_port, P == 0) :- parse_url('http://h:0/', [_, _, port(P)|_]).
test(two_ats, fail) :- parse_url('http://a@b@c/', _).
test(other, P == [protocol(foo), path(bar)]) :- parse_url('foo:bar', P).
test(http_path, P == [protocol(http), path('/x')]) :- parse_url('http:/x', P).
test(dots_kept, P == '/a/../b') :- parse_url('http://h/a/../b', [_, _, path(P)]).
test(path_chars, forall(member(C, `!$&'()*,-.:;=@_~`))) :-
    atom_codes(A, [0'/, 0'a, C, 0'b]),
    atom_concat('http://h', A, U),
    parse_url(U, [_, _, path(P)]),
    assertion(P == A).
test(path_bad_chars, forall(member(C, `"<>[\\]^\`{|}%`))) :-
    atom_codes(A, [0'/, 0'a, C, 0'b]),
    atom_concat('http://h', A, U),
    \+ parse_url(U, _).
test(string, P == [protocol(http), host('h.org'), path(/)]) :- parse_url("http://h.org/", P).
test(number, P == [protocol(http), host('12'), path(/)]) :- parse_url(12, P).
test(partial, Pr == http) :- parse_url('http://h/p', [protocol(Pr)|_]).
test(check_fail, fail) :- parse_url('http://h/p', [host(h)]).
:- end_tests(parse_url).

:- begin_tests(compose_url).
test(full, U == 'http://h.org/a%20b?q=a%20b%26c&r=1#f%20g') :-
    parse_url(U, [protocol(http), host('h.org'), path('/a b'),
                  search([q='a b&c', r=1]), fragment('f g')]).
test(host_only, U == '//h.org') :- parse_url(U, [host('h.org')]).
test(port, U == 'http://h.org:8080') :- parse_url(U, [protocol(http), host('h.org'), port(8080)]).
test(file, U == 'file:///tmp/a%20b') :- parse_url(U, [protocol(file), path('/tmp/a b')]).
test(user, U == 'ftp://u@h/x') :-
    parse_url(U, [protocol(ftp), host(h), path('/x'), user(u), password(p)]).
test(path_only, U == '///x') :- parse_url(U, [path('/x')]).
test(nothing, U == '//') :- parse_url(U, []).
test(mailto, U == 'mailto://joe%40x.org') :- parse_url(U, [protocol(mailto), path('joe@x.org')]).
test(no_slash, U == 'http://hx') :- parse_url(U, [protocol(http), host(h), path(x)]).
test(utf8, U == 'http://h.org/%c3%a9') :- parse_url(U, [protocol(http), host('h.org'), path('/é')]).
test(empty_search, U == 'http://h.org/') :-
    parse_url(U, [protocol(http), host('h.org'), path('/'), search([])]).
test(bad_search, fail) :- parse_url(_, [protocol(http), host(h), search(foo)]).
test(unknown_attr, U == '//h') :- parse_url(U, [foo(bar), host(h)]).
test(path_encoding, U == 'http://h%20%21%22%23%24%25%26%27%28%29%2a+,-./0123456789:%3b%3c%3d%3e%3f%40ABCDEFGHIJKLMNOPQRSTUVWXYZ%5b%5c%5d%5e_%60abcdefghijklmnopqrstuvwxyz%7b%7c%7d~') :-
    numlist(32, 126, L), atom_codes(A, L),
    parse_url(U, [protocol(http), host(h), path(A)]).
test(round_trip) :-
    numlist(32, 126, L), atom_codes(A, L),
    parse_url(U, [protocol(http), host(h), path(/), search([A=A]), fragment(A)]),
    parse_url(U, Attrs),
    assertion(Attrs == [protocol(http), host(h), path(/), search([A=A]), fragment(A)]).
test(not_list, E == type_error(list, foo)) :- err(parse_url(_, foo), E).
test(unbound, E == instantiation_error) :- err(parse_url(_, _), E).
:- end_tests(compose_url).

:- begin_tests(global_url).
test(rfc, forall(member(R-G, [g-'http://a/b/c/g', '../g'-'http://a/b/g', '/g'-'http://a/g',
                             '//g/x'-'http://g/x', 'http://o/x'-'http://o/x']))) :-
    global_url(R, 'http://a/b/c/d;p?q', G0),
    assertion(G0 == G).
test(query, G == 'http://a/?y') :- global_url('?y', 'http://a/b?q', G).
test(fragment, G == 'http://a/b?q#s') :- global_url('#s', 'http://a/b?q', G).
test(empty, G == 'http://a/') :- global_url('', 'http://a/b?q', G).
test(base_host, G == 'http://foo/g') :- global_url(g, foo, G).
test(base_no_path, G == 'http://a/g') :- global_url(g, 'http://a', G).
test(dot_kept, G == 'http://a/b/./') :- global_url('./', 'http://a/b/c', G).
test(dotdot_kept, G == 'http://a/b/..') :- global_url('..', 'http://a/b/c', G).
test(illegal, E == syntax_error(illegal_url)) :- err(global_url('a b', 'http://a/b', _), E).
test(unbound, E == instantiation_error) :- err(global_url(_, 'http://a', _), E).
test(parse3, P == [protocol(http), host(a), path('/b/c/g')]) :-
    parse_url(g, 'http://a/b/c/d;p?q', P).
test(parse3_search, P == [protocol(http), host(a), path('/b/g'), search([x='1'])]) :-
    parse_url('../g?x=1', 'http://a/b/c/d;p?q', P).
test(parse3_global, P == [protocol(http), host(o), path('/x')]) :-
    parse_url('http://o/x', 'http://a/b', P).
test(parse3_fragment, P == [protocol(http), host(a), path(/), fragment(f)]) :-
    parse_url('#f', 'http://a/b?q', P).
test(absolute, forall(member(U, ['http://a', 'mailto:x', 'file:x', 'HTTP://a', 'x-y:z', "http://x"]))) :-
    is_absolute_url(U).
test(not_absolute, forall(member(U, [a, 'c:/x', '//a', '1a:b']))) :-
    \+ is_absolute_url(U).
:- end_tests(global_url).

:- begin_tests(www_form).
test(encode, E == 'a%20b%26c%3dd%2f%c3%a9~-._%2b') :- www_form_encode('a b&c=d/é~-._+', E).
test(decode, V == 'a b c&dé') :- www_form_encode(V, 'a%20b+c%26d%C3%A9').
test(newline, E == 'a%0D%0Ab') :- www_form_encode('a\nb', E).
test(newline_decode, V == 'a\nb') :- www_form_encode(V, 'a%0D%0Ab').
test(latin1_byte, V == 'é') :- www_form_encode(V, '%e9').
test(number, E == '12') :- www_form_encode(12, E).
test(string, E == str) :- www_form_encode("str", E).
test(decode_string, V == 'a b') :- www_form_encode(V, "a%20b").
test(bad_escape, V == '%zz') :- www_form_encode(V, '%zz').
test(ascii, E == '%20%21%22%23%24%25%26%27%28%29%2a%2b%2c-.%2f0123456789%3a%3b%3c%3d%3e%3f%40ABCDEFGHIJKLMNOPQRSTUVWXYZ%5b%5c%5d%5e_%60abcdefghijklmnopqrstuvwxyz%7b%7c%7d~') :-
    numlist(32, 126, L), atom_codes(A, L),
    www_form_encode(A, E).
test(unbound, E == instantiation_error) :- err(www_form_encode(_, _), E).
test(search, F == [a=b, c='d e']) :- parse_url_search('a=b&c=d%20e', F).
test(search_codes, F == [a=b]) :- parse_url_search(`a=b`, F).
test(search_compose, S == `a=b&c=d%20e`) :- parse_url_search(S, [a=b, c='d e']).
test(search_number, S == `a=1`) :- parse_url_search(S, [a=1]).
test(latin1) :-
    setup_call_cleanup(set_url_encoding(Old, iso_latin_1),
                       ( www_form_encode('é', E), www_form_encode(V, '%E9') ),
                       set_url_encoding(_, Old)),
    assertion(E == '%e9'),
    assertion(V == 'é'),
    set_url_encoding(Now, Now),
    assertion(Now == utf8).
test(encoding_default, E == utf8) :- set_url_encoding(E, E).
test(encoding_check, fail) :- set_url_encoding(iso_latin_1, utf8).
test(encoding_bad, E == type_error(oneof([utf8, iso_latin_1]), foo)) :-
    err(set_url_encoding(_, foo), E).
:- end_tests(www_form).

:- begin_tests(http_location).
test(parse, P == [path('/a/b'), search([x='1', y='a b']), fragment(f)]) :-
    http_location(P, '/a/b?x=1&y=a+b#f').
test(compose, L == '/a%20b?x=1&y=a%20b') :-
    http_location([path('/a b'), search([x=1, y='a b']), fragment(f)], L).
test(root, P == [path(/)]) :- http_location(P, '/').
test(root_compose, L == /) :- http_location([path(/)], L).
test(empty, L == '') :- http_location([], L).
test(codes, P == [path('/a'), search([b=c])]) :- http_location(P, `/a?b=c`).
test(string, fail) :- http_location(_, "/a").
:- end_tests(http_location).

:- begin_tests(url_misc).
test(iri, I == 'http://h.org/é?x= ') :- url_iri('http://h.org/%C3%A9?x=%20', I).
test(iri_encode, U == 'http://h.org/%c3%a9?x=%20') :- url_iri(U, 'http://h.org/é?x= ').
test(iri_latin1, fail) :- url_iri('http://h.org/%e9', _).
test(iri_unbound, E == instantiation_error) :- err(url_iri(_, _), E).
test(file_to_url, U == 'file:///tmp/a') :- file_name_to_url('/tmp/a', U).
test(url_to_file, F == '/tmp/a') :- file_name_to_url(F, 'file:///tmp/a').
test(localhost, F == 'localhost/tmp/a') :- file_name_to_url(F, 'file://localhost/tmp/a').
test(not_file, fail) :- file_name_to_url(_, 'http://x/a').
test(no_encoding, U == 'file:///tmp/a b') :- file_name_to_url('/tmp/a b', U).
test(relative) :-
    file_name_to_url(rel, U),
    absolute_file_name(rel, A),
    atom_concat('file://', A, U1),
    assertion(U == U1).
:- end_tests(url_misc).
