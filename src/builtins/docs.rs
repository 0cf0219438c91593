//! One-line descriptions of predicates for help/1 and apropos/1, in this
//! project's words, registered beside the predicates themselves: `reg_doc`
//! next to a builtin's registration, `:- '$doc'(Template, Description).`
//! next to a library predicate in `lib/*.pl`.
//!
//! Tested by: tests/scenarios/debugger/help.txt (help(member) and apropos/1).

use super::reg_det;
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};

/// Records `template` (`member(?Elem, ?List)`: the name, the arguments with
/// their modes) and what the predicate does.
pub fn reg_doc(m: &mut Machine, template: &str, description: &str) {
    let (name, args) = match template.split_once('(') {
        Some((n, rest)) => (n, rest.trim_end_matches(')')),
        None => (template, ""),
    };
    let arity = if args.trim().is_empty() {
        0
    } else {
        args.split(',').count()
    };
    m.ext.docs.insert(
        (Atom::new(name), arity),
        (template.to_string(), description.to_string()),
    );
}

/// The template and description of `name/arity`, if documented.
pub fn doc_of(m: &Machine, name: Atom, arity: usize) -> Option<(String, String)> {
    m.ext.docs.get(&(name, arity)).cloned()
}

pub fn register(m: &mut Machine) {
    reg_det(m, "$doc", 2, |m| {
        let template = m.get_text(m.regs[0], atoms::ATOM)?;
        let description = m.get_text(m.regs[1], atoms::ATOM)?;
        reg_doc(m, &template, &description);
        Ok(true)
    });
}
