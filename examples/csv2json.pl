#!/usr/bin/env swipl
% csv2json: converts a CSV file whose first row names the columns into a
% JSON array with one object per row. Runs unchanged under knightlog and
% SWI-Prolog (tests/csv2json.rs compares their output byte for byte):
%
%   knightlog examples/csv2json.pl [--width=N] [--separator=C] [--tag=T] data.csv
%
% Numbers in cells become JSON numbers, other cells (empty ones included)
% strings; --width is the JSON layout's line width (0: one line).

:- use_module(library(csv)).
:- use_module(library(http/json)).
:- use_module(library(main)).
:- use_module(library(apply)).
:- use_module(library(lists)).
:- use_module(library(option)).
:- use_module(library(pairs)).

:- initialization(main, main).

opt_type(width, width, nonneg).
opt_type(w, width, nonneg).
opt_type(separator, separator, atom).
opt_type(tag, tag, atom).

opt_help(width, "Line width of the JSON layout (0: everything on one line)").
opt_help(separator, "The character between fields (default ,)").
opt_help(tag, "Write each row's object with a \"type\" key of this value").
opt_help(help(usage), " [option ...] file.csv").

main(Argv) :-
    argv_options(Argv, Positional, Options),
    (   Positional = [File]
    ->  convert(File, Options)
    ;   argv_usage(debug),
        halt(1)
    ).

convert(File, Options) :-
    option(width(Width), Options, 72),
    option(separator(Sep), Options, ','),
    char_code(Sep, SepCode),
    csv_read_file(File, [HeaderRow|Rows], [separator(SepCode), convert(true)]),
    HeaderRow =.. [_|Header],
    maplist(column_key, Header, Keys),
    (   option(tag(Tag), Options)
    ->  WriteOptions = [width(Width), tag(type)]
    ;   Tag = _,
        WriteOptions = [width(Width)]
    ),
    maplist(row_dict(Keys, Tag), Rows, Dicts),
    set_stream(user_output, encoding(utf8)),
    json_write_dict(current_output, Dicts, WriteOptions),
    nl.

% A column name as a dict key: its text as an atom.
column_key(Field, Key) :-
    format(atom(Key), "~w", [Field]).

row_dict(Keys, Tag, Row, Dict) :-
    Row =.. [_|Fields],
    maplist(cell_value, Fields, Values),
    pairs_keys_values(Pairs, Keys, Values),
    dict_pairs(Dict, Tag, Pairs).

% A cell as JSON: numbers stay numbers, text becomes a string.
cell_value(Field, Value) :-
    (   number(Field)
    ->  Value = Field
    ;   atom_string(Field, Value)
    ).
