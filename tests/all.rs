//! The integration tests, as one test crate: one binary to build and link
//! instead of forty (most of CI's time was building them). Each module is one
//! area's tests; run one area with `cargo test --release --test all <module>`.
//! Helpers shared by several modules live in the modules below the tests.

mod adversarial;
mod arith_extra;
mod arith_props;
mod arith_tests;
mod bench_suite;
mod builtins_differential;
mod clpfd_diff;
mod compat;
mod coverage;
mod csv2json;
mod engine_tests;
mod fuzz_replay;
mod help_docs;
mod io_errors;
mod json_swi;
mod knights_cli;
mod knights_count;
mod knights_dfs;
mod knights_divide;
mod knights_ends;
mod knights_every_start;
mod knights_exact;
mod knights_exists;
mod knights_formats;
mod knights_frontier;
mod knights_neural;
mod knights_render;
mod knights_signals;
mod knights_stream;
mod knights_symmetry;
mod knights_warnsdorff;
mod layering;
mod library;
mod modules;
mod native_bridge;
mod persistency_kill;
mod programs_checks;
mod programs_vs_swi;
mod prolog_suites;
mod props_copy;
mod props_order;
mod props_roundtrip;
mod props_unify;
mod queen_puzzle;
mod reader_deep;
mod reader_errors;
mod reader_print;
mod reader_swi;
mod reader_tests;
mod readme_setup;
mod repl_pipe;
mod repl_pty;
mod repl_readme;
mod robustness;
mod scripts_vs_swi;
mod ssu;
mod tabling;
mod trace_ports;
mod writer_deep_tests;
mod writer_format_tests;
mod writer_fuzz_tests;
mod writer_options_tests;
mod writer_support;
mod writer_swi_diff_tests;
mod writer_tests;

// Shared helpers.
mod native_support;
mod props_common;
mod repl_support;
mod table;
mod timed_run;
