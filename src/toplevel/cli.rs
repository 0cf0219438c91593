//! The `knightlog` command line, modelled on `swipl`:
//! `knightlog [-q] [-g Goal]... [-t Goal] [--stack-limit SIZE] [file.pl ...]`.
//!
//! Tested by: tests/repl_pipe.rs, tests/prolog_suites.rs and tests/programs_vs_swi.rs (`-g`,
//! `-t`, files), tests/robustness.rs (`--stack-limit`), tests/compat.rs (exit codes).

use super::query::{is_aborted, print_error};
use crate::builtins::consult::consult_file;
use crate::builtins::stream::USER_OUTPUT;
use crate::engine::error::PErr;
use crate::engine::Machine;
use crate::syntax::reader::here_marked_syntax_error;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::Cell;
use clap::Parser;

#[derive(Parser, Debug)]
#[command(
    name = "knightlog",
    version,
    about = "A Prolog system for exploring the knight's tour",
    after_help = "Without -t, an interactive top level starts after loading the files (like swipl)."
)]
pub struct Args {
    /// Suppress informational messages (the banner)
    #[arg(short = 'q')]
    pub quiet: bool,
    /// Goal to run after loading the files (repeatable); failure or error exits 1 / 2
    #[arg(short = 'g', value_name = "GOAL")]
    pub goals: Vec<String>,
    /// Top-level goal replacing the interactive top level (e.g. halt)
    #[arg(short = 't', value_name = "GOAL")]
    pub toplevel: Option<String>,
    /// Memory limit for Prolog data, e.g. 256m, 1g (default 1g)
    #[arg(long = "stack-limit", value_name = "SIZE")]
    pub stack_limit: Option<String>,
    /// Prolog source files to consult: the first one, and those after it that
    /// end in `.pl`; the arguments from the first other one (or after `--`)
    /// on are the script's (the `argv` flag), as with swipl
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub files: Vec<String>,
}

impl Args {
    /// (files to consult, script arguments) by SWI-Prolog's rule.
    pub fn split_files(&self) -> (Vec<String>, Vec<String>) {
        let mut files = Vec::new();
        let mut argv = Vec::new();
        let mut rest = false;
        for (i, f) in self.files.iter().enumerate() {
            if !rest && f == "--" {
                rest = true;
            } else if !rest && (i == 0 || f.ends_with(".pl")) {
                files.push(f.clone());
            } else {
                rest = true;
                argv.push(f.clone());
            }
        }
        (files, argv)
    }
}

/// Parses and runs a goal given as text. Ok(true) if it succeeded.
pub fn run_goal_text(m: &mut Machine, text: &str) -> Result<bool, PErr> {
    let (goal, _, rt) = match m.read_text(text) {
        Ok(parsed) => parsed,
        Err(mut e) => {
            // SWI reads the goal with an end added: it ends a clause, not the file.
            if e.message == "Unexpected end of file" {
                e.message = "Unexpected end of clause".into();
            }
            let msg = here_marked_syntax_error(text, &e);
            return Err(PErr::Syntax(msg.into()));
        }
    };
    let goal = if rt.dict_calls {
        crate::builtins::dicts::expand_query(m, goal)?
    } else {
        goal
    };
    m.run_once(goal)
}

/// Runs the at_halt/1 hooks, if there are any; true if one cancelled the
/// halt (the process then ends with status 1, as SWI's does when it is not
/// interactive).
fn halt_cancelled(m: &mut Machine) -> bool {
    let hooks = m
        .lookup_pred_in(atoms::SYSTEM, Atom::new("$at_halt"), 1)
        .is_some_and(|p| m.preds[p as usize].live_clauses() > 0);
    if !hooks {
        return false;
    }
    let t = Cell::atom(atoms::TRUE);
    let g = m.heap.new_compound(Atom::new("$run_at_halt"), &[t]);
    let g = m
        .heap
        .new_compound(atoms::COLON, &[Cell::atom(atoms::SYSTEM), g]);
    matches!(m.run_once(g), Ok(true))
}

/// Output that could not be written (a closed pipe, a full disk, a closed
/// stdout): the system's reason, after flushing what is pending.
fn lost_output(m: &mut Machine) -> Option<String> {
    m.ext.streams.flush_all();
    m.ext.streams.error(USER_OUTPUT).map(str::to_string)
}

/// SWI-Prolog's report of lost output.
fn io_message(why: &str) -> String {
    format!("I/O error in write on stream user_output ({why})")
}

/// Runs a `-g` goal; on failure or error prints SWI's message and returns the exit code.
fn run_init_goal(m: &mut Machine, text: &str) -> Option<i32> {
    let r = run_goal_text(m, text);
    if r.is_ok() {
        // The goal's output was lost: that, not its success or failure, is the news.
        if let Some(why) = lost_output(m) {
            m.emit_error(&format!("ERROR: -g {text}: {}\n", io_message(&why)));
            return Some(2);
        }
    }
    match r {
        Ok(true) => None,
        Ok(false) => {
            m.ext.streams.flush_all();
            m.emit_error(&format!("Warning: goal (-g) failed: {text}\n"));
            Some(1)
        }
        Err(PErr::Halt(code)) => Some(code),
        // Ctrl-C (or abort/0): SWI-Prolog's words and status.
        Err(PErr::Throw(ball)) if is_aborted(m, ball) => {
            m.ext.streams.flush_all();
            m.emit_error("% Execution Aborted\n");
            Some(1)
        }
        Err(e) => {
            m.ext.streams.flush_all();
            let ball = e.to_term(&mut m.heap, None);
            let msg = crate::builtins::messages::message_text(m, ball);
            let lines = crate::builtins::messages::error_lines(&format!("-g {text}: "), &msg);
            m.emit_error(&format!("{}{lines}", message_break(m)));
            Some(2)
        }
    }
}

/// The `argv` flag: the script's arguments, as atoms; and `os_argv`, the whole command
/// line (library(main) names the program in its usage line from the two, as SWI does).
fn set_argv(m: &mut Machine, argv: &[String]) {
    let os_argv: Vec<String> = std::env::args().collect();
    for (flag, args) in [("argv", argv), ("os_argv", os_argv.as_slice())] {
        let items: Vec<_> = args
            .iter()
            .map(|a| crate::term::cell::Cell::atom(crate::term::atom::Atom::new(a)))
            .collect();
        let l = m.make_list(&items);
        let st = crate::term::store::Stored::from_heap(&m.heap, l);
        m.ext
            .other_flags
            .insert(crate::term::atom::Atom::new(flag), st);
    }
}

/// Was the process started with stdout closed (`knightlog >&-`)? Rust's
/// runtime opens /dev/null on a closed standard descriptor before `main`,
/// which would make that output vanish without a word, so this is looked at
/// earlier, by a constructor the C runtime runs before `main`.
#[cfg(target_os = "linux")]
mod start_fds {
    use std::sync::atomic::{AtomicBool, Ordering};

    static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

    extern "C" fn check() {
        // SAFETY: fcntl(F_GETFD) only queries the descriptor.
        if unsafe { libc::fcntl(1, libc::F_GETFD) } == -1 {
            STDOUT_CLOSED.store(true, Ordering::Relaxed);
        }
    }

    #[used]
    #[link_section = ".init_array"]
    static CHECK: extern "C" fn() = check;

    pub fn stdout_closed() -> bool {
        STDOUT_CLOSED.load(Ordering::Relaxed)
    }
}

#[cfg(not(target_os = "linux"))]
mod start_fds {
    pub fn stdout_closed() -> bool {
        false
    }
}

/// The whole program: returns the process exit code.
pub fn main_with(args: Args) -> i32 {
    crate::engine::solve::install_panic_hook();
    let mut m = super::new_toplevel_machine();
    if start_fds::stdout_closed() {
        if let Some(s) = m.ext.streams.get_mut(USER_OUTPUT) {
            s.error = Some("Bad file descriptor".into());
        }
    }
    m.ext.quiet = args.quiet;
    if let Some(limit) = args.stack_limit.as_deref() {
        match crate::os::parse_size(limit).and_then(|n| usize::try_from(n).ok()) {
            Some(n) if n >= 1 << 20 => m.flags.stack_limit = n,
            _ => {
                eprintln!("knightlog: invalid --stack-limit: {limit}");
                return 2;
            }
        }
    }
    super::interrupt::install(&m);
    if std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        m.ext.debugger.read_key = Some(super::keys::trace_key);
        m.debug.on_interrupt = Some(super::interrupt::action_menu);
    }
    let code = run(&mut m, &args);
    let code = if halt_cancelled(&mut m) { 1 } else { code };
    let code = match lost_output(&mut m) {
        // Not yet reported (a -g goal reports its own and exits non-zero).
        Some(why) if code == 0 => {
            m.emit_error(&format!("ERROR: {}\n", io_message(&why)));
            2
        }
        _ => code,
    };
    // The process ends now and the OS takes its memory back at once: freeing
    // every clause, table and answer one by one took longer than some whole
    // runs (a 20,000-fact program: 17 M instructions). Streams are closed
    // properly (flushed above).
    drop(std::mem::take(&mut m.ext.streams));
    std::mem::forget(m);
    code
}

/// Whether `ball` is `error(existence_error(_, _), _)`.
fn is_existence_error(m: &Machine, ball: crate::term::cell::Cell) -> bool {
    use crate::term::heap::View;
    match m.heap.view(m.heap.deref(ball)) {
        View::Compound {
            name,
            arity: 2,
            args,
        } if name == crate::term::atom::atoms::ERROR => {
            m.heap.callable_key(m.heap.get(args))
                == Some((crate::term::atom::atoms::EXISTENCE_ERROR, 2))
        }
        _ => false,
    }
}

/// A script's initialization(Main, main) goal failed (`e` None) or raised
/// `e`: SWI-Prolog's `ERROR: File:Line: user:main: false` or
/// `ERROR: File:Line: user:main Message`.
fn report_main(m: &mut Machine, goal: crate::term::cell::Cell, e: Option<PErr>) {
    let (module, plain) = m
        .strip_module(goal, crate::term::atom::atoms::USER)
        .unwrap_or((crate::term::atom::atoms::USER, goal));
    let g = format!(
        "{}:{}",
        module.name(),
        m.term_text(plain, &crate::syntax::writer::WriteOptions::writeq())
    );
    let at = match m.ext.main_where.as_str() {
        "" => String::new(),
        w => format!("{w}: "),
    };
    let text = match e {
        None => format!("ERROR: {at}{g}: false\n"),
        Some(e) => {
            let ball = e.to_term(&mut m.heap, None);
            let msg = crate::builtins::messages::message_text(m, ball);
            crate::builtins::messages::error_lines(&format!("{at}{g} "), &msg)
        }
    };
    m.ext.streams.flush_all();
    m.emit_error(&format!("{}{text}", message_break(m)));
}

/// What SWI-Prolog writes on standard error before a message when standard
/// output is in the middle of a line: a newline, so the message starts one.
fn message_break(m: &Machine) -> &'static str {
    let mid_line = m
        .ext
        .streams
        .get(USER_OUTPUT)
        .is_some_and(|s| s.column != 0);
    if mid_line {
        "\n"
    } else {
        ""
    }
}

fn run(m: &mut Machine, args: &Args) -> i32 {
    let (files, argv) = args.split_files();
    set_argv(m, &argv);
    for f in &files {
        match consult_file(m, f, false) {
            Ok(()) => {}
            Err(PErr::Halt(code)) => return code,
            Err(e) => {
                let ball = e.to_term(&mut m.heap, None);
                if !is_existence_error(m, ball) {
                    print_error(m, PErr::Throw(ball));
                } else {
                    // A script that is not there: SWI-Prolog gives up, status 1.
                    let msg = crate::builtins::messages::message_text(m, ball);
                    m.emit_error(&format!(
                        "ERROR: Prolog initialisation failed:\n{}",
                        crate::builtins::messages::error_lines("", &msg)
                    ));
                    return 1;
                }
            }
        }
        if let Some(code) = m.ext.halted {
            return code;
        }
    }
    for g in &args.goals {
        if let Some(code) = run_init_goal(m, g) {
            return code;
        }
    }
    if let Some(main) = m.ext.main_goal.take() {
        // initialization(Main, main): run it, then halt (0 on success).
        let goal = main.to_heap(&mut m.heap);
        return match m.run_once(goal) {
            Ok(true) => m.ext.halted.unwrap_or(0),
            Ok(false) => {
                report_main(m, goal, None);
                1
            }
            Err(PErr::Halt(code)) => code,
            Err(PErr::Throw(b)) if is_aborted(m, b) => {
                print_error(m, PErr::Throw(b));
                2
            }
            Err(e) => {
                report_main(m, goal, Some(e));
                2
            }
        };
    }
    match &args.toplevel {
        Some(t) if t == "halt" => m.ext.halted.unwrap_or(0),
        Some(t) => match run_goal_text(m, t) {
            Ok(true) => 0,
            Ok(false) => 1,
            Err(PErr::Halt(code)) => code,
            Err(e) => {
                print_error(m, e);
                2
            }
        },
        None => {
            if !args.quiet && std::io::IsTerminal::is_terminal(&std::io::stdin()) {
                println!(
                    "Welcome to knightlog {} — a Prolog for exploring the knight's tour.\nType help. for help, halt. or Ctrl-D to leave.\n",
                    env!("CARGO_PKG_VERSION")
                );
            }
            super::repl::toplevel(m)
        }
    }
}
