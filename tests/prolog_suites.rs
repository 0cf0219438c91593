//! Prolog-level test suites: every `tests/prolog/*.pl` file is a plunit test
//! file, run unchanged under knightlog and under SWI-Prolog (the reference)
//! with `-g run_tests -t halt`. Both must exit 0, report the same number of
//! passed tests, and print no error or warning: an expectation that SWI does
//! not share is a wrong test unless the file branches on the `dialect` flag
//! (and the difference is listed in `tests/KNOWN_DIFFERENCES.md`).
//!
//! SWI-Prolog is required (CI installs `swi-prolog-nox`): a missing `swipl`
//! fails these tests rather than skipping them.

use crate::timed_run;

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;
use timed_run::run_with_limit;

const KNIGHTLOG: &str = env!("CARGO_BIN_EXE_knightlog");

/// What one run printed: exit status success, stderr text.
struct Run {
    ok: bool,
    status: String,
    output: String,
}

fn run(prolog: &str, file: &str) -> Run {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/prolog");
    let mut cmd = Command::new(prolog);
    cmd.args(["-g", "run_tests", "-t", "halt", file])
        .current_dir(&dir);
    let f = run_with_limit(&mut cmd, Duration::from_secs(120));
    let status = f
        .status
        .unwrap_or_else(|| panic!("{prolog} {file} timed out"));
    Run {
        ok: status.success(),
        status: status.to_string(),
        output: format!("{}{}", f.stdout, f.stderr),
    }
}

/// The number in plunit's closing line: `% All N tests passed`,
/// `% test passed` (one), or `% N tests passed` after failures.
fn passed_count(output: &str) -> Option<usize> {
    output.lines().find_map(|l| {
        let rest = l.strip_prefix("% ")?;
        if rest == "test passed" {
            return Some(1);
        }
        let rest = rest.strip_prefix("All ").unwrap_or(rest);
        let n = rest.strip_suffix(" tests passed")?;
        n.replace(',', "").parse().ok()
    })
}

fn check_suite(name: &str) {
    let file = format!("{name}.pl");
    let ours = run(KNIGHTLOG, &file);
    let swi = run("swipl", &file);
    for (who, r) in [("knightlog", &ours), ("swipl", &swi)] {
        assert!(
            r.ok,
            "{file} under {who} exited with {}:\n{}",
            r.status, r.output
        );
        let noisy: Vec<&str> = r
            .output
            .lines()
            .filter(|l| l.starts_with("ERROR") || l.starts_with("Warning"))
            .collect();
        assert!(
            noisy.is_empty(),
            "{file} under {who} reported problems:\n{}",
            r.output
        );
    }
    let (n_ours, n_swi) = (passed_count(&ours.output), passed_count(&swi.output));
    assert!(
        n_swi.is_some_and(|n| n > 0),
        "no summary from swipl:\n{}",
        swi.output
    );
    assert_eq!(
        n_ours, n_swi,
        "{file}: knightlog and SWI-Prolog passed different numbers of tests\nknightlog:\n{}\nswipl:\n{}",
        ours.output, swi.output
    );
}

macro_rules! suites {
    ($($name:ident),* $(,)?) => {
        $( #[test] fn $name() { check_suite(stringify!($name)); } )*

        /// Every file in tests/prolog is listed above, so none is forgotten.
        #[test]
        fn every_suite_file_is_run() {
            let listed = [$(stringify!($name)),*];
            let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/prolog");
            for entry in std::fs::read_dir(dir).expect("tests/prolog") {
                let path = entry.expect("entry").path();
                if path.extension().is_some_and(|e| e == "pl") {
                    let stem = path.file_stem().unwrap().to_string_lossy().to_string();
                    assert!(listed.contains(&stem.as_str()), "{stem}.pl is not run by prolog_suites.rs");
                }
            }
        }
    };
}

suites!(
    plunit_self,
    dicts,
    safety,
    terms,
    atoms,
    strings,
    arith,
    allsols,
    control,
    constructs,
    arg_registers,
    indexing,
    database,
    lists,
    io,
    format,
    flags,
    time,
    attvar,
    freeze,
    dif,
    when,
    messages,
    ssu,
    tabling,
    update_view,
    dcg,
    inferences,
    debugger,
    lib_terms,
    lib_json,
    lib_dicts,
    lib_occurs,
    lib_varnumbers,
    lib_gensym,
    lib_option,
    lib_random,
    lib_quintus,
    lib_edinburgh,
    lib_error,
    lib_yall,
    lib_debug,
    lib_ctypes,
    lib_writef,
    lib_codesio,
    lib_charsio,
    lib_readutil,
    lib_dcg_basics,
    lib_dcg_high_order,
    lib_pure_input,
    lib_csv,
    lib_strings,
    lib_lazy_lists,
    lib_backcomp,
    lib_main,
    lib_prolog_stack,
    lib_rbtrees,
    lib_time,
    lib_date,
    lib_optparse,
    lib_settings,
    lib_persistency,
    sys_compat,
    sys_streams,
    sys_format_pred,
    sys_protocol,
    sys_rational,
    sys_files,
    lib_heaps,
    lib_ugraphs,
    lib_nb_set,
    lib_nb_rbtrees,
    lib_sort,
    lib_apply_macros,
    lib_aggregate,
    lib_lists_extra,
    lib_apply_extra,
    lib_ordsets_extra,
    lib_assoc_extra,
    lib_solution_sequences,
    lib_base64,
    lib_sha,
    lib_uri,
    lib_url,
    sys_terms,
    sys_text,
    sys_arith,
    sys_flags,
    sys_redefine,
    lib_process,
    lib_filesex,
    lib_shell,
);

/// A failing test makes run_tests fail and the process exit non-zero, in
/// both systems, and the report names the test.
#[test]
fn a_failing_test_fails_the_run() {
    let dir = std::env::temp_dir().join(format!("knightlog_plunit_{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp dir");
    let file = dir.join("failing.pl");
    std::fs::write(
        &file,
        ":- use_module(library(plunit)).\n:- begin_tests(f).\ntest(ok) :- true.\ntest(bad, X == 2) :- X = 3.\ntest(nofail) :- fail.\n:- end_tests(f).\n",
    )
    .expect("write");
    for prolog in [KNIGHTLOG, "swipl"] {
        let mut cmd = Command::new(prolog);
        cmd.args(["-g", "run_tests", "-t", "halt"]).arg(&file);
        let out = run_with_limit(&mut cmd, Duration::from_secs(120));
        let text = out.stderr;
        let code = out.status.and_then(|s| s.code());
        assert_eq!(code, Some(1), "{prolog}:\n{text}");
        assert!(
            text.contains("test bad: wrong answer (compared using ==)"),
            "{prolog}:\n{text}"
        );
        assert!(text.contains("test nofail: failed"), "{prolog}:\n{text}");
        assert!(text.contains("% 2 tests failed"), "{prolog}:\n{text}");
        assert!(text.contains("% 1 tests passed"), "{prolog}:\n{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
