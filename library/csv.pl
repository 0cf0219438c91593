/*  library(csv): reading and writing CSV data (RFC 4180), for knightlog,
    compatible with SWI-Prolog's library of the same name.  Written for
    knightlog from SWI-Prolog's documentation and its observed behaviour
    (9.0.4); SWI's source was not used.

    A row is a term Functor(Field, ...) (default row/N).  A field is an
    atom, or a number when its text is one and convert(true) (the default)
    holds, as name/2 decides.  Quoted fields may hold separators, doubled
    quotes and line ends; records end in \n, \r\n or \r (written as \r\n).

    The files and streams are read by natives (src/builtins/csv.rs) that
    parse the stream's text straight into row terms; csv//1 and csv//2 are
    a Prolog grammar over code lists, for phrase/2,3, and write CSV when
    the rows are ground.
*/

:- module(csv,
          [ csv//1,                     % ?Rows
            csv//2,                     % ?Rows, +Options
            csv_read_file/2,            % +File, -Rows
            csv_read_file/3,            % +File, -Rows, +Options
            csv_read_stream/3,          % +Stream, -Rows, +Options
            csv_read_file_row/3,        % +File, -Row, +Options
            csv_read_row/3,             % +Stream, -Row, +CompiledOptions
            csv_options/2,              % -CompiledOptions, +Options
            csv_write_file/2,           % +File, +Data
            csv_write_file/3,           % +File, +Data, +Options
            csv_write_stream/3          % +Stream, +Data, +Options
          ]).

:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(option)).

%!  csv(?Rows)// is det.
%!  csv(?Rows, +Options)// is det.
%
%   Rows is the list of rows of the CSV text.  With ground Rows the
%   text is written (records end in "\r\n"), otherwise it is parsed.
%   Options:
%
%     - separator(+Code): the field separator (default 0',)
%     - strip(+Bool): strip blanks (space, tab) around unquoted fields
%     - ignore_quotes(+Bool): a double quote is an ordinary character
%     - convert(+Bool): numeric text becomes a number (default true)
%     - case(+Case): down, up or preserve (default) the case of atoms
%     - functor(+Atom): the rows' name (default row)
%     - arity(?Arity): the rows' arity (default: the first row's)
%     - match_arity(+Bool): rows must have that arity (default true)
%     - skip_header(+Prefix): skip the leading lines starting with Prefix

csv(Rows) -->
    csv(Rows, []).

csv(Rows, Options) -->
    { csv_options(Record, Options) },
    csv_roptions(Rows, Record).

csv_roptions(Rows, Record) -->
    { ground(Rows) },
    !,
    { check_separator(Record) },
    emit_rows(Rows, Record).
csv_roptions(Rows, Record) -->
    skip_header(Record),
    csv_data(Rows, Record).

%!  csv_options(-Compiled, +Options) is semidet.
%
%   Compiled is the record of Options used by csv_read_row/3.  Later
%   options override earlier ones; options not of csv//2 are ignored.
%   Fails if Options is no list.

csv_options(Record, Options) :-
    make_options(Options, Record, _).

% make_options(+Options, -Record, -Rest): Rest are the options not of csv//2.
make_options(Options, Record, Rest) :-
    default_record(R0),
    fold_options(Options, R0, Record, Rest).

default_record(csv_options(0',, false, false, true, preserve, row, _, true, _)).

fold_options(Os, R0, R, Rest) :-
    var(Os),
    !,
    Os = [],
    R = R0,
    Rest = [].
fold_options([], R, R, []) :-
    !.
fold_options([O|Os], R0, R, Rest) :-
    (   var(O)
    ->  instantiation_error(O)
    ;   set_option(O, R0, R1)
    ->  Rest = Rest1
    ;   R1 = R0,
        Rest = [O|Rest1]
    ),
    fold_options(Os, R1, R, Rest1).

% set_option(+Option, +Record0, -Record): fails for an option not of csv//2.
set_option(O, R0, R) :-
    compound(O),
    O =.. [Name, V],
    option_field(Name, I, Type),
    !,
    check_value(Type, V),
    set_arg(I, R0, V, R).

% option_field(?Name, ?Argument, ?Type): where the record keeps an option.
option_field(separator, 1, integer).
option_field(strip, 2, boolean).
option_field(ignore_quotes, 3, boolean).
option_field(convert, 4, boolean).
option_field(case, 5, case).
option_field(functor, 6, atom).
option_field(arity, 7, integer).
option_field(match_arity, 8, boolean).
option_field(skip_header, 9, atom).

check_value(case, C) :-
    !,
    (   var(C)
    ->  instantiation_error(C)
    ;   memberchk(C, [down, preserve, up])
    ->  true
    ;   type_error(oneof([down, preserve, up]), C)
    ).
check_value(Type, V) :-
    must_be(Type, V).

set_arg(I, R0, V, R) :-
    R0 =.. [F|Args0],
    replace_nth(I, Args0, V, Args),
    R =.. [F|Args].

replace_nth(1, [_|T], V, [V|T]) :-
    !.
replace_nth(I, [H|T0], V, [H|T]) :-
    I1 is I - 1,
    replace_nth(I1, T0, V, T).

%!  csv_read_file(+File, -Rows) is semidet.
%!  csv_read_file(+File, -Rows, +Options) is semidet.
%
%   Rows are the rows of the CSV file File.  Options are those of csv//2
%   and of open/4 (encoding(Enc) ...).  The separator of a .tsv file is a
%   tab unless separator(Code) says otherwise.  Fails if the file is not
%   CSV.

csv_read_file(File, Rows) :-
    csv_read_file(File, Rows, []).

csv_read_file(File, Rows, Options) :-
    default_separator(File, Options, Options1),
    make_options(Options1, Record, OpenOptions),
    setup_call_cleanup(
        open(File, read, In, OpenOptions),
        '$csv_read_rows'(In, Record, Rows),
        close(In)).

% A .tsv file's separator is a tab unless the options name one.
default_separator(File, Options0, Options) :-
    (   option(separator(_), Options0)
    ->  Options = Options0
    ;   file_name_extension(_, Ext, File),
        Ext == tsv
    ->  Options = [separator(0'\t)|Options0]
    ;   Options = Options0
    ).

%!  csv_read_stream(+Stream, -Rows, +Options) is semidet.
%
%   Rows are the rows of the CSV text on the rest of Stream.

csv_read_stream(Stream, Rows, Options) :-
    csv_options(Record, Options),
    '$csv_read_rows'(Stream, Record, Rows).

%!  csv_read_file_row(+File, -Row, +Options) is nondet.
%
%   Row is a row of File, on backtracking the next, without reading the
%   whole file.  Besides the options of csv_read_file/3: line(-Line), the
%   record's number (from 1).  Rows need not have the same arity unless
%   arity(N) is given.

csv_read_file_row(File, Row, Options) :-
    default_separator(File, Options, Options1),
    make_options(Options1, Record, OpenOptions),
    (   option(line(Line), Options)
    ->  true
    ;   true
    ),
    setup_call_cleanup(
        open(File, read, In, OpenOptions),
        stream_row(In, Row, Line, Record),
        close(In)).

% Ends at the end of the file or at a record that is not CSV.
stream_row(In, Row, Line, Record) :-
    between(1, inf, Line),
    (   csv_read_row(In, Row0, Record),
        Row0 \== end_of_file
    ->  Row = Row0
    ;   !,
        fail
    ).

%!  csv_read_row(+Stream, -Row, +Compiled) is det.
%
%   Row is the next record of Stream (end_of_file at the end), read with
%   the options compiled by csv_options/2.  A record is a line, continued
%   while its double quotes are unbalanced; the predicate fails (the
%   record read) if it is not CSV.  The first row read binds an open
%   arity of Compiled.

csv_read_row(Stream, Row, Record) :-
    '$csv_read_row'(Stream, Record, Row0),
    Row = Row0.

%!  csv_write_file(+File, +Data) is det.
%!  csv_write_file(+File, +Data, +Options) is det.
%
%   Writes the rows of the list Data to File as CSV.  Options are those
%   of csv//2 and of open/4; a .tsv file is tab-separated by default.

csv_write_file(File, Data) :-
    csv_write_file(File, Data, []).

csv_write_file(File, Data, Options) :-
    must_be(list, Data),
    default_separator(File, Options, Options1),
    make_options(Options1, Record, OpenOptions),
    check_separator(Record),
    setup_call_cleanup(
        open(File, write, Out, OpenOptions),
        emit_stream(Data, Out, Record),
        close(Out)).

%!  csv_write_stream(+Stream, +Data, +Options) is det.
%
%   Writes the rows of the list Data to Stream as CSV.

csv_write_stream(Stream, Data, Options) :-
    must_be(list, Data),
    csv_options(Record, Options),
    check_separator(Record),
    emit_stream(Data, Stream, Record).

emit_stream([], _, _).
emit_stream([Row|Rows], Out, Record) :-
    phrase(emit_row(Row, Record), Codes),
    format(Out, '~s', [Codes]),
    emit_stream(Rows, Out, Record).

check_separator(Record) :-
    arg(1, Record, Sep),
    (   integer(Sep),
        between(0, 0x10ffff, Sep)
    ->  true
    ;   type_error(character_code, Sep)
    ).

                 /*******************************
                 *            PARSING           *
                 *******************************/

csv_data([], _) -->
    eos,
    !.
csv_data([Row|Rows], Record) -->
    csv_row(Row, Record),
    !,
    csv_data(Rows, Record).

csv_row(Row, Record) -->
    fields(Fields, Record),
    end_of_record,
    !,
    { make_row(Fields, Record, Row) }.

fields([F|Fs], Record) -->
    field(F, Record),
    (   separator(Record)
    ->  fields(Fs, Record)
    ;   { Fs = [] }
    ).

separator(Record) -->
    { arg(1, Record, Sep) },
    [Sep].

end_of_record --> "\r\n", !.
end_of_record --> "\n", !.
end_of_record --> "\r", !.
end_of_record --> eos.

eos([], []).

field(Value, Record) -->
    { arg(3, Record, false) },
    "\"",
    !,
    quoted(Codes),
    { field_value(Codes, Record, Value) }.
field(Value, Record) -->
    { arg(1, Record, Sep) },
    (   { arg(2, Record, true) }
    ->  blanks,
        unquoted(Codes0, Sep),
        { strip_trailing(Codes0, Codes) }
    ;   unquoted(Codes, Sep)
    ),
    { field_value(Codes, Record, Value) }.

quoted(Codes) -->
    "\"",
    !,
    (   "\""
    ->  { Codes = [0'"|T] },
        quoted(T)
    ;   { Codes = [] }
    ).
quoted([C|T]) -->
    [C],
    quoted(T).

unquoted([C|T], Sep) -->
    [C],
    { C \== Sep, C \== 0'\n, C \== 0'\r },
    !,
    unquoted(T, Sep).
unquoted([], _) -->
    [].

blanks -->
    [C],
    { blank(C) },
    !,
    blanks.
blanks -->
    [].

blank(0' ).
blank(0'\t).

strip_trailing(Codes0, Codes) :-
    reverse(Codes0, R0),
    drop_blanks(R0, R),
    reverse(R, Codes).

drop_blanks([C|Cs], R) :-
    blank(C),
    !,
    drop_blanks(Cs, R).
drop_blanks(Cs, Cs).

% A field's value: a number when converting and its text is one (as
% name/2 decides), else an atom in the asked case.
field_value(Codes, Record, Value) :-
    atom_codes(Atom, Codes),
    (   arg(4, Record, true),
        Codes = [C0|_],
        number_start(C0),
        atom_number(Atom, Number)
    ->  Value = Number
    ;   arg(5, Record, Case),
        case_atom(Case, Atom, Value)
    ).

number_start(C) :- between(0'0, 0'9, C), !.
number_start(0'-).
number_start(0'+).

case_atom(preserve, A, A).
case_atom(down, A, L) :- downcase_atom(A, L).
case_atom(up, A, U) :- upcase_atom(A, U).

make_row(Fields, Record, Row) :-
    length(Fields, N),
    arg(8, Record, Match),
    (   Match == true
    ->  arg(7, Record, Arity),
        (   var(Arity)
        ->  Arity = N
        ;   Arity == N
        ->  true
        ;   domain_error(row_arity(Arity), N)
        )
    ;   true
    ),
    arg(6, Record, Functor),
    Row =.. [Functor|Fields].

skip_header(Record, S0, S) :-
    arg(9, Record, Prefix),
    atom(Prefix),
    !,
    atom_codes(Prefix, P),
    skip_lines(P, S0, S).
skip_header(_, S, S).

skip_lines(P, S0, S) :-
    S0 = [_|_],
    starts_with(P, S0),
    !,
    rest_of_line(S0, S1),
    skip_lines(P, S1, S).
skip_lines(_, S, S).

starts_with([], _).
starts_with([C|P], [C|S]) :-
    starts_with(P, S).

rest_of_line([], []).
rest_of_line([C|S0], S) :-
    (   C == 0'\n
    ->  S = S0
    ;   rest_of_line(S0, S)
    ).

                 /*******************************
                 *            WRITING           *
                 *******************************/

emit_rows([], _) -->
    [].
emit_rows([Row|Rows], Record) -->
    emit_row(Row, Record),
    emit_rows(Rows, Record).

emit_row(Row, Record) -->
    { Row =.. [_|Fields] },
    emit_fields(Fields, Record),
    "\r\n".

emit_fields([], _) -->
    [].
emit_fields([F|Fs], Record) -->
    emit_field(F, Record),
    (   { Fs == [] }
    ->  []
    ;   { arg(1, Record, Sep) },
        [Sep],
        emit_fields(Fs, Record)
    ).

emit_field(F, Record) -->
    { field_codes(F, Codes),
      arg(1, Record, Sep)
    },
    (   { needs_quotes(Codes, Sep) }
    ->  "\"",
        quote_codes(Codes),
        "\""
    ;   codes(Codes)
    ).

codes(Codes, S0, S) :-
    append(Codes, S, S0).

field_codes(F, Codes) :-
    (   atom(F)
    ->  atom_codes(F, Codes)
    ;   string(F)
    ->  string_codes(F, Codes)
    ;   number_codes(F, Codes)
    ).

needs_quotes(Codes, Sep) :-
    member(C, Codes),
    (   C == Sep
    ;   C == 0'"
    ;   C == 0'\n
    ;   C == 0'\r
    ),
    !.

quote_codes([]) -->
    [].
quote_codes([C|Cs]) -->
    (   { C == 0'" }
    ->  "\"\""
    ;   [C]
    ),
    quote_codes(Cs).
