//! make/0's check for predicates that are called but defined nowhere, in
//! SWI-Prolog's words ("The predicates below are not defined. ...").
//!
//! The calls are read from the compiled clauses of the loaded files; calls
//! inside control constructs live in hidden helper predicates, which are
//! followed back to the clause that owns them.
//!
//! Tested by: tests/repl_pipe.rs (make lists the undefined predicates).

use crate::engine::instr::{Instr, PredId};
use crate::engine::pred::PredKind;
use crate::engine::Machine;
use std::collections::{BTreeMap, HashSet};

/// The predicates called by loaded clauses that cannot be reached (not
/// defined, not dynamic, not in the system or the library), each with the
/// clauses that call it as `(file, line or 0, ordinal, caller)`.
fn undefined_calls(m: &Machine) -> BTreeMap<String, Vec<(String, u32, usize, String)>> {
    let mut out: BTreeMap<String, Vec<(String, u32, usize, String)>> = BTreeMap::new();
    for (id, p) in m.preds.iter().enumerate() {
        let Some(file) = p.file else { continue };
        if p.hidden || !matches!(p.kind, PredKind::Clauses) {
            continue;
        }
        let path = m.ext.files[file as usize].path.display().to_string();
        let caller = m.pi_text(p.name, p.arity);
        for (n, c) in p
            .clauses
            .iter()
            .enumerate()
            .filter(|(_, c)| c.died == u64::MAX)
        {
            let mut seen = HashSet::from([id as PredId]);
            let mut todo: Vec<&[Instr]> = vec![&c.code.code];
            while let Some(code) = todo.pop() {
                for ins in code {
                    let (Instr::Call(q, _) | Instr::Execute(q) | Instr::CallInline(q, _)) = *ins
                    else {
                        continue;
                    };
                    if !seen.insert(q) {
                        continue;
                    }
                    let callee = &m.preds[q as usize];
                    if callee.hidden {
                        todo.extend(callee.clauses.iter().map(|c| &c.code.code[..]));
                    } else if !reachable(m, q) {
                        let line = if n == 0 { p.line } else { 0 };
                        out.entry(m.pi_text(callee.name, callee.arity))
                            .or_default()
                            .push((path.clone(), line, n + 1, caller.clone()));
                    }
                }
            }
        }
    }
    out
}

fn reachable(m: &Machine, q: PredId) -> bool {
    let p = &m.preds[q as usize];
    p.is_defined()
        || m.lookup_pred(p.name, p.arity)
            .is_some_and(|r| m.preds[r as usize].is_defined())
        || m.autoloadable(p.name, p.arity)
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, x) if x != 11 => "st",
        (2, x) if x != 12 => "nd",
        (3, x) if x != 13 => "rd",
        _ => "th",
    };
    format!("{n}-{suffix}")
}

/// make/0's warning, or nothing when every called predicate exists.
pub fn undefined_report(m: &Machine) -> String {
    let found = undefined_calls(m);
    if found.is_empty() {
        return String::new();
    }
    let mut text = String::from(
        "Warning: The predicates below are not defined. If these are defined\n\
         Warning: at runtime using assert/1, use :- dynamic Name/Arity.\n\
         Warning: \n",
    );
    for (pi, callers) in found {
        text.push_str(&format!("Warning: {pi}, which is referenced by\n"));
        for (file, line, n, caller) in callers {
            let at = if line > 0 {
                format!("{file}:{line}")
            } else {
                file
            };
            text.push_str(&format!(
                "Warning: \t{at}: {} clause of {caller}\n",
                ordinal(n)
            ));
        }
    }
    text
}
