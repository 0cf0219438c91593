//! The top level without a terminal (issue 3): queries read from standard
//! input, the first answer of each printed without waiting for keys, so
//! `echo "X is 1+1." | knightlog` works in scripts, as with `swipl`.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_knightlog");

/// Runs `program` with `args`, `input` on its standard input.
fn run(program: &str, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(program)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {program} (is it installed?): {e}"));
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(input.as_bytes())
        .expect("write the queries");
    drop(stdin);
    child.wait_with_output().expect("wait for the process")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn echo_a_query_into_knightlog() {
    let out = run(BIN, &[], "X is 1+1.\n");
    assert_eq!(text(&out.stdout), "X = 2.\n\n\n");
    assert!(out.status.success());
}

/// Deterministic queries (SWI reads answer keys from a pipe when a
/// choicepoint remains, so only those compare): knightlog's standard output
/// is byte for byte `swipl -q`'s.
#[test]
fn answers_on_a_pipe_match_swipl() {
    let queries = "\
X is 1+1.
X = \"a string\", atom_length(abc, N).
X = f(Y, Y, _Z), Y = g(_).
numlist(1, 30, L).
X = 'hello world', Y = [a|T].
atom_codes(A, \"xyz\"), atom_chars(B, [a, b]).
T = f(-), U = (-), V = - 1, W = -(1), Z = 1 - -1.
X = (a :- b, c ; d -> e).
msort([c, a, b, a], L), sort(0, @>=, [1, 3, 2], D).
write(hello), nl.
format(\"~a and ~w~n\", [x, \"y\"]).
fail.
X = f(X).
X = Y, Y = 1.
A = B, B = C.
atom_length(X, 3).
X = f(a b).
between(1, 3, X), X > 2.
X = point(1,
  2).
length(L, 2), L = [a|_].
X = \"a\\nb\", Y = 'it''s', Z = 0'a.
X = point{x: 1, y: 2}, Y = X.put(z, 3), V = Y.z.
D = t{a: [1, 2]}, X = D.a, Y = D.get(b, none).
";
    let ours = run(BIN, &[], queries);
    let swi = run("swipl", &["-q"], queries);
    assert!(swi.status.success(), "swipl: {}", text(&swi.stderr));
    assert_eq!(text(&ours.stdout), text(&swi.stdout));
    // Both report the two errors (instantiation, syntax) on standard error.
    let err = text(&ours.stderr);
    assert!(
        err.contains("ERROR: Arguments are not sufficiently instantiated\n"),
        "{err}"
    );
    assert!(
        err.contains(
            "ERROR: Syntax error: Operator expected\nERROR: X = f(a b).\nERROR:         ^\n"
        ),
        "{err}"
    );
}

/// A nondeterministic query prints its first answer as final, and the
/// queries after it still run; halt/1 sets the exit status.
#[test]
fn first_answer_only_then_the_next_query() {
    let out = run(
        BIN,
        &["-q", "programs/knight_tour.pl"],
        "knight_move([1,8], Next).\nmember(X, [a, b]), Y = X.\nhalt(3).\nX = never.\n",
    );
    assert_eq!(text(&out.stdout), "Next = [3, 7].\n\nX = Y, Y = a.\n\n");
    assert_eq!(out.status.code(), Some(3));
}

/// time/1 reports on standard error (as SWI does); the binding follows on
/// standard output. Input ending inside a query is a syntax error.
#[test]
fn time_report_and_unfinished_input() {
    let out = run(BIN, &["-q"], "time(atom_length(abc, N)).\nX = f(");
    assert_eq!(text(&out.stdout), "N = 3.\n\n\n");
    let err = text(&out.stderr);
    assert!(err.starts_with("% "), "{err}");
    assert!(err.contains(" inferences, "), "{err}");
    assert!(
        err.contains("ERROR: Syntax error: Unexpected end of file\n"),
        "{err}"
    );
    assert!(out.status.success());
}

/// `$X` stands for X's value in the latest answer that bound it, shown after the query's own
/// variables; an unbound `$Q` is an error and the session goes on (as `swipl -q`).
#[test]
fn previous_answers_bindings_as_dollar_variables() {
    let queries = "\
X = 5.
Y is $X + 1.
Z = $Q.
L = [a, b].
length($L, N).
X = f($X).
atom_length($L, _).
";
    let ours = run(BIN, &[], queries);
    let swi = run("swipl", &["-q"], queries);
    assert_eq!(text(&ours.stdout), text(&swi.stdout));
    assert!(text(&ours.stdout).contains("Y = 6,\nX = 5."));
    let err = text(&ours.stderr);
    assert!(
        err.contains("ERROR: $Q was not bound by a previous query\n"),
        "{err}"
    );
}

/// Residual goals of attributed variables (issue 15): the answers to
/// deterministic constraint queries are `swipl -q`'s byte for byte.
#[test]
fn residual_goals_match_swipl() {
    let queries = "\
dif(X, a).
freeze(X, write(hi)).
dif(X, a), Y = 1.
when(nonvar(X), writeln(a)).
freeze(X, writeln(a)), X = Y.
dif(X, Y), Z = f(X).
freeze(X, (writeln(a), writeln(b))).
dif(f(X, _Y), f(a, b)).
dif(f(X, Y), f(a, b)), X = a.
put_attr(X, m, f(Y)), Y = 2.
X = f(Y), dif(Y, a).
freeze(X, true), X = 1.
freeze(X, true), dif(X, a).
dif(X, a), X = a.
when((nonvar(X) ; ground(Y)), true).
";
    let ours = run(BIN, &[], queries);
    let swi = run("swipl", &["-q"], queries);
    assert!(swi.status.success(), "swipl: {}", text(&swi.stderr));
    assert_eq!(text(&ours.stdout), text(&swi.stdout));
}

/// library(clpfd)'s residual goals at the top level (issue 17): domains as
/// `X in 1\/3`, open ends, pending constraints with their variables named
/// as SWI-Prolog names them, big bounds; `swipl -q`'s output byte for byte.
#[test]
fn clpfd_residual_goals_match_swipl() {
    let queries = "\
use_module(library(clpfd)).
X in 1..3, X #\\= 2.
X in 1..10, X #> 4, X #\\= 7.
[X,Y] ins 0..5, X + Y #= 5, X #> 3.
X in 1..3 \\/ 5..7.
X #> 3.
X #\\= 3.
X in 1..5, X #= 3.
length(L, 3), L ins 1..3, all_different(L), L = [1|_].
X in 0..sup, fd_size(X, S).
X #> 2^70.
";
    let ours = run(BIN, &[], queries);
    let swi = run("swipl", &["-q"], queries);
    assert!(swi.status.success(), "swipl: {}", text(&swi.stderr));
    assert!(text(&ours.stdout).contains("X in 1\\/3.\n"));
    assert_eq!(text(&ours.stdout), text(&swi.stdout));
}

/// Frozen goals survive garbage collection under a small stack limit: a
/// loop that collects many times keeps its constraints, and they still wake.
#[test]
fn attributes_survive_gc() {
    // The msort/2 copy is garbage below the attributed variables: they move.
    let goal = "numlist(1, 200000, L), msort(L, _), \
        freeze(X, (write(woke(X)), nl)), dif(Y, a), put_attr(Z, m, keep(Y)), loop(L, 20), statistics(garbage_collection, [N|_]), \
        ( N > 5 -> true ; write(too_few(N)), nl ), get_attr(Z, m, keep(Y1)), Y1 == Y, \
        ( Y = a -> write(dif_lost) ; write(dif_kept) ), nl, X = 1, halt.";
    let program =
        "loop(_, 0) :- !.\nloop(L, N) :- msort(L, _), length(L, _), N1 is N - 1, loop(L, N1).\n";
    let dir = std::env::temp_dir().join(format!("knightlog_attgc_{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp dir");
    let file = dir.join("loop.pl");
    std::fs::write(&file, program).expect("write");
    let f = file.to_string_lossy().into_owned();
    let out = run(BIN, &["-q", "--stack-limit", "64m", "-g", goal, &f], "");
    assert_eq!(
        text(&out.stdout),
        "dif_kept\nwoke(1)\n",
        "{}",
        text(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `[user].` and `consult(user).` read clauses from the same input up to
/// `end_of_file.`, then the session goes on; a second `[user]` redefines the
/// predicate with SWI's warning. Standard output is `swipl -q`'s byte for byte.
#[test]
fn clauses_typed_after_user_consult() {
    let queries = "\
[user].
colour(red).
colour(green).
next(X, Y) :- colour(X), colour(Y), X \\== Y.
end_of_file.
findall(X-Y, next(X, Y), L).
consult(user).
colour(blue).
end_of_file.
findall(C, colour(C), L).
";
    let ours = run(BIN, &["-q"], queries);
    let swi = run("swipl", &["-q"], queries);
    assert!(swi.status.success(), "swipl: {}", text(&swi.stderr));
    assert_eq!(text(&ours.stdout), text(&swi.stdout));
    assert!(text(&ours.stdout).contains("L = [red-green, green-red]."));
    assert!(text(&ours.stdout).contains("L = [blue]."));
    let err = text(&ours.stderr);
    assert!(err.contains("Redefined static procedure colour/1"), "{err}");
    assert!(err.contains("Previously defined at user://1:1"), "{err}");
}

/// Without `-q` the load says what it compiled, as SWI-Prolog does; input
/// that ends inside `[user]` still loads what came before.
#[test]
fn user_consult_reports_and_stops_at_end_of_input() {
    let ours = run(BIN, &[], "[user].\nfact(1).\nfact(2).\n");
    let err = text(&ours.stderr);
    assert!(
        err.contains("% user://1 compiled 0.00 sec, 2 clauses"),
        "{err}"
    );
    assert!(ours.status.success());
}

/// Unknown procedures name the definitions there are, as SWI-Prolog's
/// messages do: in a script (another arity, a close spelling) and at the
/// prompt (another arity; a clause typed there).
#[test]
fn unknown_procedures_name_what_there_is() {
    for (goal, lines) in [
        (
            "u",
            [
                "Unknown procedure: move/1",
                "ERROR:   However, there are definitions for:",
                "ERROR:         move/2",
            ],
        ),
        (
            "t",
            [
                "Unknown procedure: knight_tuor/2",
                "ERROR:   However, there are definitions for:",
                "ERROR:         knight_tour/2",
            ],
        ),
    ] {
        for prolog in [BIN, "swipl"] {
            let out = run(
                prolog,
                &["-q", "-g", goal, "-t", "halt", "tests/trace/dwim.pl"],
                "",
            );
            let err = text(&out.stderr);
            for line in lines {
                assert!(
                    err.contains(line),
                    "{prolog} -g {goal}: {line:?} not in\n{err}"
                );
            }
        }
    }
    let out = run(
        BIN,
        &["-q", "tests/trace/dwim.pl"],
        "move(X).\nfoo(X) :- bar(X).\n",
    );
    let err = text(&out.stderr);
    assert!(
        err.contains("ERROR: Unknown procedure: move/1\nERROR:     However, there are definitions for:\nERROR:         move/2\n"),
        "{err}"
    );
    assert!(
        err.contains(
            "ERROR: Unknown procedure: (:-)/2\nERROR:   Rules must be loaded from a file\n"
        ),
        "{err}"
    );
    assert_eq!(text(&out.stdout), "false.\n\n\n");
}

/// make/0 lists the predicates that loaded clauses call but nothing defines,
/// in SWI-Prolog's words; calls inside if-then-else count.
#[test]
fn make_lists_undefined_predicates() {
    let out = run(BIN, &["-q", "tests/trace/dwim.pl"], "make.\n");
    let err = text(&out.stderr);
    for want in [
        "Warning: The predicates below are not defined. If these are defined\n",
        "Warning: foo/0, which is referenced by\nWarning: \t",
        "tests/trace/dwim.pl:4: 1-st clause of v/0\n",
        "Warning: knight_tuor/2, which is referenced by\n",
        "Warning: move/1, which is referenced by\n",
    ] {
        assert!(err.contains(want), "{want:?} not in\n{err}");
    }
    assert!(!err.contains("knight_tour/2,"), "{err}");
}

/// A file that redefines another file's static predicate is warned about.
#[test]
fn redefining_a_static_procedure_warns() {
    // Without -q: knightlog keeps this warning for verbose runs (SWI-Prolog 9.0.4 prints it
    // with -q too).
    let out = run(
        BIN,
        &["programs/knight_tour.pl"],
        "consult('tests/trace/redefine.pl').\n",
    );
    let err = text(&out.stderr);
    assert!(err.contains("Redefined static procedure verify/2"), "{err}");
    assert!(err.contains("Previously defined at"), "{err}");
}

/// The messages that say where a mistake is, as SWI-Prolog words them: a
/// discontiguous warning names the predicate in between ("Current
/// predicate: b/1"); an error of `Y is X + 1` in a clause names the clause's
/// predicate (`t3/0: `, SWI runs it in its virtual machine), other
/// arithmetic errors the builtin (`is/2: `, not `(is)/2`).
#[test]
fn where_messages_are_swi_prologs() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/trace/context.pl");
    let mut seen = Vec::new();
    for goal in ["t3", "t8", "t9", "X = a, Y is X + 1"] {
        let args = ["-q", "-g", goal, "-t", "halt", file];
        let ours = text(&run(BIN, &args, "").stderr);
        let swi = text(&run("swipl", &args, "").stderr);
        assert_eq!(ours, swi, "-g {goal}");
        seen.push(ours);
    }
    let all = seen.concat();
    for want in [
        "Current predicate: b/1",
        "-g t3: t3/0: Arithmetic",
        "-g t8: is/2: Arguments",
        "-g t9: >/2: Arithmetic",
    ] {
        assert!(all.contains(want), "{want:?} not in\n{all}");
    }
}

/// protocol/1 in a piped session: the queries read, the answers and what
/// the queries write land in the file until noprotocol/0 (SWI also records
/// blank lines of its prompt, which knightlog's pipe loop does not print).
#[test]
fn protocol_records_the_session() {
    let dir = std::env::temp_dir().join(format!("knightlog_protocol_{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp dir");
    let file = dir.join("session.txt");
    let f = file.to_string_lossy().into_owned();
    let queries =
        format!("protocol('{f}').\nX = 1.\nwrite(hello), nl.\nnoprotocol.\nY = not_recorded.\n");
    let out = run(BIN, &["-q"], &queries);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let recorded = std::fs::read_to_string(&file).expect("protocol file");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        recorded,
        "true.\n\nX = 1.\nX = 1.\n\nwrite(hello), nl.\nhello\ntrue.\n\nnoprotocol.\n"
    );
}

/// break/0 runs a top level nested in the query until the input ends (the
/// outer query then goes on with its bindings), levels nest, and a halt
/// inside a break ends the process: standard output and exit status are
/// `swipl -q`'s; without -q both report entering and leaving each level.
#[test]
fn break_nests_a_top_level() {
    let sessions = [
        "X = 1, break, write(back(X)), nl.\nY = 2.\nbreak.\nZ = 3.\n",
        "catch(break, E, (write(caught(E)), nl)).\nfail.\nthrow(x).\n",
        "break.\nhalt(3).\nwrite(not_reached).\n",
    ];
    for input in sessions {
        let ours = run(BIN, &["-q"], input);
        let swi = run("swipl", &["-q"], input);
        assert_eq!(text(&ours.stdout), text(&swi.stdout), "{input}");
        assert_eq!(ours.status.code(), swi.status.code(), "{input}");
    }
    let ours = run(BIN, &[], "break.\nbreak.\nY = 2.\n");
    let err = text(&ours.stderr);
    assert!(
        err.contains(
            "% Break level 1\n% Break level 2\n% Exit break level 2\n% Exit break level 1\n"
        ),
        "{err}"
    );
}
