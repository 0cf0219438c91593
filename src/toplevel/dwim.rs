//! The check SWI-Prolog's top level makes before it runs a query ("DWIM"):
//! a goal of the query itself that calls an unknown procedure is reported
//! at once, and nothing of the query runs (`?- write(a), foo.` writes no `a`).
//!
//! Only the goals the query spells out are checked, through the control
//! constructs; goals reached by call/N or findall/3 fail at run time as usual.
//!
//! Tested by: the unit test below; tests/repl_pty.rs (an unknown procedure reported before the
//! query runs).

use crate::engine::Machine;
use crate::syntax::writer::WriteOptions;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::Cell;
use crate::term::heap::View;

/// The control constructs whose arguments are goals of the query.
fn is_control(name: &str, arity: usize) -> bool {
    matches!(
        (name, arity),
        (",", 2) | (";", 2) | ("->", 2) | ("*->", 2) | ("\\+", 1)
    )
}

/// The first goal of `goal` (in reading order) whose predicate does not
/// exist, as name and arity. None when every goal can be called, or when
/// unknown procedures fail quietly (`unknown` flag set to `fail`).
pub fn unknown_goal(m: &Machine, goal: Cell) -> Option<(Atom, usize)> {
    if m.flags.unknown == atoms::FAIL {
        return None;
    }
    let mut stack = vec![goal];
    while let Some(g) = stack.pop() {
        let (name, arity) = match m.heap.view(m.heap.deref(g)) {
            View::Atom(a) => (a, 0),
            View::Compound { name, arity, args } => {
                if is_control(name.name(), arity) {
                    // Pushed last-first so the leftmost goal is checked first.
                    stack.extend((0..arity).rev().map(|i| m.heap.get(args + i)));
                    continue;
                }
                (name, arity)
            }
            // Variables, numbers, ...: call/1 reports those when it runs.
            _ => continue,
        };
        let known = m
            .lookup_pred(name, arity)
            .is_some_and(|p| m.preds[p as usize].is_defined());
        if !known {
            return Some((name, arity));
        }
    }
    None
}

/// SWI's message for an unknown procedure in the query.
pub fn unknown_message(m: &mut Machine, name: Atom, arity: usize) -> String {
    let pi = m.heap.new_compound(
        atoms::SLASH,
        &[Cell::atom(name), Cell::small_int(arity as i64)],
    );
    let pi = m.term_text(pi, &WriteOptions::writeq());
    format!("ERROR: Unknown procedure: {pi} (DWIM could not correct goal)\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(m: &mut Machine, q: &str) -> Option<String> {
        let (g, _, _) = m.read_text(q).unwrap();
        unknown_goal(m, g).map(|(n, a)| format!("{}/{a}", n.name()))
    }

    #[test]
    fn unknown_goals_of_the_query_are_found_before_it_runs() {
        let mut m = crate::toplevel::new_toplevel_machine();
        assert_eq!(check(&mut m, "write(a), foo(1)."), Some("foo/1".into()));
        assert_eq!(check(&mut m, "X = 1 ; \\+ bar."), Some("bar/0".into()));
        assert_eq!(check(&mut m, "(a1 -> b1 ; c1)."), Some("a1/0".into()));
        assert_eq!(check(&mut m, "member(X, [1]), X > 0."), None);
        // Goals behind call/N are not the query's own.
        assert_eq!(check(&mut m, "call(foo), findall(X, baz(X), _)."), None);
        assert_eq!(check(&mut m, "G = true, G."), None);
        crate::builtins::consult::consult_text(&mut m, "t.pl", ":- dynamic d/1.\n").unwrap();
        assert_eq!(check(&mut m, "d(X)."), None);
    }
}
