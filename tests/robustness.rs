//! Memory and robustness acceptance tests (issue 8): long loops run in bounded
//! heap, resource errors are catchable and leave the process usable, fact
//! tables are indexed, and consulting survives syntax and directive errors.
//!
//! Peak RSS is a benchmark figure (docs/ARCHITECTURE.md, "Memory"); here the
//! bound is on the Prolog heap, sampled by the loops themselves through
//! `statistics(globalused, _)`.

use knightlog::term::atom::Atom;
use knightlog::toplevel::session::Session;
use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const KNIGHTLOG: &str = env!("CARGO_BIN_EXE_knightlog");

/// Heap bound for the 10M loops: the live data is a few cells, so the heap
/// only grows to the next collection point (a few MB); 32 MB leaves room
/// without letting a leak of even one cell per iteration (80 MB) through.
const HEAP_BOUND: i64 = 32 << 20;

/// Runs knightlog with arguments and optional stdin; returns its output.
fn run(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(KNIGHTLOG)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run knightlog");
    let mut input = child.stdin.take().expect("stdin");
    input
        .write_all(stdin.unwrap_or("").as_bytes())
        .expect("write stdin");
    drop(input);
    child.wait_with_output().expect("knightlog output")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A program file in a fresh temporary directory.
fn temp_file(name: &str, body: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("knightlog-robust-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, body).expect("write program");
    path
}

/// The heap sampled every 100,000 steps, and the largest sample kept.
const LOOPS: &str = r#"
sample(N, M0, M) :-
    (   N mod 100000 =:= 0
    ->  statistics(globalused, H), M is max(M0, H)
    ;   M = M0
    ).

% Deterministic tail recursion that builds and drops a structure each step.
det_loop(0, M, M) :- !.
det_loop(N, M0, M) :-
    T = node(N, [N, leaf|tail], "s", f(g(N))),
    arg(1, T, N),
    sample(N, M0, M1),
    N1 is N - 1,
    det_loop(N1, M1, M).

% The recursive call is the last call of an if-then-else's else branch.
ite_loop(N, M0, M) :-
    (   N =:= 0
    ->  M = M0
    ;   T = f(N, [N]),
        arg(1, T, N),
        sample(N, M0, M1),
        N1 is N - 1,
        ite_loop(N1, M1, M)
    ).

% Failure-driven loop: the peak is kept in a global variable.
fail_loop(Max) :-
    nb_setval(peak, 0),
    (   between(1, 10000000, I),
        T = pair(I, [I]),
        arg(1, T, I),
        I mod 100000 =:= 0,
        statistics(globalused, H),
        nb_getval(peak, P0),
        P is max(P0, H),
        nb_setval(peak, P),
        fail
    ;   true
    ),
    nb_getval(peak, Max).
"#;

fn heap_peak(goal: &str) -> i64 {
    let mut s = Session::new();
    s.consult(LOOPS);
    assert_eq!(s.errors(), "", "the loop program loads cleanly");
    let answer = s.first(goal);
    let peak: i64 = answer
        .strip_prefix("M = ")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{goal}: unexpected answer {answer}"));
    assert!(peak > 0, "{goal}: the heap was sampled");
    peak
}

#[test]
fn ten_million_deterministic_steps_run_in_bounded_heap() {
    let peak = heap_peak("det_loop(10000000, 0, M)");
    assert!(peak < HEAP_BOUND, "peak heap {peak} bytes");
}

/// Last-call optimisation still applies after an inline if-then-else: the
/// frame and the construct's choicepoint are gone before the recursive call.
#[test]
fn ten_million_step_recursion_through_if_then_else_runs_in_bounded_heap() {
    let peak = heap_peak("ite_loop(10000000, 0, M)");
    assert!(peak < HEAP_BOUND, "peak heap {peak} bytes");
}

/// Clause bodies nesting 50,000 if-then-elses or disjuncts compile (with
/// explicit stacks, in linear time) and run.
#[test]
fn deeply_nested_control_constructs_compile_and_run() {
    let mut s = Session::new();
    s.consult(
        "mk(0, R, R = ok) :- !.\n\
         mk(N, R, (_X == N -> R = no ; G)) :- N1 is N - 1, mk(N1, R, G).\n\
         deep_ite(N, R) :- mk(N, R, B), assertz((chain(R) :- B)), chain(R).\n\
         mkor(0, _, fail) :- !.\n\
         mkor(N, Y, (Y = N ; G)) :- N1 is N - 1, mkor(N1, Y, G).\n\
         deep_or(N, Len) :- mkor(N, Y, B), assertz((ors(Y) :- B)), findall(Y, ors(Y), L), length(L, Len).\n",
    );
    assert_eq!(s.errors(), "", "the program loads cleanly");
    let t = Instant::now();
    assert_eq!(s.first("deep_ite(50000, R)"), "R = ok");
    assert_eq!(s.first("deep_or(50000, N)"), "N = 50000");
    // Quadratic compilation takes minutes here; linear well under a second.
    assert!(
        t.elapsed() < Duration::from_secs(30),
        "took {:?}",
        t.elapsed()
    );
}

#[test]
fn ten_million_step_failure_driven_loop_runs_in_bounded_heap() {
    let peak = heap_peak("fail_loop(M)");
    assert!(peak < HEAP_BOUND, "peak heap {peak} bytes");
}

/// Collections happen during the deterministic loop and are counted.
#[test]
fn collections_are_reported_by_statistics() {
    let mut s = Session::new();
    s.consult(LOOPS);
    let a = s.first(
        "\\+ \\+ (statistics(garbage_collection, [C0|_]), det_loop(3000000, 0, _), \
         statistics(garbage_collection, [C1, Freed|_]), C1 > C0, Freed > 0)",
    );
    assert_eq!(a, "true", "at least one collection, and memory reclaimed");
}

/// `garbage_collect/0` runs a collection at the next call, as in SWI.
#[test]
fn garbage_collect_collects() {
    let mut s = Session::new();
    let a = s.first(
        "\\+ \\+ (numlist(1, 100000, L), sum_list(L, _), \
         statistics(garbage_collection, [C0|_]), garbage_collect, \
         statistics(garbage_collection, [C1|_]), C1 > C0)",
    );
    assert_eq!(a, "true");
}

const RECURSION: &str = "
grow(N) :- length(L, N), N1 is N * 2, grow(N1), L = [].
deep(N) :- N1 is N + 1, deep(N1), N1 > 0.
";

fn limited(goals: &[&str], stdin: Option<&str>) -> (String, String) {
    let file = temp_file("recursion.pl", RECURSION);
    let mut args = vec!["-q", "--stack-limit", "256m"];
    for g in goals {
        args.extend(["-g", g]);
    }
    if stdin.is_none() {
        args.extend(["-t", "halt"]);
    }
    let file = file.to_string_lossy().into_owned();
    args.push(&file);
    let o = run(&args, stdin);
    (text(&o.stdout), text(&o.stderr))
}

/// What knightlog prints for an uncaught resource_error(memory).
const NO_MEMORY: &str = "Not enough resources: memory";

#[test]
fn growing_lists_and_deep_recursion_raise_resource_errors() {
    let (out, err) = limited(
        &[
            "catch((length(L, N), N > 100000000, L = [_|_]), error(E, _), true), writeq(E), nl",
            "catch(grow(1), error(E, _), true), writeq(E), nl",
            "catch(length(_, 100000000), error(E, _), true), writeq(E), nl",
            "catch(deep(0), error(E, _), true), writeq(E), nl",
            "X is 6 * 7, writeq(X), nl",
            "deep(0)",
            "writeq(not_reached), nl",
        ],
        None,
    );
    assert_eq!(
        out,
        "resource_error(memory)\nresource_error(memory)\nresource_error(memory)\n\
         resource_error(memory)\n42\n",
        "stderr: {err}"
    );
    // The uncaught one is reported and, as in SWI, stops the goal list.
    assert!(err.starts_with("ERROR: -g deep(0): "), "{err}");
    assert!(err.contains(NO_MEMORY), "{err}");
}

/// Non-interactive top level (queries on stdin): each overflow is reported
/// and the next query is answered.
#[test]
fn the_top_level_survives_resource_errors() {
    let (out, err) = limited(
        &[],
        Some("deep(0).\nlength(L, N), N > 100000000, L = [_|_].\nX is 6 * 7.\n"),
    );
    assert!(out.contains("X = 42."), "stdout: {out}\nstderr: {err}");
    assert_eq!(err.matches(NO_MEMORY).count(), 2, "{err}");
}

/// The memory used by a failed query comes back: a second overflow needs as
/// long as the first, and a large list still fits afterwards.
#[test]
fn memory_is_usable_again_after_an_overflow() {
    let mut s = Session::new();
    s.consult(RECURSION);
    let set = s.first("set_prolog_flag(stack_limit, 67108864)");
    assert_eq!(set, "true");
    for _ in 0..3 {
        let a = s.first("catch(deep(0), error(E, _), true)");
        assert_eq!(a, "E = resource_error(memory)");
    }
    let a = s.first("numlist(1, 1000000, L), length(L, N)");
    assert!(a.ends_with("N = 1000000"), "{a}");
}

#[test]
fn hundred_thousand_facts_are_indexed_on_the_first_argument() {
    let mut s = Session::new();
    s.consult(
        ":- dynamic fact/2.\n\
         fill(N) :- forall(between(1, N, I), (V is I * 7, assertz(fact(I, V)))).\n\
         look(N) :- forall(between(1, N, I), (fact(I, V), V =:= I * 7)).\n",
    );
    let t0 = Instant::now();
    assert_eq!(s.first("fill(100000)"), "true");
    let assert_time = t0.elapsed();
    let t1 = Instant::now();
    assert_eq!(s.first("look(100000)"), "true");
    let lookup_time = t1.elapsed();
    // A lookup leaves no choicepoint: the key selects exactly one clause.
    let m = &mut s.m;
    let key = m.heap.new_int(500);
    let v = m.heap.new_var();
    let goal = m.heap.new_compound(Atom::new("fact"), &[key, v]);
    let mut q = m.query_start(goal);
    let before = m.cps.len();
    assert!(matches!(m.query_next(&mut q), Ok(true)));
    assert_eq!(m.cps.len(), before, "fact(500, V) left a choicepoint");
    assert_eq!(m.heap.deref(v).get_int(), 3500);
    m.query_end(q);
    // Not a speed test (the README has the figure: about 0.3 s in all): an
    // unindexed scan is quadratic, 5 * 10^9 clause tries, minutes even in a
    // release build, so a bound far above the figure still catches it on a
    // loaded CI machine.
    let bound = if cfg!(debug_assertions) {
        Duration::from_secs(60)
    } else {
        Duration::from_secs(10)
    };
    assert!(
        assert_time + lookup_time < bound,
        "assert {assert_time:?}, lookups {lookup_time:?}"
    );
}

/// The lines of a consult's messages with variable numbers dropped (`_123`
/// and `_G12` become `_`): the systems number variables differently.
fn load_messages(stderr: &str) -> Vec<String> {
    let var = |w: &str| {
        let mut out = String::new();
        let mut chars = w.chars().peekable();
        while let Some(c) = chars.next() {
            out.push(c);
            if c == '_'
                && chars
                    .peek()
                    .is_some_and(|d| d.is_ascii_digit() || *d == 'G')
            {
                while chars.peek().is_some_and(|d| d.is_ascii_alphanumeric()) {
                    chars.next();
                }
            }
        }
        out
    };
    stderr.lines().map(var).collect()
}

fn swipl(args: &[&str]) -> Output {
    Command::new("swipl")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("swipl is installed (CI installs it)")
}

#[test]
fn a_syntax_error_mid_file_is_reported_and_the_rest_loads() {
    let file = temp_file("syntax.pl", "before(1).\n\nbroken(X :- foo.\n\nafter(2).\n");
    let f = file.to_string_lossy().into_owned();
    let goal = "before(A), after(B), writeq(A-B), nl";
    let o = run(&["-q", "-g", goal, "-t", "halt", &f], None);
    assert_eq!(text(&o.stdout), "1-2\n");
    let err = text(&o.stderr);
    let first = err.lines().next().unwrap_or_default();
    // file:line:column, as SWI-Prolog prints it.
    let rest = first
        .strip_prefix(&format!("ERROR: {f}:3:"))
        .unwrap_or_else(|| panic!("{err}"));
    let column: String = rest.chars().take_while(char::is_ascii_digit).collect();
    assert!(
        !column.is_empty() && rest[column.len()..].starts_with(": "),
        "{err}"
    );
    let swi = swipl(&["-q", "-g", goal, "-t", "halt", &f]);
    assert_eq!(text(&swi.stdout), "1-2\n");
    assert!(text(&swi.stderr).starts_with(&format!("ERROR: {f}:3:")));
}

#[test]
fn an_error_in_a_directive_is_reported_and_consulting_continues() {
    let file = temp_file(
        "directive.pl",
        "a(1).\n:- atom_length(X, X).\n:- fail.\nb(2).\n",
    );
    let f = file.to_string_lossy().into_owned();
    let goal = "a(A), b(B), writeq(A-B), nl";
    let o = run(&["-q", "-g", goal, "-t", "halt", &f], None);
    assert_eq!(text(&o.stdout), "1-2\n");
    let ours = load_messages(&text(&o.stderr));
    let swi = swipl(&["-q", "-g", goal, "-t", "halt", &f]);
    assert_eq!(text(&swi.stdout), "1-2\n");
    let theirs = load_messages(&text(&swi.stderr));
    // The error itself, in SWI's words and place.
    assert_eq!(ours[..2], theirs[..2], "ours: {ours:?}\nSWI: {theirs:?}");
    assert_eq!(
        ours[..2],
        [
            format!("ERROR: {f}:2:"),
            "ERROR:    atom_length/2: Arguments are not sufficiently instantiated".to_string()
        ]
    );
    // The failed directive after it is reported too.
    assert!(
        ours.ends_with(&[
            format!("Warning: {f}:3:"),
            "Warning:    Goal (directive) failed: user:fail".to_string()
        ]),
        "{ours:?}"
    );
}

/// Atoms are never collected; the table is bounded and says so with a
/// catchable error, after which the process goes on (docs/ARCHITECTURE.md).
#[test]
fn the_atom_table_is_bounded() {
    let o = run(
        &[
            "-q",
            "-g",
            "catch((between(1, inf, I), atom_concat(a, I, _), fail), error(E, _), true), \
             writeq(E), nl",
            "-g",
            "atom_concat(a, 1, A), atom_concat(fresh, atom, B), writeq(A-B), nl",
            "-t",
            "halt",
        ],
        None,
    );
    assert_eq!(
        text(&o.stdout),
        "resource_error(atoms)\na1-freshatom\n",
        "{}",
        text(&o.stderr)
    );
}

/// A panic inside a query (a bug) is reported as an internal error; what is loaded stays
/// and the next query runs.
#[test]
fn a_panic_in_a_query_is_an_error_and_the_session_goes_on() {
    use knightlog::toplevel::session::Session;
    knightlog::engine::solve::install_panic_hook();
    let mut s = Session::new();
    knightlog::builtins::reg_det(&mut s.m, "test_panic", 0, |_| panic!("deliberate"));
    s.consult("kept(1).\n");
    let a = s.answers("kept(X), test_panic.", 5);
    assert!(
        a.iter()
            .any(|l| l.contains("Internal error") && l.contains("deliberate")),
        "{a:?}"
    );
    assert_eq!(s.answers("kept(X).", 5), vec!["X = 1".to_string()]);
    // Reported at the query boundary, whatever catch/3 the query had.
    let caught = s.answers("catch(test_panic, _, true).", 5);
    assert!(caught[0].contains("Internal error"), "{caught:?}");
    assert_eq!(s.answers("kept(X).", 5), vec!["X = 1".to_string()]);
}

/// Reconsulting a file whose predicate has many clauses, abolishing one, and redefining a
/// library predicate with many clauses once panicked (clauses erased by position while the
/// clause vector was compacted under the loop); the answers must be those of SWI-Prolog.
#[test]
fn reloading_and_abolishing_many_clauses_keeps_the_database_whole() {
    let facts: String = (1..=40).map(|i| format!("g({i}).\n")).collect();
    let g = temp_file("forty.pl", &facts);
    let lib: String = (1..=34)
        .map(|i| format!("last(L, {i}) :- L == [{i}].\n"))
        .collect();
    let l = temp_file("redefine_last.pl", &lib);
    let (g, l) = (g.display().to_string(), l.display().to_string());
    let goal = format!(
        "consult('{g}'), consult('{g}'), aggregate_all(count, g(_), N1), \
         abolish(g/1), catch(g(_), error(E, _), true), \
         consult('{l}'), consult('{l}'), aggregate_all(count, clause(last(_, _), _), N2), \
         write(N1-E-N2), nl"
    );
    for prolog in [KNIGHTLOG, "swipl"] {
        let out = Command::new(prolog)
            .args(["-q", "-g", &goal, "-t", "halt"])
            .output()
            .expect("run");
        assert_eq!(
            text(&out.stdout),
            "40-existence_error(procedure,g/1)-34\n",
            "{prolog}: {}",
            text(&out.stderr)
        );
    }
}

/// A predicate indicator beyond the largest arity is an error, not a predicate whose arity
/// reads back wrong (found by the program fuzzer). SWI-Prolog accepts some such arities and
/// runs out of stack on others, so this is checked under knightlog only
/// (tests/KNOWN_DIFFERENCES.md).
#[test]
fn arities_beyond_max_arity_are_refused() {
    let out = run(
        &[
            "-q",
            "-g",
            "catch(dynamic(g/4611686018427387904), error(E, _), true), print(E), nl, \
             aggregate_all(count, current_predicate(g/_), N), print(N), nl",
            "-t",
            "halt",
        ],
        None,
    );
    assert_eq!(text(&out.stdout), "representation_error(max_arity)\n0\n");
}

/// SIGTERM ends the interpreter in the middle of a query read from a pipe (it used to abort
/// the query and go on reading), as it ends SWI-Prolog.
#[test]
fn sigterm_ends_a_running_query() {
    use std::os::unix::process::ExitStatusExt;
    let mut child = Command::new(KNIGHTLOG)
        .arg("-q")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("knightlog runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(b"repeat, fail.\nwrite(still_here), nl.\n")
        .expect("query written");
    std::thread::sleep(Duration::from_millis(500));
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            assert_eq!(status.signal(), Some(libc::SIGTERM), "{status:?}");
            break;
        }
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("knightlog still running 10 s after SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(stdin);
}
