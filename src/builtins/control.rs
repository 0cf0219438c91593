//! Control: true/fail, halt, throw, the catch/3 exit marker, repeat, between/3, and the
//! setup_call_cleanup/3 marker primitives (engine/cleanup.rs).
//!
//! Tested by: the unit tests below; tests/prolog/control.pl, tests/engine_tests.rs.

use super::docs::reg_doc;
use super::{reg_det, reg_nondet};
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::number::Number;
use crate::term::store::Stored;
use num_bigint::BigInt;

pub fn register(m: &mut Machine) {
    reg_doc(m, "true", "Always succeeds.");
    reg_det(m, "true", 0, |_| Ok(true));
    reg_doc(
        m,
        "otherwise",
        "Always succeeds, like true/0; reads well as the last test of a conditional.",
    );
    reg_det(m, "otherwise", 0, |_| Ok(true));
    reg_doc(m, "fail", "Always fail.");
    reg_det(m, "fail", 0, |_| Ok(false));
    reg_doc(m, "false", "Always fail (the same as fail/0).");
    reg_det(m, "false", 0, |_| Ok(false));
    reg_doc(m, "halt", "Leave Prolog with exit status 0.");
    reg_det(m, "halt", 0, |_| Err(PErr::Halt(0)));
    reg_doc(
        m,
        "break",
        "Run a nested top level (prompt [N] ?-) until its input ends, then go on.",
    );
    reg_det(m, "break", 0, |m| match m.ext.break_hook {
        Some(hook) => hook(m).map(|()| true),
        // A machine without a top level (embedded): nothing to run.
        None => Err(PErr::Existence(
            crate::term::atom::Atom::new("toplevel"),
            crate::term::cell::Cell::atom(crate::term::atom::Atom::new("break")),
        )),
    });
    reg_doc(m, "halt(+Status)", "Leave Prolog with exit status Status.");
    reg_det(m, "halt", 1, halt1);
    reg_doc(
        m,
        "throw(+Exception)",
        "Raise Exception, to be caught by the innermost matching catch/3.",
    );
    reg_det(m, "throw", 1, throw1);
    reg_det(m, "$catch_exit", 1, |m| {
        m.catch_exit(m.regs[0]);
        Ok(true)
    });
    reg_doc(
        m,
        "repeat",
        "Always succeeds, and again each time it is backtracked into: an endless choice point.",
    );
    reg_nondet(m, "repeat", 0, |m, _| {
        m.push_redo(Cell::atom(atoms::TRUE));
        Ok(true)
    });
    reg_doc(m, "between(+Low, +High, ?Value)", "Low =< Value =< High; with Value unbound, enumerate the integers in order (High may be inf).");
    reg_nondet(m, "between", 3, between);
    // setup_call_catcher_cleanup/4's marker (engine/cleanup.rs).
    reg_det(m, "$cleanup_push", 3, |m| {
        let (closure, state) = (m.regs[0], m.regs[1]);
        let height = m.cleanup_push(closure, state);
        Ok(m.unify_int(m.regs[2], height as i64))
    });
    reg_det(m, "$cleanup_exit", 2, |m| {
        let height = m.get_int(m.regs[0])?;
        let det = usize::try_from(height).is_ok_and(|h| m.cleanup_exit(h));
        let answer = Cell::atom(if det { atoms::TRUE } else { atoms::FALSE });
        Ok(m.unify(m.regs[1], answer))
    });
    // The number of choicepoints: equal before and after a call that left none.
    reg_det(m, "$choice_height", 1, choice_height);
    // A choicepoint reference is the height of the choicepoint stack: cutting
    // to it removes every choicepoint made after it was taken.
    reg_doc(
        m,
        "prolog_current_choice(-Choice)",
        "Choice is a reference to the newest choicepoint (for prolog_cut_to/1).",
    );
    reg_det(m, "prolog_current_choice", 1, choice_height);
    reg_doc(
        m,
        "prolog_cut_to(+Choice)",
        "Remove every choicepoint made after Choice (from prolog_current_choice/1), as a cut would.",
    );
    reg_det(m, "prolog_cut_to", 1, |m| {
        let c = m.arg(0);
        if c.tag() == REF {
            return Err(PErr::Instantiation);
        }
        let height = m
            .get_int(c)
            .ok()
            .and_then(|h| usize::try_from(h).ok())
            .ok_or(PErr::Type(Atom::new("choice"), c))?;
        m.cut(height);
        Ok(true)
    });
    reg_det(m, "$trim_stacks", 0, |m| {
        m.trim_stacks();
        Ok(true)
    });
}

fn choice_height(m: &mut Machine) -> Res {
    let n = m.cps.len() as i64;
    Ok(m.unify_int(m.regs[0], n))
}

fn halt1(m: &mut Machine) -> Res {
    let code = m.get_int(m.regs[0])?;
    Err(PErr::Halt(code as i32))
}

fn throw1(m: &mut Machine) -> Res {
    let ball = m.arg(0);
    if ball.tag() == REF {
        return Err(PErr::Instantiation);
    }
    // The ball is copied so that later backtracking cannot change it.
    let st = Stored::from_heap(&m.heap, ball);
    let c = st.to_heap(&mut m.heap);
    Err(PErr::Throw(c))
}

/// between(+Low, +High, ?X), High may be `inf` / `infinite`.
fn between(m: &mut Machine, state: Option<Cell>) -> Res {
    let (lo, hi, x) = (m.arg(0), m.arg(1), m.arg(2));
    // Fast path: small integers, enumerating (the failure-driven loop case).
    if let Some(s) = state {
        if s.tag() == INT && hi.tag() == INT {
            let (v, h) = (s.get_int(), hi.get_int());
            if v < h {
                m.push_redo(Cell::small_int(v + 1));
            }
            return Ok(v <= h && m.unify(x, s));
        }
    }
    let int_arg = |m: &Machine, c: Cell| -> Res<BigInt> {
        match m.get_number(c) {
            Ok(Number::Float(_) | Number::Rat(_)) | Err(PErr::Type(..)) => {
                Err(m.type_error(atoms::INTEGER, c))
            }
            Ok(n) => Ok(n.to_bigint().unwrap_or_default()),
            Err(e) => Err(e),
        }
    };
    let low = int_arg(m, lo)?;
    let high: Option<BigInt> = if hi.tag() == ATM
        && (hi.get_atom().name() == "inf" || hi.get_atom().name() == "infinite")
    {
        None
    } else {
        Some(int_arg(m, hi)?)
    };
    let start = match state {
        Some(s) => m
            .heap
            .number(s)
            .and_then(|n| n.to_bigint())
            .unwrap_or_default(),
        None => {
            match m.heap.deref(x).tag() {
                REF => {}
                INT | BOX => {
                    let v = match m.heap.number(x) {
                        Some(Number::Float(_) | Number::Rat(_)) | None => {
                            return Err(m.type_error(atoms::INTEGER, x))
                        }
                        Some(n) => n.to_bigint().unwrap_or_default(),
                    };
                    return Ok(v >= low && high.as_ref().is_none_or(|h| v <= *h));
                }
                _ => return Err(m.type_error(atoms::INTEGER, x)),
            }
            low
        }
    };
    if high.as_ref().is_some_and(|h| start > *h) {
        return Ok(false);
    }
    if high.as_ref() != Some(&start) {
        let next = m.heap.new_bigint(&(&start + 1));
        m.push_redo(next);
    }
    let v = m.heap.new_bigint(&start);
    Ok(m.unify(x, v))
}

#[cfg(test)]
mod tests {
    /// Each goal must succeed (checked against SWI-Prolog 9.0.4); every one that does not is reported.
    #[test]
    fn goals_hold() {
        // between/3, throw/1, repeat/0, true/fail
        let failing = crate::builtins::goals_not_holding(&[
            r#"findall(X, between(1, 3, X), L), L == [1, 2, 3]"#,
            r#"between(1, inf, 5)"#,
            r#"\+ between(3, 1, _)"#,
            r#"catch(between(a, 3, _), error(E, _), true), E == type_error(integer, a)"#,
            r#"catch(throw(my), B, true), B == my"#,
            r#"\+ fail, \+ false, true"#,
            r#"findall(x, (repeat, !), L), L == [x]"#,
            r#"catch(throw(_), error(E, _), true), E == instantiation_error"#,
        ]);
        assert!(failing.is_empty(), "\n{}", failing.join("\n"));
    }
}
