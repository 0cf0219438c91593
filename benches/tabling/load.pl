:- ensure_loaded(graph).
bench_main.
