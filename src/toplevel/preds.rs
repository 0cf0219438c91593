//! Predicates for the person at the top level: listing/0,1 and
//! portray_clause/1 (source-like output, see `toplevel::portray`), help/0,1
//! and apropos/1 (what is there, and what kind of thing it is).
//!
//! Registered by the top level's machine constructor
//! (`toplevel::new_toplevel_machine`), as SWI-Prolog loads these with its
//! top level rather than into every engine.
//!
//! Tested by: tests/repl_pty.rs (listing/1, help/1, apropos/1), the unit test of portray.rs
//! (portray_clause/1).

use super::portray::portray_clause;
use crate::builtins::docs::reg_doc;
use crate::builtins::reg_det;
use crate::builtins::tabling;
use crate::engine::error::{PErr, Res};
use crate::engine::instr::PredId;
use crate::engine::pred::{Pred, PredKind};
use crate::engine::Machine;
use crate::syntax::writer::WriteOptions;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;

pub fn register(m: &mut Machine) {
    reg_doc(
        m,
        "listing",
        "Print the clauses of all dynamic predicates of the user module as source.",
    );
    reg_det(m, "listing", 0, listing0);
    reg_doc(
        m,
        "listing(:Spec)",
        "Print as source the clauses of the predicates Spec names (Name or Name/Arity).",
    );
    reg_det(m, "listing", 1, listing1);
    reg_doc(m, "portray_clause(+Clause)", "Print Clause as source: variables named A, B, ..., body laid out and ending with a full stop.");
    reg_det(m, "portray_clause", 1, |m| {
        let text = portray_clause(m, m.regs[0]);
        m.emit(None, &text)
    });
    reg_doc(m, "help", "Show how to get help.");
    reg_det(m, "help", 0, |m| m.emit(None, HELP));
    reg_doc(
        m,
        "help(+What)",
        "Show the mode template and description of each predicate called What (or Name/Arity).",
    );
    reg_det(m, "help", 1, help1);
    reg_doc(
        m,
        "apropos(+Text)",
        "List the predicates whose name or description contains Text.",
    );
    reg_det(m, "apropos", 1, apropos);
}

const HELP: &str = "\
knightlog: a Prolog for exploring the knight's tour (SWI-Prolog compatible top level)

Queries
  ?- Goal.                Run Goal; a query may span lines and ends with a full stop.
  ; (n, r, space, Tab)    After an answer: look for the next one.
  Enter (., c, a)         After an answer: stop.
  w / p                   Show the answer in full / abbreviated again.
  Ctrl-C                  Interrupt a running query (loaded code stays).
  Ctrl-D or halt.         Leave.

Loading and inspecting code
  [File]. consult(File).  Load a source file (the .pl may be left out).
  make.                   Reload the files that changed since they were loaded.
  listing. listing(Name). Show loaded predicates as source (Name or Name/Arity).
  help(Name).             What Name/Arity is: built-in, library or yours, and where.
  apropos(Text).          Predicates whose name contains Text.

Line editing
  Tab completes predicate names, and file names inside quotes ('prog<Tab>).
  Up/Down and Ctrl-R search the history, kept between sessions.

Try: ?- ['programs/knight_tour.pl'].  then  ?- knight_move([1,8], N).
";

/// Predicates a user wrote (loaded or asserted): what listing/0 shows.
fn user_pred(m: &Machine, i: usize) -> bool {
    let p = &m.preds[i];
    !p.builtin && !p.library && visible_pred(m, i)
}

/// Predicates one may ask about by name (generated helpers are not; the
/// clauses of a tabled predicate are listed under its name).
fn visible_pred(m: &Machine, i: usize) -> bool {
    let p = &m.preds[i];
    !p.hidden
        && p.is_defined()
        && !p.name.name().starts_with('$')
        && !tabling::is_clause_holder(m, i as PredId)
}

/// The listing of one predicate: declarations, then its clauses.
fn list_pred(m: &mut Machine, p: usize) -> String {
    let pred = &m.preds[p];
    let pi = m.pi_text(pred.name, pred.arity);
    if matches!(
        pred.kind,
        PredKind::Det(_) | PredKind::Nondet(_) | PredKind::Control(_)
    ) {
        return format!("%   Foreign: system:{pi}\n\n");
    }
    let mut out = String::new();
    // A tabled predicate: its `:- table` declaration, then the clauses as
    // written, held by another predicate (builtins/tabling.rs), as
    // SWI-Prolog lists it.
    let (mut dynamic, name) = (pred.dynamic, pred.name);
    let (holder, variant) = match tabling::listing_view(m, p as PredId) {
        Some((decl, holder)) => {
            out.push_str(&decl);
            let holder = holder.map(|h| h as usize);
            dynamic |= holder.is_some_and(|h| m.preds[h].dynamic);
            (holder, decl.starts_with(":-"))
        }
        None => (Some(p), false),
    };
    if dynamic {
        out.push_str(&format!(":- dynamic {pi}.\n\n"));
    } else if variant {
        out.push('\n');
    }
    let gen = m.generation;
    let sources: Vec<_> = holder
        .map(|h| &m.preds[h].clauses[..])
        .unwrap_or_default()
        .iter()
        .filter(|c| c.visible(gen) && !is_no_match(&c.source))
        .map(|c| c.source.clone())
        .collect();
    let mark = m.heap.len();
    for src in sources {
        let mut t = src.to_heap(&mut m.heap);
        if holder != Some(p) {
            t = tabling::user_clause(m, t, name);
        }
        out.push_str(&portray_clause(m, t));
    }
    m.heap.truncate(mark);
    out.push('\n');
    out
}

/// The hidden last clause of a predicate of `=>` rules (builtins/ssu.rs).
fn is_no_match(source: &crate::term::store::Stored) -> bool {
    source.as_atomic() == Some(Cell::atom(Atom::new(crate::builtins::ssu::NO_MATCH)))
}

fn listing0(m: &mut Machine) -> Res {
    let ids: Vec<usize> = (0..m.preds.len()).filter(|&i| user_pred(m, i)).collect();
    for p in ids {
        let text = list_pred(m, p);
        m.emit(None, &text)?;
    }
    Ok(true)
}

/// Name, Name/Arity or Name//Arity (a grammar rule: two more arguments).
/// The predicates a spec names, or an existence error as SWI-Prolog raises.
fn matching(m: &mut Machine, t: Cell) -> Res<Vec<usize>> {
    let (name, arity) = m.get_pred_spec(t)?;
    crate::library::load_exporting(m, name, arity);
    let ids: Vec<usize> = (0..m.preds.len())
        .filter(|&i| {
            let p = &m.preds[i];
            p.name == name && arity.is_none_or(|a| a == p.arity) && visible_pred(m, i)
        })
        .collect();
    if ids.is_empty() {
        let t = m.heap.deref(t);
        return Err(PErr::Existence(atoms::PROCEDURE, t));
    }
    Ok(ids)
}

fn listing1(m: &mut Machine) -> Res {
    let arg = m.arg(0);
    let specs = match m.heap.list_to_vec(arg) {
        Ok(v) if arg.tag() == LIS => v,
        _ => vec![arg],
    };
    for s in specs {
        for p in matching(m, s)? {
            let text = list_pred(m, p);
            m.emit(None, &text)?;
        }
    }
    Ok(true)
}

/// One line saying what kind of predicate `p` is and where it comes from.
fn describe(m: &Machine, p: &Pred) -> String {
    let pi = m.pi_text(p.name, p.arity);
    let n = p.live_clauses();
    let clauses = format!("{n} clause{}", if n == 1 { "" } else { "s" });
    let what = match (&p.kind, p.builtin, p.library, p.file) {
        (PredKind::Det(_) | PredKind::Nondet(_) | PredKind::Control(_), _, _, _) => {
            "built-in predicate".to_string()
        }
        (_, true, _, _) => "system predicate (written in Prolog)".to_string(),
        (_, _, true, _) => "library predicate (you may redefine it)".to_string(),
        (_, _, _, Some(f)) => {
            let path = m.ext.files[f as usize].path.display();
            let dynamic = if p.dynamic { "dynamic, " } else { "" };
            format!("{dynamic}{clauses}, defined at {path}:{}", p.line)
        }
        _ if p.dynamic => format!("dynamic, {clauses}"),
        _ => clauses,
    };
    format!("{pi}: {what}\n")
}

fn help1(m: &mut Machine) -> Res {
    let ids = match matching(m, m.regs[0]) {
        Ok(ids) => ids,
        Err(PErr::Existence(..)) => {
            let t = m.arg(0);
            let name = m.term_text(t, &WriteOptions::writeq());
            m.emit_error(&format!(
                "Warning: No help for {name}.\nWarning: Use ?- apropos(query). to search for candidates.\n"
            ));
            return Ok(true);
        }
        Err(e) => return Err(e),
    };
    let text: String = ids.iter().map(|&i| help_text(m, i)).collect();
    m.emit(None, &text)
}

/// help/1 on one predicate: its mode and description if it has them, then
/// what kind of predicate it is.
fn help_text(m: &Machine, i: usize) -> String {
    let p = &m.preds[i];
    let what = describe(m, p);
    match crate::builtins::docs::doc_of(m, p.name, p.arity) {
        Some((template, description)) => format!("{template}\n    {description}\n{what}"),
        None => what,
    }
}

fn apropos(m: &mut Machine) -> Res {
    let t = m.arg(0);
    let word = m.get_text(t, atoms::ATOM)?.to_lowercase();
    crate::library::load_autoloadable(m);
    let mut found: Vec<(String, usize, usize)> = m
        .preds
        .iter()
        .enumerate()
        .filter(|&(i, p)| {
            let described = crate::builtins::docs::doc_of(m, p.name, p.arity)
                .is_some_and(|(_, d)| d.to_lowercase().contains(&word));
            visible_pred(m, i) && (described || p.name.name().to_lowercase().contains(&word))
        })
        .map(|(i, p)| (p.name.name().to_string(), p.arity, i))
        .collect();
    found.sort();
    if found.is_empty() {
        return m.emit(
            None,
            &format!("No predicate name or description contains `{word}'.\n"),
        );
    }
    let text: String = found.iter().map(|&(_, _, i)| help_text(m, i)).collect();
    m.emit(None, &text)
}
