//! The check SWI-Prolog's top level makes before it runs a query ("DWIM"):
//! a goal of the query itself that calls an unknown procedure is reported
//! at once, and nothing of the query runs (`?- write(a), foo.` writes no `a`).
//!
//! Only the goals the query spells out are checked, through the control
//! constructs; goals reached by call/N or findall/3 fail at run time as usual.
//!
//! Tested by: the unit test below; tests/repl_pty.rs (an unknown procedure reported before the
//! query runs).

use super::query::Prompter;
use crate::builtins::dwim::{candidates, however_lines};
use crate::builtins::messages::error_lines;
use crate::engine::Machine;
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
            // Cut is compiled, not called: it has no predicate.
            View::Atom(a) if a.name() == "!" => continue,
            View::Atom(a) => (a, 0),
            // `M:G`: G is looked up in M when it runs (a library module is
            // loaded then); the check leaves it to that.
            View::Compound { name, arity: 2, .. } if name == atoms::COLON => continue,
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
            .is_some_and(|p| m.preds[p as usize].is_defined())
            || m.autoloadable(name, arity);
        if !known {
            return Some((name, arity));
        }
    }
    None
}

/// What the top level does about the query `text` whose goal `name/arity`
/// is unknown, as SWI-Prolog's does: a clause typed at the prompt is
/// explained; one close spelling is offered ("Correct to: ...?", on a
/// terminal) and Some(corrected query) returned if the user takes it;
/// otherwise the error names the definitions there are.
pub fn correct(
    m: &mut Machine,
    text: &str,
    name: Atom,
    arity: usize,
    p: &mut dyn Prompter,
) -> Option<String> {
    if arity == 2 && matches!(name.name(), ":-" | "-->") {
        m.emit_error(&format!(
            "ERROR: Unknown procedure: ({})/2\n\
             ERROR:   Rules must be loaded from a file\n\
             ERROR:   See FAQ at https://www.swi-prolog.org/FAQ/ToplevelMode.txt\n",
            name.name()
        ));
        return None;
    }
    let pi = m.pi_text(name, arity);
    let found = candidates(m, name, arity);
    let spelled: Vec<Atom> = found.iter().filter(|c| c.0 != name).map(|c| c.0).collect();
    if let [right] = spelled[..] {
        if let Some(fixed) = respell(text, name, right) {
            let shown = fixed.trim_end().trim_end_matches('.').trim();
            m.emit_error(&format!("Correct to: \"{shown}\"? "));
            if let Some(yes) = p.confirm() {
                m.emit_error(if yes { "yes\n" } else { "no\n" });
                if yes {
                    return Some(fixed);
                }
            } else {
                m.emit_error("\n");
            }
        }
    }
    if found.is_empty() {
        m.emit_error(&format!(
            "ERROR: Unknown procedure: {pi} (DWIM could not correct goal)\n"
        ));
        return None;
    }
    let same_name = found.iter().all(|c| c.0 == name);
    let indent = if same_name { 4 } else { 2 };
    let mut msg = format!("Unknown procedure: {pi}");
    for line in however_lines(m, name, arity, indent) {
        msg.push('\n');
        msg.push_str(&line);
    }
    m.emit_error(&error_lines("", &msg));
    if same_name {
        super::query::out(m, "false.\n\n");
    }
    None
}

/// `text` with the first call of `wrong` (a whole name, not part of another)
/// spelled `right`.
fn respell(text: &str, wrong: Atom, right: Atom) -> Option<String> {
    let w = wrong.name();
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(i) = text[from..].find(w).map(|i| i + from) {
        let before = text[..i].chars().next_back();
        let after = text[i + w.len()..].chars().next();
        if !before.is_some_and(word) && !after.is_some_and(word) {
            return Some(format!(
                "{}{}{}",
                &text[..i],
                right.name(),
                &text[i + w.len()..]
            ));
        }
        from = i + w.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(m: &mut Machine, q: &str) -> Option<String> {
        let (g, _, _) = m.read_text(q).unwrap();
        unknown_goal(m, g).map(|(n, a)| format!("{}/{a}", n.name()))
    }

    #[test]
    fn a_misspelt_name_is_respelt_where_it_is_called() {
        let (w, r) = (Atom::new("knight_tuor"), Atom::new("knight_tour"));
        let fixed = respell("X = knight_tuorx, knight_tuor([1,8], S).", w, r);
        assert_eq!(
            fixed.as_deref(),
            Some("X = knight_tuorx, knight_tour([1,8], S).")
        );
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
        // Cut and qualified goals are run, as SWI-Prolog's top level does.
        assert_eq!(check(&mut m, "length(L, N), N > 2, !."), None);
        assert_eq!(check(&mut m, "lists:append(X, Y, [1])."), None);
        crate::builtins::consult::consult_text(&mut m, "t.pl", ":- dynamic d/1.\n").unwrap();
        assert_eq!(check(&mut m, "d(X)."), None);
    }
}
