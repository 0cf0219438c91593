//! The user-facing front end: command line, top level (REPL), answer printing.

pub mod answer;
pub mod cli;
pub mod editor;
pub mod query;
pub mod repl;
pub mod session;
