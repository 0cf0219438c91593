//! knightlog: a Prolog system for exploring the knight's tour.
//!
//! `syntax` reads and writes Prolog text, `engine` runs it, `builtins` are the
//! predicates the system provides, `toplevel` is the REPL and command line, and
//! `knights` is the Rust-native fast path (see docs/ARCHITECTURE.md).

pub mod arith;
pub mod builtins;
pub mod engine;
pub mod knights;
pub mod library;
pub mod os;
pub mod syntax;
pub mod term;
pub mod toplevel;
