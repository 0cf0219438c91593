//! The module system (engine/module.rs, builtins/modules.rs): each case runs
//! a goal under knightlog and under SWI-Prolog and compares the output, and
//! checks the answer the issue asks for, so a disagreement that both systems
//! share would still fail.

use std::process::Command;

use crate::native_support::root;

const KNIGHTLOG: &str = env!("CARGO_BIN_EXE_knightlog");

/// `prolog -q -g Goal -t halt Files...` from tests/compat/module_clash.
fn run(prolog: &str, goal: &str, files: &[&str]) -> String {
    let o = Command::new(prolog)
        .args(["-q", "-g", goal, "-t", "halt"])
        .args(files)
        .current_dir(root().join("tests/compat/module_clash"))
        .output()
        .unwrap_or_else(|e| panic!("cannot run {prolog}: {e} (CI installs swi-prolog-nox)"));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn both(goal: &str, files: &[&str], want: &str) {
    let k = run(KNIGHTLOG, goal, files);
    let s = run("swipl", goal, files);
    assert_eq!(k, s, "knightlog and SWI-Prolog differ on {goal}");
    assert_eq!(k, want, "{goal}");
}

#[test]
fn a_missing_library_is_an_existence_error() {
    both(
        "catch(use_module(library(no_such_lib)), error(E, _), true), print(E), nl",
        &[],
        "existence_error(source_sink,library(no_such_lib))\n",
    );
}

#[test]
fn two_modules_with_the_same_helper_do_not_interfere() {
    both(
        "geometry:helper(3, A), textfmt:helper(ab, B), area(square(2), C), banner(x, D), print([A, B, C, D]), nl",
        &["clash.pl"],
        "[9,'AB',4,'X!']\n",
    );
}

#[test]
fn a_user_definition_overrides_a_library_predicate_only_in_user() {
    both(
        "append(a, b, X), append([[1], [2]], Y), lists:append([1], [2], Z), print([X, Y, Z]), nl",
        &["clash.pl"],
        "[user_append,[1,2],[1,2]]\n",
    );
}

#[test]
fn private_predicates_are_not_visible_from_user() {
    both(
        "catch(helper(1, _), error(E, _), true), print(E), nl",
        &["clash.pl"],
        "existence_error(procedure,helper/2)\n",
    );
}

#[test]
fn predicate_properties_name_the_module() {
    both(
        "(predicate_property(geometry:area(_, _), exported) -> writeln(exported) ; true), \
         (predicate_property(geometry:helper(_, _), exported) -> true ; writeln(private))",
        &["clash.pl"],
        "exported\nprivate\n",
    );
    both(
        "forall(member(P, [imported_from(_), exported, number_of_clauses(_), line_count(_), dynamic, defined]), \
         (predicate_property(area(_, _), P) -> print(P), nl ; true))",
        &["clash.pl"],
        "imported_from(geometry)\nnumber_of_clauses(2)\nline_count(3)\ndefined\n",
    );
}

#[test]
fn qualified_goals_reach_modules_through_call_findall_and_assert() {
    both(
        "call(geometry:area, rect(2, 3), A), findall(X, geometry:helper(4, X), L), \
         assertz(geometry:fact(1)), geometry:fact(F), \
         (predicate_property(geometry:fact(_), dynamic) -> D = (dynamic) ; D = (static)), \
         print([A, L, F, D]), nl",
        &["clash.pl"],
        "[6,[16],1,dynamic]\n",
    );
}

#[test]
fn modules_are_listed_with_their_import_module() {
    both(
        "forall(member(M, [geometry, textfmt, lists]), (current_module(M) -> import_module(M, I), print(M-I), nl ; true))",
        &["clash.pl"],
        "geometry-user\ntextfmt-user\nlists-system\n",
    );
}

#[test]
fn meta_arguments_run_in_the_callers_module() {
    // hof:each/2 is a meta-predicate; hof has its own step/1 and so does the
    // caller: each module's goal reaches its own.
    let dir = root().join("tests/compat/meta_module");
    let goal =
        "assertz((step(X) :- format(\"user step ~w~n\", [X]))), each([u], step), hof:run_private";
    let out = |prolog: &str| {
        let o = Command::new(prolog)
            .args(["-q", "-g", goal, "-t", "halt", "hof.pl"])
            .current_dir(&dir)
            .output()
            .expect("run");
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    let k = out(KNIGHTLOG);
    assert_eq!(k, out("swipl"));
    assert_eq!(k, "user step u\nhof step 1\nhof step 2\n");
}

#[test]
fn script_arguments_are_the_argv_flag() {
    let out = |prolog: &str| {
        let o = Command::new(prolog)
            .args(["tests/compat/sum_args.pl", "1", "-2", "x", "--", "3.5"])
            .current_dir(root())
            .output()
            .expect("run");
        (
            String::from_utf8_lossy(&o.stdout).into_owned(),
            o.status.code(),
        )
    };
    let k = out(KNIGHTLOG);
    assert_eq!(k, out("swipl"));
    assert_eq!(
        k.0,
        "3 numbers, sum 2.5\naverage 0.8333\nignored: x\nignored: --\n"
    );
    assert_eq!(k.1, Some(1));
}

#[test]
fn os_predicates_behave_as_in_swi() {
    both(
        "setenv(knightlog_test_var, hello), getenv(knightlog_test_var, V), \
         (getenv(knightlog_no_such_var, _) -> G = yes ; G = no), \
         (exists_directory('.') -> E = yes ; E = no), \
         file_directory_name('/a/b/c.pl', Dir), file_base_name('/a/b/c.pl', Base), \
         format('~w ~w ~w ~w ~w~n', [V, G, E, Dir, Base])",
        &[],
        "hello no yes /a/b c.pl\n",
    );
}
