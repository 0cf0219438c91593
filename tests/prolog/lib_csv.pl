% library(csv): CSV text, files and streams, read and written.
% Runs unchanged under knightlog and SWI-Prolog 9 (the expected answers are SWI's).
:- use_module(library(plunit)).
:- use_module(library(csv)).
:- use_module(library(readutil)).
:- use_module(library(lists)).

% A temporary file with extension Ext holding Text (written in Encoding).
tmp_csv(Ext, Text, File) :-
    tmp_csv(Ext, Text, utf8, File).
tmp_csv(Ext, Text, Enc, File) :-
    tmp_file(csv, Base),
    file_name_extension(Base, Ext, File),
    setup_call_cleanup(open(File, write, S, [encoding(Enc)]),
                       write(S, Text),
                       close(S)).

with_csv(Text, File, Goal) :-
    with_csv(csv, Text, File, Goal).
with_csv(Ext, Text, File, Goal) :-
    tmp_csv(Ext, Text, File),
    call_cleanup(Goal, delete_file(File)).

with_out_file(Ext, File, Goal) :-
    tmp_file(csv, Base),
    file_name_extension(Base, Ext, File),
    call_cleanup(Goal, (exists_file(File) -> delete_file(File) ; true)).

file_codes(File, Codes) :-
    read_file_to_codes(File, Codes, [encoding(utf8)]).

parse(Text, Rows) :-
    parse(Text, Rows, []).
parse(Text, Rows, Options) :-
    string_codes(Text, Codes),
    phrase(csv(Rows, Options), Codes).

emit(Rows, Text) :-
    emit(Rows, Text, []).
emit(Rows, Text, Options) :-
    phrase(csv(Rows, Options), Codes),
    string_codes(Text, Codes).

% Rows read by csv_read_row/3 from Text: a list of Row-LineCount, up to end_of_file.
stream_rows(Text, Options, Rows) :-
    setup_call_cleanup(open_string(Text, S),
                       ( csv_options(O, Options), read_rows(S, O, Rows) ),
                       close(S)).

read_rows(S, O, Rows) :-
    (   csv_read_row(S, R, O)
    ->  line_count(S, L),
        (   R == end_of_file
        ->  Rows = [R-L]
        ;   Rows = [R-L|Rows1],
            read_rows(S, O, Rows1)
        )
    ;   line_count(S, L),
        Rows = [failed-L|Rows1],
        read_rows(S, O, Rows1)
    ).

:- begin_tests(csv_exports).
test(exports, [L == [csv/3, csv/4, csv_options/2, csv_read_file/2, csv_read_file/3,
                     csv_read_file_row/3, csv_read_row/3, csv_read_stream/3,
                     csv_write_file/2, csv_write_file/3, csv_write_stream/3]]) :-
    module_property(csv, exports(L0)),
    msort(L0, L).
:- end_tests(csv_exports).

:- begin_tests(csv_parse).
test(basic, [R == [row(a, b, c), row(1, 2, 3)]]) :-
    parse("a,b,c\n1,2,3\n", R).
test(crlf, [R == [row(a, b, c), row(1, 2, 3)]]) :-
    parse("a,b,c\r\n1,2,3\r\n", R).
test(no_final_newline, [R == [row(a, b), row(c, d)]]) :-
    parse("a,b\r\nc,d", R).
test(cr_only, [R == [row(a), row(b), row(''), row(c)]]) :-
    parse("a\rb\r\r\nc\n", R).
test(empty, [R == []]) :-
    parse("", R).
test(empty_lines, [R == [row(''), row('')]]) :-
    parse("\n\n", R).
test(empty_cells, [R == [row('', '', ''), row(a, '', b), row(x, '')]]) :-
    parse(",,\na,,b\nx,\n", R, [match_arity(false)]).
test(quoted, [R == [row('a,b', 'c"d', 'e\nf', 'g\r\nh', '', x)]]) :-
    parse("\"a,b\",\"c\"\"d\",\"e\nf\",\"g\r\nh\",\"\",x\n", R).
test(quote_in_unquoted, [R == [row('a"b', 'c""')]]) :-
    parse("a\"b,c\"\"\n", R).
test(only_quotes, [R == [row('"', '""')]]) :-
    parse("\"\"\"\",\"\"\"\"\"\"\n", R).
test(unicode, [R == [row('héllo', 'wörld', 'ΣΩ', '日本', 'a😀')]]) :-
    parse("héllo,\"wörld\",ΣΩ,日本,a😀\n", R).
test(text_after_quote, [fail]) :-
    parse("\"ab\"c,d\n", _).
test(blank_after_quote, [fail]) :-
    parse("\"a\" ,b\n", _).
test(unterminated_quote, [fail]) :-
    parse("a,\"b\n", _).
test(deterministic, [true]) :-
    parse("a,b\nc,d\n", _).
test(rest, [R-Rest == [row(a)]-[]]) :-
    phrase(csv(R), `a\n`, Rest).
test(partial_rows, [X-Y == a-b]) :-
    parse("a,b\n", [row(X, Y)]).
:- end_tests(csv_parse).

:- begin_tests(csv_convert).
test(numbers, [R == [row(10000000000.0, ' 12', '12 ', 31, 0, 1.0Inf, 1, -1, 1.5, 1000.0,
                         '12abc', -, +, '1.', '.5', inf, nan, '1e', 255, 97)]]) :-
    parse("1e10, 12,12 ,0x1F,-0,1.0Inf,+1,-1,1.5,1.0e3,12abc,-,+,1.,.5,inf,nan,1e,16'ff,0'a\n", R).
test(negative_float, [R == [row(-1.0Inf, -0.0, 0.001, 5, 15)]]) :-
    parse("-1.0Inf,-0.0,1e-3,0b101,0o17\n", R).
test(bigint, [R == [row(123456789012345678901234567890, -98765432109876543210)]]) :-
    parse("123456789012345678901234567890,-98765432109876543210\n", R).
test(digit_groups, [R == [row(1000, 8191, '1__0')]]) :-
    parse("1_000,0x1F_FF,1__0\n", R).
test(rational, [R == [row(R1)]]) :-
    R1 is 1 rdiv 3,
    parse("1r3\n", R).
test(quoted_numbers, [R == [row(12, 1.5, ' 7')]]) :-
    parse("\"12\",\"1.5\",\" 7\"\n", R).
test(no_convert, [R == [row('1', '2.5', 'x', '0x1F')]]) :-
    parse("1,2.5,x,0x1F\n", R, [convert(false)]).
test(case_down, [R == [row(ab, cd, 100000.0, '0x1f', 'àb')]]) :-
    parse("Ab,\"CD\",1E5,0X1F,ÀB\n", R, [case(down)]).
test(case_up, [R == [row('AB', 'CD', 12)]]) :-
    parse("ab,cD,12\n", R, [case(up)]).
test(case_preserve, [R == [row('Ab', cD)]]) :-
    parse("Ab,cD\n", R, [case(preserve)]).
:- end_tests(csv_convert).

:- begin_tests(csv_options).
test(separator, [R == [row(a, 'b,c', 'x;y')]]) :-
    parse("a;b,c;\"x;y\"\n", R, [separator(0';)]).
test(separator_tab, [R == [row(a, b, 'c d')]]) :-
    parse("a\tb\tc d\n", R, [separator(0'\t)]).
test(separator_unicode, [R == [row(a, b)]]) :-
    parse("a😀b\n", R, [separator(0x1F600)]).
test(strip, [R == [row(a, 'b c', '', '" q "', '"x"')]]) :-
    parse(" a ,\tb c\t, , \" q \",  \"x\" \n", R, [strip(true), match_arity(false)]).
test(no_strip, [R == [row(' a ', ' b ')]]) :-
    parse(" a , b \n", R, [strip(false)]).
test(strip_space_separator, [R == [row(a, b), row(c, d)]]) :-
    parse("a  b\n c \t d\n", R, [strip(true), separator(0' )]).
test(strip_only_blanks, [R == [row('a\v\f', x)]]) :-
    parse("a\v\f ,x\n", R, [strip(true)]).
test(functor, [R == [f(a, b), f(c, d)]]) :-
    parse("a,b\nc,d\n", R, [functor(f)]).
test(arity, [R == [row(a, b)]]) :-
    parse("a,b\n", R, [arity(2)]).
test(match_arity_false, [R == [row(a, b), row(c), row(d, e, f)]]) :-
    parse("a,b\nc\nd,e,f\n", R, [match_arity(false)]).
test(match_arity_false_arity, [R == [row(a, b, c)]]) :-
    parse("a,b,c\n", R, [match_arity(false), arity(2)]).
test(skip_header, [R == [row(a, b), row('#z', c)]]) :-
    parse("#x\n#y,\"q\na,b\n#z,c\n", R, [skip_header('#')]).
test(skip_header_prefix, [R == [row('/b'), row(x)]]) :-
    parse("//a\n/b\nx\n", R, [skip_header('//')]).
test(skip_header_all, [R == []]) :-
    parse("#a\n#b", R, [skip_header('#')]).
test(ignore_quotes, [R == [row('"a""b"', c), row('"1"', x)]]) :-
    parse("\"a\"\"b\",c\n\"1\",x\n", R, [ignore_quotes(true)]).
test(last_option_wins, [R == [row(a, 'b;c')]]) :-
    parse("a,b;c\n", R, [separator(0';), separator(0',)]).
test(unknown_options_ignored, [R == [row(a)]]) :-
    parse("a\n", R, [foo, bar(1), a=b]).
test(not_a_list, [fail]) :-
    parse("a\n", _, foo).
test(compiled, [O == csv_options(0';, true, false, false, down, f, 2, false, '#')]) :-
    csv_options(O, [separator(0';), strip(true), convert(false), case(down),
                    functor(f), arity(2), match_arity(false), skip_header('#')]).
test(compiled_defaults, [O = csv_options(0',, false, false, true, preserve, row, A, true, H)]) :-
    csv_options(O, []),
    assertion(var(A)),
    assertion(var(H)).
test(compiled_partial_list, [L == []]) :-
    L = [],
    csv_options(_, L).
test(compiled_foo, [fail]) :-
    csv_options(_, foo).
:- end_tests(csv_options).

:- begin_tests(csv_errors).
test(arity_mismatch, [error(domain_error(row_arity(2), 1))]) :-
    parse("a,b\nc\n", _).
test(arity_given, [error(domain_error(row_arity(3), 2))]) :-
    parse("a,b\nc,d\n", _, [arity(3)]).
test(arity_zero, [error(domain_error(row_arity(0), 1))]) :-
    parse("\n", _, [arity(0)]).
test(arity_negative, [error(domain_error(row_arity(-1), 1))]) :-
    parse("a\n", _, [arity(-1)]).
test(blank_line_arity, [error(domain_error(row_arity(2), 1))]) :-
    parse("a,b\n\n", _).
test(arity_unbound, [error(instantiation_error)]) :-
    parse("a\n", _, [arity(_)]).
test(arity_type, [error(type_error(integer, a))]) :-
    parse("a\n", _, [arity(a)]).
test(separator_type, [error(type_error(integer, a))]) :-
    parse("a\n", _, [separator(a)]).
test(separator_string, [error(type_error(integer, "ab"))]) :-
    parse("a\n", _, [separator("ab")]).
test(separator_unbound, [error(instantiation_error)]) :-
    parse("a\n", _, [separator(_)]).
test(strip_type, [error(type_error(boolean, maybe))]) :-
    parse("a\n", _, [strip(maybe)]).
test(convert_type, [error(type_error(boolean, 1))]) :-
    parse("a\n", _, [convert(1)]).
test(match_arity_type, [error(type_error(boolean, x))]) :-
    parse("a\n", _, [match_arity(x)]).
test(ignore_quotes_unbound, [error(instantiation_error)]) :-
    parse("a\n", _, [ignore_quotes(_)]).
test(case_type, [error(type_error(oneof([down, preserve, up]), other))]) :-
    parse("a\n", _, [case(other)]).
test(functor_type, [error(type_error(atom, f(x)))]) :-
    parse("a\n", _, [functor(f(x))]).
test(functor_unbound, [error(instantiation_error)]) :-
    parse("a\n", _, [functor(_)]).
test(skip_header_type, [error(type_error(atom, "#"))]) :-
    parse("a\n", _, [skip_header("#")]).
test(option_unbound, [error(instantiation_error)]) :-
    csv_options(_, [_]).
test(later_error, [error(type_error(integer, 1.5))]) :-
    csv_options(_, [strip(true), arity(1.5)]).
:- end_tests(csv_errors).

:- begin_tests(csv_emit).
test(basic, [T == "a,b\r\n1,2.5\r\n"]) :-
    emit([row(a, b), row(1, 2.5)], T).
test(quoting, [T == "\"a,b\",\"c\"\"d\",\"e\nf\",\"g\rh\", x ,,\"x\"\"\"\r\n"]) :-
    emit([row('a,b', 'c"d', 'e\nf', 'g\rh', ' x ', '', 'x"')], T).
test(numbers, [T == "-2.5,10000000000.0,12345678901234567890123,1.0Inf,0,-7\r\n"]) :-
    emit([row(-2.5, 1.0e10, 12345678901234567890123, 1.0Inf, 0, -7)], T).
test(strings, [T == "str,\"a,b\"\r\n"]) :-
    emit([row("str", "a,b")], T).
test(unicode, [T == "héllo,日本\r\n"]) :-
    emit([row('héllo', '日本')], T).
test(mixed_arity, [T == "a\r\nb,c\r\n\r\n"]) :-
    emit([row(a), row(b, c), row], T).
test(any_functor, [T == "a,b\r\n"]) :-
    emit([f(a, b)], T).
test(separator, [T == "\"a;b\";a,b\r\n"]) :-
    emit([row('a;b', 'a,b')], T, [separator(0';)]).
test(options_do_not_change_text, [T == "AB, a \r\n"]) :-
    emit([row('AB', ' a ')], T, [case(down), strip(true), functor(f), arity(3)]).
test(ignore_quotes_still_quotes, [T == "\"a\"\"b\"\r\n"]) :-
    emit([row('a"b')], T, [ignore_quotes(true)]).
test(empty, [T == ""]) :-
    emit([], T).
test(ground_rows_are_written, [fail]) :-
    phrase(csv([row(a, b)]), `a,b\n`).
test(compound_field, [error(type_error(number, f(x)))]) :-
    emit([row(f(x))], _).
test(list_field, [error(type_error(number, [a]))]) :-
    emit([row([a])], _).
test(round_trip, [R == Rows]) :-
    Rows = [row('a,b', 'q"', 'x\ny', 12, -3.5, ''), row(z, 'é', 'two words', 0, 1, 2)],
    emit(Rows, T),
    parse(T, R).
:- end_tests(csv_emit).

:- begin_tests(csv_files).
test(read_file, [R == [row(name, value, note), row('Smith, J', 12, 'said "hi"'),
                       row('Zoë', '', 'two\r\nlines'), row('日本', 3.5, '')]]) :-
    with_csv("name,value,note\r\n\"Smith, J\",12,\"said \"\"hi\"\"\"\r\nZoë,,\"two\r\nlines\"\r\n日本,3.5,\r\n",
             F, csv_read_file(F, R)).
test(read_file_no_final_newline, [R == [row(a, b), row(c, d)]]) :-
    with_csv("a,b\nc,d", F, csv_read_file(F, R)).
test(read_file_options, [R == [f('A', 'B'), f('1', '2')]]) :-
    with_csv("A, B\n1,2 \n", F, csv_read_file(F, R, [functor(f), convert(false), case(preserve),
                                                  strip(true), skip_header('#')])).
test(read_file_functor_arity, [R == [r(a, b), r(c, d)]]) :-
    with_csv("a,b\nc,d\n", F, csv_read_file(F, R, [functor(r), arity(2)])).
test(read_file_skip_header, [R == [row(a, b)]]) :-
    with_csv("# comment\n# more, \"x\n a,b\n", F, csv_read_file(F, R, [skip_header('#'), strip(true)])).
test(tsv_default_separator, [R == [row(a, 'b,c'), row(1, 2)]]) :-
    with_csv(tsv, "a\tb,c\n1\t2\n", F, csv_read_file(F, R)).
test(tsv_separator_option, [R == [row('a\tb', c)]]) :-
    with_csv(tsv, "a\tb,c\n", F, csv_read_file(F, R, [separator(0',)])).
test(encoding, [R == [row('é', 'ü')]]) :-
    tmp_csv(csv, "é,ü\n", iso_latin_1, F),
    call_cleanup(csv_read_file(F, R, [encoding(iso_latin_1)]), delete_file(F)).
test(malformed_file, [fail]) :-
    with_csv("a,b\n\"x\"y,z\nc,d\n", F, csv_read_file(F, _)).
test(arity_error_file, [error(domain_error(row_arity(2), 1))]) :-
    with_csv("a,b\nc\n", F, csv_read_file(F, _)).
test(read_stream, [R == [row(a, b), row('multi\nline', 2)]]) :-
    with_csv("a,b\n\"multi\nline\",2\n", F,
             setup_call_cleanup(open(F, read, S), csv_read_stream(S, R, []), close(S))).
test(read_stream_rest, [R == [row(c, d)]]) :-
    with_csv("a,b\nc,d\n", F,
             setup_call_cleanup(open(F, read, S),
                                ( read_line_to_string(S, _), csv_read_stream(S, R, []) ),
                                close(S))).
test(read_file_empty, [R == []]) :-
    with_csv("", F, csv_read_file(F, R)).
test(no_file, [error(existence_error(source_sink, F))]) :-
    tmp_file(csv, F),
    csv_read_file(F, _).
test(file_unbound, [error(instantiation_error)]) :-
    csv_read_file(_, _).
test(options_not_list, [error(existence_error(matching_rule, _))]) :-
    with_csv("a\n", F, csv_read_file(F, _, foo)).
test(open_option, [error(type_error(option, bogus))]) :-
    with_csv("a\n", F, csv_read_file(F, _, [bogus])).
test(open_option_unknown, [R == [row(a)]]) :-
    with_csv("a\n", F, csv_read_file(F, R, [bogus(1), line(_)])).
test(bad_encoding, [error(domain_error(encoding, bogus))]) :-
    with_csv("a\n", F, csv_read_file(F, _, [encoding(bogus)])).
:- end_tests(csv_files).

:- begin_tests(csv_file_rows).
test(rows, [L == [1-row(a, b), 2-row('multi\nline', 2), 3-row(c, d)]]) :-
    with_csv("a,b\n\"multi\nline\",2\nc,d\n", F,
             findall(N-R, csv_read_file_row(F, R, [line(N)]), L)).
test(rows_any_arity, [L == [row(a, b), row(c)]]) :-
    with_csv("a,b\nc\n", F, findall(R, csv_read_file_row(F, R, []), L)).
test(rows_arity, [error(domain_error(row_arity(2), 3))]) :-
    with_csv("a,b,c\n", F, findall(R, csv_read_file_row(F, R, [arity(2)]), _)).
test(rows_match, [X-Y == 'x,y'-3]) :-
    with_csv("a,b,c\n1,\"x,y\",3\n", F, once(csv_read_file_row(F, row(1, X, Y), []))).
test(rows_stop_at_malformed, [L == [row(a, b)]]) :-
    with_csv("a,b\n\"x\"y,z\nc,d\n", F, findall(R, csv_read_file_row(F, R, []), L)).
test(rows_options, [L == [f('1', x)]]) :-
    with_csv("1,x\n", F, findall(R, csv_read_file_row(F, R, [functor(f), convert(false)]), L)).
test(rows_tsv, [L == [row(a, b)]]) :-
    with_csv(tsv, "a\tb\n", F, findall(R, csv_read_file_row(F, R, []), L)).
test(rows_line_type, [error(type_error(integer, a))]) :-
    with_csv("a\n", F, csv_read_file_row(F, _, [line(a)])).
test(rows_no_file, [error(existence_error(source_sink, F))]) :-
    tmp_file(csv, F),
    csv_read_file_row(F, _, []).
:- end_tests(csv_file_rows).

:- begin_tests(csv_read_row).
test(rows, [L == [row(a, b)-2, row('multi\nline', 2)-4, row(c, d)-6, end_of_file-6]]) :-
    stream_rows("a,b\n\"multi\nline\",2\n\nc,d\n", [match_arity(false)], L0),
    L0 = [A, B, _, C, D],
    L = [A, B, C, D].
test(crlf, [L == [row(a)-2, row('x\ny', z)-4, end_of_file-4]]) :-
    stream_rows("a\r\n\"x\r\ny\",z\r\n", [match_arity(false)], L).
test(malformed_fails, [L == [row(a, b)-2, failed-3, row(c, d)-4, end_of_file-4]]) :-
    stream_rows("a,b\n\"x\"y,z\nc,d\n", [], L).
test(unbalanced_quote_reads_on, [L == [failed-3, end_of_file-3]]) :-
    stream_rows("a\"b\nc\n", [], L).
test(quote_continues, [L == [row('a\n"\nb')-4, row(c)-5, end_of_file-5]]) :-
    stream_rows("\"a\n\"\"\nb\"\nc\n", [], L).
test(cr_in_line, [L == [failed-2, end_of_file-2]]) :-
    stream_rows("a\rb\n", [], L).
test(cr_ends, [L == [row(c)-2, row(d)-2, end_of_file-2]]) :-
    stream_rows("c\r\r\nd", [], L).
test(empty_line, [L == [row('')-2, end_of_file-2]]) :-
    stream_rows("\n", [], L).
test(empty, [L == [end_of_file-1]]) :-
    stream_rows("", [], L).
test(no_newline, [L == [row(a)-1, end_of_file-1]]) :-
    stream_rows("a", [], L).
test(skip_header_ignored, [L == [row('#h')-2, row(a)-3, end_of_file-3]]) :-
    stream_rows("#h\na\n", [skip_header('#')], L).
test(binds_arity, [O-R2 == csv_options(0',, false, false, true, preserve, row, 2, true, H)-row(1, 2)]) :-
    setup_call_cleanup(open_string("x,y\n1,2\n", S),
                       ( csv_options(O, []), csv_read_row(S, _, O), csv_read_row(S, R2, O) ),
                       close(S)),
    arg(9, O, H).
test(arity_error, [error(domain_error(row_arity(2), 1))]) :-
    setup_call_cleanup(open_string("x,y\n1\n", S),
                       ( csv_options(O, []), csv_read_row(S, _, O), csv_read_row(S, _, O) ),
                       close(S)).
test(given_arity, [error(domain_error(row_arity(1), 2))]) :-
    setup_call_cleanup(open_string("x,y\n", S),
                       ( csv_options(O, [arity(1)]), csv_read_row(S, _, O) ),
                       close(S)).
test(row_mismatch, [fail]) :-
    setup_call_cleanup(open_string("x,y\n", S),
                       ( csv_options(O, []), csv_read_row(S, f(_, _), O) ),
                       close(S)).
test(functor, [R == f(x, y)]) :-
    setup_call_cleanup(open_string("x,y\n", S),
                       ( csv_options(O, [functor(f)]), csv_read_row(S, R, O) ),
                       close(S)).
test(record_not_compiled, [fail]) :-
    setup_call_cleanup(open_string("x,y\n", S), csv_read_row(S, _, foo), close(S)).
test(record_unbound, [error(instantiation_error)]) :-
    setup_call_cleanup(open_string("x,y\n", S), csv_read_row(S, _, _), close(S)).
test(no_stream, [error(existence_error(stream, nostream))]) :-
    csv_options(O, []),
    csv_read_row(nostream, _, O).
:- end_tests(csv_read_row).

:- begin_tests(csv_write).
test(write_file, [C == `a,"b,c",1\r\n"x""y",,2.5\r\n"é\n",日本\r\n`]) :-
    with_out_file(csv, F,
                  ( csv_write_file(F, [row(a, 'b,c', 1), row('x"y', '', 2.5), row('é\n', '日本')]),
                    file_codes(F, C) )).
test(write_tsv, [C == `a\t"b\tc"\t1\r\n`]) :-
    with_out_file(tsv, F, ( csv_write_file(F, [row(a, 'b\tc', 1)]), file_codes(F, C) )).
test(write_separator, [C == `a;b\r\n`]) :-
    with_out_file(csv, F, ( csv_write_file(F, [row(a, b)], [separator(0';)]), file_codes(F, C) )).
test(write_encoding, [C == [0'a, 0',, 233, 13, 10]]) :-
    with_out_file(csv, F,
                  ( csv_write_file(F, [row(a, 'é')], [encoding(iso_latin_1)]),
                    read_file_to_codes(F, C, [encoding(iso_latin_1)]) )).
test(write_read_back, [R == Rows]) :-
    Rows = [row(id, name, note), row(1, 'Lee, A', 'x"y'), row(2, 'Zoë', 'two\nlines'), row(3, '', -0.5)],
    with_out_file(csv, F, ( csv_write_file(F, Rows), csv_read_file(F, R) )).
test(write_rows_of_atoms, [C == `a\r\n\r\n`]) :-
    with_out_file(csv, F, ( csv_write_file(F, [row(a), 7]), file_codes(F, C) )).
test(write_open_options, [C == `a\r\n`]) :-
    with_out_file(csv, F, ( csv_write_file(F, [row(a)], [bogus(1), functor(f)]), file_codes(F, C) )).
test(write_stream, [T == "a,b\r\nc,d e\r\n"]) :-
    with_output_to(string(T), csv_write_stream(current_output, [row(a, b), row(c, "d e")], [])).
test(write_stream_separator, [T == "a|b\r\n"]) :-
    with_output_to(string(T), csv_write_stream(current_output, [row(a, b)], [separator(0'|)])).
test(write_stream_incremental, [T == "1,a\r\n2,b\r\n"]) :-
    with_output_to(string(T),
                   forall(member(X-Y, [1-a, 2-b]), csv_write_stream(current_output, [row(X, Y)], []))).
test(write_not_list, [error(type_error(list, foo))]) :-
    csv_write_stream(current_output, foo, []).
test(write_partial_list, [error(instantiation_error)]) :-
    with_out_file(csv, F, csv_write_file(F, [row(a)|_])).
test(write_bad_tail, [error(type_error(list, [row(a)|foo]))]) :-
    with_out_file(csv, F, csv_write_file(F, [row(a)|foo])).
test(write_compound_field, [error(type_error(number, f(x)))]) :-
    with_output_to(string(_), csv_write_stream(current_output, [row(f(x))], [])).
test(write_unbound_row, [error(instantiation_error)]) :-
    with_output_to(string(_), csv_write_stream(current_output, [row(a), _], [])).
test(write_no_stream, [error(existence_error(stream, nostream))]) :-
    csv_write_stream(nostream, [row(a)], []).
test(write_file_unbound, [error(instantiation_error)]) :-
    csv_write_file(_, [row(a)]).
test(write_file_not_text, [error(type_error(text, f(x)))]) :-
    csv_write_file(f(x), [row(a)], []).
test(write_bad_option, [error(type_error(option, bogus))]) :-
    with_out_file(csv, F, csv_write_file(F, [row(a)], [bogus])).
test(write_bad_separator, [error(type_error(integer, x))]) :-
    with_out_file(csv, F, csv_write_file(F, [row(a)], [separator(x)])).
test(write_separator_not_code, [error(type_error(character_code, -1))]) :-
    with_out_file(csv, F, csv_write_file(F, [row(a)], [separator(-1)])).
test(write_options_not_list, [error(existence_error(matching_rule, _))]) :-
    with_out_file(csv, F, csv_write_file(F, [row(a)], foo)).
test(write_no_dir, [error(existence_error(source_sink, '/nonexistent-dir/o.csv'))]) :-
    csv_write_file('/nonexistent-dir/o.csv', [row(a)]).
:- end_tests(csv_write).
