% JSON benchmark (benches/json_vs_swi.sh): reads the file argv[1] as dicts
% and writes it back to argv[2] with json_write_dict/3's default layout.
:- use_module(library(http/json)).
:- initialization(main, main).

main :-
    current_prolog_flag(argv, [In, Out]),
    setup_call_cleanup(open(In, read, I, [encoding(utf8)]),
                       json_read_dict(I, D),
                       close(I)),
    setup_call_cleanup(open(Out, write, O, [encoding(utf8)]),
                       json_write_dict(O, D),
                       close(O)).
