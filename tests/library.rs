//! The library floor (src/library): every embedded library loads without a
//! message and defines every predicate it exports; `use_module` of a library
//! knightlog lacks raises `existence_error(source_sink, library(X))`; a call to
//! an export autoloads its library from `user` and from a module; start-up
//! loads no library; `KNIGHTLOG_LIBRARY_DIR` reads libraries from disk.

use crate::timed_run::run_with_limit;
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

const KNIGHTLOG: &str = env!("CARGO_BIN_EXE_knightlog");

fn knightlog(args: &[&str]) -> (bool, String, String) {
    let mut cmd = Command::new(KNIGHTLOG);
    cmd.args(args);
    let out = run_with_limit(&mut cmd, Duration::from_secs(60));
    (
        out.status.is_some_and(|s| s.success()),
        out.stdout,
        out.stderr,
    )
}

/// Every `library/**/*.pl` by its library name (`dcg/basics`).
fn library_names() -> Vec<String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("library");
    knightlog::library::files::library_files(&root)
        .into_iter()
        .map(|(name, _)| name)
        .collect()
}

/// Loads each library in a fresh process and checks that every predicate of
/// its module's export list is defined after loading.
#[test]
fn every_library_loads_and_defines_its_exports() {
    let libs = library_names();
    assert!(!libs.is_empty(), "no library files");
    for lib in &libs {
        let goal = format!(
            "use_module(library({lib})), module_property(M, file(F)), \
             sub_atom(F, _, _, 0, '{lib}.pl'), !, module_property(M, exports(Es)), \
             forall(member(N/A, Es), (functor(H, N, A), \
             (predicate_property(M:H, defined) -> true ; format('undefined: ~w~n', [N/A])))), \
             length(Es, Len), format('~w exports ~w~n', [M, Len])"
        );
        let (ok, out, err) = knightlog(&["-q", "-g", &goal, "-t", "halt"]);
        assert!(ok && err.is_empty(), "library({lib}): {out}{err}");
        assert!(!out.contains("undefined"), "library({lib}): {out}");
        assert!(out.contains(" exports "), "library({lib}) gave: {out}");
    }
}

#[test]
fn an_unknown_library_is_an_existence_error() {
    let goal = "catch(use_module(library(no_such_lib)), error(E, _), (print(E), nl))";
    let (ok, out, _) = knightlog(&["-q", "-g", goal, "-t", "halt"]);
    assert!(ok);
    assert_eq!(out, "existence_error(source_sink,library(no_such_lib))\n");
}

/// A program calls a library predicate it never loaded: the library loads on
/// that call, from `user` and from a module's clause, and answers.
#[test]
fn a_call_autoloads_its_library() {
    let dir = std::env::temp_dir().join(format!("knightlog_autoload_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("m.pl");
    std::fs::write(
        &file,
        ":- module(m, [sizes/1]).\nsizes(N) :- list_to_rbtree([a-1,b-2], T), rb_size(T, N).\n",
    )
    .unwrap();
    let goal = "sizes(N), print(N), nl, list_to_ord_set([b,a], S), print(S), nl";
    let (ok, out, err) = knightlog(&["-q", "-g", goal, "-t", "halt", file.to_str().unwrap()]);
    assert!(ok && err.is_empty(), "{out}{err}");
    assert_eq!(out, "2\n[a,b]\n");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Start-up loads no library of the library floor: its modules appear only
/// once something uses them.
#[test]
fn start_up_loads_no_library() {
    let goal = "( current_module(rbtrees) -> writeln(loaded) ; writeln(absent) ), \
                rb_new(_), ( current_module(rbtrees) -> writeln(loaded) ; writeln(absent) )";
    let (ok, out, err) = knightlog(&["-q", "-g", goal, "-t", "halt"]);
    assert!(ok && err.is_empty(), "{out}{err}");
    assert_eq!(out, "absent\nloaded\n");
}

#[test]
fn the_library_dir_variable_reads_libraries_from_disk() {
    let dir = std::env::temp_dir().join(format!("knightlog_libdir_{}", std::process::id()));
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(
        dir.join("sub/trial.pl"),
        ":- module(trial, [trial/1]).\ntrial(from_disk).\n",
    )
    .unwrap();
    let mut cmd = Command::new(KNIGHTLOG);
    cmd.args(["-q", "-g", "trial(X), print(X), nl", "-t", "halt"])
        .env("KNIGHTLOG_LIBRARY_DIR", &dir);
    let out = run_with_limit(&mut cmd, Duration::from_secs(60));
    assert_eq!(out.stdout, "from_disk\n", "{}", out.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

/// library(clpfd) is not autoloaded, as in SWI-Prolog: before use_module its
/// operators are unknown (a syntax error) and `#=/2` does not exist; after
/// it, both are there. The same script gives the same output under SWI.
#[test]
fn clpfd_is_loaded_only_by_use_module() {
    let dir = std::env::temp_dir().join(format!("knightlog_clpfd_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("t.pl");
    let script = "t1 :- catch(term_to_atom(_, 'X #= 2'), error(E, _), (functor(E, N, _), writeln(N))).\n\
                  t2 :- catch(call(#=, _, 2), error(existence_error(_, PI), _), (PI = _:F/A -> true ; PI = F/A)), format('existence_error ~w ~w~n', [F, A]).\n\
                  t3 :- use_module(library(clpfd)), term_to_atom(G, 'X #= 1+2'), arg(1, G, X), call(G), writeln(X).\n";
    std::fs::write(&file, script).unwrap();
    let f = file.to_str().unwrap();
    let expected = "syntax_error\nexistence_error #= 2\n3\n";
    let (ok, out, err) = knightlog(&["-q", "-g", "t1, t2, t3", "-t", "halt", f]);
    assert!(ok, "{out}{err}");
    assert_eq!(out, expected, "{err}");
    let mut swi = Command::new("swipl");
    swi.args(["-q", "-g", "t1, t2, t3", "-t", "halt", f]);
    let swi = run_with_limit(&mut swi, Duration::from_secs(60));
    assert_eq!(swi.stdout, expected, "swipl: {}", swi.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}
