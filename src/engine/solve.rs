//! Running goals from Rust: the query API used by the top level, consult
//! (directives) and tests.
//!
//! A query pushes a barrier choicepoint; failing into it ends the query, and
//! `query_end` cuts back to it, undoing every binding the query made. Queries
//! nest (a directive runs inside consult/1, itself a running goal): the outer
//! machine registers are saved and restored around the inner query.
//!
//! A Rust panic inside a query is a bug, but it must not cost the user their session:
//! `query_next` catches it and reports it as `error(system_error(Message), _)`, and
//! `query_end` then restores the machine as after any uncaught exception.
//!
//! Tested by: the unit tests below (queries over compiled clauses on a bare machine, what a
//! query leaves behind, the logical update view); tests/engine_tests.rs (its queries run
//! through the test session); tests/robustness.rs (a panic in a query becomes an internal
//! error).

use super::code::CodeRef;
use super::error::{PErr, Res};
use super::instr::Instr;
use super::machine::{Alt, Machine};
use crate::term::atom::atoms;
use crate::term::cell::*;

pub struct Query {
    barrier: usize,
    started: bool,
    saved_pc: CodeRef<Instr>,
    saved_cp: CodeRef<Instr>,
    saved_e: usize,
    saved_b0: usize,
    saved_cur: u32,
    saved_regs: Vec<Cell>,
}

impl Machine {
    /// Prepares to run `goal` (a term already on the heap).
    pub fn query_start(&mut self, goal: Cell) -> Query {
        let q = Query {
            barrier: self.cps.len(),
            started: false,
            saved_pc: self.pc,
            saved_cp: self.cp,
            saved_e: self.e,
            saved_b0: self.b0,
            saved_cur: self.cur_pred,
            saved_regs: self.regs.clone(),
        };
        self.push_cp(Alt::Barrier, 0);
        self.regs[0] = goal;
        q
    }

    /// The next solution: Ok(true) with the bindings in place, Ok(false) when
    /// there are no more, Err for an uncaught exception (the ball is valid
    /// until `query_end`).
    pub fn query_next(&mut self, q: &mut Query) -> Res<bool> {
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.query_run(q)));
        run.unwrap_or_else(|payload| {
            let what = panic_text(payload.as_ref());
            let msg = Cell::atom(crate::term::atom::Atom::new(&what));
            let formal = self
                .heap
                .new_compound(crate::term::atom::Atom::new("system_error"), &[msg]);
            let ctx = self.heap.new_var();
            Err(PErr::Throw(
                self.heap.new_compound(atoms::ERROR, &[formal, ctx]),
            ))
        })
    }

    fn query_run(&mut self, q: &mut Query) -> Res<bool> {
        let resumed = if !q.started {
            q.started = true;
            self.cp = CodeRef::first(&self.halt_code);
            // No clause is running yet (a backtrace must not read an old pc).
            self.pc = self.cp;
            self.b0 = self.cps.len();
            let call1 = self.pred_id(atoms::CALL, 1);
            self.call_pred(call1)
        } else {
            self.backtrack()
        };
        match resumed {
            Ok(true) => self.run(),
            other => other,
        }
    }

    /// Is there possibly another solution (a choicepoint above the barrier)?
    pub fn query_has_alternatives(&self, q: &Query) -> bool {
        self.cps.len() > q.barrier + 1
    }

    /// Ends a query: drops its choicepoints and undoes its bindings.
    pub fn query_end(&mut self, q: Query) {
        self.cut(q.barrier + 1);
        if self.cps.len() == q.barrier + 1 {
            let b = &self.cps[q.barrier];
            let (h, tr) = (b.h, b.tr);
            self.undo_trail(tr);
            self.heap.truncate(h);
            self.pop_cp();
        }
        self.resume_outer(&q);
        if self.cps.is_empty() {
            self.at_safe_point();
        }
    }

    /// Gives the code that started query `q` its registers and control state back.
    fn resume_outer(&mut self, q: &Query) {
        self.pc = q.saved_pc;
        self.cp = q.saved_cp;
        self.e = q.saved_e;
        self.b0 = q.saved_b0;
        self.cur_pred = q.saved_cur;
        let n = q.saved_regs.len().min(self.regs.len());
        self.regs[..n].copy_from_slice(&q.saved_regs[..n]);
    }

    /// Runs `goal` once: Ok(true) if it succeeded (bindings are undone).
    pub fn run_once(&mut self, goal: Cell) -> Res<bool> {
        let mut q = self.query_start(goal);
        let r = self.query_next(&mut q);
        let r = match r {
            Err(PErr::Throw(ball)) => {
                // Copy the ball out before query_end reclaims its heap.
                let stored = crate::term::store::Stored::from_heap(&self.heap, ball);
                self.query_end(q);
                let c = stored.to_heap(&mut self.heap);
                return Err(PErr::Throw(c));
            }
            other => other,
        };
        self.query_end(q);
        r
    }

    /// Runs `goal` once, keeping its bindings (wake-ups after an inline
    /// builtin, attvar.rs): Ok(true) if it succeeded.
    pub fn solve_keep(&mut self, goal: Cell) -> Res<bool> {
        let mut q = self.query_start(goal);
        match self.query_next(&mut q) {
            Ok(true) => {
                self.cut(q.barrier + 1);
                if self.cps.len() == q.barrier + 1 {
                    self.pop_cp();
                }
                self.resume_outer(&q);
                Ok(true)
            }
            Err(PErr::Throw(ball)) => {
                let stored = crate::term::store::Stored::from_heap(&self.heap, ball);
                self.query_end(q);
                Err(PErr::Throw(stored.to_heap(&mut self.heap)))
            }
            other => {
                self.query_end(q);
                other
            }
        }
    }

    /// No query is running: reclaim retracted code and compact predicates.
    pub fn at_safe_point(&mut self) {
        self.zombies.clear();
        self.cleanup_markers = 0;
        for i in 0..self.preds.len() {
            if self.preds[i].n_dead > 0 {
                let dropped = self.preds[i].compact();
                drop(dropped);
            }
        }
        self.bags.clear();
    }
}

thread_local! {
    /// Where the last panic on this thread happened, recorded by [`install_panic_hook`].
    static PANIC_PLACE: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Replaces the default panic report (a backtrace on stderr, in the middle of the user's
/// session) by a record that `query_next` turns into the error it reports. With
/// `RUST_BACKTRACE` set the default report is printed as well.
pub fn install_panic_hook() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let place = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()));
        PANIC_PLACE.with(|p| *p.borrow_mut() = place);
        if std::env::var_os("RUST_BACKTRACE").is_some() {
            default(info);
        }
    }));
}

/// The text of an internal error: the panic's message and, if recorded, its place.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    let msg = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into());
    match PANIC_PLACE.with(|p| p.borrow_mut().take()) {
        Some(place) => format!("{msg} (at {place})"),
        None => msg,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::db::Where;
    use crate::engine::pred::{Control, PredKind};
    use crate::engine::test_terms::{show, term};

    /// A bare machine with call/1 (the query entry), fail/0 (which `\+` compiles to) and
    /// `program`'s clauses.
    fn machine(program: &[&str]) -> Machine {
        let mut m = Machine::new();
        let call = m.pred_id(atoms::CALL, 1) as usize;
        m.preds[call].kind = PredKind::Control(Control::Call(0));
        let fail = m.pred_id(atoms::FAIL, 0) as usize;
        m.preds[fail].kind = PredKind::Det(|_| Ok(false));
        for p in [call, fail] {
            m.preds[p].builtin = true;
        }
        for clause in program {
            let t = term(&mut m, clause);
            m.add_clause(t, Where::Last, None).expect("a clause");
        }
        m
    }

    /// Every solution of `goal`, as the goal instantiated; an error ends the list.
    fn solutions(m: &mut Machine, goal: &str) -> Vec<String> {
        let g = term(m, goal);
        let mut q = m.query_start(g);
        let mut out = Vec::new();
        loop {
            match m.query_next(&mut q) {
                Ok(true) => out.push(show(m, g)),
                Ok(false) => break,
                Err(PErr::Throw(ball)) => {
                    out.push(format!("error {}", show(m, ball)));
                    break;
                }
                Err(e) => {
                    out.push(format!("{e:?}"));
                    break;
                }
            }
        }
        m.query_end(q);
        out
    }

    const PROGRAM: &[&str] = &[
        "app([], L, L)",
        "app([H|T], L, [H|R]) :- app(T, L, R)",
        "mem(X, [X|_])",
        "mem(X, [_|T]) :- mem(X, T)",
        "first_mem(X, L) :- mem(X, L), !",
        "eq(X, X)",
        "test(X, S) :- ( mem(X, [a, b]) -> eq(S, yes) ; eq(S, no) )",
        "absent(X, L) :- \\+ mem(X, L)",
        "color(red)",
        "color(green)",
    ];

    #[test]
    fn compiled_programs_answer_queries() {
        let mut m = machine(PROGRAM);
        let cases: &[(&str, &[&str])] = &[
            (
                "app(X, Y, [a, b])",
                &[
                    "app([],[a,b],[a,b])",
                    "app([a],[b],[a,b])",
                    "app([a,b],[],[a,b])",
                ],
            ),
            ("app([a], [b], Z)", &["app([a],[b],[a,b])"]),
            ("mem(X, [a, b])", &["mem(a,[a,b])", "mem(b,[a,b])"]),
            ("first_mem(X, [a, b])", &["first_mem(a,[a,b])"]),
            ("test(b, S)", &["test(b,yes)"]),
            ("test(c, S)", &["test(c,no)"]),
            ("absent(c, [a, b])", &["absent(c,[a,b])"]),
            ("absent(a, [a, b])", &[]),
            ("color(X)", &["color(red)", "color(green)"]),
        ];
        let mut failures = Vec::new();
        for &(goal, want) in cases {
            let got = solutions(&mut m, goal);
            if got != want {
                failures.push(format!("{goal}: got {got:?}, want {want:?}"));
            }
        }
        assert!(failures.is_empty(), "\n{}", failures.join("\n"));
    }

    #[test]
    fn a_query_leaves_nothing_behind_and_indexing_leaves_no_choicepoint() {
        let mut m = machine(PROGRAM);
        let trail = m.trail.len();
        let g = term(&mut m, "color(X)");
        let mark = m.heap.len();
        let mut q = m.query_start(g);
        assert_eq!(m.query_next(&mut q), Ok(true));
        assert_eq!(show(&m, g), "color(red)");
        assert!(m.query_has_alternatives(&q), "green is left to try");
        m.query_end(q);
        assert_eq!(show(&m, g), "color(_0)", "query_end undoes the bindings");
        assert_eq!((m.heap.len(), m.cps.len()), (mark, 0));
        // The first argument selects the last clause: no choicepoint is left.
        let g = term(&mut m, "color(green)");
        let mut q = m.query_start(g);
        assert_eq!(m.query_next(&mut q), Ok(true));
        assert!(!m.query_has_alternatives(&q));
        m.query_end(q);
        assert_eq!((m.trail.len(), m.cps.len()), (trail, 0));
    }

    #[test]
    fn a_first_argument_of_its_own_selects_one_clause() {
        let mut m = machine(PROGRAM);
        let pid = |m: &Machine, name: &str, arity| {
            m.lookup_pred(crate::term::atom::Atom::new(name), arity)
                .expect("defined")
        };
        let decides =
            |m: &Machine, name: &str, arity| m.preds[pid(m, name, arity) as usize].first_decides;
        // app/3 and color/1 have a key of their own per clause; mem/2 has none.
        assert!(decides(&m, "app", 3) && decides(&m, "color", 1));
        assert!(!decides(&m, "mem", 2));
        let deterministic = |m: &mut Machine, goal: &str| {
            let g = term(m, goal);
            let mut q = m.query_start(g);
            let found = m.query_next(&mut q);
            let more = m.query_has_alternatives(&q);
            m.query_end(q);
            (found, more)
        };
        assert_eq!(deterministic(&mut m, "app([a], [b], Z)"), (Ok(true), false));
        assert_eq!(deterministic(&mut m, "color(green)"), (Ok(true), false));
        // A key no clause has fails at once; an unbound argument tries them all.
        assert_eq!(deterministic(&mut m, "color(blue)"), (Ok(false), false));
        assert_eq!(deterministic(&mut m, "app(X, [b], Z)"), (Ok(true), true));
        // A second clause with the same key: both are tried again.
        let red = term(&mut m, "color(red)");
        m.add_clause(red, Where::First, None).expect("a clause");
        assert!(!decides(&m, "color", 1));
        assert_eq!(
            solutions(&mut m, "color(red)"),
            ["color(red)", "color(red)"]
        );
        // Erased, it leaves a dead clause until compaction; then the key decides again.
        let p = pid(&m, "color", 1);
        m.erase_clause(p, 0);
        assert_eq!(solutions(&mut m, "color(red)"), ["color(red)"]);
        m.reclaim_dead(p, true);
        assert!(decides(&m, "color", 1));
        assert_eq!(deterministic(&mut m, "color(red)"), (Ok(true), false));
    }

    #[test]
    fn a_running_call_sees_the_clauses_of_its_start() {
        // The logical update view: clauses added or erased while a call iterates do not
        // change what it sees.
        let mut m = machine(PROGRAM);
        let g = term(&mut m, "color(X)");
        let mut q = m.query_start(g);
        assert_eq!(m.query_next(&mut q), Ok(true));
        let blue = term(&mut m, "color(blue)");
        let p = m.add_clause(blue, Where::Last, None).expect("a clause");
        m.erase_clause(p, 1); // green
        assert_eq!(m.query_next(&mut q), Ok(true));
        assert_eq!(show(&m, g), "color(green)");
        assert_eq!(m.query_next(&mut q), Ok(false));
        m.query_end(q);
        assert_eq!(solutions(&mut m, "color(X)"), ["color(red)", "color(blue)"]);
    }
}
