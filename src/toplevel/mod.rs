//! The user-facing front end: command line, top level (REPL), answer printing.
//!
//! Tested by: the unit tests of its modules; tests/repl_pipe.rs, tests/repl_pty.rs.

pub mod answer;
pub mod cli;
pub mod complete;
pub mod dwim;
pub mod editor;
pub mod factorize;
pub mod highlight;
pub mod interrupt;
pub mod keys;
pub mod portray;
pub mod preds;
pub mod query;
pub mod repl;
pub mod session;

/// A machine with every builtin and the top level's own predicates
/// (listing/0,1, portray_clause/1, help/0,1, apropos/1).
pub fn new_toplevel_machine() -> crate::engine::Machine {
    let mut m = crate::library::new_machine();
    preds::register(&mut m);
    m.ext.break_hook = Some(repl::nested_toplevel);
    m
}
